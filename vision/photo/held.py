"""Dice held in a hand: a die in the fingers is not on the table, and gives no reading.

A player holding a die is still rolling or placing it, and the face the camera sees then is
no move. In a single photo the hand is what tells: a region of skin's colour
(``vision.board.hand.skin_mask``) many times a die's area, around the die. Skin's colour range also
takes in wooden tables, and ``skin_mask`` tells the table by its low saturation only while
the least saturated tenth of the view is table, not white dice. So only skin that differs
from the table's own colour counts; the table is the view's median colour, as dice and hands
cover less than half of a view of the table. A hand that fills more than half of the view is
taken for the table, and nothing is dropped: the check errs towards reading.

May import ``vision.top.skin``, ``vision.top.arrays``, ``vision.photo.config``, OpenCV and
numpy.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.photo.config import PHOTO
from vision.top.arrays import percentile_u8
from vision.top.skin import skin_mask


def held(image_bgr: np.ndarray, places: list[tuple[float, float, float]]) -> list[bool]:
    """Whether each die, given as (centre x, centre y, edge) in pixels of ``image_bgr``, is
    held in a hand: ``PHOTO.held_share`` of the square twice its edge about its centre is hand."""
    scale = PHOTO.held_work_scale
    if not places or min(image_bgr.shape[:2]) * scale < 1:
        return [False] * len(places)  # nothing to check, or an image too small to halve
    small = cv2.resize(image_bgr, None, fx=scale, fy=scale,
                       interpolation=cv2.INTER_AREA)
    hand = hand_mask(small)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(hand, connectivity=8)
    if count <= 1:
        return [False] * len(places)
    areas = stats[:, cv2.CC_STAT_AREA]
    rows, cols = labels.shape
    out = []
    for x, y, size in places:
        x, y, edge = x * scale, y * scale, size * scale
        x0, x1 = max(0, int(x - edge)), min(cols, int(x + edge) + 1)
        y0, y1 = max(0, int(y - edge)), min(rows, int(y + edge) + 1)
        window = labels[y0:y1, x0:x1]
        if window.size == 0:
            out.append(False)
            continue
        large = areas >= PHOTO.hand_area * edge * edge
        large[0] = False  # label 0 is everything that is not skin
        out.append(bool(large[window].mean() >= PHOTO.held_share))
    return out


def hand_mask(image_bgr: np.ndarray) -> np.ndarray:
    """255 where the image shows skin's colour and not the table's (``PHOTO.table_apart``), with
    specks thinner than 3 px opened away; else 0."""
    lab = cv2.cvtColor(image_bgr, cv2.COLOR_BGR2LAB)
    table = np.array([percentile_u8(channel, 50) for channel in cv2.split(lab)], np.float32)
    apart = colour_distance(lab, table) > PHOTO.table_apart
    hand = cv2.bitwise_and(skin_mask(image_bgr), apart.astype(np.uint8) * 255)
    return cv2.morphologyEx(hand, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))


_CHANNEL_SUM = np.ones((1, 3), np.float32)  # cv2.transform's matrix: the sum of 3 channels


def colour_distance(lab: np.ndarray, colour: np.ndarray) -> np.ndarray:
    """Each pixel's distance from ``colour`` in Lab, the sum of its three channels'
    differences (float32): ``np.abs(lab.astype(np.float32) - colour).sum(axis=2)``.

    The differences of 8-bit levels from a colour in whole or half levels, and their sums,
    are exact in float32 in any order, so OpenCV's per-pixel arithmetic gives numpy's
    numbers, at a tenth of the cost of its sum along the channels."""
    # the colour as a Scalar, a tuple, which OpenCV's stubs do not list
    diff = cv2.absdiff(lab.astype(np.float32), (*colour.tolist(), 0.0))  # type: ignore[call-overload]
    distance: np.ndarray = cv2.transform(diff, _CHANNEL_SUM)
    return distance
