"""``dicekeeper snapshot``: what the camera sees, for "why did it not see my die?".

One frame (``--frame IMG``, or the live camera after its exposure settles) goes through the
board reader the device uses, made from the game's layout (``calibration.board_files.load_layout``,
``vision.board.BoardGeometry``, ``vision.board.BoardReader``, with the saved calibration profile
when it was measured on that board). It prints the view in the game's notation
(``view_to_text``) and why it cannot be refereed, if it cannot, then saves the frame with the
markers found, the board outline, the grid cells and zones, and each reading drawn at its place
(green: read, orange: read without confidence, red "?": abstained).

Exit status: 0 when the board was found, 1 when it was not (the image still shows the markers
seen) or the camera or output failed, 2 for a bad argument (unknown game or side, a missing
``--frame``/``--profile`` file, an output that is not .png/.jpg), one line on stderr.

May import: ``device`` (camera, settings), ``calibration.board_files``, ``vision.board``,
``engine``, OpenCV and numpy; prints (a command).
"""

from __future__ import annotations

import argparse
import logging
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from device.camera import Camera, decode_image_file, open_camera
from device.errors import ConfigError, DeviceError, one_line
from engine.table import MIN_CONFIDENCE, Item, ItemKind, TableView

log = logging.getLogger(__name__)

USAGE_ERROR = 2
LIVE_WARMUP_FRAMES = 5  # frames a live camera needs for its exposure to settle
OUT_SUFFIXES = (".png", ".jpg", ".jpeg")
# BGR colours of the drawing
MARKER, OUTLINE, CELL, ZONE = (0, 255, 255), (0, 200, 0), (255, 160, 0), (255, 0, 255)
READ, UNSURE, ABSTAINED = (0, 200, 0), (0, 165, 255), (0, 0, 255)


class UsageError(DeviceError, ValueError):
    """A command-line argument that cannot be used; the message says which and why."""


@dataclass(frozen=True)
class Snapshot:
    """What one frame showed: the view, the game's text of it, and the annotated image."""

    view: TableView
    text: str
    image: np.ndarray
    located: bool


def reading_label(item: Item) -> str:
    """A reading as drawn: the face and the colour's initial ("5W", "3R"), "?" when the reader
    abstained, the colour alone for a cube, "ink" for ink."""
    initial = item.colour.value[0].upper()
    if item.kind is ItemKind.INK:
        return "ink"
    if item.kind is not ItemKind.DIE:
        return initial
    return "?" if item.face is None else f"{item.face}{initial}"


def _colour_of(item: Item) -> tuple[int, int, int]:
    if item.kind is ItemKind.DIE and item.face is None:
        return ABSTAINED
    return READ if item.confidence >= MIN_CONFIDENCE else UNSURE


def _to_frame(location: Any, geometry: Any, points_mm: list[tuple[float, float]]) -> np.ndarray:
    """Board millimetres -> frame pixels (through the canonical view's scale)."""
    canonical = np.array(points_mm, dtype=np.float64) * geometry.px_per_mm
    frame: np.ndarray = location.canonical_to_frame(canonical)
    return frame


def _poly(image: np.ndarray, points: np.ndarray, colour: tuple[int, int, int], width: int) -> None:
    cv2.polylines(image, [np.round(points).astype(np.int32)], True, colour, width, cv2.LINE_AA)


def _label(image: np.ndarray, text: str, at: np.ndarray, colour: tuple[int, int, int],
           scale: float) -> None:
    x, y = (round(float(v)) for v in at)
    (w, h), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, scale, 2)
    origin = (x - w // 2, y + h // 2)
    cv2.putText(image, text, origin, cv2.FONT_HERSHEY_SIMPLEX, scale, (0, 0, 0), 4, cv2.LINE_AA)
    cv2.putText(image, text, origin, cv2.FONT_HERSHEY_SIMPLEX, scale, colour, 2, cv2.LINE_AA)


def _rect_mm(x: float, y: float, w: float, h: float) -> list[tuple[float, float]]:
    return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]


