"""Find dice by their pips: groups of four to six round spots in a die's layout.

A white die on white paper has no colour region of its own, but it still shows its pips.
Round dark (or light) spots of pip size are found with a difference of Gaussians and linked
into groups of neighbours; each group of four to six spots spread in two directions (a 4, 5
or 6) proposes a die square from the spots' extent and direction. Three spots evenly spaced
on a line with no other spot around them (a 3) propose the square whose diagonal they are:
the same three in a 5's diagonal or a 6's column have that face's other pips within
``PHOTO.three_alone`` of the square they imply, and a 6 leaning on an edge (its columns shortened,
each linked on its own) shows its other column as a parallel row beside it. The proposal carries its
spot count (source ``"pips<n>"``): the reader accepts it only when it reads at least that many pips,
and a place only threes propose is never reported as an unreadable die (``vision.photo.finder``).
Ones and twos give too little to place a die.

May import numpy, OpenCV, ``vision.top.arrays``, ``.types``, ``.config``, ``vision.photo.sources``
and ``vision.photo.config``.
"""

from __future__ import annotations

import itertools
import math

import cv2
import numpy as np

from vision.photo.config import PHOTO
from vision.photo.sources import SPOTS
from vision.top.arrays import local_maxima, local_minima
from vision.top.config import READER
from vision.top.types import Candidate


def pip_groups(grey: np.ndarray, min_size: float, max_size: float) -> list[Candidate]:
    """Die squares proposed by groups of pip-like spots in a grey image.

    The size range is searched in bands ``PHOTO.level_ratio`` wide, each at its own pip scale and
    link reach: under one scale for all, the pips of a small die's column merge into one spot
    and a large die's pips lie too far apart to link. A band for large dice is searched on a
    reduced copy of the image, where its pips are about ``PHOTO.work_sigma`` across.

    Args:
        grey: the image's lightness (uint8 or float).
        min_size, max_size: die edge range in pixels.

    Returns:
        Candidates with source ``"pips<n>"``, n the number of spots that proposed them.
    """
    img = grey.astype(np.float32)
    out: list[Candidate] = []
    lo = max(1.0, min_size)
    while True:
        hi = min(max_size, lo * PHOTO.level_ratio)
        out.extend(_band(img, lo, hi))
        if hi >= max_size:
            return out
        lo = hi


