"""PlayMe view text: what the camera saw, as one line for game records
(docs/notation/playme.md, "View text").

``B1B2...../K1...../....../....../....../...... tile=tW aside_P2=G1 S=hand``: the six grid
rows north to south as the camera sees them (west to east, whatever way a row faces), a cell
being ``.`` or a die ``<colour><face>`` (``?`` for a face not read); then each zone that holds
items, ``<zone>=<items>``, with ``t`` before a tile's colour (``c`` a cube, ``i`` ink; only
dice keep a face); ``out=`` items outside the grid and the zones; ``S=`` the view status when
not settled. Colour letters: K black, R red, W white, B blue, G green, Y yellow, U unknown.
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

import re

from engine.errors import NotationError
from engine.games.playme.zones import ZONES
from engine.table import Colour, Item, ItemKind, TableView, ViewStatus

COLOUR_LETTERS = {Colour.BLACK: "K", Colour.RED: "R", Colour.WHITE: "W", Colour.BLUE: "B",
                  Colour.GREEN: "G", Colour.YELLOW: "Y", Colour.UNKNOWN: "U"}
KIND_PREFIX = {ItemKind.TILE: "t", ItemKind.CUBE: "c", ItemKind.INK: "i"}
_LETTER_COLOURS = {v: k for k, v in COLOUR_LETTERS.items()}
_PREFIX_KINDS = {v: k for k, v in KIND_PREFIX.items()}
_ITEM = re.compile(r"[KRWBGYU][0-9?]|[tci][KRWBGYU]")
_CELL = re.compile(rf"\.|{_ITEM.pattern}")
EXAMPLE = "B1B2..../K1...../....../....../....../...... tile=tW"


def item_text(item: Item) -> str:
    """``B3`` a blue die showing 3, ``B?`` one not read, ``tW`` a white tile."""
    letter = COLOUR_LETTERS[item.colour]
    if item.kind is ItemKind.DIE:
        face = "?" if item.face is None or not 0 <= item.face <= 9 else str(item.face)
        return f"{letter}{face}"
    return f"{KIND_PREFIX[item.kind]}{letter}"


def view_to_text(view: TableView) -> str:
    """A view as record text (see the module docstring)."""
    rows = ["".join("." if i is None else item_text(i) for i in row) for row in view.grid]
    parts = ["/".join(rows)]
    parts += [f"{name}={''.join(item_text(i) for i in items)}"
              for name, items in view.zones if items]
    if view.outside:
        parts.append(f"out={''.join(item_text(i) for i in view.outside)}")
    if view.status is not ViewStatus.SETTLED:
        parts.append(f"S={view.status.value}")
    return " ".join(parts)


def view_from_text(text: str) -> TableView:
    """Inverse of ``view_to_text``: confidences 1.0, positions 0.0, every zone of the board
    present (empty when not named), status SETTLED unless ``S=`` says otherwise.

    Raises:
        NotationError: the text is not a view text.
    """
    parts = text.split()
    if not parts:
        raise NotationError(f"empty view text: expected e.g. {EXAMPLE!r}")
    grid = tuple(_row(r) for r in parts[0].split("/"))
    fields: dict[str, str] = {}
    for part in parts[1:]:
        key, sep, value = part.partition("=")
        if not sep or key not in (*ZONES, "out", "S") or key in fields:
            raise NotationError(f"unexpected {part!r} in view text {text!r}: expected zone "
                                f"fields (tile=, aside_P1=, card_P1=, ...), out= and S= at "
                                f"most once each")
        fields[key] = value
    zones = tuple((name, _items(fields.get(name, ""), name)) for name in ZONES)
    outside = _items(fields.get("out", ""), "out")
    return TableView(grid=grid, outside=outside, status=_status(fields.get("S", "settled")),
                     zones=zones)


def _row(row: str) -> tuple[Item | None, ...]:
    tokens = _CELL.findall(row)
    if not tokens or "".join(tokens) != row:
        raise NotationError(f"view row {row!r}: use '.' for an empty cell and a die as a colour "
                            f"letter K R W B G Y U and its face (or ?), e.g. B3")
    return tuple(None if t == "." else _item(t) for t in tokens)


def _items(text: str, key: str) -> tuple[Item, ...]:
    tokens = _ITEM.findall(text)
    if "".join(tokens) != text:
        raise NotationError(f"{key}= lists items such as B3 (a die) or tW (a tile), got "
                            f"{text!r}")
    return tuple(_item(t) for t in tokens)


def _item(token: str) -> Item:
    if token[0] in _PREFIX_KINDS:
        return Item(face=None, colour=_LETTER_COLOURS[token[1]], kind=_PREFIX_KINDS[token[0]])
    face = None if token[1] == "?" else int(token[1])
    return Item(face=face, colour=_LETTER_COLOURS[token[0]], kind=ItemKind.DIE)


def _status(value: str) -> ViewStatus:
    try:
        return ViewStatus(value)
    except ValueError:
        raise NotationError(f"unknown view status {value!r}: one of "
                            f"{', '.join(s.value for s in ViewStatus)}") from None
