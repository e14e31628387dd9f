"""The glare-streak veto: a face called with a highlight streak across its pips is not called.

A specular highlight on a glossy die is a long, thin streak as light as a white pip. The
reader takes pieces of it for pips, or reads past it (``vision.top.glare``), but where the
streak crosses the places a face's pips lie, it may hide a pip or pass for one: a red four
with a streak through its middle reads as a five. A confident wrong face is the worst
outcome, so a reading with such a streak abstains ("glare") unless its pips are read clearly
around it.

``glare_streak`` finds the streak on the light side of the top's contrast from its body
colour (``READER.veto_level``), in the square the face's pips lie in (``pip_zone``; a glint
along the die's rounded edge lies beyond it): a region that stays long
(``READER.veto_length``) and thin (``READER.veto_elongation``) once the discs of the pips read
are taken out of it, so that a pip's rim or a row of light pips run together on a small or
soft die is no streak. ``crossed_by_glare`` then abstains when the streak

- is deep enough to hold a pip (``READER.glare_pip_depth`` of the edge from its outline: a pip
  under a highlight widens it) and as light as the pips (``READER.veto_hiding_light``) where
  another face's pips would show (``vision.top.glare.hidden_faces``), or
- runs through a pip read (the pip lies in the streak's bright region) that is not clearly a
  pip under it: a pip widens a streak that crosses it to a pip's depth
  (``READER.glare_pip_depth``, ``READER.veto_widened`` times the streak's own), and is as
  light and as large as the pips read off the streak; a piece of the streak read as a pip is
  not.

A streak that crosses the top between the pips, away from every place another face could
use, leaves the reading as it is.

Works on the reader's crops (``VIEW`` px, the top in the middle ``CROP``); may import numpy,
OpenCV, ``vision.top.config``, ``.types``, ``.moments``, ``.glare`` and ``.pips``.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from vision.top.config import READER
from vision.top.glare import hidden_faces
from vision.top.moments import principal_variances
from vision.top.pips import (
    LAYOUT_INDICES,
    body_difference,
    body_lab,
    centres,
    contrast_maps,
    fit_layout,
)
from vision.top.types import CROP, MARGIN, VIEW, Blob, PipReading

GLARE = "glare"  # the reason a reading crossed by a streak abstains with


def crossed_by_glare(crop_bgr: np.ndarray, reading: PipReading) -> bool:
    """Whether a called reading of a ``VIEW`` px die top has a highlight streak across its
    pips (``glare_streak``) that lies where another face's pips would, or runs through a pip
    read that is not clearly a pip under it (``_clearly_pip``).

    Args:
        crop_bgr: the die top as ``read_top`` read it.
        reading: its reading; one without a face is never crossed.
    """
    if reading.face is None or not reading.blobs or crop_bgr.shape[:2] != (VIEW, VIEW):
        return False
    fit = fit_layout(centres(reading.blobs))
    if fit is None or not math.isfinite(fit.error):
        return False
    lab = cv2.cvtColor(crop_bgr, cv2.COLOR_BGR2LAB)
    body = reading.body if reading.body is not None else body_lab(lab)
    light = contrast_maps(*body_difference(lab, body))["light"]
    bright = (light > READER.veto_level) & pip_zone(fit.lattice)
    pips = centres(reading.blobs) + MARGIN
    streak = glare_streak(bright, pips)
    if streak is None:
        return False
    depth = cv2.distanceTransform(bright.astype(np.uint8), cv2.DIST_L2, 5)
    deep = _could_hide(streak, depth, light, reading)
    if deep.any() and hidden_faces(reading.face, fit.lattice, fit.free, LAYOUT_INDICES, deep,
                                   MARGIN, CROP, READER.scale_range):
        return True
    touched = _touched(streak, bright, pips)
    if reading.polarity == "dark" or not any(touched):  # glare passes for light pips only
        return False
    off = [b for b, t in zip(reading.blobs, touched, strict=True) if not t]
    return not all(_clearly_pip(depth, streak, b, off)
                   for b, t in zip(reading.blobs, touched, strict=True) if t)


def _could_hide(streak: np.ndarray, depth: np.ndarray, light: np.ndarray,
                reading: PipReading) -> np.ndarray:
    """Where a pip could lie under the streak: as deep as a pip (``depth``, the distance from the
    bright region's outline: ``READER.glare_pip_depth`` of the edge) and, over light pips, as light
    as they are (``READER.veto_hiding_light`` of the faintest's contrast): glare fainter than a
    white pip leaves the pip under it lighter still, a spot a reader would see."""
    deep: np.ndarray = streak & (depth >= READER.glare_pip_depth * CROP)
    if reading.polarity == "light":
        deep &= light >= READER.veto_hiding_light * min(b.contrast for b in reading.blobs)
    return deep


def pip_zone(lattice: np.ndarray) -> np.ndarray:
    """Where a face's pips lie (a ``VIEW`` px mask): the square of the fitted layout's corner
    points (``lattice``, crop units -1..1) grown ``READER.veto_zone`` times about its centre."""
    half = CROP / 2.0
    centre = lattice[4]
    grown = centre + READER.veto_zone * (lattice[[0, 2, 8, 6]] - centre)
    zone = np.zeros((VIEW, VIEW), np.uint8)
    cv2.fillConvexPoly(zone, np.rint(grown * half + half + MARGIN).astype(np.int32), (1,))
    return zone > 0


def glare_streak(bright: np.ndarray, pips: np.ndarray) -> np.ndarray | None:
    """The mask of the highlight streaks among the ``bright`` pixels (lighter than the body by
    ``READER.veto_level``, in ``pip_zone``), or None for none: the parts of a bright region off
    the pips' discs (``READER.veto_pip_clear`` of the edge around each of ``pips``, crop pixels)
    that are, together, long and thin (``_long_and_thin``) and ``READER.veto_area`` edges in
    area. A streak through a pip leaves a piece on each side of it; a row of light pips run
    together leaves no more than the narrow necks between them."""
    off = np.ones(bright.shape, np.uint8)
    for x, y in pips.tolist():
        cv2.circle(off, (round(x), round(y)), round(READER.veto_pip_clear * CROP), (0,), -1)
    count, labels = cv2.connectedComponents(bright.astype(np.uint8), connectivity=8)
    out = np.zeros(bright.shape, bool)
    for label in range(1, count):
        rest = (labels == label) & (off > 0)
        if np.count_nonzero(rest) >= READER.veto_area * CROP and _long_and_thin(rest):
            out |= rest
    return out if out.any() else None


def _long_and_thin(region: np.ndarray) -> bool:
    """Whether a region's ellipse of equal moments is ``READER.veto_length`` of the edge long and
    ``READER.veto_elongation`` times as long as wide."""
    m = cv2.moments(region.astype(np.uint8), binaryImage=True)
    major, minor = principal_variances(m)
    return (4.0 * math.sqrt(major) >= READER.veto_length * CROP
            and math.sqrt(major / minor) >= READER.veto_elongation)


def _touched(streak: np.ndarray, bright: np.ndarray, pips: np.ndarray) -> list[bool]:
    """For each pip (crop pixels), whether the streak runs through it: the pip lies in a
    ``bright`` region that holds a part of the streak. A streak that only passes beside a pip
    leaves it round and apart."""
    _, labels = cv2.connectedComponents(bright.astype(np.uint8), connectivity=8)
    crossed = set(np.unique(labels[streak]).tolist()) - {0}
    return [int(labels[round(y), round(x)]) in crossed for x, y in pips.tolist()]


def _clearly_pip(depth: np.ndarray, streak: np.ndarray, pip: Blob, off: list[Blob]) -> bool:
    """Whether a pip a streak touches is a pip under it: the bright region (``depth``: its
    distance transform) is a pip's depth there (``READER.glare_pip_depth`` of the edge, and
    ``READER.veto_widened`` times the streak's median depth along its ridge), and, beside the
    pips ``off`` the streak, ``READER.veto_pip_share`` as light as the faintest and as deep as
    the shallowest: a highlight's hot spot on the streak is smaller than the pips it passes for,
    a pip under glare no smaller."""
    ridge = streak & (depth >= cv2.dilate(depth, np.ones((3, 3), np.uint8)))
    along = float(np.median(depth[ridge])) if ridge.any() else 0.0
    here = _depth_at(depth, pip)
    if here < max(READER.glare_pip_depth * CROP, READER.veto_widened * along):
        return False
    share = READER.veto_pip_share
    return not off or (pip.contrast >= share * min(b.contrast for b in off)
                       and here >= share * min(_depth_at(depth, b) for b in off))


def _depth_at(depth: np.ndarray, pip: Blob) -> float:
    """The depth map's value at a pip's centre (crop pixels)."""
    return float(depth[round(pip.y + MARGIN), round(pip.x + MARGIN)])
