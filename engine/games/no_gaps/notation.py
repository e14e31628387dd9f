"""No Gaps text notation: positions, moves and table views (docs/notation/no-gaps.md).

Position ``##..../##..../....../....../....../...... used=O4 fresh=1,3,3,5 spent=4,6
removed=- rerolls=0 last=O4``. Moves ``4:O4@r0c0,r0c1,r1c0,r1c1``, ``6:aside``,
``reroll=1,3,3,4,5,6``. View ``##..../... fresh=1,3 spent=4,6 removed=-`` (``#`` ink, a digit a
die, ``?`` an unread die, a colour letter before an item that is not white).
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

import re

from engine.errors import NotationError
from engine.games.no_gaps.board import COLS, DICE, ROWS, Board
from engine.games.no_gaps.moves import Aside, Draw, Move, Reroll
from engine.games.no_gaps.shapes import CellRC
from engine.games.no_gaps.state import State
from engine.table import Colour, Item, ItemKind, TableView, ViewStatus

POSITION_EXAMPLE = ("##..../##..../....../....../....../...... used=O4 fresh=1,3,3,5 "
                    "spent=4,6 removed=- rerolls=0 last=O4")
POSITION_KEYS = ("used", "fresh", "spent", "removed", "rerolls", "last")
MOVE_EXAMPLES = "'4:O4@r0c0,r0c1,r1c0,r1c1', '6:aside' or 'reroll=1,3,3,4,6,5'"
_FACES = re.compile(r"^[1-6](?:,[1-6])*$")
_CELL = r"r[0-9]{1,2}c[0-9]{1,2}"
_DRAW = re.compile(rf"^([1-6]):([a-z][a-z0-9]*)@({_CELL}(?:,{_CELL})*)$")
_ASIDE = re.compile(r"^([1-6]):aside$")
_REROLL = re.compile(r"^reroll=([1-6](?:,[1-6])*)$")


# ---------------------------------------------------------------------- positions

def parse_position(text: str, board: Board) -> State:
    """Parse a position text on ``board`` and settle it (NG-A3: a dead fresh die is moved to
    the removed zone at once, so ``position()`` may print it there).

    Raises:
        NotationError: the text is not like ``POSITION_EXAMPLE``; the message says which part.
    """
    fields = text.split()
    if not fields:
        raise NotationError(f"empty position: expected e.g. {POSITION_EXAMPLE!r}")
    covered = _parse_grid(fields[0])
    keys = _parse_keys(fields[1:], text)
    used = _parse_used(keys["used"], board)
    zones = [_parse_faces(keys[name], name) for name in ("fresh", "spent", "removed")]
    if sum(len(z) for z in zones) > DICE:
        raise NotationError(f"the game has {DICE} dice, the position lists "
                            f"{sum(len(z) for z in zones)} in fresh, spent and removed")
    rerolls = _parse_rerolls(keys["rerolls"], board)
    last = None if keys["last"] == "-" else _parse_tile_name(keys["last"], board, "last")
    return State.settled(board, covered, used, zones[0], zones[1], zones[2], rerolls, last)


def _parse_grid(text: str) -> int:
    rows = text.split("/")
    if len(rows) != ROWS:
        raise NotationError(f"grid {text!r} must have {ROWS} rows separated by '/', "
                            f"e.g. {POSITION_EXAMPLE!r}")
    covered = 0
    for r, row in enumerate(rows):
        if len(row) != COLS or set(row) - {"#", "."}:
            raise NotationError(f"row {r} {row!r} must be {COLS} cells, '#' covered or "
                                f"'.' empty")
        for c, char in enumerate(row):
            if char == "#":
                covered |= 1 << (r * COLS + c)
    return covered


def _parse_keys(fields: list[str], text: str) -> dict[str, str]:
    keys: dict[str, str] = {}
    for f in fields:
        key, sep, value = f.partition("=")
        if not sep or key not in POSITION_KEYS or key in keys:
            raise NotationError(f"unexpected {f!r} in {text!r}: after the grid give each of "
                                f"{', '.join(k + '=' for k in POSITION_KEYS)} once")
        keys[key] = value
    missing = [k for k in POSITION_KEYS if k not in keys]
    if missing:
        raise NotationError(f"position {text!r} lacks {', '.join(k + '=' for k in missing)}: "
                            f"e.g. {POSITION_EXAMPLE!r}")
    return keys


def _parse_tile_name(text: str, board: Board, what: str) -> str:
    """A tile name of the board's chart, in any case (``o4`` is ``O4``)."""
    name = text.upper()
    if board.tile(name) is None:
        raise NotationError(f"{what}: unknown tile {name!r}; the chart of side {board.side} "
                            f"has {', '.join(sorted(t.name for t in board.tiles))}")
    return name


def _parse_used(text: str, board: Board) -> list[str]:
    if text == "-":
        return []
    names = [_parse_tile_name(n, board, "used") for n in text.split(",")]
    for tile in board.tiles:
        if names.count(tile.name) > tile.copies:
            raise NotationError(f"used: {tile.name} is crossed out {names.count(tile.name)} "
                                f"times but the chart has {tile.copies}")
    return names


def _parse_faces(text: str, what: str) -> list[int]:
    if text == "-":
        return []
    if not _FACES.match(text):
        raise NotationError(f"{what}= must be die faces 1-6 separated by commas, or '-' for "
                            f"none, got {text!r}")
    return [int(f) for f in text.split(",")]


