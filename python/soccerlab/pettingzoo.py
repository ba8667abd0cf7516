"""PettingZoo AEC environments of the lab's games.

``env("grangol", rules=..., set=..., players=...)`` is an agent-environment-cycle
(AEC) environment of one game: the agents are ``player_0 … player_{n-1}`` (seat ``i``
is ``player_i``), each observes ``{"observation": float32 tensor in [0, 1],
"action_mask": int8 mask}`` from its own seat only, and acts with a ``Discrete(num_distinct_actions)``
action whose mask is its legal actions. Chance nodes (deals, draws, dice) are resolved
inside the environment from the lab's chance streams of the seed given to
``reset(seed=...)``, so a seeded episode meets the same luck as game 0 of
``sim run --seed SEED``. The lab pays only at the end: the rewards are zero-sum returns
on the last step, zero before (+1 a win, -1 a loss, 0 a draw at two seats; at more seats
``2 (r - 1/2)`` of the placement return ``r``, first +1 and last -1), as PettingZoo's
classic games pay; ``reward="placement"`` pays the lab's scores instead (1 a win, 0.5 a
draw, 0 a loss; the share of opponents finished ahead of at more seats). Games always
end (their length is bounded), so nothing is truncated.

``parallel_env(game)`` is the same game as a PettingZoo ``ParallelEnv``: every agent
sends an action each step, and only the deciding agent's is applied (the others' masks
are all 0, and their actions are ignored).

Needs ``pettingzoo`` and ``gymnasium`` (``pip install soccerlab[pettingzoo]``).
"""

from __future__ import annotations

from typing import Any, Optional, Sequence, Union

import numpy as np

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv, ParallelEnv
except ModuleNotFoundError as e:  # the extra is not installed
    raise ModuleNotFoundError(
        f"{__name__} needs the pettingzoo extra: pip install 'soccerlab[pettingzoo]' "
        f"(missing: {e.name})",
        name=e.name,
    ) from e

from . import _soccerlab

SetArg = Optional[Union[dict, Sequence[str]]]

__all__ = ["SoccerLabEnv", "SoccerLabParallelEnv", "env", "parallel_env", "raw_env"]

#: The reward scales an environment pays in: ``"zero_sum"`` (``State.returns()``) or
#: ``"placement"`` (``State.placement_returns()``, the lab's scores).
REWARDS = ("zero_sum", "placement")


def _final_returns(state: _soccerlab.State, reward: str) -> list:
    """The returns the environment pays at the end, on the ``reward`` scale."""
    return state.returns() if reward == "zero_sum" else state.placement_returns()


def _check_reward(reward: str) -> str:
    if reward not in REWARDS:
        raise ValueError(f"reward {reward!r}: expected one of {REWARDS}")
    return reward


def _seed_from(np_random: np.random.Generator) -> int:
    """A 64-bit lab seed drawn from a numpy generator."""
    return int(np_random.integers(0, 2**63 - 1, dtype=np.int64))


def observation_space_of(game: _soccerlab.Game) -> spaces.Dict:
    """The observation space of one seat at ``game``: the tensor (every entry within
    ``game.observation_bounds()``, ``[0, 1]``) and the action mask (``int8``, 1 at the
    legal codes: the dtype Gymnasium's ``Discrete.sample(mask=...)`` takes)."""
    low, high = game.observation_bounds()
    return spaces.Dict(
        {
            "observation": spaces.Box(
                low=low,
                high=high,
                shape=(game.observation_tensor_size(),),
                dtype=np.float32,
            ),
            "action_mask": spaces.Box(
                low=0, high=1, shape=(game.num_distinct_actions(),), dtype=np.int8
            ),
        }
    )


