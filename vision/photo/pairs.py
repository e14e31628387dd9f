"""Find small dice showing a two by its pips: two dark pip-like spots on a die's diagonal at
the centre of a die-sized region where no die was found.

``vision.photo.pipgroups`` proposes dice from three to six spots: two spots are too little to
place a die anywhere on a photo (any two marks of the table are two spots). A small white two
(dark pips) on a light table may show no region that reads, though: its region takes in a side
face or its shadow, and the squares made from it hold one of its pips, or both off their
centre. At such a region (``vision.photo.finder.read_place_or_pair``), two dark spots of pip
size, alike, apart as a two's corner pips are, with no other spot near (a larger face's pips),
whose midpoint lies at the region's centre, propose the square whose diagonal they are (source
``"pips2"``): the finder accepts it only when it reads at least two pips, surely
(``vision.photo.finder.calls_face``).

May import numpy, OpenCV, ``vision.top.config``, ``.types``, ``vision.photo.config``,
``.sources`` and ``.pipgroups``.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from vision.photo.config import PHOTO
from vision.photo.pipgroups import dog_response, response_spots
from vision.photo.sources import SPOTS
from vision.top.config import READER
from vision.top.types import Candidate

_DIAGONAL = READER.nominal_step * math.sqrt(2.0)  # a two's pips apart, in die edges


def pairs_at(image_bgr: np.ndarray, region: Candidate) -> list[Candidate]:
    """Squares proposed by two dark spots at the centre of a die-sized ``region`` (up to
    ``PHOTO.pair_largest`` px), for dice ``PHOTO.pair_region`` times its size: spots found in a
    window around it as ``pip_groups`` finds them (the lightness' difference of Gaussians at
    the band's pip scale), so that only the places that need them pay for them."""
    low, high = (k * region.size for k in PHOTO.pair_region)
    high = min(high, PHOTO.pair_largest)
    if region.size > PHOTO.pair_largest or low >= high:
        return []
    sigma = PHOTO.pip_sigma * math.sqrt(low * high)
    reach = round(high + 5 * sigma)  # the window: the die and the ground of its pips' blur
    x0, y0 = max(0, round(region.cx) - reach), max(0, round(region.cy) - reach)
    window = image_bgr[y0:round(region.cy) + reach + 1, x0:round(region.cx) + reach + 1]
    if min(window.shape[:2]) < 3:
        return []
    grey = cv2.cvtColor(window, cv2.COLOR_BGR2LAB)[:, :, 0].astype(np.float32)
    resp, size = dog_response(grey, max(1.0, sigma))
    spots = response_spots(resp, size, dark=True)
    if not 2 <= len(spots) <= PHOTO.max_spots:
        return []
    strength = -resp[spots[:, 1].astype(int), spots[:, 0].astype(int)]
    place = np.array([[region.cx - x0, region.cy - y0, region.size]])
    return [Candidate(c.cx + x0, c.cy + y0, c.w, c.h, c.angle, c.fill, c.source)
            for c in _pairs(spots, strength, low, high, place)]


def _pairs(spots: np.ndarray, strength: np.ndarray, lo: float, hi: float,
           places: np.ndarray) -> list[Candidate]:
    """The squares of the pairs of ``spots`` a two's diagonal apart for [lo, hi], alike (the
    weaker's ``strength`` ``PHOTO.pair_even`` of the stronger's or more: a one's large pip and a
    side face's small one are not), alone (no third spot within ``PHOTO.three_alone`` edges of
    their midpoint) and centred on a region (``_on_region``)."""
    apart = np.linalg.norm(spots[:, None, :] - spots[None, :, :], axis=2)
    ratio = np.minimum.outer(strength, strength) / np.maximum.outer(strength, strength)
    pairs = (apart >= _DIAGONAL * lo) & (apart <= _DIAGONAL * hi) & (ratio >= PHOTO.pair_even)
    out = []
    for i, j in zip(*np.nonzero(np.triu(pairs, 1)), strict=True):
        size = float(apart[i, j]) / _DIAGONAL
        middle = (spots[i] + spots[j]) / 2.0
        near = np.hypot(spots[:, 0] - middle[0], spots[:, 1] - middle[1]) < PHOTO.three_alone * size
        if np.count_nonzero(near) > 2 or not _on_region(middle, size, places):
            continue
        dx, dy = (float(v) for v in spots[j] - spots[i])
        out.append(Candidate(float(middle[0]), float(middle[1]), size, size,
                             math.degrees(math.atan2(dy, dx)) - 45.0, 0.0, f"{SPOTS}2"))
    return out


def _on_region(middle: np.ndarray, size: float, places: np.ndarray) -> bool:
    """Whether a region (x, y, size rows) lies centred within ``PHOTO.pair_centre`` of ``size``
    of ``middle``."""
    xs, ys, _ = places.T
    return bool(np.any(np.hypot(xs - middle[0], ys - middle[1]) <= PHOTO.pair_centre * size))
