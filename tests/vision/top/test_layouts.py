"""The reader's closed-form algebra gives what numpy's SVD and least squares give, the
pips' fourth moment matches them to their layout as the search over every turn does, the
edges' direction weighs each gradient by its length as np.hypot gives it, and ``centres``
gives pips' and spots' centres in order."""

import math

import cv2
import numpy as np

from vision.board.dice import Spot, fit_pips
from vision.top.arrays import axis_ratio, least_squares_map
from vision.top.pips import (
    LAYOUTS,
    best_rotation,
    centres,
    edge_direction,
    fitting_pips,
    match_layout,
)
from vision.top.types import Blob


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
        rot = best_rotation(rel, dst)
        np.testing.assert_allclose(rot, u @ vt, atol=1e-9)
        assert abs(np.linalg.det(rot) - 1.0) < 1e-12


def test_least_squares_map_and_axis_ratio_match_numpy():
    for src, dst in _point_sets(12, 4, 0.05):
        m, *_ = np.linalg.lstsq(src, dst, rcond=None)
        np.testing.assert_allclose(least_squares_map(src, dst), m, atol=1e-9)
        sv = np.linalg.svd(m, compute_uv=False)
        assert abs(axis_ratio(m) - sv[1] / sv[0]) < 1e-9


def test_least_squares_map_of_collinear_points_falls_back_to_numpy():
    src = np.array([[0.0, 0.0], [1.0, 1.0], [2.0, 2.0], [3.0, 3.0]])
    dst = src * 2.0
    m, *_ = np.linalg.lstsq(src, dst, rcond=None)
    np.testing.assert_allclose(least_squares_map(src, dst), m, atol=1e-9)


def _turned_layouts(seed: int, noise: float):
    """(layout, pips: the layout scaled, turned by -45..45 degrees, shuffled, with noise,
    the turn in degrees, the order of the shuffle) for every layout of 2 to 6 pips."""
    rng = np.random.default_rng(seed)
    for _ in range(40):
        for n in range(2, 7):
            for layout in LAYOUTS[n]:
                turn = float(rng.uniform(-45.0, 45.0))
                a = np.radians(turn)
                rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
                order = rng.permutation(n)
                pips = (layout[order] * 0.5) @ rot.T + noise * rng.normal(size=(n, 2))
                yield layout, pips - pips.mean(axis=0), turn, order


def _residual(rel: np.ndarray, dst: np.ndarray | None) -> float:
    if dst is None:
        return np.inf
    return float(np.linalg.norm(rel @ best_rotation(rel, dst) - dst, axis=1).max())


def _searched(rel: np.ndarray, layout: np.ndarray, scale: float) -> np.ndarray | None:
    """The layout point (times ``scale``) of each pip, found the slow way: the layout turned
    by every angle in 3-degree steps, each pip taking its nearest point, the turn whose worst
    pip lies nearest its point winning; None when no turn gives each pip a point of its own."""
    best, best_worst = None, math.inf
    for turn in np.arange(-45.0, 45.0, 3.0):
        a = math.radians(float(turn))
        rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
        points = (layout * scale) @ rot.T
        d = np.linalg.norm(rel[:, None, :] - points[None, :, :], axis=2)
        nearest = d.argmin(axis=1)
        if len(set(nearest.tolist())) < len(rel):
            continue
        worst = float(d.min(axis=1).max())
        if worst < best_worst:
            best, best_worst = layout[nearest] * scale, worst
    return best


def test_the_moment_matches_the_pips_to_their_layout_as_well_as_the_search():
    for layout, rel, _, _ in _turned_layouts(13, 0.03):
        n = len(layout)
        scale = float(np.sqrt((rel ** 2).sum() / (layout ** 2).sum()))
        # a layout's variants are its quarter turns: the moment matches one of them
        by_moment = min(_residual(rel, match_layout(rel, v, scale, search=False))
                        for v in LAYOUTS[n])
        by_search = min(_residual(rel, _searched(rel, v, scale)) for v in LAYOUTS[n])
        assert by_moment < 0.2 * scale
        assert by_moment <= by_search + 1e-9


