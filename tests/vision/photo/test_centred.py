"""A place whose regions read badly is read once more on a square centred on its pips.

A region that takes in a die's side face or shadow puts the top's pips off the crop's centre: the
layout fits badly and the reading is not called. ``vision.photo.finder.on_pips`` centres a square on
the pips such a reading found, sized by their spread and turned as the region, and the place is read
again there; a side face's pip among the pips is left out of them. Drawn dice: a white die on a dark
table, and a region 1.4 die edges long that runs past one side of it.
"""

from __future__ import annotations

import math
from dataclasses import replace

import cv2
import numpy as np
import pytest

from calibration.dice_art import draw_die, paste_die
from vision.photo import finder as dice
from vision.photo.config import PHOTO
from vision.photo.finder import on_pips, view
from vision.top.pips import read_top
from vision.top.types import Candidate

EDGE = 40
CENTRE = (100.0, 100.0)
SIZES = (0.8 * 12, 1.15 * 150)  # the region sizes find_dice searches for in the benchmark
CASES = [(face, seed) for face in range(2, 7) for seed in range(3)]


def die_scene(face: int, seed: int) -> tuple[np.ndarray, float]:
    """A drawn white die at ``CENTRE`` on a dark table; its angle (degrees, as drawn)."""
    rng = np.random.default_rng(seed)
    angle = float(rng.uniform(0, 90))
    die, alpha = draw_die(face, "white", EDGE, angle, seed=seed)
    img = np.full((200, 200, 3), (120, 110, 100), np.float32)
    paste_die(img, die, alpha, CENTRE)
    return np.clip(img + rng.normal(0.0, 2.0, img.shape), 0, 255).astype(np.uint8), angle


def long_region(angle: float, source: str = "bright28") -> Candidate:
    """The die's region with a band beyond one side (1.4 x 1 die edges, along the die)."""
    a = math.radians(-angle)  # drawn counter-clockwise on screen, OpenCV's angle runs the other way
    shift = 0.2 * EDGE
    return Candidate(CENTRE[0] + shift * math.cos(a), CENTRE[1] + shift * math.sin(a),
                     1.4 * EDGE, EDGE, -angle, 0.9, source)


@pytest.mark.parametrize(("face", "seed"), CASES)
def test_the_square_on_the_pips_lies_on_the_top_and_reads_it(face, seed):
    img, angle = die_scene(face, seed)
    region = long_region(angle)
    off = read_top(view(img, region))
    assert len(off.blobs) == face and off.confidence < PHOTO.abstain_below  # found, not called
    square = on_pips(img, [(region, off)], [region], SIZES)
    assert square is not None
    assert math.hypot(square.cx - CENTRE[0], square.cy - CENTRE[1]) < 0.05 * EDGE
    assert square.w == square.h and abs(square.w - EDGE) < 0.1 * EDGE
    assert square.angle == region.angle and square.source == region.source + "+centred"
    again = read_top(view(img, square))
    assert again.face == face and again.confidence >= PHOTO.abstain_below


@pytest.mark.parametrize(("face", "seed"), CASES[::3])
def test_a_place_whose_region_reads_off_centre_is_read_on_its_pips(face, seed, monkeypatch):
    """The place has only its long region: the other rectangles it would suggest (trimmed
    to the top, scaled, squared; they read these drawn dice) are left out, as on the real
    photos where a side face is as bright as the top and they are all off-centre too."""
    monkeypatch.setattr(dice, "hypotheses", lambda image, cand: iter(()))
    img, angle = die_scene(face, seed)
    group = [long_region(angle)]
    die = dice.read_place(img, group, SIZES)
    assert die is not None and die.face == face and die.reason == ""
    assert abs(die.size - EDGE) < 0.1 * EDGE
    assert math.hypot(die.x - CENTRE[0], die.y - CENTRE[1]) < 0.05 * EDGE
    monkeypatch.setattr(dice, "on_pips", lambda *args: None)
    without = dice.read_place(img, group, SIZES)
    assert without is None or without.face is None  # the long region alone does not read


