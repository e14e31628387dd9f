"""Pairing Five referee step: what a settled table view means for a state.

Order of questions: can the view be trusted (every die read, white or red, ten of them, one
red); does it show the current position (UNCHANGED, or PENDING while an effect is still to
apply); with no effect pending, which die went into which cell (a placement: MOVE or ILLEGAL
with PF-F1..F5, F8); with an effect pending, which unused dice changed (one die: the effect's
result; all the dice of one value: SAME_REROLL) or which two areas swapped (AREA_CHANGE).
A broken rule never changes the state; the state changes only on MOVE.

``step`` is the game's referee step for the session. It remembers (``Memo``) whether a hand
has been over the board while a reroll is pending, so a reroll that kept its face is taken
as done, and whether the last view broke a rule, so a table put back to the position clears
the warning; it asks the session to record the hand ("handled") so a replay sees it too.
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations

from engine.errors import IllegalMoveError
from engine.games.pairing_five.board import AREA_CHANGE, AREAS, DICE, EFFECT_LABELS, SAME_REROLL
from engine.games.pairing_five.effects import Areas, repeated_values, swap
from engine.games.pairing_five.moves import (
    AreaChange,
    Change,
    Die,
    Move,
    Place,
    SameReroll,
    canonical,
)
from engine.games.pairing_five.notation import UNUSED_ZONE, view_to_text
from engine.games.pairing_five.state import State, cell_name
from engine.referee import Judgement, Note, RefereeStep, Verdict
from engine.table import MIN_CONFIDENCE, Colour, Item, ItemKind, TableView, ViewStatus

PALETTE = (Colour.WHITE, Colour.RED)
ROWS, COLS = len(AREAS), 2
REROLLS = ("REROLL1", SAME_REROLL)
"""Effects whose result may show the faces the dice had: seen only with a hand's help."""


@dataclass(frozen=True)
class Memo:
    """What the referee remembers between views, for one position.

    Attributes:
        position: the position text this memo is about (a new position starts a new memo).
        handled: a hand was seen over the board while a reroll is pending, so the table
            showing the old faces means the dice were rolled and kept them.
        warned: the last judged view broke a rule; the table shown as the position again
            means it was put back (UNCHANGED clears the warning).
    """

    position: str = ""
    handled: bool = False
    warned: bool = False


@dataclass(frozen=True)
class Seen:
    """A trusted view as the rules see it: the areas and the unused dice (canonical order)."""

    areas: Areas
    unused: tuple[Die, ...]


def step(state: State, view: TableView, memo: object,
         min_confidence: float = MIN_CONFIDENCE) -> RefereeStep[State]:
    """The referee step the session runs on every view (see the module docstring)."""
    position = state.position()
    if not isinstance(memo, Memo) or memo.position != position:
        memo = Memo(position)
    j = referee(state, view, min_confidence)
    if j.verdict is Verdict.PENDING and _shows_position(state, view, min_confidence):
        if memo.warned:  # put back after a warning
            return RefereeStep(Judgement(Verdict.UNCHANGED, state), Memo(position))
        if memo.handled:
            j = referee(state, view, min_confidence, rerolled=True)
    if j.verdict is Verdict.MOVE:
        return RefereeStep(j, Memo(j.state.position()))
    if j.verdict is Verdict.ILLEGAL:
        return RefereeStep(j, Memo(position, warned=True))
    if j.verdict is Verdict.UNTRUSTED:
        return _untrusted_step(state, j, view, memo)
    if j.verdict is Verdict.UNCHANGED:
        return RefereeStep(j, Memo(position))
    return RefereeStep(j, memo)


def _untrusted_step(state: State, j: Judgement[State], view: TableView,
                    memo: Memo) -> RefereeStep[State]:
    """The first hand over the board while a reroll is pending is remembered and noted."""
    if view.status is not ViewStatus.HAND or state.effect not in REROLLS or memo.handled:
        return RefereeStep(j, memo)
    note = Note("handled", {"pending": state.pending, "effect": state.effect,
                            "view": view_to_text(view)})
    return RefereeStep(j, Memo(memo.position, handled=True, warned=memo.warned), (note,))


def _shows_position(state: State, view: TableView, min_confidence: float) -> bool:
    seen = read_view(state, view, min_confidence)
    return isinstance(seen, Seen) and (seen.areas, seen.unused) == (state.areas, state.unused)


