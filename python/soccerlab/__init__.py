"""The tabletop soccer lab from Python."""

from ._soccerlab import __version__, features, game_names
from ._soccerlab import (
    CHANCE_PLAYER,
    TERMINAL_PLAYER,
    Agent,
    Game,
    LabStreams,
    State,
    VectorEnv,
    deserialize_game_and_state,
    load_game,
)

__all__ = ["__version__", "features", "game_names"]
__all__ += [
    "CHANCE_PLAYER",
    "TERMINAL_PLAYER",
    "Agent",
    "Game",
    "LabStreams",
    "State",
    "VectorEnv",
    "deserialize_game_and_state",
    "load_game",
]
from .lab import LabResult, compare, ladder, play_match, read_table, run

__all__ += ["LabResult", "compare", "ladder", "play_match", "read_table", "run"]
from ._soccerlab import selfplay

__all__ += ["selfplay"]
