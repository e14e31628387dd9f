"""The reader's closed-form 2x2 algebra gives what numpy's SVD and least squares give."""

import numpy as np

from vision.dice_pips import _axis_ratio, _best_rotation, _least_squares_map


def _point_sets(seed: int, smallest: int, noise: float):
    """300 (points, points mapped by a random 2x2 matrix plus noise) pairs."""
    rng = np.random.default_rng(seed)
    for _ in range(300):
        src = rng.normal(size=(int(rng.integers(smallest, 7)), 2))
        yield src, src @ rng.normal(size=(2, 2)) + noise * rng.normal(size=src.shape)


def test_best_rotation_is_the_procrustes_rotation():
    for rel, dst in _point_sets(11, 2, 0.1):
        u, _, vt = np.linalg.svd(rel.T @ dst)
        if np.linalg.det(u @ vt) < 0:
            u[:, -1] = -u[:, -1]
        rot = _best_rotation(rel, dst)
        np.testing.assert_allclose(rot, u @ vt, atol=1e-9)
        assert abs(np.linalg.det(rot) - 1.0) < 1e-12


def test_least_squares_map_and_axis_ratio_match_numpy():
    for src, dst in _point_sets(12, 4, 0.05):
        m, *_ = np.linalg.lstsq(src, dst, rcond=None)
        np.testing.assert_allclose(_least_squares_map(src, dst), m, atol=1e-9)
        sv = np.linalg.svd(m, compute_uv=False)
        assert abs(_axis_ratio(m) - sv[1] / sv[0]) < 1e-9


def test_least_squares_map_of_collinear_points_falls_back_to_numpy():
    src = np.array([[0.0, 0.0], [1.0, 1.0], [2.0, 2.0], [3.0, 3.0]])
    dst = src * 2.0
    m, *_ = np.linalg.lstsq(src, dst, rcond=None)
    np.testing.assert_allclose(_least_squares_map(src, dst), m, atol=1e-9)
