"""Camera sources: where frames come from (Pi camera, webcam, video file, folder, recorded session).

``open_camera(spec)`` picks a backend from one string, so the same app runs on the Pi, on a
laptop with a USB webcam, and on recorded sessions in tests and the demo. Every source returns
:class:`Frame` objects (BGR ``numpy`` image, time in seconds, index) and ``None`` at the end of a
finite stream. A frame file that cannot be decoded gives ``Frame(image=None)`` (the pipeline says
"frame unreadable"); a live camera that stops delivering raises :class:`CameraLostError` after a
short retry and can be brought back with ``reopen()`` (a USB webcam once it is plugged in again;
the Pi camera's CSI ribbon is not hot-pluggable, so after reconnecting it the Pi must reboot).

What picamera2 (0.3.36) does that this module works around: a capture that timed out stays
queued, and ``stop()``/``close()`` then wait for it forever, so every timeout is followed by
``cancel_all_and_flush()``; a failed ``configure()``/``start()`` leaves the camera acquired, so
the camera is closed before the error is raised (else every later open says "busy"); the library
is checked at open for ``wait(job, timeout)`` and ``cancel_all_and_flush`` (0.3.20 and later),
and an import that fails on numpy's ABI (``ValueError``) is reported like a missing library.

May import: numpy, cv2, the standard library, ``device.errors``/``device.host``; picamera2 only
inside the branch that opens the Pi camera.
"""

from __future__ import annotations

import importlib.metadata
import inspect
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
    CameraLibraryError,
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
# wait(job, timeout) came with picamera2 0.3.17, cancel_all_and_flush() with 0.3.20
PICAMERA2_NEEDED = "0.3.20"
PICAMERA2_UPDATE = ("update it: `sudo apt update && sudo apt install python3-picamera2` "
                    "(sudo systemd/install.sh does both), then start dicekeeper again")
NUMPY_FIX = ("the venv's numpy does not match the one apt's picamera2 and simplejpeg were built "
             "for: remove the venv's copy with `/opt/dicekeeper/venv/bin/pip uninstall -y "
             "numpy` (or run sudo systemd/install.sh again)")
FOCUS_MODES = ("continuous", "fixed")
# libcamera's AfModeEnum values (controls.AfModeEnum.Manual / .Continuous)
AF_MODE_MANUAL, AF_MODE_CONTINUOUS = 0, 2
LENS_POSITION = 2.5  # dioptres = 1 / metres: the table 40 cm below the lens
CSI_FIX = ("check the ribbon cable at both ends; the camera connector is not hot-pluggable: "
           "power off, reconnect the cable, and reboot")
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
    lost_fix = "check the cable (the game is kept; reopen() retries)"

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
                              f"{self.retries + 1} tries; {self.lost_fix}")

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
        level = cv2.getLogLevel()
        cv2.setLogLevel(0)  # silent: OpenCV's own lines would bury the one that names the fix
        try:
            cap = cv2.VideoCapture(self.target)
        finally:
            cv2.setLogLevel(level)
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
    """picamera2's ``Picamera2`` class, checked to be new enough.

    Raises:
        CameraLibraryError: not installed, not loadable with this numpy, or too old.
    """
    try:
        from picamera2 import Picamera2
    except ImportError as exc:
        fix = NUMPY_FIX if "numpy" in str(exc) else PICAMERA_FIX
        raise CameraLibraryError(f"picamera2 does not import ({exc}): {fix}") from exc
    except ValueError as exc:  # "numpy.dtype size changed, may indicate binary incompatibility"
        raise CameraLibraryError(f"picamera2 does not import ({exc}): {NUMPY_FIX}") from exc
    check_picamera2(Picamera2)
    return Picamera2


def picamera2_version() -> str | None:
    """The installed picamera2's version (apt ships its metadata), or None when unknown."""
    try:
        return importlib.metadata.version("picamera2")
    except importlib.metadata.PackageNotFoundError:
        return None


