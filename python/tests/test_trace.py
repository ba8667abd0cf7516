"""Trace equality: a random game played from Python with the lab's random streams is
`sim trace --agents random,... --seed S` action for action, in every registered game."""

from __future__ import annotations

import json
import subprocess

import pytest

import soccerlab

SEED = 20261126
GAMES = 3  # game 0 and 1 share a deal at two seats; game 2 is dealt afresh


def sim_trace(sim, name: str, players: int) -> dict[int, list[dict]]:
    """The step and end lines of `sim trace` for `name`, grouped by game index (the
    record's header line, checked here, is left out)."""
    agents = ",".join(["random"] * players)
    out = subprocess.run(
        [str(sim), "trace", "--game", name, "--agents", agents, "--games", str(GAMES),
         "--seed", str(SEED)],
        check=True, capture_output=True, text=True,
    ).stdout
    lines = out.splitlines()
    header = json.loads(lines[0])
    assert header["trace"] == 1 and header["game"] == name, lines[0]
    assert header["seed"] == SEED and header["agents"] == ["random"] * players
    games: dict[int, list[dict]] = {}
    for line in lines[1:]:
        record = json.loads(line)
        games.setdefault(record["game"], []).append(record)
    return games


def python_playout(game: soccerlab.Game, index: int, use_agent: bool):
    """One random game played from Python: [(actor, action string, code)], returns,
    scores.
    With `use_agent`, decisions come from `soccerlab.Agent("random")` (one per seat's
    stream) instead of `LabStreams.random_action`."""
    streams = soccerlab.LabStreams(game, SEED, index)
    agent = soccerlab.Agent(game, "random", seed=SEED, game_index=index)
    state = game.new_initial_state()
    steps = []
    while not state.is_terminal():
        if state.is_chance_node():
            actor, action = "chance", streams.chance(state)
        else:
            actor = state.current_player()
            action = agent.act(state) if use_agent else streams.random_action(state)
        steps.append((actor, state.action_to_string(action), action))
        state.apply_action(action)
    return steps, state.placement_returns(), state.scores()


@pytest.mark.parametrize("name", soccerlab.game_names())
def test_a_python_random_game_is_sim_trace_action_for_action(sim, name):
    game = soccerlab.load_game(name)
    traced = sim_trace(sim, name, game.num_players())
    assert sorted(traced) == list(range(GAMES))
    for index in range(GAMES):
        lines = traced[index]
        end = lines[-1]
        assert end.get("end") is True
        want = [(l["actor"], l["action"], l["code"]) for l in lines[:-1]]
        assert [l["step"] for l in lines[:-1]] == list(range(len(want)))
        for use_agent in (False, True):
            steps, returns, scores = python_playout(game, index, use_agent)
            assert len(steps) == len(want), f"{name} game {index}: length differs"
            for k, (got, expected) in enumerate(zip(steps, want)):
                assert got == expected, f"{name} game {index} step {k}: {got} != {expected}"
            assert returns == pytest.approx(end["returns"])
            assert scores == end["score"]
