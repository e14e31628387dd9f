"""`dicekeeper doctor`: every part checked through its real backend on the stand-ins (a frame
folder for the camera, the SSD1306 model on luma's i2c, gpiozero's MockFactory), each fault one
line with its fix, and the service's state from a stand-in for systemctl."""

from __future__ import annotations

import shutil
from collections import namedtuple
from pathlib import Path
from typing import ClassVar

import cv2
import numpy as np
import pytest

from device.cli import main
from device.doctor import (
    FAIL,
    OK,
    SKIP,
    WARN,
    Doctor,
    check_config,
    run_checks,
    service_env,
)
from device.settings import parse_settings
from vision.board import CalibrationProfile

from .fakes import FakeOledBus, ShortedPin

FRAMES = Path(__file__).resolve().parents[1] / "fixtures" / "frames"
Usage = namedtuple("Usage", "total used free")
PLENTY = Usage(64e9, 10e9, 54e9)


class Systemctl:
    """Answers `systemctl is-active|is-enabled dicekeeper` as a machine in ``state`` would."""

    STATES: ClassVar[dict[str, tuple[str | None, str | None]]] = {
        "absent": (None, None), "running": ("active", "enabled"),
        "stopped": ("inactive", "enabled"), "failed": ("failed", "enabled"),
        "manual": ("active", "disabled")}

    def __init__(self, state: str) -> None:
        self.active, self.enabled = self.STATES[state]
        self.calls: list[list[str]] = []

    def __call__(self, argv: list[str]) -> tuple[int, str]:
        self.calls.append(argv)
        if self.active is None:
            return (3, "inactive") if argv[1] == "is-active" else (1, "")
        value = self.active if argv[1] == "is-active" else self.enabled
        return (0 if value in ("active", "enabled") else 3), value


@pytest.fixture
def table(tmp_path, mock_pins):
    """A Pi's set-up on stand-ins: the board photo as the camera, a profile measured on it."""
    frames = tmp_path / "frames"
    frames.mkdir()
    shutil.copy(FRAMES / "clean-simple.jpg", frames / "000.jpg")
    profile = tmp_path / "profile.json"
    assert main(["calibrate", "--frame", str(FRAMES / "clean-simple.jpg"), "--game",
                 "unification", "--side", "simple", "--profile", str(profile)]) == 0
    return tmp_path, frames, profile


def _doctor(tmp_path: Path, frames: Path, profile: Path, extra: str = "", *,
            service: str = "absent", bus: FakeOledBus | None = None, free: Usage = PLENTY,
            source: str | None = None) -> tuple[Doctor, list]:
    text = (f'[camera]\nsource = "{frames}"\n[display]\ntype = "ssd1306"\n'
            f'[buttons]\ntype = "gpio"\n[buzzer]\ntype = "gpio"\n'
            f'[records]\nfolder = "{tmp_path / "records"}"\n' + extra)
    path = tmp_path / "dicekeeper.toml"
    path.write_text(text)
    env = {"DICEKEEPER_PI": "1", "DICEKEEPER_PROFILE": str(profile)}
    config, settings = check_config(str(path), env)
    doctor = Doctor(settings=settings, game="unification", side="simple", source=source,
                    env=env, runner=Systemctl(service), i2c_bus=bus or FakeOledBus(),
                    disk_usage=lambda where: free)
    return doctor, run_checks(doctor, config)


def _by_part(checks) -> dict[str, tuple[str, str]]:
    assert all("\n" not in check.line() for check in checks)
    return {check.part: (check.status, check.text) for check in checks}


