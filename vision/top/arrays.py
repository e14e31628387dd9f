"""Numpy operations that OpenCV does faster on the small images read every frame, with the
same results: the true pixels of a mask, percentiles of an 8-bit image from its histogram,
threshold tests of an 8-bit channel, a morphological opening that dilates only where its
erosion left something, the local maxima above a floor (compared only where the floor is
passed); and two of numpy's linear algebra answers for 2-D points in closed form (a
least-squares 2x2 map, a 2x2 matrix's axis ratio), which the pip reader asks for per layout
fitted.

``np.percentile`` sorts (partitions) a copy of the values; an 8-bit image has only 256 values,
so counting them gives the same order statistics several times faster, which matters for the
per-frame checks (paper brightness, white balance) on a Pi core. OpenCV's histogram counts
them about 2.5x faster than ``np.bincount`` (exact in float32 below 2**24 values).

May import numpy and OpenCV only.
"""

from __future__ import annotations

import math

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


def local_maxima(values: np.ndarray, window: int, floor: float) -> tuple[np.ndarray, np.ndarray]:
    """(rows, columns), row-major, of the pixels of a 2-D float32 array above ``floor`` that
    are at least every value within the ``window`` x ``window`` square around them (cut at
    the image's border): ``nonzero_yx((values >= cv2.dilate(values, window square)) &
    (values > floor))``, with the neighbours compared only where the values pass the floor
    (a few thousand of a photo's pixels, where the dilation takes all)."""
    ys, xs = nonzero_yx(values > floor)
    if len(ys) == 0:
        return ys, xs
    reach = window // 2
    # beyond the border nothing counts, as for cv2.dilate's default border
    padded = cv2.copyMakeBorder(values, reach, reach, reach, reach, cv2.BORDER_CONSTANT,
                                value=(-math.inf,))
    width = padded.shape[1]
    at = (ys + reach) * width + (xs + reach)
    around = np.array([dy * width + dx for dy in range(-reach, reach + 1)
                       for dx in range(-reach, reach + 1) if dy or dx])
    centre = padded.ravel()[at]
    keep = (centre[:, None] >= padded.ravel()[at[:, None] + around]).all(axis=1)
    return ys[keep], xs[keep]


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


def at_least(channel: np.ndarray, level: float) -> np.ndarray:
    """255 where an 8-bit channel is at least ``level`` (any number), else 0."""
    return cv2.threshold(channel, math.ceil(level) - 1, 255, cv2.THRESH_BINARY)[1]


def above(channel: np.ndarray, level: float) -> np.ndarray:
    """255 where an 8-bit channel is above ``level`` (any number), else 0."""
    return cv2.threshold(channel, math.floor(level), 255, cv2.THRESH_BINARY)[1]


def below(channel: np.ndarray, level: float) -> np.ndarray:
    """255 where an 8-bit channel is below ``level`` (any number), else 0."""
    return cv2.threshold(channel, math.ceil(level) - 1, 255, cv2.THRESH_BINARY_INV)[1]


def opened(mask: np.ndarray, kernel: np.ndarray) -> np.ndarray:
    """``cv2.morphologyEx(mask, cv2.MORPH_OPEN, kernel)`` (a kernel of odd sides), dilating
    only around what the erosion leaves: nothing, or a red die, on a board without a hand."""
    eroded = cv2.erode(mask, kernel)
    opened = np.zeros_like(mask)
    left, top, width, height = cv2.boundingRect(eroded)  # (0, 0, 0, 0) for nothing
    if width:
        ry, rx = kernel.shape[0] // 2, kernel.shape[1] // 2
        y0, x0 = max(top - ry, 0), max(left - rx, 0)
        y1, x1 = top + height + ry, left + width + rx
        opened[y0:y1, x0:x1] = cv2.dilate(eroded[y0:y1, x0:x1], kernel)
    return opened


def least_squares_map(src: np.ndarray, dst: np.ndarray) -> np.ndarray:
    """The 2x2 ``m`` minimising ``|src @ m - dst|`` (``np.linalg.lstsq``), by the normal
    equations: ``src`` holds at least two independent layout points, so ``src.T @ src`` is
    well conditioned."""
    (p, q), (_, r) = (src.T @ src).tolist()
    det = p * r - q * q
    if abs(det) < 1e-12:
        m, *_ = np.linalg.lstsq(src, dst, rcond=None)
        return np.asarray(m)
    inverse = np.array([[r, -q], [-q, p]]) / det
    return np.asarray(inverse @ (src.T @ dst))


def axis_ratio(m: np.ndarray) -> float:
    """Smaller over larger singular value of a 2x2 matrix, from the eigenvalues of m.T @ m."""
    (p, q), (_, r) = (m.T @ m).tolist()
    mid, spread = (p + r) / 2.0, math.hypot((p - r) / 2.0, q)
    small, large = max(mid - spread, 0.0), mid + spread
    return math.sqrt(small / large) if large > 1e-18 else 0.0
