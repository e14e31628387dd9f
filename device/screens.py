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

from engine.panel import GridEntry, Sketch, Step, Walk
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
    a status line and the last warning. Under a clock, the game's first line (``lines``: the
    queue, the effect to apply) stands above the status while no warning takes the room."""

    title: str
    remaining_s: float | None
    moves: int
    status: str = ""
    warning_code: str | None = None
    warning_message: str = ""
    timer_running: bool = False
    counter: str = "M"
    to_move: int | None = None
    last_move: str | None = None
    lines: tuple[str, ...] = ()
    sketch: Sketch | None = None
    turn: str = ""


@dataclass(frozen=True)
class Result:
    """The end of a game: success or failure, time left and score; for a multi-player game
    the winner, how the game ended and the board sketch; a page of the game's tally."""

    outcome: str
    remaining_s: float | None
    score: int | None
    summary: str
    reason: str = ""
    winner: int | None = None
    sketch: Sketch | None = None
    page: tuple[str, ...] = ()
    headline: str = ""


@dataclass(frozen=True)
class GridCursor:
    """A move entered on the board's grid (``engine.panel.GridEntry``): the grid drawn from
    the game's sketch with a cursor on a cell (A moves it, B chooses the cell), then the value
    (A the next one, B enters the move; C goes back a step).

    Attributes:
        title: the entry's label ("place A's die").
        sketch: the board; ``cell`` the cursor's cell; ``value`` the value shown, None while
            the cell is chosen.
    """

    title: str
    sketch: Sketch
    cell: tuple[int, int]
    value: str | None = None


@dataclass(frozen=True)
class WalkChoice:
    """A move entered by walking the legal ones (``engine.panel.Walk``): the board's sketch
    with the shown choice's cells lit, the steps taken so far, the choice shown and where it
    stands among the choices (A the next one, B takes it, C goes back a step).

    Attributes:
        title: the walk's label ("write or pass").
        sketch: the board, ``marked`` the cells the shown choice lights.
        taken: the labels of the steps taken ("write 5").
        choice: the label of the choice shown; ``index``/``count`` its place among them.
    """

    title: str
    sketch: Sketch
    taken: tuple[str, ...]
    choice: str
    index: int
    count: int


@dataclass(frozen=True)
class Message:
    """A few centred lines ("camera lost — check cable")."""

    lines: tuple[str, ...]


@dataclass(frozen=True)
class Notice:
    """A titled screen of a few lines with what the buttons do now ("B calibrate  C later"):
    a fault found at start, a step of the guided calibration, a question before shutting down.

    Attributes:
        title: on the lit band at the top.
        lines: what is wrong or what to do, wrapped in small text.
        hint: the buttons' meaning, on the bottom line.
        sketch: a small picture of the board on the right (the cells to put dice on).
        progress: 0..1 for a bar over the hint (how long a button has been held), or None.
    """

    title: str
    lines: tuple[str, ...] = ()
    hint: str = ""
    sketch: Sketch | None = None
    progress: float | None = None


Screen = Greeting | Menu | Game | Result | GridCursor | WalkChoice | Message | Notice