def check_picamera2(picamera2: Any) -> None:
    """Refuse a picamera2 without ``wait(job, timeout)`` or ``cancel_all_and_flush()``.

    Before 0.3.17 ``wait(job, timeout=...)`` is a TypeError on every capture; before 0.3.20 a
    timed-out capture cannot be cancelled, so closing the camera hangs.

    Raises:
        CameraLibraryError: too old; the message says how to update.
    """
    try:
        waits_with_timeout = "timeout" in inspect.signature(picamera2.wait).parameters
    except (AttributeError, TypeError, ValueError):
        waits_with_timeout = False
    if waits_with_timeout and callable(getattr(picamera2, "cancel_all_and_flush", None)):
        return
    version = picamera2_version() or "(version unknown)"
    raise CameraLibraryError(f"picamera2 {version} is too old: dicekeeper needs "
                             f"{PICAMERA2_NEEDED} or later for capture timeouts; "
                             f"{PICAMERA2_UPDATE}")


def picamera_to_bgr(array: np.ndarray) -> np.ndarray:
    """Turn a picamera2 main-stream array into an OpenCV BGR image.

    picamera2's "RGB888" is libcamera's name for 24-bit pixels stored B, G, R in memory, which is
    already OpenCV's BGR order; the 32-bit "XBGR8888"/"XRGB8888" formats carry a fourth padding
    channel that is dropped here.
    """
    if array.ndim == 3 and array.shape[2] == 4:
        array = array[:, :, :3]
    return np.ascontiguousarray(array)


def _busy_message(exc: BaseException) -> str:
    return (f"the Pi camera is there but does not open ({_causes(exc)}): another program "
            f"probably holds it; stop it (`sudo systemctl stop dicekeeper`, close rpicam-* and "
            f"other camera programs) and try again; if nothing else runs, {CSI_FIX}")


def _causes(exc: BaseException) -> str:
    """The exception and its causes in one line (picamera2 wraps libcamera's "busy")."""
    texts: list[str] = []
    seen: BaseException | None = exc
    while seen is not None and len(texts) < 4:
        texts.append(str(seen) or type(seen).__name__)
        seen = seen.__cause__ or seen.__context__
    return ": ".join(texts)


