"""The device app: camera -> board reader -> settle -> game session -> screens -> OLED.

``App`` is the composition of the backends (camera, display, buttons, buzzer, sd_notify), the
vision pipeline (``BoardReader`` + ``SettleDetector``) and the engine's ``Session``; it writes
the game record as the game is played. One ``step()`` handles the buttons and one frame. Time
comes from the frames (``Frame.t``), never from the wall clock, so a recorded session replays
exactly; the only real pauses are injected (``sleep``) and happen in the menu and after a lost
camera. ``command(args)`` is ``dicekeeper run``.

The loop survives every expected error and shows it on the OLED: no board, a hand, an
unreadable frame, a lost camera (the game and its clock are kept), an illegal move (warning +
chirp), a missing or corrupt board file (message, back to the menu).

May import: everything (device is the composition root).
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import logging
import sys
import time
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from device import __version__
from device.boot_faults import NOTICE_S, RETRY_S, profile_notice, start_notice
from device.config import AppConfig, config_from_args
from device.errors import CameraLostError, DeviceError
from device.frame_health import FrameHealth, is_garbage
from device.game_record import GameRecorder
from device.guided_calibration import GuidedCalibration, for_board
from device.idle import BurnInGuard, IdleConfig
from device.menu import GameChoice, MenuState, games_from_registry
from device.records import (
    RecordWriter,
    describe,
    event_entry,
    make_header,
    record_path,
    repair_tail,
)
from device.resume import ResumeOffer, find_resumable
from device.screens import (
    Game,
    Menu,
    Message,
    Notice,
    Screen,
    cursor_screen,
    game_screen,
    render,
    walk_screen,
)
from device.shutdown import (
    CONFIRM,
    CONFIRM_TIMEOUT_S,
    SHUTTING_DOWN,
    PowerOff,
    failed_notice,
    hold_notice,
)
from engine.errors import EngineError
from engine.layout import Layout
from engine.panel import GridEntry, Offer, Sketch, Step, Walk
from engine.session import Event, Session
from engine.table import TableView, ViewStatus
from vision.errors import VisionError

if TYPE_CHECKING:
    from device.buttons import Buttons, Press
    from device.buzzer import Buzzer
    from device.display import Display

log = logging.getLogger(__name__)

CAMERA_LOST = "camera lost — check cable"
LIGHT_CHANGED = "light changed - recalibrate colours?"
LEAVE = Notice("Leave the game?", ("it ends here; its record is kept",), "B leave   C back")
# Statuses whose note replaces the session's status line (MOVING is normal play: not shown).
_SHOWN_PROBLEMS = (ViewStatus.HAND, ViewStatus.NO_BOARD, ViewStatus.UNREADABLE)


class FrameClock:
    """The time of the last frame the app handled; a clock for the OLED emulator's GIF."""

    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


class FrameLike(Protocol):
    """One frame of any source: an image (or a recorded view) and its time."""

    @property
    def image(self) -> Any: ...

    @property
    def t(self) -> float: ...


class FrameSource(Protocol):
    """A camera (``device.camera.Camera``) or a recorded source: None at the end."""

    def read(self) -> FrameLike | None: ...

    def close(self) -> None: ...


class TableReader(Protocol):
    """Reads one camera image into a view (``vision.pipeline.BoardReader``)."""

    def read(self, image: Any) -> TableView: ...


class Settler(Protocol):
    """Turns per-frame views into settled ones (``vision.settle.SettleDetector``)."""

    def update(self, view: TableView) -> TableView: ...

    def reset(self) -> None: ...


ReaderFactory = Callable[[Layout], TableReader]


@dataclasses.dataclass(frozen=True)
class Cursor:
    """A move being entered on the grid: the game's ``GridEntry`` as it was when opened, the
    cell the cursor is on (an index into its cells) and, once the cell is chosen, the value
    shown (an index into its values)."""

    entry: GridEntry
    cell: int = 0
    value: int | None = None


@dataclasses.dataclass(frozen=True)
class Walker:
    """A move being entered by walking the legal ones: the game's ``Walk`` as it was when
    opened, the steps taken and the choice shown (an index into the next steps)."""

    walk: Walk
    taken: tuple[Step, ...] = ()
    index: int = 0


