"""The backend faults of "a device that never loses a game", each injected into the app loop
through the real backend on a model of its library, each shown on the OLED and in the log
(the journal), with play going on or resuming once the fault clears: the Pi camera lost and
back, a camera missing at start, the OLED missing at start (headless), a button stuck down;
and `dicekeeper run` built from the configuration file."""

from __future__ import annotations

import json
import logging
import shutil
import sys
import time
from pathlib import Path

import pytest

from device.app import CAMERA_LOST, App
from device.buttons import GpioButtons
from device.camera import AbsentCamera, PiCamera
from device.cli import main
from device.config import AppConfig
from device.display import (
    BANNER_PX,
    Annunciator,
    HeadlessDisplay,
    open_display,
    open_display_or_headless,
)
from device.errors import CameraNotFoundError
from device.screens import render
from device.settings_backends import faults_of

from .fakes import FakeOledBus, FakePi, ShortedPin
from .test_app import START, WIN, FakeCamera, TextReader, frames
from .test_display import _gram

SESSION = Path(__file__).resolve().parents[2] / "device" / "sessions" / "unification-simple"


class ScriptReader(TextReader):
    """A board reader for real camera frames: each readable frame gives the next scripted view
    (the camera path is what is under test, not vision)."""

    def __init__(self, views: list[str]) -> None:
        super().__init__()
        self.views = list(views)

    def read(self, image):
        assert image is not None and image.ndim == 3, "the camera gave no image"
        return super().read(self.views.pop(0) if len(self.views) > 1 else self.views[0])


def _app(tmp_path: Path, **parts) -> App:
    config = AppConfig(game="unification", side="simple", record_file=tmp_path / "r.jsonl",
                       settle_frames=2)
    parts.setdefault("readers", lambda layout: TextReader())
    return App(config=config, sleep=lambda s: None, **parts)


def _on_screen(app: App) -> None:
    """What the app believes it shows is what reached the display."""
    shown = app.display.display.last_image if isinstance(app.display, Annunciator) \
        else app.display.last_image
    assert shown.tobytes() == render(app.screen).convert("1").tobytes()


class Ticks:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        self.t += 0.5
        return self.t


def test_the_pi_camera_lost_mid_game_is_shown_and_play_resumes(tmp_path, monkeypatch, caplog):
    pi = FakePi()
    monkeypatch.setitem(sys.modules, "picamera2", pi.picamera2())
    camera = PiCamera(clock=Ticks(), capture_timeout=0.01)
    app = _app(tmp_path, camera=camera, display=open_display("dummy"),
               readers=lambda layout: ScriptReader([START] * 4 + [WIN] * 4))
    for _ in range(4):
        assert app.step()
    state, started = app.session.state, app.session.clock.started_at
    assert state is not None
    pi.stalls = 3  # the capture times out three times in a row, then frames flow again
    for _ in range(3):
        app.step()
        assert app.current_screen().status == CAMERA_LOST
        _on_screen(app)
    assert "camera lost" in caplog.text and "reboot" in caplog.text  # CSI: the fix named
    assert app.session.state is state and app.session.clock.started_at == started
    for _ in range(4):
        app.step()
    assert app.session.outcome is not None and app.session.outcome.result == "success"
    app.close()  # and closing after timeouts does not hang (the queue was flushed)
    assert pi.holder is None


def test_a_camera_missing_at_start_is_shown_and_taken_up_when_it_comes(tmp_path, caplog):
    plugged = []

    def opener():
        if not plugged:
            raise CameraNotFoundError("no camera at webcam:0: plug a USB webcam in")
        return FakeCamera(frames((2, START), (10, WIN)))

    camera = AbsentCamera(opener, "no camera at webcam:0: plug a USB webcam in")
    app = _app(tmp_path, camera=camera, display=open_display("dummy"))
    assert "no camera at start" in caplog.text
    for _ in range(3):
        app.step()
        assert app.current_screen().status == CAMERA_LOST
        _on_screen(app)
    plugged.append(True)
    app.run()
    assert app.session.outcome is not None and app.session.outcome.result == "success"


def test_the_oled_missing_at_start_runs_headless_and_the_panel_takes_over(tmp_path, caplog):
    bus = FakeOledBus(present=False)
    now = [0.0]
    display = open_display_or_headless("ssd1306", i2c_bus=bus, retry_s=10,
                                       retry_clock=lambda: now[0])
    assert isinstance(display, HeadlessDisplay)
    app = _app(tmp_path, camera=FakeCamera(frames((2, START), (10, START), (20, WIN))),
               display=display)
    assert "running headless" in caplog.text
    while app.step() and app.session.outcome is None:
        pass
    assert app.session.outcome.result == "success"  # the game did not wait for a screen
    bus.present = True
    now[0] = 11.0
    app.step()
    assert display.panel is not None
    assert bus.lit and bus.visible() == _gram(render(app.screen).convert("1"))


