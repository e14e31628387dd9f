"""Which grid cells hold something, whatever the die reader made of it.

The printed cells are blank paper, so a cell whose middle shows many edges (a die's outline,
pips, side faces) is occupied. The pipeline uses this as a safety net: a die the reader did
not report at all becomes an abstention ("can't read"), never an empty cell, so the referee
waits instead of seeing a die vanish.

May import ``engine.table``, ``vision.board.geometry``, ``vision.board.config``, OpenCV and
numpy.
"""

from __future__ import annotations

import cv2
import numpy as np

from engine.table import Cell
from vision.board.config import OCCUPANCY
from vision.board.geometry import BoardGeometry


def occupied_cells(warped_bgr: np.ndarray,
                   geometry: BoardGeometry) -> list[Cell]:
    """The grid cells whose middle is not blank paper.

    Args:
        warped_bgr: the canonical top-down view (``vision.board.markers.warp_board``).
        geometry: the board, for the cells' places and the canonical scale.

    Returns:
        Occupied cells, row by row.
    """
    # only the grid and a band around it are looked at (a fifth of the canonical view): the
    # cells' inner squares lie ``inset_mm`` + ``grid_band_mm`` inside the edge of what is traced,
    # so a weak edge reaching them is followed as far as on the whole view, short of a very long one
    s = geometry.px_per_mm
    x0, y0 = geometry.grid_origin_mm
    pad = OCCUPANCY.grid_band_mm * s
    left, top = max(0, round(x0 * s - pad)), max(0, round(y0 * s - pad))
    right = round((x0 + geometry.cols * geometry.cell_mm) * s + pad)
    bottom = round((y0 + geometry.rows * geometry.cell_mm) * s + pad)
    grid = np.ascontiguousarray(warped_bgr[top:bottom, left:right])
    edges = np.zeros(warped_bgr.shape[:2], np.uint8)
    edges[top:bottom, left:right] = cv2.Canny(cv2.cvtColor(grid, cv2.COLOR_BGR2GRAY),
                                              OCCUPANCY.canny_low, OCCUPANCY.canny_high)
    return [Cell(r, c) for r in range(geometry.rows) for c in range(geometry.cols)
            if edge_fraction(edges, Cell(r, c), geometry) >= OCCUPANCY.min_edge_fraction]


def edge_fraction(edges: np.ndarray, cell: Cell, geometry: BoardGeometry) -> float:
    """Fraction of edge pixels in the middle of a cell of an edge map of the canonical view."""
    x0, y0 = geometry.grid_origin_mm
    s = geometry.px_per_mm
    left = round((x0 + cell.c * geometry.cell_mm + OCCUPANCY.inset_mm) * s)
    top = round((y0 + cell.r * geometry.cell_mm + OCCUPANCY.inset_mm) * s)
    side = round((geometry.cell_mm - 2 * OCCUPANCY.inset_mm) * s)
    patch = edges[top:top + side, left:left + side]
    return float(np.count_nonzero(patch)) / max(patch.size, 1)
