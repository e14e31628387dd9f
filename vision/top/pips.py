"""Read the top face of one die: find its pips and check that they form a 1..6 layout.

Input is the die top rectified to a small square (``CROP`` px, the die's edges on the crop's
edges). Pips are round blobs that differ from the die's own body colour, darker (black pips) or
lighter (white pips on red, blue or dark dice). The count alone is not trusted: the pip centres
must fit one of the six layouts on a 3x3 lattice, with pips of similar size, and the count must
not change when the blob threshold moves. That consistency is what lets the reader abstain.
A top too unsure to call is looked at once more, its contrast split by the pips' own colour
rather than by lightness (gold pips on a red die lit from one side), and, on a body with a
hue of its own, once more by hue alone (gold pips under a glare). Light pips too unsure to
call, or sure but with a streak among them, are read once more without the peaks that lie on
a highlight (``vision.top.glare``).

May import numpy, OpenCV, ``vision.top.types``, ``.config``, ``.glare``, ``.arrays`` and
``.pip_shape``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TypeVar, cast

import cv2
import numpy as np

from vision.top.arrays import axis_ratio, least_squares_map, median_along, nonzero_yx
from vision.top.config import READER
from vision.top.glare import hidden_faces, split_glare
from vision.top.pip_shape import PipShape, pip_shape
from vision.top.types import CROP, MARGIN, VIEW, Blob, PipReading, Placed

# Pip layouts in lattice units (x, y), each a list of variants (the 90-degree turn of 2, 3, 6).
LAYOUTS: dict[int, list[np.ndarray]] = {
    1: [np.array([[0, 0]], float)],
    2: [np.array([[-1, -1], [1, 1]], float), np.array([[1, -1], [-1, 1]], float)],
    3: [np.array([[-1, -1], [0, 0], [1, 1]], float), np.array([[1, -1], [0, 0], [-1, 1]], float)],
    4: [np.array([[-1, -1], [1, -1], [-1, 1], [1, 1]], float)],
    5: [np.array([[-1, -1], [1, -1], [-1, 1], [1, 1], [0, 0]], float)],
    6: [np.array([[-1, -1], [-1, 0], [-1, 1], [1, -1], [1, 0], [1, 1]], float),
        np.array([[-1, -1], [0, -1], [1, -1], [-1, 1], [0, 1], [1, 1]], float)],
}

_T = TypeVar("_T")


def _per_layout(fn: Callable[[np.ndarray], _T]) -> Callable[[np.ndarray], _T]:
    """``fn`` of a layout, computed once for each of ``LAYOUTS`` (found by identity: arrays
    are not hashable) and on every call for any other layout."""
    known = {id(layout): fn(layout) for variants in LAYOUTS.values() for layout in variants}

    def lookup(layout: np.ndarray) -> _T:
        value = known.get(id(layout))
        return fn(layout) if value is None else value
    return lookup

TURNED = "pips turned"   # the reason when the only clear layout runs across the crop's axes
_PEAK_KERNEL = np.ones((7, 7), np.uint8)


def centres(items: Iterable[Placed]) -> np.ndarray:
    """The (x, y) centres of pips or spots as an (n, 2) float array, (0, 2) for none."""
    return np.array([[p.x, p.y] for p in items], float).reshape(-1, 2)


def _square_mask(border: int) -> np.ndarray:
    m = np.zeros((VIEW, VIEW), np.uint8)
    m[border:VIEW - border, border:VIEW - border] = 1
    return m


def _pip_zone() -> np.ndarray:
    """Where pip centres may lie: not in the rounded corners, where the table shows through."""
    yy, xx = np.mgrid[0:VIEW, 0:VIEW] + 0.5
    r = np.hypot(xx - VIEW / 2, yy - VIEW / 2)
    zone: np.ndarray = ((r <= READER.pip_radius * CROP) & (_INNER > 0)).astype(np.uint8)
    return zone


_INNER = _square_mask(MARGIN + round(READER.border * CROP))   # the die top less its shaded rim
_WIDE = _square_mask(1)  # the die top and nearly all of its margin: rival peaks may lie there
# the body colour comes from the middle half of the top: right even when the rectangle is too
# large (the table would fill the rim), and pips cover far less than half of it
_BODY = (_square_mask(VIEW // 4) > 0) & ((np.add.outer(np.arange(VIEW), np.arange(VIEW)) % 2) == 0)
_WIDE_BOOL = _WIDE > 0
BODY_SPAN = (VIEW // 4, VIEW - VIEW // 4)  # the crop rows and columns _BODY lies in
_BODY_WINDOW = _BODY[BODY_SPAN[0]:BODY_SPAN[1], BODY_SPAN[0]:BODY_SPAN[1]]
_BODY_WINDOW_INDEX = np.flatnonzero(_BODY_WINDOW)  # its pixels in that square, flattened
_PIP_ZONE = _pip_zone()


def body_lab(crop_lab: np.ndarray, origin: int = 0) -> np.ndarray:
    """Median Lab colour of the die body, from the middle of its top.

    Args:
        crop_lab: the ``VIEW`` crop in Lab, or a square part of it from row and column
            ``origin`` on that holds the middle (``BODY_SPAN``).

    Raises:
        ValueError: for a part that does not hold the middle.
    """
    side = crop_lab.shape[0]
    first, end = BODY_SPAN[0] - origin, BODY_SPAN[1] - origin
    if (crop_lab.shape[1:] != (side, 3) or origin < 0 or origin + side > VIEW or first < 0
            or end > side):
        raise ValueError(f"{crop_lab.shape} from {origin} is not a crop part holding the body")
    window = crop_lab[first:end, first:end]
    if window.dtype != np.uint8:
        median: np.ndarray = np.median(window[_BODY_WINDOW], axis=0).astype(np.float32)
        return median
    # every other pixel (the median barely changes); np.median's numbers (the middle value, or
    # the mean of the middle two) from a partial sort of each channel: several times faster
    inner = window.reshape(-1, 3).take(_BODY_WINDOW_INDEX, axis=0).T
    mid = inner.shape[1] // 2
    if inner.shape[1] % 2:
        return np.partition(inner, mid, axis=1)[:, mid].astype(np.float32)
    part = np.partition(inner, (mid - 1, mid), axis=1)
    return ((part[:, mid - 1].astype(np.float64) + part[:, mid]) / 2.0).astype(np.float32)


_YY, _XX = np.mgrid[0:VIEW, 0:VIEW] + 0.5
_TOP = _square_mask(MARGIN + round(0.1 * CROP)) > 0  # the inner 80% of the die top


def body_between_pips(crop_bgr: np.ndarray, pips: Sequence[Blob]) -> np.ndarray | None:
    """Median Lab colour of a die top (the inner 80% of its ``CROP`` square) away from the
    pips found on it; None when the pips leave too little of it.

    ``body_lab`` takes the middle of the top, which is the body's colour when the square is
    the die's: a square placed on the pips alone may be tight around them, and then a five's
    centre pip or a six's columns fill its middle.
    """
    if crop_bgr.shape[:2] != (VIEW, VIEW):
        return None
    clear = _clear_of(pips, READER.body_clear * CROP)
    if np.count_nonzero(clear) < READER.min_body:
        return None
    lab = cv2.cvtColor(crop_bgr, cv2.COLOR_BGR2LAB)
    body: np.ndarray = median_along(lab[clear], axis=0).astype(np.float32)
    return body


def _clear_of(pips: Sequence[Blob], radius: float) -> np.ndarray:
    """The inner 80% of the die top (``_TOP``) farther than ``radius`` crop pixels from every
    pip's centre.

    Each pip's distances are taken only on the square of pixels within ``radius`` + 1 of its
    centre along both axes: beyond it a pixel lies farther than ``radius`` along one axis
    alone, by a pixel at least (more than any rounding of ``np.hypot``), and stays clear."""
    clear = _TOP.copy()
    reach = radius + 1.0
    for b in pips:
        cx, cy = b.x + MARGIN, b.y + MARGIN
        # pixel centres (i + 0.5) within reach of the centre along each axis
        x0, x1 = max(0, math.floor(cx - reach)), min(VIEW, math.ceil(cx + reach) + 1)
        y0, y1 = max(0, math.floor(cy - reach)), min(VIEW, math.ceil(cy + reach) + 1)
        if x0 >= x1 or y0 >= y1:
            continue
        box = np.s_[y0:y1, x0:x1]
        clear[box] &= np.hypot(_XX[box] - cx, _YY[box] - cy) > radius
    return clear


_CHANNEL_SUM = np.ones((1, 3), np.float32)  # cv2.transform's matrix: the sum of 3 channels


def body_difference(crop_lab: np.ndarray, body: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(each pixel's Lab difference from the body colour, its length smoothed over 3x3)."""
    # OpenCV's per-pixel arithmetic gives numpy's numbers at half the cost on a crop this small
    # (the body as a Scalar, a tuple, which OpenCV's stubs do not list)
    diff = cv2.subtract(crop_lab, (*body.tolist(), 0.0), dtype=cv2.CV_32F)  # type: ignore[call-overload]
    dist = cv2.sqrt(cv2.transform(cv2.multiply(diff, diff), _CHANNEL_SUM))
    return diff, cv2.GaussianBlur(dist, (3, 3), 0)