def clock_text(seconds: float) -> str:
    """Format a countdown as ``m:ss`` (whole seconds, rounded down, never negative)."""
    whole = max(0, math.floor(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


def game_screen(summary: Summary, page: int = 0) -> Game | Result:
    """Build the screen model of a session's summary (pure).

    Args:
        summary: ``engine.session.Session.summary_view(now)``.
        page: once the game is over, which of the game's tally pages to show (0: the result,
            1..n the panel's pages, wrapping round).

    Returns:
        ``Result`` once the session has an outcome, else ``Game``.
    """
    panel = summary.panel
    if summary.outcome is not None:
        pages = panel.pages
        shown = pages[(page - 1) % len(pages)] if page and pages else ()
        return Result(outcome=str(summary.outcome.result), remaining_s=summary.remaining,
                      score=summary.score, summary=summary.line,
                      reason=str(summary.outcome.reason), winner=summary.outcome.winner,
                      sketch=panel.sketch, page=shown, headline=panel.headline)
    code, message = summary.warning if summary.warning else (None, "")
    return Game(title=summary.heading, remaining_s=summary.remaining,
                moves=summary.moves, counter=summary.counter, status=summary.status,
                warning_code=code, warning_message=message,
                timer_running=summary.clock_running, to_move=summary.to_move,
                last_move=summary.last_move, lines=panel.lines, sketch=panel.sketch,
                turn=panel.turn)


def cursor_screen(entry: GridEntry, sketch: Sketch, index: int,
                  value: int | None = None) -> GridCursor:
    """The cursor screen of a grid entry: the cursor on ``entry.cells[index]``, and while a
    value is chosen ``entry.values[value]`` (indices wrap round)."""
    cell = entry.cells[index % len(entry.cells)]
    shown = None if value is None else entry.values[value % len(entry.values)]
    return GridCursor(entry.label, sketch, cell, shown)


def walk_screen(walk: Walk, sketch: Sketch, taken: tuple[Step, ...], index: int) -> WalkChoice:
    """The screen of a walk after the steps ``taken``, showing choice ``index`` (wrapping
    round) with its cells lit on the sketch."""
    choices = walk.choices(taken)
    shown = choices[index % len(choices)]
    return WalkChoice(walk.label, Sketch(sketch.rows, shown.cells),
                      tuple(s.label for s in taken), shown.label, index % len(choices),
                      len(choices))


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
    if model.remaining_s is not None:
        _render_clock(draw, model)
    else:
        _render_turn(draw, model)
    status_top, band_top = 39, HEIGHT
    warned = bool(model.warning_code or model.warning_message)
    clocked = model.remaining_s is not None
    fact = model.lines[0] if clocked and model.lines and not warned else ""
    if warned:
        lines, wsize = _warning_lines(model)
        band_top = HEIGHT - len(lines) * (wsize + 2) - 1
        _band(draw, band_top, lines, wsize)
    if fact:  # the game's first line under the clock, the status below it
        _centred(draw, status_top, fact, SMALL)
        status_top += SMALL + 2
    if model.status and band_top > status_top + SMALL:
        _status(draw, status_top, model.status, two_lines=not warned and not fact)


def _render_clock(draw: ImageDraw.ImageDraw, model: Game) -> None:
    """The big countdown, with a small square when it is not counting."""
    clock = clock_text(model.remaining_s or 0.0)
    left, right = _ink(clock, CLOCK)
    _text(draw, ((WIDTH - left - right) // 2, 4), clock, CLOCK)
    if not model.timer_running:   # a small square: the clock is not counting
        draw.rectangle((WIDTH - 8, 22, WIDTH - 3, 27), outline=1)


def _render_turn(draw: ImageDraw.ImageDraw, model: Game) -> None:
    """A game without a clock: whose turn, the last move and the game's first line on the
    left, the board's sketch on the right, the game's further lines below them. A game that
    words the turn itself ("B rolled 3") says in its lines what else to show ("last A5@r2c3")."""
    width = WIDTH - (_sketch_width(model.sketch) + 4 if model.sketch else 0)
    turn = f"P{model.to_move} to move" if model.to_move is not None else "playing"
    text, size = _fit(model.turn or turn, width - 2, 16)
    _text(draw, (0, 12), text, size)
    facts = ([f"last {model.last_move}"] if model.last_move and not model.turn else [])
    facts += list(model.lines)
    if facts:
        _text(draw, (0, 29), *_fit(facts[0], width - 2, 9))
    if model.sketch is not None:
        _draw_sketch(draw, model.sketch, WIDTH - _sketch_width(model.sketch), 12, 27)
    _more_facts(draw, model, facts[1:])


def _more_facts(draw: ImageDraw.ImageDraw, model: Game, facts: list[str]) -> None:
    """The game's further lines under the first one, the screen's full width (below the
    sketch), while no status line takes their place and above the warning band."""
    if model.status or not facts:
        return
    bottom = HEIGHT
    if model.warning_code or model.warning_message:
        lines, size = _warning_lines(model)
        bottom = HEIGHT - len(lines) * (size + 2) - 1
    for i, fact in enumerate(facts):
        top = _FACTS_TOP + i * _FACT_STEP
        if top + _FACT_STEP - 1 > bottom:
            return
        _text(draw, (0, top), *_fit(fact, WIDTH - 2, 9))


_FACTS_TOP, _FACT_STEP = 39, 10  # the second fact's line, and the lines' pitch


_LETTER_CELL = 9    # the smallest sketch cell a letter is drawn in
_MIN_CELL = 3       # a sketch's cells are never smaller (a 12 x 12 grid in 36 px)


def _sketch_width(sketch: Sketch | None, height: int = 27) -> int:
    if sketch is None or not sketch.rows:
        return 0
    return _sketch_cell(sketch, height) * max(len(row) for row in sketch.rows)


def _sketch_cell(sketch: Sketch, height: int) -> int:
    """The side of a sketch's cell: the height shared by its rows, 5 px at least where that
    fits (as drawn for grids of up to five rows), else 3 px."""
    cell = height // len(sketch.rows)
    return cell if cell >= 5 else max(_MIN_CELL, min(5, cell))


def _draw_sketch(draw: ImageDraw.ImageDraw, sketch: Sketch, left: int, top: int,
                 height: int) -> None:
    """The board in ``height`` pixels: a letter per cell, marked cells lit (inverted). Cells
    too small for a letter show a filled square for a filled cell, a hollow one when marked."""
    if not sketch.rows:
        return
    cell = _sketch_cell(sketch, height)
    if cell < _LETTER_CELL:
        _draw_small_sketch(draw, sketch, left, top, cell)
        return
    size = max(_MIN_SIZE, cell - 1)
    for r, row in enumerate(sketch.rows):
        for c, char in enumerate(row):
            x, y = left + c * cell, top + r * cell
            marked = (r, c) in sketch.marked
            draw.rectangle((x, y, x + cell - 1, y + cell - 1), outline=1, fill=1 if marked else 0)
            if char != ".":
                lo, hi = _ink(char, size)
                _text(draw, (x + (cell - lo - hi) // 2, y - 1), char, size, fill=0 if marked else 1)


def _draw_small_sketch(draw: ImageDraw.ImageDraw, sketch: Sketch, left: int, top: int,
                       cell: int) -> None:
    """A sketch whose cells are too small for letters: a frame round the grid, a filled
    square in each filled cell, a hollow one in a marked cell (filled or not), a dot in an
    empty one where cells are 5 px or more (so a cursor's place can be counted)."""
    cols = max(len(row) for row in sketch.rows)
    draw.rectangle((left - 1, top - 1, left + cols * cell, top + len(sketch.rows) * cell),
                   outline=1)
    for r, row in enumerate(sketch.rows):
        for c, char in enumerate(row):
            x, y = left + c * cell, top + r * cell
            box = (x, y, x + cell - 2, y + cell - 2)
            if (r, c) in sketch.marked:
                draw.rectangle(box, outline=1, fill=0)
            elif char != ".":
                draw.rectangle(box, fill=1)
            elif cell >= 5:
                draw.point((x + (cell - 2) // 2, y + (cell - 2) // 2), fill=1)


def _render_cursor(draw: ImageDraw.ImageDraw, model: GridCursor) -> None:
    """The grid as tall as the screen on the left, the cursor's cell framed (and lit while
    the cell is chosen); on the right the entry's label, the cell, the value and the keys."""
    rows = len(model.sketch.rows) or 1
    cell = max(_MIN_CELL, (HEIGHT - 4) // rows)
    _draw_sketch(draw, model.sketch, 2, 2, cell * rows)
    r, c = model.cell
    x, y = 2 + c * cell, 2 + r * cell
    draw.rectangle((x - 2, y - 2, x + cell + 1, y + cell + 1), outline=1)
    if model.value is None:
        draw.rectangle((x, y, x + cell - 2, y + cell - 2), fill=1)
    left = 2 + cell * max(len(row) for row in model.sketch.rows) + 6
    width = WIDTH - left
    for i, line in enumerate(_wrap(model.title, width, 9)[:2]):
        _text(draw, (left, i * 11), _fit(line, width, 9)[0], 9)
    _text(draw, (left, 23), *_fit(f"r{r}c{c}", width, 12))
    if model.value is not None:
        _text(draw, (left, 37), *_fit(f"= {model.value}", width, 12))
    _text(draw, (left, 53), _fit("A next B ok", width, 8)[0], 8)


def _render_walk(draw: ImageDraw.ImageDraw, model: WalkChoice) -> None:
    """The grid as tall as the screen on the left, the shown choice's cells lit; on the
    right the walk's label (or the last step taken), the choice shown, its place among the
    choices and the keys."""
    rows = len(model.sketch.rows) or 1
    cell = max(_MIN_CELL, (HEIGHT - 4) // rows)
    _draw_sketch(draw, model.sketch, 2, 2, cell * rows)
    left = 2 + cell * max((len(row) for row in model.sketch.rows), default=1) + 5
    width = WIDTH - left
    head = model.taken[-1] if model.taken else model.title
    _text(draw, (left, 0), _fit(head, width, 9)[0], 9)
    for i, line in enumerate(_wrap(model.choice, width, 11)[:2]):
        _text(draw, (left, 14 + i * 13), *_fit(line, width, 11))
    _text(draw, (left, 41), _fit(f"{model.index + 1}/{model.count}", width, 9)[0], 9)
    _text(draw, (left, 53), _fit("A next B ok", width, 8)[0], 8)


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
    if model.page:
        _render_page(draw, model.page)
        return
    if model.remaining_s is None:  # a game without a clock: who won, how, and the board
        _render_contest(draw, model)
        return
    _centred(draw, 0, model.outcome.capitalize(), 20)
    if model.outcome == "success":
        _centred(draw, 25, f"{clock_text(model.remaining_s)} left", 12)
    else:
        _centred(draw, 25, model.reason, 12)
    score = "-" if model.score is None else str(model.score)
    _centred(draw, 42, f"score {score}", 16)


def _render_contest(draw: ImageDraw.ImageDraw, model: Result) -> None:
    width = WIDTH - (_sketch_width(model.sketch, 30) + 4 if model.sketch else 0)
    fallback = (f"P{model.winner} wins" if model.winner is not None
                else model.outcome.capitalize())
    headline = model.headline or fallback
    text, size = _fit(headline, width - 2, 18)
    _text(draw, (0, 0), text, size)
    how = model.summary.split(": ", 1)[-1]
    if model.winner is not None:
        how = how.removeprefix(f"player {model.winner} wins ")
    for i, line in enumerate(_wrap(how, width - 2, 9)[:3]):
        _text(draw, (0, 24 + i * 12), _fit(line, width - 2, 9)[0], 9)
    if model.sketch is not None:
        _draw_sketch(draw, model.sketch, WIDTH - _sketch_width(model.sketch, 30), 2, 30)


def _render_page(draw: ImageDraw.ImageDraw, lines: tuple[str, ...]) -> None:
    """A page of the game's tally: up to five lines of small text."""
    for i, line in enumerate(lines[:5]):
        _text(draw, (0, i * 12), _fit(line, WIDTH - 2, 10)[0], 10)


def _render_message(draw: ImageDraw.ImageDraw, model: Message) -> None:
    lines = [w for line in model.lines for w in _wrap(line, WIDTH - 2, 12)][:4]
    top = (HEIGHT - len(lines) * 15) // 2
    for i, line in enumerate(lines):
        _centred(draw, top + i * 15, line, 12)


def _render_notice(draw: ImageDraw.ImageDraw, model: Notice) -> None:
    """Title band, up to four lines of 9 px text (beside the sketch when there is one), the
    hint on the bottom line, and a progress bar above it."""
    draw.rectangle((0, 0, WIDTH - 1, 11), fill=1)
    title, size = _fit(model.title, WIDTH - 4)
    _text(draw, (2, 0), title, size, fill=0)
    sketch_w = _sketch_width(model.sketch, 36) + 3 if model.sketch else 0
    width = WIDTH - 2 - sketch_w
    bottom = HEIGHT - (11 if model.hint else 0) - (4 if model.progress is not None else 0)
    rows = max(1, (bottom - 13) // 11)
    lines = [w for line in model.lines for w in _wrap(line, width, 9)]
    for i, line in enumerate(lines[:rows]):
        _text(draw, (0, 13 + i * 11), _fit(line, width, 9)[0], 9)
    if model.sketch is not None:
        _draw_sketch(draw, model.sketch, WIDTH - sketch_w + 3, 14, 36)
    if model.progress is not None:
        top = HEIGHT - (15 if model.hint else 4)
        draw.rectangle((0, top, WIDTH - 1, top + 2), outline=1)
        draw.rectangle((0, top, round((WIDTH - 1) * min(1.0, max(0.0, model.progress))),
                        top + 2), fill=1)
    if model.hint:
        _centred(draw, HEIGHT - 11, model.hint, 9)


_RENDERERS: dict[type, Callable[[ImageDraw.ImageDraw, Any], None]] = {
    Greeting: _render_greeting,
    Menu: _render_menu,
    Game: _render_game,
    Result: _render_result,
    GridCursor: _render_cursor,
    WalkChoice: _render_walk,
    Message: _render_message,
    Notice: _render_notice,
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