def draw_markers(image: np.ndarray, markers: dict[int, np.ndarray]) -> None:
    """Each marker found, outlined with its id."""
    for marker_id, corners in markers.items():
        quad = np.asarray(corners, dtype=np.float64).reshape(-1, 2)
        _poly(image, quad, MARKER, 2)
        _label(image, str(marker_id), quad.mean(axis=0), MARKER, 0.6)


def draw_board(image: np.ndarray, location: Any, geometry: Any, view: TableView) -> None:
    """The board outline, every cell, every zone and every reading, drawn on ``image``."""
    size = geometry.size_mm
    _poly(image, _to_frame(location, geometry, _rect_mm(0, 0, size, size)), OUTLINE, 3)
    x0, y0 = geometry.grid_origin_mm
    cell = geometry.cell_mm
    for r in range(geometry.rows):
        for c in range(geometry.cols):
            corners = _rect_mm(x0 + c * cell, y0 + r * cell, cell, cell)
            _poly(image, _to_frame(location, geometry, corners), CELL, 1)
    for zone in geometry.zones:
        corners = _rect_mm(zone.x_mm, zone.y_mm, zone.w_mm, zone.h_mm)
        _poly(image, _to_frame(location, geometry, corners), ZONE, 1)
        _label(image, zone.name, _to_frame(location, geometry, corners[:1])[0] + (30, 8), ZONE,
               0.4)
    scale = max(0.35, _px_per_mm(location, geometry) * geometry.die_mm / 60)
    for item in view.dice():
        at = _to_frame(location, geometry, [(item.x_mm, item.y_mm)])[0]
        _label(image, reading_label(item), at, _colour_of(item), scale)


def _px_per_mm(location: Any, geometry: Any) -> float:
    """Frame pixels per board millimetre along the board's north edge."""
    ends = _to_frame(location, geometry, [(0.0, 0.0), (geometry.size_mm, 0.0)])
    return float(np.linalg.norm(ends[1] - ends[0])) / float(geometry.size_mm)


def take_snapshot(image: np.ndarray, geometry: Any, game: Any, profile: Any = None) -> Snapshot:
    """Read ``image`` with the device's board reader and draw what it found.

    Args:
        image: a BGR frame.
        geometry: the board (``vision.board.BoardGeometry``).
        game: the game (its ``view_to_text``).
        profile: a calibration profile measured on this board, or None.
    """
    from vision.board import BoardReader, detect_markers
    from vision.board.markers import BoardLocation
    from vision.errors import FrameError

    reader = BoardReader(geometry, profile=profile)
    view = reader.read(image)
    annotated = np.ascontiguousarray(image.copy())
    try:
        draw_markers(annotated, dict(detect_markers(image, geometry.MARKER_IDS)))
    except FrameError:
        pass
    location: BoardLocation | None = reader.last_location
    if location is None and view.extra.get("located") == "reused" and profile is not None:
        homography = profile.homography_array((image.shape[1], image.shape[0]))
        if homography is not None:
            location = BoardLocation(homography, {}, geometry.MARKER_IDS, 0.0,
                                     (image.shape[1], image.shape[0]))
    if location is not None:
        draw_board(annotated, location, geometry, view)
    return Snapshot(view, game.view_to_text(view), annotated, location is not None)


def _game_and_side(args: argparse.Namespace) -> tuple[Any, str]:
    from engine.errors import UnknownGameError
    from engine.games import find_game

    try:
        game = find_game(args.game)
    except UnknownGameError as exc:
        raise UsageError(str(exc)) from exc
    side = args.side or game.info.sides[0]
    if side not in game.info.sides:
        raise UsageError(f"--side {side!r}: the sides of {args.game} are "
                         f"{', '.join(game.info.sides)}")
    return game, side


