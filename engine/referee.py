"""The answer of a game's referee step: what a settled table view means for the game.

Pure standard library; imports nothing from the project.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Generic, TypeVar

StateT = TypeVar("StateT")


class Verdict(str, Enum):
    """What the referee concluded from one table view."""

    MOVE = "move"            # exactly one legal move explains the view: the state advances
    ILLEGAL = "illegal"      # the table breaks a rule: warn, keep the state, wait for the fix
    UNCHANGED = "unchanged"  # the table shows the current position
    PENDING = "pending"      # a move is under way (an effect still to apply): wait quietly
    UNTRUSTED = "untrusted"  # the view cannot be refereed (hand, blur, unread die): wait


@dataclass(frozen=True)
class Judgement(Generic[StateT]):
    """One referee decision.

    Attributes:
        verdict: see ``Verdict``.
        state: the game state after the view (the same object unless ``verdict`` is MOVE).
        move: the move in the game's notation (MOVE, and ILLEGAL when identified).
        code: the rule id for ILLEGAL, e.g. ``"UN-F1"``.
        message: a short human sentence for the OLED ("red die can't leave").
    """

    verdict: Verdict
    state: StateT
    move: str | None = None
    code: str | None = None
    message: str = ""


@dataclass(frozen=True)
class Note:
    """Something a game asks the session to write to the record besides moves and warnings
    (Unification's "pending" push and "handled" reroll), so a replay sees it too.

    Attributes:
        kind: the record line's ``type``.
        data: JSON-ready fields of the line, in the order they are written.
    """

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class RefereeStep(Generic[StateT]):
    """What a game's referee step returns to the session.

    Attributes:
        judgement: the decision on the view.
        memo: the game's own memory between views (opaque to the session; e.g. a push whose
            effect is still to apply). The session hands it back on the next view.
        notes: lines for the record, written before the session's own events.
    """

    judgement: Judgement[StateT]
    memo: object = None
    notes: tuple[Note, ...] = ()
