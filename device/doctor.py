"""``dicekeeper doctor``: is everything the device needs there? One line per part, with the fix.

Checks, in this order: the configuration file, the systemd service, the camera (one frame), the
board markers in that frame, the calibration profile, the OLED, the buttons (none held down),
the buzzer and the free disk for records. Each gives a ``Check``: ``ok``, ``warn``, ``FAIL`` or
``skip`` (with why), and the line says what was found and, when something is wrong, what to do.
While the service runs it holds the camera and the GPIO pins, so those checks say how to stop it
instead of fighting it for them. On a Pi with the service installed, the service's
``DICEKEEPER_*`` settings (its ``Environment=`` lines: the configuration file, the profile, the
records folder) are used where the caller's environment has none, so
``sudo -u dicekeeper dicekeeper doctor`` checks what the service uses.

Exit status: 0 when nothing FAILed, 1 otherwise, 2 for a bad argument (one line on stderr).

May import: the ``device`` backends and settings, ``calibration.board_files``, ``vision.board``,
``engine``; runs ``systemctl``; prints (a command).
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import subprocess
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from device.errors import ConfigError, DeviceError, one_line
from device.host import i2c_bus_present, is_raspberry_pi
from device.settings import Settings, load_settings

OK, WARN, FAIL, SKIP = "ok", "warn", "FAIL", "skip"
USAGE_ERROR = 2
SERVICE = "dicekeeper"
UNIT_FILE = Path("/etc/systemd/system/dicekeeper.service")
FAIL_FREE_MB, WARN_FREE_MB = 50, 500  # a record is a few kB a move: 50 MB is many games
STOP_SERVICE = "stop the service first (sudo systemctl stop dicekeeper) and run doctor again"

Runner = Callable[[list[str]], tuple[int, str]]


@dataclass(frozen=True)
class Check:
    """One part's verdict: ``status`` is ok, warn, FAIL or skip; ``text`` what was found and,
    when it is not ok, what to do."""

    part: str
    status: str
    text: str

    def line(self) -> str:
        """The check as one line ("FAIL camera: ...")."""
        return f"{self.status:<4} {self.part}: {one_line(' '.join(self.text.split()))}"


def run_command(argv: list[str]) -> tuple[int, str]:
    """Run a command; its exit status and stdout (127 when it is not installed)."""
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=15, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return 127, ""
    return done.returncode, done.stdout.strip()


def service_env(unit_file: Path = UNIT_FILE) -> dict[str, str]:
    """The ``DICEKEEPER_*`` variables the installed unit sets (empty when not installed)."""
    try:
        text = unit_file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return {}
    found = {}
    for line in text.splitlines():
        key, sep, value = line.strip().partition("=")
        if key != "Environment" or not sep:
            continue
        for assignment in shlex.split(value):
            name, sep, setting = assignment.partition("=")
            if sep and name.startswith("DICEKEEPER_"):
                found[name] = setting
    return found


@dataclass
class Doctor:
    """What the checks share: the settings, the chosen board, the frame the camera gave.

    Attributes:
        env: the environment the checks read (the caller's over the service's).
        runner: runs ``systemctl`` (tests pass a stand-in).
        i2c_bus: an smbus stand-in for the panel (tests), else the real bus.
        disk_usage: ``shutil.disk_usage`` (tests pass a stand-in).
    """

    settings: Settings
    game: str
    side: str
    source: str | None = None
    env: Mapping[str, str] = field(default_factory=dict)
    runner: Runner = run_command
    i2c_bus: Any = None
    disk_usage: Callable[[str], Any] = shutil.disk_usage
    service_active: bool = False
    frame: np.ndarray | None = None

    @property
    def on_pi(self) -> bool:
        return is_raspberry_pi(self.env)


# --------------------------------------------------------------------------- the checks

def check_config(path: str | None, env: Mapping[str, str]) -> tuple[Check, Settings]:
    """The configuration file; the settings to go on with (the defaults when it is bad)."""
    try:
        settings = load_settings(path, env)
    except ConfigError as exc:
        more = len(exc.problems) - 1
        rest = f" (and {more} more: dicekeeper config check)" if more else ""
        return Check("config", FAIL, exc.problems[0] + rest), Settings()
    if settings.path is None:
        return Check("config", OK, "no configuration file: every key has its default"), settings
    return Check("config", OK, f"{settings.path}: {len(settings.given)} keys set"), settings


def check_service(doctor: Doctor) -> Check:
    """Is the systemd service installed, enabled at boot and running?"""
    code, active = doctor.runner(["systemctl", "is-active", SERVICE])
    if code == 127:
        return Check("service", SKIP, "no systemctl on this machine")
    _, enabled = doctor.runner(["systemctl", "is-enabled", SERVICE])
    doctor.service_active = active in ("active", "activating", "reloading")
    if not enabled and active in ("inactive", "unknown", ""):
        return Check("service", WARN if doctor.on_pi else SKIP,
                     "not installed: sudo systemd/install.sh installs it")
    if active == "failed":
        return Check("service", FAIL, "failed: read why with `journalctl -u dicekeeper -b -n 50`, "
                                      "fix it, then sudo systemctl restart dicekeeper")
    if not doctor.service_active:
        return Check("service", WARN, f"{active or 'not running'}, {enabled or 'disabled'}: "
                                      f"start it with sudo systemctl start dicekeeper")
    if enabled != "enabled":
        return Check("service", WARN, f"{active} but {enabled or 'disabled'} at boot: sudo "
                                      f"systemctl enable dicekeeper")
    return Check("service", OK, "active and enabled at boot")


def _live(spec: str) -> bool:
    return spec.strip().lower().partition(":")[0] in ("auto", "picamera", "webcam")


def check_camera(doctor: Doctor) -> Check:
    """Open the camera and read one frame (kept for the markers check)."""
    from device.camera import open_camera
    from device.settings_backends import camera_options
    from device.snapshot import settled_frame

    spec = doctor.source or doctor.settings.camera.source
    if doctor.service_active and _live(spec):
        return Check("camera", SKIP, f"the service is using it: {STOP_SERVICE}")
    try:
        camera = open_camera(spec, **camera_options(doctor.settings))
        try:
            doctor.frame = settled_frame(camera)
        finally:
            camera.close()
    except (DeviceError, OSError, ValueError) as exc:
        return Check("camera", FAIL, str(exc))
    height, width = doctor.frame.shape[:2]
    note = getattr(camera, "crop_note", "")
    return Check("camera", OK, f"{getattr(camera, 'name', spec)}: a {width}x{height} frame "
                               f"read{'; ' + note if note else ''}")


def _geometry(doctor: Doctor) -> Any:
    from calibration.board_files import load_layout
    from vision.board import BoardGeometry

    return BoardGeometry(load_layout(doctor.game, doctor.side))


def check_markers(doctor: Doctor) -> Check:
    """Are the board's four corner markers in the camera's frame?"""
    from engine.errors import EngineError
    from vision.board import locate_board
    from vision.errors import BoardNotFoundError, VisionError

    if doctor.frame is None:
        return Check("markers", SKIP, "no frame from the camera")
    board = f"the {doctor.game} board ({doctor.side})"
    try:
        location = locate_board(doctor.frame, _geometry(doctor))
    except BoardNotFoundError as exc:
        return Check("markers", FAIL, f"{exc} Lay {board} under the camera, north edge away "
                                      f"from you; dicekeeper snapshot --game {doctor.game} "
                                      f"shows what it sees")
    except (EngineError, VisionError) as exc:
        return Check("markers", FAIL, str(exc))
    if location.missing:
        hidden = ", ".join(str(m) for m in location.missing)
        return Check("markers", WARN, f"marker {hidden} of {board} hidden or unreadable: the "
                                      f"board is found from three; uncover it or light it")
    return Check("markers", OK, f"all four corner markers of {board} in view")


def check_profile(doctor: Doctor) -> Check:
    """The calibration profile: there, readable, of this board, of this frame size."""
    from device.calibrate_cli import default_profile_path
    from vision.board import CalibrationProfile
    from vision.errors import ProfileError

    path = default_profile_path(doctor.env)
    calibrate = (f"dicekeeper calibrate --game {doctor.game} --side {doctor.side} (with the "
                 f"board under the camera)")
    if not path.is_file():
        return Check("profile", WARN, f"none at {path}: the board is found from its markers "
                                      f"alone; to measure the light too: {calibrate}")
    try:
        profile = CalibrationProfile.load(path)
    except (ProfileError, OSError) as exc:
        return Check("profile", FAIL, f"{path}: {exc}; calibrate again: {calibrate}")
    board = _geometry(doctor).name
    if profile.board != board:
        return Check("profile", WARN, f"{path} was measured on the {profile.board} board, not "
                                      f"{board}: {calibrate}")
    size = _frame_size(doctor)
    if profile.frame_size is not None and tuple(profile.frame_size) != size:
        w, h = profile.frame_size
        return Check("profile", WARN, f"{path} was measured on {w}x{h} frames, the camera gives "
                                      f"{size[0]}x{size[1]}: {calibrate}")
    return Check("profile", OK, f"{path}: the {board} board, measured {profile.created}")


def _frame_size(doctor: Doctor) -> tuple[int, int]:
    if doctor.frame is not None:
        return int(doctor.frame.shape[1]), int(doctor.frame.shape[0])
    return doctor.settings.camera.width, doctor.settings.camera.height


def check_display(doctor: Doctor) -> Check:
    """Open the OLED (it then shows "doctor: display ok")."""
    from device.display import OLED_ENV
    from device.settings_backends import display_options

    kind = doctor.settings.display.type
    if kind in ("emulator", "text", "dummy"):
        return Check("display", OK, f"{kind}: a stand-in, no panel to check")
    options = display_options(doctor.settings)
    bus = Path(f"/dev/i2c-{options['port']}")
    if kind == "auto":
        if doctor.i2c_bus is None and not i2c_bus_present(bus):
            if not doctor.on_pi:
                return Check("display", SKIP, f"auto: no {bus} here, the OLED is emulated")
            return Check("display", FAIL, f"no {bus}: enable I2C (sudo raspi-config nonint "
                                          f"do_i2c 0) and reboot")
        kind = doctor.env.get(OLED_ENV, "ssd1306").strip().lower()
    if doctor.service_active:
        return Check("display", SKIP, f"{kind}: the service drives it; {STOP_SERVICE}")
    return _open_panel(doctor, kind, options)


def _open_panel(doctor: Doctor, kind: str, options: dict[str, Any]) -> Check:
    from PIL import Image, ImageDraw

    from device.display import open_display

    try:
        display = open_display(kind, i2c_bus=doctor.i2c_bus, **options)
    except (DeviceError, ValueError) as exc:
        return Check("display", FAIL, str(exc))
    image = Image.new("1", display.size, 0)
    ImageDraw.Draw(image).text((4, 26), "doctor: display ok", fill=1)
    display.show(image)
    display.close()
    if display.last_error:
        return Check("display", FAIL, display.last_error)
    return Check("display", OK, f"{kind} at {options['address']:#04x} on I2C bus "
                                f"{options['port']} answers (it shows \"doctor: display ok\")")


def check_buttons(doctor: Doctor) -> Check:
    """Open the GPIO buttons and check that none reads pressed (stuck, or shorted to GND)."""
    from device.buttons import GpioButtons, open_buttons
    from device.settings_backends import button_pins

    kind = doctor.settings.buttons.type
    if kind == "auto":
        kind = "gpio" if doctor.on_pi else "keyboard"
    if kind != "gpio":
        return Check("buttons", OK, f"{kind}: no GPIO buttons to check")
    if doctor.service_active:
        return Check("buttons", SKIP, f"the service holds their pins; {STOP_SERVICE}")
    try:
        buttons = open_buttons("gpio", pins=button_pins(doctor.settings))
    except DeviceError as exc:
        return Check("buttons", FAIL, str(exc))
    assert isinstance(buttons, GpioButtons)
    try:
        down = [name for name, button in buttons.buttons.items() if button.is_pressed]
    finally:
        buttons.close()
    pins = ", ".join(f"{name} BCM {pin}" for name, pin in buttons.pins.items())
    if down:
        which = ", ".join(f"{name} (BCM {buttons.pins[name]})" for name in down)
        return Check("buttons", FAIL, f"{which} reads pressed now: stuck, or its wire touches "
                                      f"GND? Free it or check the wiring (docs/wiring.md)")
    return Check("buttons", OK, f"{pins}: all up")


def check_buzzer(doctor: Doctor) -> Check:
    """Can the buzzer's pin be opened? (Without it the game goes on in silence.)"""
    from device.buzzer import SilentBuzzer
    from device.settings_backends import open_configured_buzzer

    kind = doctor.settings.buzzer.type
    if kind == "none" or (kind == "auto" and not doctor.on_pi):
        return Check("buzzer", OK, "none: the game is silent")
    if doctor.service_active:
        return Check("buzzer", SKIP, f"the service holds its pin; {STOP_SERVICE}")
    buzzer = open_configured_buzzer(doctor.settings)
    buzzer.close()
    if isinstance(buzzer, SilentBuzzer):
        return Check("buzzer", WARN, f"{buzzer.fault} (the game goes on in silence)")
    return Check("buzzer", OK, f"BCM {doctor.settings.buzzer.pin} opens")


