"""Camera sources: where frames come from (Pi camera, webcam, video file, folder, recorded session).

``open_camera(spec)`` picks a backend from one string, so the same app runs on the Pi, on a
laptop with a USB webcam, and on recorded sessions in tests and the demo. Every source returns
:class:`Frame` objects (BGR ``numpy`` image, time in seconds, index) and ``None`` at the end of a
finite stream. A frame file that cannot be decoded gives ``Frame(image=None)`` (the pipeline says
"frame unreadable"); a live camera that stops delivering raises :class:`CameraLostError` after a
short retry and can be brought back with ``reopen()``.

May import: numpy, cv2, the standard library, ``device.errors``/``device.host``; picamera2 only
inside the branch that opens the Pi camera.
"""

from __future__ import annotations

import json
import logging
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, Self, runtime_checkable

import cv2
import numpy as np

from device.errors import (
    PICAMERA_FIX,
    CameraLostError,
    CameraNotFoundError,
    SessionFileError,
)
from device.host import is_raspberry_pi, must_not_emulate

log = logging.getLogger(__name__)

IMAGE_SUFFIXES = frozenset({".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp",
                            ".pgm", ".ppm"})
SESSION_FILE = "session.json"
PICAMERA_SIZE = (1280, 960)
SPEC_HELP = ("use auto, picamera, webcam, webcam:N, a video file, a folder of frames or a "
             "recorded session folder (with session.json)")


@dataclass(frozen=True, eq=False)  # eq on numpy images would raise: frames compare by identity
class Frame:
    """One frame from a source.

    Attributes:
        image: BGR uint8 image, or None when the frame could not be decoded.
        t: seconds; ``time.monotonic()`` at capture for live cameras, the recorded time (or
            index / fps) for files.
        index: 0-based position in the stream (keeps counting across ``reopen()``).
        name: where it came from (file name, "webcam:0", "picamera"), for log lines.
    """

    image: np.ndarray | None
    t: float
    index: int
    name: str = ""


@runtime_checkable
class Camera(Protocol):
    """A source of frames: ``read()`` returns the next frame, or None at the end of the stream."""

    def read(self) -> Frame | None: ...

    def close(self) -> None: ...


@runtime_checkable
class LiveCamera(Camera, Protocol):
    """A camera that can be lost (cable) and reopened; ``read()`` may raise CameraLostError."""

    live: bool

    def reopen(self) -> None: ...


class _Source:
    """Context-manager support shared by every source."""

    live = False

    def close(self) -> None:
        """Release the source; safe to call twice."""

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def decode_image_file(path: Path) -> np.ndarray | None:
    """Read an image file as BGR, or None when it is missing, empty or not a decodable image."""
    try:
        data = np.fromfile(str(path), dtype=np.uint8)
    except OSError as exc:
        log.warning("frame %s unreadable: %s", path, exc)
        return None
    if data.size == 0:
        log.warning("frame %s is empty", path)
        return None
    image = cv2.imdecode(data, cv2.IMREAD_COLOR)
    if image is None:
        log.warning("frame %s could not be decoded as an image", path)
    return image


class FileFramesCamera(_Source):
    """A fixed list of image files with their times (a folder of frames or a recorded session)."""

    def __init__(self, files: Sequence[Path], times: Sequence[float], name: str = "") -> None:
        """Args: files to read in order; times in seconds, one per file; name for log lines."""
        if len(files) != len(times):
            raise ValueError("one time per frame file is needed")
        self.files = list(files)
        self.times = [float(t) for t in times]
        self.name = name
        self._next = 0

    def read(self) -> Frame | None:
        """The next frame (image None if the file cannot be decoded), or None after the last."""
        if self._next >= len(self.files):
            return None
        i = self._next
        self._next += 1
        path = self.files[i]
        return Frame(decode_image_file(path), self.times[i], i, path.name)

    def __len__(self) -> int:
        return len(self.files)