def test_a_healthy_pi_is_ok_on_every_line(table):
    bus = FakeOledBus()
    _, checks = _doctor(*table, bus=bus)
    parts = _by_part(checks)
    assert [c.part for c in checks] == ["config", "service", "camera", "markers", "profile",
                                        "display", "buttons", "buzzer", "disk"]
    assert parts["service"] == (WARN, "not installed: sudo systemd/install.sh installs it")
    assert {p: s for p, (s, _) in parts.items() if p != "service"} == dict.fromkeys(
        ["config", "camera", "markers", "profile", "display", "buttons", "buzzer", "disk"], OK)
    assert "a 640x480 frame read" in parts["camera"][1]
    assert "all four corner markers" in parts["markers"][1]
    assert "A BCM 5, B BCM 6, C BCM 13: all up" in parts["buttons"][1]
    assert bus.lit and any(bus.gram)  # the panel shows "doctor: display ok"


def test_no_board_in_view_names_the_markers_and_snapshot(table):
    _, frames, _ = table
    cv2.imwrite(str(frames / "000.jpg"), np.full((480, 640, 3), 110, np.uint8))
    status, text = _by_part(_doctor(*table)[1])["markers"]
    assert status == FAIL and "markers 0 (north-west)" in text
    assert "dicekeeper snapshot --game unification" in text


def test_a_covered_marker_is_a_warning(table, tmp_path):
    from dataclasses import replace

    from calibration.board_files import load_layout
    from calibration.synthetic import Scene, render_scene

    _, frames, _ = table
    scene = Scene(board=load_layout("unification", "simple"),
                  grid=((2, 5, 1), (4, 6, 3), (6, 2, 3)), red_cell=(1, 2))
    cv2.imwrite(str(frames / "000.jpg"), render_scene(replace(scene, covered_markers=(2,)),
                                                      seed=3))
    status, text = _by_part(_doctor(*table)[1])["markers"]
    assert status == WARN and text.startswith("marker 2 ")


def test_a_button_stuck_down_fails_with_its_pin(table, mock_pins):
    mock_pins.pin(13, pin_class=ShortedPin)
    status, text = _by_part(_doctor(*table)[1])["buttons"]
    assert status == FAIL and text.startswith("C (BCM 13) reads pressed now")
    assert "wiring" in text


def test_a_missing_oled_fails_with_the_i2c_fix(table):
    status, text = _by_part(_doctor(*table, bus=FakeOledBus(present=False))[1])["display"]
    assert status == FAIL and "0x3c" in text and "i2cdetect -y 1" in text


def test_the_profile_of_another_board_or_frame_size_or_a_corrupt_one(table):
    _, _, profile = table
    CalibrationProfile(board="cubecourier", created="2026-11-01").save(profile)
    status, text = _by_part(_doctor(*table)[1])["profile"]
    assert status == WARN and "measured on the cubecourier board" in text
    assert "dicekeeper calibrate --game unification" in text
    CalibrationProfile(board="unification", created="x", frame_size=(1280, 960)).save(profile)
    status, text = _by_part(_doctor(*table)[1])["profile"]
    assert status == WARN and "measured on 1280x960 frames, the camera gives 640x480" in text
    profile.write_text("{not json")
    assert _by_part(_doctor(*table)[1])["profile"][0] == FAIL
    profile.unlink()
    assert _by_part(_doctor(*table)[1])["profile"][0] == WARN


@pytest.mark.parametrize("free_mb, status", [(20, FAIL), (300, WARN), (5000, OK)])
def test_free_disk_for_records(table, free_mb, status):
    checks = _doctor(*table, free=Usage(64e9, 0, free_mb * 1e6))[1]
    assert _by_part(checks)["disk"][0] == status


def test_a_running_service_holds_the_hardware_so_those_checks_say_how_to_stop_it(table):
    doctor, checks = _doctor(*table, service="running")
    parts = _by_part(checks)
    assert parts["service"] == (OK, "active and enabled at boot")
    # the frame folder is no live camera: it is still read; a live one is left to the service
    assert parts["camera"][0] == OK
    for part in ("display", "buttons", "buzzer"):
        assert parts[part][0] == SKIP and "sudo systemctl stop dicekeeper" in parts[part][1]
    doctor.settings = parse_settings('[camera]\nsource = "picamera"\n')
    from device.doctor import check_camera

    assert check_camera(doctor).status == SKIP


