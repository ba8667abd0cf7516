"""Writes `openspiel_observations.txt`: OpenSpiel's own observation tensors and strings
of `crazy_eights(players=2)` along random games, for the lab's test
`crazy_eights::tests::observation::openspiels_tensor_and_string_are_the_prefix`.

Run from this folder with OpenSpiel installed (`pip install open-spiel`):
`python openspiel_observations.py > openspiel_observations.txt`.

Format, one game a block: `game <use_special_cards 0/1>`, then one line per action,
`a <action>`; before each decision, for each seat `t <seat> <indices of the tensor's
nonzero entries, which are all 1>` and, every fifth decision, `s <seat> <the string with
newlines written as |>`. Ends with `end`.
"""

import random

import pyspiel

GAMES = [(0, 11), (1, 13)]

for special, seed in GAMES:
    game = pyspiel.load_game(
        "crazy_eights", {"players": 2, "use_special_cards": bool(special)}
    )
    rng = random.Random(seed)
    state = game.new_initial_state()
    print(f"game {special}")
    decisions = 0
    while not state.is_terminal():
        if not state.is_chance_node():
            for seat in range(2):
                t = state.observation_tensor(seat)
                assert all(v in (0.0, 1.0) for v in t)
                ones = " ".join(str(i) for i, v in enumerate(t) if v == 1.0)
                print(f"t {seat} {ones}")
                if decisions % 5 == 0:
                    text = state.observation_string(seat)
                    assert "|" not in text
                    print(f"s {seat} " + text.replace("\n", "|"))
            decisions += 1
            action = rng.choice(state.legal_actions())
        else:
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        print(f"a {action}")
        state.apply_action(action)
    print("end")
