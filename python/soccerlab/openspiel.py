"""The lab's games as OpenSpiel games: ``import soccerlab.openspiel`` registers
``soccerlab_<game>`` for every game (``soccerlab_grangol``, ``soccerlab_lastuf``, …) with
``pyspiel``, so that ``pyspiel.load_game("soccerlab_grangol")`` gives a game OpenSpiel's
algorithms, bots, ``rl_environment`` and checks (``pyspiel.random_sim_test``) work on.

Each game takes two OpenSpiel parameters, both optional:

- ``rules``: a shipped rule set's name (``"interchangeable"``; ``sim rules --game NAME
  --list``) or the path of a TOML rules file, as after ``sim --rules``; by default
  ``"default"``. Any other change to the rules goes into a rules file (``sim rules --game
  NAME --set KEY=VALUE --format toml > my.toml``, or ``soccerlab.load_game(NAME,
  set={...}).rules_toml`` written to a file), because OpenSpiel's string form of
  parameters cannot hold the ``=`` of ``KEY=VALUE``;
- ``players``: the number of players, for a game played by a varying number (LASTUF 2
  to 4, the memory game 2 to 4); ``0`` (the default) plays the number the rules say.
  One player (the memory game's solitaire) is refused: these games are zero-sum from two
  players on, which a one-seat game is not (``soccerlab.load_game("memory", players=1)``
  plays it).

``pyspiel.load_game("soccerlab_lastuf", {"players": 3})`` and
``pyspiel.load_game("soccerlab_grangol(rules=interchangeable)")`` both work. A loaded
game's parameters are those it was played with (``players`` the actual number), so
``pyspiel.load_game(str(game))`` loads the same game again, and games and states pickle
(a game is loaded again by its name and parameters). Bad values raise the lab's one line
(``ValueError``, as ``soccerlab.load_game`` does).

The mapping:

- chance nodes are explicit (``chance_outcomes`` gives each outcome's probability);
- ``returns`` are the engine's zero-sum returns (``soccerlab.State.returns()``): a
  seat's placement return ``r`` in ``[0, 1]`` (the share of opponents it finished ahead
  of, a tie counting half; 1 win, 1/2 draw, 0 loss at two seats), whose mean over the
  seats is always 1/2, becomes ``2 (r - 1/2)``, in ``[-1, 1]``: +1 for a seat ahead of
  every other, -1 for one behind every other, 0 for a draw;
- the observation (string and tensor) is what the lab's engine gives a seat (OpenSpiel's
  default observation, ``perfect_recall=False``); the information state (string only) is
  the seat's perfect-recall history: the CRC-32 of every observation string it has seen,
  one per action applied, then its observation now (the digests keep the string short
  enough to build at every step of a 5,000-action game; two histories that differ
  collide only if a digest does). The engine keeps that record
  (``soccerlab.State.record_information_states``): applying an action costs the same
  at the 5,000th step as at the first, and a copy carries the record along;
- ``max_game_length`` is the engine's bound, which counts chance outcomes too.

Needs ``open_spiel`` (``pip install 'soccerlab[openspiel]'``).
"""

from __future__ import annotations

import random
from typing import Any, Dict, List, Optional

import numpy as np
import pyspiel

from . import _soccerlab

__all__ = ["GAMES", "PARAMETERS", "short_name", "resampler", "SoccerlabGame", "SoccerlabState"]

#: The registered OpenSpiel names, by the lab's game name.
GAMES: Dict[str, str] = {}


def short_name(game: str) -> str:
    """The OpenSpiel name of the lab's game ``game``: ``soccerlab_<game>``."""
    return f"soccerlab_{game}"


# The engine's state answers OpenSpiel's player ids itself (`current_player` below
# forwards them): checked once, at import.
assert (_soccerlab.CHANCE_PLAYER, _soccerlab.TERMINAL_PLAYER) == (
    int(pyspiel.PlayerId.CHANCE),
    int(pyspiel.PlayerId.TERMINAL),
)


