"""Horizontal & Vertical view text: what the camera saw, for game records.

``#..../...../...../...../..... roll=1@31.5:80,3@40:122.25,4@52:160 passes=# S=hand``

- the grid, five rows north to south of cells west to east: ``.`` nothing seen, ``#`` ink,
  a digit or ``?`` a die lying there (face unread);
- then one field per zone, in the view's order: ``roll=`` the dice in the roll zone,
  ``passes=`` the ink in the pass boxes (any other lower-case name: a zone of a board file's
  own layout); ``out=`` items seen elsewhere on the board; each a comma-separated list of
  items, ``-`` for none (a zone missing from the view has no field);
- ``S=`` the view status when it is not ``settled``.

An item is ``[colour]body[@x:y][~confidence]``: colour letter ``R`` red, ``K`` black, ``B``
blue, ``G`` green, ``U`` unknown (none: white); body ``#`` ink, ``1``-``6`` a die's face,
``?`` an unread die; ``@x:y`` its centre in board millimetres (left out at 0:0); ``~c`` its
confidence (left out at 1). The referee uses the dice's positions (a new roll is three dice
that all moved), so the text keeps them; notes, ``stacked``/``ringed`` and faces of ink are
not kept. Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

import math
import re

from engine.errors import NotationError
from engine.table import Colour, Item, ItemKind, TableView, ViewStatus

ZONES = ("roll", "passes")
OUTSIDE = "out"
_ZONE_NAME = re.compile(r"^[a-z][a-z0-9_]*$")
_LETTERS = {Colour.RED: "R", Colour.BLACK: "K", Colour.BLUE: "B", Colour.GREEN: "G",
            Colour.YELLOW: "Y", Colour.UNKNOWN: "U", Colour.WHITE: ""}
_COLOURS = {letter: colour for colour, letter in _LETTERS.items() if letter}
_NUM = r"-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_ITEM = re.compile(rf"([RKBGYU]?)([1-6?#])(?:@({_NUM}):({_NUM}))?(?:~({_NUM}))?")
EXAMPLE = "#..../...../...../...../..... roll=1,3,4 passes=#"


def view_to_text(view: TableView) -> str:
    """The record text of ``view`` (see the module docstring)."""
    rows = ["".join("." if item is None else item_text(item) for item in row)
            for row in view.grid]
    fields = ["/".join(rows)]
    fields += [f"{name}={_items_text(items)}" for name, items in view.zones]
    if view.outside:
        fields.append(f"{OUTSIDE}={_items_text(view.outside)}")
    if view.status is not ViewStatus.SETTLED:
        fields.append(f"S={view.status.value}")
    return " ".join(fields)


def _items_text(items: tuple[Item, ...]) -> str:
    return ",".join(item_text(item) for item in items) or "-"


def item_text(item: Item) -> str:
    """One item: ``3``, ``#``, ``U?``, ``4@31.5:80.0``, ``#~0.4``."""
    if item.kind is ItemKind.INK:
        body = "#"
    else:
        body = "?" if item.face is None else str(item.face)
    text = _LETTERS.get(item.colour, "U") + body
    if (item.x_mm, item.y_mm) != (0.0, 0.0):
        text += f"@{item.x_mm!r}:{item.y_mm!r}"
    if item.confidence != 1.0:
        text += f"~{item.confidence!r}"
    return text


def view_from_text(text: str) -> TableView:
    """Inverse of ``view_to_text``.

    Raises:
        NotationError: the text is not a view text; the message says which part.
    """
    fields = text.split()
    if not fields:
        raise NotationError(f"empty view text: expected e.g. {EXAMPLE!r}")
    grid = tuple(_parse_row(row) for row in fields[0].split("/"))
    zones: list[tuple[str, tuple[Item, ...]]] = []
    outside: tuple[Item, ...] = ()
    status = ViewStatus.SETTLED
    seen: set[str] = set()
    for f in fields[1:]:
        key, sep, value = f.partition("=")
        if not sep or key in seen or not (key == "S" or _ZONE_NAME.match(key)):
            raise NotationError(f"unexpected {f!r} in view text {text!r}: fields are "
                                f"{', '.join(f'{z}=' for z in ZONES)} (zones), {OUTSIDE}= "
                                f"and S=, each once")
        seen.add(key)
        if key == "S":
            status = _parse_status(value)
        elif key == OUTSIDE:
            outside = _parse_items(value)
        else:
            zones.append((key, _parse_items(value)))
    return TableView(grid=grid, outside=outside, status=status, zones=tuple(zones))


def _parse_row(row: str) -> tuple[Item | None, ...]:
    cells: list[Item | None] = []
    i = 0
    while i < len(row):
        if row[i] == ".":
            cells.append(None)
            i += 1
            continue
        m = _ITEM.match(row, i)
        if m is None:
            raise NotationError(f"view row {row!r} at {row[i:]!r}: cells are '.', '#' (ink), "
                                f"a die's face 1-6 or '?', with optional colour, @x:y, ~c")
        cells.append(_item(m))
        i = m.end()
    if not cells:
        raise NotationError("a view row needs at least one cell")
    return tuple(cells)


def _parse_items(value: str) -> tuple[Item, ...]:
    if value == "-":
        return ()
    items = []
    for token in value.split(","):
        m = _ITEM.fullmatch(token)
        if m is None:
            raise NotationError(f"item {token!r}: expected e.g. '3', '#', '4@31.5:80', "
                                f"'U?~0.4' ('-' for none)")
        items.append(_item(m))
    return tuple(items)


def _item(m: re.Match[str]) -> Item:
    letter, body, x, y, confidence = m.groups()
    colour = _COLOURS.get(letter, Colour.WHITE)
    kind = ItemKind.INK if body == "#" else ItemKind.DIE
    face = int(body) if body.isdigit() else None
    return Item(face=face, colour=colour, confidence=_number(confidence, 1.0), kind=kind,
                x_mm=_number(x, 0.0), y_mm=_number(y, 0.0))


def _number(text: str | None, default: float) -> float:
    if text is None:
        return default
    value = float(text)
    if not math.isfinite(value):
        raise NotationError(f"number {text!r} is too large")
    return value


def _parse_status(value: str) -> ViewStatus:
    try:
        return ViewStatus(value)
    except ValueError:
        raise NotationError(f"unknown view status {value!r}: one of "
                            f"{', '.join(s.value for s in ViewStatus)}") from None


__all__ = ["EXAMPLE", "ZONES", "item_text", "view_from_text", "view_to_text"]
