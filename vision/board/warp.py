"""The canonical top-down view of the board, from maps kept while the board stays put.

``cv2.warpPerspective`` works out every view pixel's place in the frame again on each frame.
The camera and the board rarely move, so ``BoardWarper`` keeps those places as OpenCV's
fixed-point maps (the 1/32-pixel steps ``warpPerspective`` itself uses: the view is the same
to the bit) and only remaps, about 40% cheaper. It builds them again for the first frame, a
new frame size, or a board that moved by more than ``MARKERS.still_px`` frame pixels.

May import ``vision.board.markers``, ``vision.board.geometry``, ``vision.board.config``, OpenCV
and numpy.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.board.config import MARKERS
from vision.board.geometry import BoardGeometry
from vision.board.markers import BoardLocation

_STEPS = 32      # OpenCV's sub-pixel steps of interpolation (INTER_TAB_SIZE)
_LIMIT = 30000   # frame coordinates are clipped here, far outside any frame (int16 maps)


class BoardWarper:
    """Warps frames to the canonical board view, reusing its maps while the board is still.

    Args:
        geometry: the board (canonical view size).
        still_px: how far (frame pixels) the board's outline and centre may have moved since
            the maps were built for them to be used again.
        margin_px: the view also shows this many canonical pixels beyond the board square on
            each side (the cube reader looks at tops pushed past the board's edge); the board
            square is then ``view[m:m + n, m:m + n]``.
    """

    def __init__(self, geometry: BoardGeometry, *,
                 still_px: float = MARKERS.still_px, margin_px: int = 0) -> None:
        self.geometry = geometry
        self.still_px = still_px
        self.margin_px = margin_px
        n = geometry.canonical_px
        # the view's corners and centre: where they fall in the frame says if the board moved
        self._corners = np.array([[0, 0], [n, 0], [n, n], [0, n], [n / 2, n / 2]], np.float64)
        self._outline: np.ndarray | None = None   # frame px of the kept maps' board outline
        self._frame_size: tuple[int, int] | None = None
        self._maps: tuple[np.ndarray, np.ndarray] | None = None
        self.builds = 0  # how many times the maps were made (for tests and diagnostics)

    def warp(self, frame: np.ndarray, location: BoardLocation) -> np.ndarray:
        """The canonical view of ``frame`` (``vision.board.markers.warp_board``'s result, with
        the margin around it when there is one)."""
        outline = location.canonical_to_frame(self._corners)
        if not self._still(outline, location.frame_size):
            m = self.margin_px
            shifted = location.homography if not m else np.array(
                [[1, 0, m], [0, 1, m], [0, 0, 1.0]]) @ location.homography
            self._maps = _fixed_point_maps(shifted, self.geometry.canonical_px + 2 * m)
            self._outline, self._frame_size = outline, location.frame_size
            self.builds += 1
        assert self._maps is not None
        xy, fraction = self._maps
        return cv2.remap(frame, xy, fraction, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)

    def _still(self, outline: np.ndarray, frame_size: tuple[int, int]) -> bool:
        if self._outline is None or self._frame_size != frame_size:
            return False
        moved = np.hypot(*(outline - self._outline).T)
        return bool(np.all(moved <= self.still_px))


def _fixed_point_maps(homography: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    """``cv2.remap``'s fixed-point maps (CV_16SC2 whole pixels, CV_16UC1 fractions) of the
    canonical view: each view pixel's place in the frame, by the inverse homography, rounded
    to 1/32 pixel as ``cv2.warpPerspective`` rounds it."""
    inverse = np.linalg.inv(homography)
    ys, xs = np.mgrid[0:n, 0:n].astype(np.float64)
    px = inverse[0, 0] * xs + inverse[0, 1] * ys + inverse[0, 2]
    py = inverse[1, 0] * xs + inverse[1, 1] * ys + inverse[1, 2]
    pw = inverse[2, 0] * xs + inverse[2, 1] * ys + inverse[2, 2]
    with np.errstate(divide="ignore", invalid="ignore"):
        scale = np.where(pw != 0, _STEPS / pw, 0.0)
    limit = _LIMIT * _STEPS
    x = np.clip(np.nan_to_num(np.rint(px * scale)), -limit, limit).astype(np.int32)
    y = np.clip(np.nan_to_num(np.rint(py * scale)), -limit, limit).astype(np.int32)
    xy = np.stack([x // _STEPS, y // _STEPS], axis=-1).astype(np.int16)
    fraction = ((y & (_STEPS - 1)) * _STEPS + (x & (_STEPS - 1))).astype(np.uint16)
    return xy, fraction
