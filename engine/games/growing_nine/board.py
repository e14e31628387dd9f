"""Growing Nine board data (GN-D1..D4) and the game options, parsed from a board-definition dict.

A board is a grid (4 x 4 on both printed sides, DEFAULT), its blocked cells (none on the printed
sides), the spawn cells in named pairs (pair A = r0c0 and r3c3, pair B = r0c3 and r3c0) and the
number of places in the waiting area (6). The box holds ten dice, so the spawn cells and the
waiting places together make ten: the red die and three white dice start on the four spawn
cells, the six other white dice wait. No I/O here (``calibration.board_files`` reads the file).
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace

from engine.errors import BoardDataError
from engine.games.growing_nine.dice import DIRECTIONS, HANDEDNESS
from engine.layout import Layout
from engine.table import Cell

DICE = 10
"""The box's dice for this game: one red and nine white (rules section 0.1)."""

MAX_GRID = 12
TIMER_STARTS = ("rolled", "placed")
OPTION_NAMES = ("handedness", "repetition", "timer_start")
_CELL = re.compile(r"^r(0|[1-9][0-9]*)c(0|[1-9][0-9]*)$")


def parse_cell(text: str) -> Cell | None:
    """``"r3c0"`` -> ``Cell(3, 0)``; None when the text is not a cell name."""
    m = _CELL.match(text)
    return Cell(int(m.group(1)), int(m.group(2))) if m else None


@dataclass(frozen=True)
class Options:
    """Rule interpretations that are named options (DEFAULTs of the rules).

    Attributes:
        handedness: ``"right"`` (DEFAULT, README 3.3) or ``"left"``: how the east face follows
            from the top and north faces.
        repetition: GN-E5, AMB-GN4: the game fails when one position occurs this many times
            (DEFAULT 3); None (``"off"``) leaves only the player's declaration.
        timer_start: FA-P1: ``"rolled"`` (DEFAULT: the clock starts when the ten dice are first
            seen settled after their roll, placing them is refereed play) or ``"placed"`` (it
            starts when the set-up is complete; the placing is not refereed).
    """

    handedness: str = "right"
    repetition: int | None = 3
    timer_start: str = "rolled"

    def as_text(self) -> dict[str, str]:
        """The options as ``--option`` values."""
        repetition = "off" if self.repetition is None else str(self.repetition)
        return {"handedness": self.handedness, "repetition": repetition,
                "timer_start": self.timer_start}


@dataclass(frozen=True)
class Board:
    """One side of the Growing Nine board.

    Attributes:
        side: side name ("a", "b" or a user's own).
        rows, cols: grid size (GN-D1).
        blocked: cells no die may enter (none on the printed sides; the format allows them).
        pairs: spawn pairs (GN-D2) as ``(pair name, (cell, cell))``, the name being the symbol
            printed on both cells.
        waiting: places in the waiting area (GN-D3).
        options: the game options (see ``Options``).
        title: human name of the side.
        layout: the printed board (``growing_nine.layout``), set when loaded from a file.
    """

    side: str
    rows: int = 4
    cols: int = 4
    blocked: frozenset[Cell] = frozenset()
    pairs: tuple[tuple[str, tuple[Cell, Cell]], ...] = ()
    waiting: int = 6
    options: Options = Options()
    title: str = ""
    layout: Layout | None = field(default=None, compare=False)

    @property
    def spawns(self) -> tuple[Cell, ...]:
        """Every spawn cell, row-major."""
        return tuple(sorted((c for _, cells in self.pairs for c in cells),
                            key=lambda c: (c.r, c.c)))

    def pair_of(self, cell: Cell) -> Cell | None:
        """GN-D2: the other cell of ``cell``'s spawn pair, None for a cell that is no spawn."""
        for _, (a, b) in self.pairs:
            if cell == a:
                return b
            if cell == b:
                return a
        return None

    def pair_name(self, cell: Cell) -> str | None:
        """The name (printed symbol) of the pair ``cell`` belongs to."""
        return next((name for name, cells in self.pairs if cell in cells), None)

    @property
    def whites(self) -> int:
        """White dice in play: those starting on spawn cells besides red, and the waiting ones."""
        return len(self.spawns) - 1 + self.waiting

    def cells(self) -> Iterator[Cell]:
        """Every grid cell, row-major (blocked ones included)."""
        for r in range(self.rows):
            for c in range(self.cols):
                yield Cell(r, c)

    def index(self, cell: Cell) -> int:
        """Row-major index of a grid cell."""
        return cell.r * self.cols + cell.c

    def on_grid(self, cell: Cell) -> bool:
        return 0 <= cell.r < self.rows and 0 <= cell.c < self.cols

    def open(self, cell: Cell) -> bool:
        """True for a grid cell a die may stand on (on the grid and not blocked)."""
        return self.on_grid(cell) and cell not in self.blocked

    def step(self, cell: Cell, direction: str) -> Cell:
        """The cell one step towards ``direction`` (it may lie off the grid)."""
        dr, dc = DIRECTIONS[direction]
        return Cell(cell.r + dr, cell.c + dc)

    def with_options(self, **options: str) -> Board:
        """The same board with some options changed; BoardDataError for an unknown option."""
        return replace(self, options=parse_options({**self.options.as_text(), **options}))


