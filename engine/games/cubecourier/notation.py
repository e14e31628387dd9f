"""CubeCourier text notation: positions, moves and table views
(docs/notation/cubecourier.md).

Position ``K.R/[KRW]RW/.K. off=KR ring=r1c1 to=2``: three rows north to south, a cell being
``.``, a top colour (sides unknown), ``[VNE]`` (known state) or ``upper^lower`` (a stack);
``off=`` the off-board assigned colours (``-`` for none), ``ring=`` a cell or ``none``,
``to=`` the player to act; ``rep=`` the starter while the repetition procedure is under way.
Moves ``P R@r2c0``, ``r0c2-W``, ``r0c2-W=K``, ``r0c2-W=K!``, ``r2c1^r2c0``, ``off r1c1=K``,
``repeat``, ``repeat 2``, ``first 2``. View ``K.R/K+*RW/.K. off=KRW``: a camera colour letter
per item, ``+`` a stack, ``*`` the ring around it. Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from engine.errors import NotationError
from engine.games.cubecourier.board import Board
from engine.games.cubecourier.connection import CELLS, SIZE, index
from engine.games.cubecourier.cube import Content, Cube, Stack
from engine.games.cubecourier.moves import First, Move, Place, Remove, Repeat, Roll, StackMove
from engine.games.cubecourier.state import State, sort_colours
from engine.table import Cell, Colour, Item, ItemKind, TableView, ViewStatus

CUBES = 8
POSITION_EXAMPLE = "K.R/[KRW]RW/.K. off=KR ring=r1c1 to=2"
FIELDS = ("off", "ring", "to", "rep")
_CUBE = r"(?:[KRW]|\[[KRW]{3}\])"
_CELL = re.compile(rf"\.|{_CUBE}(?:\^{_CUBE})*")
_CELL_NAME = r"r([0-2])c([0-2])"
OFF_BOARD = "off_board"
"""The name of the layout's zone where the off-board cubes wait (rules section 1)."""


# --- positions --------------------------------------------------------------------------------

def parse_position(text: str, board: Board) -> State:
    """A position from its text on ``board``.

    Raises:
        NotationError: a malformed grid or field, a ring on an empty cell, a stack under
            another, or a total other than 8 cubes; the message says what is wrong.
    """
    parts = text.split()
    if not parts:
        raise NotationError(f"empty position: expected e.g. {POSITION_EXAMPLE!r}")
    cells = _parse_grid(parts[0])
    fields = _parse_fields(parts[1:], text)
    off = _parse_off(fields["off"])
    ring = _parse_ring(fields["ring"], cells)
    to = _parse_player(fields["to"], "to")
    rep = _parse_player(fields["rep"], "rep") if "rep" in fields else None
    if rep is not None and ring is not None:
        raise NotationError("ring= must be none while the repetition procedure is under way")
    count = sum(0 if x is None else 2 if isinstance(x, Stack) else 1 for x in cells) + len(off)
    if count != CUBES:
        raise NotationError(f"position {text!r} holds {count} cubes (board and off=): the game "
                            f"has exactly {CUBES}")
    return State(board, cells, off, ring, to, rep)


def _parse_grid(text: str) -> tuple[Content, ...]:
    rows = text.split("/")
    if len(rows) != SIZE:
        raise NotationError(f"grid {text!r} must have 3 rows separated by '/', "
                            f"e.g. {POSITION_EXAMPLE!r}")
    cells: list[Content] = []
    for r, row in enumerate(rows):
        tokens = _CELL.findall(row)
        if "".join(tokens) != row or len(tokens) != SIZE:
            raise NotationError(f"row {r} {row!r} must be three cells: '.', K/R/W, [VNE] such "
                                f"as [RKW], or a stack upper^lower")
        cells += [_parse_cell(t) for t in tokens]
    return tuple(cells)


def _parse_cell(token: str) -> Content:
    if token == ".":
        return None
    parts = token.split("^")
    if len(parts) > 2:
        raise NotationError(f"cell {token!r} puts a stack under another: at most two cubes")
    cubes = [_parse_cube(p) for p in parts]
    return cubes[0] if len(cubes) == 1 else Stack(cubes[0], cubes[1])


def _parse_cube(token: str) -> Cube:
    try:
        if token.startswith("["):
            return Cube.of(token[1], token[2], token[3])
        return Cube.of(token)
    except ValueError as exc:
        raise NotationError(f"cube {token!r}: {exc}") from None


