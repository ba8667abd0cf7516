"""The PettingZoo AEC environments pass PettingZoo's API test, for every registered game,
and play the lab's games."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test

import soccerlab
import soccerlab.pettingzoo as szoo


@pytest.mark.parametrize("name", soccerlab.game_names())
def test_the_aec_environment_passes_pettingzoos_api_test(name):
    env = szoo.env(name)
    # Up to 1000 cycles of every agent: most games play to their end.
    api_test(env, num_cycles=1000)


def play(env, seed):
    """One game of random legal actions; the agents' cumulative rewards at the end."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(rng.choice(legal)))
    return totals


def test_a_seeded_episode_is_reproducible_and_pays_the_returns():
    env = szoo.env("crazy_eights", render_mode="ansi")
    first = play(env, seed=12)
    assert sorted(first.values()) == [0.0, 1.0]
    assert play(env, seed=12) == first
    assert isinstance(env.render(), str)  # the observation string of the game's end


def test_an_illegal_action_raises():
    env = szoo.env("crazy_eights")
    env.reset(seed=1)
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="not legal"):
        env.step(illegal)


def test_rules_reach_the_environment():
    env = szoo.env("lastuf", players=3)
    assert env.possible_agents == ["player_0", "player_1", "player_2"]
    with pytest.raises(ValueError, match="players"):
        szoo.env("lastuf", players=9)