def image_files(folder: Path) -> list[Path]:
    """The image files directly in ``folder``, sorted by name."""
    return sorted(p for p in folder.iterdir()
                  if p.is_file() and p.suffix.lower() in IMAGE_SUFFIXES)


def open_folder(folder: Path, fps: float = 10.0) -> FileFramesCamera:
    """A folder of image frames, read in name order; ``t = index / fps``.

    Raises:
        CameraNotFoundError: the folder holds no image files.
    """
    files = image_files(folder)
    if not files:
        raise CameraNotFoundError(f"no image frames (png/jpg/...) in folder {folder}: "
                                  f"{SPEC_HELP}")
    if fps <= 0:
        raise ValueError("fps must be positive")
    return FileFramesCamera(files, [i / fps for i in range(len(files))], str(folder))


def read_session(folder: Path) -> dict[str, Any]:
    """Load and check ``session.json`` of a recorded session folder.

    Returns the whole JSON object (game, side, frames, ...); each frame entry has ``file``
    (relative to the folder) and ``t`` (seconds from the start).

    Raises:
        SessionFileError: missing, not JSON, or frames without file/t; the message names the path.
    """
    path = folder / SESSION_FILE
    fix = "re-record the session or regenerate fixtures with `make fixtures`"
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise SessionFileError(f"{path} not found: {fix}") from exc
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise SessionFileError(f"{path} is not readable JSON ({exc}): {fix}") from exc
    frames = data.get("frames") if isinstance(data, dict) else None
    if not isinstance(frames, list) or not frames:
        raise SessionFileError(f"{path} has no \"frames\" list: {fix}")
    for n, entry in enumerate(frames):
        _check_session_entry(path, n, entry, fix)
    session: dict[str, Any] = data
    return session


def _check_session_entry(path: Path, n: int, entry: object, fix: str) -> None:
    ok = (isinstance(entry, dict) and isinstance(entry.get("file"), str)
          and isinstance(entry.get("t"), int | float) and not isinstance(entry.get("t"), bool)
          and math.isfinite(entry["t"]))
    if not ok:
        raise SessionFileError(f"{path}: frame {n} needs {{\"file\": str, \"t\": seconds}}, "
                               f"got {entry!r}: {fix}")


class SessionCamera(FileFramesCamera):
    """A recorded session folder; ``Frame.t`` comes from session.json, ``info`` holds the rest."""

    def __init__(self, folder: Path) -> None:
        """Raises SessionFileError for a missing or malformed session.json."""
        self.info = read_session(folder)
        entries = self.info["frames"]
        super().__init__([folder / e["file"] for e in entries], [e["t"] for e in entries],
                         str(folder))
        self.game: str | None = self.info.get("game")
        self.side: str | None = self.info.get("side")


class VideoFileCamera(_Source):
    """A video file through OpenCV; ``t = index / fps`` of the file; None at the end."""

    def __init__(self, path: Path) -> None:
        """Raises CameraNotFoundError when OpenCV cannot open the file."""
        self.path = path
        self._cap: Any = cv2.VideoCapture(str(path))
        if not self._cap.isOpened():
            self._cap.release()
            raise CameraNotFoundError(f"cannot open video file {path}: is it a video OpenCV "
                                      f"can decode? {SPEC_HELP}")
        fps = self._cap.get(cv2.CAP_PROP_FPS)
        self.fps = fps if fps and math.isfinite(fps) and fps > 0 else 30.0
        self._index = 0

    def read(self) -> Frame | None:
        """The next decoded frame, or None at the end of the file."""
        if self._cap is None:
            return None
        ok, image = self._cap.read()
        if not ok or image is None:
            return None
        i = self._index
        self._index += 1
        return Frame(image, i / self.fps, i, f"{self.path.name}#{i}")

    def close(self) -> None:
        if self._cap is not None:
            self._cap.release()
            self._cap = None