class App:
    """The device loop. Construct with backends, then ``run()`` (or ``step()`` in tests).

    Args:
        camera: ``read() -> Frame | None`` (None ends the loop); may raise CameraLostError.
        display: ``show(PIL image)``.
        readers: the board reader for a game's printed board: ``readers(layout)`` gives a
            ``TableReader`` (``board_readers``: a ``vision.board.BoardReader``), made when a
            game starts.
        config: settings; with ``config.game``/``side`` the menu is skipped.
        settle: ``update(view) -> view`` and ``reset()``; default SettleDetector.
        buttons: ``poll() -> list[Press]`` or None.
        buzzer: ``chirp()``/``alarm()`` or None.
        notify: sd_notify function (``"READY=1"``...), or None.
        sleep, monotonic: injected so tests never wait.
        clock: the FrameClock to update (share it with an emulator display).
        notice: a file found broken at start (``device.boot_faults.profile_notice``): shown
            first; with buttons, B calibrates and C plays on (the configured game waits for
            the answer); without, the game starts and the notice goes after ``NOTICE_S``.
        idle: when the screen dims, shifts and blanks (``device.idle``).
        power_off: what a confirmed shutdown runs (``device.shutdown.PowerOff``).
        recalibrated: the board readers for a profile the guided calibration saved
            (``board_readers``); None keeps the readers given.
    """

    def __init__(self, *, camera: FrameSource, display: Display, readers: ReaderFactory,
                 config: AppConfig, settle: Settler | None = None,
                 buttons: Buttons | None = None, buzzer: Buzzer | None = None,
                 notify: Callable[[str], object] | None = None,
                 sleep: Callable[[float], object] = time.sleep,
                 monotonic: Callable[[], float] = time.monotonic,
                 clock: FrameClock | None = None, notice: Notice | None = None,
                 idle: IdleConfig | None = None, power_off: PowerOff | None = None,
                 recalibrated: Callable[[Path], ReaderFactory] | None = None) -> None:
        self.camera, self.display, self.readers = camera, display, readers
        self.reader: TableReader | None = None
        self.config = config
        self.settle: Settler = settle if settle is not None else _default_settle(config)
        self.buttons, self.buzzer = buttons, buzzer
        self._notify = notify or (lambda state: None)
        self._sleep, self._monotonic = sleep, monotonic
        self.clock = clock or FrameClock()
        self.menu = MenuState(games=_menu_games(), version=__version__)
        self.session: Session | None = None
        self.recorder: GameRecorder | None = None
        self._unsaved: list[GameRecorder] = []  # ended games whose last lines wait for the disk
        self.offer: ResumeOffer | None = None  # an interrupted game, while the OLED offers it
        self._offer_index = 0
        self._time_offset = 0.0  # added to frame times after a resume (the clock goes on)
        self._resume_at: float | None = None
        self.view: TableView | None = None
        self.problem = ""          # what stops the app reading the table (shown on the OLED)
        self.message: Message | Notice | None = None
        if notice is not None and buttons is None:  # nothing to answer with: say what happens
            notice = dataclasses.replace(notice, hint="playing on without it")
        self.notice, self._notice_at = notice, monotonic()  # a broken file found at start
        self.calibration: GuidedCalibration | None = None
        self._recalibrated = recalibrated
        self._failed_start: tuple[str, str] | None = None  # a game whose board file is broken
        self._retry_at = float("-inf")
        self.idle = BurnInGuard(display, idle, now=monotonic())
        self.frame_health = FrameHealth()
        self._sounded_fault = ""
        self._seen: object = None  # what the table showed last (a change is activity)
        self.power_off = power_off or PowerOff()
        self._shutdown_asked: float | None = None  # monotonic time of the question
        self._shutdown_problem = ""
        self._leaving = False      # "Leave the game?" is asked
        self.stopped = False       # a confirmed shutdown ends the loop
        self.actions: Menu | None = None  # the game's button moves, while B has opened them
        self.cursor: Cursor | None = None  # a move entered on the grid, while it is entered
        self.walker: Walker | None = None  # a move entered by walking the legal ones
        self.page = 0  # the tally page shown once a game is over
        self.screen: Screen = self.menu.screen()
        self._camera_down = False
        self.light_changed = False  # the reader says the light differs from the calibration
        self._last_ping = float("-inf")
        if self.notice is None or self.buttons is None:
            self._boot()

    def _boot(self) -> None:
        """Offer the interrupted game, or start the configured one."""
        if not self._offer_resume() and self.config.game and self.config.side:
            self.start_game(self.config.game, self.config.side)

    # ------------------------------------------------------------------ loop

    @property
    def now(self) -> float:
        return self.clock.t

    @property
    def record_path(self) -> Path | None:
        """The file of the game in progress's record (None without a record)."""
        return self.recorder.path if self.recorder is not None else None

    def run(self) -> int:
        """Run until the camera stream ends, a shutdown is confirmed (or Ctrl-C); always
        closes the backends. 0 even when the configured game never started (a broken board
        file, said on the OLED and tried again): under systemd an exit status would restart
        the device in a loop that mends nothing."""
        self._notify("READY=1")
        try:
            while self.step():
                pass
        finally:
            self._notify("STOPPING=1")
            self.close()
        return 0

    def step(self) -> bool:
        """Handle pending button presses, then one frame. False once the stream has ended
        (or a confirmed shutdown stopped the device)."""
        for press in self.buttons.poll(self.now) if self.buttons is not None else ():
            self.handle_press(press)
        self._expire_questions()
        if self.stopped:
            return False
        if self.calibration is not None:
            alive = self._handle_frame(self._calibration_frame)
        elif self.session is None:
            self._show()
            if self.buttons is None and self.offer is None:
                return self._wait_without_buttons()
            self._sleep(self.config.idle_s)
            self._watchdog()
            return True
        else:
            alive = self._handle_frame()
        self._show()
        self._watchdog()
        return alive

    def _handle_frame(self, use: Callable[[FrameLike], None] | None = None) -> bool:
        try:
            frame = self.camera.read()
        except CameraLostError as exc:
            self._camera_lost(exc)
            return True
        if frame is None:
            return False
        if self._camera_down:
            log.info("camera back")
            self._camera_down = False
        if use is not None:
            use(frame)
            return True
        t = self._frame_time(frame.t)
        self.clock.t = t
        self.observe(self._read_view(frame.image), t)
        return True

    def _wait_without_buttons(self) -> bool:
        """No game and no buttons to choose one. A configured game whose board file is broken
        is tried again every ``RETRY_S`` seconds (the file may be mended meanwhile) while the
        camera is read, so a recorded source still ends the loop; else nothing can happen."""
        if self._failed_start is None:
            return False
        if not self._handle_frame(lambda frame: None):
            return False
        if self._monotonic() >= self._retry_at:
            self.start_game(*self._failed_start)
        self._show()
        self._watchdog()
        return True

    def _expire_questions(self) -> None:
        """An unanswered "Shut down?" goes away; without buttons the notice of a broken
        profile goes once it has been read."""
        now = self._monotonic()
        if self._shutdown_asked is not None and now - self._shutdown_asked > CONFIRM_TIMEOUT_S:
            self._shutdown_asked, self._shutdown_problem = None, ""
        if self.notice is not None and self.buttons is None and now - self._notice_at > NOTICE_S:
            self.notice = None

    def _frame_time(self, t: float) -> float:
        """The frame's time on the game's clock: after a resume, the camera's clock (restarted
        by a reboot) is moved on to where the record stopped."""
        if self._resume_at is not None:
            if t + self._time_offset <= self._resume_at:
                self._time_offset = self._resume_at - t + 0.001
            self._resume_at = None
        return t + self._time_offset

    def _read_view(self, image: Any) -> TableView:
        try:
            if self.reader is None:
                return TableView.unsettled(ViewStatus.UNREADABLE, "no game chosen")
            raw: TableView = self.reader.read(image)
            self.light_changed = bool(raw.extra.get("light_changed"))
            if is_garbage(raw):  # nothing of the board: a dropped frame to the settle count
                return raw
            settled: TableView = self.settle.update(raw)
            return settled
        except Exception:  # a vision bug must not lose the game: log it, wait for next frame
            log.exception("board reader failed on a frame")
            self.settle.reset()
            return TableView.unsettled(ViewStatus.UNREADABLE, "vision error - see log")

    def _camera_lost(self, exc: Exception) -> None:
        if not self._camera_down:
            log.warning("camera lost (%s): keeping the game, retrying", exc)
        self._camera_down = True
        self.problem = CAMERA_LOST
        self._show()
        self._sleep(self.config.camera_retry_s)
        reopen = getattr(self.camera, "reopen", None)
        if reopen is not None:
            try:
                reopen()
            except (DeviceError, OSError) as again:
                log.debug("camera still lost: %s", again)

    def _watchdog(self) -> None:
        now = self._monotonic()
        if now - self._last_ping >= self.config.watchdog_s:
            self._notify("WATCHDOG=1")
            self._last_ping = now

    # ------------------------------------------------------------------ game

    def start_game(self, game: str, side: str) -> bool:
        """Load the board, open a new session and its record. False (and a message) on error."""
        try:
            session, board_data = _new_session(game, side, self.config.duration)
            reader = self.readers(session.rules.layout(session.board))
        except (EngineError, DeviceError, VisionError, OSError, ValueError) as exc:
            self.message = start_notice(game, side, str(exc), buttons=self.buttons is not None)
            self._failed_start, self._retry_at = (game, side), self._monotonic() + RETRY_S
            return False
        if self._failed_start is not None:
            log.info("%s (%s) starts now", game, side)
        self.session, self.reader, self.message, self.problem = session, reader, None, ""
        self.actions, self.cursor, self.walker, self.page = None, None, None, 0
        self._failed_start = None
        self.settle.reset()
        self.frame_health.reset()
        self._open_record(game, side, board_data)
        log.info("new game: %s (%s)", game, side)
        return True

    def _open_record(self, game: str, side: str, board_data: dict[str, Any]) -> None:
        started = datetime.now(UTC)
        header = make_header(game, side, board_data, started.isoformat(timespec="seconds"),
                             __version__, duration=self.config.duration)
        if self.config.record_file is not None:  # the demo's: one file, written afresh
            self.recorder = GameRecorder(RecordWriter(self.config.record_file))
            self.recorder.write(header)
            return
        path = record_path(self.config.records_dir, game, side, started)
        self.recorder = GameRecorder.create(path, header)

    # ------------------------------------------------------------------ resume

    def _offer_resume(self) -> bool:
        """Find a game a kill or a power cut interrupted: resume it at once (``resume=yes``,
        or no buttons to answer with), or offer it on the OLED (``ask``). True when found."""
        if self.config.record_file is not None or self.config.resume == "no":
            return False
        offer = find_resumable(self.config.records_dir)
        if offer is None:
            return False
        if self.config.resume == "yes" or self.buttons is None:
            self.resume(offer)
        else:
            self.offer, self._offer_index = offer, 0
            log.info("an interrupted game can be resumed: %s", offer.label())
        return True

    def resume(self, offer: ResumeOffer) -> bool:
        """Go on with an interrupted game: its session as re-judged, its record appended to
        (a torn last line cut first), its clock from where the record stopped."""
        self.offer = None
        session = offer.session
        try:
            reader = self.readers(session.rules.layout(session.board))
            repair_tail(offer.path)
        except (EngineError, DeviceError, VisionError, OSError, ValueError) as exc:
            log.error("cannot resume %s: %s", offer.path, exc)
            self.message = Message(("cannot resume the game", str(exc)))
            return False
        self.session, self.reader, self.message, self.problem = session, reader, None, ""
        self.actions, self.cursor, self.walker, self.page = None, None, None, 0
        self.settle.reset()
        self.clock.t = offer.last_t
        self._resume_at = offer.last_t
        self.recorder = GameRecorder(RecordWriter(offer.path))
        for entry in offer.lost:  # what the power cut took, as re-judged: the record stays whole
            self.recorder.write(entry)
        self.recorder.write({"type": "resumed", "t": offer.last_t, "source": "device",
                             "moves": session.moves})
        log.info("resumed %s from %s", offer.label(), offer.path)
        return True

    def _decline(self) -> None:
        """Leave the interrupted game: its record is marked abandoned, the menu comes back."""
        offer, self.offer = self.offer, None
        if offer is not None:
            with contextlib.suppress(OSError):  # a torn last line would swallow "abandoned"
                repair_tail(offer.path)
            recorder = GameRecorder(RecordWriter(offer.path))
            recorder.write({"type": "abandoned", "t": offer.last_t, "source": "button",
                            "reason": "not resumed"})
            recorder.close()
        if self.config.game and self.config.side:
            self.start_game(self.config.game, self.config.side)

    def _press_on_offer(self, name: str) -> None:
        if name == "A":
            self._offer_index = 1 - self._offer_index
        elif name == "B" and self._offer_index == 0 and self.offer is not None:
            self.resume(self.offer)
        elif name in ("B", "C"):
            self._decline()

    def observe(self, view: TableView, t: float) -> None:
        """Give one (settled or not) view to the session, then tick its clock."""
        self.view = view
        self.problem = (view.note if view.status in _SHOWN_PROBLEMS
                        else LIGHT_CHANGED if self.light_changed else "")
        self.problem = self.frame_health.update(view, t) or self.problem
        self._table_activity(view)
        self._retry_records()
        if self.session is None or self.session.outcome is not None:
            return
        if self.recorder is not None:
            self.recorder.clock_line(t, self.session.clock.running)
        try:
            self.session, events = self.session.observe(view, t)
            self._events(events, "observe", view)
            self.session, events = self.session.tick(t)
            self._events(events, "tick")
        except EngineError as exc:  # the referee refused the view: say so, keep the state
            log.error("referee error at t=%.1f: %s", t, exc)
            self.problem = str(exc)

    def _events(self, events: Iterable[Event], source: str,
                view: TableView | None = None) -> None:
        for event in events:
            entry = event_entry(event)
            entry["source"] = source
            if view is not None and "view" not in entry and self.session is not None:
                entry["view"] = self.session.rules.view_to_text(view)
            log.info(describe(entry))
            self._write(entry)
            self._sound(entry)
        if self.session is not None and self.session.outcome is not None:
            self._close_record()

    def _write(self, entry: dict[str, Any]) -> None:
        if self.recorder is not None:
            self.recorder.write(entry)

    def _retry_records(self) -> None:
        """Write the lines that wait for the disk (the game's, and ended games')."""
        if self.recorder is not None:
            self.recorder.retry()
        for recorder in list(self._unsaved):
            recorder.retry()
            if not recorder.pending:
                recorder.close()
                self._unsaved.remove(recorder)

    @property
    def record_problem(self) -> str:
        """What the OLED says while record lines wait for the disk, else ""."""
        waiting = [r for r in (self.recorder, *self._unsaved) if r is not None and r.problem]
        return waiting[0].problem if waiting else ""

    def _sound(self, entry: dict[str, Any]) -> None:
        """A new warning chirps; an end sounds the fanfare when the game was won (solo or by
        a player), a chirp on a draw, the alarm when it failed (time up)."""
        if self.buzzer is None:
            return
        outcome = entry.get("outcome")
        if entry["type"] == "warning":
            self.buzzer.chirp()
        elif entry["type"] == "end" and outcome in ("success", "win"):
            getattr(self.buzzer, "fanfare", self.buzzer.chirp)()
        elif entry["type"] == "end" and outcome == "draw":
            self.buzzer.chirp()
        elif entry["type"] == "end":
            self.buzzer.alarm()

    def _close_record(self) -> None:
        """The game's record is done with: closed, or kept while its last lines wait."""
        if self.recorder is None:
            return
        if self.recorder.pending:
            self._unsaved.append(self.recorder)
        else:
            self.recorder.close()
        self.recorder = None

    # ------------------------------------------------------------------ buttons

    def handle_press(self, press: Press | str) -> None:
        """A = next, B = select / start the clock / the game's actions / new game, C = back,
        long C = menu (in a game: "Leave the game?" first), C held 3 s = "Shut down?". A press
        that wakes a dark screen does nothing else. During a game whose panel offers moves for
        the buttons (who starts, a declaration), B opens them as a list, with the move entered
        on the grid last (alone, B opens its cursor at once); once it is over, A leafs through
        its tally."""
        name = getattr(press, "value", press)
        if self.idle.wake(self._monotonic()):
            return
        if name == "C_VERY_LONG":
            self._shutdown_asked, self._shutdown_problem = self._monotonic(), ""
        elif self._shutdown_asked is not None:
            self._press_on_shutdown(name)
        elif self.notice is not None:
            self._press_on_notice(name)
        elif self.calibration is not None:
            self._press_in_calibration(name)
        elif self.offer is not None:
            self._press_on_offer(name)
        elif self.session is None:
            self._press_in_menu(name)
        else:
            self._press_in_game(name)

    def _press_in_menu(self, name: str) -> None:
        failed, self.message = self._failed_start, None
        if failed is not None and name == "B":  # "B try again": the board file was mended?
            self.start_game(*failed)
            return
        self._failed_start = None
        purpose = self.menu.purpose
        self.menu = self.menu.press(name)
        if self.menu.request == "shutdown":
            self.menu = dataclasses.replace(self.menu, request=None)
            self._shutdown_asked, self._shutdown_problem = self._monotonic(), ""
        if self.menu.choice is not None:
            game, side = self.menu.choice
            self.menu = dataclasses.replace(self.menu, choice=None)
            if purpose == "calibrate":
                self.menu = MenuState(games=self.menu.games, version=self.menu.version)
                self.start_calibration(game, side)
            else:
                self.start_game(game, side)

    def _press_in_game(self, name: str) -> None:
        assert self.session is not None
        if self._leaving:
            self._leaving = False
            if name == "B":
                self.abandon()
        elif name == "C_LONG" and self.session.outcome is None:
            self._leaving = True
        elif name == "C_LONG":
            self.abandon()
        elif self.cursor is not None:
            self._press_in_cursor(name)
        elif self.walker is not None:
            self._press_in_walk(name)
        elif self.actions is not None:
            self._press_in_actions(name)
        elif self.session.outcome is not None:
            self._press_after_the_end(name)
        elif name == "B" and (entry := self._entry()) is not None and not self._offers():
            self.cursor = Cursor(entry)
        elif name == "B" and (walk := self._walk()) is not None and not self._offers():
            self.walker = Walker(walk)
        elif name == "B" and self._offers():
            labels = tuple(o.label for o in self._offers()) + ((entry.label,) if entry else ())
            walk = self._walk()
            self.actions = Menu("Actions", labels + ((walk.label,) if walk else ()), 0)
        elif name == "B":
            self.session, events = self.session.start_timer(self.now)
            self._events(events, "button")

    def _offers(self) -> tuple[Offer, ...]:
        if self.session is None or self.session.state is None:
            return ()
        offers = self.session.summary_view(self.now).panel.offers
        if self.session.clock.counts_down and not self.session.clock.started:
            offers = (*offers, Offer("start the clock", ""))
        return offers

    def _entry(self) -> GridEntry | None:
        """The move the game lets the buttons enter on the grid now (with a cell to enter)."""
        if self.session is None or self.session.state is None:
            return None
        entry = self.session.summary_view(self.now).panel.entry
        return entry if entry is not None and entry.cells and entry.values else None

    def _walk(self) -> Walk | None:
        """The moves the game lets the buttons enter by walking the legal ones now."""
        if self.session is None or self.session.state is None:
            return None
        walk = self.session.summary_view(self.now).panel.walk
        return walk if walk is not None and walk.paths else None

    def _press_in_actions(self, name: str) -> None:
        """The actions list: A next, B enter the move (or open the grid's cursor, or the
        walk through the legal moves), C close."""
        assert self.actions is not None and self.session is not None
        offers, entry, walk = self._offers(), self._entry(), self._walk()
        count = len(offers) + (1 if entry is not None else 0) + (1 if walk is not None else 0)
        if name == "A" and count:
            self.actions = dataclasses.replace(self.actions, index=(self.actions.index + 1) % count)
            return
        index = self.actions.index
        self.actions = None
        if name == "B" and entry is not None and index == len(offers):
            self.cursor = Cursor(entry)
            return
        if name == "B" and walk is not None and index == count - 1:
            self.walker = Walker(walk)
            return
        chosen = offers[index] if name == "B" and index < len(offers) else None
        if chosen is None:
            return
        if chosen.move:
            self._enter(chosen.move)
            return
        self.session, events = self.session.start_timer(self.now)
        self._events(events, "button")

    def _press_in_cursor(self, name: str) -> None:
        """The grid's cursor: A the next cell (or value), B choose the cell (or enter the
        move), C back a step (from the cell: closed)."""
        assert self.cursor is not None and self.session is not None
        cursor, entry, value = self.cursor, self.cursor.entry, self.cursor.value
        if value is None:  # choosing the cell
            if name == "A":
                self.cursor = dataclasses.replace(cursor, cell=(cursor.cell + 1) % len(entry.cells))
            elif name == "B":
                self.cursor = dataclasses.replace(cursor, value=0)
            elif name == "C":
                self.cursor = None
        elif name == "A":
            self.cursor = dataclasses.replace(cursor, value=(value + 1) % len(entry.values))
        elif name == "B":
            self.cursor = None
            self._enter(entry.text(entry.cells[cursor.cell], entry.values[value]))
        elif name == "C":
            self.cursor = dataclasses.replace(cursor, value=None)

    def _press_in_walk(self, name: str) -> None:
        """The walk through the legal moves: A the next choice, B take it (the last step
        enters the move), C back a step (from the first: closed)."""
        assert self.walker is not None
        walker = self.walker
        choices = walker.walk.choices(walker.taken)
        if name == "A":
            self.walker = dataclasses.replace(walker, index=(walker.index + 1) % len(choices))
        elif name == "B":
            taken = (*walker.taken, choices[walker.index % len(choices)])
            if walker.walk.choices(taken):
                self.walker = Walker(walker.walk, taken)
                return
            self.walker = None
            move = walker.walk.move(taken)
            if move is not None:
                self._enter(move)
        elif name == "C" and walker.taken:
            self.walker = Walker(walker.walk, walker.taken[:-1])
        elif name == "C":
            self.walker = None

    def _enter(self, move: str) -> None:
        """Enter a move the buttons built (an offer, a grid entry); the rules judge it."""
        assert self.session is not None
        try:
            self.session, events = self.session.enter(move, self.now)
        except EngineError as exc:  # the game refused its own offer: say so, keep playing
            log.error("the game refused %r: %s", move, exc)
            self.problem = str(exc)
            return
        self._events(events, "button")

    def _press_after_the_end(self, name: str) -> None:
        """A: the next page of the game's tally; B: a new game of the same kind."""
        if name == "A":
            self.page += 1
        elif name == "B":
            self.abandon()
            if self.config.game and self.config.side:
                self.start_game(self.config.game, self.config.side)

    # ------------------------------------------------------------------ shutdown, notices

    def _press_on_shutdown(self, name: str) -> None:
        """"Shut down?": B shuts down, C (or a long C) goes back."""
        if name == "B" and not self._shutdown_problem:
            self.shut_down()
        elif name in ("C", "C_LONG"):
            self._shutdown_asked, self._shutdown_problem = None, ""

    def shut_down(self) -> None:
        """A confirmed shutdown: the record is closed (a game in progress stays resumable, its
        clock written up to now), the OLED says so, then the power-off command runs; the loop
        ends once it was accepted. A refused command is shown and the game goes on."""
        path = self.recorder.path if self.recorder is not None else None
        if self.session is not None and self.recorder is not None \
                and self.session.outcome is None and self.session.clock.running:
            self.recorder.write({"type": "clock", "t": self.now, "source": "device"})
        self._close_record()
        self._retry_records()
        self._display(SHUTTING_DOWN)
        problem = self.power_off()
        if not problem:
            self.stopped = True
            return
        self._shutdown_problem = problem
        if path is not None and self.session is not None and self.session.outcome is None:
            self.recorder = GameRecorder(RecordWriter(path))  # the game goes on: append again

    def _press_on_notice(self, name: str) -> None:
        """The profile notice: B calibrates the board of the configured game (or the one
        chosen in the menu), C plays on without the profile."""
        if name not in ("B", "C"):
            return
        self.notice = None
        if name == "C":
            self._boot()
        elif self.config.game and self.config.side:
            self.start_calibration(self.config.game, self.config.side)
        else:
            self.menu = self.menu.calibrating()

    # ------------------------------------------------------------------ calibration

    def start_calibration(self, game: str, side: str) -> bool:
        """Begin the guided calibration of ``game``'s ``side`` board (False and a notice when
        its board file cannot be read)."""
        from device.calibrate_cli import default_profile_path

        try:
            self.calibration = for_board(game, side, self.config.profile
                                         or default_profile_path())
        except (EngineError, DeviceError, VisionError, OSError, ValueError) as exc:
            notice = start_notice(game, side, str(exc), buttons=self.buttons is not None)
            self.message = dataclasses.replace(notice, title=f"Cannot calibrate {game}",
                                               hint="C menu")
            return False
        log.info("guided calibration of %s (%s) started", game, side)
        return True

    def _calibration_frame(self, frame: FrameLike) -> None:
        assert self.calibration is not None
        try:
            self.calibration.frame(frame.image)
        except Exception:  # a vision bug must not stop the device: log it, next frame
            log.exception("calibration failed on a frame")

    def _press_in_calibration(self, name: str) -> None:
        """B next, C back (from the first step: cancel), long C leaves."""
        calibration = self.calibration
        assert calibration is not None
        if name == "C_LONG":
            calibration.finished = True
        else:
            calibration.press(name)
        if not calibration.finished:
            return
        self.calibration = None
        if calibration.saved is not None:
            self.config = dataclasses.replace(self.config, profile=calibration.saved)
            if self._recalibrated is not None:
                self.readers = self._recalibrated(calibration.saved)
        if self.session is None and self.config.game and self.config.side:
            self._boot()  # where the device goes at start: the configured game

    def abandon(self) -> None:
        """Leave the current game for the menu (its record stays as it is)."""
        if self.session is not None and self.session.outcome is None:
            self._write({"type": "abandoned", "t": self.now, "source": "button"})
            log.info("game abandoned at t=%.1f", self.now)
        self._close_record()
        self.session, self.actions, self.cursor, self.walker = None, None, None, None
        self._leaving = False
        self.menu = MenuState(games=self.menu.games, version=self.menu.version)

    # ------------------------------------------------------------------ screen

    def current_screen(self) -> Screen:
        """The screen model for the current state."""
        hold = _hold_screen(self.buttons)
        if hold is not None:
            return hold
        if self._shutdown_asked is not None:
            return failed_notice(self._shutdown_problem) if self._shutdown_problem else CONFIRM
        if self.notice is not None:
            return self.notice
        if self.calibration is not None:
            return self.calibration.screen()
        if self.message is not None:
            return self.message
        if self.offer is not None:
            title, yes = self.offer.question()
            return Menu(title, (f"yes: {yes}", "no: new game"), self._offer_index)
        if self.session is None:
            return self.menu.screen()
        if self.actions is not None:
            return self.actions
        if self._leaving:
            return LEAVE
        if self.cursor is not None:
            entry = self.cursor.entry
            sketch = self.session.summary_view(self.now).panel.sketch or _blank_sketch(entry)
            return cursor_screen(entry, sketch, self.cursor.cell, self.cursor.value)
        if self.walker is not None:
            sketch = self.session.summary_view(self.now).panel.sketch or Sketch(())
            return walk_screen(self.walker.walk, sketch, self.walker.taken, self.walker.index)
        model = game_screen(self.session.summary_view(self.now), self.page)
        problem = self.problem or self.record_problem
        if problem and isinstance(model, Game):
            model = dataclasses.replace(model, status=problem)
        return model

    def _show(self) -> None:
        self._display(self.current_screen())

    def _display(self, screen: Screen) -> None:
        """Draw ``screen``, rested as the idle state asks, and sound a new device fault."""
        self.screen = screen
        self._fault_sound()
        running = self.session is not None and self.session.clock.running
        image = self.idle.frame(render(screen), self._monotonic(), keep_lit=running)
        try:
            self.display.show(image)
        except (DeviceError, OSError) as exc:
            log.error("display failed: %s", exc)

    def _table_activity(self, view: TableView) -> None:
        """A change of what the table shows (a die moved, a hand came) wakes the screen."""
        seen: object = view.status
        if view.status is ViewStatus.SETTLED and self.session is not None:
            seen = self.session.rules.view_to_text(view)
        if seen != self._seen:
            self._seen = seen
            self.idle.wake(self._monotonic())

    def _fault_sound(self) -> None:
        """One chirp when a fault of the device appears (camera lost or unreadable, record
        not saved): the player may not be looking at the screen."""
        fault = (CAMERA_LOST if self._camera_down else self.frame_health.problem
                 or self.record_problem)
        if fault and fault != self._sounded_fault and self.buzzer is not None:
            self.buzzer.chirp()
        self._sounded_fault = fault

    def close(self) -> None:
        """Close the records and every backend (each close is attempted)."""
        self._close_record()
        for recorder in self._unsaved:
            recorder.close()
        self._unsaved.clear()
        for part in (self.camera, self.buttons, self.buzzer, self.display):
            closer = getattr(part, "close", None)
            if closer is None:
                continue
            try:
                closer()
            except Exception as exc:  # noqa: BLE001 - one failing close must not stop the rest
                log.warning("closing %s failed: %s", type(part).__name__, exc)


