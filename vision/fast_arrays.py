"""Numpy operations that OpenCV does faster on the small images read every frame, with the
same results.

May import numpy and OpenCV only.
"""

from __future__ import annotations

import cv2
import numpy as np

_NONE = np.empty(0, np.int32)


def nonzero_yx(mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``np.nonzero(mask)`` of a 2-D boolean mask: (rows, columns) of its true pixels in the
    same row-major order, as int32 (``cv2.findNonZero``: 72 us where numpy took 185 on a
    255x255 mask, on the development machine)."""
    points = cv2.findNonZero(np.ascontiguousarray(mask).view(np.uint8))
    if points is None:
        return _NONE, _NONE
    return points[:, 0, 1], points[:, 0, 0]
