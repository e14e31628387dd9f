"""The OLED and its stand-ins: every backend is a luma device behind one small ``Display`` API.

``open_display(kind)`` picks the backend by name: the real SSD1306/SH1106 over I2C (luma.oled,
``persist=True`` so a crash leaves the last message on the panel), luma's ``dummy`` device
(keeps the last image, for tests), the "emulator" (dummy + a PNG per distinct frame and an
animated ``oled.gif`` written on close, Pillow only) and "text" (the screen drawn with Unicode
half blocks to a stream; works when stdout is piped). All of them go through luma's
``device.display(image)``, so the stand-ins exercise the same path as the panel.

Faults: an I2C error while showing is logged and the next screen tried again; after a loose wire
or a power blip the controller has lost its set-up (it accepts frames but stays dark), so the
first write after an error re-creates the luma device, which sends the set-up again. A panel
missing at start is not fatal: ``open_display_or_headless`` runs headless (logged) and tries the
panel again every ``RETRY_S`` seconds. ``Annunciator`` draws the other backends' faults (a button
stuck down) on a band at the top of every screen.

May import: PIL, numpy, luma.core, the standard library, ``device.errors``/``device.host``;
luma.oled and the I2C bus only inside the branch that opens the real panel.
"""

from __future__ import annotations

import functools
import itertools
import logging
import os
import sys
import time
import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Protocol, TextIO, runtime_checkable

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from device.errors import I2C_FIX, DisplayError, DisplayNotFoundError, UnknownBackendError
from device.host import i2c_bus_present, must_not_emulate

log = logging.getLogger(__name__)

WIDTH, HEIGHT = 128, 64
I2C_PORT = 1
I2C_ADDRESS = 0x3C
OLED_ENV = "DICEKEEPER_OLED"  # the panel "auto" drives when /dev/i2c-1 exists
KINDS = ("auto", "ssd1306", "sh1106", "dummy", "emulator", "text")
PNG_SCALE = 4
GIF_NAME = "oled.gif"
GIF_MIN_MS, GIF_MAX_MS, GIF_LAST_MS = 100, 10_000, 3_000
ROTATIONS = (0, 1, 2, 3)  # luma's quarter turns clockwise
RETRY_S = 30.0            # headless: seconds between tries to open the panel again
BANNER_PX, BANNER_FONT_PX = 11, 9
PANEL_CONTRAST = {"ssd1306": 0xCF, "sh1106": 0x7F}  # what luma sets each panel to at start


@runtime_checkable
class Display(Protocol):
    """A 1-bit screen: ``show`` takes a PIL image of exactly ``size``."""

    size: tuple[int, int]

    def show(self, image: Image.Image) -> None: ...

    def close(self) -> None: ...


@contextmanager
def _quiet_getdata() -> Iterator[None]:
    """Silence Pillow 13's getdata deprecation that luma triggers on every frame."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*getdata.*", category=DeprecationWarning)
        yield


def to_panel_image(image: Image.Image, size: tuple[int, int], mode: str = "1") -> Image.Image:
    """Check the size and convert to the panel's mode with a plain threshold (no dithering).

    Raises:
        ValueError: the image is not ``size``; render screens at the display size.
    """
    if image.size != size:
        raise ValueError(f"screen image is {image.size[0]}x{image.size[1]} but the display is "
                         f"{size[0]}x{size[1]}: render at the display's size")
    if image.mode == mode:
        return image
    if mode == "1":
        return image.convert("L").point(lambda v: 255 if v >= 128 else 0, mode="1")
    return image.convert(mode)


def _luma_errors() -> tuple[type[Exception], ...]:
    """luma's own error types (it reports an I2C I/O error as DeviceNotFoundError)."""
    from luma.core import error as luma_error

    return (luma_error.Error,)


