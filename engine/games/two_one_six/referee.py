"""2 1 6 referee step: what a settled table view means for a state (dice-placing mode).

Each player rolls the die of their colour in the tray beside the grid, then puts it on an
empty cell showing the value rolled. Order of questions:

1. Can the view be trusted (``seen.read_view``)? Else UNTRUSTED.
2. Did a die already on the grid change? A die moved (TS-F4), removed or turned (TS-F4), or a
   die put on a filled cell (TS-F1: another colour now shows there, the die is seen stacked,
   or the mover's die shows the roll there while the tray is empty).
3. Two or more new dice on the grid: TS-F3 (two cells in one turn).
4. One new die: a die of another colour than the mover's (TS-F5); a value the die can't show
   or other than the roll (TS-F2); the mover's rolled die still in the tray (PENDING); a value
   not read on a board whose values are entered with the buttons (PENDING); else the
   placement (MOVE ``A5@r2c3``). A roll nobody saw is taken from the placed die.
5. The grid unchanged: the tray. Empty: UNCHANGED, or PENDING while a known roll waits to be
   placed. One die of the mover's colour: the roll (MOVE ``roll=5``), the same roll again
   (UNCHANGED), another value (TS-F2, rolled again). Another colour (TS-F5), two dice (TS-F2).

A broken rule never changes the state. The step keeps no memo: the roll, once seen, is part of
the state (``roll=5`` in the position). Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.errors import IllegalMoveError
from engine.games.two_one_six.board import LETTERS
from engine.games.two_one_six.lines import Entry, cell_name
from engine.games.two_one_six.seen import Seen, read_view
from engine.games.two_one_six.state import Move, Place, Roll, State
from engine.referee import Judgement, RefereeStep, Verdict
from engine.table import MIN_CONFIDENCE, Item, TableView


def step(state: State, view: TableView, memo: object,
         min_confidence: float = MIN_CONFIDENCE) -> RefereeStep[State]:
    """The referee step the session runs on every view (no memo is needed)."""
    return RefereeStep(referee(state, view, min_confidence))


def referee(state: State, view: TableView,
            min_confidence: float = MIN_CONFIDENCE) -> Judgement[State]:
    """Judge ``view`` against ``state`` (see the module docstring for the order of questions)."""
    seen = read_view(view, state.board, min_confidence)
    if isinstance(seen, str):
        return Judgement(Verdict.UNTRUSTED, state, message=seen)
    changes = _Changes.between(state, seen)
    if changes.removed or changes.altered:
        return _changed_entries(state, seen, changes)
    if len(changes.added) > 1:
        where = ", ".join(cell_name(i, state.board.size) for i, _ in changes.added[:2])
        return _illegal(state, "TS-F3", f"one die a turn: {where} are new")
    if changes.added:
        return _placement(state, seen, *changes.added[0])
    return _tray(state, seen)


@dataclass(frozen=True)
class _Changes:
    """How the grid seen differs from the state: new dice, dice gone, dice that differ."""

    added: list[tuple[int, Item]]
    removed: list[int]
    altered: list[tuple[int, Item]]

    @classmethod
    def between(cls, state: State, seen: Seen) -> _Changes:
        added, removed, altered = [], [], []
        for i, (entry, item) in enumerate(zip(state.cells, seen.grid, strict=True)):
            if entry is None and item is not None:
                added.append((i, item))
            elif entry is not None and item is None:
                removed.append(i)
            elif entry is not None and item is not None and not _shows(item, entry, state):
                altered.append((i, item))
        return cls(added, removed, altered)


def _shows(item: Item, entry: Entry, state: State) -> bool:
    """The item is the entry's die: its owner's colour and its value (an unread value passes
    where the values are entered with the buttons)."""
    board = state.board
    if board.owner_of(item.colour) != entry.player:
        return False
    return item.face == entry.value or (item.face is None and not board.reads_values)


def _changed_entries(state: State, seen: Seen, changes: _Changes) -> Judgement[State]:
    """TS-F4 (a die moved, removed or turned) or TS-F1 (a die put on a filled cell)."""
    size = state.board.size
    for i in changes.removed:
        entry = state.cells[i]
        for j, item in changes.added:
            if entry is not None and _shows(item, entry, state):
                return _illegal(state, "TS-F4", f"{entry} moved from {cell_name(i, size)} to "
                                f"{cell_name(j, size)}: put it back")
    if changes.altered and not changes.removed:
        i, item = changes.altered[0]
        entry = state.cells[i]
        if entry is not None and _put_on_top(state, seen, entry, item):
            return _illegal(state, "TS-F1", f"{cell_name(i, size)} is taken: take the new die "
                            f"off")
    i = changes.removed[0] if changes.removed else changes.altered[0][0]
    return _illegal(state, "TS-F4", f"{cell_name(i, size)} must keep its {state.cells[i]}: "
                    f"put it back")


def _put_on_top(state: State, seen: Seen, entry: Entry, item: Item) -> bool:
    """A die on a filled cell rather than a die turned: seen stacked, another player's colour
    where the die was, or the mover's die showing the roll while the tray is empty."""
    if item.stacked or state.board.owner_of(item.colour) != entry.player:
        return True
    mover = state.board.owner_of(item.colour) == state.to
    return mover and not seen.tray and state.roll is not None and item.face == state.roll


