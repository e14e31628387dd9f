"""A die held in a hand gives no reading (vision.photo.held), on drawn scenes.

The hand is drawn as a palm and fingers in skin colours (the ones ``test_hand`` uses for an
arm), gripping a drawn die from two sides.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from bench.hard_dice import table
from calibration.dice_art import draw_die, paste_die
from vision.photo.finder import find_dice
from vision.photo.held import colour_distance, hand_mask, held

SKIN = [(120, 160, 215), (60, 85, 130), (150, 185, 230)]
SIDE, DIE = 400, 36
CENTRE = (200.0, 200.0)


def scene(kind: str = "light", skin: tuple[int, int, int] | None = None, *,
          apart: float = 0.0, patch: bool = False, face: int = 3, seed: int = 4) -> np.ndarray:
    """A die at the centre; ``skin``: a hand gripping it, ``apart`` die edges to its left
    (0: the fingers touch the die); ``patch``: a die-sized skin-coloured square beside it."""
    img = table(SIDE, kind, seed)
    x, y = (round(v) for v in CENTRE)
    if skin is not None:
        shift = round(apart * DIE)
        # palm below left, thumb along the left side, two fingers over the top edge
        cv2.ellipse(img, (x - 70 - shift, y + 60), (60, 45), 30, 0, 360, skin, -1)
        cv2.rectangle(img, (x - 34 - shift, y - 20), (x - 19 - shift, y + 40), skin, -1)
        cv2.rectangle(img, (x - 30 - shift, y - 36), (x + 40 - shift, y - 20), skin, -1)
        cv2.rectangle(img, (x - 30 - shift, y - 52), (x + 30 - shift, y - 37), skin, -1)
    if patch:
        cv2.rectangle(img, (x + 40, y - 18), (x + 76, y + 18), SKIN[0], -1)
    bgr, alpha = draw_die(face, "white", DIE, 10.0, seed=seed)
    paste_die(img, bgr, alpha, CENTRE)
    return img


def near_centre(dets):
    return [d for d in dets if np.hypot(d.x - CENTRE[0], d.y - CENTRE[1]) < DIE]


@pytest.mark.parametrize("skin", SKIN)
def test_die_held_in_a_hand_gives_no_reading(skin):
    free = near_centre(find_dice(scene()))
    assert [d.face for d in free] == [3]  # the same die, no hand: read
    assert held(scene(skin=skin), [(*CENTRE, DIE)]) == [True]
    assert near_centre(find_dice(scene(skin=skin))) == []


def test_die_beside_a_hand_that_does_not_hold_it_is_read():
    img = scene(skin=SKIN[0], apart=1.5)
    assert held(img, [(*CENTRE, DIE)]) == [False]
    assert [d.face for d in near_centre(find_dice(img))] == [3]


def test_a_die_sized_skin_coloured_thing_is_no_hand():
    img = scene(patch=True)
    assert hand_mask(img).any()  # the square is skin-coloured ...
    assert held(img, [(*CENTRE, DIE)]) == [False]  # ... but no larger than a die or two


def test_a_wooden_table_is_no_hand():
    """White dice on an eighth of a small view of a wooden table: the least saturated tenth of
    the view is dice, so by saturation alone the wood would pass for skin."""
    img = table(160, "wood", 3)
    for x, face in ((60.0, 5), (100.0, 2)):
        bgr, alpha = draw_die(face, "white", 40, 0.0, seed=3)
        paste_die(img, bgr, alpha, (x, 80.0))
    assert cv2.countNonZero(hand_mask(img)) < 0.01 * img.shape[0] * img.shape[1]
    assert held(img, [(60.0, 80.0, 40.0), (100.0, 80.0, 40.0)]) == [False, False]
    assert sorted(d.face for d in find_dice(img)) == [2, 5]


def test_no_places_no_work():
    assert held(scene(), []) == []


def test_an_image_too_small_to_shrink_holds_no_hand():
    assert held(np.full((1, 5, 3), 200, np.uint8), [(2.0, 0.5, 1.0)]) == [False]


@pytest.mark.parametrize("colour", [(128.0, 128.0, 128.0), (127.5, 131.0, 140.5),
                                    (0.0, 255.0, 3.5)])
def test_colour_distance_is_numpys_sum_of_channel_differences(colour):
    """The same numbers as numpy's float32 arithmetic, to the last bit, and its shape."""
    rng = np.random.default_rng(3)
    lab = rng.integers(0, 256, (37, 53, 3), dtype=np.uint8)
    table = np.array(colour, np.float32)
    want = np.abs(lab.astype(np.float32) - table).sum(axis=2)
    got = colour_distance(lab, table)
    assert got.dtype == want.dtype and got.shape == want.shape
    assert np.array_equal(got, want)
