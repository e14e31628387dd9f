"""No Gaps referee step: what a settled table view means for a state (section 3.8).

The camera reads the ink in the grid and the dice in the fresh, spent and removed zones
(``picture``). Order of questions:

1. Can the view be trusted (settled, every die read and white, six dice in the three zones,
   none on the grid)? Else UNTRUSTED.
2. Does it show the state (UNCHANGED)?
3. Does exactly one legal move explain it (MOVE)? A tile is seen when its die is in the spent
   zone and ink covers exactly a placement of an unused tile of that face; ``6:aside`` when a 6
   went to the spent zone; a reroll when every spent die came back to the fresh zone. Dice the
   move made dead may still lie in the fresh zone. Two congruent tiles of one face: PENDING,
   the player enters the tile with the buttons.
4. Is the table catching up with the state (PENDING)? A move entered with the buttons is
   played at once; the table then shows ink still to draw, the die still to move to the spent
   zone, dead dice still to remove (NG-A3): the referee says what is left to do. Ink outside
   the entered cells is NG-F3.
5. Otherwise what is wrong: ILLEGAL with the rule (a die spent without its tile NG-F8, a die
   turned NG-F7, a partial reroll or a removed die rolled NG-F6, a reroll while fresh dice
   remain NG-F4, a fifth reroll NG-F5, a crossed-out tile NG-F1, a tile of another face NG-F2,
   a shape that is no tile NG-F3), or PENDING while a tile is half drawn or its die not yet
   moved.

``step`` keeps a ``Memo``: the last picture the table agreed with (the start of a move entered
with the buttons) and the position whose dead dice were announced (a ``dead`` note, once).
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from engine.games.no_gaps.board import COLS, FACES
from engine.games.no_gaps.moves import Aside, Draw, Move, Reroll, cell_text
from engine.games.no_gaps.picture import Picture, picture_of, read_view
from engine.games.no_gaps.shapes import cells_of, components
from engine.games.no_gaps.state import State
from engine.referee import Judgement, Note, RefereeStep, Verdict
from engine.table import MIN_CONFIDENCE, TableView


@dataclass(frozen=True)
class Memo:
    """What the referee remembers between views.

    Attributes:
        shown: the last picture the table agreed with (UNCHANGED or MOVE), None at first.
        announced: the position whose dead dice were last announced with a ``dead`` note.
    """

    shown: Picture | None = None
    announced: str | None = None


def step(state: State, view: TableView, memo: object,
         min_confidence: float = MIN_CONFIDENCE) -> RefereeStep[State]:
    """The referee step the session runs on every view (see the module docstring)."""
    memo = memo if isinstance(memo, Memo) else Memo()
    seen = read_view(view, min_confidence)
    if isinstance(seen, str):
        return RefereeStep(Judgement(Verdict.UNTRUSTED, state, message=seen), memo)
    j = judge_picture(state, seen, memo.shown)
    if j.verdict in (Verdict.UNTRUSTED, Verdict.ILLEGAL):
        return RefereeStep(j, memo)
    if j.verdict is Verdict.UNCHANGED:
        return RefereeStep(j, replace(memo, shown=seen))
    if j.verdict is Verdict.MOVE:
        memo = replace(memo, shown=seen)
        dead = Counter(j.state.removed) - Counter(state.removed)
        return _announce(j, memo, j.state, sorted(dead.elements()))
    return _announce(j, memo, state, lagging_dead(state, seen))


def _announce(j: Judgement[State], memo: Memo, state: State,
              dead: list[int]) -> RefereeStep[State]:
    """NG-A3: a ``dead`` note the first time dead dice of ``state`` are seen."""
    if not dead or memo.announced == state.position():
        return RefereeStep(j, memo)
    note = Note("dead", {"faces": dead, "position": state.position()})
    return RefereeStep(j, replace(memo, announced=state.position()), (note,))


def referee(state: State, view: TableView, min_confidence: float = MIN_CONFIDENCE, *,
            shown: Picture | None = None) -> Judgement[State]:
    """Judge ``view`` against ``state``; ``shown`` is the picture the table last agreed with
    (a move entered with the buttons since then is still being done on the table)."""
    seen = read_view(view, min_confidence)
    if isinstance(seen, str):
        return Judgement(Verdict.UNTRUSTED, state, message=seen)
    return judge_picture(state, seen, shown)


def judge_picture(state: State, seen: Picture, shown: Picture | None) -> Judgement[State]:
    """``referee`` once the view is read (see the module docstring for the order)."""
    untrusted = _count_problem(state, seen)
    if untrusted:
        return Judgement(Verdict.UNTRUSTED, state, message=untrusted)
    target = picture_of(state)
    if seen == target:
        return Judgement(Verdict.UNCHANGED, state)
    found = _seen_move(state, seen)
    if found is not None:
        return found
    if seen == shown or _between(shown, target, seen):
        return _catching_up(state, target, seen)
    outside = seen.ink & ~target.ink
    if shown is not None and shown.ink != target.ink and outside:
        return _illegal(state, "NG-F3", f"ink outside the tile entered: {_cells(outside)}")
    return _diagnose(state, seen)


def _count_problem(state: State, seen: Picture) -> str:
    if any(f not in FACES for f in seen.dice()):
        return "a die is not a d6"
    count, expected = sum(seen.dice().values()), sum(picture_of(state).dice().values())
    if count != expected:
        return f"{count} of {expected} dice seen"
    return ""


def _illegal(state: State, code: str, message: str) -> Judgement[State]:
    return Judgement(Verdict.ILLEGAL, state, code=code, message=message)


def _cells(mask: int) -> str:
    return " ".join(cell_text(c) for c in cells_of(mask, COLS))


# ---------------------------------------------------------------------- a move seen

def _seen_move(state: State, seen: Picture) -> Judgement[State] | None:
    """MOVE when exactly one legal move leaves the table as seen (dead dice may lag);
    PENDING when two tiles of one face fit the same ink (the player enters which)."""
    moves = [m for m in _candidates(state, seen) if _settles(seen, state.play(m))]
    if not moves:
        return None
    if len(moves) > 1:
        names = " or ".join(m.tile for m in moves if isinstance(m, Draw))
        return Judgement(Verdict.PENDING, state, message=f"enter the tile: {names}")
    after = state.play(moves[0])
    dead = sorted((Counter(after.removed) - Counter(state.removed)).elements())
    message = str(moves[0]) + (f"; dead {_faces(dead)}: to the removed zone" if dead else "")
    return Judgement(Verdict.MOVE, after, move=str(moves[0]), message=message)


def _candidates(state: State, seen: Picture) -> list[Move]:
    """The legal moves the picture could show (checked against it by ``_settles``)."""
    if state.outcome is not None:
        return []
    if not state.fresh:
        rolled = Counter(seen.fresh) + (Counter(seen.removed) - Counter(state.removed))
        if state.can_reroll() and rolled.total() == len(state.spent):
            return [Reroll(tuple(sorted(rolled.elements())))]
        return []
    if state.covered & ~seen.ink:
        return []
    new = seen.ink & ~state.covered
    faces = sorted(set(state.fresh))
    if not new:
        return [Aside(f) for f in faces if state.board.sets_aside(f)]
    moves: list[Move] = []
    for name in state.board.by_mask.get(new, ()):
        tile = state.board.tile(name)
        if tile is not None and tile.face in faces and state.copies_left(tile) > 0:
            moves.append(Draw(tile.face, name, cells_of(new, COLS)))
    return moves


def _settles(seen: Picture, after: State) -> bool:
    """True when the table shows ``after`` except dead dice still in the fresh zone."""
    target = picture_of(after)
    if (seen.ink, seen.spent) != (target.ink, target.spent):
        return False
    removed, target_removed = Counter(seen.removed), Counter(target.removed)
    return (Counter(seen.fresh + seen.removed) == Counter(target.fresh + target.removed)
            and not removed - target_removed)


# ---------------------------------------------------------------------- the table catching up

def _between(shown: Picture | None, target: Picture, seen: Picture) -> bool:
    """True when ``seen`` lies on the way from ``shown`` (the table before moves entered with
    the buttons; None: not known yet, the first view after the set-up) to ``target`` (the
    state): ink only added within the state's cells, dice only moved from the fresh zone
    towards where the state has them (the spent zone for the entered move, the removed zone
    for dead dice), faces unchanged."""
    low_ink = 0 if shown is None else shown.ink & target.ink
    if low_ink & ~seen.ink or seen.ink & ~target.ink:
        return False
    if seen.dice() != target.dice():
        return False
    spent, removed = seen.zone("spent"), seen.zone("removed")
    low = Counter[int]() if shown is None else shown.zone("spent") & target.zone("spent")
    high_spent, high_removed = target.zone("spent"), target.zone("removed")
    return not (low - spent) and not (spent - high_spent) and not (removed - high_removed)


def _catching_up(state: State, target: Picture, seen: Picture) -> Judgement[State]:
    """PENDING with what is left to do; but once the entered tile's die is in the spent zone,
    its cells must be inked: NG-F3 until they are (the camera's check of an entered tile)."""
    missing = target.ink & ~seen.ink
    if missing and seen.spent == target.spent:
        return _illegal(state, "NG-F3", f"ink missing on {_cells(missing)}: draw the tile "
                                        f"entered")
    return Judgement(Verdict.PENDING, state, message=_to_do(target, seen))


def lagging_dead(state: State, seen: Picture) -> list[int]:
    """NG-A3: faces of dice the state has in the removed zone that still lie in the fresh
    zone of the picture."""
    extra = Counter(seen.fresh) - Counter(state.fresh)
    missing = Counter(state.removed) - Counter(seen.removed)
    return sorted((extra & missing).elements())


def _to_do(target: Picture, seen: Picture) -> str:
    """What the table still lacks to show the state, as one OLED line."""
    if seen.zone("spent") - target.zone("spent"):
        return "roll the spent dice"
    parts = []
    missing = target.ink & ~seen.ink
    if missing:
        parts.append(f"draw {_cells(missing)}")
    to_spend = target.zone("spent") - seen.zone("spent")
    if to_spend:
        parts.append(f"{_faces(sorted(to_spend.elements()))} to the spent zone")
    to_remove = target.zone("removed") - seen.zone("removed")
    if to_remove:
        parts.append(f"dead {_faces(sorted(to_remove.elements()))}: to the removed zone")
    return "; ".join(parts) or "finish the move"


def _faces(faces: list[int]) -> str:
    return ",".join(str(f) for f in faces)


# ---------------------------------------------------------------------- what is wrong

@dataclass(frozen=True)
class _Changes:
    """How the picture's dice differ from the state's, zone by zone (dead dice still in the
    fresh zone counted as removed)."""

    fresh_out: Counter[int]
    fresh_in: Counter[int]
    spent_out: Counter[int]
    spent_in: Counter[int]
    removed_out: Counter[int]
    removed_in: Counter[int]


def _changes(state: State, seen: Picture) -> _Changes:
    dead = Counter(lagging_dead(state, seen))
    fresh, removed = Counter(seen.fresh) - dead, Counter(seen.removed) + dead
    target = picture_of(state)
    spent = seen.zone("spent")
    return _Changes(target.zone("fresh") - fresh, fresh - target.zone("fresh"),
                    target.zone("spent") - spent, spent - target.zone("spent"),
                    target.zone("removed") - removed, removed - target.zone("removed"))


def _diagnose(state: State, seen: Picture) -> Judgement[State]:
    """The rule the view breaks (ILLEGAL); PENDING for a tile being drawn; UNTRUSTED for ink
    missing from drawn cells (a reading more likely failed than the board was wiped)."""
    ch = _changes(state, seen)
    found = (_removed_moved(state, ch) or _spent_moved(state, seen, ch)
             or _fresh_moved(state, seen, ch))
    if found is not None:
        return found
    new, lost = seen.ink & ~state.covered, state.covered & ~seen.ink
    dice_moved = bool(ch.fresh_out or ch.spent_out)
    if new and not dice_moved:
        found = _ink_only(state, new)
        if found is not None:
            return found
    if lost:
        return Judgement(Verdict.UNTRUSTED, state, message=f"ink not seen on {_cells(lost)}")
    return _illegal(state, "NG-F8", "one move at a time: put the table back as it was")


def _removed_moved(state: State, ch: _Changes) -> Judgement[State] | None:
    """NG-F6: a removed die is out of the game: never rerolled, never used again."""
    if not ch.removed_out:
        return None
    face = min(ch.removed_out)
    if ch.removed_in and not (ch.fresh_in or ch.spent_in):
        return _turned(state, ch.removed_out, ch.removed_in)
    if ch.fresh_in or ch.spent_out:
        return _illegal(state, "NG-F6", f"a removed die is never rerolled: put the {face} back")
    return _illegal(state, "NG-F6", f"the {face} is dead: put it in the removed zone")


def _spent_moved(state: State, seen: Picture, ch: _Changes) -> Judgement[State] | None:
    """Spent dice leave only by a reroll of all of them (NG-F4, F5, F6), faces kept (F7)."""
    if not ch.spent_out:
        return None
    if ch.removed_in:
        return _illegal(state, "NG-F6", "spent dice are rerolled, not removed")
    if not ch.fresh_in and ch.spent_in:
        return _turned(state, ch.spent_out, ch.spent_in)
    if state.fresh and ch.spent_out.total() < len(state.spent):
        face = min(ch.spent_out)
        return _illegal(state, "NG-F2", f"the {face} is spent: use a fresh die")
    if state.fresh:
        return _illegal(state, "NG-F4", "fresh dice remain: use or set them aside before "
                                        "a reroll")
    if state.rerolls >= state.board.rerolls:
        return _illegal(state, "NG-F5", f"all {state.board.rerolls} rerolls are used")
    if seen.spent:
        return _illegal(state, "NG-F6", f"reroll all {len(state.spent)} spent dice")
    dead = lagging_dead(state, seen)
    if dead:
        return _illegal(state, "NG-F4", f"the dead {_faces(dead)} goes to the removed zone "
                                        f"before a reroll")
    return None


def _turned(state: State, before: Counter[int], after: Counter[int]) -> Judgement[State]:
    """NG-F7: a die shows another face without a roll."""
    return _illegal(state, "NG-F7", f"the {min(before)} was turned to {min(after)}: turn it back")


def _fresh_moved(state: State, seen: Picture, ch: _Changes) -> Judgement[State] | None:
    """A fresh die goes to the spent zone with its tile (or as a 6), never to the removed zone
    while it can draw (NG-F6), never turned (NG-F7)."""
    if not ch.fresh_out:
        return None
    face = min(ch.fresh_out)
    if ch.removed_in:
        where = "the spent zone" if state.board.sets_aside(face) else "the fresh zone to draw"
        return _illegal(state, "NG-F6", f"the {face} is not dead: it goes to {where}")
    if ch.fresh_in and not ch.spent_in:
        return _turned(state, ch.fresh_out, ch.fresh_in)
    if ch.spent_in.total() >= 2:
        return _illegal(state, "NG-F8", "one die per tile: move one die at a time")
    if ch.spent_in and min(ch.spent_in) != face:
        return _turned(state, ch.fresh_out, ch.spent_in)
    return _spent_with_ink(state, face, seen.ink & ~state.covered)


def _spent_with_ink(state: State, face: int, new: int) -> Judgement[State] | None:
    """The ``face`` die went to the spent zone; ``new`` is the ink added since the state."""
    if state.board.sets_aside(face):
        if new:
            return _illegal(state, "NG-F2", f"a {face} draws no tile: {_cells(new)}")
        return None
    if not new:
        return _illegal(state, "NG-F8", f"the {face} went to the spent zone without a tile: "
                                        f"draw it or enter it")
    return _shape_judgement(state, new, {face}, spent=True)


def _ink_only(state: State, new: int) -> Judgement[State] | None:
    """New ink while no die moved: a tile being drawn (PENDING) or a broken rule."""
    pieces = components(new, COLS)
    if len(pieces) >= 2 and all(state.board.by_mask.get(p) for p in pieces):
        return _illegal(state, "NG-F8", f"one tile per die: {_cells(new)}")
    return _shape_judgement(state, new, set(state.fresh), spent=False)


def _shape_judgement(state: State, new: int, faces: set[int],
                     spent: bool) -> Judgement[State] | None:
    """Judge new ink for dice showing ``faces`` (``spent``: the die is already spent); None
    when it is a tile such a die may draw and its die is spent (something else is wrong)."""
    board = state.board
    exact = [t for t in (board.tile(n) for n in board.by_mask.get(new, ())) if t is not None]
    fresh_tiles = [t for t in exact if t.face in faces and state.copies_left(t) > 0]
    if fresh_tiles:
        return None if spent else Judgement(
            Verdict.PENDING, state, message=f"move the {fresh_tiles[0].face} to the spent zone")
    crossed = [t for t in exact if t.face in faces and state.copies_left(t) <= 0]
    if crossed:
        return _illegal(state, "NG-F1", f"{crossed[0].name} is crossed out")
    if _part_of_a_tile(state, new, faces):
        return Judgement(Verdict.PENDING, state, message="finish drawing the tile")
    if exact:
        tile = exact[0]
        return _illegal(state, "NG-F2", f"{tile.name} is drawn by a {tile.face}")
    return _illegal(state, "NG-F3", f"the ink on {_cells(new)} is not a tile")


def _part_of_a_tile(state: State, new: int, faces: set[int]) -> bool:
    """True when ``new`` lies within a fitting placement of an unused tile of ``faces``."""
    for tile in state.unused_tiles():
        if tile.face in faces and any(not new & ~m for m in state.fitting(tile)):
            return True
    return False
