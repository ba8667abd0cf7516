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
            # Placement returns: they sum to n/2 and lie in [0, 1].
            assert rewards[i].sum() == pytest.approx(game.num_players() / 2)
            assert ((rewards[i] >= 0) & (rewards[i] <= 1)).all()
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