def _parse_fields(parts: list[str], text: str) -> dict[str, str]:
    fields: dict[str, str] = {}
    for part in parts:
        key, sep, value = part.partition("=")
        if not sep or key not in FIELDS or key in fields:
            raise NotationError(f"unexpected {part!r} in {text!r}: expected off=, ring= and "
                                f"to= once each, e.g. {POSITION_EXAMPLE!r}")
        fields[key] = value
    missing = [k for k in ("off", "ring", "to") if k not in fields]
    if missing:
        raise NotationError(f"position {text!r} lacks {', '.join(k + '=' for k in missing)}: "
                            f"e.g. {POSITION_EXAMPLE!r}")
    return fields


def _parse_off(text: str) -> tuple[str, ...]:
    if text == "-":
        return ()
    if not text or any(ch not in "KRW" for ch in text):
        raise NotationError(f"off= lists the off-board cubes' colours K/R/W (or '-'), "
                            f"got {text!r}")
    return sort_colours(text)


def _parse_ring(text: str, cells: tuple[Content, ...]) -> Cell | None:
    if text == "none":
        return None
    cell = parse_cell_name(text)
    if cell is None:
        raise NotationError(f"ring= must be a cell r0c0..r2c2 or none, got {text!r}")
    if cells[index(cell)] is None:
        raise NotationError(f"ring={text}: the ring lies around a cube, and {text} is empty")
    return cell


def _parse_player(text: str, key: str) -> int:
    if text not in ("1", "2"):
        raise NotationError(f"{key}= must be player 1 or 2, got {text!r}")
    return int(text)


def parse_cell_name(text: str) -> Cell | None:
    """``"r1c2"`` -> ``Cell(1, 2)``; None when the text is not a cell of the 3 x 3 grid."""
    m = re.fullmatch(_CELL_NAME, text)
    return Cell(int(m.group(1)), int(m.group(2))) if m else None


# --- moves ------------------------------------------------------------------------------------

def _place(m: re.Match[str]) -> Move:
    return Place(m.group(1), Cell(int(m.group(2)), int(m.group(3))))


def _roll(m: re.Match[str]) -> Move:
    return Roll(Cell(int(m.group(1)), int(m.group(2))), m.group(3), m.group(4),
                confirmed=m.group(5) is not None)


def _stack(m: re.Match[str]) -> Move:
    return StackMove(Cell(int(m.group(1)), int(m.group(2))),
                     Cell(int(m.group(3)), int(m.group(4))))


def _remove(m: re.Match[str]) -> Move:
    return Remove(Cell(int(m.group(1)), int(m.group(2))), m.group(3))


def _repeat(m: re.Match[str]) -> Move:
    return Repeat(int(m.group(1)) if m.group(1) else None)


def _first(m: re.Match[str]) -> Move:
    return First(int(m.group(1)))


_MOVES: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], Move]], ...] = (
    (re.compile(rf"P +([KRW])@{_CELL_NAME}"), _place),
    (re.compile(rf"{_CELL_NAME}-([NESW])(?:=([KRW])(!)?)?"), _roll),
    (re.compile(rf"{_CELL_NAME}\^{_CELL_NAME}"), _stack),
    (re.compile(rf"off +{_CELL_NAME}=([KRW])"), _remove),
    (re.compile(r"repeat(?: +([12]))?"), _repeat),
    (re.compile(r"first +([12])"), _first),
)


def parse_move(text: str) -> Move:
    """A move from its text (leading and trailing spaces ignored, letters as written).

    Raises:
        NotationError: not one of ``P R@r2c0``, ``r0c2-W``, ``r0c2-W=K``, ``r0c2-W=K!``,
            ``r2c1^r2c0``, ``off r1c1=K``, ``repeat``, ``repeat 2``, ``first 2``.
    """
    stripped = text.strip()
    for pattern, build in _MOVES:
        m = pattern.fullmatch(stripped)
        if m:
            return build(m)
    raise NotationError(f"move {text!r} must be a place 'P R@r2c0', a roll 'r0c2-W' or "
                        f"'r0c2-W=K', a stack 'r2c1^r2c0', a removal 'off r1c1=K', or a "
                        f"declaration 'repeat', 'repeat 2', 'first 2'")


# --- views ------------------------------------------------------------------------------------

COLOUR_LETTERS = {Colour.BLACK: "K", Colour.RED: "R", Colour.WHITE: "W", Colour.BLUE: "B",
                  Colour.GREEN: "G", Colour.YELLOW: "Y", Colour.UNKNOWN: "U"}
