"""The buzzer through the app, on gpiozero's mock pins (the Pi's code path): a chirp for a new
warning (once, not again while it stands) and for a device fault appearing, the fanfare for a
game won, solo or by a player, the alarm when the time is up; and nothing when the
configuration says there is no buzzer."""

from __future__ import annotations

from pathlib import Path

from device.app import CAMERA_LOST, App
from device.buzzer import GpioBuzzer, SilentBuzzer
from device.config import AppConfig
from device.errors import CameraLostError
from device.settings import parse_settings
from device.settings_backends import open_configured_buzzer

from .test_app import F3_PUSH, START, FakeCamera, RecordingDisplay, TextReader, frames
from .test_app_two_players import SET_UP


def _unification(tmp_path: Path, script, buzzer) -> App:
    config = AppConfig(game="unification", side="simple", record_file=tmp_path / "r.jsonl",
                       settle_frames=2, duration=30)
    return App(camera=FakeCamera(script), display=RecordingDisplay(), config=config,
               readers=lambda layout: TextReader(), sleep=lambda s: None, buzzer=buzzer)


def test_a_standing_warning_chirps_once_and_time_up_sounds_the_alarm(tmp_path, mock_pins):
    buzzer = GpioBuzzer(pin_factory=mock_pins)
    script = frames((2, START), (10, F3_PUSH), (11, F3_PUSH), (12, F3_PUSH), (40, F3_PUSH))
    app = _unification(tmp_path, script, buzzer)
    app.run()
    assert app.session.outcome.reason == "FA-E1"           # 30 s are up
    assert buzzer.played == ["chirp", "alarm"]
    assert mock_pins.pin(12).state is False                 # closed: the pin is left silent


def test_a_fault_of_the_device_chirps_once_when_it_appears(tmp_path):
    buzzer = SilentBuzzer()
    script = frames((2, START)) + [CameraLostError("unplugged")] * 3 + frames((5, START))
    app = _unification(tmp_path, script, buzzer)
    for _ in range(5):
        app.step()
    assert app.current_screen().status == CAMERA_LOST
    app.run()
    assert buzzer.played == ["chirp"]                       # once for three lost frames


def test_a_two_player_game_won_sounds_the_fanfare(tmp_path):
    buzzer = SilentBuzzer()
    config = AppConfig(game="cubecourier", side="standard", record_file=tmp_path / "r.jsonl",
                       settle_frames=1)
    script = [(1.0, SET_UP), (2.0, "K../.../... off=KKKRRRW"), (3.0, "K../K../... off=KKRRRW"),
              (4.0, "K../K../K.. off=KRRRW")]
    app = App(camera=FakeCamera(script), display=RecordingDisplay(), config=config,
              readers=lambda layout: TextReader("cubecourier"), sleep=lambda s: None,
              buzzer=buzzer)
    app.run()
    assert app.session.outcome.result == "win" and buzzer.played == ["fanfare"]


def test_no_buzzer_in_the_configuration_is_silence():
    silent = open_configured_buzzer(parse_settings('[buzzer]\ntype = "none"\n'))
    assert isinstance(silent, SilentBuzzer) and silent.fault is None
