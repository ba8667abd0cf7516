"""The Gymnasium single-agent environment passes Gymnasium's environment checker and
plays against lab agents."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import soccerlab
from soccerlab.gym import SingleAgentEnv


@pytest.mark.parametrize("name", soccerlab.game_names())
def test_the_single_agent_environment_passes_gymnasiums_checker(name):
    check_env(SingleAgentEnv(name, opponent="greedy"), skip_render_check=True)


def test_check_env_against_the_default_mcts_opponent():
    check_env(SingleAgentEnv("crazy_eights", opponent="mcts(iterations=200)", seat=1),
              skip_render_check=True)


def test_a_masked_random_learner_plays_a_game_to_its_end():
    env = SingleAgentEnv("crazy_eights", opponent="mcts(iterations=50)", seat=1,
                         render_mode="ansi")
    obs, info = env.reset(seed=3)
    rng = np.random.default_rng(0)
    terminated, reward, steps = False, 0.0, 0
    while not terminated:
        assert np.array_equal(obs["action_mask"], info["action_mask"])
        action = int(rng.choice(np.flatnonzero(env.action_masks())))
        obs, reward, terminated, truncated, info = env.step(action)
        assert not truncated
        steps += 1
    assert reward in (-1.0, 0.0, 1.0) and steps > 0
    assert isinstance(env.render(), str)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_an_illegal_action_loses_or_raises():
    env = SingleAgentEnv("crazy_eights", opponent="random")
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert terminated and reward == -1.0 and info["illegal_action"]
    strict = SingleAgentEnv("crazy_eights", opponent="random", illegal_action="raise")
    strict.reset(seed=1)
    with pytest.raises(ValueError, match="not legal"):
        strict.step(illegal)


def test_bad_opponents_and_seats_are_refused():
    with pytest.raises(ValueError):
        SingleAgentEnv("crazy_eights", opponent="no_such_agent")
    with pytest.raises(ValueError, match="seat 2"):
        SingleAgentEnv("crazy_eights", seat=2)


@pytest.mark.parametrize("name", soccerlab.game_names())
def test_every_game_is_made_by_gymnasium_make(name):
    import gymnasium

    env = gymnasium.make(f"soccerlab.gym:soccerlab/{name}-v0", opponent="random", seat=0)
    assert isinstance(env.unwrapped, SingleAgentEnv) and env.unwrapped.seat == 0
    obs, info = env.reset(seed=5)
    rng = np.random.default_rng(1)
    terminated, steps = False, 0
    while not terminated and steps < 20:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(action)
        steps += 1
    assert steps > 0
    env.close()