class _LiveSource(_Source):
    """Retry-then-raise logic shared by live cameras; subclasses implement _open/_grab/_release."""

    live = True
    name = "camera"

    def __init__(self, retries: int, retry_delay: float,
                 clock: Callable[[], float], sleep: Callable[[float], None]) -> None:
        self.retries = retries
        self.retry_delay = retry_delay
        self._clock = clock
        self._sleep = sleep
        self._index = 0

    def read(self) -> Frame:
        """Capture one frame, retrying a few times.

        Raises:
            CameraLostError: no frame after the retries; call ``reopen()`` later.
        """
        for attempt in range(self.retries + 1):
            image = self._grab()
            if image is not None:
                return self._frame(image)
            if attempt < self.retries:
                self._sleep(self.retry_delay)
        raise CameraLostError(f"camera lost: {self.name} gave no frame after "
                              f"{self.retries + 1} tries; check the cable (the game is kept; "
                              f"reopen() retries)")

    def _frame(self, image: np.ndarray) -> Frame:
        i = self._index
        self._index += 1
        return Frame(image, self._clock(), i, self.name)

    def reopen(self) -> None:
        """Release and open the camera again (after CameraLostError).

        Raises:
            CameraNotFoundError: the camera is still not there.
        """
        self._release()
        self._open()

    def close(self) -> None:
        self._release()

    def _grab(self) -> np.ndarray | None:
        raise NotImplementedError

    def _open(self) -> None:
        raise NotImplementedError

    def _release(self) -> None:
        raise NotImplementedError


