"""What the camera can see of a No Gaps table: the ink in the grid and the dice faces in the
fresh, spent and removed zones (section 3.8). A ``Picture`` is that, read from a view or
expected of a state; the referee compares pictures.

Ink is read by cell only (its colour does not matter); dice must be white (the palette). The
crossed-out tiles and the ticked reroll boxes are not read: the state keeps them.
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from engine.games.no_gaps.board import COLS, ROWS
from engine.games.no_gaps.state import State
from engine.table import Colour, Item, ItemKind, TableView

ZONES = ("fresh", "spent", "removed")
PALETTE = (Colour.WHITE,)


@dataclass(frozen=True)
class Picture:
    """The visible part of a position.

    Attributes:
        ink: the cells with ink, as a mask (bit ``r * 6 + c``).
        fresh, spent, removed: the faces of the dice in each zone, ascending.
    """

    ink: int
    fresh: tuple[int, ...]
    spent: tuple[int, ...]
    removed: tuple[int, ...]

    def zone(self, name: str) -> Counter[int]:
        """The faces in zone ``name`` as a multiset."""
        return Counter({"fresh": self.fresh, "spent": self.spent,
                        "removed": self.removed}[name])

    def dice(self) -> Counter[int]:
        """Every die by face, whatever its zone."""
        return Counter(self.fresh + self.spent + self.removed)


def picture_of(state: State) -> Picture:
    """What a table in position ``state`` shows."""
    return Picture(state.covered, state.fresh, state.spent, state.removed)


def expected_view(state: State) -> TableView:
    """The settled view of ``state``: ink on covered cells, white dice in the three zones
    (faces ascending), millimetres left at 0."""
    ink = Item(face=None, kind=ItemKind.INK)
    grid = tuple(tuple(ink if state.is_covered(r, c) else None for c in range(COLS))
                 for r in range(ROWS))
    zones = tuple((name, tuple(Item(face) for face in faces))
                  for name, faces in zip(ZONES, (state.fresh, state.spent, state.removed),
                                         strict=True))
    return TableView(grid=grid, zones=zones)


def read_view(view: TableView, min_confidence: float) -> Picture | str:
    """The picture a view shows, or why it cannot be refereed (for the OLED)."""
    ok, why = view.is_trustworthy(min_confidence)
    if not ok:
        return why
    if view.rows != ROWS or any(len(row) != COLS for row in view.grid):
        return f"the camera sees a {view.rows} x {view.cols} grid, not {ROWS} x {COLS}"
    dice = [d for d in view.dice() if d.kind is ItemKind.DIE]
    if any(d.colour is Colour.UNKNOWN for d in dice):
        return "a die's colour is unclear"
    if any(d.colour not in PALETTE for d in dice):
        return "No Gaps uses white dice only"
    problem = _misplaced(view)
    if problem:
        return problem
    ink = 0
    for r, row in enumerate(view.grid):
        for c, item in enumerate(row):
            if item is not None:
                ink |= 1 << (r * COLS + c)
    fresh, spent, removed = (_faces(view.zone(name)) for name in ZONES)
    return Picture(ink, fresh, spent, removed)


def _misplaced(view: TableView) -> str:
    """Why the view's items are not where this game's items can be, or ""."""
    for row in view.grid:
        for item in row:
            if item is not None and item.kind is ItemKind.DIE:
                return "a die lies on the grid: put it in its zone"
            if item is not None and item.kind is not ItemKind.INK:
                return f"a {item.kind.value} lies on the grid"
    if any(d.kind is ItemKind.DIE for d in view.outside):
        return "a die lies outside the zones"
    for name, items in view.zones:
        if name not in ZONES and any(d.kind is ItemKind.DIE for d in items):
            return f"a die lies in the {name.replace('_', ' ')} zone"
    return ""


def _faces(items: tuple[Item, ...]) -> tuple[int, ...]:
    return tuple(sorted(int(d.face or 0) for d in items if d.kind is ItemKind.DIE))
