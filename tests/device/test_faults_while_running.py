"""The faults left of "a device that never loses a game", each injected into the app loop, each
shown on the OLED and in the log (the journal), with play going on or resuming once it clears:

- the records folder's disk fills up, or turns read-only, in the middle of a game;
- the camera gives garbage (None, wrong shapes and types, black, noise, a truncated JPEG) in
  the middle of a game read by the real board reader from the recorded session's frames;
- the calibration profile or a board file (the user's copy) is corrupt at start:
  ``dicekeeper run`` starts, says what is wrong and the fix, offers the guided calibration,
  and does not exit (a systemd restart loop is what is avoided).
"""

from __future__ import annotations

import errno
import json
import logging
import os
import shutil
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

from device import records
from device.app import App, board_readers
from device.boot_faults import RETRY_S, profile_notice
from device.camera import decode_image_file
from device.cli import main
from device.config import AppConfig
from device.display import open_display
from device.frame_health import CAMERA_VIEW_UNREADABLE
from device.game_record import DISK_FULL, READ_ONLY
from device.records import read_record
from device.replay import replay
from device.screens import Game, Greeting, Notice, Result, render

from .test_app import F3_PUSH, START, WIN, Buzzer, FakeCamera, TextReader, frames

SESSION = Path(__file__).resolve().parents[2] / "device" / "sessions" / "unification-simple"
EXPECTED = json.loads((SESSION / "expected.json").read_text())


# ------------------------------------------------------------------ the records folder's disk

