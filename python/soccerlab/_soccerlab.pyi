"""Typed stubs of the extension module ``soccerlab._soccerlab`` (pyo3), written by hand.

The OpenSpiel-style API: ``load_game`` gives a ``Game``; its ``State`` follows
``pyspiel.State``'s names and conventions (seat indices, ``CHANCE_PLAYER = -1``,
``TERMINAL_PLAYER = -4``, dense action codes below ``num_distinct_actions()`` shared by
decisions and chance outcomes). Errors are ``ValueError`` with the lab's one-line message
(``RuntimeError`` if the engine panics: a bug).
"""

from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Union

import numpy as np
import numpy.typing as npt

#: ``State.current_player()`` at a chance node (OpenSpiel's ``kChancePlayerId``).
CHANCE_PLAYER: int
#: ``State.current_player()`` once the game is over (OpenSpiel's ``kTerminalPlayerId``).
TERMINAL_PLAYER: int
#: ``sim``'s default ``--seed``.
DEFAULT_SEED: int
#: ``sim``'s default ``--checkpoint``, in seconds.
DEFAULT_CHECKPOINT_SECONDS: int
#: The lab's version (the Cargo workspace's), also ``soccerlab.__version__``.
__version__: str

SetArg = Optional[Union[Mapping[str, Union[bool, int, float, str]], Sequence[str], str]]

def features() -> list[str]:
    """The cargo features this build has, of ``datasets`` (``selfplay``) and ``onnx`` (the
    ``onnx(model=FILE)`` agent). A call that needs a missing one raises ``ValueError``
    naming the feature and the ``pip install`` command that builds it."""

def game_names() -> list[str]:
    """The names of the registered games (``sim games``), in registration order."""

def load_game(
    name: str,
    rules: Optional[str] = None,
    set: SetArg = None,
    players: Optional[int] = None,
) -> Game:
    """Loads the registered game ``name`` as ``sim --game NAME`` does: ``rules`` a shipped
    rule set's name or a TOML file (``None``: default), ``set`` overrides (a dict, or
    ``"key=value"`` strings as after ``--set``), ``players`` the rules key ``players``.
    Raises ``ValueError`` with the lab's line (every problem of the rule set)."""

def deserialize_game_and_state(text: str) -> tuple[Game, State]:
    """The game (loaded from the rules recorded in ``text``) and the state that
    ``State.serialize()`` wrote. Raises ``ValueError``."""