def _band(img: np.ndarray, lo: float, hi: float) -> list[Candidate]:
    """Proposals for dice with edges in [lo, hi] (image pixels)."""
    typical = math.sqrt(lo * hi)
    sigma = PHOTO.pip_sigma * typical
    scale = min(1.0, PHOTO.work_sigma / sigma)
    if scale < 1.0:
        img = cv2.resize(img, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    out: list[Candidate] = []
    resp, window = dog_response(img, max(1.0, sigma * scale))
    dark_then_light = (response_spots(resp, window, dark=True), response_spots(resp, window))
    for spots in dark_then_light:
        if len(spots) > PHOTO.max_spots:
            continue
        groups = _link(spots, PHOTO.spot_link * typical * scale)
        for group in groups:
            cand = _square(spots[group] / scale, lo, hi)
            if cand is not None and (len(group) > 3 or (
                    _alone(cand, spots, group, scale) and not _paired(spots, group, groups))):
                out.append(cand)
    return out


def dog_response(img: np.ndarray, sigma: float) -> tuple[np.ndarray, int]:
    """A difference of Gaussians of ``img`` at pip scale ``sigma``, and the side of the
    window a spot must be the strongest in: light spots are its maxima, dark spots those of
    its negation, which is bit for bit the response of the negated image (the blurs are
    linear, and rounding is symmetric about zero)."""
    resp = cv2.GaussianBlur(img, (0, 0), sigma) - cv2.GaussianBlur(img, (0, 0), 2.5 * sigma)
    return resp, max(3, int(2 * sigma) | 1)


def response_spots(resp: np.ndarray, window: int, dark: bool = False) -> np.ndarray:
    """(x, y) of the local maxima of a ``dog_response`` above ``PHOTO.spot_min_response`` (light
    spots), or with ``dark`` those of its negation (its local minima below the negated floor,
    the same pixels without a negated copy of the image)."""
    if dark:
        ys, xs = local_minima(resp, window, -PHOTO.spot_min_response)
    else:
        ys, xs = local_maxima(resp, window, PHOTO.spot_min_response)
    return np.stack([xs, ys], axis=1).astype(np.float32).reshape(-1, 2)


def _link(spots: np.ndarray, reach: float) -> list[list[int]]:
    """Groups of spots joined by chains of neighbours closer than ``reach`` (3..6 spots)."""
    n = len(spots)
    if n == 0:
        return []
    near = np.linalg.norm(spots[:, None, :] - spots[None, :, :], axis=2) < reach
    label = list(range(n))

    def root(i: int) -> int:
        while label[i] != i:
            label[i] = label[label[i]]
            i = label[i]
        return i

    for i, j in zip(*np.nonzero(np.triu(near, 1)), strict=True):
        label[root(int(i))] = root(int(j))
    groups: dict[int, list[int]] = {}
    for i in range(n):
        groups.setdefault(root(i), []).append(i)
    return [g for g in groups.values() if 3 <= len(g) <= 6]


def _square(pts: np.ndarray, min_size: float, max_size: float) -> Candidate | None:
    """The die square whose pips these are: a 4, 5 or 6 spans two pip offsets both ways, a 3
    along its diagonal."""
    if len(pts) == 3:
        return _diagonal(pts, min_size, max_size)
    (cx, cy), (w, h), angle = cv2.minAreaRect(pts.reshape(-1, 1, 2))
    if min(w, h) < 0.6 * max(w, h):
        return None  # not a square pattern: a row of pips, or spots of two dice
    size = max(w, h) / READER.nominal_step  # two pip offsets: the pips' span over the edge
    if not min_size <= size <= max_size:
        return None
    return Candidate(float(cx), float(cy), size, size, float(angle), 0.0,
                     f"{SPOTS}{len(pts)}")


def _diagonal(pts: np.ndarray, min_size: float, max_size: float) -> Candidate | None:
    """The die square whose diagonal three spots are: evenly spaced on a line, the middle one
    at its centre, two pip offsets from corner pip to corner pip along each side."""
    row = _even_row(pts)
    if row is None:
        return None
    ends, middle, span = row
    size = span / (READER.nominal_step * math.sqrt(2))
    if not min_size <= size <= max_size:
        return None
    dx, dy = (float(v) for v in ends[1] - ends[0])
    angle = math.degrees(math.atan2(dy, dx)) - 45.0
    return Candidate(float(middle[0]), float(middle[1]), size, size, angle, 0.0, f"{SPOTS}3")


def _alone(cand: Candidate, spots: np.ndarray, group: list[int], scale: float) -> bool:
    """Whether no spot but the group's lies within ``PHOTO.three_alone`` die edges of its centre."""
    others = np.delete(spots, group, axis=0) / scale
    if len(others) == 0:
        return True
    nearest = float(np.hypot(others[:, 0] - cand.cx, others[:, 1] - cand.cy).min())
    return nearest >= PHOTO.three_alone * cand.w


def _even_row(pts: np.ndarray) -> tuple[np.ndarray, np.ndarray, float] | None:
    """Three spots' two ends, middle and span when they are evenly spaced on a line (the
    middle within ``PHOTO.in_line`` of the span from the ends' midpoint), else None."""
    far = np.linalg.norm(pts[:, None, :] - pts[None, :, :], axis=2)
    i, j = (int(v) for v in np.unravel_index(int(np.argmax(far)), far.shape))
    ends, middle = pts[[i, j]], pts[3 - i - j]
    span = float(far[i, j])
    if span == 0.0 or np.linalg.norm(middle - ends.mean(axis=0)) > PHOTO.in_line * span:
        return None
    return ends, middle, span


def _paired(spots: np.ndarray, group: list[int], groups: list[list[int]]) -> bool:
    """Whether another even row of three spots (in any other group) lies beside a three's,
    parallel and as long: the two are a 6's columns. A 6 leaning on an edge is foreshortened
    along its columns, so each column links on its own (or with a side face's pip) and
    implies a die too small for the other column to be near it (``_alone``)."""
    row = _even_row(spots[group])
    if row is None:
        return False
    (a, b), middle, span = row
    along = (b - a) / span
    spans, turned = PHOTO.pair_span, math.cos(math.radians(PHOTO.pair_turn))
    shifted, apart_most = PHOTO.pair_shift * span, PHOTO.pair_apart * span
    for other in groups:
        if other == group:
            continue
        for triple in itertools.combinations(other, 3):
            beside = _even_row(spots[list(triple)])
            if beside is None:
                continue
            (c, d), centre, other_span = beside
            if not spans[0] <= other_span / span <= spans[1]:
                continue
            if abs(float(np.dot(d - c, along))) < other_span * turned:
                continue
            offset = centre - middle
            shift = abs(float(np.dot(offset, along)))
            apart = abs(float(offset[0] * along[1] - offset[1] * along[0]))
            if shift <= shifted and apart <= apart_most:
                return True
    return False
