"""Percentiles of 8-bit images from their histogram.

``np.percentile`` sorts (partitions) a copy of the values; an 8-bit image has only 256 values,
so counting them gives the same order statistics several times faster, which matters for the
per-frame checks (paper brightness, white balance) on a Pi core. OpenCV's histogram counts
them about 2.5x faster than ``np.bincount`` (exact in float32 below 2**24 values).

May import numpy and OpenCV only.
"""

from __future__ import annotations

import cv2
import numpy as np

_EXACT_COUNTS = 2 ** 24  # float32 holds every count below this exactly


def percentile_u8(values: np.ndarray, q: float) -> float:
    """``np.percentile(values, q)`` (linear interpolation) of a non-empty uint8 array.

    Raises:
        ValueError: for an empty array or one that is not uint8.
    """
    if values.dtype != np.uint8 or values.size == 0:
        raise ValueError("percentile_u8 needs a non-empty uint8 array")
    if values.size < _EXACT_COUNTS and values.ndim <= 2:
        histogram = cv2.calcHist([np.ascontiguousarray(values)], [0], None, [256], [0, 256])
        counts = np.cumsum(histogram.ravel().astype(np.int64))
    else:
        counts = np.cumsum(np.bincount(values.ravel(), minlength=256))
    position = q / 100.0 * (values.size - 1)
    lower = int(np.floor(position))
    fraction = position - lower
    below = _nth(counts, lower)
    if fraction == 0.0:
        return float(below)
    above = _nth(counts, min(lower + 1, values.size - 1))
    # numpy's lerp: exact at both ends, computed from the nearer end
    if fraction >= 0.5:
        return float(above - (above - below) * (1.0 - fraction))
    return float(below + (above - below) * fraction)


def _nth(counts: np.ndarray, k: int) -> int:
    """The k-th smallest value (0-based) given the cumulative counts of the values 0..255."""
    return int(np.searchsorted(counts, k, side="right"))
