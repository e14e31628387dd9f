"""How the free reader (``vision.photo.finder``) tells a die leaning on another from a flat one.

A 2 or 3 gives its squash only by its diagonal's angle, so the frame it is measured in
matters: the rectangle of the die's region can be turned off the top's axes (by a side face or
a shadow in the region), the die's own edges (``vision.top.square.die_axes``) are not.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from calibration.dice_art import draw_die, paste_die
from vision.photo.finder import edge_squash, image_squash, leaning, view
from vision.top.config import READER
from vision.top.pips import read_top
from vision.top.square import die_axes
from vision.top.types import Candidate

TABLE = (200, 205, 210)


def _flat_die(face: int, colour: str, size: int, angle: float) -> np.ndarray:
    """A drawn die lying flat, turned ``angle`` degrees (counter-clockwise on screen), in the
    middle of a plain table four times its size."""
    image = np.full((4 * size, 4 * size, 3), TABLE, np.uint8)
    bgr, alpha = draw_die(face, colour, size, angle, seed=1)
    paste_die(image, bgr, alpha, (2.0 * size, 2.0 * size))
    return image


def _off_by(direction: float, expected: float) -> float:
    """Degrees between two directions taken mod 90."""
    d = (direction - expected) % 90.0
    return min(d, 90.0 - d)


@pytest.mark.parametrize("colour", ["white", "red"])
@pytest.mark.parametrize("size", [30, 60, 100])
@pytest.mark.parametrize("angle", [0.0, 10.0, 25.0, 40.0, 55.0, 70.0, 85.0])
def test_the_edges_of_a_drawn_die_give_its_turn(colour, size, angle):
    """Within 5 degrees at every turn and size, black pips on white and white on red: the pips,
    which outweigh the edges, are erased first (before, 9 degrees off at 35 and 60)."""
    image = _flat_die(2, colour, size, angle)
    direction = die_axes(image, 2.0 * size, 2.0 * size, float(size))
    assert direction is not None
    assert _off_by(direction, -angle) <= 5.0, direction


def _red_die_by_a_tray_wall(size: int, angle: float) -> np.ndarray:
    """A drawn red die turned ``angle`` degrees on a grey table as light as it is in grey
    levels, and a tray's light wall running straight down the window half a die's edge right
    of its centre."""
    bgr, alpha = draw_die(2, "red", size, angle, seed=1)
    level = int(np.median(cv2.cvtColor(bgr, cv2.COLOR_BGR2GRAY)[alpha > 230]))
    image = np.full((4 * size, 4 * size, 3), level, np.uint8)
    wall = 2 * size + size // 2
    image[:, wall:wall + 3] = level + 60
    paste_die(image, bgr, alpha, (2.0 * size, 2.0 * size))
    return image


@pytest.mark.parametrize("size", [30, 40, 60])
@pytest.mark.parametrize("angle", [10.0, 25.0, 40.0])
def test_a_red_die_as_light_as_its_table_shows_its_edges_in_hue(size, angle):
    """Its outline hardly shows in lightness, and the wall's one way would hide it there or
    pull its direction up to 10 degrees off (nell 111548, a flat red 2 on a grey tray, was
    called cocked); in hue it is clear."""
    image = _red_die_by_a_tray_wall(size, angle)
    direction = die_axes(image, 2.0 * size, 2.0 * size, float(size))
    assert direction is not None
    assert _off_by(direction, -angle) <= 3.0, direction


def test_in_grey_alone_the_tray_wall_hides_the_red_die():
    """The reason the channels of colour vote: the same picture in grey levels gives no
    direction."""
    grey = cv2.cvtColor(cv2.cvtColor(_red_die_by_a_tray_wall(40, 40.0), cv2.COLOR_BGR2GRAY),
                        cv2.COLOR_GRAY2BGR)
    assert die_axes(grey, 80.0, 80.0, 40.0) is None


def test_one_straight_edge_or_none_gives_no_direction():
    """A tray's edge alone runs one way, not along two perpendicular axes; a plain patch has no
    edges at all."""
    step = np.full((120, 120, 3), TABLE, np.uint8)
    step[:, 70:] = (90, 140, 180)
    assert die_axes(step, 60.0, 60.0, 40.0) is None
    assert die_axes(np.full((120, 120, 3), TABLE, np.uint8), 60.0, 60.0, 40.0) is None


@pytest.mark.parametrize("seed", range(5))
def test_a_grainy_table_gives_no_direction(seed):
    """Sensor grain on a bare table runs every way: too little clarity to be a die's edges,
    even where it happens to run more along two perpendicular directions than along one."""
    grain = np.random.default_rng(seed).normal(200.0, 12.0, (120, 120, 3))
    assert die_axes(np.clip(grain, 0, 255).astype(np.uint8), 60.0, 60.0, 40.0) is None


@pytest.mark.parametrize("radius, centre", [(15, (61.3, 59.6)), (20, (60.0, 60.0)),
                                             (24, (60.0, 60.0))])
def test_a_round_counter_gives_no_direction(radius, centre):
    """A coin or a round token has edges every way: more along two perpendicular directions
    than along one by chance, but with almost no clarity."""
    image = np.full((120, 120, 3), TABLE, np.uint8)
    cv2.circle(image, (round(centre[0] * 16), round(centre[1] * 16)), radius * 16,
               (245, 245, 245), -1, lineType=cv2.LINE_AA, shift=4)
    assert die_axes(image, 60.0, 60.0, 40.0) is None


@pytest.mark.parametrize("die_angle, square_angle", [(0.0, 20.0), (0.0, 30.0), (60.0, 10.0)])
def test_a_flat_two_read_in_a_turned_square_is_not_leaning(die_angle, square_angle):
    """The two's diagonal is squeezed against the turned square's sides (below the limit),
    square against the die's edges: not a die leaning on another."""
    image = _flat_die(2, "white", 60, die_angle)
    square = Candidate(120.0, 120.0, 60.0, 60.0, square_angle, 1.0, "test")
    reading = read_top(view(image, square))
    assert reading.face == 2
    assert image_squash(square, reading) < READER.cocked_squash[2]
    assert edge_squash(image, square, reading) > 0.9
    assert not leaning(image, [(square, reading)], 2)


def test_a_two_squeezed_along_its_own_edges_is_leaning():
    """A top seen at a slant: half as deep as it is wide, its two pips on its diagonal. Its
    edges are clear and agree with its region's rectangle: the die leans."""
    image = np.full((200, 200, 3), TABLE, np.uint8)
    cv2.rectangle(image, (70, 85), (130, 115), (245, 245, 245), -1)
    for x, y in ((85, 93), (115, 107)):
        cv2.circle(image, (x, y), 5, (30, 30, 30), -1, lineType=cv2.LINE_AA)
    top = Candidate(100.0, 100.0, 60.0, 30.0, 0.0, 1.0, "test")
    reading = read_top(view(image, top))
    assert reading.face == 2
    assert die_axes(image, 100.0, 100.0, 45.0) is not None
    assert edge_squash(image, top, reading) < READER.cocked_squash[2]
    assert leaning(image, [(top, reading)], 2)