def test_a_button_stuck_down_is_on_the_screen_and_does_not_abandon_the_game(tmp_path, mock_pins,
                                                                           caplog):
    buttons = GpioButtons(bounce_time=None, hold_time=0.05, stuck_s=0.2)
    display = Annunciator(open_display("dummy"), faults_of(buttons))
    script = frames((2, START), (4, START), (6, START), (20, WIN))
    app = _app(tmp_path, camera=FakeCamera(script), display=display, buttons=buttons)
    app.step()
    app.step()
    buttons.buttons["C"].pin.drive_low()   # C jams down in the middle of the game
    time.sleep(0.3)                        # past hold_time (the menu) and stuck_s
    app.step()
    assert display.shown == "button C stuck down"
    banner = display.display.last_image.crop((0, 0, 128, BANNER_PX))
    assert sum(1 for v in banner.getdata() if v) > 128 * BANNER_PX // 2
    assert "button C (BCM 13)" in caplog.text
    assert app.session is not None          # not abandoned for the menu
    buttons.buttons["C"].pin.drive_high()   # it comes free
    while app.step():
        pass
    assert display.shown is None and app.session.outcome.result == "success"
    buttons.close()


def test_a_button_shorted_from_the_start_is_reported_too(tmp_path, mock_pins):
    mock_pins.pin(6, pin_class=ShortedPin)
    buttons = GpioButtons(bounce_time=None, hold_time=0.05, stuck_s=0.1)
    display = Annunciator(open_display("dummy"), faults_of(buttons))
    app = _app(tmp_path, camera=FakeCamera(frames((2, START))), display=display,
               buttons=buttons)
    time.sleep(0.15)
    app.step()
    assert display.shown == "button B stuck down"
    buttons.close()


# ---------------------------------------------------------------- dicekeeper run and its file

def _config(tmp_path: Path, extra: str = "") -> Path:
    path = tmp_path / "dicekeeper.toml"
    path.write_text(f'[camera]\nsource = "{SESSION}"\n[display]\ntype = "dummy"\n'
                    f'[buttons]\ntype = "none"\n[buzzer]\ntype = "none"\n'
                    f'[game]\nname = "unification"\n'
                    f'[records]\nfolder = "{tmp_path / "records"}"\n' + extra)
    return path


def test_run_takes_its_camera_game_display_and_records_folder_from_the_file(tmp_path, capsys):
    expected = json.loads((SESSION / "session.json").read_text())
    assert main(["run", "--config", str(_config(tmp_path))]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == expected["expected_final_line"]
    assert len(list((tmp_path / "records").glob("unification-simple-*.jsonl"))) == 1


def test_run_without_its_oled_plays_headless(tmp_path, capsys, caplog):
    few = tmp_path / "few"
    few.mkdir()
    for name in ("000.jpg", "001.jpg", "002.jpg"):
        shutil.copy(SESSION / "frames" / name, few / name)
    config = _config(tmp_path).read_text().replace('type = "dummy"', 'type = "ssd1306"\n'
                                                   'i2c_port = 29')
    (tmp_path / "dicekeeper.toml").write_text(config.replace(str(SESSION), str(few)))
    caplog.set_level(logging.INFO)
    assert main(["run", "--config", str(tmp_path / "dicekeeper.toml")]) == 0
    assert "running headless" in caplog.text and "/dev/i2c-29" in caplog.text
    assert capsys.readouterr().out.splitlines()[-1].startswith("unification (simple)")


def test_run_with_a_bad_file_names_each_fault_and_exits_78(tmp_path, capsys):
    path = tmp_path / "bad.toml"
    path.write_text("[display]\nrotate = 9\n[buttons]\npin_a = 6\n")
    assert main(["run", "--config", str(path)]) == 78
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 2 and all(line.startswith(f"dicekeeper run: {path}: ") for line in lines)


@pytest.mark.parametrize("argv", [["--side", "simple"]])
def test_run_with_a_side_but_no_game_is_exit_2(tmp_path, capsys, argv):
    path = tmp_path / "empty.toml"
    path.write_text("")
    assert main(["run", "--config", str(path), *argv]) == 2
    assert "--game" in capsys.readouterr().err
