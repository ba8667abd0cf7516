"""The OpenSpiel-style API: games, states, observations, errors, serialization, agents."""

from __future__ import annotations

import copy
import pickle
import random

import numpy as np
import pytest

import soccerlab
from soccerlab import CHANCE_PLAYER, TERMINAL_PLAYER

NAMES = soccerlab.game_names()


def random_states(game, seed, every=1):
    """The states of one random game (lab streams of `seed`), every `every`-th one."""
    streams = soccerlab.LabStreams(game, seed, 0)
    state = game.new_initial_state()
    k = 0
    while not state.is_terminal():
        if k % every == 0:
            yield state
        k += 1
        if state.is_chance_node():
            state.apply_action(streams.chance(state))
        else:
            state.apply_action(streams.random_action(state))
    yield state


def test_the_package_has_a_version():
    parts = soccerlab.__version__.split(".")
    assert len(parts) == 3 and all(p.isdigit() for p in parts), soccerlab.__version__


def test_an_environment_without_its_extra_names_the_pip_command(monkeypatch):
    import builtins
    import importlib
    import sys

    real = builtins.__import__

    def no_pettingzoo(name, *args, **kwargs):
        if name == "pettingzoo" or name.startswith("pettingzoo."):
            raise ModuleNotFoundError(f"No module named '{name}'", name=name)
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_pettingzoo)
    monkeypatch.delitem(sys.modules, "soccerlab.pettingzoo", raising=False)
    with pytest.raises(ModuleNotFoundError, match=r"soccerlab\[pettingzoo\]"):
        importlib.import_module("soccerlab.pettingzoo")