def load_board(side: str, data: Mapping[str, object]) -> Board:
    """Build a Board from a board-definition dict (docs/notation/growing-nine.md).

    Args:
        side: the side name the caller asked for; must match ``data["side"]`` when present.
        data: ``{"game": "growing-nine", "side": "a", "grid": {"rows": 4, "cols": 4},
            "blocked": [], "pairs": {"A": ["r0c0", "r3c3"], "B": ["r0c3", "r3c0"]},
            "waiting": 6, "options": {...}}``.

    Raises:
        BoardDataError: naming the key and the problem (a cell off the grid or blocked, a pair
            that is not two cells, spawn cells and waiting places that do not make ten dice, an
            unknown option or value).
    """
    if not isinstance(data, Mapping):
        raise BoardDataError("a board file must hold a JSON object")
    _check_header(side, data)
    rows, cols = _grid(data.get("grid"))
    blocked = _blocked(data.get("blocked", []), rows, cols)
    pairs = _pairs(data.get("pairs"), rows, cols, blocked)
    waiting = _waiting(data.get("waiting"), 2 * len(pairs))
    options = data.get("options", {})
    if not isinstance(options, Mapping):
        raise BoardDataError('"options" must be an object, e.g. {"handedness": "right"}')
    return Board(side=side, rows=rows, cols=cols, blocked=blocked, pairs=pairs, waiting=waiting,
                 options=parse_options(options), title=str(data.get("title", side)))


def _check_header(side: str, data: Mapping[str, object]) -> None:
    game = data.get("game", "growing-nine")
    if game != "growing-nine":
        raise BoardDataError(f"this board file is for game {game!r}, not 'growing-nine'")
    if data.get("side", side) != side:
        raise BoardDataError(f"this board file is for side {data.get('side')!r}, not {side!r}")


def _grid(value: object) -> tuple[int, int]:
    if not isinstance(value, Mapping):
        raise BoardDataError('"grid" must be an object: {"rows": 4, "cols": 4}')
    sizes = []
    for key in ("rows", "cols"):
        n = value.get(key)
        if isinstance(n, bool) or not isinstance(n, int) or not 2 <= n <= MAX_GRID:
            raise BoardDataError(f'"grid" {key} must be a whole number 2-{MAX_GRID}, got {n!r}')
        sizes.append(n)
    return sizes[0], sizes[1]


def _cell(key: str, text: object, rows: int, cols: int) -> Cell:
    cell = parse_cell(text) if isinstance(text, str) else None
    if cell is None or not (cell.r < rows and cell.c < cols):
        raise BoardDataError(f'"{key}": {text!r} is not a cell of the {rows} x {cols} grid '
                             f'(r0c0 to r{rows - 1}c{cols - 1})')
    return cell


def _blocked(value: object, rows: int, cols: int) -> frozenset[Cell]:
    if not isinstance(value, list):
        raise BoardDataError(f'"blocked" must be a list of cells, e.g. ["r1c1"], got {value!r}')
    return frozenset(_cell("blocked", v, rows, cols) for v in value)


def _pairs(value: object, rows: int, cols: int,
           blocked: frozenset[Cell]) -> tuple[tuple[str, tuple[Cell, Cell]], ...]:
    if not isinstance(value, Mapping) or not value:
        raise BoardDataError('"pairs" must name the spawn pairs: '
                             '{"A": ["r0c0", "r3c3"], "B": ["r0c3", "r3c0"]}')
    pairs, seen = [], set()
    for name, cells in value.items():
        if not isinstance(cells, list) or len(cells) != 2:
            raise BoardDataError(f'"pairs" {name!r} must be a list of two cells, got {cells!r}')
        a, b = (_cell(f"pairs {name}", c, rows, cols) for c in cells)
        for c in (a, b):
            if c in blocked:
                raise BoardDataError(f'"pairs" {name!r}: spawn cell {c} is blocked')
            if c in seen:
                raise BoardDataError(f'"pairs" {name!r}: cell {c} is in two spawn pairs')
            seen.add(c)
        pairs.append((str(name), (a, b)))
    return tuple(pairs)


def _waiting(value: object, spawns: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise BoardDataError(f'"waiting" must be the number of waiting places (6), got {value!r}')
    if spawns + value != DICE:
        raise BoardDataError(f'"waiting": {spawns} spawn cells and {value} waiting places must '
                             f"hold the box's {DICE} dice (one red, nine white)")
    return value


def parse_options(options: Mapping[str, object]) -> Options:
    """Options from a board file or ``--option`` values.

    Raises:
        BoardDataError: an unknown option or value, naming it and what is allowed.
    """
    for name in options:
        if name not in OPTION_NAMES:
            raise BoardDataError(f"unknown option {name!r}; known options: "
                                 f"{', '.join(OPTION_NAMES)}")
    handedness = _choice(options, "handedness", HANDEDNESS, "right")
    timer_start = _choice(options, "timer_start", TIMER_STARTS, "rolled")
    return Options(handedness, _repetition(options.get("repetition", 3)), timer_start)


def _choice(options: Mapping[str, object], name: str, allowed: tuple[str, ...],
            default: str) -> str:
    value = options.get(name, default)
    if value not in allowed:
        raise BoardDataError(f"option {name} must be one of {', '.join(allowed)}, "
                             f"got {value!r}")
    return str(value)


def _repetition(value: object) -> int | None:
    if value == "off":
        return None
    text = str(value) if isinstance(value, int | str) and not isinstance(value, bool) else ""
    if not re.fullmatch(r"[0-9]{1,2}", text) or not 2 <= int(text) <= 99:
        raise BoardDataError(f"option repetition must be a whole number 2-99 (the occurrence "
                             f"of one position that ends the game) or off, got {value!r}")
    return int(text)
