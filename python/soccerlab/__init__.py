"""The tabletop soccer lab from Python."""

from ._soccerlab import game_names
from ._soccerlab import selfplay

__all__ = ["game_names"]
__all__ += ["selfplay"]