def test_a_pattern_the_moment_cannot_match_is_searched_or_refused():
    # two pips on one diagonal and a layout on the other: both pips are as near to either
    # point, so the moment alone matches nothing, and the search pairs them up
    rel = np.array([[-0.5, -0.5], [0.5, 0.5]])
    other = LAYOUTS[2][1]
    assert match_layout(rel, other, 0.5, search=False) is None
    found = match_layout(rel, other, 0.5)
    assert found is not None and sorted(map(tuple, found.tolist())) == [(-0.5, 0.5), (0.5, -0.5)]


def test_board_pip_fit_gives_the_turn_of_the_pattern():
    for _, rel, turn, _ in _turned_layouts(14, 0.0):
        angle, error = fit_pips(rel * 40.0 + 100.0)
        assert error < 1e-6
        assert min(abs(angle - turn % 90.0), 90.0 - abs(angle - turn % 90.0)) < 1e-6


def test_fitting_pips_keep_a_whole_layout():
    for _, rel, _, _ in _turned_layouts(15, 0.01):
        keep, fit = fitting_pips(rel * 40.0 + 100.0, 0.3)
        assert keep.tolist() == list(range(len(rel)))
        assert fit[4] < 0.3


def test_fitting_pips_leave_out_a_stray_beside_a_layout():
    """A pip of a side face, beyond the top's edge, next to the top's 3 to 6 pips."""
    rng = np.random.default_rng(16)
    for _, rel, turn, _ in _turned_layouts(16, 0.01):
        if len(rel) < 3:
            continue  # two pips and a stray: any two of them fit a two
        a = np.radians(turn)
        side = np.array([np.sin(a), np.cos(a)]) * float(rng.uniform(0.8, 1.0))  # below the top
        pips = np.vstack([rel, side])
        at = int(rng.integers(0, len(pips)))
        pips[[at, -1]] = pips[[-1, at]]  # the stray anywhere in the list
        keep, _ = fitting_pips(pips * 40.0 + 100.0, 0.3)
        assert at not in keep.tolist() and len(keep) == len(rel)


def test_fitting_pips_refuse_what_no_layout_fits():
    for n in range(5, 8):  # a row of spots (printed dots, a ruler's marks) is no layout
        # (three in a row are a three: a row of four keeps three of them)
        row = np.array([[20.0 * k, 50.0] for k in range(n)])
        assert fitting_pips(row, 0.3) is None
    for n in range(5, 8):  # nor a ring of them
        a = np.linspace(0.0, 2.0 * np.pi, n, endpoint=False)
        assert fitting_pips(np.stack([np.cos(a), np.sin(a)], axis=1) * 30.0, 0.3) is None
    assert fitting_pips(np.array([[10.0, 10.0]]), 0.3) is None
    assert fitting_pips(np.empty((0, 2)), 0.3) is None


def test_edge_direction_weighs_each_gradient_by_its_rounded_length():
    """The votes' weights are np.hypot's lengths to the bit, so one patch has one direction
    (cv2.magnitude's approximate square root, on whichever of its paths the output's place in
    memory chose, gave one die two angles)."""
    rng = np.random.default_rng(11)
    patch = rng.integers(0, 256, (61, 61)).astype(np.float32)
    rim = rng.random((61, 61)) < 0.6
    gx, gy = (cv2.Sobel(patch, cv2.CV_32F, dx, 1 - dx)[rim] for dx in (1, 0))
    strength = np.hypot(gx, gy)
    quad = np.arctan2(gy, gx) * 4.0
    z = complex(float((strength * np.cos(quad)).sum()), float((strength * np.sin(quad)).sum()))
    expected = (float(np.degrees(math.atan2(z.imag, z.real) / 4.0)) % 90.0,
                abs(z) / float(strength.sum()))
    assert edge_direction(patch, rim) == expected


def test_centres_of_pips_and_spots_in_order():
    blobs = (Blob(3.5, 7.0, 10.0, 40.0), Blob(-1.0, 2.25, 9.0, 35.0))
    got = centres(blobs)
    assert got.dtype == np.float64
    np.testing.assert_array_equal(got, [[3.5, 7.0], [-1.0, 2.25]])
    assert centres(()).shape == (0, 2)
    assert centres(iter(blobs[:1])).shape == (1, 2)  # any iterable, read once
    spots = [Spot(x=float(i), y=2.0 * i, strength=30.0, channel="grey")
             for i in range(3)]
    np.testing.assert_array_equal(centres(spots), [[0.0, 0.0], [1.0, 2.0], [2.0, 4.0]])