def referee(state: State, view: TableView, min_confidence: float = MIN_CONFIDENCE, *,
            rerolled: bool = False) -> Judgement[State]:
    """Judge ``view`` against ``state`` (see the module docstring for the order of questions).

    ``rerolled``: a hand has been over the board since the reroll became pending, so a table
    showing the old faces is the reroll done (MOVE), not a reroll still to make (PENDING).
    """
    seen = read_view(state, view, min_confidence)
    if isinstance(seen, Judgement):
        return seen
    if (seen.areas, seen.unused) == (state.areas, state.unused):
        return _same_table(state, rerolled)
    if state.pending is None:
        return _placement(state, seen)
    if state.effect == AREA_CHANGE:
        return _area_change(state, seen)
    return _unused_effect(state, seen)


# ------------------------------------------------------------------------ reading

def read_view(state: State, view: TableView, min_confidence: float) -> Seen | Judgement[State]:
    """The view as dice in areas and unused ones, or the judgement that stops refereeing."""
    ok, why = view.is_trustworthy(min_confidence)
    if not ok:
        return _wait(state, Verdict.UNTRUSTED, why)
    items = view.dice()
    if any(d.kind is not ItemKind.DIE for d in items):
        return _wait(state, Verdict.UNTRUSTED, "only dice belong on the board")
    if any(d.colour not in PALETTE for d in items):
        return _wait(state, Verdict.UNTRUSTED, "a die's colour is unclear")
    if any(d.face not in range(1, 7) for d in items):
        return _wait(state, Verdict.UNTRUSTED, "a die's face is unclear")
    if view.rows != ROWS or any(len(row) != COLS for row in view.grid):
        return _wait(state, Verdict.UNTRUSTED, "not a Pairing Five board view")
    stacked = _stacked(state, view)
    if stacked is not None:
        return stacked
    stray = [d for name, zone in view.zones if name != UNUSED_ZONE for d in zone]
    if view.outside or stray:
        return _wait(state, Verdict.PENDING, "put the unused dice in their zone")
    return _count(state, Seen(tuple((_die(a), _die(b)) for a, b in view.grid),
                              canonical(_as_die(d) for d in view.zone(UNUSED_ZONE))))


def _stacked(state: State, view: TableView) -> Judgement[State] | None:
    """A die put on a placed die is PF-F8 (an occupied cell); dice heaped elsewhere can't be
    counted: wait."""
    for r, row in enumerate(view.grid):
        for c, item in enumerate(row):
            if item is not None and item.stacked:
                move = Place(AREAS[r], c + 1, _as_die(item))
                return _illegal(state, "PF-F8", f"{cell_name(AREAS[r], c + 1)} is occupied",
                                str(move))
    if any(d.stacked for d in view.dice()):
        return _wait(state, Verdict.UNTRUSTED, "a die lies on another")
    return None


def _count(state: State, seen: Seen) -> Seen | Judgement[State]:
    dice = [d for cells in seen.areas for d in cells if d is not None] + list(seen.unused)
    if len(dice) < DICE:
        return _wait(state, Verdict.PENDING, f"{len(dice)} of the {DICE} dice seen")
    if len(dice) > DICE:
        return _wait(state, Verdict.UNTRUSTED, f"{len(dice)} dice seen: the game has {DICE}")
    reds = sum(d.red for d in dice)
    if reds != 1:
        return _wait(state, Verdict.UNTRUSTED,
                     "the red die is not seen" if not reds else f"{reds} red dice seen")
    return seen


def _die(item: Item | None) -> Die | None:
    return None if item is None else _as_die(item)


def _as_die(item: Item) -> Die:
    return Die(int(item.face or 0), item.is_red)


def _wait(state: State, verdict: Verdict, message: str) -> Judgement[State]:
    return Judgement(verdict, state, message=message)


def _illegal(state: State, code: str, message: str, move: str | None = None) -> Judgement[State]:
    return Judgement(Verdict.ILLEGAL, state, move=move, code=code, message=message)


def _judge(state: State, move: Move) -> Judgement[State]:
    """MOVE when the rules allow ``move``, else ILLEGAL with the rule it breaks."""
    try:
        after = state.play(move)
    except IllegalMoveError as exc:
        return _illegal(state, exc.code, exc.reason, str(move))
    return Judgement(Verdict.MOVE, after, move=str(move), message=str(move))


# ------------------------------------------------------------------ the same table

def _same_table(state: State, rerolled: bool) -> Judgement[State]:
    """The table shows the position: UNCHANGED, or PENDING while an effect is to apply (a
    reroll seen after a hand over the board counts as done with the faces it kept)."""
    if state.pending is None:
        return Judgement(Verdict.UNCHANGED, state)
    kept = kept_faces_move(state) if rerolled else None
    if kept is not None:
        return _judge(state, kept)
    code = state.effect or ""
    return _wait(state, Verdict.PENDING, f"apply effect: {EFFECT_LABELS[code]}")


