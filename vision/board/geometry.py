"""Where things are on a printed board, in millimetres, and the canonical top-down view.

A ``BoardGeometry`` is a game's ``engine.layout.Layout`` (the board it prints: markers, grid,
zones, palette, item size) at the scale of the canonical warped view. The printed board
(``calibration.printable``), the synthetic renderer and the board reader all read the one
layout, so a board printed from it is found and read with the same numbers. Origin: the
board's north-west corner; x grows east, y grows south.

May import: ``engine`` (the layout and cells).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.layout import MARKER_IDS, Layout, Zone
from engine.table import Cell

CANONICAL_PX_PER_MM = 3.0


@dataclass(frozen=True)
class BoardGeometry:
    """A game's board (``layout``) and the scale of its canonical warped view.

    Attributes:
        layout: the printed board, from ``Game.layout(board)``.
        px_per_mm: scale of the canonical warped view.
    """

    layout: Layout
    px_per_mm: float = CANONICAL_PX_PER_MM

    # Marker ids 0..3 sit at NW, NE, SE, SW, in that order.
    MARKER_IDS: tuple[int, ...] = MARKER_IDS

    @property
    def name(self) -> str:
        """The board's name, recorded in calibration profiles ("unification")."""
        return self.layout.name

    @property
    def size_mm(self) -> float:
        return self.layout.size_mm

    @property
    def marker_mm(self) -> float:
        return self.layout.marker_mm

    @property
    def rows(self) -> int:
        return self.layout.rows

    @property
    def cols(self) -> int:
        return self.layout.cols

    @property
    def cell_mm(self) -> float:
        return self.layout.cell_mm

    @property
    def die_mm(self) -> float:
        """The nominal edge of the items (dice, cubes) played on the board."""
        return self.layout.item_mm

    @property
    def palette(self) -> tuple[str, ...]:
        """The colours the game's items may have (others are read as unknown)."""
        return tuple(colour.value for colour in self.layout.palette)

    @property
    def zones(self) -> tuple[Zone, ...]:
        return self.layout.zones

    def marker_corners_mm(self, marker_id: int) -> list[tuple[float, float]]:
        """The four corners of a marker (TL, TR, BR, BL as OpenCV reports them), in mm."""
        return self.layout.marker_corners_mm(marker_id)

    @property
    def grid_origin_mm(self) -> tuple[float, float]:
        """North-west corner of the grid (the grid is centred on the board)."""
        return self.layout.grid_origin_mm

    def cell_centre_mm(self, cell: Cell) -> tuple[float, float]:
        return self.layout.cell_centre_mm(cell)

    def cell_at_mm(self, x_mm: float, y_mm: float) -> Cell | None:
        """The grid cell containing a point, or None outside the grid."""
        return self.layout.cell_at_mm(x_mm, y_mm)

    def zone_at(self, x_mm: float, y_mm: float) -> Zone | None:
        """The named zone holding a point outside the grid, or None."""
        return self.layout.zone_at(x_mm, y_mm)

    @property
    def canonical_px(self) -> int:
        """Side of the canonical warped view, in pixels."""
        return round(self.size_mm * self.px_per_mm)

    def mm_to_px(self, x_mm: float, y_mm: float) -> tuple[float, float]:
        return (x_mm * self.px_per_mm, y_mm * self.px_per_mm)

    def px_to_mm(self, x_px: float, y_px: float) -> tuple[float, float]:
        return (x_px / self.px_per_mm, y_px / self.px_per_mm)

    @property
    def die_px(self) -> float:
        return self.die_mm * self.px_per_mm
