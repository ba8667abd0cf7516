"""A Gymnasium single-agent environment: one seat of a lab game against lab agents.

``SingleAgentEnv("grangol", opponent="mcts(iterations=200)", seat=0)`` lets a learner
play ``seat`` while every other seat is played by a lab agent (``soccerlab.Agent``)
acting in Rust through its own seat's honest view, with the game's defaults of agent
parameters as in ``sim``. Chance is resolved inside the environment from the lab's
chance streams, so ``reset(seed=S)`` meets the luck of game 0 of ``sim run --seed S``,
and the opponents draw from the seat streams of that game.

Observation: ``{"observation": float32 tensor in [0, 1], "action_mask": int8 mask}`` of
the learner's seat (the mask is also in ``info["action_mask"]`` and ``action_masks()``,
for maskable learners). Action: ``Discrete(num_distinct_actions)``. Reward: the seat's
zero-sum return at the end of the game (+1 a win, 0 a draw, -1 a loss at two seats;
``reward="placement"``: the lab's 1, 0.5, 0), zero before. An illegal action, by
default, ends the episode with reward ``illegal_reward`` (-1, a loss's on the zero-sum
scale; ``info["illegal_action"] = True``); ``illegal_action="raise"`` raises
``ValueError`` instead.

Needs ``gymnasium`` (``pip install soccerlab[pettingzoo]``).
"""

from __future__ import annotations

from typing import Any, Optional, Sequence, Union

import numpy as np

# First: without the pettingzoo extra (pettingzoo, gymnasium) this import fails with the
# pip command that installs it.
from .pettingzoo import _check_reward, _final_returns, observation_space_of  # isort: skip

import gymnasium  # noqa: E402
from gymnasium import spaces  # noqa: E402

from . import _soccerlab  # noqa: E402

SetArg = Optional[Union[dict, Sequence[str]]]

__all__ = ["SingleAgentEnv"]


