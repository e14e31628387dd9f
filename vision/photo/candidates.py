"""Find where dice may be in a photo: every die-like region, as ``Candidate`` squares.

One pass over the photo (or a copy shrunk so the smallest die is about ``PHOTO.search_px``): the
colour masks' and outlines' regions (``vision.photo.regions``), the groups of pip-like spots
(``vision.photo.pipgroups``), the second, more sensitive look (``faint_regions``) and the dice of
heaps of touching dice (``vision.photo.heaps``). Over a wide size range, the same again on a
half-size image for large dice (``larger_candidates``).

May import ``vision.top`` types, ``vision.photo.regions``, ``.heaps``, ``.pipgroups``, numpy
and OpenCV.
"""

from __future__ import annotations

import itertools

import cv2
import numpy as np

from vision.photo.config import PHOTO
from vision.photo.heaps import heap_parts
from vision.photo.pipgroups import pip_groups
from vision.photo.regions import (
    each_difference_mask,
    estimate_table,
    faint_regions,
    outline_mask,
    regions_and_heaps,
)
from vision.top.types import Candidate


def find_candidates(image_bgr: np.ndarray, min_size: float, max_size: float) -> list[Candidate]:
    """All die-like regions of a photo, possibly several per die (from different masks).

    Args:
        image_bgr: the photo.
        min_size, max_size: die edge range in pixels.

    Returns:
        Candidates, unsorted; the caller reads them and keeps the best per place.
    """
    scale = min(1.0, PHOTO.search_px / max(min_size, 1.0))  # search big dice on a smaller image
    if scale < 1.0:
        image_bgr = cv2.resize(image_bgr, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        min_size, max_size = min_size * scale, max_size * scale
    lab = cv2.cvtColor(image_bgr, cv2.COLOR_BGR2LAB)
    table = estimate_table(lab, max_size)
    out: list[Candidate] = []
    heaps: list[tuple[np.ndarray, str]] = []
    # one image-sized mask at a time, the outlines' last
    masks = itertools.chain(each_difference_mask(lab, table),
                            (("edges", outline_mask(lab[:, :, 0], min_size)) for _ in (0,)))
    for name, mask in masks:
        found, outlines = regions_and_heaps(mask, min_size, max_size, name)
        out.extend(found)
        heaps.extend((c, name) for c in outlines)
    out.extend(pip_groups(lab[:, :, 0], min_size, max_size))
    out.extend(faint_regions(lab, table, min_size, max_size, out))
    out.extend(heap_parts(heaps, out, lab.shape[:2]))
    if scale < 1.0:
        out = [Candidate(c.cx / scale, c.cy / scale, c.w / scale, c.h / scale, c.angle, c.fill,
                         c.source) for c in out]
    return out


def larger_candidates(image_bgr: np.ndarray, min_size: float, max_size: float
                      ) -> list[Candidate]:
    """The candidates of dice ``PHOTO.octave`` times ``min_size`` and larger, found on an image of
    half the size; none when the range is too narrow for it (under twice that).

    The masks' clean-up, the outline detector and the pip spots work at pixel scale, best for
    dice near ``PHOTO.search_px``: a die several times larger has softer edges per pixel and pips
    as big as a small die. On the half-size image a large die looks as a small one does on
    the whole, so a finder asked for a wide range of sizes looks there too (a pyramid).
    """
    if max_size < 2 * PHOTO.octave * min_size:
        return []
    half = cv2.resize(image_bgr, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
    sx, sy = image_bgr.shape[1] / half.shape[1], image_bgr.shape[0] / half.shape[0]
    # half-size pixel centres: x -> sx * (x + 0.5) - 0.5 on the whole image
    return [Candidate(sx * (c.cx + 0.5) - 0.5, sy * (c.cy + 0.5) - 0.5, c.w * sx, c.h * sy,
                      c.angle, c.fill, c.source)
            for c in find_candidates(half, PHOTO.octave * min_size / 2.0, max_size / 2.0)]
