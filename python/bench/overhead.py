"""The Python API's overhead, measured in one run on one core (docs/python.md, "Overhead").

Two comparisons, each side measured in the same run, interleaved (A B A B …, the best
of the rounds kept), on the current process's core:

1. Random playouts per second of every registered game through the Python API (a loop
   in Python: `LabStreams.chance` at chance nodes, `LabStreams.random_action` at
   decisions, `apply_action`) against `sim bench --game G --games N` (the same
   random games in Rust, one thread).
2. Steps per second of the PettingZoo AEC environment of `crazy_eights` (random legal
   actions from the mask; every step builds the observation tensor and the mask)
   against OpenSpiel's `crazy_eights` driven from Python through `pyspiel` the same way
   (observation tensor, legal actions, `apply_action`; chance sampled in Python), and
   the raw API loops of both without the environment.

OpenSpiel is not a dependency: install it into a separate virtual environment and name
its interpreter with --openspiel-python (the OpenSpiel side runs there, in a child
process pinned to the same core):

    python3 -m venv target/bench-venv && target/bench-venv/bin/pip install open_spiel numpy
    taskset -c 0 python python/bench/overhead.py --sim target/release/sim \
        --openspiel-python target/bench-venv/bin/python

The machine is shared and noisy: read the ratios, not the absolute figures.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time

import numpy as np

import soccerlab

OPENSPIEL_SIDE = r"""
import sys, time, json, random
import numpy as np
import pyspiel

def steps_per_second(seconds, observe):
    game = pyspiel.load_game("crazy_eights")
    rng = np.random.default_rng(1)
    draw = random.Random(1).random
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                # Chance sampled in plain Python (a cumulative walk), not numpy: the
                # cheapest a Python loop over pyspiel can do.
                x = draw()
                for action, p in state.chance_outcomes():
                    x -= p
                    if x < 0:
                        break
            else:
                if observe:
                    np.asarray(state.observation_tensor(state.current_player()), dtype=np.float32)
                    mask = np.asarray(state.legal_actions_mask(), dtype=np.int8)
                    legal = np.flatnonzero(mask)
                else:
                    legal = state.legal_actions()
                action = int(legal[rng.integers(len(legal))])
                steps += 1
            state.apply_action(action)
        games += 1
    took = time.perf_counter() - start
    return steps / took, games / took

