"""How a game ended: a value object shared by every game.

Pure standard library; imports nothing from the project.
"""

from __future__ import annotations

from dataclasses import dataclass

SUCCESS = "success"
FAILURE = "failure"


@dataclass(frozen=True)
class Outcome:
    """The end of a game.

    Attributes:
        result: ``"success"`` or ``"failure"`` for the solo games (a winner's name later).
        reason: the rule id that ended the game, e.g. ``"UN-E1"``, ``"FA-E1"``.
    """

    result: str
    reason: str

    @property
    def success(self) -> bool:
        return self.result == SUCCESS
