"""Stand-ins for the Pi's hardware libraries that behave as their sources say (checked against
picamera2 0.3.36, luma.core 2.6 / luma.oled 3.16 and gpiozero 2.0.1), so a test catches code that
would break on a Pi:

- ``FakePi.picamera2()``: a ``picamera2`` module. A capture job stays queued after its
  ``wait(job, timeout)`` timed out, and ``stop()``/``close()`` then wait behind it for ever
  (here: ``HangsForever``) unless ``cancel_all_and_flush()`` ran; ``configure()`` that fails leaves
  the camera acquired, so the next ``Picamera2()`` fails as busy; ``set_controls`` refuses a
  control the camera does not advertise (``AfMode`` on Camera Module 2) and ``configure()``
  drops controls set before it; the CSI link does not come back without a reboot.
  ``FakePi.old_picamera2()``: 0.3.12's API (``wait(job)`` only, no ``cancel_all_and_flush``).
- ``FakeOledBus``: an SSD1306 behind an smbus-like object, under luma's real ``i2c`` class. A
  power blip resets the controller: it accepts frames afterwards but stays dark until the set-up
  commands (charge pump, display on) are sent again.
- ``ShortedPin``: a gpiozero mock pin whose wire is shorted to ground (a button stuck down),
  which the pull-up cannot raise.
"""

from __future__ import annotations

import errno
import types
from typing import Any, ClassVar

import numpy as np
from gpiozero.pins.mock import MockPin


class HangsForever(BaseException):
    """Raised where the real library would block for ever; no ``except Exception`` stops it."""


class FakePi:
    """The camera side of one Pi: the sensor found at boot, the ribbon, who holds the camera.

    Args:
        model: the sensor ("imx708" Camera Module 3 with autofocus, "imx219" Module 2).
    """

    SENSORS: ClassVar[dict[str, tuple[tuple[int, int], bool]]] = {
        "imx708": ((4608, 2592), True), "imx219": ((3280, 2464), False)}

    def __init__(self, model: str = "imx708") -> None:
        self.model = model
        self.sensor, self.autofocus = self.SENSORS[model]
        self.probed = True          # the sensor answered at boot
        self.connected = True       # the ribbon is in
        self.link_ok = True         # frames flow
        self.stalls = 0             # captures that time out before frames flow again
        self.configure_failures = 0
        self.holder: Any = None     # the Picamera2 object holding the camera
        self.instances: list[Any] = []

    def unplug(self) -> None:
        """Pull the ribbon: frames stop."""
        self.connected = False
        self.link_ok = False

    def replug(self) -> None:
        """Push the ribbon back in: CSI is not hot-pluggable, frames only flow after a reboot."""
        self.connected = True

    def reboot(self) -> None:
        """A new boot: the sensor is probed again, nobody holds the camera."""
        self.probed = self.link_ok = self.connected
        self.holder = None

    def frames_flow(self) -> bool:
        if self.stalls:
            self.stalls -= 1
            return False
        return self.link_ok

    def picamera2(self) -> types.ModuleType:
        """A ``picamera2`` module with 0.3.36's API, on this Pi."""
        return _module(_picamera2_class(self))

    def old_picamera2(self) -> types.ModuleType:
        """A ``picamera2`` module with 0.3.12's API (Bookworm's first release)."""
        return _module(_old_picamera2_class(self))


def _module(cls: type) -> types.ModuleType:
    module = types.ModuleType("picamera2")
    module.Picamera2 = cls  # type: ignore[attr-defined]
    return module


class _Job:
    def __init__(self, name: str) -> None:
        self.name = name
        self.cancelled = False


