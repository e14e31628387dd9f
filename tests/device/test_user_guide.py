"""docs/user-guide.md shows the screens the current code draws: its pictures are regenerated
here from the emulated OLED and compared with docs/img (the screen models always; the pixels
when this Pillow is the one that drew them, text rendering varying between versions), and
every picture the guide names exists and is one of those drawn."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import PIL
import pytest
from PIL import Image

from device.user_guide_shots import INDEX, SCALE, picture, shots

DOCS = Path(__file__).resolve().parents[2] / "docs"
IMG = DOCS / "img"
REGENERATE = "regenerate them: .venv/bin/python -m device.user_guide_shots docs/img"


@pytest.fixture(scope="module")
def taken():
    return shots()


@pytest.fixture(scope="module")
def index():
    return json.loads((IMG / INDEX).read_text(encoding="utf-8"))


def test_the_guide_tells_what_the_screens_now_say(taken, index):
    assert {shot.name: repr(shot.screen) for shot in taken} == index["screens"], REGENERATE


def test_the_pictures_are_the_pixels_the_code_draws(taken, index):
    if index["pillow"] != PIL.__version__:
        pytest.skip(f"the pictures were drawn by Pillow {index['pillow']}, this is "
                    f"{PIL.__version__}: text renders differently")
    for shot in taken:
        stored = Image.open(IMG / f"{shot.name}.png")
        assert stored.mode == "1" and stored.size == (128 * SCALE, 64 * SCALE)
        drawn = np.asarray(picture(shot.image))
        assert (np.asarray(stored) == drawn).all(), f"{shot.name}.png is stale: {REGENERATE}"


def test_every_picture_of_the_guide_is_drawn_and_every_drawn_one_is_in_the_guide(index):
    guide = (DOCS / "user-guide.md").read_text(encoding="utf-8")
    named = re.findall(r"\]\(img/([\w-]+)\.png\)", guide)
    assert sorted(set(named)) == sorted(index["screens"])
    assert sorted(p.stem for p in IMG.glob("*.png")) == sorted(index["screens"])
