"""Saving the OLED from burn-in: dim and shift the picture when nobody plays, blank it later.

An OLED pixel lit for hours with the same picture wears out unevenly (a ghost of the menu stays
on the panel). ``BurnInGuard`` watches for activity (a button pressed, the table changing) and,
after ``dim_after_s`` without any, lowers the panel's contrast (luma's ``contrast()``, the
SSD1306's 0x81 command) and shifts the drawn picture by one pixel every ``shift_step_s``
around a 3 x 3 square (2 pixels from end to end), so no pixel stays lit in one place; after
``blank_after_s`` the screen goes dark but for a single dot that moves, which says the device is
on. While a game's countdown runs the screen dims and shifts but never goes dark (the player
reads the clock). The next button press or table change brings the full picture back; a press
that only wakes a dark screen does nothing else (nobody acts on a screen they cannot see).

May import: PIL and the standard library.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PIL import Image

log = logging.getLogger(__name__)

# One pixel a step around the centre: every offset is at most one pixel from the picture's own
# place, so nothing at an edge is lost for more than one pixel.
SHIFTS = ((0, 0), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))


@dataclass(frozen=True)
class IdleConfig:
    """When and how the screen rests (``[display]`` of the configuration file).

    Attributes:
        dim_after_s: seconds without activity before dimming and shifting (0: never).
        blank_after_s: seconds without activity before the dark screen with one dot (0: never).
        dim_contrast: the panel's contrast while dimmed (0-255; an SSD1306's own is 207).
        shift_step_s: seconds between two one-pixel shifts while dimmed.
    """

    dim_after_s: float = 120.0
    blank_after_s: float = 600.0
    dim_contrast: int = 16
    shift_step_s: float = 30.0

    def __post_init__(self) -> None:
        if self.dim_after_s < 0 or self.blank_after_s < 0 or self.shift_step_s <= 0:
            raise ValueError("dim_after and blank_after must be 0 (never) or more seconds, "
                             "shift_step_s positive")
        if not 0 <= self.dim_contrast <= 255:
            raise ValueError(f"dim_contrast must be 0-255, got {self.dim_contrast}")


AWAKE, DIM, BLANK = "awake", "dim", "blank"


class BurnInGuard:
    """The idle state of the screen, and the picture and contrast it calls for.

    Args:
        display: anything with ``contrast(level)`` (``device.display`` backends); a display
            without it is only shifted and blanked.
        config: the thresholds.
        now: the monotonic time the device started (counts as activity).
    """

    def __init__(self, display: Any, config: IdleConfig | None = None, now: float = 0.0
                 ) -> None:
        self.display = display
        self.config = config or IdleConfig()
        self._active_at = now
        self._contrast: int | None = None  # the level last sent (None: the panel's own)
        self.mode = AWAKE

    def wake(self, now: float) -> bool:
        """Something happened (a press, the table changed). True when the screen was dark:
        the press that woke it should do nothing else."""
        was_dark = self.mode == BLANK
        self._active_at = now
        if self.mode != AWAKE:
            log.info("screen awake again")
            self._set_mode(AWAKE)
        return was_dark

    def state(self, now: float, keep_lit: bool = False) -> str:
        """``awake``, ``dim`` or ``blank`` at ``now`` (``keep_lit``: never blank)."""
        idle = now - self._active_at
        cfg = self.config
        if cfg.blank_after_s and idle >= cfg.blank_after_s:
            return DIM if keep_lit else BLANK
        if cfg.dim_after_s and idle >= cfg.dim_after_s:
            return DIM
        return AWAKE

    def frame(self, image: Image.Image, now: float, keep_lit: bool = False) -> Image.Image:
        """The picture to send at ``now``: ``image`` itself while awake, shifted while dimmed,
        a single moving dot while blank; sets the panel's contrast when the mode changes."""
        mode = self.state(now, keep_lit)
        if mode != self.mode:
            log.info("screen %s after %.0f s without a press or a table change",
                     "dimmed" if mode == DIM else "dark", now - self._active_at)
            self._set_mode(mode)
        if mode == AWAKE:
            return image
        step = int((now - self._active_at) // self.config.shift_step_s)
        if mode == DIM:
            return shifted(image, SHIFTS[step % len(SHIFTS)])
        return dot(image.size, step)

    def _set_mode(self, mode: str) -> None:
        self.mode = mode
        self._send_contrast(None if mode == AWAKE else self.config.dim_contrast)

    def _send_contrast(self, level: int | None) -> None:
        """``level`` to the display (None: the panel's own), when it differs from the last."""
        setter: Callable[[int | None], object] | None = getattr(self.display, "contrast", None)
        if setter is None or level == self._contrast:
            return
        setter(level)
        self._contrast = level


def shifted(image: Image.Image, offset: tuple[int, int]) -> Image.Image:
    """``image`` moved by ``offset`` pixels (x right, y down) on a dark screen of its size."""
    out = Image.new(image.mode, image.size, 0)
    out.paste(image, offset)
    return out


def dot(size: tuple[int, int], step: int) -> Image.Image:
    """A dark screen with one lit pixel, at a place that moves with ``step`` across it."""
    out = Image.new("1", size, 0)
    width, height = size
    out.putpixel(((7 + 37 * step) % width, (5 + 23 * step) % height), 1)
    return out