class Game:
    """A game loaded with its rules (OpenSpiel's ``pyspiel.Game``)."""

    @property
    def name(self) -> str:
        """The game's name as typed after ``sim --game``."""
    @property
    def rules(self) -> str:
        """Where the rules came from (``"default"``, a rule set, a file; ``+ --set …``)."""
    @property
    def rules_toml(self) -> str:
        """The resolved rules as a complete rules file (TOML)."""
    @property
    def warnings(self) -> list[str]:
        """The game's warnings about this rule set, one line each."""
    def num_players(self) -> int:
        """The number of seats."""
    def min_num_players(self) -> int:
        """The fewest seats the game can be played with (``load_game(..., players=N)``)."""
    def max_num_players(self) -> int:
        """The most seats the game can be played with."""
    def num_distinct_actions(self) -> int:
        """The number of action codes (decisions and chance outcomes): the mask's length."""
    def max_game_length(self) -> int:
        """The most actions a game can last."""
    def min_utility(self) -> float:
        """-1: the smallest entry of ``State.returns()`` (a loss)."""
    def max_utility(self) -> float:
        """1: the largest entry of ``State.returns()`` (a win)."""
    def utility_sum(self) -> Optional[float]:
        """0 (zero-sum) from two seats on; ``None`` for a one-seat game."""
    def observation_bounds(self) -> tuple[float, float]:
        """``(0.0, 1.0)``: the bounds of every observation tensor entry."""
    def observation_tensor_shape(self) -> list[int]:
        """``[observation_tensor_size()]``: the tensor is flat."""
    def observation_tensor_size(self) -> int:
        """The number of ``float32`` entries of an observation tensor."""
    def observation_layout(self) -> list[tuple[str, tuple[int, ...], str]]:
        """The tensor's parts laid end to end: ``(name, shape, about)``."""
    def new_initial_state(self) -> State:
        """The state before the first action."""
    def deserialize_state(self, text: str) -> State:
        """The state ``State.serialize()`` wrote, replayed on this game (same game and
        rules, else ``ValueError``)."""
    def agent_names(self) -> list[str]:
        """The lab's agents that can play this game (for ``Agent``)."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class State:
    """A position of a game with the history that led to it (OpenSpiel's
    ``pyspiel.State``)."""

    def current_player(self) -> int:
        """The deciding seat; ``CHANCE_PLAYER`` (-1) at chance, ``TERMINAL_PLAYER`` (-4)
        at the end."""
    def is_chance_node(self) -> bool:
        """Whether chance acts next."""
    def is_terminal(self) -> bool:
        """Whether the game is over."""
    def is_player_node(self) -> bool:
        """Whether a seat decides next."""
    def legal_actions(self) -> list[int]:
        """The legal action codes, sorted (chance outcomes at a chance node, none at the
        end)."""
    def legal_actions_mask(self) -> npt.NDArray[np.int8]:
        """``legal_actions()`` as an ``int8`` mask of ``num_distinct_actions()`` entries
        (the package's one mask dtype)."""
    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``[(action, probability)]`` at a chance node, ``[]`` elsewhere."""
    def apply_action(self, action: int) -> None:
        """Applies a legal action or chance outcome; ``ValueError`` (state unchanged)
        otherwise."""
    def returns(self) -> list[float]:
        """Per-seat zero-sum returns: zero until the end, then +1 a win, -1 a loss, 0 a
        draw at two seats (``2 (r - 1/2)`` of the placement return ``r``)."""
    def placement_returns(self) -> list[float]:
        """The lab's placement returns (1 a win, 0.5 a draw, 0 a loss at two seats),
        zero until the end."""
    def player_return(self, player: int) -> float:
        """Seat ``player``'s entry of ``returns()``."""
    def rewards(self) -> list[float]:
        """The last action's rewards: ``returns()`` at the end, zeros before."""
    def scores(self) -> list[int]:
        """Goals (points) of each seat so far."""
    def observation_tensor(
        self, seat: Optional[int] = None, out: Optional[npt.NDArray[np.float32]] = None
    ) -> npt.NDArray[np.float32]:
        """What ``seat`` (``None``: the deciding seat) sees, as a ``float32`` array,
        written by the engine into a new array or into ``out`` (returned)."""
    def observation_string(self, seat: Optional[int] = None) -> str:
        """What ``seat`` (``None``: the deciding seat) sees, as text."""
    def record_information_states(self) -> None:
        """Starts each seat's perfect-recall record: from now on every action applied
        adds the CRC-32 (zlib's ``crc32``) of the seat's observation string before it.
        Copies, clones, resampled states and pickles keep the record."""
    def information_state_string(self, seat: Optional[int] = None) -> str:
        """``seat``'s information state with perfect recall (``None``: the deciding
        seat): its record, an 8-digit hexadecimal digest and a space per action applied
        since ``record_information_states``, then a newline and its observation string
        now. Raises ``ValueError`` on a state that does not record."""
    def action_to_string(self, action: int) -> str:
        """The readable name of ``action`` here, as ``sim trace`` writes it."""
    def history(self) -> list[int]:
        """Every action applied since the initial state, chance outcomes included."""
    def move_number(self) -> int:
        """The number of actions applied."""
    def num_players(self) -> int:
        """The number of seats."""
    def get_game(self) -> Game:
        """The state's game."""
    def resample_from_infostate(self, seat: int, seed: int = 0) -> State:
        """A state of ``seat``'s information set, hidden parts redrawn with ``seed``."""
    def clone(self) -> State:
        """An independent copy."""
    def __copy__(self) -> State: ...
    def __deepcopy__(self, memo: Any) -> State: ...
    def serialize(self) -> str:
        """The game's name, rules and action history as one line of JSON."""
    def __str__(self) -> str:
        """The full state (hidden facts included) as ``sim trace``'s JSON snapshot."""

class Agent:
    """A lab agent (``"random"``, ``"greedy"``, ``"mcts(iterations=200)"``…) acting in
    Rust through its seat's honest view, with the game's defaults of agent parameters,
    drawing from the lab's seat streams of (``seed``, ``game_index``)."""

    def __init__(self, game: Game, spec: str, seed: int = 0, game_index: int = 0) -> None: ...
    @property
    def spec(self) -> str:
        """The effective spec (the game's defaults laid under the typed parameters)."""
    @property
    def seed(self) -> int:
        """The master seed of the streams the agent draws from."""
    @property
    def game_index(self) -> int:
        """The game index of the streams the agent draws from."""
    def act(self, state: State, seat: Optional[int] = None) -> int:
        """The agent's action for the deciding seat (``seat`` must be it). A forced
        decision (one legal action) returns that action without asking the agent, which
        then draws nothing from its stream, as in ``sim run``."""
    def new_game(self, game_index: Optional[int] = None, seed: Optional[int] = None) -> None:
        """Forgets the last game; draws from game ``game_index``'s streams (``None``: the
        next index) of seed ``seed`` (``None``: the same)."""

class LabStreams:
    """The random streams ``sim run``/``sim trace`` use in game ``game_index`` of a run
    with master seed ``seed`` (duplicate deals unless ``duplicate=False``)."""

    def __init__(
        self, game: Game, seed: int, game_index: int = 0, duplicate: bool = True
    ) -> None: ...
    @property
    def deal(self) -> int:
        """The deal the chance streams come from."""
    def chance(self, state: State) -> int:
        """The chance outcome the lab's runner draws at chance node ``state``."""
    def random_action(self, state: State) -> int:
        """The ``random`` agent's choice at decision ``state``, from its seat's stream."""

class VectorEnv:
    """``num_envs`` games of ``game`` stepped together, each on its own chance stream
    derived from ``seed`` and its index. Every call returns the env's own arrays,
    rewritten by the next call: ``counts`` (``uint16[n]``, legal actions per game),
    ``legal`` (``uint16[n, 256]``, each game's sorted legal actions in its first
    ``counts[i]`` entries), ``players`` (``int8[n]``, the deciding seat), and from
    ``step`` also ``rewards`` (``float32[n, num_players]``, the returns where a game
    ended at this step, else 0: zero-sum, or the lab's with ``reward="placement"``) and
    ``dones`` (``bool[n]``; an ended game has already started over). With ``opponent``
    (a lab agent spec) Python plays one seat of each game, rotating from game to game,
    and the agent the others, in Rust."""

    def __init__(
        self,
        game: Game,
        num_envs: int,
        seed: int = 0,
        opponent: Optional[str] = None,
        reward: str = "zero_sum",
        skip_forced: bool = False,
        goal_reward: float = 0.0,
    ) -> None:
        """``skip_forced``: decisions with one legal action are applied without asking
        Python. ``goal_reward`` ``g``: each step also pays every seat ``g`` times the change
        of its goal margin (its goals less the seats' mean) since its last reward."""
    def observations(self) -> npt.NDArray[np.float32]:
        """The deciding seats' observation tensors, ``float32[n, size]`` (the env's own
        array)."""
    def masks(self) -> npt.NDArray[np.int8]:
        """The deciding seats' legal-action masks, ``int8[n, num_distinct_actions]``."""
    def learner_seats(self) -> npt.NDArray[np.int8]:
        """The learner's seat in each game under way (-1 without an opponent)."""
    @property
    def num_envs(self) -> int: ...
    @property
    def episodes(self) -> int:
        """Games ended so far, over every env."""
    def reset(
        self,
    ) -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint16], npt.NDArray[np.int8]]:
        """Starts every game afresh; ``(counts, legal, players)``."""
    def step(
        self, actions: npt.NDArray[np.int64]
    ) -> tuple[
        npt.NDArray[np.uint16],
        npt.NDArray[np.uint16],
        npt.NDArray[np.int8],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
    ]:
        """Applies one legal action per game, plays chance up to each game's next
        decision, starts ended games over; ``(counts, legal, players, rewards, dones)``.
        ``ValueError`` for a wrong length or an illegal action."""

