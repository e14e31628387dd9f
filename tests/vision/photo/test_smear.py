"""How the photo finder (``vision.photo.finder.find_dice``) treats a die smeared by motion, by
how far.

A smear over half the die's edge draws its pips into streaks and is never read
(``test_dice.py``). A short one leaves the pips round, or draws every pip out alike along the
motion: the face is as clear as on a sharp die, and its gradients running mostly one way say
no more than a side face or a shadow does. The pips of a blurred die are never read as dice
of their own.
"""

from __future__ import annotations

import numpy as np
import pytest

from bench.hard_dice import blurred_scene, clean_scene, smear
from vision.photo.config import PHOTO
from vision.photo.finder import find_dice, smeared
from vision.top.blur import gradient_anisotropy, gradient_smear
from vision.top.config import READER
from vision.top.types import Candidate, PipReading


def _short_smear(seed: int, part: int = 5) -> tuple[np.ndarray, int]:
    """``bench hard``'s drawn die of ``seed`` smeared over 1/``part`` of its edge, and its
    face."""
    scene = clean_scene(seed)
    angle = float(np.random.default_rng(10_000 + seed).uniform(0, 180))
    return smear(scene.image, scene.size // part, angle), scene.dice[0][2]


def test_a_die_smeared_over_a_fifth_of_its_edge_is_read():
    """Sixteen drawn dice, all sizes and bodies: by their gradients alone 8 were called
    blurred; now 13 are read, and none wrong."""
    right = 0
    for seed in range(16):
        image, face = _short_smear(seed)
        dets = find_dice(image)
        assert all(d.face in (None, face) for d in dets), (seed, face, dets)
        right += any(d.face == face for d in dets)
    assert right >= 12


def test_a_die_smeared_over_a_quarter_of_its_edge_is_read_by_pips_drawn_out_alike():
    """The same sixteen dice smeared over a quarter of their edge: the pips are drawn out
    past round, all along the motion. Read 3 when only round pips vouched for a die; now
    11, and none wrong."""
    right = 0
    for seed in range(16):
        image, face = _short_smear(seed, part=4)
        dets = find_dice(image)
        assert all(d.face in (None, face) for d in dets), (seed, face, dets)
        right += any(d.face == face for d in dets)
    assert right >= 10


@pytest.mark.parametrize("seed", [9, 13, 51, 98])
def test_the_pips_of_a_blurred_die_are_not_dice(seed):
    """Large dice (116-145 px) whose smeared square abstains as blurred: their smeared pips,
    20-27 px regions each, were each read as a one at confidence 0.68-0.96."""
    image, face = _short_smear(seed)
    dets = find_dice(image)
    assert all(d.face in (None, face) for d in dets), dets


def test_a_streak_squeezed_round_by_a_stretched_square_is_not_read():
    """``bench hard``'s blurred scene 65: a 30 px red two smeared over half its edge. The
    rectangle grown over die and smear, stretched to a square, makes its streaks round pips;
    by their elongation in the crop alone the two was read at confidence 1.0."""
    scene = blurred_scene(65)
    assert all(d.face is None for d in find_dice(scene.image))


def _crop(vertical: float) -> np.ndarray:
    """A BGR crop of strong horizontal bands and weaker vertical ones (``vertical`` of their
    contrast): gradients that run mostly one way."""
    y, x = np.mgrid[0:48, 0:48]
    grey = 128 + 60 * np.sign(np.sin(y / 4.0)) + 60 * vertical * np.sign(np.sin(x / 4.0))
    return np.repeat(np.clip(grey, 0, 255).astype(np.uint8)[:, :, None], 3, axis=2)


def _pips(elongation: float, spreads: tuple[tuple[float, float, float], ...] = ()
          ) -> PipReading:
    return PipReading(4, 1.0, elongation=elongation, spreads=spreads)


ALONG_X, ALONG_Y = (4.0, 1.0, 0.0), (1.0, 4.0, 0.0)  # pips' second moments: drawn out 2:1


def _square(aspect: float = 1.0) -> Candidate:
    return Candidate(24.0, 24.0, 40.0 * aspect, 40.0, 0.0, 0.9, "test")


def test_round_pips_read_through_gradients_that_run_mostly_one_way():
    crop = _crop(0.6)
    assert READER.blur_anisotropy < gradient_anisotropy(crop) <= PHOTO.surely_smeared
    assert not smeared(crop, _square(), _pips(1.1))
    assert smeared(crop, _square(), _pips(PHOTO.round_pips))  # drawn out
    assert smeared(crop, _square(), None)  # no reading that vouches for sharp pips
    # a crop of a rectangle 1.25 times as long: up to 1.375 in the image
    assert smeared(crop, _square(1.25), _pips(1.1))


def test_gradients_that_run_nearly_all_one_way_are_a_smear_whatever_the_pips():
    crop = _crop(0.0)
    assert gradient_anisotropy(crop) > PHOTO.surely_smeared
    assert smeared(crop, _square(), _pips(1.0))


def test_gradients_that_run_every_way_are_no_smear():
    crop = _crop(1.0)
    assert gradient_anisotropy(crop) <= READER.blur_anisotropy
    assert not smeared(crop, _square(), None)


def test_the_smear_runs_across_the_strongest_gradients():
    x, y = gradient_smear(_crop(0.6))[1]  # horizontal bands: the gradients run along y
    assert abs(x) == pytest.approx(1.0, abs=1e-3) and abs(y) < 0.02  # within 1 degree


def test_pips_all_drawn_out_along_the_smear_are_the_die_s_own():
    crop = _crop(0.6)
    assert not smeared(crop, _square(), _pips(1.5, (ALONG_X,) * 4))
    assert smeared(crop, _square(), _pips(1.5, (ALONG_Y,) * 4))  # across the motion
    # a pip and a glare arc or a printed stroke, each drawn out its own way
    assert smeared(crop, _square(), _pips(1.5, (ALONG_X, ALONG_Y)))
    assert smeared(crop, _square(), _pips(1.5))  # no pip shapes: nothing vouches


def test_a_rectangle_drawn_out_along_the_smear_holds_streaks():
    """A rectangle 1.25 times as long along the motion was grown over a long smear: its pips'
    shapes, measured in a window a pip wide, are streaks cut short. Drawn out the other way
    (a side face in the rectangle), the pips still vouch for the die."""
    crop = _crop(0.6)
    along = Candidate(24.0, 24.0, 50.0, 40.0, 0.0, 0.9, "test")
    across = Candidate(24.0, 24.0, 40.0, 50.0, 0.0, 0.9, "test")
    assert smeared(crop, along, _pips(1.1, (ALONG_X,) * 4))
    assert not smeared(crop, across, _pips(1.1, (ALONG_X,) * 4))