class SoccerLabEnv(AECEnv):
    """The AEC environment of one lab game (see the module's documentation).

    Args:
        game: a game's name (``soccerlab.game_names()``) or a loaded ``soccerlab.Game``.
        rules: a shipped rule set's name or a TOML file (with a name only).
        set: rules overrides, a dict or a list of ``"key=value"`` (with a name only).
        players: the number of players (with a name only).
        render_mode: ``"human"`` (``render()`` prints the observation string of the agent
            to act) or ``"ansi"`` (``render()`` returns it), or ``None``.
        reward: ``"zero_sum"`` (default) or ``"placement"`` (the lab's scores).
    """

    metadata = {
        "render_modes": ["human", "ansi"],
        "name": "soccerlab_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: Union[str, _soccerlab.Game],
        rules: Optional[str] = None,
        set: SetArg = None,
        players: Optional[int] = None,
        render_mode: Optional[str] = None,
        reward: str = "zero_sum",
    ) -> None:
        super().__init__()
        self.reward = _check_reward(reward)
        if isinstance(game, str):
            game = _soccerlab.load_game(game, rules=rules, set=set, players=players)
        elif rules is not None or set is not None or players is not None:
            raise ValueError("rules, set and players go with a game's name, not a loaded Game")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode {render_mode!r}: expected one of {self.metadata['render_modes']}"
            )
        self.game = game
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"soccerlab_{game.name}_v0")
        n = game.num_players()
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        space = observation_space_of(game)
        self.observation_spaces = {
            a: spaces.Dict(dict(space.spaces)) for a in self.possible_agents
        }
        self.action_spaces = {
            a: spaces.Discrete(game.num_distinct_actions()) for a in self.possible_agents
        }
        self._np_random: Optional[np.random.Generator] = None
        self._game_index = 0
        self.game_state: Optional[_soccerlab.State] = None
        self.agents = []

    def observation_space(self, agent: str) -> spaces.Space:
        """The observation space of ``agent`` (the same object every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        """The action space of ``agent``: ``Discrete(num_distinct_actions)``."""
        return self.action_spaces[agent]

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        """Starts a new game. ``seed``: the episode's luck is that of game 0 of
        ``sim run --seed SEED`` (the same deal and draws); without a seed, a new seed is
        drawn from the environment's generator (seeded once by the first seeded reset).
        ``options`` is accepted and unused."""
        if seed is not None:
            self._np_random = np.random.default_rng(seed)
            lab_seed = int(seed) & (2**64 - 1)
        else:
            if self._np_random is None:
                self._np_random = np.random.default_rng()
            lab_seed = _seed_from(self._np_random)
        self._streams = _soccerlab.LabStreams(self.game, lab_seed, 0)
        self.game_state = self.game.new_initial_state()
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._resolve_chance()
        self._select()

    def _resolve_chance(self) -> None:
        """Applies chance outcomes, drawn from the lab's chance streams, until a seat
        decides or the game ends."""
        state = self.game_state
        while state.is_chance_node():
            state.apply_action(self._streams.chance(state))

    def _select(self) -> None:
        """Selects the deciding seat's agent; at the end pays the returns."""
        state = self.game_state
        if state.is_terminal():
            returns = _final_returns(state, self.reward)
            for a in self.agents:
                self.rewards[a] = float(returns[self._seat[a]])
                self.terminations[a] = True
            # Every agent takes its dead step, seat order.
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[state.current_player()]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """What ``agent`` sees now, from its seat only: the observation tensor and the
        mask of its legal actions (all zero when it does not decide)."""
        seat = self._seat[agent]
        obs = self.game_state.observation_tensor(seat)
        if self.game_state.current_player() == seat:
            mask = self.game_state.legal_actions_mask()
        else:
            mask = np.zeros(self.game.num_distinct_actions(), dtype=np.int8)
        return {"observation": obs, "action_mask": mask}

    def step(self, action: Optional[int]) -> None:
        """Applies the selected agent's ``action`` (``None`` for an agent whose game is
        over), resolves the chance nodes that follow and selects the next agent.
        Errors: ``ValueError`` for an illegal action (nothing is applied)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} decides: an action is needed, not None")
        self.game_state.apply_action(int(action))
        self._cumulative_rewards[agent] = 0.0
        self._resolve_chance()
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Optional[str]:
        """The observation string of the agent to act (of seat 0 once the game is over):
        printed with ``render_mode="human"``, returned with ``"ansi"``."""
        if self.game_state is None:
            return None
        seat = self.game_state.current_player()
        seat = seat if seat >= 0 else 0
        text = self.game_state.observation_string(seat)
        if self.render_mode == "ansi":
            return text
        if self.render_mode == "human":
            print(text)
        return None

    def close(self) -> None:
        """Nothing to release."""

    def __str__(self) -> str:
        return self.metadata["name"]


def raw_env(
    game: Union[str, _soccerlab.Game],
    rules: Optional[str] = None,
    set: SetArg = None,
    players: Optional[int] = None,
    render_mode: Optional[str] = None,
    reward: str = "zero_sum",
) -> SoccerLabEnv:
    """The AEC environment of ``game`` without wrappers (see ``SoccerLabEnv``)."""
    return SoccerLabEnv(
        game, rules=rules, set=set, players=players, render_mode=render_mode, reward=reward
    )


def env(
    game: Union[str, _soccerlab.Game],
    rules: Optional[str] = None,
    set: SetArg = None,
    players: Optional[int] = None,
    render_mode: Optional[str] = None,
    reward: str = "zero_sum",
) -> SoccerLabEnv:
    """The AEC environment of ``game`` (a name or a loaded ``Game``), with its rules:
    ``soccerlab.pettingzoo.env("grangol", set={"timer": 6})``. The environment checks
    actions itself (an illegal action raises ``ValueError``), so no PettingZoo wrapper is
    laid over it."""
    return raw_env(
        game, rules=rules, set=set, players=players, render_mode=render_mode, reward=reward
    )


class SoccerLabParallelEnv(ParallelEnv):
    """The game of :class:`SoccerLabEnv` as a PettingZoo ``ParallelEnv``.

    The lab's games are turn-based: at each step one agent decides. Every agent sends an
    action (PettingZoo's parallel API), and only the deciding agent's is applied; the
    others' action masks are all 0 and their actions (any, or ``None``) are ignored.
    Observations, rewards, seeds and the end are as in :class:`SoccerLabEnv` (same
    arguments, by keyword): each agent observes from its own seat only, the rewards come on the last
    step, and every agent terminates together when the game ends.
    """

    metadata = {
        "render_modes": ["human", "ansi"],
        "name": "soccerlab_parallel_v0",
    }

    def __init__(self, game: Union[str, _soccerlab.Game], **kwargs: Any) -> None:
        self._aec = SoccerLabEnv(game, **kwargs)
        render_mode = kwargs.get("render_mode")
        self.game = self._aec.game
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"soccerlab_{self.game.name}_parallel_v0")
        self.possible_agents = list(self._aec.possible_agents)
        self.observation_spaces = self._aec.observation_spaces
        self.action_spaces = self._aec.action_spaces
        self.agents = []

    def observation_space(self, agent: str) -> spaces.Space:
        """The observation space of ``agent`` (the same object every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        """The action space of ``agent``: ``Discrete(num_distinct_actions)``."""
        return self.action_spaces[agent]

    @property
    def game_state(self) -> Optional[_soccerlab.State]:
        """The state of the game under way (``None`` before the first reset)."""
        return self._aec.game_state

    def _observations(self) -> dict:
        return {a: self._aec.observe(a) for a in self.agents}

    def reset(
        self, seed: Optional[int] = None, options: Optional[dict] = None
    ) -> tuple[dict, dict]:
        """Starts a new game (``seed`` as in :meth:`SoccerLabEnv.reset`). Returns the
        observations and infos of every agent."""
        self._aec.reset(seed=seed, options=options)
        self.agents = list(self._aec.agents)
        return self._observations(), {a: {} for a in self.agents}

    def step(self, actions: dict) -> tuple[dict, dict, dict, dict, dict]:
        """Applies the deciding agent's entry of ``actions`` (the others are ignored) and
        returns ``(observations, rewards, terminations, truncations, infos)``. Errors:
        ``ValueError`` when the deciding agent's action is missing or illegal (nothing is
        applied)."""
        if not self.agents:
            raise RuntimeError("the game is over: call reset()")
        agent = self._aec.agent_selection
        if actions.get(agent) is None:
            raise ValueError(f"{agent} decides: its action is missing")
        self._aec.step(int(actions[agent]))
        over = self._aec.game_state.is_terminal()
        agents = list(self.agents)
        rewards = {a: float(self._aec.rewards.get(a, 0.0)) for a in agents}
        terminations = {a: over for a in agents}
        truncations = {a: False for a in agents}
        observations = {a: self._aec.observe(a) for a in agents}
        infos = {a: {} for a in agents}
        if over:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> Optional[str]:
        """As :meth:`SoccerLabEnv.render`."""
        return self._aec.render()

    def close(self) -> None:
        """Nothing to release."""


def parallel_env(game: Union[str, _soccerlab.Game], **kwargs: Any) -> SoccerLabParallelEnv:
    """The ``ParallelEnv`` of ``game``, with :func:`env`'s keyword arguments (``rules``,
    ``set``, ``players``, ``render_mode``, ``reward``; see :class:`SoccerLabParallelEnv`)."""
    return SoccerLabParallelEnv(game, **kwargs)
