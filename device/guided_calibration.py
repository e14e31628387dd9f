"""The calibration guided on the OLED, with the buttons only (B next, C back).

Four steps, each fed the camera's frames as they come:

1. **board**: lay the board under the camera; the screen counts the corner markers found
   ("markers 3/4", the hidden corner named) and B goes on once all four are seen;
2. **colours**: put one item of each colour the game uses on the lettered cells the screen
   shows (``colour_targets``: the layout's palette, so CubeCourier asks for its cubes, 2 1 6
   for its players' dice); each colour says "ok" once the calibration measured it, and B goes
   on once every colour the profile keeps a reference for is measured;
3. **test read**: the board read with the new profile, as the device will read it in a game
   (what each cell holds, sketched, and the dice counted by colour);
4. **saved**: B saved the profile (atomically: a power cut leaves the old file or the new).

The measuring is ``calibration.calibrate.calibrate_frame``, the code ``dicekeeper calibrate``
runs, so the profile is the same file the command writes. C goes back a step (from the first,
it cancels); the player can also leave with a long C.

May import: the standard library, ``calibration``, ``engine`` types, ``vision.board`` and
``device.screens``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from device.screens import Notice
from engine.layout import Layout
from engine.panel import Sketch
from engine.table import Cell, Colour, Item, ItemKind, TableView, ViewStatus
from vision.board.geometry import BoardGeometry
from vision.board.profile import CalibrationProfile

log = logging.getLogger(__name__)

BOARD, COLOURS, TEST, SAVED = "board", "colours", "test read", "saved"
STEPS = (BOARD, COLOURS, TEST, SAVED)
LETTERS = {Colour.WHITE: "W", Colour.RED: "R", Colour.BLACK: "K", Colour.BLUE: "B",
           Colour.GREEN: "G"}
CORNERS = {0: "NW", 1: "NE", 2: "SE", 3: "SW"}


@dataclass(frozen=True)
class ColourTarget:
    """One colour to show the camera: an item of ``kind`` and ``colour`` on ``cell``."""

    colour: Colour
    kind: ItemKind
    cell: Cell

    @property
    def letter(self) -> str:
        return LETTERS.get(self.colour, "?")

    def label(self) -> str:
        """``white die``, ``black cube``."""
        return f"{self.colour.value} {self.kind.value}"


def colour_targets(layout: Layout) -> tuple[ColourTarget, ...]:
    """One target per colour of the layout's palette, each on its own cell: down the diagonal
    from the north-west corner, then on along the rows (a palette longer than the diagonal).
    The items are the layout's own, but for a game written in ink, whose palette is that of
    the dice it rolls."""
    kind = ItemKind.DIE if layout.item_kind is ItemKind.INK else layout.item_kind
    cells = [Cell(i, i) for i in range(min(layout.rows, layout.cols))]
    cells += [Cell(r, c) for r in range(layout.rows) for c in range(layout.cols)
              if Cell(r, c) not in cells]
    return tuple(ColourTarget(colour, kind, cell)
                 for colour, cell in zip(layout.palette, cells, strict=False))


def reference(profile: CalibrationProfile | None, target: ColourTarget) -> bool | None:
    """Whether ``profile`` holds the colour reference of ``target``: True or False (no
    profile: False), or None when profiles keep no reference for that colour (it is read
    without one). A die's is the field ``<colour>_ref``, a cube's an entry of ``cube_refs``."""
    names = {f.name for f in fields(CalibrationProfile)}
    if target.kind is ItemKind.CUBE:
        if "cube_refs" not in names:
            return None
        return target.colour.value in (getattr(profile, "cube_refs", None) or {})
    field_name = f"{target.colour.value}_ref"
    if field_name not in names:
        return None
    return getattr(profile, field_name, None) is not None


Calibrate = Callable[..., Any]       # calibration.calibrate.calibrate_frame
ReaderFor = Callable[[Any], Any]     # profile -> a board reader with ``read(image)``


class GuidedCalibration:
    """The guided calibration of one board (see the module docstring).

    Args:
        title, side: the game's title and the board side, for the screens.
        layout: the game's printed board.
        save_to: where the profile goes (the file ``dicekeeper run`` reads).
        calibrate: ``calibrate_frame(image, geometry, side, created=...)``.
        reader_for: a board reader of this board with a given profile.
        created: the time of the calibration as ISO 8601 text (the device's clock).

    Attributes:
        step: one of ``STEPS``.
        finished: True once saved and acknowledged, or cancelled.
        saved: the profile's path once written.
    """

    def __init__(self, title: str, side: str, layout: Layout, save_to: Path, *,
                 calibrate: Calibrate, reader_for: ReaderFor,
                 created: Callable[[], str]) -> None:
        self.title, self.side, self.save_to = title, side, save_to
        self.geometry = BoardGeometry(layout)
        self.targets = colour_targets(layout)
        self._calibrate, self._reader_for, self._created = calibrate, reader_for, created
        self.step = BOARD
        self.result: Any = None        # the last CalibrationResult
        self.profile: Any = None       # the profile kept at the end of the colours step
        self.view: TableView | None = None
        self.problem = ""              # why the profile could not be saved
        self.finished = False
        self.saved: Path | None = None
        self._reader: Any = None

    # ------------------------------------------------------------------ input

    def frame(self, image: Any) -> None:
        """One camera frame: measured in the board and colours steps, read in the test."""
        if self.step in (BOARD, COLOURS):
            self.result = self._calibrate(image, self.geometry, self.side,
                                          created=self._created())
        elif self.step == TEST and self._reader is not None:
            self.view = self._reader.read(image)

    def press(self, name: str) -> None:
        """B: the next step, when this one is done; C: the step before (cancel from the
        first); A: nothing."""
        if name == "C":
            self._back()
        elif name == "B":
            self._next()

    def _back(self) -> None:
        if self.step == BOARD or self.step == SAVED:
            self.finished = True
        else:
            self.step = STEPS[STEPS.index(self.step) - 1]
            self.problem = ""

    def _next(self) -> None:
        if self.step == BOARD and self.markers_found() == len(CORNERS):
            self.step = COLOURS
        elif self.step == COLOURS and self.result is not None and not self.colours_missing():
            self.profile = self.result.profile
            self._reader, self.view = self._reader_for(self.profile), None
            self.step = TEST
        elif self.step == TEST:
            self._save()
        elif self.step == SAVED:
            self.finished = True

    def _save(self) -> None:
        from vision.errors import ProfileError

        try:
            self.profile.save(self.save_to)
        except ProfileError as exc:
            self.problem = str(exc)
            log.error("guided calibration: %s", exc)
            return
        self.saved, self.step, self.problem = self.save_to, SAVED, ""
        log.info("guided calibration of the %s board saved to %s", self.geometry.name,
                 self.save_to)

    # ------------------------------------------------------------------ what is known

    def markers_found(self) -> int:
        """How many corner markers the last frame showed (0 before a frame)."""
        if self.result is None or getattr(self.result, "profile", None) is None:
            return 0
        return len(CORNERS) - len(self.result.missing)

    def colours_missing(self) -> list[ColourTarget]:
        """The targets whose colour the last measurement lacks (those it keeps)."""
        profile = getattr(self.result, "profile", None)
        return [t for t in self.targets if reference(profile, t) is False]

    # ------------------------------------------------------------------ screens

    def screen(self) -> Notice:
        """What the OLED shows now."""
        number = f"{STEPS.index(self.step) + 1}/{len(STEPS)}"
        if self.step == BOARD:
            return self._board_screen(number)
        if self.step == COLOURS:
            return self._colours_screen(number)
        if self.step == TEST:
            return self._test_screen(number)
        return Notice(f"{number} saved: ready", (f"{self.title} board calibrated",
                                                 f"profile {self.save_to.name} saved"),
                      "B done")

    def _board_screen(self, number: str) -> Notice:
        title = f"{number} lay the board"
        found = self.markers_found()
        if self.result is None:
            return Notice(title, (f"{self.title} ({self.side}) under the camera",
                                  "looking for it..."), "C cancel")
        if found == len(CORNERS):
            return Notice(title, ("markers found 4/4", "keep the board still"),
                          "B next   C cancel")
        hidden = " ".join(CORNERS.get(m, "?") for m in self.result.missing)
        return Notice(title, (f"markers found {found}/4", f"not seen: {hidden}",
                              "show all four corners"), "C cancel")

    def _colours_screen(self, number: str) -> Notice:
        profile = getattr(self.result, "profile", None)
        marks = []
        for target in self.targets:
            state = {True: "ok", False: "-", None: "(by hue)"}[reference(profile, target)]
            marks.append(f"{target.letter} {target.label()} {state}")
        lines = marks if len(marks) <= 3 else ["  ".join(m.split()[0] + " " + m.split()[-1]
                                                         for m in marks)]
        if self.markers_found() < len(CORNERS):
            lines = ["board not in view", *lines]
        sketch = Sketch(_rows(self.geometry.rows, self.geometry.cols,
                              {t.cell: t.letter for t in self.targets}),
                        frozenset((t.cell.r, t.cell.c) for t in self.targets))
        hint = "C back" if self.colours_missing() or profile is None else "B next   C back"
        return Notice(f"{number} show the colours", tuple(lines), hint, sketch=sketch)

    def _test_screen(self, number: str) -> Notice:
        title = f"{number} test read"
        if self.problem:
            return Notice(title, ("cannot save:", self.problem), "B again   C back")
        view = self.view
        if view is None:
            return Notice(title, ("reading the board...",), "C back")
        if view.status not in (ViewStatus.SETTLED, ViewStatus.MOVING):
            return Notice(title, (view.note or view.status.value,), "B save   C back")
        return Notice(title, tuple(_seen_lines(view)), "B save   C back",
                      sketch=_view_sketch(view))


def _rows(rows: int, cols: int, chars: dict[Cell, str]) -> tuple[str, ...]:
    return tuple("".join(chars.get(Cell(r, c), ".") for c in range(cols)) for r in range(rows))


def _item_char(item: Item) -> str:
    if item.kind is ItemKind.DIE and item.face is not None:
        return str(item.face)[-1]
    if item.kind is ItemKind.DIE:
        return "?"
    return LETTERS.get(item.colour, "?")


def _view_sketch(view: TableView) -> Sketch:
    """What each cell holds (a die's face, a cube's colour letter, ? unread); cells of items
    that are not white are lit."""
    chars = {Cell(r, c): _item_char(item) for r, row in enumerate(view.grid)
             for c, item in enumerate(row) if item is not None}
    marked = frozenset((r, c) for r, row in enumerate(view.grid) for c, item in enumerate(row)
                       if item is not None and item.colour is not Colour.WHITE)
    return Sketch(_rows(view.rows, view.cols, chars), marked)


def _seen_lines(view: TableView) -> list[str]:
    items = view.dice()
    counts: dict[str, int] = {}
    for item in items:
        key = LETTERS.get(item.colour, "?")
        counts[key] = counts.get(key, 0) + 1
    unread = sum(1 for item in items if item.kind is ItemKind.DIE and item.face is None)
    lines = [f"seen: {len(items)}", " ".join(f"{k} {n}" for k, n in counts.items())]
    return lines + ([f"{unread} unread"] if unread else [])


def for_board(game: str, side: str, save_to: Path) -> GuidedCalibration:
    """The guided calibration of ``game``'s ``side`` board with the device's own parts: the
    board file's layout, ``calibrate_frame`` and a ``BoardReader`` for the test read.

    Raises:
        UnknownGameError / BoardFileError: the game or its board file cannot be read.
    """
    from datetime import UTC, datetime

    from calibration.board_files import load_layout
    from calibration.calibrate import calibrate_frame
    from engine.games import find_game
    from vision.board import BoardReader

    layout = load_layout(game, side)
    geometry = BoardGeometry(layout)
    return GuidedCalibration(
        find_game(game).info.title, side, layout, save_to, calibrate=calibrate_frame,
        reader_for=lambda profile: BoardReader(geometry, profile=profile),
        created=lambda: datetime.now(UTC).isoformat(timespec="seconds"))
