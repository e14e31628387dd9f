"""Unification referee step: what a settled table view means for a state.

Order of questions: can the view be trusted; does it show the current position (UNCHANGED);
does exactly one legal push explain it (MOVE); is a legal push done with its effect still to
apply (PENDING); otherwise which rule it breaks (ILLEGAL, with the UN-F code). The state never
changes except on MOVE.

``step`` is the game's referee step for the session: it remembers (``Memo``) a push whose
effect is still to apply, so that a reroll that kept its face is recognised once a hand has
been over the board, and it asks the session to record both facts ("pending", "handled").
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.games.unification.board import EFFECT_LABELS
from engine.games.unification.effects import rotate_times
from engine.games.unification.notation import view_to_text
from engine.games.unification.state import Move, PushAnalysis, State, cell_name, line_cells
from engine.referee import Judgement, Note, RefereeStep, Verdict
from engine.table import MIN_CONFIDENCE, Colour, TableView, ViewStatus


@dataclass(frozen=True)
class Memo:
    """What the referee remembers between views.

    Attributes:
        pending: the push last judged PENDING (done, its effect still to apply), or None.
        handled: a hand was seen over the board since, so the pushed-out die may have been
            rerolled onto the face it already showed.
    """

    pending: str | None = None
    handled: bool = False


def step(state: State, view: TableView, memo: object,
         min_confidence: float = MIN_CONFIDENCE) -> RefereeStep[State]:
    """The referee step the session runs on every view (see the module docstring)."""
    memo = memo if isinstance(memo, Memo) else Memo()
    j = referee(state, view, min_confidence)
    if j.verdict is Verdict.PENDING and memo.handled and j.move == memo.pending:
        again = referee(state, view, min_confidence, rerolled=True)
        if again.verdict is Verdict.MOVE:
            j = again
    if j.verdict is Verdict.PENDING:
        return _pending_step(j, view, memo)
    if j.verdict is Verdict.UNTRUSTED:
        return _untrusted_step(j, view, memo)
    return RefereeStep(j, None)  # nothing to remember


def _kept(memo: Memo) -> Memo | None:
    """The memo to hand back: None when it holds nothing (the session keeps no blank memo)."""
    return None if memo == Memo() else memo


def _pending_step(j: Judgement[State], view: TableView, memo: Memo) -> RefereeStep[State]:
    """A push done, its effect still to apply: recorded once, so replay sees it too."""
    if j.move == memo.pending:
        return RefereeStep(j, _kept(memo))
    note = Note("pending", {"move": j.move, "message": j.message, "view": view_to_text(view)})
    return RefereeStep(j, Memo(pending=j.move), (note,))


def _untrusted_step(j: Judgement[State], view: TableView, memo: Memo) -> RefereeStep[State]:
    """An untrusted view: the first hand over a push still to finish is noted."""
    if view.status is not ViewStatus.HAND or memo.pending is None or memo.handled:
        return RefereeStep(j, _kept(memo))
    note = Note("handled", {"move": memo.pending, "view": view_to_text(view)})
    return RefereeStep(j, Memo(memo.pending, handled=True), (note,))


@dataclass(frozen=True)
class Seen:
    """A complete, trusted Unification view: nine faces, the red cell, the one outside face."""

    cells: tuple[int, ...]
    red: int
    out: int


def referee(state: State, view: TableView, min_confidence: float = MIN_CONFIDENCE, *,
            rerolled: bool = False) -> Judgement[State]:
    """Judge ``view`` against ``state`` (see the module docstring for the order of questions).

    ``rerolled``: the pushed-out die was handled since the push, so a REROLL showing its old
    face is a roll that landed on the same face (MOVE), not a roll still to make (PENDING).
    """
    seen_or_judgement = _read_view(state, view, min_confidence)
    if isinstance(seen_or_judgement, Judgement):
        return seen_or_judgement
    seen = seen_or_judgement
    if (seen.cells, seen.red, seen.out) == (state.cells, state.red, state.push):
        return Judgement(Verdict.UNCHANGED, state)
    analyses = state.analyses()
    return (_explain_by_move(state, seen, analyses, rerolled) or _pending(state, seen, analyses)
            or _diagnose(state, seen, analyses))


def _read_view(state: State, view: TableView, min_confidence: float) -> Seen | Judgement[State]:
    """The view as faces, or the judgement that stops refereeing (untrusted, red out, ...)."""
    ok, why = view.is_trustworthy(min_confidence)
    if not ok:
        return Judgement(Verdict.UNTRUSTED, state, message=why)
    if any(d.colour is Colour.UNKNOWN for d in view.dice()):
        return Judgement(Verdict.UNTRUSTED, state, message="a die's colour is unclear")
    grid = [d for row in view.grid for d in row]
    if any(d.is_red for d in view.outside):
        return _illegal(state, "UN-F1", "red die can't leave")
    if len(view.outside) >= 2:
        return _illegal(state, "UN-F4", "two dice out")
    reds = [i for i, d in enumerate(grid) if d is not None and d.is_red]
    if len(reds) != 1:
        return _illegal(state, "UN-F7", "red die missing" if not reds else "two red dice seen")
    empty = [i for i, d in enumerate(grid) if d is None]
    if len(grid) != 9 or empty:
        where = cell_name(empty[0]) if empty else "grid"
        return _illegal(state, "UN-F4", f"{where} is empty: one line, one cell")
    cells = tuple(int(d.face or 0) for d in grid if d is not None)
    if not view.outside:
        return _no_push_die(state, cells, reds[0])
    return Seen(cells, reds[0], int(view.outside[0].face or 0))


def _no_push_die(state: State, cells: tuple[int, ...], red: int) -> Judgement[State]:
    for a in state.analyses():
        if a.code is None and (a.slid.cells, a.slid.red) == (cells, red):
            return Judgement(Verdict.PENDING, state, move=str(a.entry),
                             message="put the pushed-out die beside the board")
    return Judgement(Verdict.UNTRUSTED, state, message="push die not seen")


def _illegal(state: State, code: str, message: str, move: str | None = None) -> Judgement[State]:
    return Judgement(Verdict.ILLEGAL, state, move=move, code=code, message=message)


def _move_for(a: PushAnalysis, result: int) -> Move:
    needs_result = len(a.results()) > 1
    return Move(a.entry.side, a.entry.line, result if needs_result else None)


def _effects(state: State, a: PushAnalysis) -> tuple[str, ...]:
    return state.board.effects(a.exit)


def _explain_by_move(state: State, seen: Seen, analyses: list[PushAnalysis],
                     rerolled: bool = False) -> Judgement[State] | None:
    """MOVE when a legal push's end matches the view exactly.

    A REROLL that shows its old face is not taken as done unless ``rerolled``: the view is the
    same as before the reroll, so the referee waits for the roll (PENDING) instead of guessing.
    """
    for a in analyses:
        if a.code is not None:
            continue
        for b in a.branches:
            if (b.cells, b.red, b.out) != (seen.cells, seen.red, seen.out):
                continue
            if not rerolled and "REROLL" in _effects(state, a) and b.out == a.slid.out:
                continue
            move = _move_for(a, b.out)
            return Judgement(Verdict.MOVE, state.play(move), move=str(move), message=str(move))
    return None


def _turns(codes: tuple[str, ...]) -> int:
    return codes.count("ROTATE") % 4


def _pending(state: State, seen: Seen, analyses: list[PushAnalysis]) -> Judgement[State] | None:
    """PENDING when a legal push is done but part of its effect is not applied yet."""
    for a in analyses:
        if a.code is not None:
            continue
        codes = _effects(state, a)
        grid_ok = any(_same_arrangement(seen, c, r) for c, r in _allowed_grids(a, codes))
        red_ok = seen.cells[seen.red] in {state.cells[state.red]} | _red_faces(a)
        out_ok = seen.out in {a.slid.out} | set(a.results())
        if grid_ok and red_ok and out_ok:
            return Judgement(Verdict.PENDING, state, move=str(a.entry),
                             message=f"apply effect: {_missing(seen, a, codes)}")
    return None


def _allowed_grids(a: PushAnalysis, codes: tuple[str, ...]) -> list[tuple[tuple[int, ...], int]]:
    slid = (a.slid.cells, a.slid.red)
    return [slid, rotate_times(a.slid.cells, a.slid.red, _turns(codes))]


def _red_faces(a: PushAnalysis) -> set[int]:
    return {b.cells[b.red] for b in a.branches}


def _same_arrangement(seen: Seen, cells: tuple[int, ...], red: int) -> bool:
    """Same faces and red cell, ignoring the red die's face."""
    return not _mismatches(seen, cells, red)


