"""A two whose pips run into each other along its diagonal is no two
(``vision.photo.joined.joined_two``): a band of the pips' shade all along the middle of the
line between them (a small five's middle pip and the body between its pips run together), not
a short mark at its middle (a logo) nor plain body.

The tops are drawn straight into the reader's view (``VIEW`` px, the top on the middle ``CROP``
square), seeded: a dark blue body, red pips at two diagonal corners of the nominal lattice.
"""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from tests.vision.photo.test_small_twos import white_two_scene
from vision.photo import finder, joined
from vision.photo.config import PHOTO
from vision.photo.joined import joined_two
from vision.top.config import READER
from vision.top.pips import body_difference, body_lab, contrast_maps
from vision.top.types import CROP, MARGIN, VIEW, Blob, PipReading

BODY = np.array([90.0, 45.0, 20.0])  # BGR, dark blue
PIP = np.array([60.0, 40.0, 200.0])  # red
STEP = READER.nominal_step * CROP / 2.0
MID = VIEW / 2.0
CORNERS = ((MID - STEP, MID - STEP), (MID + STEP, MID + STEP))


def two_view(seed: int, band: float = 0.0, mark: bool = False) -> np.ndarray:
    """A two's top; ``band`` > 0 joins its pips by a stroke of that share of the way from the
    body's colour to the pips'; ``mark`` adds a short light mark at the middle only."""
    rng = np.random.default_rng(seed)
    img = np.zeros((VIEW, VIEW, 3), np.float32)
    img[:] = (200, 200, 200)
    img[MARGIN:MARGIN + CROP, MARGIN:MARGIN + CROP] = BODY
    (x0, y0), (x1, y1) = CORNERS
    if band > 0.0:
        colour = (BODY + band * (PIP - BODY)).tolist()
        cv2.line(img, (round(x0), round(y0)), (round(x1), round(y1)), colour, 4, cv2.LINE_AA)
    if mark:
        colour = (BODY + 0.8 * (PIP - BODY)).tolist()
        cv2.circle(img, (round(MID), round(MID)), 3, colour, -1, cv2.LINE_AA)
    radius = round(float(rng.uniform(3.8, 4.6)))
    for x, y in CORNERS:
        cv2.circle(img, (round(x), round(y)), radius, PIP.tolist(), -1, cv2.LINE_AA)
    img += rng.normal(0.0, 3.0, img.shape).astype(np.float32)
    return cv2.GaussianBlur(np.clip(img, 0, 255).astype(np.uint8), (3, 3), 0)


def two_reading(view: np.ndarray) -> PipReading:
    """The two's reading: its pips at the corners drawn, with their contrast in the view."""
    lab = cv2.cvtColor(view, cv2.COLOR_BGR2LAB)
    diff, dist = body_difference(lab, body_lab(lab))
    contrast = contrast_maps(diff, dist)["light"]
    blobs = tuple(Blob(x - MARGIN, y - MARGIN, 50.0, float(contrast[round(y), round(x)]))
                  for x, y in CORNERS)
    return PipReading(2, 1.0, "", "light", blobs)


SEEDS = range(8)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_plain_two_is_not_joined(seed):
    view = two_view(seed)
    assert not joined_two(view, two_reading(view))


@pytest.mark.parametrize("seed", SEEDS)
def test_a_mark_at_the_middle_alone_does_not_join_the_pips(seed):
    view = two_view(seed, mark=True)
    assert not joined_two(view, two_reading(view))


@pytest.mark.parametrize("seed", SEEDS)
def test_pips_joined_by_a_band_are_no_two(seed, monkeypatch):
    view = two_view(seed, band=0.6)
    reading = two_reading(view)
    assert joined_two(view, reading)
    # the share is what tells the band from the body
    monkeypatch.setattr(joined, "PHOTO", replace(PHOTO, joined_two=0.9))
    assert not joined_two(view, reading)


def test_only_two_pips_are_judged():
    view = two_view(0, band=0.6)
    reading = two_reading(view)
    three = replace(reading, face=3, blobs=(*reading.blobs, Blob(24.0, 24.0, 50.0, 50.0)))
    assert not joined_two(view, three)


def test_the_finder_abstains_on_a_two_whose_pips_are_joined(monkeypatch):
    def faces() -> list[int | None]:
        out = []
        for seed in range(4):
            image, (x, y), size = white_two_scene(seed)
            near = [d for d in finder.find_dice(image, min_size=12, max_size=150)
                    if np.hypot(d.x - x, d.y - y) < 0.75 * size]
            out.append(near[0].face if near else None)
        return out

    assert faces().count(2) >= 3
    monkeypatch.setattr(finder, "joined_two", lambda view, reading: True)
    assert 2 not in faces()