def _placement(state: State, seen: Seen, index: int, item: Item) -> Judgement[State]:
    """One new die on an empty cell (question 4 of the module docstring)."""
    board = state.board
    cell = cell_name(index, board.size)
    mover = LETTERS[state.to]
    if board.owner_of(item.colour) != state.to:
        return _illegal(state, "TS-F5", f"{mover} plays {board.colours[state.to].value} dice: "
                        f"take the {item.colour.value} die off {cell}")
    own_tray = [d for d in seen.tray if board.owner_of(d.colour) == state.to]
    if item.face is None:
        return Judgement(Verdict.PENDING, state, message=f"enter {mover}'s value on {cell}")
    move = Place(state.to, item.face, index // board.size, index % board.size)
    roll = state.roll if state.roll is not None else _tray_roll(own_tray)
    if not 1 <= item.face <= board.faces or (roll is not None and item.face != roll):
        return _judge_move(state, move, roll)
    if own_tray:
        return Judgement(Verdict.PENDING, state, move=str(move),
                         message="take the rolled die out of the tray")
    return _judge_move(state, move, roll)


def _tray_roll(own_tray: list[Item]) -> int | None:
    """The roll the tray shows, when it holds exactly one read die of the mover's."""
    return own_tray[0].face if len(own_tray) == 1 else None


def _judge_move(state: State, move: Move, roll: int | None = None) -> Judgement[State]:
    """Play ``move`` (with the roll seen in the tray, if the state has none): MOVE or ILLEGAL."""
    before = state
    if roll is not None and state.roll is None and isinstance(move, Place):
        before = replace(state, roll=roll)
    try:
        after = before.play(move)
    except IllegalMoveError as exc:
        return _illegal(state, exc.code, exc.reason, str(move))
    return Judgement(Verdict.MOVE, after, move=str(move), message=str(move))


def _tray(state: State, seen: Seen) -> Judgement[State]:
    """The grid is as it was: what the tray says (question 5 of the module docstring)."""
    board = state.board
    mover = LETTERS[state.to]
    if not seen.tray:
        if state.roll is None:
            return Judgement(Verdict.UNCHANGED, state)
        return Judgement(Verdict.PENDING, state, message=f"{mover}: place the {state.roll}")
    if len(seen.tray) > 1:
        return _illegal(state, "TS-F2", "roll one die only")
    die = seen.tray[0]
    owner = board.owner_of(die.colour)
    if owner != state.to:
        if owner is not None and state.roll is None and not any(state.cells):
            return _illegal(state, "TS-F5", f"{mover} plays first: enter start="
                            f"{LETTERS[owner]} to change the order")
        return _illegal(state, "TS-F5", f"{mover} rolls {board.colours[state.to].value} dice, "
                        f"not {die.colour.value}")
    if die.face is None:
        if state.roll is None:
            return Judgement(Verdict.PENDING, state, message=f"enter {mover}'s roll")
        return Judgement(Verdict.UNCHANGED, state)
    if die.face == state.roll:
        return Judgement(Verdict.UNCHANGED, state)
    return _judge_move(state, Roll(die.face))


def _illegal(state: State, code: str, message: str, move: str | None = None) -> Judgement[State]:
    return Judgement(Verdict.ILLEGAL, state, move=move, code=code, message=message)
