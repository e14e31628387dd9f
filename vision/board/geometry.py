"""Where things are on a printed board, in millimetres, and the canonical top-down view.

The printed board (``calibration.printable``), the synthetic renderer and the board locator all
read this one description, so a board printed from it is found and read with the same numbers.
Origin: the board's north-west corner; x grows east, y grows south.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.table import Cell


@dataclass(frozen=True)
class BoardGeometry:
    """A square board with four ArUco markers (DICT_4X4_50) at its corners and a grid.

    Attributes:
        name: board name, e.g. ``"unification"``.
        size_mm: side of the square board area (the markers' outer corners lie on it).
        marker_mm: side of each marker (black border included).
        rows, cols: grid size.
        cell_mm: side of one grid cell.
        px_per_mm: scale of the canonical warped view.
        die_mm: nominal die edge.
        palette: the colours the game's items may have (others are read as unknown).
    """

    name: str = "unification"
    size_mm: float = 170.0
    marker_mm: float = 22.0
    rows: int = 3
    cols: int = 3
    cell_mm: float = 26.0
    px_per_mm: float = 3.0
    die_mm: float = 16.0
    palette: tuple[str, ...] = ("white", "red")

    # Marker ids 0..3 sit at NW, NE, SE, SW, in that order.
    MARKER_IDS: tuple[int, int, int, int] = (0, 1, 2, 3)

    def marker_corners_mm(self, marker_id: int) -> list[tuple[float, float]]:
        """The four corners of a marker (TL, TR, BR, BL as OpenCV reports them), in mm."""
        s, m = self.size_mm, self.marker_mm
        x0, y0 = {0: (0.0, 0.0), 1: (s - m, 0.0), 2: (s - m, s - m), 3: (0.0, s - m)}[marker_id]
        return [(x0, y0), (x0 + m, y0), (x0 + m, y0 + m), (x0, y0 + m)]

    @property
    def grid_origin_mm(self) -> tuple[float, float]:
        """North-west corner of the grid (the grid is centred on the board)."""
        return ((self.size_mm - self.cols * self.cell_mm) / 2,
                (self.size_mm - self.rows * self.cell_mm) / 2)

    def cell_centre_mm(self, cell: Cell) -> tuple[float, float]:
        x0, y0 = self.grid_origin_mm
        return (x0 + (cell.c + 0.5) * self.cell_mm, y0 + (cell.r + 0.5) * self.cell_mm)

    def cell_at_mm(self, x_mm: float, y_mm: float) -> Cell | None:
        """The grid cell containing a point, or None outside the grid."""
        x0, y0 = self.grid_origin_mm
        c = int((x_mm - x0) // self.cell_mm)
        r = int((y_mm - y0) // self.cell_mm)
        inside = 0 <= r < self.rows and 0 <= c < self.cols and x_mm >= x0 and y_mm >= y0
        return Cell(r, c) if inside else None

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


UNIFICATION_BOARD = BoardGeometry()
