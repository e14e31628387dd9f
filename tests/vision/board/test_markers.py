"""Board location from the four ArUco markers, on drawn frames with a known homography."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from calibration.board_files import load_layout
from vision.board.geometry import BoardGeometry
from vision.board.markers import detect_markers, locate_board, warp_board
from vision.errors import BoardNotFoundError, FrameError, VisionError

G = BoardGeometry(load_layout("unification", "simple"))  # the board the tests read


def markers_in_warp(warped, pad=20):
    """Markers of a canonical view; padded because ArUco needs a quiet zone around each."""
    padded = cv2.copyMakeBorder(warped, pad, pad, pad, pad, cv2.BORDER_CONSTANT,
                                value=(235, 235, 235))
    return {i: q - pad for i, q in detect_markers(padded).items()}


def corner_errors(location, frame, ids=(0, 1, 2, 3)):
    return {i: float(np.abs(location.corners[i] - frame.mm_to_frame(G.marker_corners_mm(i))).max())
            for i in ids}


@pytest.mark.parametrize("scale,size", [(1.0, (640, 480)), (2.0, (1280, 960))])
def test_four_markers_give_corners_within_a_pixel(boardkit, scale, size):
    frame = boardkit.photograph(boardkit.draw_board(), size=size, scale=scale, seed=1)
    location = locate_board(frame.image, G)
    assert location.missing == ()
    assert location.confidence == 1.0
    assert location.frame_size == size
    assert max(corner_errors(location, frame).values()) < 1.0


def test_far_board_with_tiny_markers_is_found_at_full_resolution(boardkit):
    quad = ((500.0, 400.0), (660.0, 405.0), (665.0, 560.0), (498.0, 558.0))  # 160 px board
    frame = boardkit.photograph(boardkit.draw_board(), size=(1280, 960), quad=quad, seed=9)
    location = locate_board(frame.image, G)
    assert location.missing == ()
    assert max(corner_errors(location, frame).values()) < 1.0


def test_homography_maps_board_millimetres_to_canonical_pixels(boardkit):
    frame = boardkit.photograph(boardkit.draw_board(), seed=2)
    location = locate_board(frame.image, G)
    points_mm = [(0.0, 0.0), (170.0, 0.0), (85.0, 85.0), (46.0, 124.0), (170.0, 170.0)]
    got = location.frame_to_canonical(frame.mm_to_frame(points_mm))
    want = np.array(points_mm) * G.px_per_mm
    assert np.abs(got - want).max() < 1.5  # canonical px (0.5 mm)


@pytest.mark.parametrize("hidden", [0, 2])
def test_three_markers_still_locate_with_lower_confidence(boardkit, hidden):
    frame = boardkit.photograph(boardkit.draw_board(hide=(hidden,)), seed=3)
    location = locate_board(frame.image, G)
    assert location.missing == (hidden,)
    assert 0.5 <= location.confidence < 1.0
    # the hidden marker's corners are predicted from the other twelve corners
    predicted = location.canonical_to_frame(np.array(G.marker_corners_mm(hidden)) * G.px_per_mm)
    assert np.abs(predicted - frame.mm_to_frame(G.marker_corners_mm(hidden))).max() < 2.0


def test_two_missing_markers_are_named(boardkit):
    frame = boardkit.photograph(boardkit.draw_board(hide=(1, 2)), seed=4)
    with pytest.raises(BoardNotFoundError) as err:
        locate_board(frame.image, G)
    assert err.value.missing == (1, 2)
    assert isinstance(err.value, LookupError) and isinstance(err.value, VisionError)
    assert "markers 1 (north-east) and 2 (south-east) not found" in str(err.value)
    assert "in view" in str(err.value)


def test_message_for_one_missing_marker_says_the_fix():
    assert str(BoardNotFoundError([2])) == (
        "marker 2 (south-east) not found: is the board fully in view and lit?")


def test_empty_table_names_all_four_markers(boardkit):
    image = np.full((480, 640, 3), boardkit.TABLE, np.uint8)
    with pytest.raises(BoardNotFoundError) as err:
        locate_board(image, G)
    assert err.value.missing == (0, 1, 2, 3)


def test_board_turned_round_keeps_north_by_marker_ids(boardkit):
    quad = ((540.0, 440.0), (115.0, 420.0), (150.0, 60.0), (505.0, 85.0))  # rotated 180 degrees
    frame = boardkit.photograph(boardkit.draw_board(), quad=quad, seed=5)
    location = locate_board(frame.image, G)
    assert max(corner_errors(location, frame).values()) < 1.0
    warped = warp_board(frame.image, location, G)
    again = markers_in_warp(warped)
    assert np.abs(again[0][0] - 0).max() < 2.0          # marker 0 back at the north-west corner


def test_warp_puts_markers_where_the_geometry_says(boardkit):
    frame = boardkit.photograph(boardkit.draw_board(), size=(1280, 960), scale=2.0, seed=6)
    warped = warp_board(frame.image, locate_board(frame.image, G), G)
    assert warped.shape == (G.canonical_px, G.canonical_px, 3)
    found = markers_in_warp(warped)
    for marker_id in G.MARKER_IDS:
        want = np.array(G.marker_corners_mm(marker_id)) * G.px_per_mm
        assert np.abs(found[marker_id] - want).max() < 2.0
    centre = warped[240:270, 240:270]   # middle of the centre cell: empty paper
    assert centre.mean() > 200


@pytest.mark.parametrize("bad", [None, np.zeros((0, 0, 3), np.uint8),
                                 np.zeros((10, 10, 3), np.float32), b"\x00garbage"])
def test_unreadable_frames_raise_frame_error(bad):
    with pytest.raises(FrameError) as err:
        locate_board(bad, G)
    assert isinstance(err.value, ValueError)
    assert "unreadable" in str(err.value)



QUAD = ((150.0, 60.0), (505.0, 85.0), (540.0, 440.0), (115.0, 420.0))  # conftest's default


class _WindowSpy:
    """Records the image sizes the ArUco detector runs on (it still detects)."""

    def __init__(self, real):
        self.real, self.sizes = real, []

    def detectMarkers(self, image):  # OpenCV's method name
        self.sizes.append(image.shape[:2])
        return self.real.detectMarkers(image)


def _spy(monkeypatch):
    from vision.board import markers
    spy = _WindowSpy(markers.aruco_detector())
    monkeypatch.setattr(markers, "aruco_detector", lambda window=None: spy)
    return spy


def _shifted(dx, dy):
    return tuple((x + dx, y + dy) for x, y in QUAD)


def _truth(frame, ids=(0, 1, 2, 3)):
    return {i: frame.mm_to_frame(G.marker_corners_mm(i)) for i in ids}


def test_markers_are_tracked_in_windows_near_their_last_place(boardkit, monkeypatch):
    board = boardkit.draw_board()
    before = boardkit.photograph(board, quad=QUAD, seed=11)
    after = boardkit.photograph(board, quad=_shifted(6.0, -4.0), seed=12)  # nudged, new noise
    previous = detect_markers(before.image)
    spy = _spy(monkeypatch)
    tracked = detect_markers(after.image, near=previous)
    assert sorted(tracked) == [0, 1, 2, 3]
    truth = _truth(after)
    assert max(float(np.abs(tracked[i] - truth[i]).max()) for i in tracked) < 1.0
    # four small windows, never the whole frame
    assert len(spy.sizes) == 4
    assert all(h * w < 0.1 * 640 * 480 for h, w in spy.sizes)


def test_a_moved_board_is_searched_for_in_the_whole_frame(boardkit, monkeypatch):
    board = boardkit.draw_board()
    previous = detect_markers(boardkit.photograph(board, quad=QUAD, seed=13).image)
    moved = boardkit.photograph(board, quad=_shifted(60.0, 30.0), seed=14)
    spy = _spy(monkeypatch)
    found = detect_markers(moved.image, near=previous)
    assert sorted(found) == [0, 1, 2, 3]
    truth = _truth(moved)
    assert max(float(np.abs(found[i] - truth[i]).max()) for i in found) < 1.0
    assert (480, 640) in spy.sizes  # the whole frame was searched after the windows failed


def test_a_marker_under_a_hand_sends_the_search_to_the_whole_frame(boardkit, monkeypatch):
    previous = detect_markers(boardkit.photograph(boardkit.draw_board(), seed=15).image)
    hidden = boardkit.photograph(boardkit.draw_board(hide=(1,)), seed=16)
    spy = _spy(monkeypatch)
    found = detect_markers(hidden.image, near=previous)
    assert sorted(found) == [0, 2, 3]
    assert (480, 640) in spy.sizes


def test_tracking_on_a_downscaled_frame_finds_the_corners_the_whole_search_finds(boardkit,
                                                                               monkeypatch):
    # 1280x960 is searched at half size: the windows must land on that half-size grid
    board = boardkit.draw_board()
    previous = detect_markers(
        boardkit.photograph(board, size=(1280, 960), scale=2.0, seed=17).image)
    frame = boardkit.photograph(board, size=(1280, 960), scale=2.0, seed=18).image
    whole = detect_markers(frame)
    spy = _spy(monkeypatch)
    tracked = detect_markers(frame, near=previous)
    assert len(spy.sizes) == 4 and (480, 640) not in spy.sizes
    assert sorted(tracked) == sorted(whole) == [0, 1, 2, 3]
    assert max(float(np.abs(tracked[i] - whole[i]).max()) for i in whole) < 0.05


def test_a_window_unchanged_but_for_noise_keeps_its_marker_and_a_moved_board_is_found_again(
        boardkit, monkeypatch):
    board = boardkit.draw_board()
    first = boardkit.photograph(board, quad=QUAD, seed=19)
    previous = detect_markers(first.image)
    windows = {}
    found = detect_markers(first.image, near=previous, windows=windows)
    assert sorted(windows) == [0, 1, 2, 3]
    # the same board with new sensor noise: no window is searched, the corners are kept
    spy = _spy(monkeypatch)
    again = detect_markers(boardkit.photograph(board, quad=QUAD, seed=20).image, near=found,
                           windows=windows)
    assert spy.sizes == []
    assert all(np.array_equal(again[i], found[i]) for i in found)
    # nudged by half a pixel: every window is searched again and the corners follow the board
    nudged = boardkit.photograph(board, quad=_shifted(0.5, 0.0), seed=21)
    moved = detect_markers(nudged.image, near=again, windows=windows)
    assert len(spy.sizes) == 4
    truth = _truth(nudged)
    assert max(float(np.abs(moved[i] - truth[i]).max()) for i in moved) < 1.0
    assert all(np.array_equal(windows[i].corners, moved[i]) for i in moved)
