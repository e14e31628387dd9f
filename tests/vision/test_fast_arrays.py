"""The OpenCV stand-ins for numpy operations give numpy's results."""

from __future__ import annotations

import numpy as np

from vision.fast_arrays import nonzero_yx


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
