"""A clean shutdown from the buttons: C held 3 s (here scaled down) on gpiozero's mock pins,
the OLED saying what letting go will do while it is held, "Shut down?", then the record closed
(the game stays resumable) and the power-off command run through an injected runner; and the
command chosen from the configuration file."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from device.app import App
from device.buttons import GpioButtons, Press, ScriptedButtons
from device.config import AppConfig
from device.display import open_display
from device.errors import ConfigError
from device.records import read_record
from device.resume import find_resumable
from device.screens import Game, Greeting, Menu, Notice, render
from device.settings import parse_settings
from device.settings_backends import power_off
from device.shutdown import CONFIRM, POLKIT_FIX, SHUTTING_DOWN, PowerOff, shutdown_command

from .test_app import START, FakeCamera, TextReader, frames

LONG, SHUTDOWN, STUCK = 0.05, 0.3, 2.0


class Runner:
    """Stands in for subprocess: records the command, never runs it."""

    def __init__(self, status: int = 0) -> None:
        self.status = status
        self.calls: list[tuple[str, ...]] = []

    def __call__(self, argv) -> int:
        self.calls.append(tuple(argv))
        return self.status


def _game_app(tmp_path: Path, buttons, runner: Runner, **kw) -> App:
    config = AppConfig(game="unification", side="simple", records_dir=tmp_path / "records",
                       settle_frames=2)
    script = frames(*[(2 + i, START) for i in range(200)])
    return App(camera=FakeCamera(script), display=open_display("dummy"), config=config,
               readers=lambda layout: TextReader(), sleep=lambda s: None, buttons=buttons,
               power_off=PowerOff(("systemctl", "poweroff"), runner), **kw)


def _hold_c(app: App, buttons: GpioButtons, seconds: float) -> list[Notice]:
    """Hold C down for ``seconds``, stepping the app; the screens shown while it was held."""
    pin = buttons.buttons["C"].pin
    pin.drive_low()
    seen = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.step()
        if isinstance(app.screen, Notice) and app.screen.title == "Holding C":
            seen.append(app.screen)
        time.sleep(0.01)
    pin.drive_high()
    app.step()
    return seen


def test_c_held_3_s_asks_then_closes_the_record_and_powers_off(tmp_path, mock_pins):
    buttons = GpioButtons(bounce_time=None, hold_time=LONG, shutdown_s=SHUTDOWN, stuck_s=STUCK)
    runner = Runner()
    app = _game_app(tmp_path, buttons, runner)
    for _ in range(6):
        app.step()
    assert app.session.clock.running
    path = app.record_path
    held = _hold_c(app, buttons, SHUTDOWN + 0.15)
    assert held[0].lines == ("let go now: the menu",) and held[0].progress < 1.0
    assert held[-1].lines[0].startswith("let go now: shut down")   # said while still held
    assert app.current_screen() == CONFIRM and runner.calls == []   # asked first
    assert app.step()                                               # the game goes on meanwhile
    click(buttons, "B")
    assert not app.step()                                           # the loop ends
    assert runner.calls == [("systemctl", "poweroff")]
    assert app.screen == SHUTTING_DOWN
    assert app.display.last_image.tobytes() == render(SHUTTING_DOWN).tobytes()
    assert app.recorder is None
    record = read_record(path)
    assert record.entries[-1]["type"] == "clock"    # the time reached, for the resume
    assert record.entries[-1]["t"] == app.now
    app.close()
    offer = find_resumable(tmp_path / "records")    # the next start offers the game
    assert offer is not None and offer.path == path and offer.label().endswith("left")
    buttons.close()


def click(buttons: GpioButtons, name: str) -> None:
    pin = buttons.buttons[name].pin
    pin.drive_low()
    pin.drive_high()


def test_c_let_go_between_1_and_3_s_is_the_menu_and_c_backs_out_of_the_question(tmp_path,
                                                                                mock_pins):
    buttons = GpioButtons(bounce_time=None, hold_time=LONG, shutdown_s=SHUTDOWN, stuck_s=STUCK)
    runner = Runner()
    app = _game_app(tmp_path, buttons, runner)
    for _ in range(4):
        app.step()
    _hold_c(app, buttons, (LONG + SHUTDOWN) / 2)
    assert app.current_screen().title == "Leave the game?"   # long C: the menu, asked first
    click(buttons, "C")
    app.step()
    assert isinstance(app.current_screen(), Game)
    _hold_c(app, buttons, SHUTDOWN + 0.1)
    assert app.current_screen() == CONFIRM
    click(buttons, "C")
    app.step()
    assert isinstance(app.current_screen(), Game) and runner.calls == []
    buttons.close()


def test_an_unanswered_question_goes_away(tmp_path):
    mono = [0.0]
    app = _game_app(tmp_path, ScriptedButtons([(0.0, Press.C_VERY_LONG)]), Runner(),
                    monotonic=lambda: mono[0])
    app.step()
    assert app.current_screen() == CONFIRM
    mono[0] = 16.0
    app.step()
    assert isinstance(app.current_screen(), Game)


def test_a_refused_power_off_is_shown_and_the_game_goes_on_recorded(tmp_path, caplog):
    runner = Runner(status=1)
    app = _game_app(tmp_path, ScriptedButtons([(3.0, "C_VERY_LONG"), (3.0, "B")]), runner)
    while app.now < 5:
        assert app.step()
    screen = app.current_screen()
    assert screen.title == "Cannot shut down" and POLKIT_FIX in screen.lines[0]
    assert "systemctl poweroff failed (exit 1)" in caplog.text
    app.handle_press("C")
    assert isinstance(app.current_screen(), Game)
    before = len(read_record(app.record_path).entries)
    while app.now < 20:
        app.step()
    assert len(read_record(app.record_path).entries) > before   # the record is written again


def test_shut_down_from_the_menu(tmp_path):
    runner = Runner()
    config = AppConfig(records_dir=tmp_path / "records")
    app = App(camera=FakeCamera([]), display=open_display("dummy"), config=config,
              readers=lambda layout: TextReader(), sleep=lambda s: None,
              buttons=ScriptedButtons([]), power_off=PowerOff(("poweroff",), runner))
    assert isinstance(app.current_screen(), Greeting)
    app.handle_press("B")
    menu = app.current_screen()
    assert isinstance(menu, Menu) and menu.items[-1] == "Shut down"
    for _ in range(len(menu.items) - 1):
        app.handle_press("A")
    app.handle_press("B")
    assert app.current_screen() == CONFIRM
    app.handle_press("B")
    assert runner.calls == [("poweroff",)] and not app.step()


@pytest.mark.parametrize(("text", "pi", "command"), [
    ("auto", True, ("systemctl", "poweroff")),
    ("auto", False, ()),
    ("none", True, ()),
    ("sudo /sbin/poweroff -f", False, ("sudo", "/sbin/poweroff", "-f")),
    ("'/opt/my tools/off'", True, ("/opt/my tools/off",)),
])
def test_the_command_comes_from_the_configuration_file(text, pi, command, monkeypatch):
    monkeypatch.setenv("DICEKEEPER_PI", "1" if pi else "0")
    assert shutdown_command(text) == command
    settings = parse_settings(f"[device]\nshutdown_command = {json.dumps(text)}\n")
    assert power_off(settings).command == command


def test_a_command_with_an_open_quote_is_refused_by_the_file_check():
    with pytest.raises(ConfigError, match="shutdown_command"):
        parse_settings('[device]\nshutdown_command = "poweroff \'now"\n')


def test_no_command_only_stops_the_app(tmp_path):
    app = _game_app(tmp_path, ScriptedButtons([]), Runner())
    app.power_off = PowerOff()
    app.handle_press("C_VERY_LONG")
    app.handle_press("B")
    assert app.stopped and not app.step()


def test_declining_a_torn_interrupted_game_leaves_a_readable_abandoned_record(tmp_path,
                                                                              mock_pins):
    """The "abandoned" line goes after the torn last line is cut, not glued onto it."""
    first = _game_app(tmp_path, None, Runner())
    for _ in range(6):
        first.step()
    path = first.record_path
    first.close()
    with open(path, "ab") as f:
        f.write(b'{"type": "clock", "t": 9')      # the power cut tore the line being written
    buttons = GpioButtons(bounce_time=None, hold_time=LONG, shutdown_s=SHUTDOWN, stuck_s=STUCK)
    app = _game_app(tmp_path, buttons, Runner())
    app.step()
    assert app.offer is not None and app.offer.path == path
    click(buttons, "C")
    app.step()
    assert app.offer is None
    record = read_record(path)                      # no corrupt line in the middle
    assert record.entries[-1]["type"] == "abandoned" and not record.truncated
    app.close()
    buttons.close()
