"""The answer of a game's referee step: what a settled table view means for the game.

Pure standard library; imports nothing from the project.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Verdict(str, Enum):
    """What the referee concluded from one table view."""

    MOVE = "move"            # exactly one legal move explains the view: the state advances
    ILLEGAL = "illegal"      # the table breaks a rule: warn, keep the state, wait for the fix
    UNCHANGED = "unchanged"  # the table shows the current position
    PENDING = "pending"      # a move is under way (an effect still to apply): wait quietly
    UNTRUSTED = "untrusted"  # the view cannot be refereed (hand, blur, unread die): wait


@dataclass(frozen=True)
class Judgement:
    """One referee decision.

    Attributes:
        verdict: see ``Verdict``.
        state: the game state after the view (the same object unless ``verdict`` is MOVE).
        move: the move in the game's notation (MOVE, and ILLEGAL when identified).
        code: the rule id for ILLEGAL, e.g. ``"UN-F1"``.
        message: a short human sentence for the OLED ("red die can't leave").
    """

    verdict: Verdict
    state: object
    move: str | None = None
    code: str | None = None
    message: str = ""
