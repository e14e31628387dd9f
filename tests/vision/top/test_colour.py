"""A die's colour is its body's, taken between the pips it shows.

``vision.top.pips.body_lab`` takes the middle of a die top; on a die with large pips (or a
square placed tight around its pips) a five's centre pip and its neighbours fill most of that
middle, and the body looks like the pips. ``body_between_pips`` leaves the pips out.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.photo.finder import view
from vision.top.colour import classify_colour
from vision.top.pips import body_between_pips, read_top
from vision.top.types import CROP, VIEW, Blob, Candidate

RED, WHITE_PIP, TABLE = (40, 35, 150), (235, 235, 240), (200, 205, 210)


def big_pipped_five(pip_radius: float = 0.14) -> np.ndarray:
    """A 60 px red die at (100, 100) with a five of white pips ``pip_radius`` die edges wide."""
    img = np.full((200, 200, 3), TABLE, np.uint8)
    cv2.rectangle(img, (70, 70), (130, 130), RED, -1)
    for u, v in ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)):
        centre = (round((100 + 0.27 * 60 * u) * 16), round((100 + 0.27 * 60 * v) * 16))
        cv2.circle(img, centre, round(pip_radius * 60 * 16), WHITE_PIP, -1, cv2.LINE_AA, 4)
    return img


def test_the_body_between_large_pips_is_red():
    top = view(big_pipped_five(), Candidate(100.0, 100.0, 60.0, 60.0, 0.0, 1.0, "test"))
    reading = read_top(top)
    assert reading.face == 5
    assert classify_colour(top) != "red"  # the middle of the top is mostly pip
    assert classify_colour(top, body_between_pips(top, reading.blobs)) == "red"


def test_pips_that_cover_the_top_leave_no_body():
    top = np.full((VIEW, VIEW, 3), WHITE_PIP, np.uint8)
    spread = np.linspace(0.0, CROP, 7)
    everywhere = [Blob(float(x), float(y), 1.0, 1.0) for x in spread for y in spread]
    assert body_between_pips(top, everywhere) is None
    assert body_between_pips(top, []) is not None
    assert body_between_pips(top[:40], []) is None  # not a reader's view
