"""The reader's closed-form 2x2 algebra gives what numpy's SVD and least squares give."""

import numpy as np

from vision.dice_pips import _axis_ratio, _best_rotation, _least_squares_map


def test_best_rotation_is_the_procrustes_rotation():
    rng = np.random.default_rng(11)
    for _ in range(300):
        n = int(rng.integers(2, 7))
        rel = rng.normal(size=(n, 2))
        dst = rel @ rng.normal(size=(2, 2)) + 0.1 * rng.normal(size=(n, 2))
        u, _, vt = np.linalg.svd(rel.T @ dst)
        if np.linalg.det(u @ vt) < 0:
            u[:, -1] = -u[:, -1]
        rot = _best_rotation(rel, dst)
        np.testing.assert_allclose(rot, u @ vt, atol=1e-9)
        assert abs(np.linalg.det(rot) - 1.0) < 1e-12


def test_least_squares_map_and_axis_ratio_match_numpy():
    rng = np.random.default_rng(12)
    for _ in range(300):
        n = int(rng.integers(4, 7))
        src = rng.normal(size=(n, 2))
        dst = src @ rng.normal(size=(2, 2)) + 0.05 * rng.normal(size=(n, 2))
        m, *_ = np.linalg.lstsq(src, dst, rcond=None)
        np.testing.assert_allclose(_least_squares_map(src, dst), m, atol=1e-9)
        sv = np.linalg.svd(m, compute_uv=False)
        assert abs(_axis_ratio(m) - sv[1] / sv[0]) < 1e-9


def test_least_squares_map_of_collinear_points_falls_back_to_numpy():
    src = np.array([[0.0, 0.0], [1.0, 1.0], [2.0, 2.0], [3.0, 3.0]])
    dst = src * 2.0
    m, *_ = np.linalg.lstsq(src, dst, rcond=None)
    np.testing.assert_allclose(_least_squares_map(src, dst), m, atol=1e-9)
