"""The app loop on scripted frames: a fake board reader turns each frame's text into a view.

The frames' "images" are view texts in the engine's notation (or None / "hand"), so the tests
run the real SettleDetector, game Session, screens, records and replay without any image work.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable
from pathlib import Path
from types import SimpleNamespace

import pytest

from device.app import CAMERA_LOST, App
from device.config import AppConfig
from device.errors import CameraLostError
from device.records import read_record
from device.screens import Game, Greeting, Menu, Result, clock_text
from engine.games import GAMES
from engine.table import TableView, ViewStatus

START = "111/1R11/121 P=1"          # red die on r1c1; a push from N into column 1 wins
F3_PUSH = "1R11/121/111 P=1"        # from S into column 1: the 1 leaves N, DEC1 can't fire
WIN = "111/111/1R11 P=5"            # N1: the 2 leaves S, FLIP gives 5; all nine show 1
HAND = "hand"


class FakeCamera:
    """Scripted frames: (t, image) pairs, or an exception to raise once in their place."""

    def __init__(self, script: Iterable[object]) -> None:
        self.script = list(script)
        self.reopened = 0
        self.closed = False

    def read(self):
        if not self.script:
            return None
        item = self.script.pop(0)
        if isinstance(item, Exception):
            raise item
        t, image = item
        return SimpleNamespace(image=image, t=t, index=0)

    def reopen(self) -> None:
        self.reopened += 1

    def close(self) -> None:
        self.closed = True


class TextReader:
    """Stands in for vision.board.pipeline.BoardReader: the 'image' is the view's text in the
    game's notation (Unification's unless another game is named)."""

    def __init__(self, game: str = "unification") -> None:
        self.view_from_text = GAMES[game].view_from_text

    def read(self, image):
        if image is None:
            return TableView.unsettled(ViewStatus.UNREADABLE, "frame unreadable")
        if image == HAND:
            return TableView.unsettled(ViewStatus.HAND, "hand over board")
        return self.view_from_text(image)


class RecordingDisplay:
    size = (128, 64)

    def __init__(self) -> None:
        self.images = []
        self.closed = False

    def show(self, image) -> None:
        self.images.append(image)

    def close(self) -> None:
        self.closed = True


class Buzzer:
    def __init__(self) -> None:
        self.sounds: list[str] = []

    def chirp(self) -> None:
        self.sounds.append("chirp")

    def alarm(self) -> None:
        self.sounds.append("alarm")

    def fanfare(self) -> None:
        self.sounds.append("fanfare")


def frames(*pairs: tuple[float, str | None], repeat: int = 2) -> list[tuple[float, object]]:
    """Each view held for ``repeat`` frames 0.5 s apart (the settle detector needs 2)."""
    out = []
    for t, image in pairs:
        out += [(t + 0.5 * i, image) for i in range(repeat)]
    return out


GAME_SCRIPT = frames((0, HAND), (2, START), (10, F3_PUSH), (12, START), (20, WIN), (25, WIN))


def make_app(tmp_path: Path, script, **kw) -> App:
    config = AppConfig(game="unification", side="simple", record_file=tmp_path / "r.jsonl",
                       settle_frames=2)
    reader = kw.pop("reader", TextReader())
    parts = {"camera": FakeCamera(script), "display": RecordingDisplay(),
             "readers": lambda layout: reader, "buzzer": Buzzer(), "sleep": lambda s: None}
    parts.update(kw)
    return App(config=config, **parts)


def run_until(app: App, t: float) -> None:
    while app.step() and app.now < t:
        pass


def test_hand_then_setup_starts_the_clock(tmp_path: Path) -> None:
    app = make_app(tmp_path, GAME_SCRIPT)
    app.step()
    assert app.current_screen().status == "hand over board"
    run_until(app, 2.5)
    assert app.session.state is not None and app.session.clock.running
    screen = app.current_screen()
    assert isinstance(screen, Game) and clock_text(screen.remaining_s) == "5:00"
    assert screen.moves == 0 and screen.warning_code is None


def test_illegal_push_warns_and_chirps_then_clears_when_put_back(tmp_path: Path) -> None:
    app = make_app(tmp_path, GAME_SCRIPT)
    run_until(app, 10.5)
    screen = app.current_screen()
    assert screen.warning_code == "UN-F3" and screen.warning_message
    assert app.buzzer.sounds == ["chirp"]
    assert app.session.moves == 0 and app.session.clock.running
    run_until(app, 12.5)
    assert app.current_screen().warning_code is None
    assert app.session.clock.running  # the clock never stopped
    assert clock_text(app.current_screen().remaining_s) == clock_text(300 - (12.5 - 2.5))


def test_success_stops_the_clock_and_scores(tmp_path: Path) -> None:
    app = make_app(tmp_path, GAME_SCRIPT)
    assert app.run() == 0
    screen = app.current_screen()
    assert isinstance(screen, Result) and screen.outcome == "success"
    left = 300 - (20.5 - 2.5)
    assert screen.score == int(left // 60)            # red die not in the centre: not doubled
    assert clock_text(screen.remaining_s) == clock_text(left)
    assert app.session.moves == 1
    assert app.camera.closed and app.display.closed
    assert app.buzzer.sounds == ["chirp", "fanfare"]   # the warning, then the success


def test_record_holds_header_and_every_event(tmp_path: Path) -> None:
    app = make_app(tmp_path, GAME_SCRIPT)
    app.run()
    record = read_record(tmp_path / "r.jsonl")
    assert record.header["game"] == "unification" and record.header["side"] == "simple"
    assert record.header["board"] and record.header["duration"] == 300.0
    events = [e for e in record.entries if e["type"] != "clock"]
    kinds = [e["type"] for e in events]
    assert kinds == ["setup", "timer_start", "warning", "warning_cleared", "move", "end"]
    assert all("view" in e for e in events)
    # while the clock runs, the time it reached is written every few seconds
    assert [e["t"] for e in record.entries if e["type"] == "clock"] == [10.0, 20.0]
    end = record.entries[-1]
    assert end["outcome"] == "success" and end["t"] == 20.5


def test_camera_lost_mid_game_keeps_the_game_and_the_clock(tmp_path: Path) -> None:
    script = frames((2, START), (10, F3_PUSH)) + [CameraLostError("unplugged")] * 3 \
        + frames((40, START), (50, WIN))
    app = make_app(tmp_path, script)
    run_until(app, 10.5)
    state_before, started = app.session.state, app.session.clock.started_at
    for _ in range(3):
        assert app.step()
        assert app.current_screen().status == CAMERA_LOST
    assert app.camera.reopened == 3
    assert app.session.state is state_before and app.session.clock.started_at == started
    assert app.current_screen().warning_code == "UN-F3"     # the warning is kept too
    app.run()
    result = app.current_screen()
    assert isinstance(result, Result) and result.outcome == "success"
    assert clock_text(result.remaining_s) == clock_text(300 - (50.5 - 2.5))


def test_unreadable_frames_are_shown_and_change_nothing(tmp_path: Path) -> None:
    app = make_app(tmp_path, frames((2, START), (5, None)))
    run_until(app, 5.0)
    state = app.session.state
    assert app.current_screen().status == "frame unreadable"
    app.run()
    assert app.session.state is state and app.session.outcome is None


def test_a_die_the_camera_cannot_read_is_named_on_the_screen(tmp_path: Path) -> None:
    cocked = "111/1R1?/121 P=1"   # the die on r1c2 is unread (cocked, touching, half hidden)
    app = make_app(tmp_path, frames((2, START), (5, cocked), repeat=3))
    app.run()
    assert app.current_screen().status == "straighten or reroll r1c2"


def test_a_crashing_reader_does_not_lose_the_game(tmp_path: Path) -> None:
    class Flaky(TextReader):
        def read(self, image):
            if image == "boom":
                raise RuntimeError("bug in vision")
            return super().read(image)

    app = make_app(tmp_path, frames((2, START), (5, "boom"), (20, WIN)), reader=Flaky())
    app.run()
    assert app.session.outcome is not None and app.session.outcome.result == "success"


def test_a_light_change_is_suggested_for_recalibration(tmp_path: Path) -> None:
    from device.app import LIGHT_CHANGED

    class DimReader(TextReader):
        def read(self, image):
            view = super().read(START if image == "dim" else image)
            view.extra["light_changed"] = image == "dim"
            return view

    app = make_app(tmp_path, [(0.0, HAND), (1.0, START), (2.0, START), (3.0, START)],
                   reader=DimReader())
    app.camera.script[2:2] = [(1.5, "dim")]
    app.step()
    assert app.current_screen().status == "hand over board"      # the hand comes first
    app.step()
    app.step()
    assert app.current_screen().status == LIGHT_CHANGED
    app.step()
    assert app.current_screen().status != LIGHT_CHANGED


def test_watchdog_and_ready_are_sent(tmp_path: Path) -> None:
    sent: list[str] = []
    ticks = iter(range(1000))
    app = make_app(tmp_path, frames((2, START)), notify=sent.append,
                   monotonic=lambda: float(next(ticks)) * 3.0)
    app.run()
    assert sent[0] == "READY=1" and sent[-1] == "STOPPING=1"
    assert sent.count("WATCHDOG=1") >= 2


def test_menu_then_game_with_scripted_presses(tmp_path: Path) -> None:
    class Presses:
        def __init__(self, batches):
            self.batches = list(batches)

        def poll(self, now=None):
            return self.batches.pop(0) if self.batches else []

        def close(self):
            pass

    from engine.games import GAMES as REGISTRY

    # A steps through the games, Calibrate and Shut down and wraps round to the first,
    # Unification; B chooses
    config = AppConfig(record_file=tmp_path / "r.jsonl", settle_frames=2)
    app = App(camera=FakeCamera(frames((2, START))), display=RecordingDisplay(),
              readers=lambda layout: TextReader(), config=config, sleep=lambda s: None,
              buttons=Presses([[], ["B"], ["A"] * (len(REGISTRY) + 2), ["B"]]))
    app.step()
    assert isinstance(app.current_screen(), Greeting)
    app.step()
    titles = tuple(game.info.title for game in REGISTRY.values())
    assert titles[0] == "Unification"
    assert app.current_screen() == Menu("Game", (*titles, "Calibrate", "Shut down"), 0)
    app.step()
    app.step()
    assert isinstance(app.current_screen(), Menu) and app.session is None
    assert app.current_screen().items == ("Simple", "Complex")
    # one more B chooses Simple: the game starts and the camera is read
    app.buttons.batches.append(["B"])
    app.run()
    assert app.session is not None and app.session.side == "simple"
    assert app.session.state is not None


def test_long_c_abandons_the_game_for_the_menu_once_confirmed(tmp_path: Path) -> None:
    app = make_app(tmp_path, GAME_SCRIPT)
    run_until(app, 2.5)
    app.handle_press("C_LONG")
    assert app.current_screen().title == "Leave the game?" and app.session is not None
    app.handle_press("C")                    # back to the game: nothing lost
    assert isinstance(app.current_screen(), Game)
    app.handle_press("C_LONG")
    app.handle_press("B")                    # leave
    assert app.session is None and isinstance(app.current_screen(), Greeting)
    lines = [json.loads(x) for x in (tmp_path / "r.jsonl").read_text().splitlines()]
    assert lines[-1]["type"] == "abandoned"


def test_bad_board_side_shows_a_message_not_a_crash(tmp_path: Path) -> None:
    config = AppConfig(game="unification", side="sideways", record_file=tmp_path / "r.jsonl")
    app = App(camera=FakeCamera([]), display=RecordingDisplay(),
              readers=lambda layout: TextReader(),
              config=config, sleep=lambda s: None)
    assert app.session is None
    assert app.current_screen().title == "Cannot start unification"
    assert "sideways" in " ".join(app.current_screen().lines)


@pytest.mark.parametrize("cut", [1, 30])
def test_record_survives_a_cut_at_any_point(tmp_path: Path, cut: int) -> None:
    app = make_app(tmp_path, GAME_SCRIPT)
    app.run()
    path = tmp_path / "r.jsonl"
    data = path.read_bytes()
    path.write_bytes(data[:-cut])
    record = read_record(path)
    assert record.truncated == (cut > 1)
    assert record.entries[-1]["type"] == ("end" if cut == 1 else "move")


def test_menu_navigation_with_gpio_buttons_on_mock_pins(tmp_path: Path, mock_pins) -> None:
    from device.buttons import GpioButtons

    buttons = GpioButtons(bounce_time=None, hold_time=0.05, pin_factory=mock_pins)
    config = AppConfig(record_file=tmp_path / "r.jsonl", settle_frames=2)
    app = App(camera=FakeCamera(frames((2, START))), display=RecordingDisplay(),
              readers=lambda layout: TextReader(), config=config, sleep=lambda s: None,
              buttons=buttons)

    def click(name: str) -> None:
        pin = buttons.buttons[name].pin
        pin.drive_low()
        pin.drive_high()
        app.step()

    click("B")
    click("B")
    assert app.current_screen() == Menu("Unification side", ("Simple", "Complex"), 0)
    click("A")
    assert app.current_screen().index == 1
    click("C")                                   # back to the game list
    assert app.current_screen().title == "Game"
    # long C: held past hold_time (gpiozero's hold thread queues C_LONG): back to the greeting
    pin = buttons.buttons["C"].pin
    pin.drive_low()
    deadline = time.monotonic() + 2.0
    while not isinstance(app.current_screen(), Greeting) and time.monotonic() < deadline:
        time.sleep(0.01)
        app.step()
    pin.drive_high()
    app.step()
    assert isinstance(app.current_screen(), Greeting)   # and the release gave no extra C
    click("B")
    click("B")
    click("B")                                   # Unification -> Simple: the game starts
    assert app.session is not None and app.session.side == "simple"
    app.close()


def test_config_from_run_arguments_and_environment(tmp_path: Path) -> None:
    import argparse

    from device.config import config_from_args

    profile = tmp_path / "profile.json"
    profile.write_text("{}")
    env = {"DICEKEEPER_RECORDS": str(tmp_path / "rec"), "DICEKEEPER_PROFILE": str(profile),
           "WATCHDOG_USEC": "8000000"}
    args = argparse.Namespace(game="unification", side="complex", records=None, profile=None)
    config = config_from_args(args, env)
    assert config.records_dir == tmp_path / "rec" and config.profile == profile
    assert config.watchdog_s == 4.0 and (config.game, config.side) == ("unification", "complex")
    env["DICEKEEPER_PROFILE"] = str(tmp_path / "missing.json")
    assert config_from_args(args, env).profile is None
    # --game alone plays the game's first side
    alone = argparse.Namespace(game="unification", side=None, records=None, profile=None)
    assert config_from_args(alone, env).side == "simple"
    with pytest.raises(ValueError, match="--side"):
        config_from_args(argparse.Namespace(game=None, side="simple"), env)
