"""A two whose pips run into each other along its diagonal (``joined_two``): not a two.

A two's pips are two separate discs with plain body between them, along the diagonal where a
three's and a five's middle pip lie. Where the contrast of the pips' shade stays high all
along the middle of that diagonal (``PHOTO.joined_span`` of the way from one pip, at least
``PHOTO.joined_two`` of the weaker pip's contrast), the top holds more than two pips between
them (a small five: its middle pip and its body run together) or one band whose ends were
read as pips.

May import ``vision.photo.config``, ``vision.top`` and numpy / OpenCV.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.photo.config import PHOTO
from vision.top.pips import body_difference, body_lab, contrast_maps, hue_contrast
from vision.top.types import MARGIN, PipReading

_SAMPLES = 9  # points along the middle of the diagonal


def joined_two(view_bgr: np.ndarray, reading: PipReading) -> bool:
    """Whether a reading of two pips (of the top ``view_bgr`` as ``vision.photo.finder.view``
    warps it) has them joined: the contrast of its shade (the lightness split, or hue, from the
    body colour it was read against) at least ``PHOTO.joined_two`` of the weaker pip's
    everywhere along the middle of the line between them."""
    if len(reading.blobs) != 2:
        return False
    contrast = _shade_map(view_bgr, reading)
    if contrast is None:
        return False
    a, b = reading.blobs
    floor = PHOTO.joined_two * min(a.contrast, b.contrast)
    high, wide = contrast.shape
    first, last = PHOTO.joined_span
    for t in np.linspace(first, last, _SAMPLES).tolist():
        x = min(max(round(a.x + MARGIN + t * (b.x - a.x)), 0), wide - 1)
        y = min(max(round(a.y + MARGIN + t * (b.y - a.y)), 0), high - 1)
        if float(contrast[y, x]) < floor:
            return False
    return True


def _shade_map(view_bgr: np.ndarray, reading: PipReading) -> np.ndarray | None:
    """The contrast map of the reading's shade from the body colour it was read against."""
    lab = cv2.cvtColor(view_bgr, cv2.COLOR_BGR2LAB)
    body = reading.body if reading.body is not None else body_lab(lab)
    diff, dist = body_difference(lab, body)
    if reading.polarity == "hue":
        return hue_contrast(diff)
    return contrast_maps(diff, dist).get(reading.polarity)


__all__ = ["joined_two"]
