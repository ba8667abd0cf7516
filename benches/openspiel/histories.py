#!/usr/bin/env python3
"""Uniformly random games of OpenSpiel's crazy_eights, recorded step by step.

Writes one JSON object per game and per line (JSON Lines), for the replay test
`engine/tests/crazy_eights.rs`, which replays every history in the lab's engine and
checks that it offers the same choices and ends with the same returns:

    {"game": 0, "params": "players=2",
     "actions": [52, 17, ...],          # the action history, chance outcomes included
     "players": [-1, -1, ..., 1, ...],  # who chose each action (-1: chance)
     "masks": [..., ...],               # per step, the legal actions (or chance outcomes)
                                        # as a bit set: bit a set for action id a
     "returns": [-37.0, 0.0]}           # OpenSpiel's returns at the end

Every chance node of crazy_eights has equal probabilities (the dealer's choice, and the
cards of the draw pile, one copy each); the script checks that they do, so a mask says all
there is to know about a chance node. A chance node with unequal probabilities would stop
the script with an error.

Actions are drawn with Python's `random.Random(seed)`: at a decision uniformly among the
legal actions, at a chance node by the outcomes' probabilities.

Usage: histories.py [--games N] [--seed S] [--params "use_special_cards=true"] [--out F]
"""

import argparse
import json
import random
import sys

import pyspiel


def mask_of(actions):
    m = 0
    for a in actions:
        m |= 1 << a
    return m


def play(game, rng):
    state = game.new_initial_state()
    actions, players, masks = [], [], []
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            p0 = 1.0 / len(outcomes)
            for a, p in outcomes:
                if abs(p - p0) > 1e-12:
                    sys.exit(f"chance outcome {a} has probability {p}, not 1/{len(outcomes)}")
            ids = [a for a, _ in outcomes]
            if ids != sorted(ids):
                sys.exit(f"chance outcomes not ascending: {ids}")
            probs = [p for _, p in outcomes]
            a = rng.choices(ids, weights=probs)[0]
            players.append(-1)
            masks.append(mask_of(ids))
        else:
            legal = state.legal_actions()
            a = rng.choice(legal)
            players.append(state.current_player())
            masks.append(mask_of(legal))
        actions.append(a)
        state.apply_action(a)
    return actions, players, masks, state.returns()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=20260720)
    ap.add_argument("--params", default="", help="extra parameters, e.g. reshuffle=true")
    ap.add_argument("--out", default="-")
    args = ap.parse_args()
    params = "players=2" + ("," + args.params if args.params else "")
    game = pyspiel.load_game(f"crazy_eights({params})")
    rng = random.Random(args.seed)
    out = sys.stdout if args.out == "-" else open(args.out, "w")
    for g in range(args.games):
        actions, players, masks, returns = play(game, rng)
        line = {
            "game": g,
            "params": params,
            "actions": actions,
            "players": players,
            "masks": masks,
            "returns": returns,
        }
        out.write(json.dumps(line, separators=(",", ":")) + "\n")
    if out is not sys.stdout:
        out.close()


if __name__ == "__main__":
    main()