KIND_PREFIX = {ItemKind.DIE: "d", ItemKind.TILE: "t", ItemKind.INK: "i"}
_LETTER_COLOURS = {v: k for k, v in COLOUR_LETTERS.items()}
_PREFIX_KINDS = {v: k for k, v in KIND_PREFIX.items()}
_ITEM = re.compile(r"[dti]?[KRWBGYU]\+?\*?")
_VIEW_CELL = re.compile(rf"\.|{_ITEM.pattern}")


def view_to_text(view: TableView) -> str:
    """A view as record text, e.g. ``K.R/K+*RW/.K. off=KRW`` (see the module docstring)."""
    rows = ["".join("." if d is None else _item_text(d) for d in row) for row in view.grid]
    off = "".join(_item_text(d) for d in view.zone(OFF_BOARD)) or "-"
    text = f"{'/'.join(rows)} off={off}"
    if view.outside:
        text += f" out={''.join(_item_text(d) for d in view.outside)}"
    if view.status is not ViewStatus.SETTLED:
        text += f" S={view.status.value}"
    return text


def _item_text(item: Item) -> str:
    prefix = KIND_PREFIX.get(item.kind, "")
    return (f"{prefix}{COLOUR_LETTERS[item.colour]}{'+' if item.stacked else ''}"
            f"{'*' if item.ringed else ''}")


def view_from_text(text: str) -> TableView:
    """Inverse of ``view_to_text``: confidences 1.0, positions 0.0, status SETTLED unless
    ``S=`` says otherwise; the off-board zone is always present (empty for ``off=-``).

    Raises:
        NotationError: the text is not a view text.
    """
    parts = text.split()
    if not parts:
        raise NotationError("empty view text: expected e.g. 'K.R/K+*RW/.K. off=KRW'")
    grid = tuple(_parse_view_row(row) for row in parts[0].split("/"))
    fields: dict[str, str] = {}
    for part in parts[1:]:
        key, sep, value = part.partition("=")
        if not sep or key not in ("off", "out", "S") or key in fields:
            raise NotationError(f"unexpected {part!r} in view text {text!r}: expected off=, "
                                f"out= and S= at most once each")
        fields[key] = value
    off = _parse_items(fields.get("off", "-"), "off")
    outside = _parse_items(fields["out"], "out") if "out" in fields else ()
    status = _parse_status(fields.get("S", ViewStatus.SETTLED.value))
    return TableView(grid=grid, outside=outside, status=status, zones=((OFF_BOARD, off),))


def _parse_view_row(row: str) -> tuple[Item | None, ...]:
    tokens = _VIEW_CELL.findall(row)
    if not tokens or "".join(tokens) != row:
        raise NotationError(f"view row {row!r}: use '.' for an empty cell and a colour letter "
                            f"K R W B G Y U per cube, '+' for a stack, '*' for the ring")
    return tuple(None if t == "." else _parse_item(t) for t in tokens)


def _parse_items(text: str, key: str) -> tuple[Item, ...]:
    if text == "-":
        return ()
    tokens = _ITEM.findall(text)
    if not tokens or "".join(tokens) != text:
        raise NotationError(f"{key}= lists items as colour letters K R W B G Y U (or '-'), "
                            f"got {text!r}")
    return tuple(_parse_item(t) for t in tokens)


def _parse_item(token: str) -> Item:
    kind = _PREFIX_KINDS.get(token[0], ItemKind.CUBE)
    body = token[1:] if token[0] in _PREFIX_KINDS else token
    return Item(face=None, colour=_LETTER_COLOURS[body[0]], confidence=1.0, kind=kind,
                stacked="+" in body, ringed="*" in body)


def _parse_status(value: str) -> ViewStatus:
    try:
        return ViewStatus(value)
    except ValueError:
        raise NotationError(f"unknown view status {value!r}: one of "
                            f"{', '.join(s.value for s in ViewStatus)}") from None


def expected_items(state: State) -> tuple[tuple[Item | None, ...], ...]:
    """The grid a camera sees of ``state``: each cube's top colour, stacks, the ring."""
    def item(cell: Cell) -> Item | None:
        content = state.at(cell)
        if content is None:
            return None
        return Item(face=None, colour=state.board.colour(content.top).camera, kind=ItemKind.CUBE,
                    stacked=isinstance(content, Stack), ringed=cell == state.ring)
    return tuple(tuple(item(c) for c in CELLS[r * SIZE:(r + 1) * SIZE]) for r in range(SIZE))


def expected_view(state: State) -> TableView:
    """The settled view of ``state``: the grid and the off-board cubes (K, R, W order)."""
    off = tuple(Item(face=None, colour=state.board.colour(k).camera, kind=ItemKind.CUBE)
                for k in state.off)
    return TableView(grid=expected_items(state), zones=((OFF_BOARD, off),))
