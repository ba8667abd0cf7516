"""The lab's games inside OpenSpiel (issue 44): registered pyspiel games that pass
OpenSpiel's own checks, play through its bots and its RL environment, and pay zero-sum
returns."""

from __future__ import annotations

import pickle
import random
import zlib

import numpy as np
import pyspiel
import pytest
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import evaluate_bots, mcts
from open_spiel.python.bots import uniform_random

import soccerlab
import soccerlab.openspiel as sos

GAMES = soccerlab.game_names()


def test_every_game_is_registered():
    names = pyspiel.registered_names()
    for name in GAMES:
        assert sos.short_name(name) in names
        game = pyspiel.load_game(sos.short_name(name))
        inner = soccerlab.load_game(name)
        assert game.num_players() == inner.num_players()
        assert game.num_distinct_actions() == inner.num_distinct_actions()
        assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
        assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, 1.0, 0.0)


@pytest.mark.parametrize("name", GAMES)
def test_openspiels_game_checks_pass(name):
    """`pyspiel.random_sim_test`: OpenSpiel's consistency checks over random games
    (legal actions, chance outcomes summing to 1, clones, returns, observations and
    information states at every state)."""
    game = pyspiel.load_game(sos.short_name(name))
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_mcts_plays_grangol_through_evaluate_bots():
    game = pyspiel.load_game("soccerlab_grangol")
    rng = np.random.RandomState(7)
    bots = [
        mcts.MCTSBot(game, 2.0, 4, mcts.RandomRolloutEvaluator(1, rng), random_state=rng),
        uniform_random.UniformRandomBot(1, rng),
    ]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    assert len(returns) == 2
    assert sum(returns) == pytest.approx(0.0)
    assert set(returns) <= {-1.0, 0.0, 1.0}


@pytest.mark.parametrize("name", GAMES)
def test_the_rl_environment_runs_100_episodes_with_zero_sum_returns(name):
    """100 episodes of random play in `rl_environment.Environment`; every episode ends
    with rewards that sum to 0 within [-1, 1], and the observations are the engine's
    tensors of the declared size."""
    env = rl_environment.Environment(sos.short_name(name))
    size = soccerlab.load_game(name).observation_tensor_size()
    rnd = random.Random(11)
    outcomes = set()
    for _ in range(100):
        step = env.reset()
        assert len(step.observations["info_state"][0]) == size
        while not step.last():
            seat = step.observations["current_player"]
            step = env.step([rnd.choice(step.observations["legal_actions"][seat])])
        rewards = step.rewards
        assert sum(rewards) == pytest.approx(0.0, abs=1e-9), rewards
        assert all(-1.0 <= r <= 1.0 for r in rewards), rewards
        outcomes.add(tuple(round(r, 6) for r in rewards))
    # Random play ends in more than one way.
    assert len(outcomes) > 1


def test_returns_map_placements_to_zero_sum_utilities():
    """At four seats the returns are 2 (r - 1/2) of the placement returns: first +1,
    last -1, summing to 0."""
    game = pyspiel.load_game("soccerlab_lastuf")
    assert game.num_players() == 4
    rnd = random.Random(2)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rnd.choices(actions, probs)[0])
        else:
            state.apply_action(rnd.choice(state.legal_actions()))
    returns = state.returns()
    placement = state._inner.placement_returns()
    assert returns == pytest.approx([2 * r - 1 for r in placement])
    assert sum(returns) == pytest.approx(0.0)
    assert max(returns) == pytest.approx(1.0) and min(returns) == pytest.approx(-1.0)


def test_the_information_state_has_perfect_recall():
    """Two histories that reach the same observation keep different information states:
    the string grows with every action, and a clone keeps it."""
    game = pyspiel.load_game("soccerlab_grangol")
    state = game.new_initial_state()
    rnd = random.Random(5)
    seen = set()
    for _ in range(40):
        if state.is_terminal():
            break
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rnd.choices(actions, probs)[0])
        else:
            text = state.information_state_string(state.current_player())
            assert text not in seen
            seen.add(text)
            state.apply_action(rnd.choice(state.legal_actions()))
    clone = state.clone()
    for seat in range(2):
        assert clone.information_state_string(seat) == state.information_state_string(seat)
        assert clone.observation_string(seat) == state.observation_string(seat)


@pytest.mark.parametrize("name", GAMES)
def test_the_information_state_digests_each_observation_with_zlibs_crc32(name):
    """The information state is the digests of the seat's observation strings before
    each action (zlib's CRC-32, computed by the engine), then its observation now."""
    game = pyspiel.load_game(sos.short_name(name))
    state = game.new_initial_state()
    rnd = random.Random(6)
    want = ["" for _ in range(game.num_players())]
    for _ in range(60):
        if state.is_terminal():
            break
        for seat in range(game.num_players()):
            text = state.observation_string(seat)
            want[seat] += format(zlib.crc32(text.encode()), "08x") + " "
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rnd.choices(actions, probs)[0])
        else:
            state.apply_action(rnd.choice(state.legal_actions()))
        for seat in range(game.num_players()):
            got = state.information_state_string(seat)
            assert got == want[seat] + "\n" + state.observation_string(seat)
    # The engine's state keeps the record through a copy and a pickle.
    for inner in (state._inner.clone(), pickle.loads(pickle.dumps(state._inner))):
        for seat in range(game.num_players()):
            assert inner.information_state_string(seat) == state.information_state_string(seat)
    with pytest.raises(ValueError, match="record_information_states"):
        soccerlab.load_game(name).new_initial_state().information_state_string(0)


