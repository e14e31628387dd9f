"""How a game ended: a value object shared by every game.

Pure standard library; imports nothing from the project.
"""

from __future__ import annotations

from dataclasses import dataclass

SUCCESS = "success"
FAILURE = "failure"
WIN = "win"
DRAW = "draw"


@dataclass(frozen=True)
class Outcome:
    """The end of a game.

    Attributes:
        result: the game's word for the end: ``"success"`` or ``"failure"`` for the solo games;
            ``"win"`` or ``"draw"`` (or a winner's letter, where the game's notation says so)
            for the multi-player games.
        reason: the rule id that ended the game, e.g. ``"UN-E1"``, ``"FA-E1"``, ``"CC-E1"``.
        winner: the winning player (1-based) of a multi-player game; None for a solo game,
            a draw, or a win shared by a team.
    """

    result: str
    reason: str
    winner: int | None = None

    @property
    def success(self) -> bool:
        """True for a solo game won (the only outcome that scores time)."""
        return self.result == SUCCESS
