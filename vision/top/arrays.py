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
    return _extreme(values, ys, xs, window, np.greater_equal)


def local_minima(values: np.ndarray, window: int, ceiling: float
                 ) -> tuple[np.ndarray, np.ndarray]:
    """``local_maxima(-values, window, -ceiling)`` without negating the image: the pixels
    below ``ceiling`` that are at most every value within the window around them (negation
    is exact, so these are the same pixels)."""
    ys, xs = nonzero_yx(values < ceiling)
    return _extreme(values, ys, xs, window, np.less_equal)


def _extreme(values: np.ndarray, ys: np.ndarray, xs: np.ndarray, window: int,
             keeps: np.ufunc) -> tuple[np.ndarray, np.ndarray]:
    """The pixels (``ys``, ``xs``) whose value ``keeps`` (a comparison) holds against every
    value within the ``window`` x ``window`` square around them that lies in the image:
    beyond the border nothing counts, as for ``cv2.dilate``'s default border. Only the
    pixels asked about are looked at, not the whole image."""
    if len(ys) == 0:
        return ys, xs
    reach = window // 2
    rows, cols = values.shape
    steps = np.array([(dy, dx) for dy in range(-reach, reach + 1)
                      for dx in range(-reach, reach + 1) if dy or dx])
    near_y = ys[:, None] + steps[:, 0]
    near_x = xs[:, None] + steps[:, 1]
    inside = (near_y >= 0) & (near_y < rows) & (near_x >= 0) & (near_x < cols)
    flat = np.ascontiguousarray(values).ravel()
    around = flat[np.where(inside, near_y * cols + near_x, 0)]
    centre = flat[ys * cols + xs]
    keep = (keeps(centre[:, None], around) | ~inside).all(axis=1)
    return ys[keep], xs[keep]


def percentile_along(values: np.ndarray, q: float, axis: int) -> np.ndarray:
    """``np.percentile(values, q, axis=axis)`` (linear interpolation) of a 2-D float array,
    by one partial sort of the two order statistics it lies between and numpy's own
    interpolation (``a + (b - a) t``, or ``b - (b - a) (1 - t)`` from ``t`` = 0.5 on): the same
    numbers without its general machinery, which costs more than the sort on a small array."""
    n = values.shape[axis]
    virtual = (n - 1) * (q / 100.0)
    lower = math.floor(virtual)
    if lower >= n - 1:
        return np.asarray(np.max(values, axis=axis))
    t = virtual - lower
    part = np.partition(values, (lower, lower + 1), axis=axis)
    a, b = np.take(part, lower, axis=axis), np.take(part, lower + 1, axis=axis)
    diff = b - a
    if t >= 0.5:
        return np.asarray(b - diff * (1 - t))
    return np.asarray(a + diff * t)


def median_along(values: np.ndarray, axis: int | None = None) -> np.ndarray:
    """``np.median(values, axis=axis)``: the middle order statistic, or the mean of the
    middle two, by one partial sort. As ``np.mean`` does, a float array's pair is summed and
    halved in its own type, an integer array's in float64 (its median is float64)."""
    if axis is None:
        values, axis = values.ravel(), 0
    n = values.shape[axis]
    mid = n // 2
    whole = values.dtype.kind in "iub"
    if n % 2:
        middle = np.take(np.partition(values, mid, axis=axis), mid, axis=axis)
        return np.asarray(middle, np.float64) if whole else np.asarray(middle)
    part = np.partition(values, (mid - 1, mid), axis=axis)
    a, b = np.take(part, mid - 1, axis=axis), np.take(part, mid, axis=axis)
    if whole:
        return np.asarray((a.astype(np.float64) + b) / 2.0)
    return np.asarray((a + b) / values.dtype.type(2))


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