def check_disk(doctor: Doctor) -> Check:
    """Free space where the records go."""
    from device.records import default_records_dir

    folder = Path(doctor.settings.records.folder or default_records_dir(doctor.env)).expanduser()
    existing = next((p for p in (folder, *folder.parents) if p.exists()), Path("/"))
    try:
        free_mb = doctor.disk_usage(str(existing)).free / 1e6
    except OSError as exc:
        return Check("disk", FAIL, f"cannot read the free space of {existing} ({exc})")
    where = f"free for the records in {folder}"
    if free_mb < FAIL_FREE_MB:
        return Check("disk", FAIL, f"only {free_mb:.0f} MB {where}: delete old records or "
                                   f"logs (sudo journalctl --vacuum-size=50M)")
    if free_mb < WARN_FREE_MB:
        return Check("disk", WARN, f"{free_mb:.0f} MB {where}: clear some space soon")
    return Check("disk", OK, f"{free_mb / 1000:.1f} GB {where}")


def run_checks(doctor: Doctor, config: Check) -> list[Check]:
    """Every check after the configuration's, in order (the service first: it may hold the
    hardware)."""
    checks = [config]
    for check in (check_service, check_camera, check_markers, check_profile, check_display,
                  check_buttons, check_buzzer, check_disk):
        checks.append(_guarded(check, doctor))
    return checks