def contrast_maps(diff: np.ndarray, dist: np.ndarray,
                  axis: tuple[float, float, float] | None = None) -> dict[str, np.ndarray]:
    """Per-pixel contrast from the body colour (``body_difference``), split by polarity:
    pips darker or lighter.

    With an ``axis`` (the pips' colour, ``pip_axis``) the split is along it, not along
    lightness alone: "dark" is the side of that axis toward its darker end. Pips that differ
    from the body mostly in hue (gold on red) are lighter than the lit side of the top and
    darker than its shaded side, so a split by lightness tears them apart; they all lie on
    one side of their own colour's axis.
    """
    dl, da, db = diff[:, :, 0], diff[:, :, 1], diff[:, :, 2]
    if axis is None:
        darker = dl < 0
    else:
        darker = dl * axis[0] + da * axis[1] + db * axis[2] > 0
    return {"dark": dist * (darker & _WIDE_BOOL), "light": dist * (~darker & _WIDE_BOOL)}


def pip_axis(diff: np.ndarray, dist: np.ndarray) -> tuple[float, float, float]:
    """The Lab difference from the body around the strongest contrast where pips lie (its
    3x3 mean), turned to point darker: the colour of the pips, the strongest thing there."""
    x, y = cv2.minMaxLoc(dist, _PIP_ZONE)[3]
    axis_l, axis_a, axis_b = _difference_around(diff, x, y)
    sign = -1.0 if axis_l > 0 else 1.0
    return sign * axis_l, sign * axis_a, sign * axis_b


def _difference_around(diff: np.ndarray, x: int, y: int) -> list[float]:
    """The mean Lab difference from the body over the 3x3 pixels around (x, y)."""
    mean: list[float] = diff[y - 1:y + 2, x - 1:x + 2].reshape(-1, 3).mean(axis=0).tolist()
    return mean


def find_peaks(contrast: np.ndarray) -> tuple[list[Blob], list[Blob]]:
    """Pip-shaped peaks of a contrast map: (pips, weaker peaks), strongest first.

    A difference of Gaussians tuned to pip size answers strongly to round blobs and weakly to
    straight edges and glare lines; pips are its local maxima within a fraction of the strongest.
    """
    resp = _blur(contrast, _PIP_KERNEL) - _blur(contrast, _GROUND_KERNEL)
    local_max = cv2.dilate(resp, _PEAK_KERNEL)
    ys, xs = nonzero_yx((resp >= local_max) & (resp > 0) & _WIDE_BOOL)
    in_zone = _PIP_ZONE[ys, xs] > 0
    if not in_zone.any():
        return [], []
    values = resp[ys, xs]
    order = np.argsort(-values)
    top = float(values[in_zone].max())
    floor = max(READER.min_contrast, 0.4 * cv2.minMaxLoc(contrast, _PIP_ZONE)[1])  # contrast >= 0
    # weaker peaks than this are noise, too weak to be a pip or to cast doubt on one; the
    # order is strongest first, so they are the tail
    order = order[values[order].astype(np.float64) >= READER.rival_fraction * top]
    oy, ox = ys[order], xs[order]
    strong_enough = (contrast[oy, ox] >= floor).tolist()
    peak_floor = READER.peak_fraction * top
    gap2 = READER.min_pip_gap ** 2
    taken: list[tuple[float, float]] = []  # pip centres found so far, crop pixels
    pips: list[Blob] = []
    weaker: list[Blob] = []
    for v, x, y, zone, strong, c in zip(values[order].tolist(), ox.tolist(), oy.tolist(),
                                        in_zone[order].tolist(), strong_enough,
                                        contrast[oy, ox].tolist(), strict=True):
        for bx, by in taken:  # a plain loop: a generator per peak cost more than the test
            if (bx - x + MARGIN) ** 2 + (by - y + MARGIN) ** 2 <= gap2:
                break
        else:  # clear of every pip taken
            if zone and v >= peak_floor and strong:
                px, py = _subpixel(resp, x, y)
                pips.append(Blob(px - MARGIN, py - MARGIN, v, c))
                taken.append((px - MARGIN, py - MARGIN))
            else:
                weaker.append(Blob(float(x - MARGIN), float(y - MARGIN), v, c))
    return pips, weaker


