"""Growing Nine text notation: positions, moves and table views (docs/notation/growing-nine.md).

Position ``r0c0=R3 r0c3=W5 r3c0=W315 r3c3=W2 q=614253``: every occupied cell (any order; printed
row-major) with ``R``/``W`` and the top alone or the known orientation ``T N E``; ``q=`` the tops
of the waiting dice, the next first (``q=-`` when none waits). Set-up phase: ``rolled R3
W122345556`` (red's top, then the nine white tops).
Move ``r3c0 N`` / ``r3c0 N=6``; set-up ``place r0c0=R3 r0c3=W5 r3c0=W3 r3c3=W2 q=614253``; the
declaration ``circles``.
View ``R3..W5/..../..../W3..W2 w=W6W1W4W2W5W3``: grid rows north to south, ``w=`` the waiting
zone in reading order, ``o=`` dice elsewhere on the board, ``S=`` a status other than settled.
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from engine.errors import NotationError
from engine.games.growing_nine.board import Board, parse_cell
from engine.games.growing_nine.dice import Orientation, is_orientation
from engine.games.growing_nine.moves import CIRCLES, Circles, Move, Place, Roll
from engine.games.growing_nine.state import Die, State, check_placement
from engine.table import Cell, Colour, Item, TableView, ViewStatus

POSITION_EXAMPLE = "r0c0=R3 r0c3=W5 r3c0=W315 r3c3=W2 q=614253"
WAITING = "waiting"
"""The name of the waiting area's zone in views and in the layout."""

_DIE = re.compile(r"^([RW])([1-6]|[1-6]{3})$")
_QUEUE = re.compile(r"^q=(-|[1-6]+)$")
_ROLL = re.compile(r"^(r[0-9]+c[0-9]+)\s+([NESW])(?:=([1-6]))?$")
_ROLLED = re.compile(r"^rolled\s+R([1-6])\s+W([1-6]+)$")
_COLOURS = {"W": Colour.WHITE, "R": Colour.RED, "K": Colour.BLACK, "B": Colour.BLUE,
            "G": Colour.GREEN, "Y": Colour.YELLOW, "U": Colour.UNKNOWN}
_LETTERS = {colour: letter for letter, colour in _COLOURS.items()}
_ITEM = re.compile(r"[WRKBGYU][1-6?]")


# --- positions --------------------------------------------------------------------------------

def parse_position(text: str, board: Board) -> State:
    """Parse a position text on ``board`` (a play position, or ``rolled ...`` for set-up).

    A parsed position's GN-E5 history starts with itself.

    Raises:
        NotationError: saying which part is wrong (a cell off the grid, blocked or given twice,
            a die that is not ``R``/``W`` with a top or a real orientation of the board's
            handedness, not exactly one red die, a missing or bad ``q=``, more dice than the
            box holds).
    """
    if text.strip().startswith("rolled"):
        return _parse_rolled(text.strip(), board)
    fields = text.split()
    if not fields:
        raise NotationError(f"empty position: expected e.g. {POSITION_EXAMPLE!r}")
    queues = [f for f in fields if f.startswith("q=")]
    if len(queues) != 1:
        raise NotationError(f"position {text!r} needs one q= with the waiting tops (q=- when "
                            f"none waits), e.g. {POSITION_EXAMPLE!r}")
    cells = _parse_cells([f for f in fields if not f.startswith("q=")], board)
    queue = _parse_queue(queues[0])
    _check_dice(cells, queue, board)
    return State.new(board, _grid(cells, board), queue)


def _parse_rolled(text: str, board: Board) -> State:
    m = _ROLLED.match(text)
    if m is None:
        raise NotationError(f"set-up position {text!r} must be 'rolled R<top> W<tops>', e.g. "
                            f"'rolled R3 W122345556'")
    whites = tuple(int(t) for t in m.group(2))
    if len(whites) != board.whites:
        raise NotationError(f"set-up position {text!r} needs {board.whites} white tops, "
                            f"got {len(whites)}")
    return State.rolled_dice(board, int(m.group(1)), whites)