# ---------------------------------------------------------------------- wiring helpers

def _hold_screen(buttons: object) -> Notice | None:
    """What letting go of C will do, while it is held (buttons that can tell)."""
    held = getattr(buttons, "held_for", None)
    if held is None:
        return None
    return hold_notice(held(), getattr(buttons, "hold_time", 1.0),
                       getattr(buttons, "shutdown_s", 3.0), getattr(buttons, "stuck_s", 10.0))


def _blank_sketch(entry: GridEntry) -> Sketch:
    """An empty grid holding an entry's cells, for a game whose panel draws no sketch."""
    rows = 1 + max(r for r, _ in entry.cells)
    cols = 1 + max(c for _, c in entry.cells)
    return Sketch(tuple("." * cols for _ in range(rows)))


def _default_settle(config: AppConfig) -> Settler:
    from vision.board.settle import SettleDetector

    return SettleDetector(frames_needed=config.settle_frames)


def _menu_games() -> tuple[GameChoice, ...]:
    from engine.games import GAMES

    return games_from_registry(GAMES)


def _new_session(game: str, side: str, duration: float) -> tuple[Session, dict[str, Any]]:
    """A fresh game Session and the board data it uses (kept in the record's header)."""
    from calibration.board_files import load_board_and_data
    from engine.session import new_session

    board, data = load_board_and_data(game, side)
    return new_session(game, side, board, duration=duration), data