def _gaussian_kernel(sigma: float) -> np.ndarray:
    """The kernel ``cv2.GaussianBlur(float image, (0, 0), sigma)`` makes on every call."""
    return cv2.getGaussianKernel(round(sigma * 8 + 1) | 1, sigma, cv2.CV_32F)


_PIP_KERNEL = _gaussian_kernel(1.5)     # a pip's own scale
_GROUND_KERNEL = _gaussian_kernel(6.0)  # the ground around it


def _blur(image: np.ndarray, kernel: np.ndarray) -> np.ndarray:
    """``cv2.GaussianBlur`` with a kernel made once: the same numbers, cheaper."""
    return cv2.sepFilter2D(image, -1, kernel, kernel, borderType=cv2.BORDER_REFLECT_101)


def _subpixel(resp: np.ndarray, x: int, y: int) -> tuple[float, float]:
    """Centre of a peak refined by the response-weighted mean of its 3x3 neighbourhood."""
    y0, x0 = max(0, y - 1), max(0, x - 1)
    total = sx = sy = 0.0
    for j, row in enumerate(resp[y0:y + 2, x0:x + 2].tolist(), y0):  # 9 numbers: no numpy
        for i, v in enumerate(row, x0):
            if v > 0:
                total, sx, sy = total + v, sx + v * i, sy + v * j
    if total <= 0:
        return float(x), float(y)
    return sx / total, sy / total


@dataclass(frozen=True)
class LayoutFit:
    """A pip layout fitted to pip centres in crop coordinates normalised to -1..1.

    ``lattice`` holds the nine lattice points the fit implies, ``free`` the indices of those
    the layout leaves empty (where a missed pip of another face would sit).
    """

    face: int
    error: float
    lattice: np.ndarray
    free: tuple[int, ...]
    step: float
    turn: float = 0.0  # degrees between the layout and the crop's edges
    squash: float = 1.0  # short / long axis of the pip pattern (a leaning die is squeezed)


GRID = np.array([[x, y] for y in (-1, 0, 1) for x in (-1, 0, 1)], float)


def fit_layout(points: np.ndarray) -> LayoutFit | None:
    """Fit pip centres (crop pixels) to the layout of their count; None for 0 or > 6 pips.

    The error is the worst pip's distance from its lattice point in lattice steps (0 = perfect),
    including how far the layout's centre is from the crop's centre.
    """
    n = len(points)
    if n not in LAYOUTS:
        return None
    half = CROP / 2.0
    uv = (points - half) / half
    if n == 1:
        err = _off_centre(uv[0])
        step = READER.nominal_step
        return LayoutFit(1, err, uv[0] + GRID * step, _free(LAYOUTS[1][0]), step)
    centre = _mean_point(uv)
    rel = uv - centre
    off = _off_centre(centre)
    best: tuple[float, LayoutMatch] | None = None
    for fit in layout_fits(rel, READER.scale_range):
        err = max(fit[4], off)
        if best is None or err < best[0]:
            best = err, fit
    if best is None:
        return LayoutFit(n, math.inf, GRID * READER.nominal_step, (), READER.nominal_step)
    err, (layout, scale, dst, rot, _) = best  # the rest is worked out for the best fit only
    lattice = centre + (GRID * scale) @ rot.T
    turn = math.degrees(math.atan2(rot[0, 1], rot[0, 0])) % 90.0
    turn = min(turn, 90.0 - turn)  # the layouts repeat every quarter turn
    return LayoutFit(n, err, lattice, _free(layout), scale, turn, _squash(rel, dst))


def _mean_point(points: np.ndarray) -> np.ndarray:
    """``points.mean(axis=0)`` of a few (n, 2) float64 points: numpy adds the rows in order
    and divides by n, and so does this, without its overhead."""
    sx = sy = 0.0
    for x, y in points.tolist():
        sx, sy = sx + x, sy + y
    return np.array([sx / len(points), sy / len(points)])


def _off_centre(centre: np.ndarray) -> float:
    """Error (lattice steps) for a pip pattern whose centre is off the crop's centre."""
    return max(0.0, float(np.hypot(*centre)) - 0.12) / 0.3


def _free_points(layout: np.ndarray) -> tuple[int, ...]:
    """The lattice points (indices into ``GRID``) a layout leaves empty."""
    used = {(int(x), int(y)) for x, y in layout}
    return tuple(i for i, (x, y) in enumerate(GRID) if (int(x), int(y)) not in used)


_free = _per_layout(_free_points)
_ANGLES = np.radians(np.arange(-45.0, 45.0, 3.0))
_ROTATIONS = np.stack([np.stack([np.cos(_ANGLES), -np.sin(_ANGLES)], axis=1),
                       np.stack([np.sin(_ANGLES), np.cos(_ANGLES)], axis=1)], axis=1)  # (A,2,2)


LayoutMatch = tuple[np.ndarray, float, np.ndarray, np.ndarray, float]


def layout_fits(rel: np.ndarray, scale_range: tuple[float, float] | None = None
                ) -> list[LayoutMatch]:
    """Every variant of the layout of as many pips fitted to a centred pip pattern.

    Each fit is (layout, scale, the layout points the pips stand for times scale, the rotation
    ``rot`` with ``rel @ rot`` nearest them, the worst pip's distance from its point in
    lattice steps). A layout's variants are quarter turns of each other: the pips' moment
    matches them to one variant at most (``match_layout``), and every turn is searched only
    when it matches none. Scales outside ``scale_range`` are not fitted.
    """
    variants = LAYOUTS.get(len(rel), [])
    pts = rel.tolist()  # at most 6 points: plain floats cost less than numpy's small arrays
    spread = sum(x * x + y * y for x, y in pts)
    for search in (False, True):
        fits = []
        for layout in variants:
            scale = math.sqrt(spread / _sum_squares(layout))
            if scale <= 0 or (scale_range and not scale_range[0] <= scale <= scale_range[1]):
                continue
            dst = match_layout(rel, layout, scale, search)
            if dst is None:
                continue
            rot = best_rotation(rel, dst)
            fits.append((layout, scale, dst, rot, _worst_residual(pts, rot, dst) / scale))
        if fits:
            return fits
    return []


