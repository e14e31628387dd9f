"""device.calibrate_cli: `dicekeeper calibrate` on rendered board photos, bad images, sources."""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field, replace
from pathlib import Path

import cv2
import numpy as np
import pytest

from calibration.board_files import load_layout
from calibration.synthetic import Scene, render_scene
from device import calibrate_cli
from device.calibrate_cli import command, default_profile_path
from device.cli import build_parser
from vision.board.profile import CalibrationProfile


def _args(*argv: str) -> argparse.Namespace:
    return build_parser().parse_args(["calibrate", "--game", "unification", *argv])


@pytest.fixture(scope="module")
def board_photos(tmp_path_factory):
    """Two rendered photos of the simple board: all markers visible, and marker 2 covered."""
    folder = tmp_path_factory.mktemp("photos")
    clean, covered = folder / "clean.jpg", folder / "covered.jpg"
    scene = Scene(board=load_layout("unification", "simple"),
                  grid=((2, 5, 1), (4, 6, 3), (6, 2, 3)), red_cell=(1, 2))
    cv2.imwrite(str(clean), render_scene(scene, seed=3))
    cv2.imwrite(str(covered), render_scene(replace(scene, covered_markers=(2,)), seed=3))
    return clean, covered


def test_rendered_board_gives_a_saved_profile(board_photos, tmp_path, capsys):
    target = tmp_path / "cfg" / "profile.json"
    assert command(_args("--frame", str(board_photos[0]), "--profile", str(target))) == 0
    out = capsys.readouterr().out
    assert "4 markers found (simple side)" in out and f"profile saved to {target}" in out
    assert "red die reference measured" in out
    profile = CalibrationProfile.load(target)
    assert profile.homography is not None and profile.frame_size == (640, 480)
    assert profile.created.endswith("+00:00") and profile.red_ref is not None


def test_profile_goes_to_dicekeeper_profile_by_default(board_photos, tmp_path, monkeypatch):
    monkeypatch.setenv("DICEKEEPER_PROFILE", str(tmp_path / "from-env.json"))
    assert command(_args("--frame", str(board_photos[0]))) == 0
    assert CalibrationProfile.load(tmp_path / "from-env.json").homography is not None


def test_covered_marker_is_named_and_nothing_is_saved(board_photos, tmp_path, capsys):
    target = tmp_path / "profile.json"
    assert command(_args("--frame", str(board_photos[1]), "--profile", str(target))) == 1
    captured = capsys.readouterr()
    assert "marker 2 (SE corner) not seen" in captured.out
    assert captured.err.startswith("dicekeeper calibrate: calibration failed: no profile saved")
    assert not target.exists()


def test_default_profile_path_env_then_home(monkeypatch, tmp_path):
    assert default_profile_path({"DICEKEEPER_PROFILE": str(tmp_path / "p.json")}) == (
        tmp_path / "p.json")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert default_profile_path({}) == tmp_path / ".config" / "dicekeeper" / "profile.json"


def test_unreadable_image_is_a_clear_exit_1(tmp_path, capsys):
    bad = tmp_path / "board.jpg"
    bad.write_bytes(b"\xff\xd8 this is not really a jpeg")
    assert command(_args("--frame", str(bad), "--profile", str(tmp_path / "p.json"))) == 1
    err = capsys.readouterr().err
    assert "cannot read image" in err and "board.jpg" in err
    assert not (tmp_path / "p.json").exists()


def test_missing_image_file(tmp_path, capsys):
    assert command(_args("--frame", str(tmp_path / "nope.png"))) == 1
    assert "not found" in capsys.readouterr().err


def test_missing_camera_source(tmp_path, capsys):
    assert command(_args("--source", str(tmp_path / "no-camera-here"))) == 1
    assert "does not exist" in capsys.readouterr().err


def test_an_unknown_game_or_side_is_named_and_saves_nothing(tmp_path, capsys):
    target = tmp_path / "p.json"
    assert command(_args("--frame", "x.png", "--game", "chess", "--profile", str(target))) == 2
    assert "unknown game 'chess'; known games:" in capsys.readouterr().err
    assert command(_args("--frame", "x.png", "--side", "bogus", "--profile", str(target))) == 2
    assert "known sides of unification are simple, complex" in capsys.readouterr().err
    assert not target.exists()


@dataclass
class _Profile:
    homography: list | None
    saved_to: list = field(default_factory=list)

    def save(self, path):
        self.saved_to.append(Path(path))


@dataclass
class _Result:
    profile: _Profile | None
    lines: list
    missing: tuple = ()


def test_camera_source_skips_unreadable_frames_and_stops_at_the_first_success(
        tmp_path, monkeypatch, capsys):
    """Frame selection only: calibrate_frame is replaced by a recorder of what it was given."""
    folder = tmp_path / "frames"
    folder.mkdir()
    (folder / "000.png").write_bytes(b"broken")
    for i, value in enumerate([10, 20, 30], start=1):
        cv2.imwrite(str(folder / f"{i:03d}.png"), np.full((8, 8, 3), value, np.uint8))
    seen: list[int] = []
    profile = _Profile(homography=[[1, 0, 0], [0, 1, 0], [0, 0, 1]])

    def fake(image, geometry, side):
        seen.append(int(image[0, 0, 0]))
        ok = len(seen) == 2
        return _Result(profile if ok else None, [f"attempt {len(seen)}"], () if ok else (3,))

    monkeypatch.setattr(calibrate_cli, "_calibrate", fake)
    target = tmp_path / "cfg" / "profile.json"
    assert command(_args("--source", str(folder), "--profile", str(target))) == 0
    assert seen == [10, 20]  # the broken frame was skipped, the third never needed
    assert profile.saved_to == [target]
    assert capsys.readouterr().out.splitlines() == ["attempt 2", f"profile saved to {target}"]


def test_camera_source_that_never_calibrates_reports_the_last_attempt(tmp_path, monkeypatch,
                                                                     capsys):
    folder = tmp_path / "frames"
    folder.mkdir()
    for i in range(12):
        cv2.imwrite(str(folder / f"{i:03d}.png"), np.zeros((8, 8, 3), np.uint8))
    calls = []

    def fake(image, geometry, side):
        calls.append(side)
        return _Result(None, ["marker 3 not found: uncover the SW corner"], (3,))

    monkeypatch.setattr(calibrate_cli, "_calibrate", fake)
    assert command(_args("--source", str(folder), "--side", "complex")) == 1
    assert calls == ["complex"] * calibrate_cli.MAX_ATTEMPTS
    captured = capsys.readouterr()
    assert "marker 3 not found" in captured.out and "no profile saved" in captured.err
