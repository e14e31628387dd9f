"""``dicekeeper calibrate``: find the board markers in one frame and save a calibration profile.

Gets one good frame (``--frame IMAGE``, or the first frames of ``open_camera(--source)``),
hands it to ``calibration.calibrate.calibrate_frame`` (no camera code lives in calibration),
saves the profile (``--profile``, else ``$DICEKEEPER_PROFILE``, else
``~/.config/dicekeeper/profile.json``) and prints the report lines. With ``--characters`` (a
board with characters: PlayMe, PM-D1) the same frame's dice in slot 1 of the rows P1, P2, ...
(one die of each character, in the board file's order) set each character's camera colour and
reference RGB in the user's copy of the board file. Exit 1, with the reason on
stderr, when the image is unreadable, markers are missing (named) or the profile cannot be
written; exit 2 when the game or side is unknown.

May import: device.camera, calibration, vision (geometry, errors, profile); prints (a command).
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
from collections.abc import Iterator, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np

from device.camera import Camera, decode_image_file, open_camera
from device.errors import DeviceError

log = logging.getLogger(__name__)

PROFILE_ENV = "DICEKEEPER_PROFILE"
LIVE_WARMUP_FRAMES = 5   # let a live camera's exposure settle before trying
MAX_ATTEMPTS = 10        # frames tried before giving up on a camera source
FAILED = ("calibration failed: no profile saved; make all four corner markers visible and run "
          "dicekeeper calibrate again")


def default_profile_path(env: Mapping[str, str] | None = None) -> Path:
    """Where the profile goes without --profile: $DICEKEEPER_PROFILE or ~/.config/dicekeeper/."""
    env = os.environ if env is None else env
    if env.get(PROFILE_ENV):
        return Path(env[PROFILE_ENV]).expanduser()
    return Path.home() / ".config" / "dicekeeper" / "profile.json"


class CalibrateError(DeviceError, RuntimeError):
    """Calibration could not produce a profile; the message says why and what to do."""


def _geometry(game: str, side: str | None) -> Any:
    """The board of ``game`` / ``side`` as the camera sees it (its layout at the canonical
    view's scale)."""
    from calibration.board_files import load_layout
    from vision.board.geometry import BoardGeometry

    return BoardGeometry(load_layout(game, side))


def _frame_from_file(path: Path) -> np.ndarray:
    if not path.is_file():
        raise CalibrateError(f"image {path} not found: give a photo of the board with --frame")
    image = decode_image_file(path)
    if image is None:
        raise CalibrateError(f"cannot read image {path}: not a PNG/JPEG OpenCV can decode; "
                             f"take the photo again")
    return image


def _camera_frames(camera: Camera) -> Iterator[np.ndarray]:
    """Readable frames from the camera, after a live camera's warm-up, at most MAX_ATTEMPTS."""
    skip = LIVE_WARMUP_FRAMES if getattr(camera, "live", False) else 0
    tried = 0
    while tried < MAX_ATTEMPTS:
        frame = camera.read()
        if frame is None:
            return
        if skip:
            skip -= 1
            continue
        if frame.image is not None:
            tried += 1
            yield frame.image


def _calibrate(image: np.ndarray, geometry: Any, side: str) -> Any:
    from calibration.calibrate import calibrate_frame

    created = datetime.now(UTC).isoformat(timespec="seconds")
    return calibrate_frame(image, geometry, side, created=created)


def _succeeded(result: Any) -> bool:
    """All four markers found and a homography measured (CalibrationResult.ok)."""
    profile = getattr(result, "profile", None)
    return (profile is not None and getattr(profile, "homography", None) is not None
            and not getattr(result, "missing", ()))


def calibrate_frames(frames: Iterator[np.ndarray], geometry: Any, side: str) -> Any:
    """The first successful calibration among ``frames``, else the last attempt's result.

    Raises:
        CalibrateError: no readable frame at all.
    """
    from vision.errors import VisionError

    last: Any = None
    for image in frames:
        try:
            last = _calibrate(image, geometry, side)
        except VisionError as exc:  # e.g. BoardNotFoundError naming the missing markers
            last = exc
            continue
        if _succeeded(last):
            return last
    if last is None:
        raise CalibrateError("no readable frame from the camera: check it with "
                             "--source and the cable, or use --frame IMAGE")
    return last


def _report(result: Any) -> list[str]:
    if isinstance(result, Exception):
        return [str(result)]
    return [str(line) for line in getattr(result, "lines", [])]


def _frames(args: argparse.Namespace) -> Iterator[np.ndarray]:
    if args.frame:
        yield _frame_from_file(Path(args.frame).expanduser())
        return
    camera = open_camera(args.source)
    try:
        yield from _camera_frames(camera)
    finally:
        camera.close()


def run(args: argparse.Namespace) -> tuple[int, list[str]]:
    """Calibrate as the command does; returns (exit code, lines to print)."""
    from engine.games import find_game

    side = getattr(args, "side", None) or find_game(args.game).info.sides[0]
    geometry = _geometry(args.game, side)
    used: list[np.ndarray] = []
    result = calibrate_frames(_remembered(_frames(args), used), geometry, side)
    lines = _report(result)
    if not _succeeded(result):
        return 1, [*lines, FAILED]
    path = Path(args.profile).expanduser() if args.profile else default_profile_path()
    result.profile.save(path)
    lines.append(f"profile saved to {path}")
    if getattr(args, "characters", False):
        return _characters(used[-1], args.game, side, geometry.layout, lines)
    return 0, lines


def _remembered(frames: Iterator[np.ndarray], used: list[np.ndarray]) -> Iterator[np.ndarray]:
    """``frames``, each kept in ``used`` as it is handed on (the last one is calibrated)."""
    for image in frames:
        used.append(image)
        del used[:-1]
        yield image


def _characters(image: np.ndarray, game: str, side: str, layout: Any,
                lines: list[str]) -> tuple[int, list[str]]:
    """``--characters``: the character-to-colour mapping read from one die of each character
    in slot 1 of the rows (``calibration.character_colours``), written into the user's copy of
    the board file (the first folder ``user_board_dirs`` searches); exit 1 when the board
    has no characters or a spot needs mending (nothing written)."""
    from calibration.board_files import load_board_data, user_board_dirs
    from calibration.character_colours import has_characters, sample_characters

    data = load_board_data(game, side)
    if not has_characters(data):
        return 1, [*lines, f"the {game} board has no characters to set colours for"]
    found = sample_characters(image, layout, data)
    if found.data is None:
        return 1, [*lines, *found.lines[:-1], f"character colours: {found.lines[-1]}"]
    target = user_board_dirs()[0] / f"{game}-{side}.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(found.data, indent=2, ensure_ascii=False) + "\n",
                      encoding="utf-8")
    return 0, [*lines, *found.lines, f"character colours written to {target}"]


def command(args: argparse.Namespace) -> int:
    """Entry point of ``dicekeeper calibrate``."""
    from engine.errors import EngineError
    from vision.errors import ProfileError

    try:
        code, lines = run(args)
    except EngineError as exc:  # unknown game or side, bad board file: the arguments are wrong
        print(f"dicekeeper calibrate: {exc}", file=sys.stderr)
        return 2
    except (DeviceError, ProfileError, OSError) as exc:
        print(f"dicekeeper calibrate: {exc}", file=sys.stderr)
        return 1
    except ImportError as exc:
        print(f"dicekeeper calibrate: calibration is not available in this install ({exc})",
              file=sys.stderr)
        return 1
    for line in lines[:-1] if code else lines:
        print(line)
    if code:
        print(f"dicekeeper calibrate: {lines[-1]}", file=sys.stderr)
    return code