def test_the_games_are_the_registered_ones():
    assert NAMES == ["grangol", "crazy_eights", "lastuf", "memory", "helvetia"] or len(NAMES) >= 5
    assert len(set(NAMES)) == len(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_a_game_states_its_facts(name):
    game = soccerlab.load_game(name)
    assert game.name == name
    assert game.rules == "default"
    assert game.num_players() >= 1
    assert game.num_distinct_actions() > 0
    assert game.max_game_length() > 0
    layout = game.observation_layout()
    assert sum(int(np.prod(shape)) for _, shape, _ in layout) == game.observation_tensor_size()
    assert game.observation_tensor_shape() == [game.observation_tensor_size()]
    for part, shape, about in layout:
        assert isinstance(part, str) and isinstance(shape, tuple) and about
    assert "random" in game.agent_names()
    assert game == soccerlab.load_game(name)
    assert hash(game) == hash(soccerlab.load_game(name))


@pytest.mark.parametrize("name", NAMES)
def test_a_random_game_keeps_the_api_conventions(name):
    game = soccerlab.load_game(name)
    n, size, actions = game.num_players(), game.observation_tensor_size(), game.num_distinct_actions()
    steps = 0
    for state in random_states(game, seed=3, every=7):
        steps += 1
        player = state.current_player()
        legal = state.legal_actions()
        assert legal == sorted(set(legal))
        mask = state.legal_actions_mask()
        assert mask.dtype == np.int8 and mask.shape == (actions,)
        assert np.flatnonzero(mask).tolist() == legal
        if state.is_terminal():
            assert player == TERMINAL_PLAYER and legal == []
            # Zero-sum returns within [-1, 1]; the lab's placement returns beside them.
            placement = state.placement_returns()
            assert sum(placement) == pytest.approx(n / 2 if n > 1 else 1)
            assert state.returns() == pytest.approx([2 * r - 1 for r in placement])
            if n > 1:
                assert sum(state.returns()) == pytest.approx(0.0)
            assert all(game.min_utility() <= r <= game.max_utility() for r in state.returns())
            assert state.rewards() == state.returns()
            assert [state.player_return(s) for s in range(n)] == state.returns()
        elif state.is_chance_node():
            assert player == CHANCE_PLAYER
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            assert sorted(a for a, _ in outcomes) == legal
            with pytest.raises(ValueError, match="chance node"):
                state.observation_tensor()
        else:
            assert 0 <= player < n and legal
            assert state.chance_outcomes() == []
            assert state.returns() == [0.0] * n
            assert state.placement_returns() == [0.0] * n
            tensor = state.observation_tensor()
            assert tensor.dtype == np.float32 and tensor.shape == (size,)
            low, high = game.observation_bounds()
            assert ((tensor >= low) & (tensor <= high)).all()
            assert np.array_equal(tensor, state.observation_tensor(player))
            assert isinstance(state.observation_string(), str)
            for a in legal:
                assert state.action_to_string(a)
    assert steps > 1


@pytest.mark.parametrize("name", NAMES)
def test_observations_do_not_peek(name):
    """A state resampled from a seat's information set (hidden parts redrawn) gives that
    seat the same observation tensor and string: observations read only what the seat
    sees."""
    game = soccerlab.load_game(name)
    checked = 0
    for state in random_states(game, seed=5, every=11):
        if not state.is_player_node():
            continue
        for seat in range(game.num_players()):
            for seed in (1, 2):
                other = state.resample_from_infostate(seat, seed)
                assert np.array_equal(
                    state.observation_tensor(seat), other.observation_tensor(seat)
                ), f"{name}: seat {seat}'s tensor depends on what it cannot see"
                assert state.observation_string(seat) == other.observation_string(seat)
        checked += 1
    assert checked > 0


def test_observation_tensor_fills_an_array_in_place():
    game = soccerlab.load_game("grangol")
    state = next(s for s in random_states(game, 1) if s.is_player_node())
    out = np.full(game.observation_tensor_size(), 7.0, dtype=np.float32)
    back = state.observation_tensor(0, out=out)
    assert back is out
    assert np.array_equal(out, state.observation_tensor(0))
    with pytest.raises(ValueError, match="entries"):
        state.observation_tensor(0, out=np.zeros(game.observation_tensor_size() + 1, np.float32))
    with pytest.raises(TypeError):
        state.observation_tensor(0, out=np.zeros(game.observation_tensor_size(), np.float64))
    with pytest.raises(ValueError, match="seat 9"):
        state.observation_tensor(9)


def test_an_illegal_action_raises_and_changes_nothing():
    game = soccerlab.load_game("crazy_eights")
    state = next(s for s in random_states(game, 1) if s.is_player_node())
    before, history = str(state), state.history()
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in state.legal_actions())
    with pytest.raises(ValueError, match=f"action {illegal} is not legal here"):
        state.apply_action(illegal)
    with pytest.raises(ValueError, match="not an action code"):
        state.apply_action(game.num_distinct_actions())
    with pytest.raises(ValueError, match="not an action code"):
        state.apply_action(-1)
    assert str(state) == before and state.history() == history


def test_bad_rules_raise_the_labs_line():
    with pytest.raises(ValueError, match="unknown game 'nope'"):
        soccerlab.load_game("nope")
    with pytest.raises(ValueError, match="no_such_key"):
        soccerlab.load_game("grangol", set={"no_such_key": 1})
    with pytest.raises(ValueError, match="--players 9"):
        soccerlab.load_game("lastuf", players=9)
    with pytest.raises(ValueError):
        soccerlab.load_game("grangol", rules="no-such-rule-set")
    with pytest.raises(ValueError, match="set:"):
        soccerlab.load_game("grangol", set=3)


def test_rules_overrides_as_a_dict_or_a_list_load_the_same_game():
    a = soccerlab.load_game("lastuf", set={"players": 3})
    b = soccerlab.load_game("lastuf", set=["players=3"])
    c = soccerlab.load_game("lastuf", players=3)
    assert a.num_players() == b.num_players() == c.num_players() == 3
    assert a == b == c
    assert "--set" in a.rules