def board_readers(profile: Path | None) -> ReaderFactory:
    """The board readers of the device: for a game's layout, a reader of that board, with the
    calibration profile when one is given and was measured on that board.

    Raises:
        ProfileError: the profile file is missing or corrupt.
    """
    from vision.board import BoardGeometry, BoardReader, CalibrationProfile

    calibration = CalibrationProfile.load(profile) if profile is not None else None

    def reader(layout: Layout) -> TableReader:
        measured = calibration if calibration and calibration.board == layout.name else None
        if calibration is not None and measured is None:
            log.warning("the calibration profile is for the %s board, not %s: recalibrate "
                        "(dicekeeper calibrate --game %s)", calibration.board, layout.name,
                        layout.name)
        return BoardReader(BoardGeometry(layout), profile=measured)

    return reader


def command(args: argparse.Namespace) -> int:
    """``dicekeeper run``: the device with its camera, buttons and OLED, set up by the
    configuration file (``device.settings``; the command line wins over it).

    Exit status: the app's, 1 when a backend cannot start, 2 for bad arguments, 78 (EX_CONFIG,
    not restarted by the unit) for a bad configuration file.
    """
    from device.buttons import NoButtons
    from device.errors import ConfigError, one_line
    from device.sdnotify import notify
    from device.settings import EX_CONFIG, load_settings
    from device.settings_backends import idle_config, open_backends, power_off

    try:
        settings = load_settings(getattr(args, "config", None))
        config = config_from_args(args, settings=settings)
    except ConfigError as exc:
        for problem in exc.problems:
            print(one_line(f"dicekeeper run: {problem}"), file=sys.stderr)
        return EX_CONFIG
    except ValueError as exc:
        print(one_line(f"dicekeeper run: {exc}"), file=sys.stderr)
        return 2
    source = args.source or settings.camera.source
    try:
        readers, notice, views = _readers_and_views(source, config.profile)
        clock = FrameClock()
        parts = open_backends(settings, source=source, display=args.display,
                              buttons=args.buttons, out_dir=Path(args.out), clock=clock,
                              camera=views)
    except (DeviceError, EngineError, VisionError, OSError, ValueError) as exc:
        print(one_line(f"dicekeeper run: {exc}"), file=sys.stderr)
        return 1
    app = App(camera=parts.camera, display=parts.display,
              buttons=None if isinstance(parts.buttons, NoButtons) else parts.buttons,
              buzzer=parts.buzzer, readers=readers, config=config, notify=notify, clock=clock,
              notice=notice, idle=idle_config(settings), power_off=power_off(settings),
              recalibrated=board_readers)
    code = app.run()
    if app.session is not None:
        print(app.session.summary(app.now))
    elif app.message is not None:
        print(f"dicekeeper run: {' '.join(app.message.lines)}", file=sys.stderr)
    return code


def _readers_and_views(source: str, profile: Path | None
                       ) -> tuple[ReaderFactory, Notice | None, FrameSource | None]:
    """The board readers, and for a ``views:FILE`` source its frame source of recorded views.

    A calibration profile that cannot be read leaves the readers without it and a notice for
    the OLED that offers the guided calibration (the device starts anyway)."""
    from device.views_source import PREFIX, PassThroughReader, ViewsCamera
    from vision.errors import ProfileError

    if source.startswith(PREFIX):
        return (lambda layout: PassThroughReader()), None, ViewsCamera(Path(source[len(PREFIX):]))
    try:
        return board_readers(profile), None, None
    except ProfileError as exc:
        return board_readers(None), profile_notice(profile, str(exc)), None