def _worst_residual(pts: list[list[float]], rot: np.ndarray, dst: np.ndarray) -> float:
    """The largest distance between a point of ``pts @ rot`` and its point of ``dst``."""
    (c00, c01), (c10, c11) = rot.tolist()
    return max(math.hypot(x * c00 + y * c10 - u, x * c01 + y * c11 - v)
               for (x, y), (u, v) in zip(pts, dst.tolist(), strict=True))


def best_fit(points: np.ndarray) -> LayoutMatch | None:
    """The fit with the least error of the layout of as many pips (``layout_fits``) to pip
    centres anywhere, in any unit; None when there is none (one pip, or more than six)."""
    fits = layout_fits(points - points.mean(axis=0))
    return min(fits, key=lambda f: f[4]) if fits else None


def pip_step(points: np.ndarray) -> float | None:
    """The lattice step of pips in their layout (the scale ``layout_fits`` fits them at:
    their spread about their centre over the layout's), None for one pip or more than six."""
    if not 2 <= len(points) <= 6:
        return None
    rel = points - points.mean(axis=0)
    return math.sqrt(float((rel * rel).sum()) / _sum_squares(LAYOUTS[len(points)][0]))


def fitting_pips(points: np.ndarray, limit: float) -> tuple[np.ndarray, LayoutMatch] | None:
    """The pips that fit a layout within ``limit`` (lattice steps) and their fit: all of them,
    or else all but the one whose leaving out fits best. One stray spot (a pip on a side face,
    a printed dot) spoils the layout of the rest. None when neither fits.

    Returns:
        (indices of the pips kept, ascending; their ``best_fit``), or None.
    """
    n = len(points)
    if 2 <= n <= 6:
        fit = best_fit(points)
        if fit is not None and fit[4] <= limit:
            return np.arange(n), fit
    if not 3 <= n <= 7:
        return None
    best: tuple[np.ndarray, LayoutMatch] | None = None
    for i in range(n):
        keep = np.delete(np.arange(n), i)
        fit = best_fit(points[keep])
        if fit is not None and fit[4] <= limit and (best is None or fit[4] < best[1][4]):
            best = (keep, fit)
    return best


def match_layout(rel: np.ndarray, layout: np.ndarray, scale: float, search: bool = True
                 ) -> np.ndarray | None:
    """The layout point (times ``scale``) each pip of a centred pattern stands for, or None.

    Every layout looks the same after a quarter turn, and so does the sum of its points'
    fourth powers (as complex numbers ``x + iy``): the angle of that sum for the pips, less
    the layout's, is four times the pattern's turn. Each pip then takes the nearest point of
    the layout so turned; when two pips would take the same point (a pattern too far from
    the layout for its moment to say the turn), every turn in 3-degree steps is tried (unless
    ``search`` is False) and the one whose worst pip lies nearest its point wins.
    """
    pts = [complex(x, y) for x, y in rel.tolist()]
    moment = sum(z * z * z * z for z in pts)
    spread = sum(abs(z) ** 2 for z in pts)
    reference = _moment(layout)
    if abs(moment) > 1e-6 * spread * spread and reference != 0:
        turn = (moment / reference) ** 0.25  # the principal root: a turn of -45..45 degrees
        turned = [z * scale * turn / abs(turn) for z in _complex_points(layout)]
        assign = [_nearest(z, turned) for z in pts]
        if len(set(assign)) == len(assign):
            return np.asarray(layout[assign] * scale)
    return _match_by_search(rel, layout, scale) if search else None


def _nearest(z: complex, points: list[complex]) -> int:
    """The index of the point nearest ``z`` (the first of equals)."""
    best, best_d = 0, abs(z - points[0])
    for j in range(1, len(points)):
        d = abs(z - points[j])
        if d < best_d:
            best, best_d = j, d
    return best


_complex_points = _per_layout(lambda layout: [complex(x, y) for x, y in layout.tolist()])


def _fourth_moment(layout: np.ndarray) -> complex:
    return complex(sum(complex(x, y) ** 4 for x, y in layout.tolist()))


_moment = _per_layout(_fourth_moment)


def _match_by_search(rel: np.ndarray, layout: np.ndarray, scale: float) -> np.ndarray | None:
    """``match_layout`` by trying every turn in 3-degree steps (None: no turn matches
    each pip to its own point)."""
    n = len(rel)
    targets = np.einsum("aij,kj->aki", _ROTATIONS, layout * scale)        # (A,k,2)
    d = _norm2(rel[None, :, None, :] - targets[:, None, :, :])  # (A,n,k)
    assign = d.argmin(axis=2)
    valid = (np.sort(assign, axis=1) == np.arange(n)).all(axis=1)
    if not valid.any():
        return None
    worst = d.min(axis=2).max(axis=1)  # each pip's distance to its assigned (nearest) point
    worst[~valid] = np.inf
    return np.asarray(layout[assign[int(worst.argmin())]] * scale)


def best_rotation(rel: np.ndarray, dst: np.ndarray) -> np.ndarray:
    """The rotation ``rot`` (determinant +1) that brings ``rel @ rot`` closest to ``dst``.

    The orthogonal Procrustes answer (``u @ vt`` of the SVD of ``rel.T @ dst``, its sign fixed)
    in closed form for 2-D: the angle maximising ``trace(rot.T @ m)`` is ``atan2(c - b, a + d)``.
    """
    (a, b), (c, d) = (rel.T @ dst).tolist()
    theta = math.atan2(c - b, a + d)
    cos, sin = math.cos(theta), math.sin(theta)
    return np.array([[cos, -sin], [sin, cos]])


def _norm2(v: np.ndarray) -> np.ndarray:
    """Euclidean length along the last axis (of length 2): ``np.linalg.norm(v, axis=-1)``,
    the same numbers without its overhead."""
    x, y = v[..., 0], v[..., 1]
    length: np.ndarray = np.sqrt(x * x + y * y)
    return length


_sum_squares = _per_layout(lambda layout: float((layout ** 2).sum()))


def pattern_squash(points: np.ndarray) -> float:
    """Squash (short / long axis, 1 = square) of a pip pattern given in any square-pixel units.

    Used on pip centres mapped back to the image: a face seen foreshortened (a die leaning on
    another, showing a side face) has a squeezed pattern even when its crop looks square.
    """
    n = len(points)
    if n not in LAYOUTS or n < 2:
        return 1.0
    fit = best_fit(points)
    if fit is None:
        return 1.0
    return _squash(points - points.mean(axis=0), fit[2])


