"""What the 128x64 OLED shows: a screen model (frozen dataclasses) and its rendering.

The model is built by pure functions (``game_screen`` from a session's game-neutral summary,
``engine.session.Summary``) so tests assert on what the player is told rather than on pixels;
``render`` turns a model into a 128x64 mode "1" PIL image using only Pillow's built-in font (no
system fonts needed on a fresh machine).

May import: PIL, the standard library and ``engine`` (its value types).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from engine.session import Summary

WIDTH, HEIGHT = 128, 64
SMALL = 10          # font size of ordinary lines (about 21 characters across)
CLOCK = 28          # font size of the big clock digits
_MIN_SIZE = 8


@dataclass(frozen=True)
class Greeting:
    """Start-up screen: name, version, what to press."""

    version: str


@dataclass(frozen=True)
class Menu:
    """A list to choose from; ``index`` is the highlighted item."""

    title: str
    items: tuple[str, ...]
    index: int = 0


@dataclass(frozen=True)
class Game:
    """A game in progress: the clock, the moves made (under the game's short label, "P 3"),
    a status line and the last warning."""

    title: str
    remaining_s: float
    moves: int
    status: str = ""
    warning_code: str | None = None
    warning_message: str = ""
    timer_running: bool = False
    counter: str = "M"


@dataclass(frozen=True)
class Result:
    """The end of a game: success or failure, time left and score."""

    outcome: str
    remaining_s: float
    score: int | None
    summary: str
    reason: str = ""


@dataclass(frozen=True)
class Message:
    """A few centred lines ("camera lost — check cable")."""

    lines: tuple[str, ...]


Screen = Greeting | Menu | Game | Result | Message


def clock_text(seconds: float) -> str:
    """Format a countdown as ``m:ss`` (whole seconds, rounded down, never negative)."""
    whole = max(0, math.floor(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


def game_title(game: str, side: str) -> str:
    """Short header title, e.g. ``"Unification simple"``."""
    return f"{game.replace('-', ' ').capitalize()} {side}"


def game_screen(summary: Summary) -> Game | Result:
    """Build the screen model of a session's summary (pure).

    Args:
        summary: ``engine.session.Session.summary_view(now)``.

    Returns:
        ``Result`` once the session has an outcome, else ``Game``.
    """
    remaining = summary.remaining if summary.remaining is not None else 0.0
    if summary.outcome is not None:
        return Result(outcome=str(summary.outcome.result), remaining_s=remaining,
                      score=summary.score, summary=summary.line,
                      reason=str(summary.outcome.reason))
    code, message = summary.warning if summary.warning else (None, "")
    return Game(title=game_title(summary.game, summary.side), remaining_s=remaining,
                moves=summary.moves, counter=summary.counter, status=summary.status,
                warning_code=code, warning_message=message,
                timer_running=summary.clock_running)


# --------------------------------------------------------------------------- rendering

@functools.cache
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's built-in scalable font at ``size`` pixels."""
    return ImageFont.load_default(size=size)


# Glyphs the built-in font lacks, replaced by ones it has.
_SUBSTITUTES = str.maketrans({"\u2014": "-", "\u2013": "-", "\u2212": "-"})


def _plain(text: str) -> str:
    return text.translate(_SUBSTITUTES)


# Text is measured as it is drawn on the one-bit OLED image: Pillow renders it there without
# anti-aliasing, hinted for one-bit pixels, and its glyphs come out wider than the default
# (anti-aliased) measure says, by up to a quarter at 8 px. Measured that way, text fitted to
# the screen ran past its right edge ("straighten or reroll a die" lost its last word).
_MODE = "1"


def _width(text: str, size: int) -> int:
    left, _, right, _ = font(size).getbbox(_plain(text), mode=_MODE)
    return int(right - left)


def _ink(text: str, size: int) -> tuple[int, int]:
    """Left and right ink edges of ``text`` drawn at x = 0."""
    left, _, right, _ = font(size).getbbox(_plain(text), mode=_MODE)
    return int(left), int(right)


def _fit(text: str, width: int, size: int = SMALL) -> tuple[str, int]:
    """Shrink the font (down to 8 px), then cut the text with an ellipsis, to fit ``width``."""
    for s in range(size, _MIN_SIZE - 1, -1):
        if _width(text, s) <= width:
            return text, s
    while text and _width(text + "…", _MIN_SIZE) > width:
        text = text[:-1]
    return text + "…", _MIN_SIZE


def _wrap(text: str, width: int, size: int = SMALL) -> list[str]:
    """Greedy word wrap at ``size``; a single over-long word stays on its own line."""
    lines: list[str] = []
    for word in text.split():
        if lines and _width(lines[-1] + " " + word, size) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def _text(draw: ImageDraw.ImageDraw, xy: tuple[int, int], text: str, size: int,
          fill: int = 1) -> None:
    """Draw text whose line box (ascender to descender) starts at ``xy``."""
    draw.text(xy, _plain(text), font=font(size), fill=fill)


def _centred(draw: ImageDraw.ImageDraw, y: int, text: str, size: int, fill: int = 1) -> None:
    text, size = _fit(text, WIDTH - 2, size)
    left, right = _ink(text, size)
    _text(draw, ((WIDTH - left - right) // 2, y), text, size, fill)


def _band(draw: ImageDraw.ImageDraw, top: int, lines: list[str], size: int) -> None:
    """An inverted (lit) band from ``top`` to the bottom edge with dark text lines."""
    draw.rectangle((0, top, WIDTH - 1, HEIGHT - 1), fill=1)
    step = size + 2
    for i, line in enumerate(lines):
        _text(draw, (2, top + i * step), line, size, fill=0)


def _render_greeting(draw: ImageDraw.ImageDraw, model: Greeting) -> None:
    _centred(draw, 2, "Dicekeeper", 18)
    _centred(draw, 26, model.version, SMALL)
    _centred(draw, 44, "press B", 14)


def _render_menu(draw: ImageDraw.ImageDraw, model: Menu) -> None:
    draw.rectangle((0, 0, WIDTH - 1, 11), fill=1)
    title, size = _fit(model.title, WIDTH - 4)
    _text(draw, (2, 0), title, size, fill=0)
    rows = 4
    first = min(max(0, model.index - rows + 1), max(0, len(model.items) - rows))
    for row, i in enumerate(range(first, min(first + rows, len(model.items)))):
        top = 13 + row * 13
        selected = i == model.index
        if selected:
            draw.rectangle((0, top, WIDTH - 1, top + 11), outline=1)
        label, size = _fit(("> " if selected else "  ") + model.items[i], WIDTH - 4)
        _text(draw, (2, top), label, size)


def _warning_lines(model: Game) -> tuple[list[str], int]:
    text = f"{model.warning_code} {model.warning_message}".strip()
    for size in (SMALL, 9, _MIN_SIZE):
        if _width(text, size) <= WIDTH - 4:
            return [text], size
    lines = _wrap(text, WIDTH - 4, 9)
    return [_fit(line, WIDTH - 4, 9)[0] for line in lines[:2]], 9


def _render_game(draw: ImageDraw.ImageDraw, model: Game) -> None:
    moves = f"{model.counter} {model.moves}"
    title, size = _fit(model.title, WIDTH - 8 - _width(moves, SMALL))
    _text(draw, (0, 0), title, size)
    _text(draw, (WIDTH - 2 - _ink(moves, SMALL)[1], 0), moves, SMALL)
    clock = clock_text(model.remaining_s)
    left, right = _ink(clock, CLOCK)
    _text(draw, ((WIDTH - left - right) // 2, 4), clock, CLOCK)
    if not model.timer_running:   # a small square: the clock is not counting
        draw.rectangle((WIDTH - 8, 22, WIDTH - 3, 27), outline=1)
    status_top, band_top = 39, 52
    if model.warning_code or model.warning_message:
        lines, wsize = _warning_lines(model)
        band_top = HEIGHT - len(lines) * (wsize + 2) - 1
        _band(draw, band_top, lines, wsize)
    if model.status and band_top > status_top + SMALL:
        warned = bool(model.warning_code or model.warning_message)
        _status(draw, status_top, model.status, two_lines=not warned)


def _status(draw: ImageDraw.ImageDraw, top: int, text: str, *, two_lines: bool) -> None:
    """The status line, centred. With the bottom of the screen free (no warning band), a
    status too long for one line is wrapped to two lines at 9 px rather than shrunk to 8 px
    and cut ("light changed - recalibrate colours?")."""
    if not two_lines or _width(text, SMALL) <= WIDTH - 2:
        _centred(draw, top, text, SMALL)
        return
    first, *rest = _wrap(text, WIDTH - 2, 9)
    _centred(draw, top, first, 9)
    if rest:
        _centred(draw, top + 12, " ".join(rest), 9)


def _render_result(draw: ImageDraw.ImageDraw, model: Result) -> None:
    _centred(draw, 0, model.outcome.capitalize(), 20)
    if model.outcome == "success":
        _centred(draw, 25, f"{clock_text(model.remaining_s)} left", 12)
    else:
        _centred(draw, 25, model.reason, 12)
    score = "-" if model.score is None else str(model.score)
    _centred(draw, 42, f"score {score}", 16)


def _render_message(draw: ImageDraw.ImageDraw, model: Message) -> None:
    lines = [w for line in model.lines for w in _wrap(line, WIDTH - 2, 12)][:4]
    top = (HEIGHT - len(lines) * 15) // 2
    for i, line in enumerate(lines):
        _centred(draw, top + i * 15, line, 12)


_RENDERERS: dict[type, Callable[[ImageDraw.ImageDraw, Any], None]] = {
    Greeting: _render_greeting,
    Menu: _render_menu,
    Game: _render_game,
    Result: _render_result,
    Message: _render_message,
}


def render(model: Screen) -> Image.Image:
    """Draw a screen model as a 128x64 mode "1" image (1 = lit pixel).

    Raises:
        TypeError: ``model`` is not one of the screen models.
    """
    try:
        draw_model = _RENDERERS[type(model)]
    except KeyError:
        raise TypeError(f"no renderer for {type(model).__name__}: expected one of "
                        f"{', '.join(t.__name__ for t in _RENDERERS)}") from None
    image = Image.new(_MODE, (WIDTH, HEIGHT), 0)
    draw_model(ImageDraw.Draw(image), model)
    return image
