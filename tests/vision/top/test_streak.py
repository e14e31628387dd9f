"""The glare-streak veto (``vision.top.streak``): a face called with a highlight streak across
the places its pips lie abstains, unless the pips are read clearly around it.

The tops are drawn as the reader sees them (``test_glare.red_top``: a red body, round white
pips, highlights as light as the pips). Whole scenes are drawn with ``calibration.dice_art`` and
read by ``find_dice``: a glossy red four with a streak a pip's depth wide across its middle
reads as a five (or, across its diagonal, a two) without the veto.
"""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from bench.hard_dice import GLARE_LAB, table
from calibration.dice_art import draw_die, paste_die
from vision.photo import finder
from vision.photo.finder import find_dice
from vision.top.pips import read_top
from vision.top.streak import GLARE, crossed_by_glare
from vision.top.types import CROP

from .test_glare import red_top


@pytest.mark.parametrize("face", range(1, 7))
def test_a_clean_top_is_not_crossed(face):
    top = red_top(face)
    reading = read_top(top)
    assert reading.face == face
    assert not crossed_by_glare(top, reading)


def test_a_wide_streak_across_a_fours_middle_could_hide_a_five():
    # deep enough to hold a pip where a five's middle pip lies: a four called on the four
    # pips read there is not sure
    top = red_top(4, streaks=[((-1.4, 0.0), (1.4, 0.0))], width=4.0)
    corners = tuple(b for b in read_top(top).blobs if abs(b.x - CROP / 2) > CROP / 4)
    assert len(corners) == 4
    called = replace(read_top(top), face=4, confidence=1.0, blobs=corners)
    assert crossed_by_glare(top, called)
    assert not crossed_by_glare(red_top(4), replace(read_top(red_top(4)), face=4))


def test_a_thin_streak_across_a_fours_middle_hides_no_pip():
    # a pip under it would widen it: nothing lies there
    top = red_top(4, streaks=[((-1.4, 0.0), (1.4, 0.0))], width=1.5)
    reading = read_top(top)
    if reading.face is not None:
        assert not crossed_by_glare(top, reading)


@pytest.mark.parametrize("width", [2.5, 3.0])
def test_a_streak_through_a_threes_middle_pip_leaves_the_three(width):
    # the pip widens the streak there and is as light and as large as the other two
    # (nell 112933)
    top = red_top(3, streaks=[((-0.8, 0.15), (0.8, -0.15))], width=width)
    reading = read_top(top)
    assert reading.face == 3
    assert not crossed_by_glare(top, reading)


def test_a_glint_along_the_edge_beyond_the_pips_is_no_streak_across_them():
    top = red_top(4, streaks=[((-1.5, -1.7), (1.5, -1.7))], width=2.0)
    reading = read_top(top)
    assert reading.face == 4
    assert not crossed_by_glare(top, reading)


def test_a_reading_without_a_face_is_never_crossed():
    top = red_top(4, streaks=[((-1.4, 0.0), (1.4, 0.0))], width=3.0)
    reading = read_top(top)
    assert not crossed_by_glare(top, replace(reading, face=None, confidence=0.0))


def glossy_scene(face: int, size: int, way: float, seed: int = 3) -> np.ndarray:
    """A red die (turned 10 degrees) on a light table with a straight highlight 0.12 of its edge
    wide and 0.9 of it long through its centre, ``way`` degrees off the die's own axis."""
    img = table(4 * size, "light", seed)
    bgr, alpha = draw_die(face, "red", size, 10.0, seed=seed)
    centre = (2 * size, 2 * size)
    paste_die(img, bgr, alpha, centre)
    mask = np.zeros_like(img)
    paste_die(mask, np.full_like(bgr, 255), alpha, centre)
    k = 4  # drawn 4x and shrunk: smooth edges
    canvas = np.zeros((img.shape[0] * k, img.shape[1] * k), np.uint8)
    a = np.radians(10.0 + way)
    half = np.array([np.cos(a), -np.sin(a)]) * 0.45 * size
    ends = [np.rint(k * (np.array(centre) + s * half)).astype(int).tolist() for s in (-1, 1)]
    cv2.line(canvas, ends[0], ends[1], 255, round(k * 0.12 * size), cv2.LINE_AA)
    shine = cv2.resize(canvas, (img.shape[1], img.shape[0]), interpolation=cv2.INTER_AREA)
    shine = (shine / 255.0) * (mask[..., 0] / 255.0)
    lab = cv2.cvtColor(img, cv2.COLOR_BGR2LAB).astype(np.float32)
    lab += shine[..., None] * (np.array(GLARE_LAB, np.float32) - lab)
    return cv2.cvtColor(np.clip(lab + 0.5, 0, 255).astype(np.uint8), cv2.COLOR_LAB2BGR)


@pytest.mark.parametrize("size", [40, 56])
@pytest.mark.parametrize("way, without_veto", [(0.0, 5), (45.0, 2)],
                         ids=["across the middle", "across the diagonal"])
def test_a_red_four_with_a_streak_across_abstains(size, way, without_veto, monkeypatch):
    image = glossy_scene(4, size, way)
    dice = find_dice(image)
    assert [(d.face, d.reason) for d in dice] == [(None, GLARE)]
    # the case the veto is for: without it the streak is read as pips, a wrong face
    monkeypatch.setattr(finder, "crossed_by_glare", lambda *args: False)
    assert [d.face for d in find_dice(image)] == [without_veto]
