"""The finder's half-size look: over a wide range of sizes, large dice are looked for again on
an image of half the size, where their edges and regions look as a small die's do on the
whole, and only at places the first look reported no die of their size at.

The scenes are the faint ones of ``test_dice_faint`` (a cream die on a light grey table, a
white die on a tray beside a wall) enlarged: the same dice at 66-90 px, their edges softened
as a camera's optics soften a large die's.
"""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

import vision.photo.candidates
from bench.hard_dice import blurred_scene, cocked_scene
from tests.vision.photo.test_faint import FACES, SEARCH, cream_scene, tray_scene
from vision.photo.candidates import larger_candidates
from vision.photo.config import PHOTO
from vision.photo.finder import find_dice


def _enlarged(img: np.ndarray, k: float) -> np.ndarray:
    return cv2.resize(img, None, fx=k, fy=k, interpolation=cv2.INTER_LINEAR)


def _right(scenes: list[np.ndarray], faces: list[int]) -> int:
    return sum([d.face for d in find_dice(img, min_size=SEARCH[0], max_size=SEARCH[1])]
               == [face] for img, face in zip(scenes, faces, strict=True))


def test_there_is_no_half_size_look_over_a_narrow_range():
    img = _enlarged(cream_scene(0, 5), 3.0)
    assert larger_candidates(img, 60.0, 100.0) == []
    assert larger_candidates(img, SEARCH[0], SEARCH[1])  # 12-150 px: it looks


def test_its_regions_are_placed_and_sized_on_the_whole_image():
    img = _enlarged(cream_scene(0, 5), 3.0)  # the die: 90 px at (480, 480)
    near = [c for c in larger_candidates(img, SEARCH[0], SEARCH[1])
            if np.hypot(c.cx - 480.0, c.cy - 480.0) < 10.0]
    assert near
    assert all(70.0 < c.size < 110.0 for c in near)


def test_large_faint_dice_are_found_on_the_half_size_image(monkeypatch):
    faces = [face for _, face in FACES]
    scenes = [_enlarged(cream_scene(seed, face), 3.0) for seed, face in FACES]
    with_half = _right(scenes, faces)
    # the first look alone
    monkeypatch.setattr(vision.photo.candidates, "PHOTO", replace(PHOTO, octave=float("inf")))
    without = _right(scenes, faces)
    assert with_half >= without + 3, (with_half, without)


@pytest.mark.parametrize("seed, face", FACES[:6])
def test_a_die_the_first_look_found_keeps_its_reading(monkeypatch, seed, face):
    img = tray_scene(seed, face)[0]  # 22 px dice: the first look finds them
    both = find_dice(img, min_size=SEARCH[0], max_size=SEARCH[1])
    monkeypatch.setattr(vision.photo.candidates, "PHOTO", replace(PHOTO, octave=float("inf")))
    assert find_dice(img, min_size=SEARCH[0], max_size=SEARCH[1]) == both


@pytest.mark.parametrize("make, seed", [(cocked_scene, 12), (blurred_scene, 14)])
def test_the_half_size_look_adds_no_die_where_the_first_look_saw_one(make, seed):
    # the first look abstains on these (cocked, smeared); the half-size look found a region
    # beside the leaning die's top (its side face, read as a two) and one around the smeared
    # die with its smear (read as a four): the first look's die is at their place
    scene = make(seed)
    truth = {face for *_, face in scene.dice}
    dets = find_dice(scene.image)
    assert dets and all(d.face is None or d.face in truth for d in dets), dets
