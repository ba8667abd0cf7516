# Stubs of the lab's functions in the extension module `soccerlab._soccerlab`
# (python/src/lab_api.rs): the block of `_soccerlab.pyi` for "The lab from Python", kept in
# a file of its own so that it merges apart from the Game/State stubs; the public,
# documented API is `soccerlab.lab` (run, compare, ladder, play_match), which calls these.

from typing import Any, Callable, List, Optional, Sequence

import numpy as np
import numpy.typing as npt

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
    def __getitem__(self, key: str) -> Any: ...

def lab_split_specs(list: str) -> List[str]:
    """The specs of an --agents list, split on commas outside parentheses."""

def lab_run(
    game: str,
    agents: Sequence[str],
    games: int,
    seed: int,
    out: str,
    threads: Optional[int] = None,
    rules: Sequence[str] = ...,
    set: Sequence[str] = ...,
    players: Optional[int] = None,
    gauntlet: bool = False,
    no_duplicate: bool = False,
    sprt_values: Optional[Sequence[float]] = None,
    checkpoint: int = 60,
    max_actions: Optional[int] = None,
    progress: bool = False,
) -> List[str]:
    """`sim run` into `out` (which must not exist); returns the lines `sim` prints."""

def lab_compare(
    game: str,
    agents: Sequence[str],
    games: int,
    seed: int,
    out: str,
    threads: Optional[int] = None,
    rules: Sequence[str] = ...,
    set: Sequence[str] = ...,
    players: Optional[int] = None,
    gauntlet: bool = False,
    no_duplicate: bool = False,
    variants: Sequence[str] = ...,
    independent: bool = False,
    correction: str = "holm",
    checkpoint: int = 60,
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
    checkpoint: int = 60,
    progress: bool = False,
) -> None:
    """`sim ladder` into `out` (which must not exist); prints its summary on stdout."""

def lab_play_match(
    game: str,
    agents: Sequence[str],
    policies: Sequence[Optional[Callable[[PolicyObservation], int]]],
    games: int,
    seed: int,
    out: str,
    rules: Sequence[str] = ...,
    set: Sequence[str] = ...,
    players: Optional[int] = None,
    gauntlet: bool = False,
    no_duplicate: bool = False,
    max_actions: Optional[int] = None,
    progress: bool = False,
) -> List[str]:
    """A match of `sim run` on one thread in which `policies[i]` (not None) plays agent i
    under the label `agents[i]`; returns the lines `sim run` prints."""
