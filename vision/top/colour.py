"""Name a die's body colour: "white" (white and cream), "red" (also translucent dark red) or
"unknown" (any other die: black, green, blue, patterned ...); where the board's palette holds
them, also "black", "blue" and "green" (2 1 6's third and fourth players) and "yellow" (PlayMe's
sixth colour), which are otherwise "unknown" as before.

May import numpy, OpenCV, ``vision.top.pips`` (``body_lab``) and ``vision.top.config``.
"""

from __future__ import annotations

from collections.abc import Collection

import cv2
import numpy as np

from vision.top.config import COLOURS
from vision.top.pips import body_lab

EXTRA_COLOURS = ("black", "blue", "green", "yellow")
"""The colours named only where a palette holds them."""


def body_hsv(crop_bgr: np.ndarray) -> tuple[float, float, float]:
    """Hue (0..180), saturation and value (0..255) of the die body's median colour."""
    return lab_to_hsv(body_lab(cv2.cvtColor(crop_bgr, cv2.COLOR_BGR2LAB)))


def lab_to_hsv(lab: np.ndarray) -> tuple[float, float, float]:
    """Hue (0..180), saturation and value (0..255) of a Lab colour (OpenCV 8-bit scale)."""
    # clipped and truncated as numpy's clip and astype would, in plain floats: for three
    # values numpy's calls cost more than the arithmetic
    pixel = np.array([[[int(min(max(v, 0.0), 255.0)) for v in lab.tolist()]]], np.uint8)
    bgr = cv2.cvtColor(pixel, cv2.COLOR_LAB2BGR)
    h, s, v = cv2.cvtColor(bgr, cv2.COLOR_BGR2HSV)[0, 0]
    return float(h), float(s), float(v)


def classify_colour(crop_bgr: np.ndarray, body: np.ndarray | None = None,
                    palette: Collection[str] = ()) -> str:
    """"white", "red" or "unknown" for a rectified die top (BGR); a body neither white nor
    red is named "black", "blue", "green" or "yellow" only when ``palette`` holds that colour.

    Args:
        crop_bgr: the die top warped to a square.
        body: the body's median Lab colour of that crop when already known (the pip reader's
            ``PipReading.body``): the crop is then not converted again.
        palette: the colours the board's dice may have (``BoardGeometry.palette``); without
            black, blue, green or yellow in it the answer is white, red or unknown, as for
            any board.
    """
    h, s, v = lab_to_hsv(body) if body is not None else body_hsv(crop_bgr)
    if (h <= 10 or h >= 160) and s >= 100 and v >= 40:
        return "red"
    if s <= 75 and v >= 120:
        return "white"
    extra = _extra_colour(h, s, v)
    return extra if extra in palette else "unknown"


def _extra_colour(h: float, s: float, v: float) -> str:
    """Black (dark, unsaturated), blue, green or yellow (by hue, saturated and lit), else
    unknown."""
    c = COLOURS
    if v <= c.black_max_value and s <= c.black_max_saturation:
        return "black"
    if s < c.min_saturation or v < c.min_value:
        return "unknown"
    if c.blue_hue[0] <= h <= c.blue_hue[1]:
        return "blue"
    if c.green_hue[0] <= h <= c.green_hue[1]:
        return "green"
    if c.yellow_hue[0] <= h <= c.yellow_hue[1]:
        return "yellow"
    return "unknown"