def _squash(rel: np.ndarray, dst: np.ndarray) -> float:
    """Short over long axis of the affine map from the layout to the pips (1 = square).

    A die leaning on another shows its top foreshortened: its pips squeezed along one axis.
    Two or three pips on a diagonal fix only the diagonal's direction: 45 degrees when flat.
    """
    if len(rel) >= 4:
        return axis_ratio(least_squares_map(dst, rel))
    return diagonal_squash(rel)


def diagonal_squash(rel: np.ndarray, axes: float = 0.0) -> float:
    """Squash of two or three pips on a diagonal (``rel``: their offsets from their mean),
    against die axes turned ``axes`` degrees: the tangent of the diagonal's angle to the nearer
    axis, 1 when it runs at 45 degrees to both. A top foreshortened along one of its axes turns
    its diagonal towards the other."""
    d = rel[np.argmax(_norm2(rel))]
    angle = (math.degrees(math.atan2(float(d[1]), float(d[0]))) - axes) % 90.0
    return math.tan(math.radians(min(angle, 90.0 - angle)))


def ambiguity(fit: LayoutFit, pips: list[Blob], weaker: list[Blob],
              surface: np.ndarray | None = None) -> float:
    """How strongly a rejected peak sits where a pip of another face would be (0 = none).

    A weak peak on an empty lattice point may be a missed pip (a 6 read as 4), and a peak
    beyond the pip zone on ground of the top face's colour (``surface``: distance from the
    body colour) may be a pip cut off by a too small rectangle; its strength relative to the
    weakest accepted pip, times the belief that its ground is the top face, says how likely;
    it must be round (a die's shaded edge beside the top is long). Pips on a side face
    (another shade) do not count. Around a lone pip (a one) any other peak on the top is a
    rival, and so is a strong one beyond it, unless the top is plain (``plain_around``) and
    the peak lies on table outside the top's square and is no stronger than the pip. Around a
    two, a strong peak on the top's square that continues its diagonal by one more pip
    spacing is a rival whatever its ground (``completes_three``): the square was framed on
    the centre and a corner pip of a three, whose far corner lies near the square's corner.
    """
    if not pips or not weaker:
        return 0.0
    weakest = min(b.area for b in pips)
    half = CROP / 2.0
    free = fit.lattice[list(fit.free)].tolist() if fit.free else []
    near = 0.45 * fit.step
    plain_one: bool | None = None  # plain_around of a one's pip, worked out when first asked
    worst = 0.0
    reach = READER.pip_radius * CROP  # read once: the loop runs over dozens of peaks
    strong, outshone = READER.strong_rival, READER.outshone
    for b in weaker:
        ratio = b.area / weakest
        if ratio <= worst or ratio < 0.3:
            continue  # too weak to matter (or no worse than one already found)
        px, py = (b.x - half) / half, (b.y - half) / half
        on_free = any(math.hypot(fx - px, fy - py) < near for fx, fy in free)
        beyond = math.hypot(px, py) * half > reach
        on_square = 0 <= b.x <= CROP and 0 <= b.y <= CROP
        # a lone pip fixes no orientation: any other peak on the face is a rival, and so is
        # a strong one beyond it (the corner pips of a five seen through a too small square),
        # unless the top is plain around the pip and the peak, no stronger than the pip, lies
        # on table outside the top's square (white paper around a red die is a light band all
        # round it, as strong as a gold or white pip)
        lone_rival = fit.face == 1 and (not beyond or ratio >= strong)
        if (lone_rival and beyond and surface is not None and ratio <= outshone
                and not on_square and top_surface_belief(surface, b) == 0.0):
            if plain_one is None:
                plain_one = plain_around(surface, pips[0])
            lone_rival = not plain_one
        # on a real two that spacing ends beyond the die's corner, on the table: off the square
        third = (fit.face == 2 and on_square and ratio >= strong
                 and completes_three(pips, b))
        if on_free or lone_rival or third:
            worst = ratio
        elif beyond and surface is not None:  # a pip cut off, if its ground is the top face
            weight = ratio * top_surface_belief(surface, b)
            if weight > worst and _round(surface, b):
                worst = weight
    return worst


def completes_three(pips: list[Blob], peak: Blob) -> bool:
    """Whether a peak and a two's pips are the three pips of a three: they fit its layout
    (in a line, evenly spaced) within ``READER.full_fit`` lattice steps."""
    fit = best_fit(centres([*pips, peak]))
    return fit is not None and fit[4] <= READER.full_fit


def plain_around(surface: np.ndarray, pip: Blob) -> bool:
    """Whether the top is plain around a pip: at least ``READER.plain_share`` of its inner 80% that
    lies beyond ``READER.lone_clear`` die edges of the pip within the top-face tolerance of the body
    colour (``surface``: distance from it). A printed digit or a second mark is not plain."""
    around = surface[_clear_of([pip], READER.lone_clear * CROP)]
    if around.size == 0:
        return False
    return float((around < READER.surface_tolerance[1]).mean()) >= READER.plain_share


def _round(surface: np.ndarray, b: Blob) -> bool:
    """Whether a peak is round as a pip is, not a long dark edge (a side face, a shadow)."""
    return pip_shape(surface, round(b.x + MARGIN), round(b.y + MARGIN)).elongation <= READER.streak


_RING = np.array([[np.cos(a), np.sin(a)] for a in np.linspace(0, 2 * np.pi, 8, endpoint=False)])


