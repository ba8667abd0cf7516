"""Fit a game's policy network to its search's choices: the policy half of expert iteration.

The default `mcts` of a game with a policy network (`configs/<game>/policy.safetensors`)
uses it as a prior at the root (docs/agents.md, "The policy prior"). This script takes a
self-play dataset of that search (`sim selfplay`, built with `--features full`: one row
per decision, with the root's visit distribution in the `policy` column) and fits the
network to the search's root visits by cross-entropy, starting from the network the
search used (`--init`), so the next search has a prior closer to its own play (Anthony,
Tian & Barber 2017, "Thinking fast and slow with deep learning and tree search";
AlphaZero's policy target, Silver et al. 2018).

1. **Data**: every `--data` folder's Parquet files; the rows where the search searched
   (a visit distribution over at least two legal actions). One game in ten (by game
   index) is held out to report the loss on positions the fit did not see.
2. **Fit**: the network of `--init` (its layers `w1, b1, …`), Adam (optax), minibatches
   of 1,024 rows, `--epochs` passes; the loss is the cross-entropy between the target
   (`--target`: the action the search played, by default, or its root visits) and the
   network's softmax over the legal actions.
3. **Writes** `--out` (safetensors, the lab's policy format, with this command in its
   metadata), to copy over `configs/<game>/policy.safetensors` and rebuild; then measure
   the new default against the old one with a paired head-to-head.

Example (the 2026-11-30 round of docs/agents.md):

    sim selfplay --game grangol --agents mcts,mcts --games 1500 --seed 201 --out ds/a
    python python/examples/distill.py --data ds/a --init configs/grangol/policy.safetensors \\
        --out runs/distill/policy.safetensors

Needs the `train` extra (jax, optax, safetensors) and pyarrow. The same data, `--init`
and `--seed` write the same file.
"""

from __future__ import annotations

import argparse
import glob
import os
import sys

import numpy as np


