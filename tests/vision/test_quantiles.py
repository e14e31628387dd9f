"""The histogram percentile gives numpy's numbers, and refuses what it cannot count."""

import numpy as np
import pytest

from vision.quantiles import percentile_u8


@pytest.mark.parametrize("q", [0, 5, 10, 37.5, 50, 90, 95, 99.9, 100])
def test_percentile_u8_equals_numpy(q):
    rng = np.random.default_rng(7)
    for n in (1, 2, 3, 10, 257, 4999):
        spread = rng.integers(0, 256, n, dtype=np.uint8)
        lumpy = rng.normal(120, 15, n).clip(0, 255).astype(np.uint8)
        for values in (spread, lumpy, spread.reshape(-1, 1)):
            assert percentile_u8(values, q) == float(np.percentile(values, q))


def test_percentile_u8_of_a_channel_view():
    image = np.random.default_rng(3).integers(0, 256, (40, 30, 3), dtype=np.uint8)
    assert percentile_u8(image[:, :, 1], 95) == float(np.percentile(image[:, :, 1], 95))


@pytest.mark.parametrize("values", [np.zeros(0, np.uint8), np.zeros(5, np.float32)])
def test_percentile_u8_refuses_empty_or_other_types(values):
    with pytest.raises(ValueError):
        percentile_u8(values, 50)
