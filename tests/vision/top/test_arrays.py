"""The OpenCV stand-ins for numpy operations give numpy's results."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.top.arrays import (
    above,
    at_least,
    below,
    local_maxima,
    local_minima,
    median_along,
    nonzero_yx,
    opened,
    percentile_along,
    percentile_u8,
)


def test_nonzero_yx_is_numpys_nonzero_in_the_same_order():
    rng = np.random.default_rng(3)
    for shape, share in (((72, 72), 0.05), ((255, 300), 0.3), ((5, 9), 0.0), ((40, 40), 1.0)):
        mask = rng.random(shape) < share
        ys, xs = nonzero_yx(mask)
        want_y, want_x = np.nonzero(mask)
        assert np.array_equal(ys, want_y) and np.array_equal(xs, want_x)


def test_nonzero_yx_takes_a_strided_view():
    mask = np.zeros((30, 40), bool)
    mask[3, 6] = mask[21, 39] = mask[1, 0] = mask[20, 1] = True  # the last is not in the view
    view = mask[1:25:2, ::3]
    ys, xs = nonzero_yx(view)
    assert ys.tolist() == [0, 1, 10] and xs.tolist() == [0, 2, 13]
    want_y, want_x = np.nonzero(view)
    assert np.array_equal(ys, want_y) and np.array_equal(xs, want_x)


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


def test_eight_bit_tests_match_the_comparisons_at_any_level():
    levels = np.arange(256, dtype=np.uint8).reshape(16, 16)
    for level in [-3.0, -0.5, 0.0, 0.25, 44.5, 45.0, 89.999, 90.0, 254.5, 255.0, 255.01, 290.0]:
        assert np.array_equal(at_least(levels, level) > 0, levels >= level), level
        assert np.array_equal(above(levels, level) > 0, levels > level), level
        assert np.array_equal(below(levels, level) > 0, levels < level), level


@pytest.mark.parametrize("seed", range(4))
def test_opening_dilates_only_around_the_erosion_and_is_still_an_opening(seed):
    rng = np.random.default_rng(seed)
    mask = (rng.random((60, 80)) < 0.3).astype(np.uint8) * 255  # noise: eroded away
    top, left = rng.integers(15, 25, 2)
    mask[top:top + 16, left:left + 22] = 255  # a broad patch inside
    mask[40:, :12] = 255                      # and one on the border
    for kernel in (_disc(11), _disc(5), np.ones((3, 5), np.uint8)):
        expected = cv2.morphologyEx(mask, cv2.MORPH_OPEN, kernel)
        assert expected[top + 8, left + 11] and expected[50, 0]
        assert np.array_equal(opened(mask, kernel), expected)
    assert not opened(np.zeros((20, 20), np.uint8), _disc(11)).any()


def _disc(diameter: int) -> np.ndarray:
    return cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (diameter, diameter))


@pytest.mark.parametrize("seed", range(4))
def test_local_maxima_are_the_dilations_maxima_above_the_floor(seed):
    rng = np.random.default_rng(seed)
    values = cv2.GaussianBlur(rng.normal(0.0, 40.0, (50, 70)).astype(np.float32), (0, 0), 1.5)
    values[10:13, 20:23] = 30.0   # a plateau: every pixel of it is a maximum
    values[0, 0] = values[-1, 5] = values[7, -1] = 99.0  # maxima on the border
    for window, floor in ((3, 5.0), (5, 0.0), (3, 29.0), (7, 50.0)):
        dilated = cv2.dilate(values, np.ones((window, window), np.uint8))
        expected = nonzero_yx((values >= dilated) & (values > floor))
        found = local_maxima(values, window, floor)
        assert all(np.array_equal(f, e) for f, e in zip(found, expected, strict=True))
    assert len(local_maxima(values, 3, 99.0)[0]) == 0


@pytest.mark.parametrize("seed", range(4))
def test_local_minima_are_the_local_maxima_of_the_negated_image(seed):
    rng = np.random.default_rng(seed)
    values = cv2.GaussianBlur(rng.normal(0.0, 40.0, (50, 70)).astype(np.float32), (0, 0), 1.5)
    values[10:13, 20:23] = -30.0  # a plateau: every pixel of it is a minimum
    values[0, 0] = values[-1, 5] = values[7, -1] = -99.0  # minima on the border
    for window, ceiling in ((3, -5.0), (5, 0.0), (3, -29.0), (7, -50.0)):
        expected = local_maxima(-values, window, -ceiling)
        found = local_minima(values, window, ceiling)
        assert all(np.array_equal(f, e) for f, e in zip(found, expected, strict=True))
        assert len(found[0]) > 0


@pytest.mark.parametrize("seed", range(6))
def test_percentile_along_is_numpys_linear_percentile(seed):
    rng = np.random.default_rng(seed)
    for shape in ((64, 25), (25, 64), (1, 9), (7, 2), (40, 41)):
        values = (rng.normal(0.0, 30.0, shape) ** 2).astype(np.float32)
        tied = np.round(values / 7.0).astype(np.float32)  # many equal values
        for v in (values, tied, values.astype(np.float64)):
            for axis in (0, 1):
                for q in (0, 10, 30, 50, 75, 90, 100):
                    expected = np.percentile(v, q, axis=axis)
                    found = percentile_along(v, q, axis)
                    assert found.dtype == expected.dtype
                    assert np.array_equal(found, expected)


@pytest.mark.parametrize("seed", range(6))
def test_median_along_is_numpys_median(seed):
    rng = np.random.default_rng(seed)
    for rows in (1, 2, 361, 360, 1001):
        for v in (rng.integers(0, 256, (rows, 3)).astype(np.uint8),
                  (rng.normal(0.0, 30.0, (rows, 3)) ** 2).astype(np.float32),
                  np.round(rng.normal(0.0, 3.0, (rows, 3))).astype(np.float32)):
            for axis in (0, None):
                expected = np.median(v, axis=axis)
                found = median_along(v, axis)
                assert found.dtype == expected.dtype
                assert np.array_equal(found, expected)
