"""Where things lie on a game's printed board, in millimetres: the geometry a game supplies.

A ``Layout`` is what vision, the printable board and the renderer need to know about a board:
the square board with its four corner markers, the grid of cells, the item size, the named
zones beside the grid (a push die spot, a roll tray, an off-board area, a waiting column), the
colours items may have (the game's palette) and what is printed besides (labels, a title).
Each game builds its layout from its board data (``Game.layout``); a board file may override
it with a ``"layout"`` object (``parse_layout``). Origin: the board's north-west corner; x grows
east, y grows south. Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from engine.errors import BoardDataError
from engine.table import Cell, Colour, ItemKind

MARKER_IDS = (0, 1, 2, 3)
"""The ArUco markers (DICT_4X4_50) at the board's NW, NE, SE and SW corners, in that order."""


@dataclass(frozen=True)
class Zone:
    """A named rectangle of the board outside the grid, where items wait or are rolled.

    Attributes:
        name: the zone's key in ``TableView.zones`` (``"tray"``, ``"off_board"``, ...).
        x_mm, y_mm: north-west corner; w_mm, h_mm: size.
        label: text printed in the zone (empty: the name, spelt for people).
    """

    name: str
    x_mm: float
    y_mm: float
    w_mm: float
    h_mm: float
    label: str = ""

    def contains(self, x_mm: float, y_mm: float) -> bool:
        """True for a point inside the rectangle (edges included)."""
        return (self.x_mm <= x_mm <= self.x_mm + self.w_mm
                and self.y_mm <= y_mm <= self.y_mm + self.h_mm)


@dataclass(frozen=True)
class Label:
    """Something printed on the board for the players (an exit effect, a symbol).

    Attributes:
        text: the words printed in the box.
        box_mm: (x0, y0, x1, y1) of a rounded box.
        fill: its pale RGB fill.
        arrow: also draw a counter-clockwise arrow under the text (a grid turn).
    """

    text: str
    box_mm: tuple[float, float, float, float]
    fill: tuple[int, int, int] = (245, 245, 245)
    arrow: bool = False