def _picamera2_class(pi: FakePi) -> type:
    class Picamera2:
        """0.3.36's calls as the app uses them, with their blocking and their errors."""

        @staticmethod
        def global_camera_info() -> list[dict[str, Any]]:
            return [{"Model": pi.model, "Num": 0, "Id": "/base/soc/i2c0mux/i2c@1/imx"}] \
                if pi.probed else []

        def __init__(self, camera_num: int = 0) -> None:
            info = self.global_camera_info()[camera_num]  # IndexError without a camera, as real
            if pi.holder is not None:
                try:
                    raise RuntimeError("Failed to acquire camera: Device or resource busy")
                except RuntimeError as busy:
                    raise RuntimeError("Camera __init__ sequence did not complete.") from busy
            pi.holder = self
            pi.instances.append(self)
            self.info = info
            self.is_open = True
            self.started = False
            self.camera_config: dict[str, Any] | None = None
            self.sensor_resolution = pi.sensor
            self._job_list: list[_Job] = []
            self._controls: dict[str, Any] = {}
            self.applied_controls: dict[str, Any] = {}
            self.calls: list[str] = []

        @property
        def camera_controls(self) -> dict[str, tuple[Any, Any, Any]]:
            controls: dict[str, tuple[Any, Any, Any]] = {
                "ExposureTime": (75, 11766829, None), "AnalogueGain": (1.0, 16.0, None)}
            if pi.autofocus:
                controls.update(AfMode=(0, 2, 0), LensPosition=(0.0, 15.0, 1.0))
            return controls

        def create_video_configuration(self, main: dict[str, Any] | None = None
                                       ) -> dict[str, Any]:
            valid = ("format", "size", "stride", "preserve_ar")
            for key in main or {}:
                if key not in valid:
                    raise ValueError(f"Bad key {key!r}: valid stream configuration keys are "
                                     f"{valid}")
            return {"main": dict(main or {}), "controls": {}}

        def configure(self, camera_config: dict[str, Any]) -> None:
            if pi.configure_failures:
                pi.configure_failures -= 1
                raise RuntimeError("Failed to configure camera")  # the camera stays acquired
            self.camera_config = camera_config
            self._controls = dict(camera_config.get("controls", {}))  # earlier controls dropped

        def set_controls(self, controls: dict[str, Any]) -> None:
            for name in controls:
                if name not in self.camera_controls:
                    raise RuntimeError(f"Control {name} is not advertised by libcamera")
            self._controls.update(controls)

        def start(self) -> None:
            if not self.camera_config:
                raise RuntimeError("Camera has not been configured")
            self.applied_controls = dict(self._controls)
            self.started = True
            self.calls.append("start")

        def capture_array(self, name: str = "main", wait: Any = None,
                          signal_function: Any = None) -> Any:
            job = _Job(name)
            self._job_list.append(job)
            if wait is False or (wait is None and signal_function is not None):
                return job
            return self.wait(job, timeout=None if wait in (None, True) else wait)

        def wait(self, job: _Job, timeout: float | None = None) -> np.ndarray:
            if job.cancelled:
                raise RuntimeError("job cancelled")  # concurrent.futures.CancelledError
            if not (self.started and pi.frames_flow()):
                if timeout is None:
                    raise HangsForever("wait() without a timeout on a camera giving no frames")
                raise TimeoutError()  # concurrent.futures.TimeoutError; the job stays queued
            self._job_list.remove(job)
            return self._pixels()

        def _pixels(self) -> np.ndarray:
            assert self.camera_config is not None
            width, height = self.camera_config["main"]["size"]
            pixels = np.zeros((height, width, 4), np.uint8)
            pixels[..., 0] = 200  # byte 0 of each pixel is blue in libcamera's RGB888/XRGB8888
            return pixels

        def cancel_all_and_flush(self) -> None:
            for job in self._job_list:
                job.cancelled = True
            self._job_list = []
            self.calls.append("flush")

        def stop(self) -> None:
            if not self.started:
                return
            if self._job_list:  # stop_ is dispatched behind the job that never completes
                raise HangsForever("stop() queued behind a capture that never completes")
            self.started = False
            self.calls.append("stop")

        def close(self) -> None:
            if not self.is_open:
                return
            self.stop()
            self.is_open = False
            if pi.holder is self:
                pi.holder = None
            self.calls.append("close")

    return Picamera2


