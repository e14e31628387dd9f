"""How the free reader (``vision.dice.find_dice``) treats a die smeared by motion, by how far.

A smear over half the die's edge draws its pips into streaks and is never read
(``test_dice.py``). The pips of a blurred die are never read as dice of their own.
"""

from __future__ import annotations

import numpy as np
import pytest

from bench.hard_dice import clean_scene, smear
from vision.dice import find_dice


def _short_smear(seed: int) -> tuple[np.ndarray, int]:
    """``bench hard``'s drawn die of ``seed`` smeared over a fifth of its edge, and its face."""
    scene = clean_scene(seed)
    angle = float(np.random.default_rng(10_000 + seed).uniform(0, 180))
    return smear(scene.image, scene.size // 5, angle), scene.dice[0][2]


@pytest.mark.parametrize("seed", [9, 13, 51, 98])
def test_the_pips_of_a_blurred_die_are_not_dice(seed):
    """Large dice (116-145 px) whose smeared square abstains as blurred: their smeared pips,
    20-27 px regions each, were each read as a one at confidence 0.68-0.96."""
    image, face = _short_smear(seed)
    dets = find_dice(image)
    assert all(d.face in (None, face) for d in dets), dets