class PiCamera(_LiveSource):
    """The Raspberry Pi camera module through picamera2 (RGB888 main stream, 1280x960).

    Args:
        size: (width, height) of the main stream. Camera Module 3's sensor is 16:9, so a 4:3
            stream is its middle three quarters of the width (logged at open, ``crop_note``).
        focus: "continuous" autofocus, or "fixed" at ``lens_position`` dioptres; used only when
            the camera has autofocus (``AfMode`` among its controls: Camera Module 3, which
            starts in manual focus otherwise).
        capture_timeout: seconds to wait for a frame before the camera counts as lost.
    """

    lost_fix = f"{CSI_FIX} (the game is kept)"

    def __init__(self, *, size: tuple[int, int] = PICAMERA_SIZE, focus: str = "continuous",
                 lens_position: float = LENS_POSITION, retries: int = 0,
                 retry_delay: float = 0.2, capture_timeout: float = 2.0,
                 clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        """Raises CameraNotFoundError (CameraLibraryError for the library) when it cannot open."""
        super().__init__(retries, retry_delay, clock, sleep)
        if focus not in FOCUS_MODES:
            raise ValueError(f"focus must be one of {', '.join(FOCUS_MODES)}, got {focus!r}")
        self.size = size
        self.focus = focus
        self.lens_position = lens_position
        self.capture_timeout = capture_timeout
        self.name = "picamera"
        self.crop_note = ""
        self._picamera2 = _import_picamera2()
        self._cam: Any = None
        self._open()

    def _open(self) -> None:
        if not self._picamera2.global_camera_info():
            raise CameraNotFoundError(f"no Pi camera detected: {CSI_FIX}; then check it with "
                                      f"`rpicam-hello --list-cameras`")
        try:
            cam = self._picamera2()
        except (IndexError, RuntimeError, OSError) as exc:
            raise CameraNotFoundError(_busy_message(exc)) from exc
        try:
            self._start(cam)
        except Exception as exc:  # any failure here leaves the camera acquired: close it first
            self._close(cam)
            raise CameraNotFoundError(
                f"the Pi camera opened but did not start ({_causes(exc)}): try "
                f"`rpicam-hello --list-cameras`; if another program holds the camera stop it, "
                f"else {CSI_FIX}") from exc
        self._cam = cam

    def _start(self, cam: Any) -> None:
        config = cam.create_video_configuration(main={"format": "RGB888",
                                                      "size": tuple(self.size)})
        cam.configure(config)
        self._set_focus(cam)
        cam.start()
        self.crop_note = crop_note(getattr(cam, "sensor_resolution", None), self.size)
        if self.crop_note:
            log.info("%s", self.crop_note)

    def _set_focus(self, cam: Any) -> None:
        """Camera Module 3 starts in manual focus: set continuous AF or the fixed lens position."""
        if "AfMode" not in cam.camera_controls:
            return
        if self.focus == "continuous":
            cam.set_controls({"AfMode": AF_MODE_CONTINUOUS})
        else:
            cam.set_controls({"AfMode": AF_MODE_MANUAL, "LensPosition": self.lens_position})

    def _grab(self) -> np.ndarray | None:
        if self._cam is None:
            return None
        try:
            # asynchronous capture + wait with a timeout: a pulled cable must not hang the loop
            job = self._cam.capture_array("main", wait=False)
            return picamera_to_bgr(self._cam.wait(job, timeout=self.capture_timeout))
        except (RuntimeError, OSError, TimeoutError) as exc:
            log.warning("picamera capture failed: %s", exc or type(exc).__name__)
            self._flush(self._cam)  # the timed-out job stays queued; stop() would wait for it
            return None

    @staticmethod
    def _flush(cam: Any) -> None:
        try:
            cam.cancel_all_and_flush()
        except (RuntimeError, OSError) as exc:
            log.warning("picamera flush failed: %s", exc)

    def _close(self, cam: Any) -> None:
        self._flush(cam)
        try:
            cam.stop()
            cam.close()
        except (RuntimeError, OSError) as exc:
            log.warning("picamera close failed: %s", exc)

    def _release(self) -> None:
        if self._cam is not None:
            cam, self._cam = self._cam, None
            self._close(cam)


def crop_note(sensor: Any, size: tuple[int, int]) -> str:
    """A line saying how much of a sensor of another shape the stream shows ("" when the same).

    A 4:3 stream from Camera Module 3's 16:9 sensor is cut from its middle: the board must fit
    in the middle three quarters of what the camera could see.
    """
    try:
        sensor_w, sensor_h = (int(v) for v in sensor)
    except (TypeError, ValueError):
        return ""
    if sensor_w <= 0 or sensor_h <= 0:
        return ""
    sensor_ratio, stream_ratio = sensor_w / sensor_h, size[0] / size[1]
    if abs(sensor_ratio / stream_ratio - 1) < 0.02:
        return ""
    kept = min(stream_ratio / sensor_ratio, sensor_ratio / stream_ratio)
    along = "width" if stream_ratio < sensor_ratio else "height"
    return (f"the camera's {sensor_w}x{sensor_h} sensor is cropped to the stream's "
            f"{size[0]}x{size[1]} shape: only the middle {kept:.0%} of its {along} is seen; "
            f"keep the whole board inside it")


def _open_auto(size: tuple[int, int] | None, pi_options: dict[str, Any]) -> Camera:
    """Pi camera on a Pi when picamera2 imports; else webcam 0 (never silently under systemd)."""
    if is_raspberry_pi():
        try:
            _import_picamera2()
        except CameraLibraryError as exc:
            if must_not_emulate():
                raise CameraLibraryError(f"auto camera on a Raspberry Pi: {exc}") from exc
            log.warning("using webcam 0: %s", exc)
        else:
            return PiCamera(size=size or PICAMERA_SIZE, **pi_options)
    return CaptureCamera(0, size=size)


LIVE_SPECS = ("auto", "picamera", "webcam")


class AbsentCamera(_Source):
    """A live camera that did not open at start. ``read()`` raises CameraLostError (the app
    shows "camera lost" and calls ``reopen()`` again later); ``reopen()`` tries to open it, and
    from then on this is that camera. The game and the menu go on meanwhile.

    Attributes:
        camera: the camera once it opened, else None.
        reason: why it did not open (the message names the fix).
    """

    live = True

    def __init__(self, opener: Callable[[], Camera], reason: str) -> None:
        self._opener = opener
        self.reason = reason
        self.camera: Camera | None = None
        self.name = "camera"
        log.warning("no camera at start (%s): going on, and trying it again", reason)

    def read(self) -> Frame | None:
        """The camera's next frame once it is there."""
        if self.camera is None:
            raise CameraLostError(f"no camera: {self.reason}")
        return self.camera.read()

    def reopen(self) -> None:
        """Try to open the camera (the first time) or reopen it.

        Raises:
            CameraNotFoundError: still not there.
        """
        if self.camera is None:
            self.camera = self._opener()
            log.info("camera found: %s", getattr(self.camera, "name", "camera"))
            return
        reopen = getattr(self.camera, "reopen", None)
        if reopen is not None:
            reopen()

    def close(self) -> None:
        if self.camera is not None:
            self.camera.close()


def open_camera_or_absent(spec: str, **options: Any) -> Camera:
    """``open_camera``, except that a live camera (auto, picamera, webcam) missing at start
    gives an ``AbsentCamera`` that keeps trying, instead of an error that stops the device.

    A camera library that is missing or too old does not mend itself: that stays an error.

    Raises:
        CameraLibraryError: picamera2 missing, too old or not loadable.
        CameraNotFoundError / SessionFileError: a file source that does not exist or is broken.
    """
    def opener() -> Camera:
        return open_camera(spec, **options)

    kind = spec.strip().lower()
    if kind.startswith("webcam"):
        _parse_webcam(kind)  # a bad number is a typo, not a camera to wait for
    try:
        return opener()
    except CameraLibraryError:
        raise
    except CameraNotFoundError as exc:
        if spec.strip().lower().partition(":")[0] not in LIVE_SPECS:
            raise
        return AbsentCamera(opener, str(exc))


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


def open_camera(spec: str, *, fps: float = 10.0, size: tuple[int, int] | None = None,
                focus: str = "continuous", lens_position: float = LENS_POSITION) -> Camera:
    """Open a frame source from one string.

    Args:
        spec: "auto" (Pi camera on a Pi, else webcam 0), "picamera", "webcam" / "webcam:N", a
            video file, a single image, a folder of image frames (name order, ``t = index /
            fps``), or a recorded session folder (``session.json`` gives each frame's ``t``).
        fps: frame rate assumed for a plain folder of frames.
        size: (width, height) asked of a live camera (default: 1280x960 for the Pi camera, the
            webcam's own).
        focus, lens_position: the Pi camera's focus (see ``PiCamera``).

    Returns:
        A Camera; live ones (Pi camera, webcam) also have ``reopen()`` and ``live = True``.

    Raises:
        CameraNotFoundError: nothing matches the spec, or the camera/library is missing
            (CameraLibraryError: picamera2 missing, too old or not loadable).
        SessionFileError: a session folder whose session.json is malformed.
    """
    text = spec.strip()
    lowered = text.lower()
    pi_options: dict[str, Any] = {"focus": focus, "lens_position": lens_position}
    if lowered == "auto":
        return _open_auto(size, pi_options)
    if lowered == "picamera":
        return PiCamera(size=size or PICAMERA_SIZE, **pi_options)
    if lowered == "webcam" or lowered.startswith("webcam:"):
        return CaptureCamera(_parse_webcam(lowered), size=size)
    if not text:
        raise CameraNotFoundError(f"empty camera source: {SPEC_HELP}")
    return _open_path(Path(text).expanduser(), fps)
