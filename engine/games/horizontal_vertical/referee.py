"""Horizontal & Vertical referee step: what a settled table view means for a state.

The camera reads the three dice in the roll zone (faces and places) and where ink is: in the
25 cells and in the three pass boxes. It cannot read what the ink says, so the writes and
passes are entered with the buttons; the referee checks the ink against them.

Order of questions:

1. Can the view be trusted (settled, every die read and white, every reading confident, no die
   on the grid or outside the roll zone)? Else UNTRUSTED.
2. Is ink gone that was seen before (HV-F9)? A roll in view means every recorded mark must
   show (HV-F9 otherwise).
3. With a roll in view: new ink (and ticks) is a write or pass being made. The one legal move
   whose marks they are is the MOVE once the dice were thrown again, or once they were picked
   up if no legal move could still add marks to these (a lone new mark may be a pass awaiting
   its tick); until then PENDING with that move ("enter 2@5-6"). Several moves fit: PENDING,
   enter it. Part of a legal move: PENDING, its F code once the dice are thrown again. None:
   the rule broken. No new ink: the same roll is UNCHANGED, other dice are HV-F8.
4. Without a roll in view: ink not recorded is HV-F9; recorded marks not yet seen are PENDING
   ("write 2 at 5-6"); three dice that all moved are the next roll, MOVE ``roll=a,b,c``
   (HV-F9 if recorded marks still lack their ink); only some moved or turned by hand: HV-F8.

The memo keeps the last roll's dice (their places tell a new roll from the old one) and which
recorded marks were seen as ink (a mark seen then gone was erased; a mark never seen yet is
still to be written). Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.games.horizontal_vertical.dice import Roll, roll_text
from engine.games.horizontal_vertical.marks import (
    Reading,
    diagnose,
    explain,
    read_view,
    recorded,
)
from engine.games.horizontal_vertical.moves import RollSeen
from engine.games.horizontal_vertical.spot import Spot
from engine.games.horizontal_vertical.state import State
from engine.games.horizontal_vertical.tray import Change, Die, compare, faces
from engine.referee import Judgement, RefereeStep, Verdict
from engine.table import MIN_CONFIDENCE, TableView

ROLLED = (Change.NEW, Change.SOME, Change.TURNED)
"""Roll zone changes that say the dice were thrown again: the turn's marking is over."""


@dataclass(frozen=True)
class Memo:
    """What the referee remembers between views.

    Attributes:
        roll: the dice of the last roll seen settled in the roll zone (None once the zone was
            seen empty, or before any view).
        inked: recorded marks that were seen as ink.
        ticked: recorded passes whose tick was seen.
    """

    roll: tuple[Die, ...] | None = None
    inked: frozenset[Spot] = frozenset()
    ticked: int = 0


def step(state: State, view: TableView, memo: object,
         min_confidence: float = MIN_CONFIDENCE) -> RefereeStep[State]:
    """The referee step the session runs on every view (see the module docstring)."""
    memo = memo if isinstance(memo, Memo) else Memo()
    reading = read_view(view, state.board, min_confidence)
    if isinstance(reading, str):
        return RefereeStep(Judgement(Verdict.UNTRUSTED, state, message=reading), memo)
    j = judge(state, reading, memo)
    return RefereeStep(j, remember(memo, reading, j))


def referee(state: State, view: TableView, memo: object = None,
            min_confidence: float = MIN_CONFIDENCE) -> Judgement[State]:
    """The judgement alone (tests, the conformance check)."""
    return step(state, view, memo, min_confidence).judgement


def judge(state: State, seen: Reading, memo: Memo) -> Judgement[State]:
    """The verdict on a trusted reading (see the module docstring)."""
    marks = recorded(state)
    erased = sorted((marks - seen.ink) & memo.inked)
    if erased:
        return _illegal(state, "HV-F9", f"{erased[0]} was written: its ink is gone")
    if seen.ticks is not None and seen.ticks < min(memo.ticked, state.passes):
        return _illegal(state, "HV-F9", "a pass box tick is gone")
    change = compare(_before(state, memo), seen.dice)
    if state.roll is not None:
        return _with_roll(state, state.roll, seen, change)
    return _without_roll(state, seen, change)


def _before(state: State, memo: Memo) -> tuple[Die, ...] | None:
    """The dice the roll zone is compared with: the remembered ones, or for a roll the
    state holds but the memo does not, its faces with places unknown."""
    if state.roll is None or (memo.roll is not None and faces(memo.roll) == state.roll):
        return memo.roll
    return tuple(Die(face) for face in state.roll)