def _image(args: argparse.Namespace) -> np.ndarray:
    if args.frame:
        path = Path(args.frame).expanduser()
        if not path.is_file():
            raise UsageError(f"--frame {args.frame}: no such image file")
        image = decode_image_file(path)
        if image is None:
            raise UsageError(f"--frame {args.frame}: not an image OpenCV can read (PNG, JPEG)")
        return image
    return _camera_image(args)


def _camera_image(args: argparse.Namespace) -> np.ndarray:
    from device.settings import load_settings
    from device.settings_backends import camera_options

    settings = load_settings(args.config)
    spec = args.source or settings.camera.source
    if spec.strip().lower().partition(":")[0] not in ("auto", "picamera", "webcam") \
            and not Path(spec).expanduser().exists():
        raise UsageError(f"--source {spec}: no such file or folder")
    camera = open_camera(spec, **camera_options(settings))
    try:
        return settled_frame(camera)
    finally:
        camera.close()


def settled_frame(camera: Camera) -> np.ndarray:
    """A readable frame, after a live camera's exposure has settled."""
    skip = LIVE_WARMUP_FRAMES if getattr(camera, "live", False) else 0
    for _ in range(skip + LIVE_WARMUP_FRAMES):
        frame = camera.read()
        if frame is None:
            break
        if skip:
            skip -= 1
        elif frame.image is not None:
            return frame.image
    raise DeviceError("the camera gave no readable frame: check it with dicekeeper doctor")


def _profile(args: argparse.Namespace, board: str) -> Any:
    """The profile to read with: --profile (must exist), else the saved one if it fits."""
    from device.calibrate_cli import default_profile_path
    from vision.board import CalibrationProfile
    from vision.errors import ProfileError

    if args.profile:
        path = Path(args.profile).expanduser()
        if not path.is_file():
            raise UsageError(f"--profile {args.profile}: no such file")
        return CalibrationProfile.load(path)
    path = default_profile_path()
    if not path.is_file():
        return None
    try:
        profile = CalibrationProfile.load(path)
    except ProfileError as exc:
        print(f"profile {path} not used: {exc}")
        return None
    return profile if profile.board == board else None


def _out_path(args: argparse.Namespace) -> Path:
    out = Path(args.out).expanduser()
    if out.suffix.lower() not in OUT_SUFFIXES:
        raise UsageError(f"--out {args.out}: give a .png or .jpg file name")
    return out


def _save(image: np.ndarray, out: Path) -> None:
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        ok = cv2.imwrite(str(out), image)
    except (OSError, cv2.error) as exc:
        raise DeviceError(f"cannot write {out} ({exc}): choose another --out") from exc
    if not ok:
        raise DeviceError(f"cannot write {out}: is its folder writable? choose another --out")


def run(args: argparse.Namespace) -> tuple[int, list[str]]:
    """Take the snapshot as the command does; returns (exit code, lines to print).

    Raises:
        UsageError: a bad argument. DeviceError, ConfigError: camera, config or output faults.
    """
    from calibration.board_files import load_layout
    from vision.board import BoardGeometry

    game, side = _game_and_side(args)
    out = _out_path(args)
    geometry = BoardGeometry(load_layout(args.game, side))
    profile = _profile(args, geometry.name)
    shot = take_snapshot(_image(args), geometry, game, profile)
    _save(shot.image, out)
    lines = [shot.text]
    why = shot.view.is_trustworthy()[1]
    if why:
        lines.append(f"not refereed: {why}")
    lines.append(f"saved {out}")
    return (0 if shot.located else 1), lines


def command(args: argparse.Namespace) -> int:
    """Entry point of ``dicekeeper snapshot``."""
    from engine.errors import EngineError
    from vision.errors import VisionError

    try:
        code, lines = run(args)
    except UsageError as exc:
        print(f"dicekeeper snapshot: error: {one_line(str(exc))}", file=sys.stderr)
        return USAGE_ERROR
    except ConfigError as exc:
        code, lines = 1, exc.problems
    except (DeviceError, EngineError, VisionError, OSError) as exc:
        code, lines = 1, [str(exc)]
    for line in lines:
        print(one_line(line))
    return code