@pytest.mark.parametrize("name", NAMES)
def test_serialize_replays_the_state(name):
    game = soccerlab.load_game(name)
    for state in random_states(game, seed=9, every=50):
        text = state.serialize()
        again = game.deserialize_state(text)
        assert again.history() == state.history() and str(again) == str(state)
        game2, again2 = soccerlab.deserialize_game_and_state(text)
        assert game2 == game and str(again2) == str(state)
        assert str(pickle.loads(pickle.dumps(state))) == str(state)
    assert pickle.loads(pickle.dumps(game)) == game


def test_a_record_of_information_states_started_mid_game_pickles_as_it_was():
    """`record_information_states` after some actions: a copy and a pickle (replayed
    from the initial state) hold the same record, begun at the same step."""
    game = soccerlab.load_game("grangol")
    rnd = random.Random(3)
    state = game.new_initial_state()
    for step in range(60):
        if step == 25:
            state.record_information_states()
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rnd.choices(actions, probs)[0])
        else:
            state.apply_action(rnd.choice(state.legal_actions()))
    record = state.information_state_string(0).split("\n")[0].split()
    assert len(record) == 60 - 25
    for copy in (state.clone(), pickle.loads(pickle.dumps(state))):
        for seat in range(2):
            assert copy.information_state_string(seat) == state.information_state_string(seat)
    plain = pickle.loads(pickle.dumps(game.new_initial_state()))
    with pytest.raises(ValueError, match="records no information states"):
        plain.information_state_string(0)


def test_deserialize_refuses_other_games_and_rules():
    grangol = soccerlab.load_game("grangol")
    text = soccerlab.load_game("crazy_eights").new_initial_state().serialize()
    with pytest.raises(ValueError, match="of game 'crazy_eights'"):
        grangol.deserialize_state(text)
    other = soccerlab.load_game("grangol", set={"hand_size": 4}).new_initial_state().serialize()
    with pytest.raises(ValueError, match="other rules"):
        grangol.deserialize_state(other)
    with pytest.raises(ValueError, match="not a serialized state"):
        grangol.deserialize_state("{}")


def test_copies_are_independent():
    game = soccerlab.load_game("grangol")
    state = game.new_initial_state()
    for make in (lambda s: s.clone(), copy.copy, copy.deepcopy):
        other = make(state)
        other.apply_action(other.legal_actions()[0])
        assert state.history() == [] and len(other.history()) == 1


def test_a_lab_agent_acts_at_its_seats_decisions():
    game = soccerlab.load_game("crazy_eights")
    agent = soccerlab.Agent(game, "mcts(iterations=30)", seed=4)
    assert agent.spec.startswith("mcts(")
    state = game.new_initial_state()
    with pytest.raises(ValueError, match="chance node"):
        agent.act(state)
    state = next(s for s in random_states(game, 2) if s.is_player_node())
    seat = state.current_player()
    assert agent.act(state) in state.legal_actions()
    with pytest.raises(ValueError, match="does not decide"):
        agent.act(state, 1 - seat)
    with pytest.raises(ValueError):
        soccerlab.Agent(game, "no_such_agent")
    with pytest.raises(ValueError):
        soccerlab.Agent(game, "mcts(no_such_param=1)")
    with pytest.raises(ValueError, match="another game|plays"):
        soccerlab.Agent(soccerlab.load_game("grangol"), "random").act(state)
    agent.new_game()
    assert agent.game_index == 1


def test_a_resampled_state_cannot_be_serialized():
    game = soccerlab.load_game("crazy_eights")
    state = next(s for s in random_states(game, 2) if s.is_player_node())
    with pytest.raises(ValueError, match="no action history"):
        state.resample_from_infostate(0, 1).serialize()


def test_the_readme_example_runs():
    """python/examples/random_playout.py (the README's command) plays a game and prints
    the returns."""
    import subprocess
    import sys
    from pathlib import Path

    example = Path(__file__).resolve().parents[1] / "examples" / "random_playout.py"
    out = subprocess.run(
        [sys.executable, str(example), "crazy_eights", "3"],
        check=True, capture_output=True, text=True,
    ).stdout
    assert out.startswith("crazy_eights: ") and "returns: [" in out
