"""The PettingZoo AEC environments pass PettingZoo's API test, for every registered game,
and play the lab's games."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test

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
    assert sorted(first.values()) == [-1.0, 1.0]
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


def test_placement_rewards_are_the_labs_scores():
    env = szoo.env("crazy_eights", reward="placement")
    assert sorted(play(env, seed=12).values()) == [0.0, 1.0]
    with pytest.raises(ValueError, match="reward"):
        szoo.env("crazy_eights", reward="score")


def test_the_observation_space_declares_the_bounds():
    env = szoo.env("grangol")
    space = env.observation_space("player_0")
    assert space["observation"].low.min() == 0.0 and space["observation"].high.max() == 1.0
    assert space["action_mask"].dtype == np.int8


@pytest.mark.parametrize("name", soccerlab.game_names())
def test_the_parallel_environment_passes_pettingzoos_parallel_api_test(name):
    parallel_api_test(szoo.parallel_env(name), num_cycles=1000)


def test_a_parallel_game_plays_to_its_end_with_zero_sum_rewards():
    env = szoo.parallel_env("crazy_eights")
    obs, infos = env.reset(seed=4)
    rng = np.random.default_rng(4)
    totals = {a: 0.0 for a in env.possible_agents}
    while env.agents:
        deciding = [a for a in env.agents if obs[a]["action_mask"].any()]
        assert len(deciding) == 1
        actions = {a: None for a in env.agents}
        actions[deciding[0]] = int(rng.choice(np.flatnonzero(obs[deciding[0]]["action_mask"])))
        obs, rewards, terminations, truncations, infos = env.step(actions)
        for a, r in rewards.items():
            totals[a] += r
    assert sorted(totals.values()) == [-1.0, 1.0]
