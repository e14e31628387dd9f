"""Unification text notation: positions, moves and table views (docs/notation.md).

Position ``251/46R3/623 P=4 F=none``: rows north to south, ``R`` before the red die's face,
``P`` the push die, ``F`` the forbidden entry (the exit slot of the previous push) or ``none``.
Move ``W0`` (entry side and line) or ``W1=5`` (with the observed result).
View ``251/46R3/623 P=4``: like a position, ``.`` for an empty cell, ``?`` for an unread face,
``U`` before a die of unknown colour, ``P=`` lists the dice outside the grid (``-`` for none).
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

import re

from engine.errors import NotationError
from engine.games.unification.board import Board, Slot, parse_slot
from engine.games.unification.state import Move, State
from engine.table import Colour, Item, TableView, ViewStatus

POSITION_EXAMPLE = "251/46R3/623 P=4 F=none"
_MOVE = re.compile(r"^([NESW])([0-2])(?:=([1-6]))?$")
_CELL = re.compile(r"[RU]?[1-6?]|\.")


def parse_position(text: str, board: Board) -> State:
    """Parse a position text on ``board``.

    Raises:
        NotationError: the text is not like ``251/46R3/623 P=4 F=none``; the message says which
            part is wrong.
    """
    fields = text.split()
    if not fields:
        raise NotationError(f"empty position: expected e.g. {POSITION_EXAMPLE!r}")
    cells, red = _parse_grid(fields[0])
    keys = _parse_keys(fields[1:], text)
    if "P" not in keys:
        raise NotationError(f"position {text!r} lacks the push die: add P=<face>, "
                            f"e.g. {POSITION_EXAMPLE!r}")
    push = _parse_face(keys["P"], "push die P")
    forbidden = _parse_forbidden(keys.get("F", "none"))
    return State(board, cells, red, push, forbidden)


def _parse_grid(text: str) -> tuple[tuple[int, ...], int]:
    rows = text.split("/")
    if len(rows) != 3:
        raise NotationError(f"grid {text!r} must have 3 rows separated by '/', "
                            f"e.g. {POSITION_EXAMPLE!r}")
    cells: list[int] = []
    red = []
    for r, row in enumerate(rows):
        found = re.findall(r"R?[1-6]", row)
        if "".join(found) != row or len(found) != 3:
            raise NotationError(f"row {r} {row!r} must be three faces 1-6, the red die "
                                f"marked R (e.g. '46R3')")
        for token in found:
            if token.startswith("R"):
                red.append(len(cells))
            cells.append(int(token[-1]))
    if len(red) != 1:
        raise NotationError(f"grid {text!r} must mark exactly one red die with R, found {len(red)}")
    return tuple(cells), red[0]


def _parse_keys(fields: list[str], text: str) -> dict[str, str]:
    keys = {}
    for f in fields:
        key, sep, value = f.partition("=")
        if not sep or key not in ("P", "F") or key in keys:
            raise NotationError(f"unexpected {f!r} in {text!r}: expected P=<face> and "
                                f"F=<slot or none>")
        keys[key] = value
    return keys


def _parse_face(text: str, what: str) -> int:
    if len(text) != 1 or text not in "123456":
        raise NotationError(f"{what} must be a face 1-6, got {text!r}")
    return int(text)


def _parse_forbidden(text: str) -> Slot | None:
    if text == "none":
        return None
    slot = parse_slot(text)
    if slot is None:
        raise NotationError(f"F must be 'none' or an exit slot N0..W2, got {text!r}")
    return slot


def parse_move(text: str) -> Move:
    """Parse ``W0`` or ``W1=5``.

    Raises:
        NotationError: not an entry side N/E/S/W, a line 0-2 and an optional ``=face``.
    """
    m = _MOVE.match(text.strip().upper())
    if m is None:
        raise NotationError(f"move {text!r} must be an entry side N/E/S/W and a line 0-2, "
                            f"optionally with the observed result: 'W0', 'E1=5'")
    result = int(m.group(3)) if m.group(3) else None
    return Move(m.group(1), int(m.group(2)), result)


def view_to_text(view: TableView) -> str:
    """Compact text of a view for records, e.g. ``251/46R3/623 P=4`` (see module docstring)."""
    rows = ["".join(_die_text(d) for d in row) for row in view.grid]
    outside = ",".join(_die_text(d) for d in view.outside) or "-"
    text = f"{'/'.join(rows)} P={outside}"
    if view.status is not ViewStatus.SETTLED:
        text += f" S={view.status.value}"
    return text


def _die_text(die: Item | None) -> str:
    if die is None:
        return "."
    prefix = {Colour.RED: "R", Colour.UNKNOWN: "U"}.get(die.colour, "")
    return prefix + ("?" if die.face is None else str(die.face))


def view_from_text(text: str) -> TableView:
    """Inverse of ``view_to_text``: confidences 1.0, status SETTLED unless ``S=`` says otherwise.

    Raises:
        NotationError: the text is not a view text.
    """
    fields = text.split()
    if not fields:
        raise NotationError("empty view text: expected e.g. '251/46R3/623 P=4'")
    grid = tuple(_parse_view_row(row) for row in fields[0].split("/"))
    outside: tuple[Item, ...] = ()
    status = ViewStatus.SETTLED
    for f in fields[1:]:
        key, _, value = f.partition("=")
        if key == "P":
            outside = () if value == "-" else tuple(_parse_view_die(t) for t in value.split(","))
        elif key == "S":
            status = _parse_status(value)
        else:
            raise NotationError(f"unexpected {f!r} in view text {text!r}")
    return TableView(grid=grid, outside=outside, status=status)


def _parse_view_row(row: str) -> tuple[Item | None, ...]:
    tokens = _CELL.findall(row)
    if "".join(tokens) != row or not tokens:
        raise NotationError(f"view row {row!r}: use faces 1-6, '?' unread, '.' empty, "
                            f"R/U before a red/unknown-colour die")
    return tuple(None if t == "." else _parse_view_die(t) for t in tokens)


def _parse_view_die(token: str) -> Item:
    if not _CELL.fullmatch(token) or token == ".":
        raise NotationError(f"die {token!r}: expected a face 1-6 or '?', R/U prefix allowed")
    colour = {"R": Colour.RED, "U": Colour.UNKNOWN}.get(token[0], Colour.WHITE)
    face = token[-1]
    return Item(face=None if face == "?" else int(face), colour=colour, confidence=1.0)


def _parse_status(value: str) -> ViewStatus:
    try:
        return ViewStatus(value)
    except ValueError:
        raise NotationError(f"unknown view status {value!r}: one of "
                            f"{', '.join(s.value for s in ViewStatus)}") from None
