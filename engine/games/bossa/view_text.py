"""Bossa's record text of a table view (docs/notation/bossa.md, "View text").

``w3/b5 north_e1=W2B1 south_e1=W1B0^,W3B2^ hand_1=W1B1,W5B0 hand_2=W0B3 discard=W1B0 deck=#
removed=# redraw_1=# exchange_1=M stack_1=M redraw_2=M exchange_2=M stack_2=M``: first the
grid, rows north to south joined by ``/``, cells of a row by ``,`` (``.`` an empty cell); then
each zone holding something as ``name=items`` (zones in the layout's order, items joined by
``,``), ``out=items`` for items outside every zone, and ``S=<status>`` for a view that is not
settled. An item is a die ``w3`` (a colour letter, lower case: w white, b black, r red, u blue,
g green, y yellow, x unknown; then its face, ``?`` unread), a tile ``W2B1``, ``#`` (lying face
down), ``M`` (a marker face up), ``?`` (unread), ``t<n>`` (any other number), with
``:<letter>`` when its colour is not white; ``c``/``i`` then face and ``:<letter>`` for a cube
or ink; ``^`` after an item lying on another (stacked), ``*`` for a ringed one. Confidences
(1.0) and positions in millimetres (0.0) are not kept. Pure standard library; imports only
``engine``.
"""

from __future__ import annotations

import re

from engine.errors import NotationError
from engine.games.bossa.pieces import FACE_DOWN, MARKER_UP
from engine.games.bossa.tiles import BY_CODE
from engine.games.bossa.zones import ZONE_NAMES
from engine.table import Colour, Item, ItemKind, TableView, ViewStatus

LETTERS = {Colour.WHITE: "w", Colour.BLACK: "b", Colour.RED: "r", Colour.BLUE: "u",
           Colour.GREEN: "g", Colour.YELLOW: "y", Colour.UNKNOWN: "x"}
_COLOURS = {v: k for k, v in LETTERS.items()}
_OTHER_KINDS = {ItemKind.CUBE: "c", ItemKind.INK: "i"}
_KINDS = {v: k for k, v in _OTHER_KINDS.items()}
_FACE = r"(\d{1,6}|\?)"
_ITEM = re.compile(rf"(?:([wbrugyx]){_FACE}|([ci]){_FACE}:([wbrugyx])"
                   rf"|(W\dB\d|#|M|\?|t\d{{1,6}})(?::([wbrugyx]))?)(\^)?(\*)?")
EXAMPLE = "w3/b5 north_e1=W2B1 hand_1=W1B1,W5B0 deck=# redraw_1=M"


def view_to_text(view: TableView) -> str:
    """A view as record text (see the module docstring)."""
    rows = [",".join("." if item is None else _item_text(item) for item in row)
            for row in view.grid]
    parts = ["/".join(rows)]
    parts += [f"{name}={','.join(_item_text(i) for i in items)}"
              for name, items in view.zones if items]
    if view.outside:
        parts.append(f"out={','.join(_item_text(i) for i in view.outside)}")
    if view.status is not ViewStatus.SETTLED:
        parts.append(f"S={view.status.value}")
    return " ".join(parts)


def _item_text(item: Item) -> str:
    face = "?" if item.face is None else str(item.face)
    if item.kind is ItemKind.DIE:
        body = f"{LETTERS[item.colour]}{face}"
    elif item.kind is ItemKind.TILE:
        body = _tile_body(item.face)
        body += "" if item.colour is Colour.WHITE else f":{LETTERS[item.colour]}"
    else:
        body = f"{_OTHER_KINDS[item.kind]}{face}:{LETTERS[item.colour]}"
    return f"{body}{'^' if item.stacked else ''}{'*' if item.ringed else ''}"


def _tile_body(face: int | None) -> str:
    if face is None:
        return "?"
    if face in BY_CODE:
        return str(BY_CODE[face])
    return {FACE_DOWN: "#", MARKER_UP: "M"}.get(face, f"t{face}")


def view_from_text(text: str) -> TableView:
    """Inverse of ``view_to_text``: confidences 1.0, positions 0.0, every zone of the layout
    present (empty unless named), status SETTLED unless ``S=`` says otherwise.

    Raises:
        NotationError: the text is not a view text.
    """
    parts = text.split()
    if not parts:
        raise NotationError(f"empty view text: expected e.g. {EXAMPLE!r}")
    grid = tuple(_row(row) for row in parts[0].split("/"))
    if len({len(row) for row in grid}) != 1:
        raise NotationError(f"view grid {parts[0]!r}: every row has the same number of cells")
    fields: dict[str, str] = {}
    for part in parts[1:]:
        key, sep, value = part.partition("=")
        if not sep or key not in (*ZONE_NAMES, "out", "S") or key in fields:
            raise NotationError(f"unexpected {part!r} in view text {text!r}: expected zones "
                                f"such as hand_1=W1B1,W5B0, out= and S=, each at most once")
        fields[key] = value
    zones = tuple((name, _items(fields[name], name) if name in fields else ())
                  for name in ZONE_NAMES)
    outside = _items(fields["out"], "out") if "out" in fields else ()
    return TableView(grid=grid, outside=outside, zones=zones,
                     status=_status(fields.get("S", ViewStatus.SETTLED.value)))


def _row(text: str) -> tuple[Item | None, ...]:
    return tuple(None if cell == "." else _item(cell, "grid") for cell in text.split(","))


def _items(text: str, where: str) -> tuple[Item, ...]:
    return tuple(_item(token, where) for token in text.split(","))


def _item(token: str, where: str) -> Item:
    m = _ITEM.fullmatch(token)
    if m is None:
        raise NotationError(f"{where}: {token!r} is not an item: a die such as w3, a tile "
                            f"such as W2B1, # (face down), M (marker face up), ? (unread)")
    stacked, ringed = m.group(8) is not None, m.group(9) is not None
    if m.group(1):
        return Item(face=_face(m.group(2)), colour=_COLOURS[m.group(1)], kind=ItemKind.DIE,
                    stacked=stacked, ringed=ringed)
    if m.group(3):
        return Item(face=_face(m.group(4)), colour=_COLOURS[m.group(5)],
                    kind=_KINDS[m.group(3)], stacked=stacked, ringed=ringed)
    colour = _COLOURS[m.group(7)] if m.group(7) else Colour.WHITE
    return Item(face=_tile_face(m.group(6), where), colour=colour, kind=ItemKind.TILE,
                stacked=stacked, ringed=ringed)


def _face(text: str) -> int | None:
    return None if text == "?" else int(text)


def _tile_face(body: str, where: str) -> int | None:
    if body == "?":
        return None
    if body.startswith("t"):
        return int(body[1:])
    if body in ("#", "M"):
        return FACE_DOWN if body == "#" else MARKER_UP
    code = int(body[1]) * 10 + int(body[3])
    if code not in BY_CODE:
        raise NotationError(f"{where}: there is no tile {body}: a tile has 1 to 6 pips in all")
    return code


def _status(value: str) -> ViewStatus:
    try:
        return ViewStatus(value)
    except ValueError:
        raise NotationError(f"unknown view status {value!r}: one of "
                            f"{', '.join(s.value for s in ViewStatus)}") from None