@dataclass(frozen=True)
class Layout:
    """A game's printed board (see the module docstring).

    Attributes:
        name: board name recorded in calibration profiles, e.g. ``"unification"``.
        rows, cols: grid size; cell_mm: side of one cell. The grid is centred on the board.
        size_mm: side of the square board area (the markers' outer corners lie on it).
        marker_mm: side of each of the four ArUco markers (black border included).
        item_mm: nominal edge of the dice or cubes played on it.
        item_kind: what is played on the grid (``ItemKind``).
        palette: the colours items may have, as the camera names them.
        zones: named areas beside the grid.
        labels: printed boxes (effects, symbols); shaded_cells: cells printed with a tint.
        title, footer: printed lines above and below the grid.
        ink_zones: the zones whose marker ink the camera reads (ticks in printed boxes); the
            grid's ink is read when ``item_kind`` is ``INK``.
    """

    name: str
    rows: int
    cols: int
    cell_mm: float
    size_mm: float = 170.0
    marker_mm: float = 22.0
    item_mm: float = 16.0
    item_kind: ItemKind = ItemKind.DIE
    palette: tuple[Colour, ...] = (Colour.WHITE, Colour.RED)
    zones: tuple[Zone, ...] = ()
    labels: tuple[Label, ...] = ()
    shaded_cells: tuple[tuple[int, int], ...] = ()
    title: str = ""
    footer: str = ""
    ink_zones: tuple[str, ...] = ()

    @property
    def grid_origin_mm(self) -> tuple[float, float]:
        """North-west corner of the grid (the grid is centred on the board)."""
        return ((self.size_mm - self.cols * self.cell_mm) / 2,
                (self.size_mm - self.rows * self.cell_mm) / 2)

    def marker_corners_mm(self, marker_id: int) -> list[tuple[float, float]]:
        """The four corners of a marker (TL, TR, BR, BL as OpenCV reports them), in mm."""
        s, m = self.size_mm, self.marker_mm
        x0, y0 = {0: (0.0, 0.0), 1: (s - m, 0.0), 2: (s - m, s - m), 3: (0.0, s - m)}[marker_id]
        return [(x0, y0), (x0 + m, y0), (x0 + m, y0 + m), (x0, y0 + m)]

    def cell_centre_mm(self, cell: Cell) -> tuple[float, float]:
        """The centre of a grid cell."""
        x0, y0 = self.grid_origin_mm
        return (x0 + (cell.c + 0.5) * self.cell_mm, y0 + (cell.r + 0.5) * self.cell_mm)

    def cell_at_mm(self, x_mm: float, y_mm: float) -> Cell | None:
        """The grid cell containing a point, or None outside the grid."""
        x0, y0 = self.grid_origin_mm
        c = int((x_mm - x0) // self.cell_mm)
        r = int((y_mm - y0) // self.cell_mm)
        inside = 0 <= r < self.rows and 0 <= c < self.cols and x_mm >= x0 and y_mm >= y0
        return Cell(r, c) if inside else None

    def zone_at(self, x_mm: float, y_mm: float) -> Zone | None:
        """The first zone holding a point, or None."""
        return next((z for z in self.zones if z.contains(x_mm, y_mm)), None)


_NUMBERS = ("size_mm", "marker_mm", "item_mm", "cell_mm")


def parse_layout(data: object, default: Layout) -> Layout:
    """The layout of a board file: its ``"layout"`` object over the game's ``default``.

    Only the numbers and zones may be changed (``size_mm``, ``marker_mm``, ``item_mm``,
    ``cell_mm``, ``zones``); the grid size and the palette are the game's.

    Raises:
        BoardDataError: not an object, an unknown key, a number out of range or a bad zone;
            the message names the key.
    """
    if data is None:
        return default
    if not isinstance(data, Mapping):
        raise BoardDataError('"layout" must be an object, e.g. {"cell_mm": 26}')
    known = (*_NUMBERS, "zones")
    for key in data:
        if key not in known:
            raise BoardDataError(f'unknown layout key {key!r}; known keys: {", ".join(known)}')
    changes: dict[str, Any] = {k: _number(k, data[k]) for k in _NUMBERS if k in data}
    if "zones" in data:
        labels = {z.name: z.label for z in default.zones}
        changes["zones"] = tuple(replace(z, label=labels.get(z.name, "")) for z in
                                 _zones(data["zones"]))
    layout = replace(default, **changes)
    _check_fits(layout)
    return layout


def _number(key: str, value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value < 1000:
        raise BoardDataError(f"layout {key} must be a number of millimetres (0-1000), "
                             f"got {value!r}")
    return float(value)


def _zones(value: object) -> tuple[Zone, ...]:
    if not isinstance(value, Mapping):
        raise BoardDataError('layout "zones" must be an object: {"tray": [x, y, w, h], ...}')
    zones = []
    for name, rect in value.items():
        if (not isinstance(rect, list) or len(rect) != 4
                or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in rect)):
            raise BoardDataError(f"layout zone {name!r} must be [x_mm, y_mm, w_mm, h_mm], "
                                 f"got {rect!r}")
        x, y, w, h = (float(v) for v in rect)
        zones.append(Zone(str(name), x, y, w, h))
    return tuple(zones)


def _check_fits(layout: Layout) -> None:
    grid = max(layout.rows, layout.cols) * layout.cell_mm
    if grid + 2 * layout.marker_mm > layout.size_mm:
        raise BoardDataError(f"layout: a {layout.rows}x{layout.cols} grid of {layout.cell_mm:g} "
                             f"mm cells and {layout.marker_mm:g} mm markers do not fit a "
                             f"{layout.size_mm:g} mm board")
    if layout.item_mm >= layout.cell_mm:
        raise BoardDataError(f"layout: items of {layout.item_mm:g} mm do not fit "
                             f"{layout.cell_mm:g} mm cells")


__all__ = ["Label", "Layout", "Zone", "parse_layout"]
