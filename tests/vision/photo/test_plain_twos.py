"""A two whose pips stand out from a weaker mark on its top reads as a two
(``vision.photo.twos.plain_two``), and nothing that could be a pip of a face holding the two
lets it: a three's middle pip, a four's other corners, a peak as strong as the pips. A face
called on pips of one shade is put in doubt when a region's square plainly shows another face
in the other shade (``plain_face``, ``vision.photo.finder.shown_otherwise``): a translucent
die's far pips, darker than its body, read as a four beside its own three white pips.

The tops are drawn straight into the reader's view (``VIEW`` px, the top on the middle ``CROP``
square, green felt around it), seeded: a red body, white pips at the nominal lattice (a pip's
lightness given as a share of the way from the body's colour to white), and a casino die's logo
as a drawn-out light mark between the pips.
"""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from vision.photo import finder, twos
from vision.photo.config import PHOTO
from vision.photo.finder import find_dice, shown_otherwise
from vision.photo.twos import plain_face, plain_two
from vision.top.config import READER
from vision.top.pips import read_top
from vision.top.types import CROP, MARGIN, VIEW, Candidate, PipReading

RED = np.array([40.0, 35.0, 165.0])  # BGR
WHITE = np.array([235.0, 235.0, 240.0])
FELT = (60, 105, 25)
STEP = READER.nominal_step * CROP / 2.0  # px between lattice points
TWO = [(-1, -1), (1, 1)]


def top_view(pips: list[tuple[int, int, float]], seed: int, logo: float = 0.0) -> np.ndarray:
    """A die top in the reader's view: pips at lattice points (i, j) of lightness ``level``,
    and, with ``logo`` > 0, a drawn-out mark of that lightness across the middle."""
    rng = np.random.default_rng(seed)
    img = np.zeros((VIEW, VIEW, 3), np.float32)
    img[:] = FELT
    img[MARGIN:MARGIN + CROP, MARGIN:MARGIN + CROP] = RED
    mid = VIEW / 2.0
    radius = float(rng.uniform(3.8, 4.6))
    for i, j, level in pips:
        colour = (RED + level * (WHITE - RED)).tolist()
        centre = (round(mid + i * STEP), round(mid + j * STEP))
        cv2.circle(img, centre, round(radius), colour, -1, cv2.LINE_AA)
    if logo > 0.0:
        colour = (RED + logo * (WHITE - RED)).tolist()
        cv2.ellipse(img, (round(mid), round(mid)), (6, 2), float(rng.uniform(-60, 60)), 0, 360,
                    colour, -1, cv2.LINE_AA)
    img += rng.normal(0.0, 3.0, img.shape).astype(np.float32)
    return cv2.GaussianBlur(np.clip(img, 0, 255).astype(np.uint8), (3, 3), 0)


SEEDS = range(10)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_two_with_a_logo_between_its_pips_reads_as_a_two(seed):
    view = top_view([(i, j, 1.0) for i, j in TWO], seed, logo=0.6)
    reading = plain_two(view, "light")
    assert reading is not None and reading.face == 2
    assert reading.confidence >= PHOTO.abstain_below


def test_the_reader_alone_does_not_call_those_twos():
    faces = [read_top(top_view([(i, j, 1.0) for i, j in TWO], s, logo=0.6)) for s in SEEDS]
    called = [r.face for r in faces if r.face is not None and r.confidence >= PHOTO.abstain_below]
    assert called.count(2) <= 2, called


@pytest.mark.parametrize("seed", SEEDS)
def test_a_three_with_a_fainter_middle_pip_is_no_two(seed, monkeypatch):
    view = top_view([(-1, -1, 1.0), (0, 0, 0.85), (1, 1, 1.0)], seed)
    assert plain_two(view, "light") is None
    # the middle rule is what keeps it from being read as a two
    monkeypatch.setattr(twos, "PHOTO", replace(PHOTO, two_middle=10.0, two_outshone=10.0))
    assert plain_two(view, "light") is not None


@pytest.mark.parametrize("seed", SEEDS)
def test_a_four_with_two_faint_pips_is_no_two(seed, monkeypatch):
    view = top_view([(-1, -1, 1.0), (1, 1, 1.0), (1, -1, 0.5), (-1, 1, 0.5)], seed)
    assert plain_two(view, "light") is None
    monkeypatch.setattr(twos, "PHOTO", replace(PHOTO, two_lattice=10.0, two_outshone=10.0))
    assert plain_two(view, "light") is not None


