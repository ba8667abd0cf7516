"""The tabletop soccer lab from Python."""

from ._soccerlab import game_names

__all__ = ["game_names"]