def _parse_cells(fields: list[str], board: Board) -> dict[Cell, Die]:
    cells: dict[Cell, Die] = {}
    for f in fields:
        name, sep, value = f.partition("=")
        cell = parse_cell(name)
        if not sep or cell is None:
            raise NotationError(f"unexpected {f!r}: cells are written r<row>c<col>=<die>, "
                                f"e.g. r0c3=W5 or r3c0=W315")
        if not board.open(cell):
            where = "blocked" if board.on_grid(cell) else "off the grid"
            raise NotationError(f"{f!r}: {cell} is {where} on the {board.rows} x {board.cols} "
                                f"grid of side {board.side}")
        if cell in cells:
            raise NotationError(f"{cell} is given twice")
        cells[cell] = parse_die(value, board.options.handedness, f)
    return cells


def parse_die(text: str, handedness: str, context: str) -> Die:
    """``R3``, ``W315``: a die with its top, or its known orientation.

    Raises:
        NotationError: not a colour ``R``/``W`` with one or three faces 1-6, or three faces
            that are not a ``handedness`` die (README 3.3).
    """
    m = _DIE.match(text)
    if m is None:
        raise NotationError(f"{context!r}: a die is R or W, then its top (W5) or its top, north "
                            f"and east faces (W315)")
    red, faces = m.group(1) == "R", m.group(2)
    if len(faces) == 1:
        return Die(red, int(faces))
    o = Orientation(*(int(f) for f in faces))
    if not is_orientation(o, handedness):
        raise NotationError(f"{context!r}: {faces} is not a {handedness}-handed die's top, "
                            f"north and east faces")
    return Die(red, o.t, o)


def _parse_queue(text: str) -> tuple[int, ...]:
    m = _QUEUE.match(text)
    if m is None:
        raise NotationError(f"{text!r}: q= lists the waiting tops, next first (q=614253), or "
                            f"q=- when none waits")
    return () if m.group(1) == "-" else tuple(int(t) for t in m.group(1))


def _check_dice(cells: dict[Cell, Die], queue: tuple[int, ...], board: Board) -> None:
    reds = sum(d.red for d in cells.values())
    if reds != 1:
        raise NotationError(f"a position has exactly one red die (R), found {reds}")
    whites = len(cells) - 1 + len(queue)
    if len(queue) > board.waiting or whites > board.whites:
        raise NotationError(f"{whites} white dice ({len(queue)} waiting): the box holds "
                            f"{board.whites} white dice and the waiting area {board.waiting}")


def _grid(cells: dict[Cell, Die], board: Board) -> tuple[Die | None, ...]:
    return tuple(cells.get(cell) for cell in board.cells())


# --- moves ------------------------------------------------------------------------------------

def parse_move(text: str, state: State) -> Move:
    """Parse ``r3c0 N``, ``r3c0 N=6``, ``place ...`` or ``circles`` for ``state``.

    Raises:
        NotationError: not one of these forms, a cell off the grid, a move of the other phase
            (a roll during set-up, a placement after it), a placement that does not fill every
            spawn cell and the waiting area.
    """
    stripped = text.strip()
    if stripped == CIRCLES:
        return Circles()
    if stripped.startswith("place"):
        return _parse_place(stripped, state)
    m = _ROLL.match(stripped)
    if m is None:
        raise NotationError(f"move {text!r} must be a cell and a direction N/E/S/W, with the "
                            f"top seen after the roll when needed ('r3c0 N', 'r3c0 N=6'), "
                            f"'place ...' during set-up or '{CIRCLES}'")
    cell = parse_cell(m.group(1))
    if cell is None or not state.board.on_grid(cell):
        raise NotationError(f"move {text!r}: {m.group(1)} is not a cell of the "
                            f"{state.board.rows} x {state.board.cols} grid")
    if state.setting_up:
        raise NotationError(f"move {text!r}: the dice are not placed yet (set-up: 'place ...')")
    return Roll(cell, m.group(2), int(m.group(3)) if m.group(3) else None)


