"""device.camera: every source through open_camera, undecodable frames, lost and reopened
cameras."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from device import camera
from device.camera import Frame, open_camera
from device.errors import (
    CameraLibraryError,
    CameraLostError,
    CameraNotFoundError,
    DeviceError,
    SessionFileError,
)

from .fakes import FakePi


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


@pytest.fixture
def pi(monkeypatch):
    """A Pi with Camera Module 3 and picamera2 0.3.36 (see tests/device/fakes.py)."""
    board = FakePi("imx708")
    monkeypatch.setitem(sys.modules, "picamera2", board.picamera2())
    return board


def test_picamera_backend_configures_rgb888_and_yields_bgr(pi):
    cam = open_camera("picamera")
    fake = pi.instances[0]
    assert fake.camera_config["main"] == {"format": "RGB888", "size": (1280, 960)}
    frame = cam.read()
    assert frame.image.shape == (960, 1280, 3) and frame.image.flags["C_CONTIGUOUS"]
    assert int(frame.image[0, 0, 0]) == 200 and int(frame.image[0, 0, 2]) == 0
    cam.close()
    assert pi.holder is None


def test_a_capture_timeout_is_flushed_so_closing_does_not_hang(pi):
    """picamera2 keeps a timed-out job queued; stop()/close() would wait behind it for ever."""
    cam = open_camera("picamera")
    pi.stalls = 1
    with pytest.raises(CameraLostError) as err:
        cam.read()
    assert "reboot" in str(err.value) and "not hot-pluggable" in str(err.value)
    assert pi.instances[0].calls[-1] == "flush"
    cam.close()  # HangsForever here without cancel_all_and_flush() after the timeout
    assert pi.instances[0].calls[-2:] == ["stop", "close"] and pi.holder is None


def test_a_stalled_camera_comes_back_on_reopen_and_keeps_counting(pi):
    cam = open_camera("picamera")
    assert cam.read().index == 0
    pi.stalls = 1
    with pytest.raises(CameraLostError):
        cam.read()
    cam.reopen()
    assert len(pi.instances) == 2 and pi.instances[0].calls[-2:] == ["stop", "close"]
    assert cam.read().index == 1
    cam.close()


def test_a_replugged_ribbon_gives_no_frames_until_the_pi_reboots(pi, monkeypatch):
    cam = open_camera("picamera")
    pi.unplug()
    with pytest.raises(CameraLostError, match="reboot"):
        cam.read()
    pi.replug()
    cam.reopen()  # the camera is still listed: it opens, but CSI is not hot-pluggable
    with pytest.raises(CameraLostError, match="reboot"):
        cam.read()
    cam.close()
    pi.reboot()
    monkeypatch.setitem(sys.modules, "picamera2", pi.picamera2())  # a new process
    with open_camera("picamera") as again:
        assert again.read().image is not None


def test_a_failed_configure_closes_the_camera_so_the_next_open_is_not_busy(pi):
    pi.configure_failures = 1
    with pytest.raises(CameraNotFoundError, match="did not start"):
        open_camera("picamera")
    assert pi.holder is None  # left acquired, every later open would say "busy"
    with open_camera("picamera") as cam:
        assert cam.read().image is not None


def test_a_camera_held_by_another_program_is_named_before_the_ribbon(pi):
    other = sys.modules["picamera2"].Picamera2()  # e.g. rpicam-hello, or the service
    with pytest.raises(CameraNotFoundError) as err:
        open_camera("picamera")
    message = str(err.value)
    assert "busy" in message and "another program" in message
    assert message.index("another program") < message.index("ribbon")
    assert "systemctl stop dicekeeper" in message
    other.close()


def test_camera_module_3_gets_continuous_autofocus_after_configure(pi):
    cam = open_camera("picamera")
    assert pi.instances[0].applied_controls == {"AfMode": camera.AF_MODE_CONTINUOUS}
    assert "middle 75% of its width" in cam.crop_note  # 16:9 sensor, 4:3 stream
    cam.close()


def test_fixed_focus_sets_the_lens_position(pi):
    cam = open_camera("picamera", focus="fixed", lens_position=2.5)
    assert pi.instances[0].applied_controls == {"AfMode": camera.AF_MODE_MANUAL,
                                                "LensPosition": 2.5}
    cam.close()


def test_a_camera_without_autofocus_gets_no_focus_controls(monkeypatch):
    module2 = FakePi("imx219")
    monkeypatch.setitem(sys.modules, "picamera2", module2.picamera2())
    cam = open_camera("picamera", size=(1640, 1232))
    assert module2.instances[0].applied_controls == {}  # AfMode would be refused here
    assert cam.crop_note == ""  # 4:3 sensor, 4:3 stream
    assert cam.read().image.shape == (1232, 1640, 3)
    cam.close()


def test_an_old_picamera2_is_refused_with_the_update_command(monkeypatch):
    old = FakePi().old_picamera2()
    with pytest.raises(TypeError):  # what 0.3.12 does with the capture's timeout
        cam = old.Picamera2()
        cam.configure(cam.create_video_configuration(main={}))
        cam.wait(cam.capture_array(wait=False), timeout=1.0)
    monkeypatch.setitem(sys.modules, "picamera2", FakePi().old_picamera2())
    with pytest.raises(CameraLibraryError) as err:
        open_camera("picamera")
    assert "too old" in str(err.value) and "sudo apt update" in str(err.value)
    assert isinstance(err.value, ImportError) and isinstance(err.value, DeviceError)


def test_a_numpy_abi_mismatch_at_import_is_named_with_its_fix(monkeypatch, tmp_path):
    """A compiled module built for another numpy raises ValueError, not ImportError."""
    package = tmp_path / "picamera2"
    package.mkdir()
    (package / "__init__.py").write_text(
        "raise ValueError('numpy.dtype size changed, may indicate binary incompatibility. "
        "Expected 96 from C header, got 88 from PyObject')\n")
    monkeypatch.delitem(sys.modules, "picamera2", raising=False)
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(CameraLibraryError) as err:
        open_camera("picamera")
    assert "pip uninstall -y numpy" in str(err.value)


def test_auto_on_pi_under_systemd_with_an_old_picamera2_says_update(monkeypatch):
    monkeypatch.setenv("DICEKEEPER_PI", "1")
    monkeypatch.setenv("INVOCATION_ID", "abc")
    monkeypatch.setitem(sys.modules, "picamera2", FakePi().old_picamera2())
    with pytest.raises(CameraLibraryError, match="apt update"):
        open_camera("auto")


def test_auto_on_pi_under_systemd_without_picamera2_refuses_to_guess(monkeypatch):
    monkeypatch.setenv("DICEKEEPER_PI", "1")
    monkeypatch.setenv("INVOCATION_ID", "abc")
    monkeypatch.setitem(sys.modules, "picamera2", None)
    with pytest.raises(CameraNotFoundError, match="python3-picamera2"):
        open_camera("auto")


def test_picamera_with_no_camera_attached_names_the_cable(pi):
    pi.unplug()
    pi.reboot()
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
