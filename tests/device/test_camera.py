"""device.camera: every source through open_camera, undecodable frames, lost and reopened
cameras."""

from __future__ import annotations

import json
import sys
import types
from pathlib import Path
from typing import ClassVar

import cv2
import numpy as np
import pytest

from device import camera
from device.camera import Frame, open_camera
from device.errors import CameraLostError, CameraNotFoundError, DeviceError, SessionFileError


def _image(value: int, size: tuple[int, int] = (48, 32)) -> np.ndarray:
    img = np.zeros((size[1], size[0], 3), np.uint8)
    img[:, :, 0] = value          # blue
    img[:, :, 2] = 255 - value    # red
    return img


def _write_frames(folder: Path, values: list[int], ext: str = ".png") -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for i, v in enumerate(values):
        path = folder / f"{i:03d}{ext}"
        cv2.imwrite(str(path), _image(v))
        paths.append(path)
    return paths


def _read_all(cam) -> list[Frame]:
    frames = []
    while (frame := cam.read()) is not None:
        frames.append(frame)
    return frames


def _write_video(path: Path, values: list[int], fps: float = 20.0) -> None:
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), fps, (48, 32))
    assert writer.isOpened()
    for v in values:
        writer.write(_image(v))
    writer.release()


def test_folder_frames_in_name_order_with_times_from_fps(tmp_path):
    _write_frames(tmp_path, [10, 20, 30])
    (tmp_path / "notes.txt").write_text("not a frame")
    frames = _read_all(open_camera(str(tmp_path), fps=4.0))
    assert [f.index for f in frames] == [0, 1, 2]
    assert [f.t for f in frames] == [0.0, 0.25, 0.5]
    assert [int(f.image[0, 0, 0]) for f in frames] == [10, 20, 30]
    assert frames[0].image.shape == (32, 48, 3)


def test_undecodable_frame_file_gives_frame_without_image(tmp_path):
    _write_frames(tmp_path, [10, 20])
    (tmp_path / "001.png").write_bytes(b"\x89PNG garbage, cut off")
    frames = _read_all(open_camera(str(tmp_path)))
    assert len(frames) == 2
    assert frames[0].image is not None and frames[1].image is None
    assert frames[1].index == 1


def _write_session(folder: Path, times: list[float], **extra) -> None:
    _write_frames(folder / "frames", [50 + i for i in range(len(times))], ".jpg")
    data = {"game": "unification", "side": "simple",
            "frames": [{"file": f"frames/{i:03d}.jpg", "t": t} for i, t in enumerate(times)]}
    data.update(extra)
    (folder / "session.json").write_text(json.dumps(data))


def test_session_folder_times_come_from_session_json(tmp_path):
    _write_session(tmp_path, [0.0, 0.4, 1.7])
    cam = open_camera(str(tmp_path))
    assert (cam.game, cam.side) == ("unification", "simple")
    frames = _read_all(cam)
    assert [f.t for f in frames] == [0.0, 0.4, 1.7]
    assert all(f.image is not None for f in frames)
    assert frames[2].name == "002.jpg"


def test_session_with_missing_frame_file_keeps_going(tmp_path):
    _write_session(tmp_path, [0.0, 0.5, 1.0])
    (tmp_path / "frames" / "001.jpg").unlink()
    frames = _read_all(open_camera(str(tmp_path)))
    assert [f.image is None for f in frames] == [False, True, False]


@pytest.mark.parametrize("content, words", [
    ("{not json", "not readable JSON"),
    ('{"game": "unification"}', "no \"frames\" list"),
    ('{"frames": [{"file": "a.jpg"}]}', "frame 0 needs"),
    ('{"frames": [{"file": "a.jpg", "t": "soon"}]}', "frame 0 needs"),
])
def test_corrupt_session_json_names_the_file_and_fix(tmp_path, content, words):
    (tmp_path / "session.json").write_text(content)
    with pytest.raises(SessionFileError) as err:
        open_camera(str(tmp_path))
    assert words in str(err.value) and "session.json" in str(err.value)
    assert "make fixtures" in str(err.value)
    assert isinstance(err.value, DeviceError) and isinstance(err.value, ValueError)


def test_single_image_file_is_a_one_frame_source(tmp_path):
    path = _write_frames(tmp_path, [77])[0]
    frames = _read_all(open_camera(str(path)))
    assert len(frames) == 1 and int(frames[0].image[0, 0, 0]) == 77


def test_video_file_frames_then_end_of_stream(tmp_path):
    path = tmp_path / "clip.avi"
    _write_video(path, [0, 0, 250, 250], fps=20.0)
    with open_camera(str(path)) as cam:
        frames = _read_all(cam)
    assert [f.index for f in frames] == [0, 1, 2, 3]
    assert frames[1].t == pytest.approx(0.05)
    # MJPG is lossy: the blue channel still tells the dark frames from the bright ones
    assert frames[0].image[:, :, 0].mean() < 30 < frames[3].image[:, :, 0].mean()


@pytest.mark.parametrize("spec", ["no/such/place", ""])
def test_missing_source_is_a_clear_lookup_error(tmp_path, spec):
    with pytest.raises(CameraNotFoundError) as err:
        open_camera(str(tmp_path / spec) if spec else spec)
    assert isinstance(err.value, LookupError)
    assert "webcam" in str(err.value)  # the message lists the valid forms


def test_folder_without_images_is_not_a_camera(tmp_path):
    (tmp_path / "readme.txt").write_text("x")
    with pytest.raises(CameraNotFoundError, match="no image frames"):
        open_camera(str(tmp_path))