def test_pips_unlike_each_other_are_no_two(monkeypatch):
    view = top_view([(-1, -1, 1.0), (1, 1, 0.45)], seed=3)
    assert plain_two(view, "light") is None
    monkeypatch.setattr(twos, "PHOTO", replace(PHOTO, two_even=0.0))
    assert plain_two(view, "light") is not None


def felt_scene(seed: int) -> tuple[np.ndarray, tuple[float, float]]:
    """A 160 px felt image with the logo two of ``top_view`` at 48 px in its middle."""
    view = top_view([(i, j, 1.0) for i, j in TWO], seed, logo=0.6)
    image = np.zeros((160, 160, 3), np.uint8)
    image[:] = FELT
    image[80 - VIEW // 2:80 + VIEW // 2, 80 - VIEW // 2:80 + VIEW // 2] = view
    return image, (80.0, 80.0)


def _faces(seeds) -> list[int | None]:
    out = []
    for seed in seeds:
        image, (x, y) = felt_scene(seed)
        near = [d.face for d in find_dice(image, min_size=20, max_size=100)
                if np.hypot(d.x - x, d.y - y) < 20]
        out.append(near[0] if near else None)
    return out


def test_the_finder_reads_them_where_the_reader_abstains(monkeypatch):
    faces = _faces(range(6))
    assert faces.count(2) >= 5 and set(faces) <= {2, None}, faces
    monkeypatch.setattr(finder, "plain_twos", lambda image, readings, regions: [])
    assert _faces(range(6)).count(2) <= 1


def through_view(seed: int) -> np.ndarray:
    """A translucent red three: its white pips, with its far faces' pips as darker spots at
    the four corners and a weaker light mark beside its diagonal."""
    view = top_view([(-1, -1, 1.0), (0, 0, 1.0), (1, 1, 1.0)], seed)
    mid = VIEW / 2.0
    for i, j in ((-1, 1), (1, -1), (-0.5, 1.4), (1.4, -0.5)):
        centre = (round(mid + i * STEP), round(mid + j * STEP))
        cv2.circle(view, centre, 4, (25, 20, 95), -1, cv2.LINE_AA)
    cv2.ellipse(view, (round(mid - 0.9 * STEP), round(mid + 0.2 * STEP)), (5, 2), 70.0, 0, 360,
                (130, 125, 200), -1, cv2.LINE_AA)
    return view


@pytest.mark.parametrize("seed", range(6))
def test_a_top_shows_its_three_plainly_past_a_weaker_mark(seed):
    assert plain_face(through_view(seed), "light") == 3


def test_a_fourth_peak_as_strong_as_the_pips_is_no_plain_three():
    view = top_view([(-1, -1, 1.0), (0, 0, 1.0), (1, 1, 1.0), (1, -1, 0.9)], seed=1)
    assert plain_face(view, "light") != 3


def _region_and_readings(image, x, y, size):
    region = Candidate(x, y, size, size, 0.0, 1.0, "edges")
    return region, [(region, PipReading(None, 0.0, "unclear pips", "light"))]


@pytest.mark.parametrize("seed", range(4))
def test_a_face_called_on_dark_spots_is_put_in_doubt_by_the_plain_light_three(seed, monkeypatch):
    view = through_view(seed)
    image = np.zeros((200, 200, 3), np.uint8)
    image[:] = FELT
    image[100 - VIEW // 2:100 + VIEW // 2, 100 - VIEW // 2:100 + VIEW // 2] = view
    region, readings = _region_and_readings(image, 100.0, 100.0, float(CROP))
    dark_four = PipReading(4, 0.8, "", "dark")
    assert shown_otherwise(image, readings, [region], dark_four)
    assert not shown_otherwise(image, readings, [region], PipReading(3, 0.8, "", "dark"))
    # without the other shade's plain face, nothing puts the dark four in doubt
    monkeypatch.setattr(finder, "plain_face", lambda view, polarity: None)
    assert not shown_otherwise(image, readings, [region], dark_four)
