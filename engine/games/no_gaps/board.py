"""No Gaps board data: the 6 x 6 grid, the reroll boxes, the tile chart and the options
(NG-D1..D4, AMB-NG1, FA-O1).

Parses a board-definition dict (read from JSON by ``calibration.board_files``); no I/O here.
Every problem is a ``BoardDataError`` naming the key and what is wrong.
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cached_property

from engine.errors import BoardDataError
from engine.games.no_gaps.shapes import Shape, is_connected, lowest_bit, normalise, placements
from engine.layout import Layout

ROWS = COLS = 6
CELLS = ROWS * COLS
FULL = (1 << CELLS) - 1
DICE = 6
FACES = (1, 2, 3, 4, 5, 6)
REROLLS = 4
MAX_BONUS = 3
TILE_NAME = re.compile(r"^[A-Z][A-Z0-9]{0,7}$")
KEYS = ("game", "side", "title", "comment", "grid", "rerolls", "shapes", "chart", "options",
        "layout")
CHART_KEYS = ("tile", "copies", "bonus")
OPTION_CHOICES = {
    "scoring": ("on", "off"),  # FA-O1: "off" is unscored play (no timer, no points)
}


def default_bonus(size: int) -> int:
    """AMB-NG1: the bonus printed for a tile of ``size`` cells when the chart gives none."""
    return min(size - 1, MAX_BONUS)


@dataclass(frozen=True)
class Tile:
    """One line of the tile chart: a named shape drawn by one die face.

    Attributes:
        name: the name printed on the chart and used in moves (``O4``).
        face: the die face that draws it (1-6).
        copies: how many times it can be drawn (crossed out once per drawing).
        bonus: points added when it is the last tile drawn (NG-P1).
        shape: its cells before rotation or reflection, normalised.
    """

    name: str
    face: int
    copies: int
    bonus: int
    shape: Shape

    @property
    def size(self) -> int:
        return len(self.shape)


@dataclass(frozen=True)
class Options:
    """Rule choices that are named options (README section 2).

    Attributes:
        scoring: ``"on"`` (DEFAULT: the 5-minute countdown and NG-P1 points) or ``"off"``
            (FA-O1 unscored play: no timer, only success or failure).
    """

    scoring: str = "on"


@dataclass(frozen=True)
class Board:
    """One side of the No Gaps board.

    Attributes:
        side: side name (``"a"``, ``"b"`` or a user's own).
        tiles: the chart, face by face in file order.
        rerolls: number of reroll boxes (NG-D1: 4).
        options: see ``Options``.
        title: human name of the side.
        layout: the printed board (``no_gaps.layout``), set when loaded from a file.
    """

    side: str
    tiles: tuple[Tile, ...]
    rerolls: int = REROLLS
    options: Options = Options()
    title: str = ""
    layout: Layout | None = None

    def tile(self, name: str) -> Tile | None:
        """The chart line called ``name``, or None."""
        return next((t for t in self.tiles if t.name == name), None)

    def tiles_of(self, face: int) -> tuple[Tile, ...]:
        """The tiles a die showing ``face`` may draw, sorted by name."""
        return tuple(sorted((t for t in self.tiles if t.face == face), key=lambda t: t.name))

    def sets_aside(self, face: int) -> bool:
        """NG-A2: a face with no tile on the chart (the 6) is set aside in the spent zone."""
        return not any(t.face == face for t in self.tiles)

    @cached_property
    def placements(self) -> Mapping[str, tuple[int, ...]]:
        """Tile name -> every placement on the empty grid (masks, in ``moves`` order)."""
        return {t.name: placements(t.shape, ROWS, COLS) for t in self.tiles}

    @cached_property
    def by_mask(self) -> Mapping[int, tuple[str, ...]]:
        """Placement mask -> the names of the tiles with that placement, sorted."""
        found: dict[int, list[str]] = {}
        for name in sorted(self.placements):
            for mask in self.placements[name]:
                found.setdefault(mask, []).append(name)
        return {mask: tuple(names) for mask, names in found.items()}

    @cached_property
    def by_first_cell(self) -> Mapping[str, Mapping[int, tuple[int, ...]]]:
        """Tile name -> first cell (row-major bit) -> the placements starting there."""
        index: dict[str, dict[int, list[int]]] = {}
        for name, masks in self.placements.items():
            for mask in masks:
                index.setdefault(name, {}).setdefault(lowest_bit(mask), []).append(mask)
        return {name: {cell: tuple(ms) for cell, ms in cells.items()}
                for name, cells in index.items()}

    def with_options(self, **options: str) -> Board:
        """The same board with some options changed; BoardDataError for an unknown one."""
        return replace(self, options=parse_options({**self.options.__dict__, **options}))


def load_board(side: str, data: Mapping[str, object]) -> Board:
    """Build a Board from a board-definition dict (see docs/notation/no-gaps.md).

    Args:
        side: the side name the caller asked for; must match ``data["side"]`` when present.
        data: ``{"game": "no-gaps", "side": "a", "grid": {"rows": 6, "cols": 6},
            "rerolls": 4, "shapes": {"M1": [[0, 0]], ...},
            "chart": {"1": [{"tile": "M1", "copies": 3, "bonus": 0}], ..., "6": []},
            "options": {"scoring": "on"}}``.

    Raises:
        BoardDataError: naming the key and the problem.
    """
    if not isinstance(data, Mapping):
        raise BoardDataError("a board file must hold a JSON object")
    _check_header(side, data)
    shapes = _parse_shapes(data.get("shapes"))
    tiles = _parse_chart(data.get("chart"), shapes)
    options = data.get("options", {})
    if not isinstance(options, Mapping):
        raise BoardDataError('"options" must be an object, e.g. {"scoring": "on"}')
    return Board(side=side, tiles=tiles, rerolls=_parse_rerolls(data.get("rerolls", REROLLS)),
                 options=parse_options(options), title=str(data.get("title", side)))


def _check_header(side: str, data: Mapping[str, object]) -> None:
    for key in data:
        if key not in KEYS:
            raise BoardDataError(f"unknown key {key!r}; known keys: {', '.join(KEYS)}")
    game = data.get("game", "no-gaps")
    if game != "no-gaps":
        raise BoardDataError(f"this board file is for game {game!r}, not 'no-gaps'")
    if data.get("side", side) != side:
        raise BoardDataError(f"this board file is for side {data.get('side')!r}, not {side!r}")
    grid = data.get("grid", {"rows": ROWS, "cols": COLS})
    if not isinstance(grid, Mapping) or grid.get("rows") != ROWS or grid.get("cols") != COLS:
        raise BoardDataError(f'"grid": No Gaps needs a 6 x 6 grid: {{"rows": 6, "cols": 6}}, '
                             f"got {grid!r}")


def _parse_rerolls(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 9:
        raise BoardDataError(f'"rerolls": the number of reroll boxes must be a whole number '
                             f"0-9, got {value!r}")
    return value


def _parse_shapes(value: object) -> dict[str, Shape]:
    if not isinstance(value, Mapping) or not value:
        raise BoardDataError('"shapes" must be an object of tile shapes: '
                             '{"O4": [[0, 0], [0, 1], [1, 0], [1, 1]], ...}')
    return {str(name): _parse_shape(str(name), cells) for name, cells in value.items()}


def _parse_shape(name: str, value: object) -> Shape:
    where = f'"shapes" {name!r}'
    if not TILE_NAME.match(name):
        raise BoardDataError(f"{where}: a tile name is a capital letter then up to 7 capitals "
                             f"or digits (e.g. O4)")
    if not isinstance(value, list) or not value:
        raise BoardDataError(f"{where} must be a list of [row, column] cells, got {value!r}")
    cells = []
    for cell in value:
        if (not isinstance(cell, list) or len(cell) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < CELLS
                           for v in cell)):
            raise BoardDataError(f"{where}: a cell must be [row, column] of whole numbers 0-35, "
                                 f"got {cell!r}")
        cells.append((cell[0], cell[1]))
    if len(set(cells)) != len(cells):
        raise BoardDataError(f"{where}: a cell is listed twice")
    if not is_connected(cells):
        raise BoardDataError(f"{where}: the cells must form one piece (edge to edge)")
    shape = normalise(cells)
    if not placements(shape, ROWS, COLS):
        raise BoardDataError(f"{where}: the shape does not fit the 6 x 6 grid")
    return shape


def _parse_chart(value: object, shapes: Mapping[str, Shape]) -> tuple[Tile, ...]:
    if not isinstance(value, Mapping):
        raise BoardDataError('"chart" must be an object: face -> tiles, e.g. '
                             '{"1": [{"tile": "M1", "copies": 3, "bonus": 0}], ..., "6": []}')
    for key in value:
        if key not in {str(f) for f in FACES}:
            raise BoardDataError(f'"chart": unknown face {key!r}; faces are "1" to "6"')
    tiles: list[Tile] = []
    for face in FACES:
        if str(face) not in value:
            raise BoardDataError(f'"chart": face "{face}" is missing (give [] for a face that '
                                 f"draws no tile)")
        entries = value[str(face)]
        if not isinstance(entries, list):
            raise BoardDataError(f'"chart" face "{face}" must be a list of tiles, got '
                                 f"{entries!r}")
        for i, entry in enumerate(entries):
            tiles.append(_parse_entry(f'"chart" face "{face}" entry {i}', face, entry, shapes))
    names = [t.name for t in tiles]
    for name in names:
        if names.count(name) > 1:
            raise BoardDataError(f'"chart": tile {name!r} is listed twice (give it "copies" '
                                 f"instead)")
    if not tiles:
        raise BoardDataError('"chart" lists no tile at all')
    return tuple(tiles)


def _parse_entry(where: str, face: int, entry: object, shapes: Mapping[str, Shape]) -> Tile:
    if not isinstance(entry, Mapping):
        raise BoardDataError(f'{where} must be an object like {{"tile": "O4", "copies": 1}}')
    for key in entry:
        if key not in CHART_KEYS:
            raise BoardDataError(f"{where}: unknown key {key!r}; known: {', '.join(CHART_KEYS)}")
    name = entry.get("tile")
    if not isinstance(name, str) or name not in shapes:
        raise BoardDataError(f'{where}: "tile" must name a shape of "shapes", got {name!r}')
    copies = entry.get("copies", 1)
    if isinstance(copies, bool) or not isinstance(copies, int) or not 1 <= copies <= 9:
        raise BoardDataError(f'{where}: "copies" must be a whole number 1-9, got {copies!r}')
    shape = shapes[name]
    bonus = entry.get("bonus", default_bonus(len(shape)))
    if isinstance(bonus, bool) or not isinstance(bonus, int) or not 0 <= bonus <= MAX_BONUS:
        raise BoardDataError(f'{where}: "bonus" must be a whole number 0-{MAX_BONUS}, '
                             f"got {bonus!r}")
    return Tile(name, face, copies, bonus, shape)


def parse_options(options: Mapping[str, object]) -> Options:
    """The options of a board file or ``--option``; BoardDataError naming a bad one."""
    for name, value in options.items():
        if name not in OPTION_CHOICES:
            raise BoardDataError(f"unknown option {name!r}; known options: "
                                 f"{', '.join(OPTION_CHOICES)}")
        if value not in OPTION_CHOICES[name]:
            raise BoardDataError(f"option {name} must be one of "
                                 f"{', '.join(OPTION_CHOICES[name])}, got {value!r}")
    return Options(**{k: str(v) for k, v in options.items()})