class Disk:
    """``device.records``' view of the os module, with the faults of the disk the records
    folder is on: full (a write stores part of its bytes, as a full disk does, then the line is
    refused) or read-only (EROFS: the SD card failing, remounted read-only)."""

    def __init__(self) -> None:
        self.fault: str | None = None

    def __getattr__(self, name: str):
        return getattr(os, name)

    def write(self, fd: int, data: bytes) -> int:
        if self.fault == "full":
            return os.write(fd, data[:len(data) // 2])  # a short write: the rest did not fit
        if self.fault == "read-only":
            raise OSError(errno.EROFS, "Read-only file system")
        return os.write(fd, data)

    def open(self, path, flags, mode=0o777):
        if self.fault == "read-only" and flags & (os.O_WRONLY | os.O_RDWR):
            raise OSError(errno.EROFS, "Read-only file system", str(path))
        return os.open(path, flags, mode)


GAME = frames((2, START), (6, START), (10, F3_PUSH), (12, F3_PUSH), (14, START), (16, START),
              (18, START), (20, WIN), (22, WIN))


@pytest.mark.parametrize(("fault", "shown"), [("full", DISK_FULL), ("read-only", READ_ONLY)])
def test_a_disk_that_refuses_the_record_mid_game_is_shown_and_nothing_is_lost(
        tmp_path, monkeypatch, caplog, fault, shown):
    caplog.set_level(logging.INFO)
    disk = Disk()
    monkeypatch.setattr(records, "os", disk)
    config = AppConfig(game="unification", side="simple", records_dir=tmp_path / "records",
                       settle_frames=2)
    app = App(camera=FakeCamera(GAME), display=open_display("dummy"), config=config,
              readers=lambda layout: TextReader(), sleep=lambda s: None, buzzer=Buzzer())
    while app.now < 6:
        app.step()
    assert app.session.clock.running
    path = app.record_path
    disk.fault = fault                                    # the disk fills up / turns read-only
    statuses = []
    while app.now < 16.5:
        app.step()
        statuses.append(app.current_screen().status)
    assert shown in statuses                              # said on the OLED, with the fix
    assert app.display.last_image.tobytes() == render(app.screen).tobytes()
    assert shown in caplog.text and str(path) in caplog.text   # and in the journal
    assert app.session.warning is None and app.session.clock.running  # play went on
    assert app.buzzer.sounds.count("chirp") == 2          # the warning, and the disk
    disk.fault = None                                     # space is back
    app.run()
    assert isinstance(app.current_screen(), Result)
    assert "saved again" in caplog.text
    record = read_record(path)
    assert not record.truncated                           # no torn line was left
    kinds = [e["type"] for e in record.entries if e["type"] != "clock"]
    assert kinds == ["setup", "timer_start", "warning", "warning_cleared", "move", "end"]
    assert not replay(record).disagreements


def test_a_records_folder_read_only_from_the_start_keeps_the_lines_until_it_takes_them(
        tmp_path, monkeypatch, caplog):
    disk = Disk()
    monkeypatch.setattr(records, "os", disk)
    folder = tmp_path / "records"
    config = AppConfig(game="unification", side="simple", records_dir=folder, settle_frames=2)
    real_link = os.link

    def no_link(src, dst):  # the new record cannot be linked into a read-only folder
        if disk.fault:
            raise OSError(errno.EROFS, "Read-only file system")
        return real_link(src, dst)

    monkeypatch.setattr(records.os, "link", no_link, raising=False)
    disk.fault = "read-only"
    app = App(camera=FakeCamera(GAME), display=open_display("dummy"), config=config,
              readers=lambda layout: TextReader(), sleep=lambda s: None)
    while app.now < 10.5:
        app.step()
    assert app.current_screen().warning_code == "UN-F3"   # the game is played meanwhile
    assert app.record_problem == READ_ONLY
    assert not list(folder.glob("*.jsonl"))
    disk.fault = None
    app.run()
    (path,) = folder.glob("*.jsonl")
    record = read_record(path)
    assert [e["type"] for e in record.entries if e["type"] != "clock"] == [
        "setup", "timer_start", "warning", "warning_cleared", "move", "end"]


# ------------------------------------------------------------------ garbage from the camera

class Frames:
    """A camera giving (t, image) pairs; an image may be anything a broken camera gives."""

    def __init__(self, items: list[tuple[float, object]]) -> None:
        self.items = list(items)

    def read(self):
        if not self.items:
            return None
        t, image = self.items.pop(0)
        return SimpleNamespace(image=image, t=t)

    def close(self) -> None:
        pass


def _session_frames() -> list[tuple[float, np.ndarray]]:
    entries = json.loads((SESSION / "session.json").read_text())["frames"]
    return [(e["t"], decode_image_file(SESSION / e["file"])) for e in entries]


def _garbage(tmp_path: Path, shape: tuple[int, int, int]) -> list[object]:
    """Every kind of bad frame, the truncated JPEG read from a frame folder as the camera
    reads its files."""
    rng = np.random.default_rng(7)
    folder = tmp_path / "frames"
    folder.mkdir()
    whole = (SESSION / "frames" / "050.jpg").read_bytes()
    (folder / "cut.jpg").write_bytes(whole[:len(whole) // 3])
    (folder / "empty.jpg").write_bytes(b"")
    return [None, np.zeros((10, 10), np.uint8), np.zeros(shape, np.float32),
            np.zeros((*shape[:2], 2), np.uint8), np.zeros(shape, np.uint8),
            rng.integers(0, 256, shape, dtype=np.uint8), decode_image_file(folder / "cut.jpg"),
            decode_image_file(folder / "empty.jpg"), np.zeros((0, 0, 3), np.uint8)]


def _play(items: list[tuple[float, object]], record: Path
          ) -> tuple[App, list[tuple[float, str]]]:
    config = AppConfig(game="unification", side="simple", record_file=record, settle_frames=3)
    app = App(camera=Frames(items), display=open_display("dummy"), config=config,
              readers=board_readers(None), sleep=lambda s: None, buzzer=Buzzer())
    seen = []
    while app.step():
        screen = app.current_screen()
        seen.append((app.now, screen.status if isinstance(screen, Game) else ""))
    return app, seen


def test_garbage_frames_mid_game_are_survived_said_after_a_while_and_play_resumes(
        tmp_path, caplog):
    good = _session_frames()
    clean, _ = _play(good, tmp_path / "clean.jsonl")
    assert clean.session.summary(clean.now) == EXPECTED["final_line"]

    garbage = _garbage(tmp_path, good[0][1].shape)
    items: list[tuple[float, object]] = []
    for i, (t, image) in enumerate(good[:40]):
        items.append((t, image))
        if 20 <= i < 20 + len(garbage):    # one bad frame after each good one: nothing to say
            items.append((t + 0.05, garbage[i - 20]))
    run_start, shift = good[39][0] + 0.5, 7.0  # then 6.5 s of nothing but garbage
    items += [(run_start + 0.5 * k, garbage[k % len(garbage)]) for k in range(13)]
    items += [(t + shift, image) for t, image in good[40:]]
    with caplog.at_level(logging.INFO):
        app, seen = _play(items, tmp_path / "garbled.jsonl")

    said = [t for t, status in seen if status == CAMERA_VIEW_UNREADABLE]
    assert said, "the OLED never said the camera view is unreadable"
    assert min(said) >= run_start + 5.0                  # after a while, not at once
    assert max(said) < good[40][0] + shift + 0.01        # and no longer once frames are good
    assert not [t for t, s in seen if s == CAMERA_VIEW_UNREADABLE and t < run_start]
    assert "camera view unreadable" in caplog.text and "readable again" in caplog.text
    assert app.buzzer.sounds.count("chirp") == clean.buzzer.sounds.count("chirp") + 1
    # the same game to the same end, its clock 7 s further on (the camera time lost)
    record = read_record(tmp_path / "garbled.jsonl")
    moves = [e["move"] for e in record.entries if e["type"] == "move"]
    assert moves == [p["move"] for p in EXPECTED["pushes"]]
    assert app.session.outcome == clean.session.outcome
    remaining = app.session.summary_view(app.now).remaining
    assert remaining == pytest.approx(clean.session.summary_view(clean.now).remaining - shift)


# ------------------------------------------------------------------ broken files at start

def _config_file(tmp_path: Path, source: Path = SESSION) -> Path:
    path = tmp_path / "dicekeeper.toml"
    path.write_text(f'[camera]\nsource = "{source}"\n[display]\ntype = "dummy"\n'
                    f'[buttons]\ntype = "none"\n[buzzer]\ntype = "none"\n'
                    f'[game]\nname = "unification"\n'
                    f'[records]\nfolder = "{tmp_path / "records"}"\n')
    return path


def test_run_with_a_corrupt_profile_plays_on_without_it_and_says_so(tmp_path, monkeypatch,
                                                                   capsys, caplog):
    profile = tmp_path / "profile.json"
    profile.write_text('{"board": "unification", "created": ')       # cut short
    monkeypatch.setenv("DICEKEEPER_PROFILE", str(profile))
    assert main(["run", "--config", str(_config_file(tmp_path))]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == EXPECTED["final_line"]
    assert f"calibration profile {profile} is corrupt" in caplog.text
    assert "dicekeeper calibrate" in caplog.text                     # the fix, in the journal


def test_a_corrupt_profile_at_start_offers_the_guided_calibration(tmp_path):
    profile = tmp_path / "profile.json"
    profile.write_text("not json")
    from vision.errors import ProfileError

    with pytest.raises(ProfileError) as broken:
        board_readers(profile)
    notice = profile_notice(profile, str(broken.value))

    mono = [0.0]

    def app(buttons):
        config = AppConfig(game="unification", side="simple", record_file=tmp_path / "r.jsonl",
                           profile=profile, settle_frames=2)
        return App(camera=FakeCamera(frames((2, START), (3, START))),
                   display=open_display("dummy"), readers=lambda layout: TextReader(),
                   config=config, sleep=lambda s: None, buttons=buttons, notice=notice,
                   monotonic=lambda: mono[0])

    asked = app(Presses())
    screen = asked.current_screen()
    assert screen == notice and "profile.json is corrupt" in screen.lines[0]
    assert screen.hint == "B calibrate   C play on"
    assert asked.session is None                       # the game waits for the answer
    asked.handle_press("B")                            # the guided calibration of its board
    assert asked.calibration is not None and asked.calibration.save_to == profile
    assert asked.current_screen().title.startswith("1/4 lay the board")
    played = app(Presses())
    played.handle_press("C")                           # play on without the profile
    assert played.session is not None and isinstance(played.current_screen(), Game)
    alone = app(None)                                  # no buttons: the game starts at once,
    assert alone.session is not None                   # the notice says so for a while
    assert alone.current_screen().hint == "playing on without it"
    mono[0] = 21.0
    alone.step()
    assert isinstance(alone.current_screen(), Game)    # read, and gone


class Presses:
    def __init__(self) -> None:
        self.queued: list[str] = []

    def poll(self, now=None):
        out, self.queued = self.queued, []
        return out

    def close(self) -> None:
        pass


def _broken_user_board(home: Path) -> Path:
    path = home / ".config" / "dicekeeper" / "boards" / "unification-simple.json"
    path.parent.mkdir(parents=True)
    path.write_text('{"layout": {"cell_mm": ')          # an edit saved half way
    return path


def test_run_with_a_broken_board_file_does_not_exit_non_zero(tmp_path, monkeypatch, capsys,
                                                             caplog):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    broken = _broken_user_board(tmp_path / "home")
    few = tmp_path / "few"
    few.mkdir()
    for name in ("000.jpg", "001.jpg", "002.jpg"):
        shutil.copy(SESSION / "frames" / name, few / name)
    assert main(["run", "--config", str(_config_file(tmp_path, few))]) == 0
    err = capsys.readouterr().err
    assert "unification-simple.json is broken" in err and f"mend or delete {broken}" in err
    assert "not valid JSON" in caplog.text


def test_a_broken_board_file_is_shown_and_tried_again_until_it_is_mended(tmp_path,
                                                                        monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    broken = _broken_user_board(tmp_path / "home")
    mono = [0.0]
    script = frames(*[(2 + i, START) for i in range(20)], (30, WIN), (32, WIN))
    config = AppConfig(game="unification", side="simple", record_file=tmp_path / "r.jsonl",
                       settle_frames=2)
    app = App(camera=FakeCamera(script), display=open_display("dummy"), config=config,
              readers=lambda layout: TextReader(), sleep=lambda s: None,
              monotonic=lambda: mono[0])
    screen = app.current_screen()
    assert isinstance(screen, Notice) and screen.title == "Cannot start unification"
    assert screen.lines == ("unification-simple.json is broken", f"mend or delete {broken}")
    for _ in range(5):
        assert app.step() and app.session is None      # no exit: the device waits
    shipped = Path(__file__).resolve().parents[2] / "calibration" / "boards" / broken.name
    broken.write_text(shipped.read_text())            # mended over ssh
    mono[0] = RETRY_S + 1
    app.run()
    assert app.session is not None and app.session.outcome.result == "success"


def test_with_buttons_a_broken_board_file_offers_try_again_and_the_menu(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    broken = _broken_user_board(tmp_path / "home")
    config = AppConfig(game="unification", side="simple", record_file=tmp_path / "r.jsonl",
                       settle_frames=2)
    app = App(camera=FakeCamera(frames((2, START))), display=open_display("dummy"),
              config=config, readers=lambda layout: TextReader(), sleep=lambda s: None,
              buttons=Presses())
    assert app.current_screen().hint == "B try again   C menu"
    app.handle_press("B")                              # not mended yet: said again
    assert app.session is None and app.current_screen().title == "Cannot start unification"
    broken.unlink()                                    # deleted: the shipped board is used
    app.handle_press("B")
    assert app.session is not None
    app.abandon()
    broken.write_text("[]")
    app.start_game("unification", "simple")
    assert app.current_screen().title == "Cannot start unification"
    app.handle_press("C")                              # the menu: another game, Calibrate
    assert isinstance(app.current_screen(), Greeting)
    app.handle_press("B")
    assert "Calibrate" in app.current_screen().items
