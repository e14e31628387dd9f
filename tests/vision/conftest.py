"""Drawn test frames for the board-vision tests: a printed board seen in perspective.

A board is drawn flat (white paper, the four ArUco markers, the grid lines, optional dice
squares and a skin-coloured hand polygon) at ``PPM`` pixels per millimetre, then warped into a
camera frame with a known homography, so each test knows where every marker corner must be.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace

import cv2
import numpy as np
import pytest

from calibration.board_files import load_layout
from vision.board.geometry import BoardGeometry

UNIFICATION_BOARD = BoardGeometry(load_layout("unification", "simple"))  # the board the tests read

PPM = 4.0          # canvas pixels per millimetre
MARGIN_MM = 12.0   # white paper beyond the markers
PAPER = (228, 232, 235)
TABLE = (60, 80, 95)
SKIN = (120, 160, 215)   # BGR of a light skin tone
# An arm reaching in from the south edge over the middle of the grid (board millimetres).
ARM = [(60.0, 200.0), (70.0, 110.0), (80.0, 80.0), (100.0, 78.0), (112.0, 110.0),
       (115.0, 200.0)]
# Where the paper's corners land in a 640x480 frame: a mild perspective, board ~300 px wide.
DEFAULT_QUAD = ((150.0, 60.0), (505.0, 85.0), (540.0, 440.0), (115.0, 420.0))


@dataclass
class DrawnFrame:
    """A frame and the truth needed to check what is read from it."""

    image: np.ndarray
    canvas_to_frame: np.ndarray

    def mm_to_frame(self, points_mm: list[tuple[float, float]]) -> np.ndarray:
        """Where board millimetres land in the frame (pixel-centre convention)."""
        pts = (np.asarray(points_mm, np.float64) + MARGIN_MM) * PPM - 0.5
        return cv2.perspectiveTransform(pts.reshape(-1, 1, 2), self.canvas_to_frame).reshape(-1, 2)


def draw_board(geometry: BoardGeometry = UNIFICATION_BOARD, *, hide: tuple[int, ...] = (),
               shift_mm: dict[int, tuple[float, float]] | None = None,
               squares: tuple[tuple[float, float, tuple[int, int, int]], ...] = (),
               hand_mm: list[tuple[float, float]] | None = None,
               hand_colour: tuple[int, int, int] = SKIN) -> np.ndarray:
    """The flat board: paper, markers (except ``hide``; moved by ``shift_mm``), grid,
    die-sized squares, a hand."""
    side = round((geometry.size_mm + 2 * MARGIN_MM) * PPM)
    canvas = np.full((side, side, 3), PAPER, np.uint8)
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    m = round(geometry.marker_mm * PPM)
    for marker_id in geometry.MARKER_IDS:
        if marker_id in hide:
            continue
        x0, y0 = geometry.marker_corners_mm(marker_id)[0]
        dx, dy = (shift_mm or {}).get(marker_id, (0.0, 0.0))
        x0, y0 = x0 + dx, y0 + dy
        px, py = round((x0 + MARGIN_MM) * PPM), round((y0 + MARGIN_MM) * PPM)
        marker = cv2.aruco.generateImageMarker(dictionary, marker_id, m)
        canvas[py:py + m, px:px + m] = marker[:, :, None]
    _draw_grid(canvas, geometry)
    half = geometry.die_mm / 2
    for x, y, colour in squares:
        p0 = _px(x - half, y - half)
        p1 = _px(x + half, y + half)
        cv2.rectangle(canvas, p0, p1, colour, -1)
    if hand_mm is not None:
        poly = np.array([_px(x, y) for x, y in hand_mm], np.int32)
        cv2.fillPoly(canvas, [poly], hand_colour)
    return canvas


def _px(x_mm: float, y_mm: float) -> tuple[int, int]:
    return round((x_mm + MARGIN_MM) * PPM), round((y_mm + MARGIN_MM) * PPM)


def _draw_grid(canvas: np.ndarray, geometry: BoardGeometry) -> None:
    x0, y0 = geometry.grid_origin_mm
    for i in range(geometry.cols + 1):
        x = x0 + i * geometry.cell_mm
        cv2.line(canvas, _px(x, y0), _px(x, y0 + geometry.rows * geometry.cell_mm), (90, 90, 90), 2)
    for j in range(geometry.rows + 1):
        y = y0 + j * geometry.cell_mm
        cv2.line(canvas, _px(x0, y), _px(x0 + geometry.cols * geometry.cell_mm, y), (90, 90, 90), 2)


def photograph(canvas: np.ndarray, *, size: tuple[int, int] = (640, 480),
               quad: tuple[tuple[float, float], ...] = DEFAULT_QUAD, scale: float = 1.0,
               noise: float = 2.0, seed: int = 0) -> DrawnFrame:
    """Warp the flat canvas into a camera frame of ``size`` with a known homography."""
    n = canvas.shape[0] - 1
    src = np.array([[0, 0], [n, 0], [n, n], [0, n]], np.float32)
    dst = np.array(quad, np.float32) * scale
    h = cv2.getPerspectiveTransform(src, dst)
    image = cv2.warpPerspective(canvas, h, size, flags=cv2.INTER_AREA,
                                borderMode=cv2.BORDER_CONSTANT, borderValue=TABLE)
    if noise:
        rng = np.random.default_rng(seed)
        image = np.clip(image + rng.normal(0, noise, image.shape), 0, 255).astype(np.uint8)
    return DrawnFrame(image, h)


@pytest.fixture
def boardkit() -> SimpleNamespace:
    """The drawing helpers above, for tests (test modules cannot import each other)."""
    return SimpleNamespace(draw_board=draw_board, photograph=photograph, PPM=PPM, ARM=ARM,
                           MARGIN_MM=MARGIN_MM, SKIN=SKIN, PAPER=PAPER, TABLE=TABLE)
