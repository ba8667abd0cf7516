"""The tabletop soccer lab from Python."""

from ._soccerlab import game_names

__all__ = ["game_names"]
from .lab import LabResult, compare, ladder, play_match, read_table, run

__all__ += ["LabResult", "compare", "ladder", "play_match", "read_table", "run"]
