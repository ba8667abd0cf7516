"""`VectorEnv`: many games stepped together from NumPy arrays (issue 44)."""

from __future__ import annotations

import numpy as np
import pytest

import soccerlab


def _random_actions(rng, counts, legal):
    n = len(counts)
    return legal[np.arange(n), (rng.random(n) * counts).astype(np.int64)].astype(np.int64)


@pytest.mark.parametrize("name", soccerlab.game_names())
def test_vector_games_match_single_states_and_pay_returns(name):
    """Every row of `legal` is the legal actions of a `State` that took the same
    actions; ended games pay their returns and start over; a seed replays exactly."""
    game = soccerlab.load_game(name)
    env = soccerlab.VectorEnv(game, 8, seed=3)
    assert env.num_envs == 8
    counts, legal, players = env.reset()
    rng = np.random.default_rng(1)
    trace = []
    for _ in range(400):
        for i in range(8):
            assert 0 < counts[i] and players[i] >= 0
            row = legal[i, : counts[i]]
            assert list(row) == sorted(row)
            assert not legal[i, counts[i]:].any()
        actions = _random_actions(rng, counts, legal)
        counts, legal, players, rewards, dones = env.step(actions)
        trace.append(actions.copy())
        for i in np.flatnonzero(dones):
            # Zero-sum returns: they sum to 0 and lie in [-1, 1].
            assert rewards[i].sum() == pytest.approx(0.0, abs=1e-6)
            assert ((rewards[i] >= -1) & (rewards[i] <= 1)).all()
        assert not rewards[~dones].any()
    # The same seed and actions give the same games.
    again = soccerlab.VectorEnv(game, 8, seed=3)
    again.reset()
    for actions in trace:
        c2, l2, p2, r2, d2 = again.step(actions)
    assert (c2 == counts).all() and (l2 == legal).all() and (p2 == players).all()
    assert again.episodes == env.episodes


def test_grangol_episodes_end_and_bad_actions_are_refused():
    game = soccerlab.load_game("grangol")
    env = soccerlab.VectorEnv(game, 64, seed=1)
    counts, legal, _ = env.reset()
    rng = np.random.default_rng(2)
    ended = 0
    for _ in range(2000):
        counts, legal, _, _, dones = env.step(_random_actions(rng, counts, legal))
        ended += int(dones.sum())
    assert ended == env.episodes > 64
    with pytest.raises(ValueError, match="not one of its legal actions"):
        env.step(np.full(64, 9999, dtype=np.int64))
    with pytest.raises(ValueError, match="entries for 64 games"):
        env.step(np.zeros(3, dtype=np.int64))
    with pytest.raises(ValueError):
        soccerlab.VectorEnv(game, 0)


@pytest.mark.parametrize("name", soccerlab.game_names())
def test_observations_and_masks_are_the_states_own(name):
    """`observations()` and `masks()` give each game's deciding seat's tensor (within the
    declared bounds) and legal actions, as the env's own arrays."""
    game = soccerlab.load_game(name)
    env = soccerlab.VectorEnv(game, 4, seed=5)
    counts, legal, players = env.reset()
    rng = np.random.default_rng(3)
    low, high = game.observation_bounds()
    for _ in range(50):
        obs = env.observations()
        masks = env.masks()
        assert obs.shape == (4, game.observation_tensor_size()) and obs.dtype == np.float32
        assert masks.shape == (4, game.num_distinct_actions()) and masks.dtype == np.int8
        assert ((obs >= low) & (obs <= high)).all()
        for i in range(4):
            assert np.flatnonzero(masks[i]).tolist() == legal[i, : counts[i]].tolist()
        counts, legal, players, _, _ = env.step(_random_actions(rng, counts, legal))


def test_placement_rewards_are_the_labs_scores():
    game = soccerlab.load_game("crazy_eights")
    env = soccerlab.VectorEnv(game, 16, seed=2, reward="placement")
    counts, legal, _ = env.reset()
    rng = np.random.default_rng(4)
    seen = 0
    while seen < 10:
        counts, legal, _, rewards, dones = env.step(_random_actions(rng, counts, legal))
        for i in np.flatnonzero(dones):
            assert rewards[i].sum() == pytest.approx(1.0)
            seen += 1
    with pytest.raises(ValueError, match="reward"):
        soccerlab.VectorEnv(game, 2, reward="score")


def test_an_opponent_plays_the_other_seats_in_rust():
    """With an opponent, every decision returned is the learner's, whose seat rotates
    from game to game; the learner playing `random` against `greedy` loses most games."""
    game = soccerlab.load_game("grangol")
    env = soccerlab.VectorEnv(game, 16, seed=7, opponent="greedy")
    counts, legal, players = env.reset()
    seats = env.learner_seats()
    assert (players == seats).all()
    assert sorted(set(seats.tolist())) == [0, 1]
    rng = np.random.default_rng(5)
    score, games = 0.0, 0
    while games < 40:
        learner = env.learner_seats()
        counts, legal, players, rewards, dones = env.step(_random_actions(rng, counts, legal))
        for i in np.flatnonzero(dones):
            score += rewards[i, learner[i]]
            games += 1
        assert (players == env.learner_seats()).all()
    # Greedy scores about 0.79 against random (a mean zero-sum return of -0.58 for the
    # learner); an opponent playing at random would leave it near 0.
    assert score / games < -0.3, score / games
    with pytest.raises(ValueError, match="unknown agent|not an agent|agent"):
        soccerlab.VectorEnv(game, 2, opponent="nosuchagent")


def test_forced_decisions_are_skipped_and_goals_pay_a_zero_sum_shaping_reward():
    """`skip_forced` never returns a decision with one legal action; `goal_reward` pays
    goals as they come (before the end too), each step's rewards summing to 0."""
    game = soccerlab.load_game("grangol")
    plain = soccerlab.VectorEnv(game, 16, seed=4)
    counts, legal, _ = plain.reset()
    rng = np.random.default_rng(6)
    forced = 0
    for _ in range(300):
        forced += int((counts == 1).sum())
        counts, legal, _, _, _ = plain.step(_random_actions(rng, counts, legal))
    assert forced > 0, "GRANGOL has forced decisions"
    env = soccerlab.VectorEnv(game, 16, seed=4, skip_forced=True, goal_reward=0.5)
    counts, legal, _ = env.reset()
    midgame_goals = 0
    for _ in range(1500):
        assert (counts > 1).all()
        counts, legal, _, rewards, dones = env.step(_random_actions(rng, counts, legal))
        assert np.allclose(rewards.sum(axis=1), 0.0, atol=1e-5)
        midgame_goals += int((rewards[~dones] != 0).any(axis=1).sum())
    assert midgame_goals > 0 and env.episodes > 0