class LumaDisplay:
    """Any luma device behind the Display protocol.

    Attributes:
        device: the luma device (``ssd1306``, ``sh1106`` or ``dummy``).
        kind: the backend name.
        last_image: the last image shown (panel mode), or None.
        last_error: the last I2C error message while showing, or None once a frame got through.
    """

    def __init__(self, device: Any, kind: str,
                 remake: Callable[[], Any] | None = None) -> None:
        """Args: device (a luma device); kind (its name); remake: makes the device again (its
        set-up sent to the panel), called before the first write after an error."""
        self.device = device
        self.kind = kind
        self.size: tuple[int, int] = (int(device.size[0]), int(device.size[1]))
        self.last_image: Image.Image | None = None
        self.last_error: str | None = None
        self.frames_shown = 0
        self.contrast_level: int | None = None  # set by ``contrast``; None: the panel's own
        self._remake = remake

    @property
    def fault(self) -> str | None:
        """What is wrong with the panel now (the last I2C error), or None."""
        return self.last_error

    def show(self, image: Image.Image) -> None:
        """Send one screen to the device.

        An I2C error (loose wire) is logged and remembered in ``last_error`` instead of raised:
        losing the screen must not stop the referee; the next ``show`` tries again, first
        setting the panel up again (it may have lost power).

        Raises:
            ValueError: the image has the wrong size.
        """
        frame = to_panel_image(image, self.size, self.device.mode)
        if self._same_as_last(frame):
            return
        failures: tuple[type[Exception], ...] = (OSError, *_luma_errors())
        try:
            with _quiet_getdata():
                if self.last_error is not None and self._remake is not None:
                    self.device = self._remake()
                    if self.contrast_level is not None:  # the set-up sent the default again
                        self.device.contrast(self.contrast_level)
                self.device.display(frame)
        except failures as exc:
            self._lost(exc)
            return
        if self.last_error:
            log.info("%s display answers again (set up afresh)", self.kind)
        self.last_error = None
        self.last_image = frame.copy()
        self.frames_shown += 1
        self._shown(self.last_image)

    def contrast(self, level: int | None) -> None:
        """Set the panel's contrast, 0-255 (luma's ``contrast``: the SSD1306's 0x81 command),
        or None for the panel's own (what luma sets it to at start); kept and sent again after
        the panel is set up afresh; an I2C error is remembered as one while showing is.

        Raises:
            ValueError: ``level`` is not 0-255.
        """
        if level is not None and not 0 <= level <= 255:
            raise ValueError(f"contrast must be 0-255, got {level}")
        self.contrast_level = level
        failures: tuple[type[Exception], ...] = (OSError, *_luma_errors())
        try:
            self.device.contrast(PANEL_CONTRAST.get(self.kind, 0xCF) if level is None else level)
        except failures as exc:
            self._lost(exc)

    def _same_as_last(self, frame: Image.Image) -> bool:
        return (self.last_error is None and self.last_image is not None
                and frame.tobytes() == self.last_image.tobytes())

    def _lost(self, exc: Exception) -> None:
        message = f"OLED not answering ({exc}): check its wiring; {I2C_FIX}"
        if message != self.last_error:
            log.warning("%s", message)
        self.last_error = message

    def _shown(self, frame: Image.Image) -> None:
        """Hook for stand-ins that record frames."""

    def close(self) -> None:
        """Release the bus; the panel keeps its last image when ``persist`` is set."""
        try:
            with _quiet_getdata():
                self.device.cleanup()
        except OSError as exc:
            log.warning("closing the %s display: %s", self.kind, exc)


def _dummy_device(size: tuple[int, int] = (WIDTH, HEIGHT)) -> Any:
    from luma.core.device import dummy

    device = dummy(width=size[0], height=size[1], mode="1")
    device.persist = True  # cleanup() must not blank the kept image
    return device


class DummyDisplay(LumaDisplay):
    """luma's dummy device: nothing is drawn anywhere, the last image is kept for tests."""

    def __init__(self, size: tuple[int, int] = (WIDTH, HEIGHT)) -> None:
        super().__init__(_dummy_device(size), "dummy")


