"""Horizontal & Vertical board data: label order (HV-D1), line conditions (HV-D2, HV-D3) and
the game options.

Parses a board-definition dict (read from JSON by ``calibration.board_files``); no I/O here.
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from engine.errors import BoardDataError
from engine.games.horizontal_vertical.conditions import Condition, parse_condition
from engine.games.horizontal_vertical.spot import LABELS, SIZE, Spot
from engine.layout import Layout

GAME_NAME = "horizontal-vertical"
OPTION_CHOICES = {
    "scoring": ("timer", "off"),  # FA-P1..P4 scoring mode (DEFAULT) or FA-O1 unscored play
}
KEYS = ("game", "side", "title", "comment", "grid", "row_labels", "col_labels", "rows",
        "columns", "options", "layout")


@dataclass(frozen=True)
class Options:
    """The game options (README section 2: each default is the rules' DEFAULT).

    Attributes:
        scoring: ``"timer"`` (the 5-minute countdown and HV-P1 points, FA-P1) or ``"off"``
            (FA-O1: no clock, only success or failure; ``score`` is None).
    """

    scoring: str = "timer"


@dataclass(frozen=True)
class Board:
    """One side of the Horizontal & Vertical board.

    Attributes:
        side: side name (``"total"``, ``"number"`` or a user's own).
        row_labels: the printed label of each grid row, north to south (DEFAULT 2..6).
        col_labels: the printed label of each grid column, west to east (DEFAULT 2..6).
        row_conditions: the condition of each grid row, north to south.
        col_conditions: the condition of each grid column, west to east.
        options: see ``Options``.
        title: human name of the side.
        layout: the printed board (``horizontal_vertical.layout``), set when loaded.
    """

    side: str
    row_labels: tuple[int, ...] = LABELS
    col_labels: tuple[int, ...] = LABELS
    row_conditions: tuple[Condition, ...] = ()
    col_conditions: tuple[Condition, ...] = ()
    options: Options = Options()
    title: str = ""
    layout: Layout | None = None

    def index(self, spot: Spot) -> int:
        """The row-major grid index (0 = north-west) of the cell named ``spot``."""
        return self.row_labels.index(spot.row) * SIZE + self.col_labels.index(spot.col)

    def spot(self, index: int) -> Spot:
        """The labels of the cell at row-major grid index ``index``."""
        return Spot(self.row_labels[index // SIZE], self.col_labels[index % SIZE])

    def with_options(self, **options: str) -> Board:
        """The same board with some options changed; BoardDataError for an unknown one."""
        return replace(self, options=_parse_options({**self.options.__dict__, **options}))


def load_board(side: str, data: Mapping[str, object]) -> Board:
    """Build a Board from a board-definition dict (see docs/notation/horizontal-vertical.md).

    Args:
        side: the side name the caller asked for; must match ``data["side"]`` when present.
        data: ``{"game": "horizontal-vertical", "side": ..., "grid": {"rows": 5, "cols": 5},
            "row_labels": [2, 3, 4, 5, 6], "col_labels": [...], "rows": {"2": "le 14", ...},
            "columns": {"2": "even", ...}, "options": {"scoring": "timer"}}``.

    Raises:
        BoardDataError: an unknown key, a missing or malformed line condition, labels that
            are not 2..6 once each, a wrong grid size, an unknown option; the message names
            the key and the problem.
    """
    if not isinstance(data, Mapping):
        raise BoardDataError("a board file must hold a JSON object")
    _check_header(side, data)
    row_labels = _parse_labels("row_labels", data.get("row_labels", list(LABELS)))
    col_labels = _parse_labels("col_labels", data.get("col_labels", list(LABELS)))
    rows = _parse_lines("rows", data.get("rows"), row_labels)
    columns = _parse_lines("columns", data.get("columns"), col_labels)
    options = data.get("options", {})
    if not isinstance(options, Mapping):
        raise BoardDataError('"options" must be an object, e.g. {"scoring": "timer"}')
    return Board(side=side, row_labels=row_labels, col_labels=col_labels, row_conditions=rows,
                 col_conditions=columns, options=_parse_options(options),
                 title=str(data.get("title", side)))


def _check_header(side: str, data: Mapping[str, object]) -> None:
    for key in data:
        if key not in KEYS:
            raise BoardDataError(f"unknown key {key!r}; known keys: {', '.join(KEYS)}")
    game = data.get("game", GAME_NAME)
    if game != GAME_NAME:
        raise BoardDataError(f"this board file is for game {game!r}, not {GAME_NAME!r}")
    if data.get("side", side) != side:
        raise BoardDataError(f"this board file is for side {data.get('side')!r}, not {side!r}")
    grid = data.get("grid", {"rows": SIZE, "cols": SIZE})
    if not isinstance(grid, Mapping) or grid.get("rows") != SIZE or grid.get("cols") != SIZE:
        raise BoardDataError(f'"grid": Horizontal & Vertical needs a 5 x 5 grid, '
                             f'{{"rows": 5, "cols": 5}}, got {grid!r}')


def _parse_labels(key: str, value: object) -> tuple[int, ...]:
    if (not isinstance(value, list) or not all(type(v) is int for v in value)
            or sorted(value) != list(LABELS)):
        raise BoardDataError(f'"{key}" must list the labels 2, 3, 4, 5, 6 once each, in '
                             f"printed order, got {value!r}")
    return tuple(value)


def _parse_lines(key: str, value: object, labels: tuple[int, ...]) -> tuple[Condition, ...]:
    """The conditions of the rows (or columns) in grid order, from ``{"<label>": "<cond>"}``."""
    if not isinstance(value, Mapping):
        raise BoardDataError(f'the board needs a "{key}" object: a condition per label, '
                             f'e.g. {{"2": "le 14", ...}}')
    names = [str(label) for label in labels]
    for name in value:
        if name not in names:
            raise BoardDataError(f'"{key}": unknown label {name!r}; labels are 2 to 6')
    missing = [name for name in names if name not in value]
    if missing:
        raise BoardDataError(f'"{key}": the condition of label {missing[0]} is missing, '
                             f'e.g. "{missing[0]}": "eq 17"')
    return tuple(parse_condition(f'"{key}" label {name}', value[name]) for name in names)


def _parse_options(options: Mapping[str, object]) -> Options:
    for name, value in options.items():
        if name not in OPTION_CHOICES:
            raise BoardDataError(f"unknown option {name!r}; known options: "
                                 f"{', '.join(OPTION_CHOICES)}")
        if value not in OPTION_CHOICES[name]:
            raise BoardDataError(f"option {name} must be one of "
                                 f"{', '.join(OPTION_CHOICES[name])}, got {value!r}")
    return Options(**{k: str(v) for k, v in options.items()})


__all__ = ["GAME_NAME", "OPTION_CHOICES", "Board", "Options", "load_board"]
