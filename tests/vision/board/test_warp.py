"""The kept-maps warp gives warpPerspective's view, and builds new maps when the board moves."""

from __future__ import annotations

import numpy as np
import pytest

from calibration.board_files import load_layout
from vision.board.config import MARKERS
from vision.board.geometry import BoardGeometry
from vision.board.markers import BoardLocation, warp_board
from vision.board.warp import BoardWarper

G = BoardGeometry(load_layout("unification", "simple"))  # the board the tests read


def location(shift_px=(0.0, 0.0), frame_size=(640, 480), turn_deg=7.0):
    """A board seen turned and in perspective, moved by ``shift_px`` frame pixels."""
    t = np.radians(turn_deg)
    to_frame = np.array([[0.8 * np.cos(t), -0.8 * np.sin(t), 150.0 + shift_px[0]],
                         [0.8 * np.sin(t), 0.8 * np.cos(t), 40.0 + shift_px[1]],
                         [2e-4, -1e-4, 1.0]])
    return BoardLocation(np.linalg.inv(to_frame), {}, (), 1.0, frame_size)


@pytest.fixture
def frame():
    rng = np.random.default_rng(3)
    return rng.integers(0, 256, (480, 640, 3), dtype=np.uint8)


def test_first_warp_is_warp_perspective_to_the_bit(frame):
    warper = BoardWarper(G)
    view = warper.warp(frame, location())
    assert view.shape == (G.canonical_px, G.canonical_px, 3)
    assert np.array_equal(view, warp_board(frame, location(), G))


def test_a_board_still_within_a_tenth_of_a_pixel_keeps_the_maps(frame):
    warper = BoardWarper(G)
    warper.warp(frame, location())
    jittered = location((0.6 * MARKERS.still_px, -0.5 * MARKERS.still_px))
    view = warper.warp(frame, jittered)
    assert warper.builds == 1
    # the kept maps: the view of the first location, not a recomputed one
    assert np.array_equal(view, warp_board(frame, location(), G))


@pytest.mark.parametrize("shift", [(2.0, 0.0), (0.0, -0.5), (0.3, 0.3)])
def test_a_moved_board_gets_new_maps(frame, shift):
    warper = BoardWarper(G)
    warper.warp(frame, location())
    moved = location(shift)
    view = warper.warp(frame, moved)
    assert warper.builds == 2
    assert np.array_equal(view, warp_board(frame, moved, G))


def test_a_new_frame_size_gets_new_maps(frame):
    warper = BoardWarper(G)
    warper.warp(frame, location())
    big = np.zeros((960, 1280, 3), np.uint8)
    big[:480, :640] = frame
    view = warper.warp(big, location(frame_size=(1280, 960)))
    assert warper.builds == 2
    assert np.array_equal(view, warp_board(big, location(frame_size=(1280, 960)), G))


def test_a_board_partly_out_of_view_replicates_the_frame_edge(frame):
    far = location((400.0, 250.0))  # most of the board beyond the frame's right and bottom
    view = BoardWarper(G).warp(frame, far)
    assert np.array_equal(view, warp_board(frame, far, G))