# ---- The lab from Python (python/src/lab_api.rs); the public, documented API is
# `soccerlab.lab` (run, compare, ladder, play_match), which calls these.


class PolicyObservation:
    """What a Python policy is handed at each of its decisions, from its seat's view only.
    Attributes, also readable as `obs["name"]`."""

    observation: npt.NDArray[np.float32]
    """The seat's observation tensor (the game's observation_size)."""
    legal_actions: List[int]
    """The legal action codes, sorted."""
    action_mask: npt.NDArray[np.int8]
    """1 at every legal action code, 0 elsewhere (num_distinct_actions)."""
    seat: int
    """The deciding seat."""
    observation_string: str
    """The seat's observation as text."""
    legal_action_names: List[str]
    """The legal actions' readable names, in the order of legal_actions."""
    game_index: int
    """The game's index in the match's schedule."""
    seed: int
    """A 64-bit number from the seat's own random stream, fresh at each decision: seed a
    stochastic policy's generator with it to keep the match reproducible."""
    def __getitem__(self, key: str) -> Any: ...

#: What to play, as ``soccerlab.lab`` hands it to ``lab_run``, ``lab_compare`` and
#: ``lab_play_match``: the keys ``game``, ``agents`` (spec strings), ``games``, ``seed``,
#: ``rules``, ``set``, ``players``, ``gauntlet`` and ``no_duplicate``.
GameOptions = Dict[str, Any]