class SingleAgentEnv(gymnasium.Env):
    """One seat of a lab game against lab agents (see the module's documentation).

    Args:
        game: a game's name or a loaded ``soccerlab.Game``.
        opponent: the agent spec of every other seat, as typed after ``sim --agents``
            (``"random"``, ``"greedy"``, ``"mcts(iterations=200)"``), or a list of one
            spec per other seat, in seat order.
        seat: the learner's seat.
        rules, set, players: the rules, with a game's name (as ``load_game``).
        illegal_action: ``"lose"`` (the episode ends with ``illegal_reward``) or
            ``"raise"`` (``ValueError``, nothing applied).
        illegal_reward: the reward of an illegal action under ``"lose"``.
        render_mode: ``"human"`` prints the learner's observation string, ``"ansi"``
            returns it.
        reward: ``"zero_sum"`` (default: +1, 0, -1) or ``"placement"`` (the lab's 1,
            0.5, 0).
    """

    metadata = {"render_modes": ["human", "ansi"]}

    def __init__(
        self,
        game: Union[str, _soccerlab.Game],
        opponent: Union[str, Sequence[str]] = "mcts(iterations=200)",
        seat: int = 0,
        rules: Optional[str] = None,
        set: SetArg = None,
        players: Optional[int] = None,
        illegal_action: str = "lose",
        illegal_reward: float = -1.0,
        render_mode: Optional[str] = None,
        reward: str = "zero_sum",
    ) -> None:
        super().__init__()
        self.reward = _check_reward(reward)
        if isinstance(game, str):
            game = _soccerlab.load_game(game, rules=rules, set=set, players=players)
        elif rules is not None or set is not None or players is not None:
            raise ValueError("rules, set and players go with a game's name, not a loaded Game")
        n = game.num_players()
        if not 0 <= seat < n:
            raise ValueError(f"seat {seat} is not a seat of {game.name} (seats 0 to {n - 1})")
        if illegal_action not in ("lose", "raise"):
            raise ValueError(f"illegal_action {illegal_action!r}: expected 'lose' or 'raise'")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode {render_mode!r}: expected one of {self.metadata['render_modes']}"
            )
        others = [s for s in range(n) if s != seat]
        specs = [opponent] * len(others) if isinstance(opponent, str) else list(opponent)
        if len(specs) != len(others):
            raise ValueError(
                f"{len(specs)} opponent specs for the {len(others)} other seats of {game.name}"
            )
        self.game = game
        self.seat = seat
        self.opponent_specs = dict(zip(others, specs))
        # Built once here so that a bad spec fails at once, with the lab's line.
        self._opponents = {s: _soccerlab.Agent(game, spec) for s, spec in self.opponent_specs.items()}
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.observation_space = observation_space_of(game)
        self.action_space = spaces.Discrete(game.num_distinct_actions())
        self.game_state: Optional[_soccerlab.State] = None
        self._over = False

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[dict] = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Starts a new game and plays chance and the opponents up to the learner's first
        decision (or the end). ``seed``: the luck and the opponents' streams of game 0 of
        ``sim run --seed SEED``; without one, a seed drawn from the environment's
        generator. ``options`` is accepted and unused."""
        super().reset(seed=seed)
        if seed is not None:
            lab_seed = int(seed) & (2**64 - 1)
        else:
            lab_seed = int(self.np_random.integers(0, 2**63 - 1, dtype=np.int64))
        self._streams = _soccerlab.LabStreams(self.game, lab_seed, 0)
        for agent in self._opponents.values():
            agent.new_game(game_index=0, seed=lab_seed)
        self._over = False
        self.game_state = self.game.new_initial_state()
        self._advance()
        if self.render_mode == "human":
            self.render()
        return self._observation(), self._info()

    def _advance(self) -> None:
        """Plays chance and the opponents until the learner decides or the game ends."""
        state = self.game_state
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(self._streams.chance(state))
                continue
            player = state.current_player()
            if player == self.seat:
                return
            state.apply_action(self._opponents[player].act(state, player))

    def _mask(self) -> np.ndarray:
        state = self.game_state
        if state.current_player() == self.seat:
            return state.legal_actions_mask()
        return np.zeros(self.game.num_distinct_actions(), dtype=np.int8)

    def _observation(self) -> dict[str, np.ndarray]:
        return {
            "observation": self.game_state.observation_tensor(self.seat),
            "action_mask": self._mask(),
        }

    def _info(self, **extra: Any) -> dict[str, Any]:
        return {"action_mask": self._mask(), **extra}

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions as a mask, 1 at the legal codes (``int8``, the
        package's one mask dtype; for maskable learners such as sb3-contrib's
        ``MaskablePPO``)."""
        return self._mask()

    def step(
        self, action: int
    ) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        """Applies the learner's ``action``, then chance and the opponents up to its next
        decision or the end. Returns ``(observation, reward, terminated, truncated,
        info)``; the reward is the learner's return at the end, zero before."""
        if self.game_state is None:
            raise RuntimeError("call reset() before step()")
        if self._over or self.game_state.is_terminal():
            raise RuntimeError("the episode is over: call reset()")
        legal = self.game_state.legal_actions()
        action = int(action)
        if action not in legal:
            if self.illegal_action == "raise":
                self.game_state.apply_action(action)  # raises the lab's ValueError
            self._over = True
            obs = self._observation()
            return obs, self.illegal_reward, True, False, self._info(illegal_action=True)
        self.game_state.apply_action(action)
        self._advance()
        terminated = self.game_state.is_terminal()
        reward = (
            float(_final_returns(self.game_state, self.reward)[self.seat]) if terminated else 0.0
        )
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, terminated, False, self._info()

    def render(self) -> Optional[str]:
        """The learner's observation string: printed (``"human"``) or returned
        (``"ansi"``)."""
        if self.game_state is None:
            return None
        text = self.game_state.observation_string(self.seat)
        if self.render_mode == "ansi":
            return text
        if self.render_mode == "human":
            print(text)
        return None


def _register() -> None:
    """Registers every game with Gymnasium as ``soccerlab/<game>-v0`` (a
    :class:`SingleAgentEnv` of that game; ``gymnasium.make``'s keyword arguments are its
    own: ``opponent``, ``seat``, ``rules``…). Importing this module registers them; without
    the import, ``gymnasium.make("soccerlab.gym:soccerlab/grangol-v0")`` imports it first."""
    for name in _soccerlab.game_names():
        env_id = f"soccerlab/{name}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point="soccerlab.gym:SingleAgentEnv",
                kwargs={"game": name},
            )


_register()
