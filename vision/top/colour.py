"""Name a die's body colour: "white" (white and cream), "red" (also translucent dark red) or
"unknown" (any other die: black, green, blue, patterned ...).

May import numpy, OpenCV and ``vision.top.pips`` (``body_lab``).
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.top.pips import body_lab


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


def classify_colour(crop_bgr: np.ndarray, body: np.ndarray | None = None) -> str:
    """"white", "red" or "unknown" for a rectified die top (BGR).

    Args:
        crop_bgr: the die top warped to a square.
        body: the body's median Lab colour of that crop when already known (the pip reader's
            ``PipReading.body``): the crop is then not converted again.
    """
    h, s, v = lab_to_hsv(body) if body is not None else body_hsv(crop_bgr)
    if (h <= 10 or h >= 160) and s >= 100 and v >= 40:
        return "red"
    if s <= 75 and v >= 120:
        return "white"
    return "unknown"
