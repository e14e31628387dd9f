"""2 1 6 board data (TS-D1, TS-D2) with the game options (``options``).

A board side is a square grid (4, 6, 8 or 12 cells a side) played with the die the rules give
it (d4, d6, d8, d6), the players' colours, whether the camera can read the values, the paper it
is printed on, and the options. ``load_board`` parses a board-definition dict (read from JSON by
``calibration.board_files``); no I/O here. Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from engine.errors import BoardDataError
from engine.games.two_one_six.options import Options, parse_options
from engine.layout import Layout
from engine.table import Colour

GAME_NAME = "two-one-six"
LETTERS = "ABCD"
"""Player letters in turn order (A plays first, B second, ...)."""

DIE_FOR_SIZE = {4: 4, 6: 6, 8: 8, 12: 6}
"""Grid side -> faces of its die: TS-D1 and TS-O2 (4x4 d4, 8x8 d8), TS-O4 (12x12 d6, AMB-TS4)."""

SHEET_MM = {"A4": 190.0, "A3": 280.0}
"""Paper -> the biggest square board printed on it."""

DEFAULT_COLOURS = (Colour.WHITE, Colour.RED, Colour.BLACK, Colour.BLUE)
"""Dice colours of A, B, C, D unless the board file says otherwise."""

FILE_KEYS = ("game", "side", "title", "comment", "grid", "die", "colours",
             "camera_reads_values", "sheet", "layout", "options")



@dataclass(frozen=True)
class Board:
    """One side of the 2 1 6 board with its options.

    Attributes:
        side: side name ("6x6", "4x4", "8x8", "12x12" or a user's own).
        size: cells per row and per column (TS-D1).
        faces: faces of the die (4, 6 or 8).
        colours: dice colours of A, B, C, D (the first ``players`` are in play).
        options: see ``Options``.
        reads_values: the camera reads the dice's values; when False (d4, d8, pen on paper)
            the players enter each value with the buttons and the camera checks the rest.
        sheet: the paper the board is printed on ("A4" or "A3").
        title: human name of the side.
        layout: the printed board (``two_one_six.layout``), set when loaded from a file.
    """

    side: str
    size: int
    faces: int
    colours: tuple[Colour, ...] = DEFAULT_COLOURS
    options: Options = field(default_factory=Options)
    reads_values: bool = True
    sheet: str = "A4"
    title: str = ""
    layout: Layout | None = None

    @property
    def players(self) -> int:
        return self.options.players

    @property
    def letters(self) -> str:
        """The letters of the players in play, in turn order ("AB", "ABC", "ABCD")."""
        return LETTERS[:self.players]

    @property
    def palette(self) -> tuple[Colour, ...]:
        """The dice colours in play: A's, B's, ..."""
        return self.colours[:self.players]

    @property
    def asks_handicap(self) -> bool:
        """AMB-TS2: the handicap comes with the diagonals; until B's roll is given (handicap
        still 0) the device should ask for it before the first placement."""
        return self.options.diagonals and self.options.handicap == 0

    def owner_of(self, colour: Colour) -> int | None:
        """The player (0-based) whose dice have ``colour``; None for a colour not in play."""
        palette = self.palette
        return palette.index(colour) if colour in palette else None

    def with_options(self, options: Mapping[str, object]) -> Board:
        """The same board with some options changed.

        Raises:
            BoardDataError: an unknown option or value, or a combination the side can't take.
        """
        merged = {**self.options.as_texts(), **options}
        return replace(self, options=parse_options(merged, self.side, self.size, self.faces))


def load_board(side: str, data: Mapping[str, object],
               options: Mapping[str, object] | None = None) -> Board:
    """Build a Board from a board-definition dict (docs/notation/two-one-six.md, board files).

    Args:
        side: the side name the caller asked for; must match ``data["side"]`` when present.
        data: ``{"game": "two-one-six", "side": "6x6", "grid": {"rows": 6, "cols": 6},
            "die": 6, "colours": {"A": "white", ...}, "camera_reads_values": true,
            "sheet": "A4", "options": {...}}``.
        options: option texts overriding the file's (``--option NAME=VALUE``).

    Raises:
        BoardDataError: naming the key and what is wrong.
    """
    if not isinstance(data, Mapping):
        raise BoardDataError("a board file must hold a JSON object")
    _check_keys(data)
    _check_header(side, data)
    size = _grid_size(side, data.get("grid"))
    faces = _die(size, data.get("die", DIE_FOR_SIZE[size]))
    file_options = data.get("options", {})
    if not isinstance(file_options, Mapping):
        raise BoardDataError('"options" must be an object, e.g. {"diagonals": "off"}')
    merged = {**file_options, **(options or {})}
    return Board(side=side, size=size, faces=faces, colours=_colours(data.get("colours", {})),
                 options=parse_options(merged, side, size, faces),
                 reads_values=_flag("camera_reads_values", data.get("camera_reads_values",
                                                                    faces == 6)),
                 sheet=_sheet(data.get("sheet", "A3" if size == 12 else "A4")),
                 title=str(data.get("title", side)))


def _check_keys(data: Mapping[str, object]) -> None:
    for key in data:
        if key not in FILE_KEYS:
            raise BoardDataError(f"unknown key {key!r} in a 2 1 6 board file; known keys: "
                                 f"{', '.join(FILE_KEYS)}")


def _check_header(side: str, data: Mapping[str, object]) -> None:
    game = data.get("game", GAME_NAME)
    if game != GAME_NAME:
        raise BoardDataError(f"this board file is for game {game!r}, not {GAME_NAME!r}")
    if data.get("side", side) != side:
        raise BoardDataError(f"this board file is for side {data.get('side')!r}, not {side!r}")


def _grid_size(side: str, grid: object) -> int:
    sizes = ", ".join(f"{n}x{n}" for n in DIE_FOR_SIZE)
    rows = grid.get("rows") if isinstance(grid, Mapping) else None
    cols = grid.get("cols") if isinstance(grid, Mapping) else None
    if not isinstance(rows, int) or isinstance(rows, bool) or rows != cols \
            or rows not in DIE_FOR_SIZE:
        raise BoardDataError(f'"grid" must be a square of {sizes} cells, e.g. '
                             f'{{"rows": 6, "cols": 6}}, got {grid!r}')
    size = rows
    named = re.fullmatch(r"([0-9]+)x([0-9]+)", side)
    if named and (int(named.group(1)), int(named.group(2))) != (size, size):
        raise BoardDataError(f'"grid" {size}x{size} does not match side {side!r}')
    return size


def _die(size: int, die: object) -> int:
    wanted = DIE_FOR_SIZE[size]
    if not isinstance(die, int) or isinstance(die, bool) or die != wanted:
        raise BoardDataError(f'"die": a {size}x{size} grid is played with a d{wanted} '
                             f"(TS-O2, TS-O4), got {die!r}")
    return wanted


def _colours(value: object) -> tuple[Colour, ...]:
    if not isinstance(value, Mapping):
        raise BoardDataError('"colours" must be an object such as {"A": "white", "B": "red"}')
    allowed = [c.value for c in Colour if c is not Colour.UNKNOWN]
    colours = list(DEFAULT_COLOURS)
    for letter, name in value.items():
        if letter not in tuple(LETTERS):
            raise BoardDataError(f'"colours": unknown player {letter!r}; players are A, B, C, D')
        if name not in allowed:
            raise BoardDataError(f'"colours": {letter} must be one of {", ".join(allowed)}, '
                                 f"got {name!r}")
        colours[LETTERS.index(letter)] = Colour(name)
    for i, colour in enumerate(colours):
        if colour in colours[:i]:
            raise BoardDataError(f'"colours": {LETTERS[colours.index(colour)]} and {LETTERS[i]} '
                                 f"are both {colour.value}; each player needs their own colour")
    return tuple(colours)


def _flag(key: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise BoardDataError(f'"{key}" must be true or false, got {value!r}')
    return value


def _sheet(value: object) -> str:
    if not isinstance(value, str) or value not in SHEET_MM:
        raise BoardDataError(f'"sheet" must be one of {", ".join(SHEET_MM)}, got {value!r}')
    return value