class SoccerlabState(pyspiel.State):
    """A state of one of the lab's games, as OpenSpiel sees it."""

    def __init__(self, game: "SoccerlabGame", inner: Any = None):
        super().__init__(game)
        if inner is None:
            inner = game._inner.new_initial_state()
            # Each seat's perfect-recall history, kept by the engine: the digest of its
            # observation string before every action applied (a copy keeps it).
            inner.record_information_states()
        self._inner = inner

    def current_player(self) -> int:
        # The seat, or OpenSpiel's CHANCE (-1) or TERMINAL (-4), in one call to the
        # engine: pyspiel and its RL environment ask it several times a step.
        return self._inner.current_player()

    def _legal_actions(self, player: int) -> List[int]:
        # A new list at every call.
        return self._inner.legal_actions()

    def chance_outcomes(self) -> List[tuple]:
        return list(self._inner.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        self._inner.apply_action(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self._inner.action_to_string(int(action))

    def is_terminal(self) -> bool:
        return self._inner.is_terminal()

    def returns(self) -> List[float]:
        return list(self._inner.returns())

    def information_state_string(self, player: Optional[int] = None) -> str:
        if player is None:
            player = self.current_player()
        return self._inner.information_state_string(player)

    def observation_string(self, player: Optional[int] = None) -> str:
        if player is None:
            player = self.current_player()
        return self._inner.observation_string(player)

    def observation_tensor(self, player: Optional[int] = None) -> np.ndarray:
        if player is None:
            player = self.current_player()
        # A float32 array, written by the engine (OpenSpiel reads it as a sequence).
        return self._inner.observation_tensor(player)

    def clone(self) -> "SoccerlabState":
        return SoccerlabState(self.get_game(), self._inner.clone())

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> "SoccerlabState":
        """A state of ``player_id``'s information set (a determinization: what the seat
        has not seen redrawn by the engine), for OpenSpiel's ``ISMCTSBot``. The engine's
        draw is seeded from ``probability_sampler`` (OpenSpiel's sampler of ``[0, 1)``).
        The copy keeps every seat's record of what it saw, so the player's information
        state is the original's."""
        seed = int(probability_sampler() * 2.0**53)
        inner = self._inner.resample_from_infostate(int(player_id), seed)
        return SoccerlabState(self.get_game(), inner)

    def __str__(self) -> str:
        return str(self._inner)


def resampler(seed: int = 0) -> Any:
    """A resampling callback for OpenSpiel's ``ISMCTSBot``
    (``bot.set_resampler(soccerlab.openspiel.resampler(seed))``): ``cb(state, player)``
    is ``state.resample_from_infostate(player, ...)`` drawn from a generator seeded with
    ``seed``. (pyspiel does not dispatch ``State.resample_from_infostate`` to a Python
    game, so the bot needs the callback.)"""
    rng = random.Random(seed)

    def cb(state: SoccerlabState, player: int) -> SoccerlabState:
        return state.resample_from_infostate(player, rng.random)

    return cb


class _Observer:
    """OpenSpiel's PyObserver for a lab game: the engine's observation tensor and string
    (``perfect_recall=False``), or the seat's history of observation strings
    (``perfect_recall=True``, no tensor)."""

    def __init__(self, game: Any, iig_obs_type: Any):
        self._recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        size = 0 if self._recall else game.observation_tensor_size()
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: SoccerlabState, player: int) -> None:
        if not self._recall:
            state._inner.observation_tensor(player, out=self.tensor)

    def string_from(self, state: SoccerlabState, player: int) -> str:
        if self._recall:
            return state.information_state_string(player)
        return state._inner.observation_string(player)


#: The OpenSpiel parameters of every game and their defaults (see the module's text).
PARAMETERS: Dict[str, Any] = {"players": 0, "rules": "default"}


def _load(name: str, params: Dict[str, Any]) -> Any:
    """The lab's game ``name`` loaded with the OpenSpiel parameters ``params`` (missing
    ones at their defaults). Raises ``ValueError`` with the lab's line, or naming the
    parameter."""
    unknown = sorted(set(params) - set(PARAMETERS))
    if unknown:
        raise ValueError(
            f"{short_name(name)}: unknown parameter {unknown[0]!r} (parameters: "
            f"{', '.join(PARAMETERS)}; other rule changes go into a rules file, rules=FILE)"
        )
    players = params.get("players", PARAMETERS["players"])
    rules = params.get("rules", PARAMETERS["rules"])
    if not isinstance(players, int) or isinstance(players, bool) or players < 0:
        raise ValueError(
            f"{short_name(name)}: players={players!r}: a whole number, 0 for the rules' own"
        )
    if not isinstance(rules, str) or not rules:
        raise ValueError(f"{short_name(name)}: rules={rules!r}: a rule set's name or a rules file")
    inner = _soccerlab.load_game(name, rules=rules, players=players or None)
    if inner.num_players() < 2:
        raise ValueError(
            f"{short_name(name)}: {inner.num_players()} player: a one-seat game is not "
            f"zero-sum, as every soccerlab game in OpenSpiel is (soccerlab.load_game plays it)"
        )
    return inner


class SoccerlabGame(pyspiel.Game):
    """One of the lab's games as an OpenSpiel game, with the rules and number of players
    its parameters name (``PARAMETERS``)."""

    _name = ""
    _type: Any = None

    def __init__(self, params: Optional[Dict[str, Any]] = None):
        params = dict(params or {})
        self._inner = _load(self._name, params)
        played = {
            "players": self._inner.num_players(),
            "rules": params.get("rules", PARAMETERS["rules"]),
        }
        super().__init__(self._type, _game_info(self._inner), played)

    def new_initial_state(self) -> SoccerlabState:
        return SoccerlabState(self)

    def __reduce__(self) -> Any:
        # pyspiel's own pickling of a Python game rebuilds only its C++ side, without the
        # lab's game set here: a pickled game is loaded again by name and parameters.
        return (pyspiel.load_game, (self.get_type().short_name, self.get_parameters()))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return _Observer(self._inner, iig_obs_type)


def _game_type(name: str, game: Any) -> Any:
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"soccerlab {name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_num_players(),
        # A one-seat game (a solitaire) is not zero-sum: refused by `_load`.
        min_num_players=max(2, game.min_num_players()),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(PARAMETERS),
    )


def _game_info(game: Any) -> Any:
    return pyspiel.GameInfo(
        num_distinct_actions=game.num_distinct_actions(),
        # Chance outcomes are action codes of the same space.
        max_chance_outcomes=game.num_distinct_actions(),
        num_players=game.num_players(),
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0,
        max_game_length=game.max_game_length(),
    )


def _register() -> None:
    for name in _soccerlab.game_names():
        if short_name(name) in pyspiel.registered_names():
            GAMES[name] = short_name(name)
            continue
        game_type = _game_type(name, _soccerlab.load_game(name))
        cls = type(f"Soccerlab_{name}_Game", (SoccerlabGame,), {"_name": name, "_type": game_type})
        pyspiel.register_game(game_type, cls)
        GAMES[name] = short_name(name)


_register()
