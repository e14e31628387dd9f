"""2 1 6 text notation: positions, moves and table views (docs/notation/two-one-six.md).

Position ``A6B1........../...(n rows) to=A roll=5``: rows north to south separated by ``/``, two
characters a cell (``..`` empty, else the owner's letter and the value), the player to move,
and the roll when known. Moves ``A5@r2c3`` (a placement), ``roll=5`` and ``start=B`` (entered
with the buttons). View ``W6R1..../... T=W5 O=K3 S=hand``: colour letter and face per die.
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

import re

from engine.errors import NotationError
from engine.games.two_one_six.board import LETTERS, Board
from engine.games.two_one_six.layout import TRAY
from engine.games.two_one_six.lines import Entry
from engine.games.two_one_six.state import Move, Place, Roll, Start, State
from engine.table import Colour, Item, ItemKind, TableView, ViewStatus

_NUMBER = "(0|[1-9][0-9]?)"
_PLACE = re.compile(rf"([A-D])([0-9]{{1,2}})@r{_NUMBER}c{_NUMBER}")
_ROLL = re.compile(r"roll=([0-9]{1,2})")
_START = re.compile(r"start=([A-D])")
MOVE_FORMS = "a placement 'A5@r2c3', a roll 'roll=5' or a start 'start=B'"


def position_example(board: Board) -> str:
    """An empty-grid position of ``board``: ``..../.... to=A``."""
    return "/".join([".." * board.size] * board.size) + " to=A"


def parse_position(text: str, board: Board) -> State:
    """Parse a position text on ``board``.

    Raises:
        NotationError: a wrong number of rows or cells, an unknown player letter, a value the
            die can't show, a missing ``to=``, an unknown or repeated field.
    """
    parts = text.split()
    if not parts:
        raise NotationError(f"empty position: expected e.g. {position_example(board)!r}")
    cells = _parse_grid(parts[0], board)
    keys = _parse_keys(parts[1:], text)
    if "to" not in keys:
        raise NotationError(f"position {text!r} lacks the player to move: add ' to=A'")
    to = _parse_player(keys["to"], board, "to")
    roll = None if "roll" not in keys else _parse_value(keys["roll"], board, "roll")
    return State(board, cells, to, roll)


def _parse_grid(text: str, board: Board) -> tuple[Entry | None, ...]:
    rows = text.split("/")
    n = board.size
    if len(rows) != n:
        raise NotationError(f"the grid must have {n} rows separated by '/', got {len(rows)}")
    cells: list[Entry | None] = []
    for r, row in enumerate(rows):
        if len(row) != 2 * n:
            raise NotationError(f"row {r} {row!r} must be {n} cells of two characters "
                                f"('..' or e.g. 'A6')")
        cells += [_parse_cell(row[i:i + 2], board, r) for i in range(0, 2 * n, 2)]
    return tuple(cells)


def _parse_cell(pair: str, board: Board, r: int) -> Entry | None:
    if pair == "..":
        return None
    player = _parse_player(pair[0], board, f"row {r}")
    return Entry(player, _parse_value(pair[1], board, f"row {r}"))


def _parse_player(letter: str, board: Board, where: str) -> int:
    if len(letter) != 1 or letter not in board.letters:
        raise NotationError(f"{where}: {letter!r} is not a player; players are "
                            f"{', '.join(board.letters)}")
    return board.letters.index(letter)


def _parse_value(text: str, board: Board, where: str) -> int:
    values = [str(v) for v in range(1, board.faces + 1)]
    if text not in values:
        raise NotationError(f"{where}: {text!r} is not a value of the d{board.faces} "
                            f"(1-{board.faces})")
    return int(text)


def _parse_keys(parts: list[str], text: str) -> dict[str, str]:
    keys: dict[str, str] = {}
    for part in parts:
        key, sep, value = part.partition("=")
        if not sep or key not in ("to", "roll") or key in keys:
            raise NotationError(f"unexpected {part!r} in {text!r}: after the grid come "
                                f"' to=A' and optionally ' roll=5'")
        keys[key] = value
    return keys


def parse_move(text: str, state: State) -> Move:
    """Parse a move for ``state``: ``A5@r2c3``, ``roll=5`` or ``start=B``.

    Values are read as written (``A7@r0c0`` parses; playing it is TS-F2 on a d6).

    Raises:
        NotationError: none of the three forms, a player not in the game, a cell off the grid.
    """
    stripped = text.strip()
    board = state.board
    if m := _PLACE.fullmatch(stripped):
        move = Place(_parse_player(m.group(1), board, f"move {text!r}"), int(m.group(2)),
                     int(m.group(3)), int(m.group(4)))
        if not (move.r < board.size and move.c < board.size):
            raise NotationError(f"move {text!r}: r{move.r}c{move.c} is off the "
                                f"{board.size}x{board.size} grid")
        return move
    if m := _ROLL.fullmatch(stripped):
        return Roll(int(m.group(1)))
    if m := _START.fullmatch(stripped):
        return Start(_parse_player(m.group(1), board, f"move {text!r}"))
    raise NotationError(f"move {text!r} must be {MOVE_FORMS}")


# --- table views ---------------------------------------------------------------------------

COLOUR_LETTERS = {Colour.WHITE: "W", Colour.RED: "R", Colour.BLACK: "K", Colour.BLUE: "B",
                  Colour.GREEN: "G", Colour.YELLOW: "Y", Colour.UNKNOWN: "U"}
_LETTER_COLOURS = {v: k for k, v in COLOUR_LETTERS.items()}
_ITEM = r"[WRKBGYUwrkbgyu](?:[0-9]{1,2}|\?)\^?"
_VIEW_CELL = re.compile(rf"\.\.|{_ITEM}")


def view_to_text(view: TableView) -> str:
    """The view as record text, e.g. ``W6R1..../... T=W5`` (see the module docstring).

    Kept: each item's colour, face, kind (die upper case, ink lower case) and ``stacked``
    (``^``), the tray, the items outside (``O=``) and the status (``S=``). Not kept:
    confidences, millimetres, notes, zones other than the tray.
    """
    rows = ["".join(".." if d is None else _item_text(d) for d in row) for row in view.grid]
    tray = ",".join(_item_text(d) for d in view.zone(TRAY)) or "-"
    text = f"{'/'.join(rows)} T={tray}"
    if view.outside:
        text += " O=" + ",".join(_item_text(d) for d in view.outside)
    if view.status is not ViewStatus.SETTLED:
        text += f" S={view.status.value}"
    return text


def _item_text(item: Item) -> str:
    letter = COLOUR_LETTERS[item.colour]
    if item.kind is ItemKind.INK:
        letter = letter.lower()
    face = "?" if item.face is None else str(item.face)
    return letter + face + ("^" if item.stacked else "")


def view_from_text(text: str) -> TableView:
    """Inverse of ``view_to_text``: confidences 1.0, the tray zone always present.

    Raises:
        NotationError: the text is not a view text.
    """
    parts = text.split()
    if not parts:
        raise NotationError("empty view text: expected e.g. 'W6..../.... T=-'")
    grid = _parse_view_grid(parts[0])
    found: dict[str, str] = {}
    for part in parts[1:]:
        key, sep, value = part.partition("=")
        if not sep or key not in ("T", "O", "S") or key in found:
            raise NotationError(f"unexpected {part!r} in view text {text!r}: expected T=, O=, "
                                f"S= once each")
        found[key] = value
    tray = _parse_items(found.get("T", "-"))
    outside = _parse_items(found["O"]) if "O" in found else ()
    status = _parse_status(found.get("S", ViewStatus.SETTLED.value))
    return TableView(grid=grid, outside=outside, status=status, zones=((TRAY, tray),))


def _parse_view_grid(text: str) -> tuple[tuple[Item | None, ...], ...]:
    rows = tuple(_parse_view_row(row) for row in text.split("/"))
    if len({len(row) for row in rows}) != 1:
        raise NotationError(f"view grid {text!r}: every row needs the same number of cells")
    return rows


def _parse_view_row(row: str) -> tuple[Item | None, ...]:
    tokens = _VIEW_CELL.findall(row)
    if "".join(tokens) != row or not tokens:
        raise NotationError(f"view row {row!r}: cells are '..' or a colour letter (W R K B G "
                            f"U, lower case for ink) and a face or '?', '^' when stacked")
    return tuple(None if t == ".." else _parse_item(t) for t in tokens)


def _parse_items(text: str) -> tuple[Item, ...]:
    if text == "-":
        return ()
    tokens = text.split(",")
    if not all(re.fullmatch(_ITEM, t) for t in tokens):
        raise NotationError(f"view items {text!r}: '-' or items such as 'W5,R?' separated by "
                            f"commas")
    return tuple(_parse_item(t) for t in tokens)


def _parse_item(token: str) -> Item:
    kind = ItemKind.INK if token[0].islower() else ItemKind.DIE
    colour = _LETTER_COLOURS[token[0].upper()]
    stacked = token.endswith("^")
    face = token[1:].rstrip("^")
    return Item(face=None if face == "?" else int(face), colour=colour, confidence=1.0,
                kind=kind, stacked=stacked)


def _parse_status(value: str) -> ViewStatus:
    try:
        return ViewStatus(value)
    except ValueError:
        raise NotationError(f"unknown view status {value!r}: one of "
                            f"{', '.join(s.value for s in ViewStatus)}") from None


__all__ = ["LETTERS", "TRAY", "parse_move", "parse_position", "view_from_text", "view_to_text"]