@pytest.mark.parametrize("name", ["grangol", "crazy_eights"])
def test_ismcts_bot_plays_through_resampled_information_sets(name):
    """OpenSpiel's ISMCTSBot (with `soccerlab.openspiel.resampler`) plays a whole game
    against random moves: every sampled root keeps the bot's information state (the bot
    asserts it), and the game ends with zero-sum returns."""
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game(f"soccerlab_{name}")
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=3, random_state=rng)
    bot.set_resampler(sos.resampler(1))
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
            decisions += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert decisions > 10
    assert sum(state.returns()) == pytest.approx(0.0)


def test_a_resampled_state_keeps_the_players_information_state():
    game = pyspiel.load_game("soccerlab_grangol")
    state = game.new_initial_state()
    rnd = random.Random(4)
    while state.is_chance_node() or state.current_player() != 0 or len(state.history()) < 40:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rnd.choices(actions, probs)[0])
        else:
            state.apply_action(rnd.choice(state.legal_actions()))
    cb = sos.resampler(7)
    worlds = set()
    for _ in range(20):
        sampled = cb(state, 0)
        assert sampled.information_state_string(0) == state.information_state_string(0)
        assert sampled.legal_actions() == state.legal_actions()
        worlds.add(str(sampled))
    assert len(worlds) > 1, "the hidden cards are redrawn"


@pytest.mark.parametrize(
    "spec, players",
    [
        ("soccerlab_lastuf(players=2)", 2),
        ("soccerlab_lastuf(players=3)", 3),
        ("soccerlab_memory(players=3)", 3),
        ("soccerlab_memory(players=4)", 4),
    ],
)
def test_the_players_parameter_sets_the_seats_and_the_game_checks_pass(spec, players):
    """`players` plays a game of a varying number of players with that many seats, in
    OpenSpiel's string form of parameters; OpenSpiel's checks pass on it, and the game's
    string loads the same game again."""
    game = pyspiel.load_game(spec)
    assert game.num_players() == players
    assert game.get_parameters()["players"] == players
    assert pyspiel.load_game(str(game)).get_parameters() == game.get_parameters()
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_the_rules_parameter_loads_a_shipped_rule_set_or_a_file(tmp_path):
    """`rules` names a shipped rule set or a rules file; `players` defaults to the number
    those rules say (LASTUF's `two-players`), and the parameters read back are the ones
    played."""
    game = pyspiel.load_game("soccerlab_grangol", {"rules": "interchangeable"})
    assert game._inner.rules == "interchangeable"
    assert game.get_parameters() == {"players": 2, "rules": "interchangeable"}
    two = pyspiel.load_game("soccerlab_lastuf(rules=two-players)")
    assert two.num_players() == 2
    assert pyspiel.load_game("soccerlab_lastuf").num_players() == 4
    # A change beyond the shipped sets goes through a rules file.
    path = tmp_path / "tiro8.toml"
    path.write_text(soccerlab.load_game("grangol", set={"deck.cards.TIRO": 8}).rules_toml)
    from_file = pyspiel.load_game("soccerlab_grangol", {"rules": str(path)})
    assert from_file._inner.rules_toml == soccerlab.load_game("grangol", rules=str(path)).rules_toml
    assert "TIRO = 8" in from_file._inner.rules_toml
    assert from_file.get_type().parameter_specification == {"players": 0, "rules": "default"}


@pytest.mark.parametrize(
    "name, params, words",
    [
        ("soccerlab_lastuf", {"players": 9}, "lastuf is played by 2 to 4 players"),
        ("soccerlab_grangol", {"players": 3}, "grangol is played by 2 players"),
        ("soccerlab_memory", {"players": 1}, "a one-seat game is not zero-sum"),
        ("soccerlab_grangol", {"players": -1}, "players=-1"),
        ("soccerlab_grangol", {"rules": "nosuch"}, "no shipped rule set 'nosuch'"),
    ],
)
def test_bad_parameters_raise_the_labs_line(name, params, words):
    with pytest.raises(ValueError, match=words):
        pyspiel.load_game(name, params)


def test_games_and_states_pickle_with_their_parameters():
    """A game pickles with its parameters, and a state mid-game with what each seat has
    seen (multiprocessing hands both to its workers this way)."""
    import pickle

    variant = pyspiel.load_game("soccerlab_grangol(rules=interchangeable)")
    variant = pickle.loads(pickle.dumps(variant))
    assert variant.get_parameters() == {"players": 2, "rules": "interchangeable"}
    assert variant._inner.rules == "interchangeable"
    game = pyspiel.load_game("soccerlab_lastuf(players=3)")
    again = pickle.loads(pickle.dumps(game))
    assert again.get_parameters() == game.get_parameters() == {"players": 3, "rules": "default"}
    assert again.num_players() == 3
    state = game.new_initial_state()
    rnd = random.Random(8)
    for _ in range(60):
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rnd.choices(actions, probs)[0])
        else:
            state.apply_action(rnd.choice(state.legal_actions()))
    copy = pickle.loads(pickle.dumps(state))
    assert copy.history() == state.history()
    assert copy.legal_actions() == state.legal_actions()
    for seat in range(3):
        assert copy.information_state_string(seat) == state.information_state_string(seat)
