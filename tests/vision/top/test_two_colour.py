"""The two-pip-colour mode of the top reader (vision.top.two_colour): Bossa's dot tiles, each
face's white and black pips counted at once, an abstention where the pips do not make a face."""

import cv2
import numpy as np
import pytest

from calibration.dice_art import PIP_OFFSET
from calibration.tile_art import TILE_BODY, canvas_side, draw_tile
from vision.top.config import READER
from vision.top.two_colour import read_two_colour_top
from vision.top.types import CROP, MARGIN, VIEW

TILES = [(w, b) for w in range(7) for b in range(7) if 1 <= w + b <= 6]
PAPER = np.array([222, 226, 228], np.float32)


def face_crop(white: int, black: int, *, angle: float = 0.0, shift: tuple[int, int] = (0, 0),
              light: float = 1.0, noise: float = 2.0, seed: int = 0) -> np.ndarray:
    """A tile drawn at the crop's face size on paper, blurred and noisy like a warped view,
    framed as ``read_top``'s crop (the face ``shift`` px off its centre)."""
    bgr, alpha = draw_tile(white, black, CROP, angle, seed=seed)
    side = canvas_side(CROP)
    a = alpha.astype(np.float32)[..., None] / 255.0
    image = bgr.astype(np.float32) * a + PAPER * (1 - a)
    big = np.tile(PAPER, (side + 40, side + 40, 1))
    big[20:20 + side, 20:20 + side] = image
    centre = 20 + side / 2
    x0, y0 = round(centre - VIEW / 2 - shift[0]), round(centre - VIEW / 2 - shift[1])
    crop = cv2.GaussianBlur(big[y0:y0 + VIEW, x0:x0 + VIEW], (0, 0), 1.0) * light
    rng = np.random.default_rng(seed)
    crop += rng.normal(0, noise, crop.shape)
    return np.clip(crop + 0.5, 0, 255).astype(np.uint8)


@pytest.mark.parametrize("white,black", TILES)
def test_every_tile_is_read_white_and_black(white, black):
    reading = read_two_colour_top(face_crop(white, black, seed=white * 7 + black))
    assert (reading.white, reading.black) == (white, black), reading
    assert reading.confidence >= READER.min_confidence
    assert reading.pips == white + black


@pytest.mark.parametrize("white,black", [(0, 6), (6, 0), (3, 3), (2, 1), (1, 4)])
def test_a_dim_slightly_turned_tile_is_read(white, black):
    reading = read_two_colour_top(face_crop(white, black, angle=6.0, light=0.55, noise=3.0))
    assert (reading.white, reading.black) == (white, black), reading
    assert reading.confidence >= READER.min_confidence


def test_a_plain_face_has_no_pips():
    crop = face_crop(1, 0)
    body = np.array(TILE_BODY, np.uint8)
    cv2.circle(crop, (VIEW // 2, VIEW // 2), 8, body.tolist(), -1)  # the one pip painted over
    reading = read_two_colour_top(crop)
    assert reading.white is None and reading.black is None and reading.confidence == 0.0
    assert reading.reason == "no pips"


def test_a_faint_spot_where_a_pip_would_make_another_face_keeps_it_unsure():
    crop = face_crop(2, 0, seed=3)  # a two on the diagonal; a three's middle pip is free
    body = np.array(TILE_BODY, np.float32)
    faint = body + 0.3 * (np.array([242.0, 242.0, 242.0]) - body)  # a washed-out white pip
    cv2.circle(crop, (VIEW // 2, VIEW // 2), 4, faint.astype(np.uint8).tolist(), -1)
    reading = read_two_colour_top(cv2.GaussianBlur(crop, (0, 0), 0.8))
    assert reading.confidence < READER.min_confidence
    clean = read_two_colour_top(face_crop(2, 0, seed=3))
    assert (clean.white, clean.black, clean.confidence >= READER.min_confidence) == (2, 0, True)


def test_pips_half_as_far_apart_as_a_face_has_them_are_not_a_face():
    crop = np.full((VIEW, VIEW, 3), TILE_BODY, np.uint8)
    step = PIP_OFFSET * CROP / 2  # two white pips of a three's diagonal, its middle one missing
    for k in (-1, 0):
        centre = (round(VIEW / 2 + k * step), round(VIEW / 2 + k * step))
        cv2.circle(crop, centre, 4, (242, 242, 242), -1)
    reading = read_two_colour_top(cv2.GaussianBlur(crop, (0, 0), 0.8))
    assert reading.white is None and reading.reason in ("pips out of scale", "unclear pips")


def test_a_face_framed_off_centre_says_where_its_pips_lie():
    reading = read_two_colour_top(face_crop(2, 2, shift=(5, -4), seed=1))
    assert reading.centre is not None
    x, y = reading.centre
    assert abs(x - (CROP / 2 + 5)) < 1.5 and abs(y - (CROP / 2 - 4)) < 1.5


def test_a_crop_of_another_size_is_refused():
    with pytest.raises(ValueError, match="crop"):
        read_two_colour_top(np.zeros((VIEW + 2, VIEW, 3), np.uint8))
    assert MARGIN * 2 + CROP == VIEW
