"""Glare on a glossy die: highlights that are no pips, and the faces they could hide.

A specular highlight on a glossy or translucent die (most often a red one) is as light as a
white pip, and where it crosses the pip zone the peak finder takes pieces of it for pips: a
two with a streak beside it reads as three corners of nothing, a one ringed by arcs as a
four. A pip is a disc: at half its own contrast it is a compact region about a fifth of the
die across. A highlight is a streak or an arc: at half its contrast its region is long and
thin (``READER.glare_elongation``, ``READER.glare_length``), no wider than a pip along its length
(``READER.glare_width``).

``split_glare`` takes the peaks on such regions out of the pips and out of the rival peaks
and returns the regions. Glare may hide a pip under it, so a layout fitted to the pips left
is called only when no other face's layout holds them with its other pips all under the
glare (``hidden_faces``). A pip under a highlight widens it, which tells where one lies:
- a peak where the glare is far deeper than along the rest of its streak, and as light as
  the pips off the glare, is a pip under it (``_under_glare``): a streak through a three's
  middle pip reads as a three (nell 112933), not as a two with a highlight where the
  three's middle would lie, which abstains;
- a peak drawn out along the streak, no deeper than the rest of it, shows that no pip lies
  there: its disc hides no other face's pip (``_without_discs``);
- around a lone pip only glare as wide as a pip hides a three's outer pips.

Works on the reader's crops (``vision.top.pips``: ``VIEW`` px, the top in the middle
``CROP``); may import numpy, OpenCV, ``vision.top.config``, ``vision.top.moments`` and
``vision.top.pip_shape``.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Protocol

import cv2
import numpy as np

from vision.top.config import READER
from vision.top.moments import principal_variances
from vision.top.pip_shape import is_streak


class Peak(Protocol):
    """A peak in die-top pixels (``vision.top.pips.Blob``)."""

    @property
    def x(self) -> float: ...

    @property
    def y(self) -> float: ...


def streak_region(contrast: np.ndarray, peak: Peak, margin: int, crop: int) -> np.ndarray | None:
    """The region above half the contrast at ``peak`` that holds it, when it is a highlight:
    strong (``READER.glare_contrast``), and a streak or an arc (long: ``READER.glare_length`` of the
    die edge ``crop``, and thin: ``READER.glare_elongation``, ``READER.glare_width``); None for a
    pip-like or faint region, or a light surface (matteop65: a label's white, as long as a streak).

    Args:
        contrast: a contrast map of the crop (``VIEW`` px square).
        peak: the peak, in die-top pixels (``margin`` px inside the crop's corner).
    """
    x, y = round(peak.x + margin), round(peak.y + margin)
    if float(contrast[y, x]) < READER.glare_contrast:
        return None
    level = 0.5 * float(contrast[y, x])
    above = (contrast > level).astype(np.uint8)
    _, labels, stats, _ = cv2.connectedComponentsWithStats(above, connectivity=8)
    label = int(labels[y, x])
    if label == 0:
        return None
    width, height = int(stats[label, cv2.CC_STAT_WIDTH]), int(stats[label, cv2.CC_STAT_HEIGHT])
    if math.hypot(width, height) < READER.glare_length * crop:
        return None  # its box is too small to hold a region that long: the common case
    region: np.ndarray = labels == label
    major, minor = principal_variances(cv2.moments(region.astype(np.uint8), binaryImage=True))
    length = 4.0 * math.sqrt(major)  # the long axis of the ellipse of the same moments
    if length < READER.glare_length * crop or math.sqrt(major / minor) < READER.glare_elongation:
        return None
    if int(stats[label, cv2.CC_STAT_AREA]) > READER.glare_width * crop * length:
        return None  # as wide as a pip or wider along its length: a light surface
    return region


def split_glare(contrast: np.ndarray, pips: Sequence[Peak], weaker: Sequence[Peak], margin: int,
                crop: int) -> tuple[list[int], list[int], np.ndarray | None]:
    """(indices of the pips that are not glare, those off it and those under it, indices of
    the weaker peaks that lie off the glare, the glare's mask where a pip may hide under it,
    or None when no pip lies on glare)."""
    glare: np.ndarray | None = None
    kept = []
    for i, p in enumerate(pips):
        if glare is not None and _on(glare, p, margin):
            continue  # on a streak already found (several peaks lie along one)
        region = streak_region(contrast, p, margin, crop)
        if region is None:
            kept.append(i)
        else:
            glare = region if glare is None else glare | region
    if glare is None:
        return kept, list(range(len(weaker))), None
    # a pip kept before a later pip's streak, which holds it, was found
    kept = [i for i in kept if not _on(glare, pips[i], margin)]
    off = [i for i, w in enumerate(weaker) if not _on(glare, w, margin)]
    wide = _widened(glare, crop)
    under = _under_glare(contrast, pips, kept, wide, margin)
    streaks = [p for i, p in enumerate(pips) if i not in kept and i not in under
               and is_streak(contrast, round(p.x + margin), round(p.y + margin))]
    return sorted(kept + under), off, _without_discs(glare, streaks, margin, crop)


def _without_discs(glare: np.ndarray, peaks: Sequence[Peak], margin: int,
                   crop: int) -> np.ndarray:
    """The glare less a pip's disc (``READER.glare_pip_clear``) and ``READER.glare_hiding_reach``
    around each of ``peaks``: peaks on the glare drawn out along it, no wider there than along the
    rest of it, where a pip would have widened it and rounded the peak: none hides there."""
    out = glare.astype(np.uint8)
    radius = round(READER.glare_pip_clear * crop + READER.glare_hiding_reach)
    for p in peaks:
        cv2.circle(out, (round(p.x + margin), round(p.y + margin)), radius, (0,), -1)
    return out > 0


def _under_glare(contrast: np.ndarray, pips: Sequence[Peak], kept: list[int],
                 wide: np.ndarray, margin: int) -> list[int]:
    """Indices of the pips on the glare that are pips under it: where it is widened to a
    pip's depth (``_widened``), and at least as light as every pip ``kept`` off it (glare
    only adds light to a pip; a printed mark or a side face's pip seen through the body is
    fainter)."""
    if not kept:
        return []
    floor = min(_level(contrast, pips[i], margin) for i in kept)
    return [i for i, p in enumerate(pips) if i not in kept and _on(wide, p, margin)
            and _level(contrast, p, margin) >= floor]


def _level(contrast: np.ndarray, peak: Peak, margin: int) -> float:
    return float(contrast[round(peak.y + margin), round(peak.x + margin)])


def _widened(glare: np.ndarray, crop: int) -> np.ndarray:
    """Where the glare is deep enough to hold a pip: ``READER.glare_pip_depth`` of the die edge from
    its outline, and ``READER.glare_widened`` times as deep as along most of its streak (the median
    depth of its ridge, the local maxima of that depth): a pip under a highlight widens it."""
    mask = glare.astype(np.uint8)
    # regions lie a background pixel apart at least: one transform and one 3x3 look serve all
    depth = cv2.distanceTransform(mask, cv2.DIST_L2, 5)
    ridge = glare & (depth >= cv2.dilate(depth, np.ones((3, 3), np.uint8)))
    count, labels = cv2.connectedComponents(mask, connectivity=8)
    out = np.zeros(glare.shape, bool)
    for label in range(1, count):
        region = labels == label
        along = float(np.median(depth[ridge & region]))
        out |= region & (depth >= max(READER.glare_pip_depth * crop, READER.glare_widened * along))
    return out


def _on(mask: np.ndarray, peak: Peak, margin: int) -> bool:
    """Whether a peak (die-top pixels) lies on a mask over the crop."""
    return bool(mask[round(peak.y + margin), round(peak.x + margin)])


def _symmetries() -> list[tuple[int, ...]]:
    """The eight symmetries of the 3x3 lattice (quarter turns, mirrored or not), as
    permutations of its points' indices in ``vision.top.pips.GRID``'s order (row by row,
    x fastest)."""
    points = [(x, y) for y in (-1, 0, 1) for x in (-1, 0, 1)]
    maps = []
    for turn, mirror in itertools.product(range(4), (False, True)):
        perm = []
        for x, y in points:
            if mirror:
                x = -x
            for _ in range(turn):
                x, y = -y, x
            perm.append(points.index((x, y)))
        maps.append(tuple(perm))
    return maps


_SYMMETRIES = _symmetries()


def hidden_faces(face: int, lattice: np.ndarray, free: tuple[int, ...],
                 layouts: dict[int, list[set[int]]], glare: np.ndarray, margin: int,
                 crop: int, scale_range: tuple[float, float]) -> set[int]:
    """The faces other than ``face`` that the pips read could belong to with their other
    pips hidden under the glare.

    Args:
        face, lattice, free: the layout fitted to the pips off the glare (``LayoutFit``):
            its 3x3 lattice points in crop units (-1..1) and the indices of those it leaves
            empty.
        layouts: each face's layouts as sets of lattice indices.
        glare: the glare's mask over the crop (``split_glare``).
        scale_range: the spread of a die top's pips (pip offset / half the crop): a lone
            pip fixes no lattice, so any pair of glare points on either side of it, beyond its own
            disc (``READER.glare_pip_clear``) and out to the largest spread, where the glare is as
            wide as a pip (``READER.glare_pip_core``), could be a three's other pips.
    """
    near = np.ones((2 * READER.glare_hiding_reach + 1,) * 2, np.uint8)
    half = crop / 2.0
    if face == 1:  # a five holds a three's pips: it is hidden only where a three is
        # where a pip lies under a highlight, it widens it (it is as light): an arc that only
        # passes a three's outer pips' places is thinner than they are (nell 111847: a one
        # with a glossy arc on each side)
        disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * READER.glare_pip_core + 1,) * 2)
        core = cv2.dilate(cv2.erode(glare.astype(np.uint8), disc), near)
        return {3} if _symmetric_pair(core > 0, lattice[4], half, margin, scale_range) \
            else set()
    reach = cv2.dilate(glare.astype(np.uint8), near)
    held = set(range(9)) - set(free)
    points = [(round(x * half + half + margin), round(y * half + half + margin))
              for x, y in lattice.tolist()]
    side = reach.shape[0]
    hidden = set()
    for other, variants in layouts.items():
        if other == face:
            continue
        for layout, perm in itertools.product(variants, _SYMMETRIES):
            turned = {perm[i] for i in layout}
            if held <= turned and all(0 <= points[i][0] < side and 0 <= points[i][1] < side
                                      and reach[points[i][1], points[i][0]]
                                      for i in turned - held):
                hidden.add(other)
                break
    return hidden


def _symmetric_pair(reach: np.ndarray, centre: np.ndarray, half: float, margin: int,
                    scale_range: tuple[float, float]) -> bool:
    """Whether glare lies on both sides of a lone pip, point for point, at a distance a
    three's outer pips could lie at: a three hidden but for its middle pip."""
    cx, cy = centre.tolist()
    cx, cy = cx * half + half + margin, cy * half + half + margin
    ys, xs = np.nonzero(reach)
    rx, ry = np.rint(2 * cx - xs).astype(int), np.rint(2 * cy - ys).astype(int)
    side = reach.shape[0]
    inside = (rx >= 0) & (rx < side) & (ry >= 0) & (ry < side)
    if not inside.any():
        return False
    both = np.zeros_like(inside)
    both[inside] = reach[ry[inside], rx[inside]]
    # out to a three's corners at the largest spread (sqrt(2) times the pip offset along
    # the lattice's axes), from just beyond the middle pip: a square larger than the die
    # shows the die's three smaller than any spread a reading of it would accept
    dist = np.hypot(xs - cx, ys - cy)
    near, far = READER.glare_pip_clear * 2.0 * half, scale_range[1] * math.sqrt(2.0) * half
    return bool((both & (dist >= near) & (dist <= far)).any())
