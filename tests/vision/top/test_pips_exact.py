"""The pip reader's cheaper paths give the numbers of the plain computations they replace."""

from __future__ import annotations

import numpy as np
import pytest

from vision.top import pips
from vision.top.types import MARGIN, Blob


def _clear_on_the_whole_grid(found: list[Blob], radius: float) -> np.ndarray:
    clear = pips._TOP.copy()
    for b in found:
        clear &= np.hypot(pips._XX - (b.x + MARGIN), pips._YY - (b.y + MARGIN)) > radius
    return clear


@pytest.mark.parametrize("seed", range(4))
def test_clear_of_pips_is_the_whole_grids_distance_test(seed):
    rng = np.random.default_rng(seed)
    for n in range(400):
        count = int(rng.integers(0, 7))
        if n % 3:
            centres = rng.uniform(-20.0, 70.0, (count, 2))  # also beyond the view
        else:
            centres = rng.integers(-14, 62, (count, 2)) + 0.5 * rng.integers(0, 2, (count, 2))
        found = [Blob(float(x), float(y), 1.0, 1.0) for x, y in centres]
        for radius in (0.13 * 48, 0.2 * 48, 6.0, float(rng.uniform(0.0, 30.0))):
            assert np.array_equal(pips._clear_of(found, radius),
                                  _clear_on_the_whole_grid(found, radius))


@pytest.mark.parametrize("seed", range(4))
def test_mean_point_is_numpys_mean(seed):
    rng = np.random.default_rng(seed)
    for count in range(1, 8):
        points = rng.normal(0.0, 10.0, (count, 2))
        assert np.array_equal(pips._mean_point(points), points.mean(axis=0))