seconds = float(sys.argv[1])
observe, _ = steps_per_second(seconds, True)
_, games = steps_per_second(seconds, False)
print(json.dumps({"aec_like_steps": observe, "playouts": games}))
"""


def python_playouts(name: str, seconds: float) -> tuple[float, float]:
    """Random games per second and actions per second of `name` through the Python API."""
    game = soccerlab.load_game(name)
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        streams = soccerlab.LabStreams(game, 1, games)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(streams.chance(state))
            else:
                state.apply_action(streams.random_action(state))
            actions += 1
        games += 1
    took = time.perf_counter() - start
    return games / took, actions / took


def sim_playouts(taskset: list[str], sim: str, name: str, games: int) -> tuple[float, float]:
    """Random games per second and actions per second of `sim bench --game NAME` (its
    random,random line; one thread), run on the core of `taskset`."""
    out = subprocess.run(
        taskset + [sim, "bench", "--game", name, "--games", str(games), "--greedy-games", "1",
                   "--search-games", "1", "--quiet"],
        check=True, capture_output=True, text=True,
    ).stdout
    for line in out.splitlines():
        words = line.split()
        if words[:1] == [name] and len(words) > 1 and set(words[1].split(",")) == {"random"}:
            games_s = float(re.search(r"([\d.]+) games/s", line).group(1))
            actions_s = float(re.search(r"([\d.]+) actions/s", line).group(1))
            return games_s, actions_s
    raise RuntimeError(f"no random,random line for {name} in sim bench's output:\n{out}")


def aec_steps(seconds: float) -> float:
    """Agent steps per second of the crazy_eights AEC environment (random legal actions)."""
    import soccerlab.pettingzoo as szoo

    env = szoo.env("crazy_eights")
    rng = np.random.default_rng(1)
    steps = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=seed)
        seed += 1
        for agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
    return steps / (time.perf_counter() - start)


def api_steps(seconds: float) -> float:
    """Decisions per second of crazy_eights through the raw API with the AEC's work per
    decision (observation tensor, mask) and chance resolved by the lab's streams."""
    game = soccerlab.load_game("crazy_eights")
    rng = np.random.default_rng(1)
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        streams = soccerlab.LabStreams(game, 1, games)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(streams.chance(state))
                continue
            state.observation_tensor()
            legal = np.flatnonzero(state.legal_actions_mask())
            state.apply_action(int(legal[rng.integers(len(legal))]))
            steps += 1
        games += 1
    return steps / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sim", required=True, help="the sim binary (a release build)")
    parser.add_argument("--openspiel-python", help="a Python with open_spiel installed")
    parser.add_argument("--seconds", type=float, default=3.0, help="per measurement")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds")
    parser.add_argument("--sim-games", type=int, default=2000, help="sim bench games")
    parser.add_argument("--games", nargs="*", default=soccerlab.game_names())
    args = parser.parse_args()

    cores = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
    taskset = ["taskset", "-c", str(cores[0])] if len(cores) == 1 else []
    if len(cores) != 1:
        print(f"warning: this process may run on cores {cores}; run under `taskset -c 0`",
              file=sys.stderr)
    print(f"# one core ({cores}), {args.rounds} interleaved rounds, best kept; "
          "a shared, noisy machine: read the ratios")

    print("\n## random playouts: Python API loop vs sim bench (random,random, one thread)")
    print(f"{'game':<14}{'python games/s':>16}{'sim games/s':>14}{'python act/s':>14}"
          f"{'sim act/s':>12}{'sim/python':>12}")
    for name in args.games:
        best_py = (0.0, 0.0)
        best_sim = (0.0, 0.0)
        for _ in range(args.rounds):
            py = python_playouts(name, args.seconds)
            best_py = max(best_py, py)
            rs = sim_playouts(taskset, args.sim, name, args.sim_games)
            best_sim = max(best_sim, rs)
        print(f"{name:<14}{best_py[0]:>16.1f}{best_sim[0]:>14.1f}{best_py[1]:>14.0f}"
              f"{best_sim[1]:>12.0f}{best_sim[1] / best_py[1]:>12.1f}")

    print("\n## crazy_eights decisions per second (observation tensor + mask + apply each)")
    best = {"aec": 0.0, "api": 0.0, "os_steps": 0.0, "os_playouts": 0.0, "py_playouts": 0.0}
    for _ in range(args.rounds):
        best["aec"] = max(best["aec"], aec_steps(args.seconds))
        best["api"] = max(best["api"], api_steps(args.seconds))
        best["py_playouts"] = max(best["py_playouts"], python_playouts("crazy_eights", args.seconds)[0])
        if args.openspiel_python:
            out = subprocess.run(
                taskset + [args.openspiel_python, "-c", OPENSPIEL_SIDE, str(args.seconds)],
                check=True, capture_output=True, text=True,
            ).stdout
            os_side = json.loads(out)
            best["os_steps"] = max(best["os_steps"], os_side["aec_like_steps"])
            best["os_playouts"] = max(best["os_playouts"], os_side["playouts"])
    print(f"soccerlab AEC env (PettingZoo), steps/s:        {best['aec']:>10.0f}")
    print(f"soccerlab API loop, decisions/s:                {best['api']:>10.0f}")
    if args.openspiel_python:
        print(f"OpenSpiel pyspiel loop, decisions/s:            {best['os_steps']:>10.0f}")
        print(f"AEC env / OpenSpiel loop:                       {best['aec'] / best['os_steps']:>10.2f}")
        print(f"API loop / OpenSpiel loop:                      {best['api'] / best['os_steps']:>10.2f}")
        print(f"random playouts/s, soccerlab API vs pyspiel:    {best['py_playouts']:>10.1f} vs "
              f"{best['os_playouts']:.1f}")
    else:
        print("(OpenSpiel side not run: pass --openspiel-python)")


if __name__ == "__main__":
    main()