def _mismatches(seen: Seen, cells: tuple[int, ...], red: int) -> list[int]:
    """Cells that differ in face or red-ness; the red die's own face is compared elsewhere."""
    return [i for i in range(9)
            if (i == seen.red) != (i == red) or (i != red and seen.cells[i] != cells[i])]


def _missing(seen: Seen, a: PushAnalysis, codes: tuple[str, ...]) -> str:
    """The first part of the effect still to apply, as an OLED phrase."""
    for code in codes:
        if code == "ROTATE":
            turned = rotate_times(a.slid.cells, a.slid.red, _turns(codes))
            if _turns(codes) and not _same_arrangement(seen, *turned):
                return EFFECT_LABELS["ROTATE"]
        elif code == "PARADIGM":
            if seen.cells[seen.red] not in _red_faces(a):
                return f"red die to {a.slid.out}"
        elif seen.out == a.slid.out:
            return EFFECT_LABELS[code]
    return "finish the push"


@dataclass(frozen=True)
class _Hypothesis:
    """A way the table could have got to the view: no push or a push, and grid quarter turns."""

    analysis: PushAnalysis | None
    turns: int
    mismatches: list[int]


def _hypotheses(state: State, seen: Seen, analyses: list[PushAnalysis]) -> list[_Hypothesis]:
    """Every candidate in preference order: no push, each push, then their turned grids."""
    hyps = []
    for turns in range(4):
        hyps.append(_Hypothesis(None, turns,
                                _mismatches(seen, *rotate_times(state.cells, state.red, turns))))
        for a in analyses:
            if a.code == "UN-F1":
                continue  # the red die would be outside: handled before
            turned = rotate_times(a.slid.cells, a.slid.red, turns)
            hyps.append(_Hypothesis(a, turns, _mismatches(seen, *turned)))
    return hyps


