"""Something dark and die-sized with no pips on it is not reported as a die (vision.photo.finder).

An unreadable die is reported (abstained) only on pips found inside a region found at its
place: a square grown beyond the region has the light table in its corners, and those read
as pips around anything dark (nell's tray screws at 0.8x, matteop65's keyboard keys).
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from bench.hard_dice import table
from calibration.dice_art import draw_die, paste_die
from vision.photo.finder import find_dice

SIDE = 160
CENTRE = (80.0, 80.0)
SHADES = {"black": (30, 28, 26), "dark red": (60, 60, 150)}


def blank_square(size: int, turn: float, shade: tuple[int, int, int]) -> np.ndarray:
    """A plain square, ``size`` px, turned ``turn`` degrees, on a light table."""
    img = table(SIDE, "light", seed=size)
    box = cv2.boxPoints((CENTRE, (float(size), float(size)), turn))
    cv2.fillConvexPoly(img, np.round(box * 16).astype(np.int32), shade, cv2.LINE_AA, 4)
    return cv2.GaussianBlur(img, (3, 3), 0)


@pytest.mark.parametrize("shade", SHADES.values(), ids=SHADES.keys())
@pytest.mark.parametrize("turn", [0.0, 20.0, 45.0])
@pytest.mark.parametrize("size", [22, 26, 30, 34])
def test_a_blank_square_is_no_die(size, turn, shade):
    assert find_dice(blank_square(size, turn, shade), min_size=12, max_size=150) == []


@pytest.mark.parametrize("size", [22, 30])
def test_a_die_of_that_size_is_found(size):
    img = table(SIDE, "light", seed=size)
    bgr, alpha = draw_die(4, "red", size, 20.0, seed=size)
    paste_die(img, bgr, alpha, CENTRE)
    assert [d.face for d in find_dice(img, min_size=12, max_size=150)] == [4]
