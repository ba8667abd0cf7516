"""Plays one random game of a lab game from Python and prints what seat 0 sees at the
end and the returns.

    python python/examples/random_playout.py [GAME] [SEED]

The game is played with the lab's random streams, so it is game 0 of
``sim trace --game GAME --agents random,random --seed SEED``, action for action.
"""

from __future__ import annotations

import sys

import soccerlab


def main() -> None:
    name = sys.argv[1] if len(sys.argv) > 1 else "grangol"
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    game = soccerlab.load_game(name)
    streams = soccerlab.LabStreams(game, seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            action = streams.chance(state)
        else:
            action = streams.random_action(state)
        state.apply_action(action)
    print(f"{game.name}: {len(state.history())} actions, scores {state.scores()}")
    print("what seat 0 sees at the end:")
    print(state.observation_string(0))
    print("returns:", state.returns())


if __name__ == "__main__":
    main()