def top_surface_belief(surface: np.ndarray, b: Blob) -> float:
    """How surely the ground around a peak has the top face's colour (median of 8 ring
    points): 1 up to ``READER.surface_tolerance[0]`` from the body colour, 0 from the second."""
    cx, cy = b.x + MARGIN, b.y + MARGIN
    pts = [(cx + ox, cy + oy) for ox, oy in _RING_OFFSETS]
    inside = [(x, y) for x, y in pts if 0 <= x <= VIEW - 1 and 0 <= y <= VIEW - 1]
    if len(inside) < 4:
        return 0.0
    ground: list[float] = sorted(surface.item(int(y), int(x)) for x, y in inside)
    near, far = READER.surface_tolerance
    return max(0.0, min(1.0, (far - ground[len(ground) // 2]) / (far - near)))


_RING_OFFSETS = (_RING * (READER.ring_radius * CROP)).tolist()


def _near_max(contrast: np.ndarray) -> float:
    """The strongest contrast after a 3x3 average (a single hot pixel does not count)."""
    return float(cv2.minMaxLoc(cv2.blur(contrast, (3, 3)), _INNER)[1])


def _read_polarity(contrast: np.ndarray) -> tuple[LayoutFit | None, list[Blob], list[Blob],
                                                   float]:
    """Find the pips of one polarity and fit their layout."""
    peak = _near_max(contrast)
    if peak < READER.min_contrast:
        return None, [], [], peak
    pips, weaker = find_peaks(contrast)
    pts = centres(pips)
    return fit_layout(pts), pips, weaker, peak


def _read_past_glare(polarity: str, contrast: np.ndarray, pips: list[Blob], weaker: list[Blob],
                     peak: float, surface: np.ndarray, even_by_response: bool
                     ) -> tuple[PipReading, _Found] | None:
    """The reading of one shade's pips less those on glare (``vision.top.glare``), with its
    layout fit, pips and weaker peaks off the glare; None when no pip lies on glare, or the
    rest fit no layout, or glare may be hiding the pips of another face around them."""
    kept, off, glare = split_glare(contrast, pips, weaker, MARGIN, CROP)
    if glare is None or not kept:
        return None
    rest = [pips[i] for i in kept]
    fit = fit_layout(centres(rest))
    if fit is None or not math.isfinite(fit.error) or hidden_faces(
            fit.face, fit.lattice, fit.free, LAYOUT_INDICES, glare, MARGIN, CROP,
            READER.scale_range):
        return None
    found = (fit, rest, [weaker[i] for i in off], peak)
    conf = _confidence(*found, surface, even_by_response=even_by_response)
    return PipReading(fit.face, conf, "", polarity, tuple(rest), peak, fit.error,
                      fit.squash), found


# each face's layouts as sets of indices into ``GRID``: the points a layout does not leave free
# (``vision.top.glare.hidden_faces`` takes them)
LAYOUT_INDICES = {face: [set(range(len(GRID))) - set(_free(layout)) for layout in variants]
                   for face, variants in LAYOUTS.items()}


def read_top(crop_bgr: np.ndarray) -> PipReading:
    """Read the face of a rectified die top (``VIEW`` x ``VIEW`` BGR).

    Args:
        crop_bgr: the die top in the central ``CROP`` square, with ``MARGIN`` pixels of its
            surroundings on each side (where a pip cut off by a too small rectangle shows).

    Returns:
        A PipReading: the face and a confidence, or face None with the reason.
    """
    crop_lab = cv2.cvtColor(crop_bgr, cv2.COLOR_BGR2LAB)
    body = body_lab(crop_lab)
    return replace(_read_lab(crop_lab, body), body=body)


def _read_lab(crop_lab: np.ndarray, body: np.ndarray) -> PipReading:
    """``read_top`` on the crop in Lab, given its body colour: split by lightness; a reading
    too unsure to be called (``READER.resplit_below``) is split again by the pips' colour when that
    colour is not a mere shade of the body's (``READER.lightness_axis``), and, on a body with a hue
    of its own, read once more by hue alone (``read_hue``)."""
    diff, dist = body_difference(crop_lab, body)
    reading = read_maps(contrast_maps(diff, dist))
    if reading.confidence >= READER.resplit_below or reading.reason == TURNED:
        return reading  # a square turned on the die shows its pips turned in every split
    axis = pip_axis(diff, dist)
    if abs(axis[0]) < READER.lightness_axis * math.hypot(*axis):  # else the split would be the same
        again = read_maps(contrast_maps(diff, dist, axis))
        reading = again if again.confidence > reading.confidence else reading
    hued = math.hypot(body[1] - 128.0, body[2] - 128.0) >= READER.hue_body
    if reading.confidence >= READER.resplit_below or not hued:
        return reading
    by_hue = read_hue(diff)
    return by_hue if by_hue.confidence > reading.confidence else reading


def read_hue(diff: np.ndarray) -> PipReading:
    """The reading of the top's hue alone: each pixel's distance from the body colour in Lab
    (a, b), smoothed over 3x3.

    Gold pips on a red die differ from it mostly in hue, and a glare across the top, far
    lighter than they are, outshines them in every split by Lab distance: by hue the glare
    is faint. A reading counts only when every pip it found differs from the body in hue at
    least 2/3 as much as in lightness (``READER.hue_share``): a white pip (or the white table)
    differs from a coloured body in both, far more in lightness, and the lightness split has
    looked at it already. Gold pips are lighter than a red body too: nell 111642's two differ
    0.9 and 1.3 times as much in lightness as in hue; the white pips of that set's red dice,
    3.4 times (the median die).

    The pips' evenness is judged on their own contrast here, not on their pip-shaped
    response: by hue the ground is not dark (a red body's hue shifts under glare and shade),
    and the response, the pip's level less that of its ground, magnifies the difference
    between two pips. On gold pips: ground 10-13 under pips of 18-26, so a pip at 0.71 of
    the strongest pip's level answers at 0.52 of its response.
    """
    reading = read_maps({"hue": hue_contrast(diff)}, even_by_response=False)
    if reading.face is not None and not all(_hue_differs(diff, b) for b in reading.blobs):
        return PipReading(None, 0.0, "unclear pips", reading.polarity, reading.blobs,
                          reading.contrast, reading.fit_error)
    return reading


def hue_contrast(diff: np.ndarray) -> np.ndarray:
    """Each pixel's distance from the body colour in Lab (a, b) alone (``body_difference``),
    smoothed over 3x3, on the die top and nearly all of its margin (``_WIDE``)."""
    da, db = diff[:, :, 1], diff[:, :, 2]
    # not cv2.magnitude: its last bit depends on where its output lies in memory
    # (``gradient_votes``)
    hue = cv2.GaussianBlur(np.sqrt(da * da + db * db), (3, 3), 0)
    wide: np.ndarray = hue * _WIDE_BOOL
    return wide


def _hue_differs(diff: np.ndarray, pip: Blob) -> bool:
    """Whether a pip differs from the body in hue at least ``1 / READER.hue_share`` as much as in
    lightness (3x3 mean)."""
    dl, da, db = _difference_around(diff, round(pip.x + MARGIN), round(pip.y + MARGIN))
    return READER.hue_share * math.hypot(da, db) >= abs(dl)


def read_maps(maps: dict[str, np.ndarray], *, even_by_response: bool = True) -> PipReading:
    """The reading of the best of the contrast maps (``contrast_maps``'s two, or one), or an
    abstention when its pips are smeared, unlike each other, out of scale, or another map
    reads another face too: the step of ``read_top`` (and ``read_hue``) after the maps.

    Args:
        maps: contrast maps of a ``VIEW`` px crop by shade ("dark", "light", or "hue").
        even_by_response: whether the pips' evenness counts their pip-shaped response
            besides their contrast (``_confidence``); ``read_hue`` judges it by contrast alone.

    Returns:
        The best map's reading, or an abstention with its reason.
    """
    readings = []
    found: dict[str, _Found] = {}
    past: tuple[PipReading, _Found] | None = None  # the light shade's reading past glare
    streaked: PipReading | None = None  # the light shade's sure reading with a streak
    light_shapes: tuple[PipReading, list[PipShape]] | None = None  # a sure one, its pips
    surface = cast(np.ndarray, sum(maps.values()))  # the maps are arrays: never sum's 0
    for polarity, contrast in maps.items():
        fit, pips, weaker, peak = _read_polarity(contrast)
        if fit is None:
            reason = "no pips" if not pips else "unclear pips"
            readings.append(PipReading(None, 0.0, reason, polarity, tuple(pips), peak))
        else:
            found[polarity] = (fit, pips, weaker, peak)
            conf = _confidence(fit, pips, weaker, peak, surface,
                               even_by_response=even_by_response)
            readings.append(PipReading(fit.face, conf, "", polarity, tuple(pips), peak,
                                       fit.error, fit.squash))
        if polarity == "light":
            light = readings[-1]
            if light.confidence >= READER.resplit_below:
                light_shapes = light, _pip_shapes(contrast, light.blobs)
                if max(p.elongation for p in light_shapes[1]) > READER.streak:
                    streaked = light  # sure, but its streak keeps it from being called
            if light.confidence < READER.resplit_below or streaked is not None:
                # pips no caller would call: a highlight (lighter than the body) may lie
                # among them
                past = _read_past_glare(polarity, contrast, pips, weaker, peak, surface,
                                        even_by_response)
    readings.sort(key=lambda r: (r.confidence, r.contrast), reverse=True)
    best = readings[0]
    other = readings[1] if len(readings) > 1 else PipReading(None, 0.0)
    # the reading past glare stands in for a sure reading with a streak only where that one
    # is the best; for an unsure one, where it is surer than the best
    if past is not None and (best is streaked if streaked is not None
                             else past[0].confidence > best.confidence):
        # the reading past glare stands for its shade as the best reading only: as the other
        # shade's it would put in doubt with pips read where glare left them unsure
        other = best if best.polarity != past[0].polarity else other
        best, found[past[0].polarity] = past
    if best.confidence <= 0.0:
        reason = best.reason or "unclear pips"
        # no layout along the crop's axes but a clear one across them: the square is turned
        # on the die, and the other splits would read what does lie along its axes (by hue,
        # the table in its corners)
        turned = next((r for r in readings if r.face is not None and _turned_layout(
            found[r.polarity], surface, even_by_response)), None)
        if turned is not None:
            best, reason = turned, TURNED
        return PipReading(None, 0.0, reason, best.polarity, best.blobs, best.contrast,
                          best.fit_error)
    shapes = light_shapes[1] if light_shapes is not None and best is light_shapes[0] \
        else _pip_shapes(maps[best.polarity], best.blobs)
    elongation = _median([p.elongation for p in shapes])
    diameter = _median([p.diameter for p in shapes])
    if elongation > READER.smeared:
        return PipReading(None, 0.0, "blurred", best.polarity, best.blobs, best.contrast,
                          best.fit_error)
    if max(p.elongation for p in shapes) > READER.streak:
        # pips of one face look alike: a streak among round pips is a highlight on the body
        # (glare on a red die reads as a white pip) or a scratch, and the count is not sure
        return PipReading(None, 0.0, "unclear pips", best.polarity, best.blobs,
                          best.contrast, best.fit_error)
    if not READER.pip_size[0] <= diameter / CROP <= READER.pip_size[1]:
        # pips too large for the rectangle: it holds only part of a die (4 pips of a 6)
        return PipReading(None, 0.0, "pips out of scale", best.polarity, best.blobs,
                          best.contrast, best.fit_error)
    # Another shade's layout of another face makes the reading ambiguous: the belief in it,
    # or, for a reading that could be called, its layout but for a turn or a stray spot,
    # unless the reading's own layout runs along the die's edges. Between big pips the body
    # reads as pips of the other shade when the middle of the top, where the body colour is
    # taken, is mostly pip: a five's four gaps lie in a four turned on the five, and on a
    # square turned on the die (a region's axes, not the die's edges) that four runs along
    # the square and the five across it.
    if other.face is not None and other.face != best.face and (
            other.confidence > READER.both_shades
            or (best.confidence >= READER.resplit_below  # else no caller calls it anyway
                and _layout_elsewhere(found[other.polarity], surface, even_by_response,
                                      best.face)
                and not runs_along_edges(found[best.polarity][0], surface))):
        return PipReading(None, 0.0, "pips of both shades", best.polarity, best.blobs,
                          best.contrast, best.fit_error)
    return replace(best, elongation=elongation, spreads=tuple(p.spread for p in shapes))


def _pip_shapes(contrast: np.ndarray, blobs: Sequence[Blob]) -> list[PipShape]:
    """Each pip's shape (``pip_shape``) in a contrast map of the crop."""
    return [pip_shape(contrast, round(b.x + MARGIN), round(b.y + MARGIN)) for b in blobs]


def runs_along_edges(fit: LayoutFit, surface: np.ndarray) -> bool:
    """Whether a layout's rows run along the die's edges as the crop shows them: the
    direction that stands out among the changes of colour on the top (``surface``: distance
    from the body colour; ``edge_direction``), within ``READER.edge_agreement`` degrees.

    The die's straight edges against the table give that direction; round pips change colour
    in every direction alike and add nothing to it. None standing out (less than
    ``READER.edge_coherence`` of the changes agree) is no evidence for the layout.
    """
    # the top and its edges, not the margin: a photo's own edge, a board's grid lines
    lo, hi = MARGIN - READER.edge_reach, MARGIN + CROP + READER.edge_reach
    edges, coherence = edge_direction(surface[lo:hi, lo:hi])
    if coherence < READER.edge_coherence:
        return False
    dx, dy = (fit.lattice[5] - fit.lattice[3]).tolist()  # the middle row, left to right
    apart = abs(math.degrees(math.atan2(dy, dx)) % 90.0 - edges)
    return min(apart, 90.0 - apart) <= READER.edge_agreement


def edge_direction(image: np.ndarray, where: np.ndarray | None = None) -> tuple[float, float]:
    """The direction (degrees, 0..90) that stands out among an image's changes of level
    modulo a quarter turn, as a square's edges run, and how far it stands out (0..1: the share
    of the changes' strength that agrees with it).

    Each pixel's gradient (``gradient_votes``) votes with its strength for its direction times
    four, so that a square's four sides vote alike; ``where`` (a boolean mask) limits the
    voters.
    """
    return standing_out(*gradient_votes(image, where), turns=4)


def gradient_votes(image: np.ndarray, where: np.ndarray | None = None
                   ) -> tuple[np.ndarray, np.ndarray]:
    """Each pixel's gradient (Sobel) strength and direction (radians); ``where`` (a boolean
    mask) limits the pixels."""
    gx = cv2.Sobel(image, cv2.CV_32F, 1, 0)
    gy = cv2.Sobel(image, cv2.CV_32F, 0, 1)
    if where is not None:
        gx, gy = gx[where], gy[where]
    # np.hypot's numbers on whole-valued gradients (a grey patch's), at a quarter of its cost;
    # cv2.magnitude is cheaper still, but its last bit depends on where its output array
    # happens to lie in memory, so the same die could be read at two angles
    strength = np.sqrt(gx * gx + gy * gy)
    return strength, np.arctan2(gy, gx)


def standing_out(weight: np.ndarray, angle: np.ndarray, turns: int) -> tuple[float, float]:
    """The direction (degrees, modulo a ``turns``-th of a full turn) that gradients of these
    directions vote for, each with its ``weight`` (its strength, or a power of it) for its
    direction times ``turns``, and the share of the weight that agrees with it (0..1). Four
    turns: a square's four sides vote alike; two: a line's two sides do."""
    quad = angle * float(turns)
    z = complex(float((weight * np.cos(quad)).sum()), float((weight * np.sin(quad)).sum()))
    total = float(weight.sum())
    direction = float(np.degrees(math.atan2(z.imag, z.real) / turns)) % (360.0 / turns)
    return direction, abs(z) / total if total > 0.0 else 0.0


_Found = tuple[LayoutFit, list[Blob], list[Blob], float]  # _read_polarity's fit, pips, rest


def _turned_layout(found: _Found, surface: np.ndarray, even_by_response: bool) -> bool:
    """Whether a shade's layout, less believed for running across the crop's axes, is clear
    otherwise (fit, even pips, no rivals): the pips of a die the square is turned on."""
    fit, pips, weaker, peak = found
    return turn_belief(fit) < 1.0 and _confidence(
        fit, pips, weaker, peak, surface, even_by_response=even_by_response,
        along_axes=False) > READER.both_shades


def _layout_elsewhere(found: _Found, surface: np.ndarray, even_by_response: bool,
                      face: int | None) -> bool:
    """Whether one shade's pips clearly form the layout of another face than ``face`` but
    for its turn across the crop's axes (``_turned_layout``) or one stray spot among them (the
    white edge of a casino die's side face beside them)."""
    _, pips, weaker, peak = found
    if _turned_layout(found, surface, even_by_response):
        return True
    if not 4 <= len(pips) <= 7:
        return False  # any two spots left of three fit a two somewhere: that says nothing
    for i in range(len(pips)):
        rest = pips[:i] + pips[i + 1:]
        fit_rest = fit_layout(centres(rest))
        if fit_rest is not None and fit_rest.face != face and _confidence(
                fit_rest, rest, weaker, peak, surface, even_by_response=even_by_response,
                along_axes=False) > READER.both_shades:
            return True
    return False


def _median(values: list[float]) -> float:
    """The median as ``np.median`` computes it (mean of the middle two for an even count)."""
    ordered = sorted(values)
    mid = len(ordered) // 2
    if len(ordered) % 2:
        return ordered[mid]
    return (ordered[mid - 1] + ordered[mid]) / 2.0


def _rival_reach(face: int) -> float:
    """How far (lattice steps) the pips of ``face`` must be seen around it to tell it from a
    face whose layout holds it (a 4 from a 5 or a 6, a 2 from a 3): for each such face the
    farthest of its other pips from this face's nearest pip (one of them is enough to tell),
    the least of those over the faces; inf when no layout holds this one (5, 6).

    ``find_peaks`` drops a peak within ``READER.min_pip_gap`` of a pip it took: a pattern whose
    rival pips would lie that close (a six seen in a square twice its size, its middle pips
    beside its corners) leaves nothing for the rival test to see, and reads as a clean 4.
    """
    reach = math.inf
    for own in LAYOUTS[face]:
        mine = {tuple(p) for p in own.tolist()}
        for other in (v for f, variants in LAYOUTS.items() if f > face for v in variants):
            theirs = {tuple(p) for p in other.tolist()}
            if mine < theirs:
                reach = min(reach, max(min(math.dist(q, p) for p in mine)
                                       for q in theirs - mine))
    return reach


RIVAL_REACH = {face: _rival_reach(face) for face in LAYOUTS}  # 1-3: sqrt(2), 4: 1, 5-6: inf


def _confidence(fit: LayoutFit, pips: list[Blob], weaker: list[Blob], peak: float,
                surface: np.ndarray | None = None, *, even_by_response: bool = True,
                along_axes: bool = True) -> float:
    """Belief in a layout from fit error, even pip strength, rival peaks and contrast, and
    (``along_axes``) from its pips running along the crop's axes (``turn_belief``).

    Pips are even when the weakest has nearly the strongest one's contrast and, with
    ``even_by_response``, nearly its pip-shaped response too (``find_peaks``'s strength).
    """
    if fit.step * RIVAL_REACH[fit.face] * CROP / 2 <= READER.min_pip_gap:
        return 0.0  # a rival face's pips would lie so near these that find_peaks drops them
    fit_f = max(0.0, 1.0 - max(0.0, fit.error - READER.full_fit) / 0.4)
    strengths = [b.area for b in pips]
    contrasts = [b.contrast for b in pips]
    # real pips of one face look alike; a pip seen through a translucent body is fainter
    even = min(contrasts) / max(contrasts)
    if even_by_response:
        even = min(even, min(strengths) / max(strengths))
    even_f = max(0.0, min(1.0, (even - READER.even_from) / READER.even_span))
    turn_f = turn_belief(fit) if along_axes else 1.0
    if fit_f == 0.0 or even_f == 0.0 or turn_f == 0.0:
        return 0.0  # no belief whatever the rivals: spare looking for them
    rival = ambiguity(fit, pips, weaker, surface)
    amb_f = max(0.0, min(1.0, (READER.rival_to - rival) / READER.rival_span))
    con_f = max(0.0, min(1.0, (peak - READER.min_contrast) / 20.0))
    return float(fit_f * even_f * amb_f * turn_f * (0.5 + 0.5 * con_f))


def turn_belief(fit: LayoutFit) -> float:
    """Belief that a layout's pips run along the crop's axes, as the die's edges fix them."""
    return max(0.0, min(1.0, (30.0 - fit.turn) / 18.0))
