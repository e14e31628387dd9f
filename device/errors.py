"""Errors of the device backends (camera, OLED, buttons, buzzer, calibration command).

Each error subclasses :class:`DeviceError` and the builtin that fits, and its message says what
to do. Standard library only; imported by every ``device`` module.
"""

from __future__ import annotations

PICAMERA_FIX = ("picamera2 not installed: on Raspberry Pi OS run `sudo apt install "
                "python3-picamera2` and create the venv with --system-site-packages "
                "(systemd/install.sh does both)")
I2C_FIX = ("enable I2C with `sudo raspi-config nonint do_i2c 0` (or Interface Options -> I2C), "
           "reboot, and check the OLED answers with `i2cdetect -y 1`")


def one_line(text: str) -> str:
    """``text`` with line breaks and other control characters escaped ("\\n"), so that a
    message echoing what was typed still prints as one line."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


class DeviceError(Exception):
    """Base class of every error raised by the device backends."""


class CameraNotFoundError(DeviceError, LookupError):
    """No camera, video, folder or session matches the requested source."""


class CameraLibraryError(CameraNotFoundError, ImportError):
    """The camera library is missing, too old or cannot load (picamera2 and numpy out of step)."""


class CameraLostError(DeviceError, OSError):
    """A live camera stopped delivering frames; ``reopen()`` may bring it back."""


class SessionFileError(DeviceError, ValueError):
    """A recorded session folder whose ``session.json`` is missing, unreadable or malformed."""


class DisplayError(DeviceError, OSError):
    """The OLED (or its stand-in) cannot be opened or driven."""


class DisplayNotFoundError(DisplayError, FileNotFoundError):
    """No OLED answers on the I2C bus, or the bus itself is missing."""


class ButtonsError(DeviceError, OSError):
    """The buttons cannot be opened (no GPIO library, pin in use, bad pin numbers)."""


class BuzzerError(DeviceError, OSError):
    """The buzzer cannot be opened."""


class UnknownBackendError(DeviceError, ValueError):
    """A backend kind that does not exist (a typo in --display, --buttons, ...)."""


class ConfigError(DeviceError, ValueError):
    """The configuration file is unreadable or holds a bad key or value.

    Attributes:
        problems: one line per fault found, each naming the key and the fix.
    """

    def __init__(self, problems: list[str] | str) -> None:
        self.problems = [problems] if isinstance(problems, str) else list(problems)
        super().__init__("\n".join(self.problems))
