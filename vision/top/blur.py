"""Tell a die smeared by motion from a sharp one.

A sharp die seen from above has edges in two perpendicular directions and round pips, so its
image gradients point every way about equally. Motion blur wipes out the gradients along the
motion: the gradient structure tensor becomes strongly one-directional. Its anisotropy
(``(l1 - l2) / (l1 + l2)`` of the eigenvalues, 0 = isotropic, 1 = one direction) is the measure.

May import numpy, OpenCV and ``vision.top.config``.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from vision.top.config import READER


def gradient_smear(crop_bgr: np.ndarray) -> tuple[float, tuple[float, float]]:
    """The anisotropy (0..1) of the image gradients of a die crop that includes the die's
    edges, and the unit vector (crop x, y) along which they are weakest: the way a motion
    smear runs (across the strongest gradients)."""
    grey = cv2.cvtColor(crop_bgr, cv2.COLOR_BGR2GRAY).astype(np.float32)
    gx = cv2.Sobel(grey, cv2.CV_32F, 1, 0)
    gy = cv2.Sobel(grey, cv2.CV_32F, 0, 1)
    a, b, c = float((gx * gx).sum()), float((gy * gy).sum()), float((gx * gy).sum())
    across = 0.5 * math.atan2(2.0 * c, a - b) + math.pi / 2.0
    direction = (math.cos(across), math.sin(across))
    half_trace = (a + b) / 2.0
    if half_trace <= 1e-6:
        return 0.0, direction
    disc = math.sqrt(max(0.0, half_trace * half_trace - (a * b - c * c)))
    return disc / half_trace, direction


def gradient_anisotropy(crop_bgr: np.ndarray) -> float:
    """Anisotropy (0..1) of the image gradients of a die crop that includes the die's edges."""
    return gradient_smear(crop_bgr)[0]


def is_blurred(crop_bgr: np.ndarray) -> bool:
    """Whether a die crop (with its edges) looks smeared by motion."""
    return gradient_anisotropy(crop_bgr) > READER.blur_anisotropy