def side_face_scene(face: int, seed: int) -> tuple[np.ndarray, float]:
    """``die_scene`` with a side face seen beyond the side ``long_region`` runs past: a grey
    band 0.35 die edges wide with one pip in its middle."""
    img, angle = die_scene(face, seed)
    a = math.radians(-angle)
    along, across = np.array([math.cos(a), math.sin(a)]), np.array([-math.sin(a), math.cos(a)])
    centre, half = np.array(CENTRE), EDGE / 2.0
    band = [centre + along * (half + reach) + across * half * side
            for reach, side in ((0.0, 1), (0.35 * EDGE, 1), (0.35 * EDGE, -1), (0.0, -1))]
    cv2.fillConvexPoly(img, np.round(np.array(band) * 16).astype(np.int32), (200, 202, 205),
                       cv2.LINE_AA, 4)
    pip = centre + along * (half + 0.17 * EDGE)
    cv2.circle(img, (round(pip[0] * 16), round(pip[1] * 16)), round(0.08 * EDGE * 16),
               (30, 30, 30), -1, cv2.LINE_AA, 4)
    return img, angle


@pytest.mark.parametrize(("face", "seed"), [(f, s) for f in range(3, 7) for s in range(2)])
def test_a_side_faces_pip_among_the_pips_is_left_out(face, seed, monkeypatch):
    """The region's reading finds the top's pips and the side face's one: they fit no layout
    (a six and one more fit none at all), the rest do. The square is placed on the rest."""
    img, angle = side_face_scene(face, seed)
    region = long_region(angle)
    off = read_top(view(img, region))
    assert len(off.blobs) == face + 1 and off.confidence < PHOTO.abstain_below
    square = on_pips(img, [(region, off)], [region], SIZES)
    assert square is not None
    assert math.hypot(square.cx - CENTRE[0], square.cy - CENTRE[1]) < 0.05 * EDGE
    assert abs(square.w - EDGE) < 0.1 * EDGE
    again = read_top(view(img, square))
    assert again.face == face and again.confidence >= PHOTO.abstain_below
    monkeypatch.setattr(dice, "PHOTO", replace(PHOTO, stray_fit=-1.0))  # no stray is ever left out
    square = on_pips(img, [(region, off)], [region], SIZES)
    assert square is None or math.hypot(square.cx - CENTRE[0],
                                        square.cy - CENTRE[1]) > 0.1 * EDGE


def test_only_the_places_own_regions_place_the_square():
    img, angle = die_scene(4, 0)
    region = long_region(angle)
    grown = Candidate(region.cx, region.cy, 1.3 * region.w, 1.3 * region.h, region.angle,
                      region.fill, region.source)  # a hypothesis grown from it: may hold side pips
    reading = read_top(view(img, region))
    assert on_pips(img, [(grown, reading)], [region], SIZES) is None
    assert on_pips(img, [(region, reading)], [region], SIZES) is not None


def test_a_square_out_of_proportion_with_its_region_or_the_sizes_is_not_placed():
    img, angle = die_scene(5, 1)
    region = long_region(angle)
    reading = read_top(view(img, region))
    assert on_pips(img, [(region, reading)], [region], (SIZES[0], 0.8 * EDGE)) is None
    assert on_pips(img, [(region, reading)], [region], (1.2 * EDGE, SIZES[1])) is None
    wide = Candidate(region.cx, region.cy, 2.5 * region.w, 2.5 * region.h, region.angle,
                     region.fill, region.source)  # the pips span too little of it to be its top
    wide_reading = read_top(view(img, wide))
    assert on_pips(img, [(wide, wide_reading)], [wide], SIZES) is None


def test_two_pips_along_the_regions_edges_are_not_read_as_a_two():
    """A top's one and a pip of a side face lie across the die's edge, along the region's
    axes; the square keeps the region's angle, so their pattern reads turned and abstains."""
    img = np.full((200, 200, 3), (120, 110, 100), np.uint8)
    cv2.rectangle(img, (70, 80), (130, 120), (236, 238, 240), -1)  # the die, side face and all
    for x in (88, 112):
        cv2.circle(img, (x, 100), 4, (30, 30, 30), -1, cv2.LINE_AA)
    img = cv2.GaussianBlur(img, (0, 0), 0.7)
    region = Candidate(100.0, 100.0, 60.0, 40.0, 0.0, 0.95, "bright28")
    reading = read_top(view(img, region))
    assert len(reading.blobs) == 2
    square = on_pips(img, [(region, reading)], [region], SIZES)
    assert square is not None and square.angle == 0.0
    again = read_top(view(img, square))
    assert again.face is None or again.confidence < PHOTO.abstain_below
    die = dice.read_place(img, [region], SIZES)
    assert die is None or die.face != 2