class CaptureCamera(_LiveSource):
    """A live OpenCV VideoCapture (USB webcam ``index``, or a device/stream path)."""

    def __init__(self, target: int | str, *, size: tuple[int, int] | None = None,
                 retries: int = 3, retry_delay: float = 0.1,
                 clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        """Args: target camera index or path; size (w, h) to request; retries/retry_delay before
        CameraLostError; clock giving Frame.t. Raises CameraNotFoundError if it cannot open."""
        super().__init__(retries, retry_delay, clock, sleep)
        self.target = target
        self.size = size
        self.name = f"webcam:{target}" if isinstance(target, int) else str(target)
        self._cap: Any = None
        self._open()

    def _open(self) -> None:
        cap = cv2.VideoCapture(self.target)
        if not cap.isOpened():
            cap.release()
            raise CameraNotFoundError(f"no camera at {self.name}: plug a USB webcam in, try "
                                      f"another index (webcam:1), or {SPEC_HELP}")
        if self.size:
            cap.set(cv2.CAP_PROP_FRAME_WIDTH, self.size[0])
            cap.set(cv2.CAP_PROP_FRAME_HEIGHT, self.size[1])
        self._cap = cap

    def _grab(self) -> np.ndarray | None:
        if self._cap is None:
            return None
        ok, image = self._cap.read()
        return image if ok else None

    def _release(self) -> None:
        if self._cap is not None:
            self._cap.release()
            self._cap = None


def _import_picamera2() -> Any:
    try:
        from picamera2 import Picamera2
    except ImportError as exc:
        raise CameraNotFoundError(f"{PICAMERA_FIX} ({exc})") from exc
    return Picamera2


def picamera_to_bgr(array: np.ndarray) -> np.ndarray:
    """Turn a picamera2 main-stream array into an OpenCV BGR image.

    picamera2's "RGB888" is libcamera's name for 24-bit pixels stored B, G, R in memory, which is
    already OpenCV's BGR order; the 32-bit "XBGR8888"/"XRGB8888" formats carry a fourth padding
    channel that is dropped here.
    """
    if array.ndim == 3 and array.shape[2] == 4:
        array = array[:, :, :3]
    return np.ascontiguousarray(array)


class PiCamera(_LiveSource):
    """The Raspberry Pi camera module through picamera2 (RGB888 main stream, 1280x960)."""

    def __init__(self, *, size: tuple[int, int] = PICAMERA_SIZE, retries: int = 3,
                 retry_delay: float = 0.2, capture_timeout: float = 2.0,
                 clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        """Raises CameraNotFoundError when picamera2 is missing or no camera is attached."""
        super().__init__(retries, retry_delay, clock, sleep)
        self.size = size
        self.capture_timeout = capture_timeout
        self.name = "picamera"
        self._picamera2 = _import_picamera2()
        self._cam: Any = None
        self._open()

    def _open(self) -> None:
        if not self._picamera2.global_camera_info():
            raise CameraNotFoundError("no Pi camera detected: check the ribbon cable and its "
                                      "orientation, then `rpicam-hello --list-cameras`")
        try:
            cam = self._picamera2()
            config = cam.create_video_configuration(
                main={"format": "RGB888", "size": tuple(self.size)})
            cam.configure(config)
            cam.start()
        except (IndexError, RuntimeError, OSError) as exc:
            raise CameraNotFoundError(
                f"no Pi camera answers ({exc}): check the ribbon cable and its orientation, then "
                f"`rpicam-hello --list-cameras`") from exc
        self._cam = cam

    def _grab(self) -> np.ndarray | None:
        if self._cam is None:
            return None
        try:
            # asynchronous capture + wait with a timeout: a pulled cable must not hang the loop
            job = self._cam.capture_array("main", wait=False)
            return picamera_to_bgr(self._cam.wait(job, timeout=self.capture_timeout))
        except (RuntimeError, OSError, TimeoutError) as exc:
            log.warning("picamera capture failed: %s", exc)
            return None

    def _release(self) -> None:
        if self._cam is not None:
            try:
                self._cam.stop()
                self._cam.close()
            except (RuntimeError, OSError) as exc:
                log.warning("picamera close failed: %s", exc)
            self._cam = None


def _picamera_available() -> bool:
    try:
        _import_picamera2()
    except CameraNotFoundError:
        return False
    return True


def _open_auto() -> Camera:
    """Pi camera on a Pi when picamera2 imports; else webcam 0 (never silently under systemd)."""
    if is_raspberry_pi():
        if _picamera_available():
            return PiCamera()
        if must_not_emulate():
            raise CameraNotFoundError(f"auto camera on a Raspberry Pi: {PICAMERA_FIX}")
        log.warning("picamera2 not importable on this Pi: using webcam 0 (%s)", PICAMERA_FIX)
    return CaptureCamera(0)


def _parse_webcam(spec: str) -> int:
    _, _, number = spec.partition(":")
    if not number:
        return 0
    try:
        return int(number)
    except ValueError:
        raise CameraNotFoundError(f"bad camera source {spec!r}: webcam:N needs a number, "
                                  f"e.g. webcam:1") from None


def _open_path(path: Path, fps: float) -> Camera:
    if path.is_dir():
        if (path / SESSION_FILE).exists():
            return SessionCamera(path)
        return open_folder(path, fps)
    if path.is_file():
        if path.suffix.lower() in IMAGE_SUFFIXES:
            return FileFramesCamera([path], [0.0], str(path))
        return VideoFileCamera(path)
    raise CameraNotFoundError(f"camera source {str(path)!r} does not exist: {SPEC_HELP}")


def open_camera(spec: str, *, fps: float = 10.0) -> Camera:
    """Open a frame source from one string.

    Args:
        spec: "auto" (Pi camera on a Pi, else webcam 0), "picamera", "webcam" / "webcam:N", a
            video file, a single image, a folder of image frames (name order, ``t = index /
            fps``), or a recorded session folder (``session.json`` gives each frame's ``t``).
        fps: frame rate assumed for a plain folder of frames.

    Returns:
        A Camera; live ones (Pi camera, webcam) also have ``reopen()`` and ``live = True``.

    Raises:
        CameraNotFoundError: nothing matches the spec, or the camera/library is missing.
        SessionFileError: a session folder whose session.json is malformed.
    """
    text = spec.strip()
    lowered = text.lower()
    if lowered == "auto":
        return _open_auto()
    if lowered == "picamera":
        return PiCamera()
    if lowered == "webcam" or lowered.startswith("webcam:"):
        return CaptureCamera(_parse_webcam(lowered))
    if not text:
        raise CameraNotFoundError(f"empty camera source: {SPEC_HELP}")
    return _open_path(Path(text).expanduser(), fps)