class EmulatorDisplay(LumaDisplay):
    """The dummy device plus a PNG per distinct frame and an animated GIF of them on close.

    Args:
        out_dir: folder for ``oled-0001.png``... and ``oled.gif`` (created).
        clock: seconds for the GIF's frame durations; pass the session's clock for replays.
        scale: pixel scale of the PNGs and the GIF.
    """

    def __init__(self, out_dir: Path, clock: Callable[[], float] = time.monotonic,
                 scale: int = PNG_SCALE) -> None:
        super().__init__(_dummy_device(), "emulator")
        self.out_dir = Path(out_dir)
        self.out_dir.mkdir(parents=True, exist_ok=True)
        self.clock = clock
        self.scale = scale
        self.frames: list[tuple[float, Image.Image]] = []
        self.gif_path = self.out_dir / GIF_NAME

    def _shown(self, frame: Image.Image) -> None:
        self.frames.append((self.clock(), frame))
        png = self.out_dir / f"oled-{len(self.frames):04d}.png"
        self._scaled(frame).save(png)

    def _scaled(self, frame: Image.Image) -> Image.Image:
        grey = frame.convert("L")
        return grey.resize((grey.width * self.scale, grey.height * self.scale),
                           Image.Resampling.NEAREST)

    def gif_durations(self) -> list[int]:
        """Milliseconds each frame stays on screen (clamped; the last one holds 3 s)."""
        times = [t for t, _ in self.frames]
        gaps = [round((b - a) * 1000) for a, b in itertools.pairwise(times)]
        return [min(max(g, GIF_MIN_MS), GIF_MAX_MS) for g in gaps] + [GIF_LAST_MS]

    def write_gif(self) -> Path | None:
        """Write ``oled.gif`` of every distinct frame so far; None when nothing was shown."""
        if not self.frames:
            log.info("emulator: no frame shown, no %s written", GIF_NAME)
            return None
        images = [self._scaled(frame) for _, frame in self.frames]
        images[0].save(self.gif_path, save_all=True, append_images=images[1:],
                       duration=self.gif_durations(), loop=0)
        return self.gif_path

    def close(self) -> None:
        """Write the GIF, then release the device."""
        self.write_gif()
        super().close()


BLOCKS_UNICODE = {(True, True): "\u2588", (True, False): "\u2580",
                  (False, True): "\u2584", (False, False): " "}
BLOCKS_ASCII = {(True, True): "#", (True, False): "\"", (False, True): ",",
                (False, False): " "}


def _blocks_for(stream: TextIO) -> dict[tuple[bool, bool], str]:
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        "".join(BLOCKS_UNICODE.values()).encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return BLOCKS_ASCII
    return BLOCKS_UNICODE


def image_to_blocks(image: Image.Image, blocks: dict[tuple[bool, bool], str] = BLOCKS_UNICODE
                    ) -> list[str]:
    """Draw a 1-bit image as text, two pixel rows per line (upper/lower half blocks)."""
    lit = np.asarray(image.convert("L")) >= 128
    if lit.shape[0] % 2:
        lit = np.vstack([lit, np.zeros((1, lit.shape[1]), dtype=bool)])
    return ["".join(blocks[(bool(top), bool(bottom))] for top, bottom in zip(upper, lower,
                                                                             strict=True))
            for upper, lower in zip(lit[0::2], lit[1::2], strict=True)]


class TextDisplay(LumaDisplay):
    """The dummy device plus each distinct frame drawn with block characters to a text stream."""

    def __init__(self, stream: TextIO | None = None) -> None:
        super().__init__(_dummy_device(), "text")
        self.stream = stream if stream is not None else sys.stdout
        self.blocks = _blocks_for(self.stream)

    def _shown(self, frame: Image.Image) -> None:
        border = "+" + "-" * self.size[0] + "+"
        lines = [border] + [f"|{row}|" for row in image_to_blocks(frame, self.blocks)] + [border]
        self.stream.write("\n".join(lines) + "\n")
        self.stream.flush()


def _open_i2c(port: int, address: int, bus: Any = None) -> Any:
    """luma's I2C interface on /dev/i2c-<port> (or on ``bus``, an smbus-like stand-in).

    Raises:
        DisplayNotFoundError / DisplayError: the bus is missing or not permitted.
    """
    from luma.core import error as luma_error
    from luma.core.interface.serial import i2c

    where = f"I2C bus {port} (/dev/i2c-{port})"
    try:
        return i2c(bus=bus, port=port, address=address)
    except luma_error.DevicePermissionError as exc:
        raise DisplayError(f"no permission for {where}: add the user to the i2c group "
                           f"(`sudo usermod -aG i2c $USER`, then log in again)") from exc
    except (luma_error.Error, OSError) as exc:
        raise DisplayNotFoundError(f"no {where} ({exc}): {I2C_FIX}") from exc


