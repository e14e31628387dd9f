"""Skin's colour in a BGR image, for the two checks that look for a hand: the board's hand over
the board (``vision.board.hand``) and the photo finder's die held in a hand
(``vision.photo.held``).

May import ``vision.top.arrays``, ``vision.top.config``, OpenCV and numpy.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.top.arrays import at_least, percentile_u8
from vision.top.config import SKIN

_SKIN_LOW = np.array(SKIN.low_ycrcb, np.uint8)  # as cv2.inRange takes them
_SKIN_HIGH = np.array(SKIN.high_ycrcb, np.uint8)


def skin_mask(image_bgr: np.ndarray) -> np.ndarray:
    """255 where a BGR image shows skin's colour, lit and more saturated than the paper or
    table (the least saturated thing in view), after ``white_balance``; else 0."""
    balanced = white_balance(image_bgr)
    return balanced_skin(balanced, *saturation_and_value(balanced))


def white_balance(image: np.ndarray) -> np.ndarray:
    """Scale the channels so the paper (the brightest colours in view) comes out neutral.

    A warm or cold light shifts skin out of the skin-colour range; dividing the cast out
    brings it back. The brightest pixels are paper: nothing on the board is whiter.
    """
    paper = np.array([percentile_u8(channel, 95) for channel in cv2.split(image)], np.float32)
    gains = np.clip(paper.max() / np.maximum(paper, 1.0), 1.0, 2.0)
    # each channel's 256 levels scaled once, then looked up: the same numbers as scaling
    # every pixel in float32, clipping and truncating, several times cheaper
    levels = np.arange(256, dtype=np.float32)[:, None] * gains
    table = np.clip(levels, 0, 255).astype(np.uint8).reshape(256, 1, 3)
    balanced: np.ndarray = cv2.LUT(image, table)
    return balanced


def saturation_and_value(balanced: np.ndarray) -> tuple[np.ndarray, np.ndarray, float, float]:
    """(HSV saturation, HSV value, the paper's value, the paper's saturation)."""
    _, sat, val = cv2.split(cv2.cvtColor(balanced, cv2.COLOR_BGR2HSV))
    paper_v = percentile_u8(val, 90)
    paper_s = percentile_u8(sat, 10)  # paper is the least saturated thing in view
    return sat, val, paper_v, paper_s


def balanced_skin(balanced: np.ndarray, sat: np.ndarray, val: np.ndarray, paper_v: float,
                  paper_s: float) -> np.ndarray:
    """Skin-coloured pixels of a white-balanced image (its saturation and value given)."""
    ycrcb = cv2.cvtColor(balanced, cv2.COLOR_BGR2YCrCb)
    # OpenCV's 8-bit range and threshold tests: the pixels numpy's comparisons give, with a
    # fraction of their cost on a Pi
    lit_saturated = cv2.bitwise_and(at_least(sat, max(SKIN.min_saturation, paper_s + 30)),
                                    at_least(val, 0.25 * paper_v))
    return cv2.bitwise_and(cv2.inRange(ycrcb, _SKIN_LOW, _SKIN_HIGH), lit_saturated)