def _old_picamera2_class(pi: FakePi) -> type:
    base = _picamera2_class(pi)

    class Picamera2(base):  # type: ignore[misc, valid-type]
        """0.3.12: ``wait(job)`` takes no timeout and nothing cancels a queued job."""

        def wait(self, job: _Job) -> np.ndarray:  # type: ignore[override]
            return super().wait(job, timeout=None)

    del base.cancel_all_and_flush  # type: ignore[attr-defined]
    return Picamera2


# --------------------------------------------------------------------------- the OLED

# SSD1306 commands and how many argument bytes follow each
_ARGS = {0x20: 1, 0x21: 2, 0x22: 2, 0x81: 1, 0x8D: 1, 0xA8: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1,
         0xDA: 1, 0xDB: 1}
DISPLAY_OFF, DISPLAY_ON, CHARGE_PUMP, MEMORY_MODE, CONTRAST = 0xAE, 0xAF, 0x8D, 0x20, 0x81


class FakeOledBus:
    """An SSD1306 at ``address`` on an smbus2-like bus (``write_i2c_block_data``).

    Attributes:
        present: False: nothing answers (EREMOTEIO), as with no panel or a loose wire.
        gram: the panel's 1024 bytes of display memory (pages of 128 columns).
        writes: how many block writes reached the panel.
    """

    def __init__(self, address: int = 0x3C, present: bool = True) -> None:
        self.address = address
        self.present = present
        self.gram = bytearray(128 * 8)
        self.writes = 0
        self._power_on()

    def _power_on(self) -> None:
        """The controller's reset state: display off, charge pump off, page addressing."""
        self.display_on = False
        self.charge_pump = False
        self.contrast = 0x7F          # the SSD1306's reset value
        self.contrasts: list[int] = []  # every contrast command received
        self.horizontal = False
        self._cursor = 0
        self._pending: list[int] = []

    def blip(self) -> None:
        """A power blip: the controller resets to its power-on state."""
        self._power_on()

    @property
    def lit(self) -> bool:
        """True when the panel shows its memory (set up since the last power-on)."""
        return self.display_on and self.charge_pump

    def visible(self) -> bytes | None:
        """What the panel shows: its memory when lit, else None (dark)."""
        return bytes(self.gram) if self.lit else None

    def write_i2c_block_data(self, address: int, mode: int, data: list[int]) -> None:
        if not self.present or address != self.address:
            raise OSError(errno.EREMOTEIO, "Remote I/O error")
        self.writes += 1
        if mode == 0x00:
            self._commands(list(data))
        elif mode == 0x40:
            self._data(data)

    def _commands(self, data: list[int]) -> None:
        self._pending += data
        while self._pending:
            cmd = self._pending[0]
            need = _ARGS.get(cmd, 0)
            if len(self._pending) < need + 1:
                return
            args, self._pending = self._pending[1:need + 1], self._pending[need + 1:]
            self._command(cmd, args)

    def _command(self, cmd: int, args: list[int]) -> None:
        if cmd in (DISPLAY_ON, DISPLAY_OFF):
            self.display_on = cmd == DISPLAY_ON
        elif cmd == CHARGE_PUMP:
            self.charge_pump = args[0] == 0x14
        elif cmd == CONTRAST:
            self.contrast = args[0]
            self.contrasts.append(args[0])
        elif cmd == MEMORY_MODE:
            self.horizontal = args[0] == 0x00
        elif cmd == 0x21:  # column range: luma sends it before each frame
            self._cursor = 0

    def _data(self, data: list[int]) -> None:
        for byte in data:
            # page addressing (after a reset) wraps within page 0 instead of filling the screen
            at = self._cursor if self.horizontal else self._cursor % 128
            self.gram[at % len(self.gram)] = byte
            self._cursor += 1

    def close(self) -> None:
        pass


# --------------------------------------------------------------------------- the buttons

class ShortedPin(MockPin):
    """A mock input pin shorted to ground: it reads low whatever the pull-up does, until the test
    calls ``drive_high()`` (the short is cleared)."""

    def _set_pull(self, value: str) -> None:
        self._pull = value