def load(folders: list[str], target_kind: str):
    """Observation, legal mask, target distribution (the visits, or the action played as
    one-hot) and game index of every searched row."""
    import pyarrow.parquet as pq

    obs, legal, target, games = [], [], [], []
    for folder in folders:
        files = sorted(glob.glob(os.path.join(folder, "part-*.parquet")))
        if not files:
            sys.exit(f"{folder}: no part-*.parquet files (a `sim selfplay` folder?)")
        for f in files:
            t = pq.read_table(f, columns=["game", "observation", "legal", "policy", "action"])
            n_obs = len(t.column("observation")[0])
            n_act = len(t.column("legal")[0])
            o = np.asarray(t.column("observation").combine_chunks().flatten(), np.float32)
            m = np.asarray(t.column("legal").combine_chunks().flatten(), bool)
            p = t.column("policy").combine_chunks()
            lens = np.asarray(p.value_lengths())
            o = o.reshape(-1, n_obs)
            m = m.reshape(-1, n_act)
            # A row's visits are empty where the agent did not search, else one per code:
            # the flattened values are the searched rows' distributions, in order.
            full = lens == n_act
            if not np.all(full | (lens == 0)):
                sys.exit(f"{f}: a policy row of neither 0 nor {n_act} entries")
            pv = np.zeros((len(lens), n_act), np.float32)
            pv[full] = np.asarray(p.flatten(), np.float32).reshape(-1, n_act)
            keep = full & (m.sum(1) >= 2) & (pv.sum(1) > 0)
            if target_kind == "action":
                pv = np.zeros_like(pv)
                pv[np.arange(len(pv)), np.asarray(t.column("action"), np.int64)] = 1.0
            obs.append(o[keep])
            legal.append(m[keep])
            target.append(pv[keep] / pv[keep].sum(1, keepdims=True))
            games.append(np.asarray(t.column("game"), np.int64)[keep] + len(games) * 10**9)
    return (np.concatenate(obs), np.concatenate(legal), np.concatenate(target),
            np.concatenate(games))


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--data", action="append", required=True, help="a sim selfplay folder (repeatable)")
    p.add_argument("--init", required=True, help="the policy file the search used")
    p.add_argument("--out", required=True, help="the policy file to write")
    p.add_argument("--epochs", type=int, default=4)
    p.add_argument("--lr", type=float, default=1e-4)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--target", choices=["action", "visits"], default="action",
                   help="what the network is fitted to: the action the search played (one-hot), "
                        "or the root's visit distribution (spread over every action the paired "
                        "race kept a while)")
    args = p.parse_args(argv)

    import jax
    import jax.numpy as jnp
    import optax
    from safetensors.numpy import load_file, save_file
    from safetensors import safe_open

    obs, legal, target, games = load(args.data, args.target)
    held = games % 10 == 0
    print(f"{len(obs)} searched decisions ({held.sum()} held out)")
    with safe_open(args.init, "numpy") as f:
        meta = f.metadata() or {}
    init = load_file(args.init)
    layers = sorted({int(k[1:]) for k in init if k.startswith("w")})
    params = [{"w": jnp.asarray(init[f"w{k}"]), "b": jnp.asarray(init[f"b{k}"])} for k in layers]

    def logits_of(params, x):
        for layer in params[:-1]:
            x = jnp.tanh(x @ layer["w"] + layer["b"])
        return x @ params[-1]["w"] + params[-1]["b"]

    def loss_fn(params, x, m, t):
        z = jnp.where(m, logits_of(params, x), -1e9)
        logp = jax.nn.log_softmax(z)
        return -jnp.mean(jnp.sum(jnp.where(m, t * logp, 0.0), axis=1))

    opt = optax.adam(args.lr)
    state = opt.init(params)

    @jax.jit
    def step(params, state, x, m, t):
        loss, grads = jax.value_and_grad(loss_fn)(params, x, m, t)
        updates, state = opt.update(grads, state)
        return optax.apply_updates(params, updates), state, loss

    eval_loss = jax.jit(loss_fn)

    def held_out(params):
        x, m, t = obs[held], legal[held], target[held]
        losses = [float(eval_loss(params, x[i:i + 8192], m[i:i + 8192], t[i:i + 8192])) * len(x[i:i + 8192])
                  for i in range(0, len(x), 8192)]
        top = np.concatenate([np.asarray(jnp.argmax(jnp.where(m[i:i + 8192], logits_of(params, x[i:i + 8192]), -1e9), 1))
                              for i in range(0, len(x), 8192)])
        agree = float(np.mean(top == np.argmax(t, 1)))
        return sum(losses) / len(x), agree

    print("held out before: loss %.4f, agrees with the search's most visited %.3f" % held_out(params))
    rng = np.random.default_rng(args.seed)
    train = np.flatnonzero(~held)
    for epoch in range(args.epochs):
        order = rng.permutation(train)
        total = 0.0
        for i in range(0, len(order) - 1023, 1024):
            b = order[i:i + 1024]
            params, state, loss = step(params, state, obs[b], legal[b], target[b])
            total += float(loss)
        print(f"epoch {epoch + 1}: train loss {total / max(1, len(order) // 1024):.4f}, "
              "held out: loss %.4f, agrees %.3f" % held_out(params))

    command = "python python/examples/distill.py " + " ".join(argv if argv is not None else sys.argv[1:])
    out_meta = {"format": "soccerlab-policy-1", "game": meta.get("game", ""),
                "command": f"{command} (from: {meta.get('command', args.init)})"}
    tensors = {}
    for k, layer in zip(layers, params):
        tensors[f"w{k}"] = np.ascontiguousarray(np.asarray(layer["w"]), np.float32)
        tensors[f"b{k}"] = np.ascontiguousarray(np.asarray(layer["b"]), np.float32)
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    tmp = args.out + ".tmp"
    save_file(tensors, tmp, metadata=out_meta)
    os.replace(tmp, args.out)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
