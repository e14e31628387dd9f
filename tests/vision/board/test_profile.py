"""CalibrationProfile JSON round trip and clear errors for missing or corrupt files."""

from __future__ import annotations

import json

import numpy as np
import pytest

from vision.board.profile import CalibrationProfile
from vision.errors import ProfileError, VisionError

H = [[1.1, 0.02, -150.0], [0.01, 1.2, -60.0], [0.0, 0.0001, 1.0]]


def make() -> CalibrationProfile:
    return CalibrationProfile(board="unification", created="2026-11-21T05:30:00+00:00",
                              frame_size=(1280, 960), homography=H,
                              white_ref=(225.0, 228.0, 230.5), red_ref=(40.0, 35.0, 190.0))


def test_round_trip(tmp_path):
    path = tmp_path / "sub" / "profile.json"
    make().save(path)
    loaded = CalibrationProfile.load(path)
    assert loaded == make()
    assert json.loads(path.read_text())["frame_size"] == [1280, 960]
    assert not list(path.parent.glob("*.tmp"))


def test_homography_array_only_for_the_same_frame_size():
    profile = make()
    assert np.allclose(profile.homography_array((1280, 960)), np.array(H))
    assert profile.homography_array((640, 480)) is None
    assert profile.homography_array() is not None
    assert CalibrationProfile("unification", "t").homography_array() is None


def test_missing_file_names_path_and_fix(tmp_path):
    path = tmp_path / "nope.json"
    with pytest.raises(ProfileError) as err:
        CalibrationProfile.load(path)
    assert str(path) in str(err.value)
    assert "dicekeeper calibrate" in str(err.value)
    assert isinstance(err.value, VisionError) and isinstance(err.value, ValueError)


@pytest.mark.parametrize("content", [
    "{not json",
    "[1, 2, 3]",
    '{"board": "unification"}',
    '{"board": "unification", "created": "t", "colour": 3}',
    '{"board": "unification", "created": "t", "homography": [[1, 2], [3, 4]]}',
    '{"board": "unification", "created": "t", "homography": [[1, 2, 3], [2, 4, 6], [0, 0, 1]]}',
    '{"board": "unification", "created": "t", "homography": [[0, 0, 0], [0, 0, 0], [0, 0, 0]]}',
    '{"board": "unification", "created": "t", "frame_size": [640, -1]}',
    '{"board": "unification", "created": "t", "red_ref": [0, 0, 300]}',
    '{"board": "unification", "created": "t", "version": 99}',
])
def test_corrupt_file_names_path_and_fix(tmp_path, content):
    path = tmp_path / "profile.json"
    path.write_text(content)
    with pytest.raises(ProfileError) as err:
        CalibrationProfile.load(path)
    message = str(err.value)
    assert str(path) in message and "corrupt" in message and "dicekeeper calibrate" in message


def test_binary_garbage_is_a_profile_error(tmp_path):
    path = tmp_path / "profile.json"
    path.write_bytes(bytes(range(256)))
    with pytest.raises(ProfileError, match="dicekeeper calibrate"):
        CalibrationProfile.load(path)


def test_a_far_camera_homography_is_kept():
    """Small scale, large translation: units differ across the matrix, the map is fine."""
    far = [[0.2, 0.01, -2000.0], [0.0, 0.2, -1500.0], [0.0, 1e-5, 1.0]]
    assert CalibrationProfile("unification", "t", homography=far).homography == far


def test_invalid_values_refused_in_code_too():
    with pytest.raises(ProfileError, match="homography"):
        CalibrationProfile("unification", "t", homography=[[1.0, float("nan"), 0.0]] * 3)


def test_unwritable_path_is_a_profile_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(ProfileError, match="cannot write"):
        make().save(blocker / "profile.json")