def _parse_rerolls(text: str, board: Board) -> int:
    if not text.isdigit() or not text.isascii() or int(text) > board.rerolls:
        raise NotationError(f"rerolls= must be the number of ticked boxes, 0-{board.rerolls}, "
                            f"got {text!r}")
    return int(text)


# ---------------------------------------------------------------------- moves

def parse_move(text: str, board: Board) -> Move:
    """Parse a move for ``board`` (spaces are ignored, letters may be any case).

    Raises:
        NotationError: not one of the three forms, an unknown tile, a cell named twice, or a
            reroll without the faces seen.
    """
    compact = "".join(text.split()).lower()
    if compact == "reroll":
        raise NotationError("a reroll needs the faces seen, one per spent die: "
                            "e.g. 'reroll=1,3,3,4,6,5'")
    if m := _REROLL.match(compact):
        return Reroll(tuple(sorted(int(f) for f in m.group(1).split(","))))
    if m := _ASIDE.match(compact):
        return Aside(int(m.group(1)))
    if m := _DRAW.match(compact):
        tile = _parse_tile_name(m.group(2), board, f"move {text.strip()!r}")
        return Draw(int(m.group(1)), tile, _parse_cells(m.group(3), text))
    raise NotationError(f"move {text!r} must be {MOVE_EXAMPLES}")


def _parse_cells(text: str, move: str) -> tuple[CellRC, ...]:
    cells = []
    for token in text.split(","):
        r, _, c = token[1:].partition("c")
        cells.append((int(r), int(c)))
    if len(set(cells)) != len(cells):
        raise NotationError(f"move {move!r} names a cell twice")
    return tuple(sorted(cells))


# ---------------------------------------------------------------------- views

_PREFIX = {Colour.RED: "R", Colour.BLACK: "K", Colour.BLUE: "B", Colour.GREEN: "G",
           Colour.YELLOW: "Y", Colour.UNKNOWN: "U"}
_COLOUR = {letter: colour for colour, letter in _PREFIX.items()}
_TOKEN = re.compile(r"[RKBGYU]?[1-8?#]|\.")
_ZONE_NAME = re.compile(r"^[a-z][a-z_]*$")


def view_to_text(view: TableView) -> str:
    """Compact text of a view for records (see the module docstring and the notation file)."""
    rows = "/".join("".join(_item_text(d) for d in row) for row in view.grid) or "-"
    parts = [rows] + [f"{name}={_items_text(items)}" for name, items in view.zones]
    if view.outside:
        parts.append(f"out={_items_text(view.outside)}")
    if view.status is not ViewStatus.SETTLED:
        parts.append(f"S={view.status.value}")
    return " ".join(parts)


def _item_text(item: Item | None) -> str:
    if item is None:
        return "."
    prefix = _PREFIX.get(item.colour, "")
    if item.kind is ItemKind.INK:
        return prefix + "#"
    return prefix + ("?" if item.face is None else str(item.face))


def _items_text(items: tuple[Item, ...]) -> str:
    return ",".join(_item_text(d) for d in items) or "-"


def view_from_text(text: str) -> TableView:
    """Inverse of ``view_to_text``: confidences 1.0, millimetres 0, status SETTLED unless
    ``S=`` says otherwise.

    Raises:
        NotationError: the text is not a view text.
    """
    fields = text.split()
    if not fields:
        raise NotationError("empty view text: expected e.g. '#...../....../....../....../"
                            "....../...... fresh=1,3 spent=4 removed=-'")
    grid = () if fields[0] == "-" else tuple(_parse_view_row(r) for r in fields[0].split("/"))
    zones: list[tuple[str, tuple[Item, ...]]] = []
    outside: tuple[Item, ...] = ()
    status = ViewStatus.SETTLED
    seen: set[str] = set()
    for f in fields[1:]:
        key, sep, value = f.partition("=")
        if not sep or key in seen or not (key == "S" or _ZONE_NAME.match(key)):
            raise NotationError(f"unexpected {f!r} in view text {text!r}: give zones as "
                                f"name=items once each, out=items, S=status")
        seen.add(key)
        if key == "S":
            status = _parse_status(value)
        elif key == "out":
            outside = _parse_items(value)
        else:
            zones.append((key, _parse_items(value)))
    return TableView(grid=grid, outside=outside, status=status, zones=tuple(zones))


def _parse_view_row(row: str) -> tuple[Item | None, ...]:
    tokens = _TOKEN.findall(row)
    if "".join(tokens) != row or not tokens:
        raise NotationError(f"view row {row!r}: use '.' empty, '#' ink, a die face 1-8 or '?' "
                            f"unread, with R/K/B/G/U before an item that is not white")
    return tuple(None if t == "." else _parse_item(t) for t in tokens)


def _parse_items(text: str) -> tuple[Item, ...]:
    if text == "-":
        return ()
    tokens = text.split(",")
    if any(not _TOKEN.fullmatch(t) or t == "." for t in tokens):
        raise NotationError(f"items {text!r}: give '#' or a die face 1-8 or '?' separated by "
                            f"commas (colour letter first), or '-' for none")
    return tuple(_parse_item(t) for t in tokens)


def _parse_item(token: str) -> Item:
    colour = _COLOUR.get(token[0], Colour.WHITE)
    mark = token[-1]
    if mark == "#":
        return Item(face=None, colour=colour, kind=ItemKind.INK)
    return Item(face=None if mark == "?" else int(mark), colour=colour)


def _parse_status(value: str) -> ViewStatus:
    try:
        return ViewStatus(value)
    except ValueError:
        raise NotationError(f"unknown view status {value!r}: one of "
                            f"{', '.join(s.value for s in ViewStatus)}") from None