def kept_faces_move(state: State) -> Move | None:
    """The reroll that leaves the table as it was, written on the smallest value it can have
    been (any choice gives the same position): ``REROLL1 3>3``, ``SAME_REROLL 3:3,3``."""
    if state.effect == "REROLL1" and state.unused:
        die = state.unused[0]
        return Change("REROLL1", die, die.face)
    if state.effect == SAME_REROLL:
        repeated = repeated_values(state.unused)
        if repeated:
            v, n = repeated[0]
            return SameReroll(v, (v,) * n)
    return None


# -------------------------------------------------------------------- placements

def _changed_cells(state: State, seen: Seen) -> list[tuple[int, int]]:
    return [(i, c) for i in range(ROWS) for c in range(COLS)
            if seen.areas[i][c] != state.areas[i][c]]


def _placement(state: State, seen: Seen) -> Judgement[State]:
    """No effect pending: one die newly in one cell is a placement; anything else breaks a
    rule (an unused die changed: PF-F6; placed dice moved or turned, two dice placed: PF-F8;
    a die on a placed one is found by ``_stacked``)."""
    changed = _changed_cells(state, seen)
    if not changed:
        return _illegal(state, "PF-F6", "an unused die changed: only effects change dice")
    new = [(i, c) for i, c in changed if state.areas[i][c] is None]
    if len(changed) == 1 and new:
        i, c = new[0]
        die = seen.areas[i][c]
        if die is not None:
            return _judge(state, Place(AREAS[i], c + 1, die))
    if len(new) == len(changed):
        return _illegal(state, "PF-F8", "one die at a time, then its effect")
    return _illegal(state, "PF-F8", "placed dice stay where they are")


# ----------------------------------------------------------------------- effects

def _unused_effect(state: State, seen: Seen) -> Judgement[State]:
    """A one-die effect or SAME_REROLL pending: the unused dice that changed say which."""
    if seen.areas != state.areas:
        return _grid_changed(state, seen)
    if state.effect == SAME_REROLL:
        return _same_reroll(state, seen)
    removed = Counter(state.unused) - Counter(seen.unused)
    added = Counter(seen.unused) - Counter(state.unused)
    if sum(removed.values()) == 1 and sum(added.values()) == 1:
        (before,), (after,) = removed, added
        return _judge(state, Change(state.effect or "", before, after.face))
    code = state.effect or ""
    return _illegal(state, "PF-F6", f"{sum(removed.values())} dice changed: "
                                    f"{EFFECT_LABELS[code]} changes one")


def _grid_changed(state: State, seen: Seen) -> Judgement[State]:
    """An effect on unused dice is pending but the areas changed."""
    changed = _changed_cells(state, seen)
    refilled = all(state.areas[i][c] is not None and seen.areas[i][c] is not None
                   for i, c in changed)
    if refilled and seen.unused == state.unused:
        return _illegal(state, "PF-F6", "effects act on unused dice, not placed ones")
    if all(state.areas[i][c] is None for i, c in changed):
        return _illegal(state, "PF-F8", f"resolve the effect of {state.pending} first")
    return _illegal(state, "PF-F8", "placed dice stay where they are")


def _same_reroll(state: State, seen: Seen) -> Judgement[State]:
    """SAME_REROLL: every die of one value may have changed, the others not (PF-F9, F6)."""
    before, after = Counter(state.unused), Counter(seen.unused)
    for v, n in repeated_values(state.unused):
        kept = before - Counter({Die(v): n})
        if not kept - after:
            results = after - kept
            return _judge(state, SameReroll.of(v, (d.face for d in results.elements())))
    values = sorted({d.face for d in before - after})
    if len(values) == 1:
        return _illegal(state, "PF-F9", f"only one die shows {values[0]}: reroll a value "
                                        f"shown twice or more")
    return _illegal(state, "PF-F6", "reroll the dice of one value only")


def _area_change(state: State, seen: Seen) -> Judgement[State]:
    """AREA_CHANGE pending: two areas' whole contents swapped, the unused dice untouched."""
    if seen.areas == state.areas:
        return _illegal(state, "PF-F7", f"{state.pending}'s effect swaps two areas: "
                                        f"unused dice stay")
    if seen.unused != state.unused:
        return _illegal(state, "PF-F8", f"resolve the effect of {state.pending} first")
    for a, b in combinations(AREAS, 2):
        if swap(state.areas, a, b) == seen.areas:
            return _judge(state, AreaChange(a, b))
    placed = Counter(d for cells in seen.areas for d in cells if d is not None)
    if placed == Counter(state.placed):
        return _illegal(state, "PF-F10", "swap the whole contents of two areas, 1st cell "
                                         "first")
    return _illegal(state, "PF-F8", "placed dice move only by the swap")