def _parse_place(text: str, state: State) -> Place:
    fields = text.split()
    if fields[0] != "place" or not state.setting_up:
        raise NotationError(f"{text!r}: 'place' is the set-up move, before the first roll")
    queues = [f for f in fields[1:] if f.startswith("q=")]
    if len(queues) != 1:
        raise NotationError(f"{text!r}: a placement ends with q=<waiting tops>")
    cells = _parse_cells([f for f in fields[1:] if not f.startswith("q=")], state.board)
    if any(d.known for d in cells.values()):
        raise NotationError(f"{text!r}: placed dice are written with their top alone (W5)")
    spawns = tuple((c, cells[c].red, cells[c].top) for c in state.board.cells() if c in cells)
    move = Place(spawns, _parse_queue(queues[0]))
    check_placement(state.board, move)
    return move


# --- views ------------------------------------------------------------------------------------

def view_to_text(view: TableView) -> str:
    """Compact text of a view for records (see the module docstring and the notation doc).

    Kept: each item's colour and face; the waiting zone (``w=``, when the view has one); the
    dice elsewhere (``o=``, when any); the status. Not kept: confidences, millimetres, notes,
    zones other than the waiting area.
    """
    rows = ["".join("." if d is None else _item_text(d) for d in row) for row in view.grid]
    text = "/".join(rows)
    if any(name == WAITING for name, _ in view.zones):
        text += f" w={_items_text(view.zone(WAITING))}"
    if view.outside:
        text += f" o={_items_text(view.outside)}"
    if view.status is not ViewStatus.SETTLED:
        text += f" S={view.status.value}"
    return text


def _item_text(item: Item) -> str:
    return _LETTERS[item.colour] + ("?" if item.face is None else str(item.face))


def _items_text(items: Iterable[Item]) -> str:
    return "".join(_item_text(d) for d in items) or "-"


def view_from_text(text: str) -> TableView:
    """Inverse of ``view_to_text``: confidences 1.0, status SETTLED unless ``S=`` says otherwise.

    Raises:
        NotationError: the text is not a view text.
    """
    fields = text.split()
    if not fields:
        raise NotationError("empty view text: expected e.g. 'R3..W5/..../..../W3..W2 w=W6W1'")
    rows = fields[0].split("/")
    grid = tuple(_parse_view_row(row) for row in rows)
    if len({len(row) for row in grid}) != 1:
        raise NotationError(f"view grid {fields[0]!r}: every row needs the same number of cells")
    keys: dict[str, str] = {}
    for f in fields[1:]:
        key, sep, value = f.partition("=")
        if not sep or key not in ("w", "o", "S") or key in keys:
            raise NotationError(f"unexpected {f!r} in view text {text!r}: expected w=, o= and "
                                f"S= at most once each")
        keys[key] = value
    zones = ((WAITING, _parse_items(keys["w"])),) if "w" in keys else ()
    outside = _parse_items(keys["o"]) if "o" in keys else ()
    status = _parse_status(keys.get("S", ViewStatus.SETTLED.value))
    return TableView(grid=grid, outside=outside, status=status, zones=zones)


def _parse_view_row(row: str) -> tuple[Item | None, ...]:
    tokens = re.findall(r"[WRKBGYU][1-6?]|\.", row)
    if "".join(tokens) != row or not tokens:
        raise NotationError(f"view row {row!r}: '.' for an empty cell, else a colour letter "
                            f"(W, R, K, B, G, U) and a face 1-6 or '?'")
    return tuple(None if t == "." else _parse_item(t) for t in tokens)


def _parse_item(token: str) -> Item:
    face = token[1]
    return Item(face=None if face == "?" else int(face), colour=_COLOURS[token[0]])


def _parse_items(text: str) -> tuple[Item, ...]:
    if text == "-":
        return ()
    tokens = _ITEM.findall(text)
    if "".join(tokens) != text or not tokens:
        raise NotationError(f"dice {text!r}: a colour letter and a face each (W6W1R3), or '-'")
    return tuple(_parse_item(t) for t in tokens)


def _parse_status(value: str) -> ViewStatus:
    try:
        return ViewStatus(value)
    except ValueError:
        raise NotationError(f"unknown view status {value!r}: one of "
                            f"{', '.join(s.value for s in ViewStatus)}") from None