def test_bad_webcam_number_is_named():
    with pytest.raises(CameraNotFoundError, match="webcam:N needs a number"):
        open_camera("webcam:front")


class _Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        self.now += 0.5
        return self.now


def test_live_capture_stamps_monotonic_time_then_lost_then_reopened(tmp_path):
    """A video file opened as a live capture runs the real cv2 path; its end is a lost cable."""
    path = tmp_path / "live.avi"
    _write_video(path, [0, 250])
    sleeps: list[float] = []
    cam = camera.CaptureCamera(str(path), retries=2, retry_delay=0.01, clock=_Clock(),
                               sleep=sleeps.append)
    assert cam.live
    first, second = cam.read(), cam.read()
    assert (first.t, second.t) == (100.5, 101.0)
    with pytest.raises(CameraLostError) as err:
        cam.read()
    assert "camera lost" in str(err.value) and "check the cable" in str(err.value)
    assert isinstance(err.value, OSError)
    assert sleeps == [0.01, 0.01]  # retried before giving up
    cam.reopen()
    again = cam.read()
    assert again.image is not None and again.index == 2  # indices keep counting
    cam.close()


def test_reopen_of_a_camera_that_stays_away_says_not_found(tmp_path):
    path = tmp_path / "live.avi"
    _write_video(path, [0])
    cam = camera.CaptureCamera(str(path), retries=0, sleep=lambda s: None)
    path.unlink()
    with pytest.raises(CameraNotFoundError, match="no camera at"):
        cam.reopen()


def test_picamera_without_picamera2_names_the_apt_fix(monkeypatch):
    monkeypatch.setitem(sys.modules, "picamera2", None)  # import fails as off-Pi
    with pytest.raises(CameraNotFoundError) as err:
        open_camera("picamera")
    assert "sudo apt install python3-picamera2" in str(err.value)
    assert "--system-site-packages" in str(err.value)


class _FakePicamera2:
    """Records what the backend asks of picamera2; only the Pi can run the real one."""

    instances: ClassVar[list[_FakePicamera2]] = []
    unplugged = False

    def __init__(self) -> None:
        self.calls: list[str] = []
        self.config = None
        self.fail_captures = 0
        _FakePicamera2.instances.append(self)

    def create_video_configuration(self, main):
        return {"main": main}

    def configure(self, config):
        self.config = config

    def start(self):
        self.calls.append("start")

    @staticmethod
    def global_camera_info():
        return [] if _FakePicamera2.unplugged else [{"Model": "imx708"}]

    def capture_array(self, name, wait=None):
        assert name == "main" and wait is False  # asynchronous, so wait() can time out
        return "job"

    def wait(self, job, timeout=None):
        assert job == "job" and timeout and timeout > 0
        if self.fail_captures:
            self.fail_captures -= 1
            raise TimeoutError("no frame within the timeout")
        pixels = np.zeros((960, 1280, 4), np.uint8)
        pixels[..., 0] = 200  # byte 0 of each pixel is blue in libcamera's RGB888/XRGB8888
        return pixels

    def stop(self):
        self.calls.append("stop")

    def close(self):
        self.calls.append("close")


def test_picamera_backend_configures_rgb888_and_yields_bgr(monkeypatch):
    _FakePicamera2.instances.clear()
    monkeypatch.setitem(sys.modules, "picamera2", types.SimpleNamespace(Picamera2=_FakePicamera2))
    cam = open_camera("picamera")
    fake = _FakePicamera2.instances[0]
    assert fake.config == {"main": {"format": "RGB888", "size": (1280, 960)}}
    frame = cam.read()
    assert frame.image.shape == (960, 1280, 3) and frame.image.flags["C_CONTIGUOUS"]
    assert int(frame.image[0, 0, 0]) == 200 and int(frame.image[0, 0, 2]) == 0
    fake.fail_captures = 10
    cam.retry_delay = 0
    with pytest.raises(CameraLostError):
        cam.read()
    cam.reopen()
    assert fake.calls == ["start", "stop", "close"] and len(_FakePicamera2.instances) == 2
    assert cam.read().index == 1


def test_auto_on_pi_under_systemd_without_picamera2_refuses_to_guess(monkeypatch):
    monkeypatch.setenv("DICEKEEPER_PI", "1")
    monkeypatch.setenv("INVOCATION_ID", "abc")
    monkeypatch.setitem(sys.modules, "picamera2", None)
    with pytest.raises(CameraNotFoundError, match="python3-picamera2"):
        open_camera("auto")


def test_picamera_with_no_camera_attached_names_the_cable(monkeypatch):
    monkeypatch.setattr(_FakePicamera2, "unplugged", True)
    monkeypatch.setitem(sys.modules, "picamera2", types.SimpleNamespace(Picamera2=_FakePicamera2))
    with pytest.raises(CameraNotFoundError, match="ribbon cable"):
        open_camera("picamera")


ON_PI = camera.is_raspberry_pi({})  # the device tree, not the test environment


@pytest.mark.pi
@pytest.mark.skipif(not ON_PI, reason="needs a Raspberry Pi with its camera module")
def test_real_pi_camera_delivers_timed_bgr_frames():
    with open_camera("picamera") as cam:
        frames = [cam.read() for _ in range(3)]
    assert all(f.image.shape == (960, 1280, 3) for f in frames)
    assert frames[0].t < frames[1].t < frames[2].t