def _guarded(check: Callable[[Doctor], Check], doctor: Doctor) -> Check:
    """A check whose files cannot be reached (the service's folders are not everyone's) is a
    FAIL line saying as whom to run doctor, not a traceback."""
    try:
        return check(doctor)
    except OSError as exc:
        return Check(check.__name__.removeprefix("check_"), FAIL,
                     f"{exc}: run doctor as the service's user: sudo -u dicekeeper "
                     f"/opt/dicekeeper/venv/bin/dicekeeper doctor")


# --------------------------------------------------------------------------- the command

class UsageError(DeviceError, ValueError):
    """A command-line argument that cannot be used; the message says which."""


def _board(args: argparse.Namespace, settings: Settings) -> tuple[str, str]:
    from engine.errors import UnknownGameError
    from engine.games import GAMES, find_game

    name = args.game or settings.game.name or next(iter(GAMES))
    try:
        game = find_game(name)
    except UnknownGameError as exc:
        raise UsageError(str(exc)) from exc
    side = args.side or (settings.game.side if name == settings.game.name else "") \
        or game.info.sides[0]
    if side not in game.info.sides:
        raise UsageError(f"--side {side!r}: the sides of {name} are "
                         f"{', '.join(game.info.sides)}")
    return name, side


def _check_arguments(args: argparse.Namespace) -> None:
    if args.config and not Path(args.config).expanduser().is_file():
        raise UsageError(f"--config {args.config}: no such file")
    if args.source and not _live(args.source) and not Path(args.source).expanduser().exists():
        raise UsageError(f"--source {args.source}: no such file or folder")


def environment(unit_file: Path = UNIT_FILE) -> dict[str, str]:
    """The caller's environment over the installed service's DICEKEEPER_* settings (Pi only)."""
    env = dict(os.environ)
    return {**service_env(unit_file), **env} if is_raspberry_pi(env) else env


def command(args: argparse.Namespace) -> int:
    """Entry point of ``dicekeeper doctor``."""
    env = environment()
    try:
        _check_arguments(args)
        config, settings = check_config(args.config, env)
        game, side = _board(args, settings)
    except UsageError as exc:
        print(f"dicekeeper doctor: error: {one_line(str(exc))}", file=sys.stderr)
        return USAGE_ERROR
    doctor = Doctor(settings=settings, game=game, side=side, source=args.source, env=env)
    checks = run_checks(doctor, config)
    for check in checks:
        print(check.line())
    return 1 if any(check.status == FAIL for check in checks) else 0