def lab_split_specs(list: str) -> List[str]:
    """The specs of an --agents list, split on commas outside parentheses."""

def lab_run(
    common: GameOptions,
    out: str,
    threads: Optional[int] = None,
    sprt_values: Optional[Sequence[float]] = None,
    checkpoint: int = ...,
    max_actions: Optional[int] = None,
    progress: bool = False,
) -> List[str]:
    """`sim run` into `out` (which must not exist); returns the lines `sim` prints."""

def lab_compare(
    common: GameOptions,
    out: str,
    threads: Optional[int] = None,
    variants: Sequence[str] = ...,
    independent: bool = False,
    correction: str = "holm",
    checkpoint: int = ...,
    progress: bool = False,
) -> str:
    """`sim compare` into `out` (which must not exist); returns the folder written."""

def lab_ladder(
    game: str,
    games: int,
    seed: int,
    out: str,
    threads: Optional[int] = None,
    rules: Optional[str] = None,
    set: Sequence[str] = ...,
    players: Optional[int] = None,
    start_iterations: int = 50,
    max_iterations: int = 3200,
    step: float = 0.6,
    calibration_games: int = 10,
    checkpoint: int = ...,
    progress: bool = False,
) -> List[str]:
    """`sim ladder` into `out` (which must not exist); returns the lines `sim ladder`
    prints, printing nothing."""

def lab_play_match(
    common: GameOptions,
    policies: Sequence[Optional[Callable[[PolicyObservation], int]]],
    out: str,
    max_actions: Optional[int] = None,
    progress: bool = False,
) -> List[str]:
    """A match of `sim run` on one thread in which `policies[i]` (not None) plays agent i
    under the label `common["agents"][i]`; returns the lines `sim run` prints."""

# ---- Self-play datasets (python/src/selfplay.rs)

def selfplay(
    game: str,
    agents: str | List[str],
    games: int,
    out: str,
    *,
    seed: int = ...,
    rules: Optional[str] = None,
    set: Optional[dict | List[str]] = None,
    players: Optional[int] = None,
    threads: Optional[int] = None,
    rows_per_file: int = 1000000,
    no_duplicate: bool = False,
    gauntlet: bool = False,
) -> dict:
    """`sim selfplay` from Python: plays `games` games as `sim run` would and writes one row
    per decision (observation, legal mask, action, root visits, final return) into Parquet
    files `part-NNNNN.parquet` and `_manifest.json` in the new folder `out`. Releases the
    GIL. Returns `{"out", "games", "rows", "files"}`. Raises ValueError (bad options, with
    the lab's one-line message) or OSError (the folder cannot be written)."""
