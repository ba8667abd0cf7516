"""The cost of applying actions through OpenSpiel's `pyspiel` (docs/python.md,
"Information states"): plays `--games` random games of a lab game registered by
`soccerlab.openspiel` (uniform legal actions, chance outcomes by their probabilities,
from `--seed`), keeps their actions, then replays them `--rounds` times from the initial
state with `apply_action` alone and prints the best round's microseconds per action.

What an action costs there is the engine's `apply` plus the wrapper's bookkeeping: the
perfect-recall record of every seat's observations. On this noisy machine compare two
builds by instruction counts, which do not move from run to run:

    valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        python python/bench/openspiel_apply.py memory --games 2 --rounds 0
    valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        python python/bench/openspiel_apply.py memory --games 2 --rounds 1

The difference of the two totals is one replay of the games.
"""

from __future__ import annotations

import argparse
import random
import time

import pyspiel

import soccerlab.openspiel as sos


def record(game: pyspiel.Game, games: int, seed: int) -> list[list[int]]:
    """The actions of `games` random games, chance outcomes included."""
    rnd = random.Random(seed)
    played = []
    for _ in range(games):
        state, actions = game.new_initial_state(), []
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                action = rnd.choices(outcomes, probs)[0]
            else:
                action = rnd.choice(state.legal_actions())
            actions.append(action)
            state.apply_action(action)
        played.append(actions)
    return played


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help="a lab game: grangol, lastuf, memory, helvetia, crazy_eights")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = pyspiel.load_game(sos.short_name(args.game))
    played = record(game, args.games, args.seed)
    actions = sum(map(len, played))
    best = None
    for _ in range(args.rounds):
        start = time.process_time()
        for history in played:
            state = game.new_initial_state()
            for action in history:
                state.apply_action(action)
        took = time.process_time() - start
        best = took if best is None else min(best, took)
    line = f"{args.game}: {args.games} games, {actions} actions"
    if best is not None:
        line += f", best of {args.rounds} replays {best:.3f} s, {1e6 * best / actions:.2f} us an action"
    print(line)


if __name__ == "__main__":
    main()