def open_oled(kind: str, *, port: int = I2C_PORT, address: int = I2C_ADDRESS,
              serial_interface: Any = None, i2c_bus: Any = None, rotate: int = 0
              ) -> LumaDisplay:
    """Open the real SSD1306 or SH1106 panel (128x64) with ``persist=True``.

    Args:
        kind: "ssd1306" or "sh1106".
        port, address: the I2C bus and the panel's address.
        serial_interface: a luma serial interface; None opens luma's ``i2c(port, address)``.
        i2c_bus: an smbus-like object for luma's i2c instead of /dev/i2c-<port> (tests).
        rotate: luma rotation 0-3 (2 = panel mounted upside down).

    Raises:
        DisplayNotFoundError / DisplayError: the bus or panel is missing or not permitted.
        ValueError: rotate is not 0-3.
    """
    from luma.core import error as luma_error
    from luma.oled import device as oled

    if rotate not in ROTATIONS:
        raise ValueError(f"display rotate must be 0, 1, 2 or 3 quarter turns, got {rotate!r}")
    driver = {"ssd1306": oled.ssd1306, "sh1106": oled.sh1106}[kind]
    serial = serial_interface or _open_i2c(port, address, i2c_bus)

    def make() -> Any:
        with _quiet_getdata():
            device = driver(serial, width=WIDTH, height=HEIGHT, rotate=rotate)
        device.persist = True  # a crash must not blank the last message
        return device

    try:
        device = make()
    except (luma_error.Error, OSError) as exc:
        if serial_interface is None:
            serial.cleanup()  # the bus we opened: a headless retry opens it again
        raise DisplayNotFoundError(
            f"no {kind} OLED answers on I2C bus {port} at address {address:#04x} ({exc}): "
            f"check SDA/SCL/3V3/GND and the address (0x3c or 0x3d); {I2C_FIX}") from exc
    return LumaDisplay(device, kind, remake=make)


def _auto_driver(env: Mapping[str, str]) -> str:
    driver = env.get(OLED_ENV, "ssd1306").strip().lower()
    if driver not in ("ssd1306", "sh1106"):
        raise UnknownBackendError(f"{OLED_ENV}={driver!r}: use ssd1306 or sh1106")
    return driver


def _open_auto(out_dir: Path | None, clock: Callable[[], float],
               oled_options: dict[str, Any]) -> LumaDisplay:
    if i2c_bus_present():
        return open_oled(_auto_driver(os.environ), **oled_options)
    if must_not_emulate():
        raise DisplayNotFoundError(f"no /dev/i2c-1 for the OLED: {I2C_FIX}")
    log.info("no /dev/i2c-1: emulating the OLED into %s", out_dir or "out/display")
    return EmulatorDisplay(out_dir or Path("out/display"), clock)


def open_display(kind: str, out_dir: Path | None = None, text_stream: TextIO | None = None,
                 *, clock: Callable[[], float] = time.monotonic, **oled_options: Any
                 ) -> LumaDisplay:
    """Open a display backend by name.

    Args:
        kind: "ssd1306", "sh1106" (real panel over I2C), "dummy" (keeps ``last_image``),
            "emulator" (PNGs + ``oled.gif`` in out_dir), "text" (block characters to
            text_stream, default stdout), or "auto" (the panel named by $DICEKEEPER_OLED,
            default ssd1306, if /dev/i2c-1 exists, else the emulator; on a Pi under systemd a
            missing bus is an error, not an emulator).
        out_dir: folder for the emulator's files (default ``out/display``).
        text_stream: stream for "text".
        clock: time source for the emulator's GIF frame durations.
        **oled_options: port, address, serial_interface, rotate for the real panels.

    Raises:
        UnknownBackendError: kind is not one of the names above.
        DisplayError: the real panel cannot be opened (message names the fix).
    """
    name = kind.strip().lower()
    if name in ("ssd1306", "sh1106"):
        return open_oled(name, **oled_options)
    if name == "dummy":
        return DummyDisplay()
    if name == "emulator":
        return EmulatorDisplay(out_dir or Path("out/display"), clock)
    if name == "text":
        return TextDisplay(text_stream)
    if name == "auto":
        return _open_auto(out_dir, clock, oled_options)
    raise UnknownBackendError(f"unknown display {kind!r}: use one of {', '.join(KINDS)}")


