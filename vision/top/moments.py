"""The shape of a region or a weighted patch from its image moments (``cv2.moments``).

May import nothing but the standard library.
"""

from __future__ import annotations

import math
from collections.abc import Mapping


def second_moments(m: Mapping[str, float]) -> tuple[float, float, float]:
    """(xx, yy, xy): the central second moments per unit of mass. ``m["m00"]`` must be
    positive."""
    total = m["m00"]
    return m["mu20"] / total, m["mu02"] / total, m["mu11"] / total


def principal_variances(m: Mapping[str, float]) -> tuple[float, float]:
    """(major, minor): the variances along the long and the short axis of the ellipse with
    the same second moments, the minor one at least 1e-6 (a line has none). ``m["m00"]``
    must be positive. Their ratio's square root is the axis ratio (1 = round)."""
    cxx, cyy, cxy = second_moments(m)
    half, disc = (cxx + cyy) / 2, math.sqrt(max(0.0, ((cxx - cyy) / 2) ** 2 + cxy ** 2))
    return half + disc, max(half - disc, 1e-6)
