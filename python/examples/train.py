"""Train a small policy for a lab game with PPO, export it to ONNX, and score it in `sim`.

The loop "train in Python, play the policy in the lab":

1. **Learn** on `soccerlab.VectorEnv`: `--envs` games stepped together in Rust, the
   learner playing one seat of each (rotating from game to game) against a lab agent
   that plays the other seats in Rust, `random` first, then `greedy`
   (`--random-share` of the updates against `random`). Forced decisions (one legal
   action) are applied by the env, as the lab's runner never asks an agent about them.
2. **Algorithm**: PPO (Schulman et al. 2017, "Proximal Policy Optimization
   Algorithms") with an action mask (illegal logits set to -1e9 before the softmax),
   generalized advantage estimation (Schulman et al. 2016, lambda `--gae-lambda`), an
   MLP of two tanh layers shared by the policy and value heads, Adam (optax). Rewards:
   the zero-sum return at the end (+1 win, 0 draw, -1 loss) plus `--goal-reward` for
   each change of the learner's goal margin (a shaping reward that sums to
   `goal_reward * final margin`).
3. **Export** the policy head to ONNX (`obs [1, size] -> logits [1, num_actions]`, the
   shape `sim`'s `onnx(model=...)` agent takes) with `onnx.helper`.
4. **Score** it in `sim` (with `--sim PATH`): `--eval-games` games against `random` and
   against `greedy`, duplicate deals, the paired score with its 95% interval.

Writes into `--out`: `curve.csv` (one row per update: update, minutes, opponent,
episodes, the learner's mean reward at its last 500 game ends against the
opponent, losses), `policy.onnx`, `policy.safetensors` (the same weights as the lab's policy file, which `mcts(policy=…)` reads when it is a game's `configs/<game>/policy.safetensors`), and with `--sim` `scores.txt` (the `sim` lines).

Needs the `train` extra: `pip install 'soccerlab[train]'` (jax, optax, onnx; JAX's CPU
wheel is about 90 MB). A run:

    python python/examples/train.py --game grangol --minutes 20 --out runs/ppo \\
        --sim target/release/sim      # sim built with --features onnx

`--tiny` is the few-second version CI runs (a small net, few envs, `--updates`
updates against `random`), which checks only that the mean return rises.
"""

from __future__ import annotations

import argparse
import collections
import csv
import os
import re
import subprocess
import sys
import time
from functools import partial

import numpy as np

try:
    import jax
    import jax.numpy as jnp
    import optax
except ModuleNotFoundError as e:  # the extra is not installed
    sys.exit(f"train.py needs the train extra: pip install 'soccerlab[train]' (missing: {e.name})")

import soccerlab


def init_params(key, n_obs: int, n_act: int, hidden: int) -> dict:
    """The MLP's weights: two tanh layers of `hidden` units (scaled normal, as an
    orthogonal init's variance), a policy head near zero (a near-uniform first policy)
    and a value head."""
    k1, k2, k3, k4 = jax.random.split(key, 4)

    def dense(k, n_in, n_out, scale):
        w = jax.random.normal(k, (n_in, n_out)) * scale / np.sqrt(n_in)
        return {"w": w.astype(jnp.float32), "b": jnp.zeros(n_out, jnp.float32)}

    return {
        "h1": dense(k1, n_obs, hidden, np.sqrt(2)),
        "h2": dense(k2, hidden, hidden, np.sqrt(2)),
        "pi": dense(k3, hidden, n_act, 0.01),
        "v": dense(k4, hidden, 1, 1.0),
    }


def forward(params: dict, obs):
    """Masked-free logits `[batch, n_act]` and values `[batch]` of `obs`."""
    h = jnp.tanh(obs @ params["h1"]["w"] + params["h1"]["b"])
    h = jnp.tanh(h @ params["h2"]["w"] + params["h2"]["b"])
    logits = h @ params["pi"]["w"] + params["pi"]["b"]
    value = (h @ params["v"]["w"] + params["v"]["b"])[:, 0]
    return logits, value


def masked(logits, mask):
    """Logits with the illegal actions (`mask == 0`) at -1e9."""
    return jnp.where(mask > 0, logits, -1e9)


@jax.jit
def act(params, obs, mask, key):
    """Sampled actions, their log-probabilities and the values, for a batch."""
    logits, value = forward(params, obs)
    logits = masked(logits, mask)
    action = jax.random.categorical(key, logits)
    logp = jax.nn.log_softmax(logits)[jnp.arange(obs.shape[0]), action]
    return action, logp, value