def _diagnose(state: State, seen: Seen, analyses: list[PushAnalysis]) -> Judgement[State]:
    """ILLEGAL: name the rule the view breaks, using the closest explanation."""
    best = min(_hypotheses(state, seen, analyses), key=lambda h: len(h.mismatches))
    if len(best.mismatches) >= 2:
        return _illegal(state, "UN-F4", "more than one line moved: put the dice back")
    if best.analysis is None:
        return _diagnose_without_push(state, seen, best)
    return _diagnose_push(state, seen, best, best.analysis)


def _diagnose_without_push(state: State, seen: Seen, best: _Hypothesis) -> Judgement[State]:
    if best.turns:
        return _illegal(state, "UN-F6", "the grid turned without a rotate push")
    if best.mismatches:
        where = cell_name(best.mismatches[0])
        return _illegal(state, "UN-F8", f"die on {where} turned by hand")
    if seen.cells[seen.red] != state.cells[state.red]:
        return _illegal(state, "UN-F7", f"red die must stay {state.cells[state.red]}")
    return _illegal(state, "UN-F8", f"push die turned by hand: put it back to {state.push}")


def _diagnose_push(state: State, seen: Seen, best: _Hypothesis,
                   a: PushAnalysis) -> Judgement[State]:
    move = str(a.entry)
    if a.code is not None:
        return _illegal(state, a.code, a.message, move)
    codes = _effects(state, a)
    if best.mismatches:
        entry = line_cells(a.entry)[0]
        turned_entry = _turned_index(entry, best.turns)
        if best.mismatches == [turned_entry]:
            return _illegal(state, "UN-F8", f"push with the push die as it lies ({state.push})",
                            move)
        return _illegal(state, "UN-F8", f"die on {cell_name(best.mismatches[0])} turned by hand",
                        move)
    if best.turns not in (0, _turns(codes)):
        why = ("turn the grid a quarter counter-clockwise" if _turns(codes)
               else f"no rotation at exit {a.exit}")
        return _illegal(state, "UN-F6", why, move)
    return _diagnose_faces(state, seen, a, codes, move)


def _turned_index(index: int, turns: int) -> int:
    marker = tuple(1 if i == index else 0 for i in range(9))
    cells, _ = rotate_times(marker, 0, turns)
    return cells.index(1)


def _diagnose_faces(state: State, seen: Seen, a: PushAnalysis, codes: tuple[str, ...],
                    move: str) -> Judgement[State]:
    red_face = seen.cells[seen.red]
    if red_face != state.cells[state.red] and red_face not in _red_faces(a):
        if "PARADIGM" in codes:
            return _illegal(state, "UN-F5", f"paradigm shift: red die must show {a.slid.out}",
                            move)
        return _illegal(state, "UN-F7", f"red die must stay {state.cells[state.red]}", move)
    labels = "/".join(EFFECT_LABELS[c] for c in codes if c not in ("ROTATE", "PARADIGM"))
    allowed = " or ".join(str(r) for r in a.results())
    if not labels and seen.out != a.slid.out:
        return _illegal(state, "UN-F8", f"pushed-out die must stay {a.slid.out}", move)
    if seen.out not in {a.slid.out} | set(a.results()):
        return _illegal(state, "UN-F5", f"{labels} on a {a.slid.out} gives {allowed}", move)
    return _illegal(state, "UN-F5", f"effect of exit {a.exit} gives {allowed}", move)
