"""The shape of a pip at a peak of a contrast map: how round, how large, which way it runs.

Shared by the reader (``vision.top.pips``: pips drawn out by motion, a streak among round
pips) and the glare step (``vision.top.glare``: a peak on a highlight drawn out along it).

May import numpy, OpenCV, ``vision.top.moments`` and ``vision.top.config``.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import cv2
import numpy as np

from vision.top.config import READER
from vision.top.moments import principal_variances, second_moments


class PipShape(NamedTuple):
    """The shape of a pip at a peak: the contrast above half its height."""

    elongation: float  # axis ratio from second moments, 1 = round
    diameter: float    # of a disc of its area, px
    spread: tuple[float, float, float]  # second moments xx, yy, xy (px^2): which way it runs


def is_streak(contrast: np.ndarray, x: int, y: int) -> bool:
    """Whether the peak of ``contrast`` at (x, y) is drawn out as a streak (``READER.streak``)."""
    return pip_shape(contrast, x, y).elongation > READER.streak


def pip_shape(contrast: np.ndarray, x: int, y: int) -> PipShape:
    """The shape of the pip at a peak of ``contrast`` (``PipShape``)."""
    r = READER.pip_window
    win = contrast[max(0, y - r):y + r + 1, max(0, x - r):x + r + 1]
    w = np.maximum(win - 0.5 * float(contrast[y, x]), 0)  # np.clip(.., 0, None), cheaper
    m = cv2.moments(w)  # sums in double precision, one call for what numpy needs six for
    total = m["m00"]
    if total <= 0:
        return PipShape(1.0, 0.0, (1.0, 1.0, 0.0))
    diameter = 2.0 * math.sqrt(float(np.count_nonzero(w)) / math.pi)  # w >= 0
    major, minor = principal_variances(m)
    return PipShape(math.sqrt(major / minor), diameter, second_moments(m))