@jax.jit
def greedy_act(params, obs, mask):
    """The highest legal logit of each row (what `sim`'s onnx agent plays)."""
    logits, _ = forward(params, obs)
    return jnp.argmax(masked(logits, mask), axis=1)


def ppo_loss(params, batch, clip: float, vf_coef: float, ent_coef: float):
    """PPO's clipped surrogate, the value loss and the entropy bonus over a minibatch."""
    logits, value = forward(params, batch["obs"])
    logits = masked(logits, batch["mask"])
    logp_all = jax.nn.log_softmax(logits)
    logp = logp_all[jnp.arange(logits.shape[0]), batch["action"]]
    ratio = jnp.exp(logp - batch["logp"])
    adv = batch["adv"]
    adv = (adv - adv.mean()) / (adv.std() + 1e-8)
    pg = -jnp.minimum(ratio * adv, jnp.clip(ratio, 1 - clip, 1 + clip) * adv).mean()
    vf = 0.5 * ((value - batch["ret"]) ** 2).mean()
    p = jnp.exp(logp_all)
    entropy = -(jnp.where(batch["mask"] > 0, p * logp_all, 0.0)).sum(axis=1).mean()
    return pg + vf_coef * vf - ent_coef * entropy, (pg, vf, entropy)


@partial(jax.jit, static_argnums=(3,))
def update_step(params, opt_state, batch, optimizer, clip, vf_coef, ent_coef):
    """One gradient step on a minibatch."""
    (loss, aux), grads = jax.value_and_grad(ppo_loss, has_aux=True)(
        params, batch, clip, vf_coef, ent_coef
    )
    updates, opt_state = optimizer.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, aux


def gae(rewards, values, dones, last_value, gamma: float, lam: float):
    """Generalized advantage estimates and returns for `[T, N]` rollouts; a done step's
    next value is 0 (the game ended; the env has started a new one)."""
    T = rewards.shape[0]
    adv = np.zeros_like(rewards)
    running = np.zeros(rewards.shape[1], np.float32)
    for t in reversed(range(T)):
        next_value = last_value if t == T - 1 else values[t + 1]
        nonterminal = 1.0 - dones[t]
        delta = rewards[t] + gamma * next_value * nonterminal - values[t]
        running = delta + gamma * lam * nonterminal * running
        adv[t] = running
    return adv, adv + values