class HeadlessDisplay:
    """No panel answered at start: the game goes on without a screen (logged), the last screen
    is kept, and the panel is tried again every ``retry_s`` seconds; once it answers, every
    screen goes to it.

    Attributes:
        panel: the panel once it answered, else None.
        fault: why there is no screen, or None once the panel answers.
    """

    def __init__(self, opener: Callable[[], LumaDisplay], reason: str, *,
                 retry_s: float = RETRY_S, clock: Callable[[], float] = time.monotonic) -> None:
        self.size: tuple[int, int] = (WIDTH, HEIGHT)
        self.panel: LumaDisplay | None = None
        self.fault: str | None = f"no OLED, running headless: {reason}"
        self.last_image: Image.Image | None = None
        self._opener, self.retry_s, self._clock = opener, retry_s, clock
        self._next_try = clock() + retry_s
        self._contrast: int | None = None  # None: the panel's own
        log.warning("%s (trying the panel again every %.0f s)", self.fault, retry_s)

    def show(self, image: Image.Image) -> None:
        """Keep ``image``; show it on the panel once the panel answers."""
        self.last_image = image
        if self.panel is None:
            self._try_panel()
        if self.panel is not None:
            self.panel.show(image)

    def _try_panel(self) -> None:
        now = self._clock()
        if now < self._next_try:
            return
        self._next_try = now + self.retry_s
        try:
            self.panel = self._opener()
        except DisplayError as exc:
            log.debug("OLED still missing: %s", exc)
            return
        self.fault = None
        log.info("OLED answers now: showing the screen on it")
        if self._contrast is not None:
            self.panel.contrast(self._contrast)  # the guard dimmed it while headless

    def contrast(self, level: int | None) -> None:
        """The panel's contrast: set now if it answers, else once it does."""
        self._contrast = level
        if self.panel is not None:
            self.panel.contrast(level)

    def close(self) -> None:
        """Release the panel, if it ever answered."""
        if self.panel is not None:
            self.panel.close()


PANELS = ("ssd1306", "sh1106", "auto")


def open_display_or_headless(kind: str, out_dir: Path | None = None, *,
                             clock: Callable[[], float] = time.monotonic,
                             retry_s: float = RETRY_S,
                             retry_clock: Callable[[], float] = time.monotonic,
                             **oled_options: Any) -> LumaDisplay | HeadlessDisplay:
    """``open_display``, except that a panel missing at start gives a ``HeadlessDisplay``.

    The game must not wait for a screen: a missing or unwired OLED (or I2C not enabled) is
    logged with its fix and the panel is tried again every ``retry_s`` seconds.

    Raises:
        UnknownBackendError: unknown kind. ValueError: a bad option (rotate).
    """
    def opener() -> LumaDisplay:
        return open_display(kind, out_dir, clock=clock, **oled_options)

    try:
        return opener()
    except DisplayError as exc:
        if kind.strip().lower() not in PANELS:
            raise
        return HeadlessDisplay(opener, str(exc), retry_s=retry_s, clock=retry_clock)


@functools.cache
def _banner_font() -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=BANNER_FONT_PX)


def with_banner(image: Image.Image, text: str) -> Image.Image:
    """``image`` with a lit band across its top holding ``text`` (cut to fit) in dark letters."""
    out = image.convert("1")
    draw = ImageDraw.Draw(out)
    draw.rectangle((0, 0, out.width - 1, BANNER_PX - 1), fill=1)
    font = _banner_font()
    while text and draw.textlength(text, font=font) > out.width - 4:
        text = text[:-1]
    draw.text((2, 0), text, font=font, fill=0)
    return out


class Annunciator:
    """A display that draws the first current fault of the other backends (``faults()``,
    e.g. "button C stuck down") on a band over the top of every screen, until it clears.

    Attributes:
        shown: the fault on the screen now, or None.
    """

    def __init__(self, display: Any, faults: Callable[[], Sequence[str | None]]) -> None:
        self.display = display
        self.size: tuple[int, int] = (int(display.size[0]), int(display.size[1]))
        self._faults = faults
        self.shown: str | None = None

    def show(self, image: Image.Image) -> None:
        """Show ``image``, with the band when a backend has a fault."""
        current = next((f for f in self._faults() if f), None)
        if current != self.shown:
            log.log(logging.WARNING if current else logging.INFO, "on the screen: %s",
                    current or "fault cleared")
        self.shown = current
        self.display.show(with_banner(image, current) if current else image)

    def contrast(self, level: int | None) -> None:
        """Set the wrapped display's contrast (when it has one; None: the panel's own)."""
        setter = getattr(self.display, "contrast", None)
        if setter is not None:
            setter(level)

    @property
    def fault(self) -> str | None:
        """The wrapped display's own fault (headless, I2C error)."""
        return getattr(self.display, "fault", None)

    def close(self) -> None:
        """Close the wrapped display."""
        self.display.close()