@pytest.mark.parametrize("state, status, words", [
    ("failed", FAIL, "journalctl -u dicekeeper"),
    ("stopped", WARN, "sudo systemctl start dicekeeper"),
    ("manual", WARN, "sudo systemctl enable dicekeeper"),
])
def test_the_service_state(table, state, status, words):
    service = _by_part(_doctor(*table, service=state)[1])["service"]
    assert service[0] == status and words in service[1]


def test_a_bad_config_fails_and_the_rest_runs_on_the_defaults(table):
    _, checks = _doctor(*table, extra="[game]\nname = 'chess'\n")
    parts = _by_part(checks)
    assert parts["config"][0] == FAIL and "[game] name = \"chess\"" in parts["config"][1]
    assert len(parts) == 9


def test_a_busy_buzzer_pin_is_a_warning_not_a_failure(table, mock_pins):
    from gpiozero import Buzzer

    other = Buzzer(12)
    try:
        status, text = _by_part(_doctor(*table)[1])["buzzer"]
    finally:
        other.close()
    assert status == WARN and "BCM 12" in text and "silence" in text


def test_the_service_unit_environment_is_read(tmp_path):
    unit = tmp_path / "dicekeeper.service"
    unit.write_text("[Service]\nEnvironment=DICEKEEPER_PROFILE=/var/lib/dicekeeper/p.json\n"
                    "Environment=\"DICEKEEPER_CONFIG=/etc/dicekeeper/dicekeeper.toml\" HOME=/x\n")
    assert service_env(unit) == {"DICEKEEPER_PROFILE": "/var/lib/dicekeeper/p.json",
                                 "DICEKEEPER_CONFIG": "/etc/dicekeeper/dicekeeper.toml"}
    assert service_env(tmp_path / "none.service") == {}


def test_the_command_prints_one_line_per_check_and_exits_1_on_a_failure(table, capsys,
                                                                        monkeypatch):
    tmp_path, frames, profile = table
    config = tmp_path / "d.toml"
    config.write_text(f'[camera]\nsource = "{frames}"\n[display]\ntype = "dummy"\n'
                      '[buttons]\ntype = "none"\n[buzzer]\ntype = "none"\n')
    monkeypatch.setenv("DICEKEEPER_PROFILE", str(profile))
    monkeypatch.setattr("device.doctor.run_command", lambda argv: (127, ""))
    assert main(["doctor", "--config", str(config)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 9 and lines[0].startswith("ok   config:")
    cv2.imwrite(str(frames / "000.jpg"), np.full((480, 640, 3), 110, np.uint8))
    assert main(["doctor", "--config", str(config)]) == 1
    assert "FAIL markers:" in capsys.readouterr().out


@pytest.mark.parametrize("argv, words", [
    (["--game", "chess"], "unknown game 'chess'"),
    (["--game", "unification", "--side", "hard"], "the sides of unification are"),
    (["--config", "no/such.toml"], "--config no/such.toml: no such file"),
    (["--source", "no/such/folder"], "no such file or folder"),
    (["--verbose-please"], "unrecognized arguments"),
])
def test_bad_arguments_are_one_line_and_exit_2(capsys, argv, words):
    try:
        code = main(["doctor", *argv])
    except SystemExit as exc:  # argparse's own errors
        code = exc.code
    assert code == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and words in captured.err


def test_a_profile_this_user_may_not_read_is_a_line_saying_as_whom_to_run(table, monkeypatch):
    """Path.is_file() raises PermissionError (it does not return False) under a folder the
    caller cannot enter, such as the service's /var/lib/dicekeeper (0750)."""
    _, _, profile = table
    real = Path.is_file

    def is_file(path):
        if path == profile:
            raise PermissionError(13, "Permission denied", str(profile))
        return real(path)

    monkeypatch.setattr(Path, "is_file", is_file)
    status, text = _by_part(_doctor(*table)[1])["profile"]
    assert status == FAIL and "Permission denied" in text and "sudo -u dicekeeper" in text