def export_onnx(params: dict, path: str) -> None:
    """The policy head as ONNX: `obs [1, n_obs] -> logits [1, n_act]` (Gemm, Tanh)."""
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    def init(name, x):
        return numpy_helper.from_array(np.asarray(x, np.float32), name)

    n_obs = params["h1"]["w"].shape[0]
    n_act = params["pi"]["w"].shape[1]
    nodes = [
        helper.make_node("Gemm", ["obs", "w1", "b1"], ["z1"]),
        helper.make_node("Tanh", ["z1"], ["a1"]),
        helper.make_node("Gemm", ["a1", "w2", "b2"], ["z2"]),
        helper.make_node("Tanh", ["z2"], ["a2"]),
        helper.make_node("Gemm", ["a2", "w3", "b3"], ["logits"]),
    ]
    graph = helper.make_graph(
        nodes,
        "soccerlab_ppo_policy",
        [helper.make_tensor_value_info("obs", TensorProto.FLOAT, [1, n_obs])],
        [helper.make_tensor_value_info("logits", TensorProto.FLOAT, [1, n_act])],
        initializer=[
            init("w1", params["h1"]["w"]),
            init("b1", params["h1"]["b"]),
            init("w2", params["h2"]["w"]),
            init("b2", params["h2"]["b"]),
            init("w3", params["pi"]["w"]),
            init("b3", params["pi"]["b"]),
        ],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    onnx.checker.check_model(model)
    tmp = path + ".tmp"
    onnx.save(model, tmp)
    os.replace(tmp, path)


def export_safetensors(params: dict, path: str, game: str, command: str) -> None:
    """The policy head as the lab's policy file (`configs/<game>/policy.safetensors`, read
    by `engine_core::PolicyNet`): tensors `w1, b1, w2, b2, w3, b3` (`w` as `[inputs,
    outputs]`, float32), metadata `format`, `game` and `command`."""
    from safetensors.numpy import save_file

    tensors = {}
    for k, layer in enumerate(("h1", "h2", "pi"), start=1):
        tensors[f"w{k}"] = np.ascontiguousarray(params[layer]["w"], np.float32)
        tensors[f"b{k}"] = np.ascontiguousarray(params[layer]["b"], np.float32)
    meta = {"format": "soccerlab-policy-1", "game": game, "command": command}
    tmp = path + ".tmp"
    save_file(tensors, tmp, metadata=meta)
    os.replace(tmp, path)


def evaluate(game, params, opponent: str, games: int, seed: int, envs: int = 64) -> float:
    """The mean zero-sum return of the greedy (highest-logit) policy over `games` games
    against `opponent` in a `VectorEnv` (a quick check inside Python; `sim` gives the
    reported scores)."""
    env = soccerlab.VectorEnv(game, envs, seed=seed, opponent=opponent, skip_forced=True)
    done_returns = []
    while len(done_returns) < games:
        obs, mask = env.observations(), env.masks()
        learner = env.learner_seats()
        actions = np.asarray(greedy_act(params, obs, mask), np.int64)
        _, _, _, rewards, dones = env.step(actions)
        for i in np.flatnonzero(dones):
            done_returns.append(float(rewards[i, learner[i]]))
    return float(np.mean(done_returns[:games]))


SCORE = re.compile(r"Score of the first agent against the second: ([0-9.]+) \[([0-9.]+), ([0-9.]+)\]")


def score_in_sim(sim: str, game: str, model: str, opponent: str, games: int, out: str) -> str:
    """`sim --agents onnx(model=MODEL),OPPONENT`, its run written into `out`: the paired
    score line."""
    cmd = [sim, "--game", game, "--agents", f"onnx(model={model}),{opponent}",
           "--games", str(games), "--quiet", "--out", out]
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"sim failed ({' '.join(cmd)}): {out.stderr.strip()}")
    m = SCORE.search(out.stdout)
    line = m.group(0) if m else out.stdout.strip().splitlines()[-1]
    return f"vs {opponent}: {line}\n  ({' '.join(cmd)})"


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="grangol")
    p.add_argument("--out", default="runs/train")
    p.add_argument("--minutes", type=float, default=20.0, help="training time budget")
    p.add_argument("--updates", type=int, default=None, help="stop after this many updates")
    p.add_argument("--envs", type=int, default=256)
    p.add_argument("--steps", type=int, default=32, help="rollout length per update")
    p.add_argument("--hidden", type=int, default=128)
    p.add_argument("--lr", type=float, default=3e-4)
    p.add_argument("--epochs", type=int, default=4)
    p.add_argument("--minibatches", type=int, default=4)
    p.add_argument("--clip", type=float, default=0.2)
    p.add_argument("--ent-coef", type=float, default=0.01)
    p.add_argument("--vf-coef", type=float, default=0.5)
    p.add_argument("--gae-lambda", type=float, default=0.95)
    p.add_argument("--goal-reward", type=float, default=0.25)
    p.add_argument("--random-share", type=float, default=0.2,
                   help="share of the time budget (or updates) against random, then greedy")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--opponent", default="greedy",
                   help="the opponent after the random share: a lab agent spec (greedy, mcts, ...)")
    p.add_argument("--init", default=None,
                   help="a policy.safetensors to go on from (the same --hidden), e.g. the game's "
                        "configs/<game>/policy.safetensors")
    p.add_argument("--sim", default=None, help="a sim with the onnx feature, to score the policy")
    p.add_argument("--eval-games", type=int, default=2000)
    p.add_argument("--tiny", action="store_true", help="CI's check: small, against random only")
    args = p.parse_args(argv)
    if args.tiny:
        args.envs, args.steps, args.hidden = 32, 16, 32
        args.updates = args.updates or 150
        args.random_share = 1.0
        args.minutes = 10.0

    os.makedirs(args.out, exist_ok=True)
    game = soccerlab.load_game(args.game)
    n_obs, n_act = game.observation_tensor_size(), game.num_distinct_actions()
    key = jax.random.PRNGKey(args.seed)
    key, sub = jax.random.split(key)
    params = init_params(sub, n_obs, n_act, args.hidden)
    if args.init:
        # Go on from a policy file (its layers w1..w3 as the two tanh layers and the
        # policy head; the value head starts afresh).
        from safetensors.numpy import load_file

        init = load_file(args.init)
        for k, layer in enumerate(("h1", "h2", "pi"), start=1):
            if init[f"w{k}"].shape != params[layer]["w"].shape:
                sys.exit(f"{args.init}: w{k} has shape {init[f'w{k}'].shape}, "
                         f"this run's is {params[layer]['w'].shape}")
            params[layer] = {"w": jnp.asarray(init[f"w{k}"]), "b": jnp.asarray(init[f"b{k}"])}
    optimizer = optax.chain(optax.clip_by_global_norm(0.5), optax.adam(args.lr))
    opt_state = optimizer.init(params)

    before = None
    if args.tiny:
        before = evaluate(game, params, "random", 200, seed=99, envs=32)

    budget = args.minutes * 60.0
    start = time.time()
    opponent = None
    env = None
    recent = collections.deque(maxlen=500)
    N, T = args.envs, args.steps
    rows = []
    update = 0
    while True:
        elapsed = time.time() - start
        if args.updates is not None:
            if update >= args.updates:
                break
            frac = update / args.updates
        else:
            if elapsed >= budget:
                break
            frac = elapsed / budget
        want = "random" if frac < args.random_share else args.opponent
        if want != opponent:
            opponent = want
            env = soccerlab.VectorEnv(game, N, seed=args.seed * 1000 + update, opponent=opponent,
                                      skip_forced=True, goal_reward=args.goal_reward)
            recent.clear()
        obs_b = np.zeros((T, N, n_obs), np.float32)
        mask_b = np.zeros((T, N, n_act), np.int8)
        act_b = np.zeros((T, N), np.int32)
        logp_b = np.zeros((T, N), np.float32)
        val_b = np.zeros((T, N), np.float32)
        rew_b = np.zeros((T, N), np.float32)
        done_b = np.zeros((T, N), np.float32)
        for t in range(T):
            obs_b[t] = env.observations()
            mask_b[t] = env.masks()
            learner = env.learner_seats()
            key, sub = jax.random.split(key)
            a, lp, v = act(params, obs_b[t], mask_b[t], sub)
            act_b[t], logp_b[t], val_b[t] = a, lp, v
            _, _, _, rewards, dones = env.step(np.asarray(a, np.int64))
            rew_b[t] = rewards[np.arange(N), learner]
            done_b[t] = dones
            for i in np.flatnonzero(dones):
                recent.append(float(rewards[i, learner[i]]))
        _, last_v = forward(params, env.observations())
        adv, ret = gae(rew_b, val_b, done_b, np.asarray(last_v), 1.0, args.gae_lambda)
        flat = {
            "obs": obs_b.reshape(T * N, n_obs),
            "mask": mask_b.reshape(T * N, n_act),
            "action": act_b.reshape(-1),
            "logp": logp_b.reshape(-1),
            "adv": adv.reshape(-1),
            "ret": ret.reshape(-1),
        }
        rng = np.random.default_rng(args.seed + update)
        size = T * N // args.minibatches
        for _ in range(args.epochs):
            order = rng.permutation(T * N)
            for k in range(args.minibatches):
                idx = order[k * size:(k + 1) * size]
                batch = {name: jnp.asarray(x[idx]) for name, x in flat.items()}
                params, opt_state, (pg, vf, ent) = update_step(
                    params, opt_state, batch, optimizer, args.clip, args.vf_coef, args.ent_coef
                )
        update += 1
        mean_ret = float(np.mean(recent)) if recent else float("nan")
        rows.append([update, round((time.time() - start) / 60, 3), opponent, env.episodes,
                     round(mean_ret, 4), float(pg), float(vf), float(ent)])
        if update % 10 == 0 or args.tiny:
            print(f"update {update:5d}  {rows[-1][1]:6.2f} min  vs {opponent:6s}  "
                  f"episodes {env.episodes:7d}  mean return (last 500) {mean_ret:+.3f}  "
                  f"entropy {float(ent):.3f}", flush=True)

    with open(os.path.join(args.out, "curve.csv.tmp"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["update", "minutes", "opponent", "episodes", "mean_return_last_500",
                    "policy_loss", "value_loss", "entropy"])
        w.writerows(rows)
    os.replace(os.path.join(args.out, "curve.csv.tmp"), os.path.join(args.out, "curve.csv"))
    model = os.path.join(args.out, "policy.onnx")
    export_onnx(params, model)
    command = "python python/examples/train.py " + " ".join(argv if argv is not None else sys.argv[1:])
    export_safetensors(params, os.path.join(args.out, "policy.safetensors"), args.game,
                       f"{command} (stopped after {update} updates)")
    print(f"wrote {args.out}/ (curve.csv, policy.onnx, policy.safetensors) after {update} updates, "
          f"{(time.time() - start) / 60:.1f} minutes")

    if args.tiny:
        after = evaluate(game, params, "random", 200, seed=99, envs=32)
        print(f"mean return against random over 200 games: {before:+.3f} before, {after:+.3f} after")
        if not after > before:
            print("the mean return against random did not rise", file=sys.stderr)
            return 1
    if args.sim:
        lines = [score_in_sim(args.sim, args.game, model, o, args.eval_games,
                             os.path.join(args.out, f"sim-vs-{o}"))
                 for o in ("random", "greedy")]
        with open(os.path.join(args.out, "scores.txt"), "w") as f:
            f.write("\n".join(lines) + "\n")
        print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