def _with_roll(state: State, roll: Roll, seen: Reading, change: Change) -> Judgement[State]:
    missing = sorted(recorded(state) - seen.ink)
    if missing:
        return _illegal(state, "HV-F9", f"{missing[0]} holds {state.at(missing[0])}: "
                                        f"its ink is missing")
    if seen.ticks is not None and seen.ticks < state.passes:
        return _illegal(state, "HV-F9", "a pass box tick is missing")
    new = seen.ink - recorded(state)
    ticks = None if seen.ticks is None else seen.ticks - state.passes
    if new or ticks:
        return _marks_made(state, roll, new, ticks, change)
    if change is Change.NEW and faces(seen.dice) == roll:
        change = Change.SAME  # thrown again, same faces: nothing to tell
    if change in (Change.SAME, Change.EMPTY, Change.PARTIAL):
        return Judgement(Verdict.UNCHANGED, state)
    why = {Change.NEW: "rolled again before writing or passing",
           Change.SOME: "only some dice rerolled", Change.TURNED: "a die was turned by hand"}
    return _illegal(state, "HV-F8", f"{why[change]}: put back {roll_text(roll)}")


def _marks_made(state: State, roll: Roll, new: frozenset[Spot], ticks: int | None,
                change: Change) -> Judgement[State]:
    """New ink with a roll in view: the write or pass being made (see the module docstring)."""
    ex = explain(state, new, ticks)
    rolled = change in ROLLED
    if len(ex.exact) == 1:
        move = ex.exact[0]
        if rolled or (change is Change.EMPTY and ex.partial is None):
            return Judgement(Verdict.MOVE, state.play(move), move=str(move), message=str(move))
        return Judgement(Verdict.PENDING, state, move=str(move), message=f"enter {move}")
    if ex.exact:
        return Judgement(Verdict.PENDING, state, message=f"enter the write: {len(ex.exact)} "
                                                         f"moves fit the ink")
    if ex.partial is not None:
        if rolled:
            return _illegal(state, ex.partial, ex.hint)
        return Judgement(Verdict.PENDING, state, message=ex.hint)
    code, message = diagnose(state, roll, new, ticks)
    return _illegal(state, code, message)


def _without_roll(state: State, seen: Reading, change: Change) -> Judgement[State]:
    new = sorted(seen.ink - recorded(state))
    if new:
        return _illegal(state, "HV-F9", f"ink at {new[0]} was not entered")
    if seen.ticks is not None and seen.ticks > state.passes:
        return _illegal(state, "HV-F9", "a pass box tick was not entered")
    if change in (Change.SOME, Change.TURNED):
        why = "reroll all three dice" if change is Change.SOME else "a die was turned by hand"
        return _illegal(state, "HV-F8", why)
    unwritten = _unwritten(state, seen)
    if change is Change.NEW:
        if unwritten:
            return _illegal(state, "HV-F9", f"{unwritten} before rolling")
        move = RollSeen(faces(seen.dice))
        problem = state.check(move)
        if problem is not None:
            return _illegal(state, *problem)
        return Judgement(Verdict.MOVE, state.play(move), move=str(move),
                         message=f"roll {roll_text(move.faces)}")
    if unwritten:
        return Judgement(Verdict.PENDING, state, message=unwritten)
    return Judgement(Verdict.UNCHANGED, state)


def _unwritten(state: State, seen: Reading) -> str:
    """What recorded marks still lack their ink ("write 2 at 5-6"), or ``""``."""
    missing = sorted(recorded(state) - seen.ink)
    if missing:
        return f"write {state.at(missing[0])} at {missing[0]}"
    if seen.ticks is not None and seen.ticks < state.passes:
        return "tick a pass box"
    return ""


def _illegal(state: State, code: str, message: str) -> Judgement[State]:
    return Judgement(Verdict.ILLEGAL, state, code=code, message=message)


def remember(memo: Memo, seen: Reading, j: Judgement[State]) -> Memo:
    """The memo after judging ``seen``: the dice of an accepted or new roll (forgotten when
    the roll zone is empty), and the recorded marks and ticks now seen."""
    roll = memo.roll
    if not seen.dice:
        roll = None
    elif len(seen.dice) == 3 and (j.verdict is Verdict.UNCHANGED or (
            j.verdict is Verdict.MOVE and j.state.roll is not None)):
        roll = seen.dice
    after = j.state
    marks = recorded(after)
    inked = (memo.inked | (marks & seen.ink)) & marks
    ticked = memo.ticked if seen.ticks is None else max(memo.ticked, seen.ticks)
    return Memo(roll, inked, min(ticked, after.passes))


__all__ = ["Memo", "judge", "referee", "remember", "step"]
