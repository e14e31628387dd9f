"""The device's backends opened as the configuration file says: camera, OLED, buttons, buzzer.

``open_backends(settings, ...)`` is what ``dicekeeper run`` uses; a backend named on its command
line (``--source``, ``--display``, ``--buttons``) wins over the file. None of the faults a
player can mend stops the device at start: a live camera missing at start is retried
(``AbsentCamera``: "camera lost" on the screen), a missing OLED runs headless and is retried,
a buzzer that cannot be opened is silence; the buttons' faults (one stuck down) are drawn on the
screen by ``Annunciator``. ``camera_options``, ``display_options`` and ``button_pins`` are the
file's keys as the ``open_*`` functions take them (``dicekeeper doctor`` and ``snapshot`` use
them too).

May import: the other ``device`` backend modules and ``device.settings``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from device.buttons import Buttons, open_buttons
from device.buzzer import Buzzer, open_buzzer
from device.camera import Camera, open_camera_or_absent
from device.display import Annunciator, open_display_or_headless
from device.idle import IdleConfig
from device.settings import Settings
from device.shutdown import PowerOff, shutdown_command


def camera_options(settings: Settings) -> dict[str, Any]:
    """``open_camera`` keyword arguments from ``[camera]``."""
    camera = settings.camera
    return {"size": (camera.width, camera.height), "focus": camera.focus,
            "lens_position": camera.lens_position}


def display_options(settings: Settings) -> dict[str, Any]:
    """``open_display`` keyword arguments for the real panels from ``[display]``."""
    display = settings.display
    return {"port": display.i2c_port, "address": display.i2c_address, "rotate": display.rotate}


def idle_config(settings: Settings) -> IdleConfig:
    """When the screen rests, from ``[display]``."""
    display = settings.display
    return IdleConfig(dim_after_s=display.dim_after, blank_after_s=display.blank_after,
                      dim_contrast=display.dim_contrast)


def power_off(settings: Settings) -> PowerOff:
    """What a confirmed shutdown runs, from ``[device] shutdown_command``."""
    return PowerOff(shutdown_command(settings.device.shutdown_command))


def button_pins(settings: Settings) -> tuple[int, int, int]:
    """BCM pins of A, B, C from ``[buttons]``."""
    return settings.buttons.pin_a, settings.buttons.pin_b, settings.buttons.pin_c


def open_configured_buzzer(settings: Settings) -> Buzzer:
    """The buzzer of ``[buzzer]`` (silence, with a warning, when it cannot be opened)."""
    buzzer = settings.buzzer
    return open_buzzer(buzzer.type, pin=buzzer.pin, active_high=buzzer.active_high)


@dataclass
class Backends:
    """The opened backends; ``display`` draws the others' faults on the screen."""

    camera: Camera
    display: Annunciator
    buttons: Buttons
    buzzer: Buzzer

    def close(self) -> None:
        """Close every backend (the app normally does this)."""
        for part in (self.camera, self.buttons, self.buzzer, self.display):
            part.close()


def faults_of(*parts: object) -> Callable[[], list[str]]:
    """The current faults of the parts that report them (``faults()``), for the screen."""
    def faults() -> list[str]:
        found: list[str] = []
        for part in parts:
            report = getattr(part, "faults", None)
            if report is not None:
                found += report()
        return found

    return faults


def open_backends(settings: Settings, *, source: str | None = None, display: str | None = None,
                  buttons: str | None = None, out_dir: Path = Path("out/run"),
                  clock: Callable[[], float] = time.monotonic, camera: Any = None,
                  **test_options: Any) -> Backends:
    """Open the camera, OLED, buttons and buzzer for ``dicekeeper run``.

    Args:
        settings: the configuration file's settings.
        source, display, buttons: the command line's choices; None: the file's.
        out_dir: folder for an emulated display's files.
        clock: the emulator's clock (the app's frame clock).
        camera: a frame source made already (recorded views), used instead of ``source``.
        **test_options: ``i2c_bus`` (an smbus stand-in for the panel) and ``retry_s`` (the
            headless display's retry), for tests.

    Raises:
        CameraLibraryError / CameraNotFoundError: no picamera2 (or a broken one), or a file
            source that does not exist. ButtonsError: the buttons' pins cannot be used.
        UnknownBackendError: a backend name that does not exist.
    """
    panel_bus = {k: test_options[k] for k in ("i2c_bus", "retry_s") if k in test_options}
    screen = open_display_or_headless(display or settings.display.type, out_dir, clock=clock,
                                      **display_options(settings), **panel_bus)
    opened: list[Any] = [screen]
    try:
        keys = open_buttons(buttons or settings.buttons.type, pins=button_pins(settings))
        opened.append(keys)
        sound = open_configured_buzzer(settings)
        opened.append(sound)
        if camera is None:
            camera = open_camera_or_absent(source or settings.camera.source,
                                           **camera_options(settings))
    except BaseException:
        for part in reversed(opened):
            part.close()
        raise
    return Backends(camera=camera, display=Annunciator(screen, faults_of(keys)), buttons=keys,
                    buzzer=sound)
