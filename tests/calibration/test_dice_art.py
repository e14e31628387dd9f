"""Tests of calibration.dice_art: shape, alpha, pip layouts, colours, tilt, determinism."""

import cv2
import numpy as np
import pytest

from calibration.dice_art import canvas_side, draw_die, paste_die


def _count_pips(bgr: np.ndarray, alpha: np.ndarray, dark_pips: bool) -> int:
    grey = cv2.cvtColor(bgr, cv2.COLOR_BGR2GRAY)
    inside = cv2.erode((alpha > 200).astype(np.uint8), np.ones((3, 3), np.uint8))
    pips = (grey < 110) if dark_pips else (grey > 190)
    mask = (pips & (inside > 0)).astype(np.uint8)
    n, _, stats, _ = cv2.connectedComponentsWithStats(mask)
    return sum(1 for i in range(1, n) if stats[i, cv2.CC_STAT_AREA] >= 6)


@pytest.mark.parametrize("face", range(1, 7))
@pytest.mark.parametrize("angle", [0.0, 33.0, 290.0])
def test_white_die_shows_its_pips(face, angle):
    bgr, alpha = draw_die(face, "white", 64, angle, seed=face)
    assert _count_pips(bgr, alpha, dark_pips=True) == face


@pytest.mark.parametrize("face", [2, 5, 6])
def test_red_die_has_white_pips_on_red_body(face):
    bgr, alpha = draw_die(face, "red", 56, 12.0, seed=3)
    assert _count_pips(bgr, alpha, dark_pips=False) == face
    body = bgr[alpha > 250].astype(float).mean(axis=0)
    assert body[2] > 1.8 * body[1]  # clearly red: R dominates G


def test_image_is_square_centred_and_transparent_outside():
    bgr, alpha = draw_die(4, "cream", 40, 45.0)
    n = canvas_side(40)
    assert bgr.shape == (n, n, 3) and alpha.shape == (n, n)
    assert bgr.dtype == np.uint8 and alpha.dtype == np.uint8
    assert alpha[n // 2, n // 2] == 255
    assert alpha[0, 0] == 0 and alpha[-1, -1] == 0
    ys, xs = np.nonzero(alpha > 128)
    assert abs(xs.mean() - n / 2) < 1.5 and abs(ys.mean() - n / 2) < 1.5
    # a 40 px die turned 45 degrees spans about 40 * sqrt(2) minus the rounded corners
    assert 44 <= xs.max() - xs.min() + 1 <= 57


def test_edges_are_anti_aliased():
    _, alpha = draw_die(3, "white", 48, 20.0)
    partial = np.count_nonzero((alpha > 10) & (alpha < 245))
    assert partial > 40


def test_same_seed_same_die_and_other_seed_differs():
    a = draw_die(6, "white", 50, 10.0, seed=7)[0]
    b = draw_die(6, "white", 50, 10.0, seed=7)[0]
    c = draw_die(6, "white", 50, 10.0, seed=8)[0]
    assert np.array_equal(a, b)
    assert not np.array_equal(a, c)


def test_tilted_die_shows_a_darker_side_face():
    bgr, alpha = draw_die(1, "white", 60, 0.0, tilt=40.0, seed=1)
    rows = np.nonzero(alpha.max(axis=1) > 128)[0]
    assert rows.max() - rows.min() > 60 * 1.2  # top face + side face footprint
    grey = cv2.cvtColor(bgr, cv2.COLOR_BGR2GRAY).astype(float)
    lower = grey[rows.max() - 8, alpha[rows.max() - 8] > 250]
    upper = grey[rows.min() + 8, alpha[rows.min() + 8] > 250]
    assert lower.mean() < upper.mean() - 30


@pytest.mark.parametrize("size", [20, 160])
def test_extreme_sizes(size):
    bgr, alpha = draw_die(5, "translucent-red", size, 70.0, pip_colour="white")
    assert bgr.shape[0] == canvas_side(size)
    assert np.count_nonzero(alpha > 128) == pytest.approx(size * size, rel=0.12)


@pytest.mark.parametrize("kwargs", [{"face": 0}, {"face": 7}, {"colour": "purple"},
                                    {"size_px": 2}, {"tilt": -1.0}, {"pip_colour": "pink"}])
def test_bad_arguments_are_refused_with_a_message(kwargs):
    args = {"face": 3, "colour": "white", "size_px": 40}
    args.update(kwargs)
    face, colour, size = args.pop("face"), args.pop("colour"), args.pop("size_px")
    with pytest.raises(ValueError, match="must be|unknown"):
        draw_die(face, colour, size, **args)


def test_paste_die_composites_and_clips():
    bgr, alpha = draw_die(1, "white", 30)
    canvas = np.zeros((50, 50, 3), np.uint8)
    paste_die(canvas, bgr, alpha, (25, 25))
    assert canvas[25, 15].mean() > 180  # body
    assert canvas[25, 25].mean() < 90   # the pip of face 1
    edge = np.zeros((50, 50, 3), np.uint8)
    paste_die(edge, bgr, alpha, (0, 0))  # three quarters outside: clipped, no error
    assert edge[5, 5].mean() > 150 and edge[30, 30].sum() == 0
