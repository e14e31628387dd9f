"""Unification board data: exit slots, their effects (UN-D1..D4) and the game options.

Parses a board-definition dict (read from JSON by ``calibration.board_files``); no I/O here.
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from engine.errors import BoardDataError
from engine.layout import Layout

SIDES = ("N", "E", "S", "W")
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
SIZE = 3

# effect code -> short ASCII label for OLED messages ("apply effect: +1"; fonts may lack "±")
EFFECT_LABELS = {
    "DEC1": "-1", "INC1": "+1", "FLIP": "flip", "REROLL": "reroll",
    "PM3": "+/-3", "PM2": "+/-2", "PM1": "+/-1",
    "ROTATE": "rotate grid", "PARADIGM": "paradigm shift",
}
OPTION_CHOICES = {
    "push_back_scope": ("slot", "side"),   # UN-F2, AMB-UN3
    "pm_direction": ("choice", "literal"),  # UN-D4 PM2/PM1, AMB-UN4
}


@dataclass(frozen=True, order=True)
class Slot:
    """An edge position of the grid: a side (N, E, S, W) and a line (column for N/S, row for E/W).

    Used both for exit slots (where a die leaves) and entries (where the push die comes in).
    """

    side: str
    line: int

    def __str__(self) -> str:
        return f"{self.side}{self.line}"

    @property
    def opposite(self) -> Slot:
        return Slot(OPPOSITE[self.side], self.line)


ALL_SLOTS = tuple(Slot(s, i) for s in SIDES for i in range(SIZE))


def parse_slot(text: str) -> Slot | None:
    """``"E0"`` -> ``Slot("E", 0)``; None when the text is not a slot."""
    if len(text) == 2 and text[0] in SIDES and text[1] in "012":
        return Slot(text[0], int(text[1]))
    return None


@dataclass(frozen=True)
class Options:
    """Rule interpretations that are named options (README section 2, DEFAULT values).

    Attributes:
        push_back_scope: ``"slot"`` (UN-F2 forbids the same side and line) or ``"side"``
            (the whole side where the last die left).
        pm_direction: ``"choice"`` (PM2/PM1: any direction that stays in 1..6) or
            ``"literal"`` (1-3 go up, 4-6 go down, like PM3).
    """

    push_back_scope: str = "slot"
    pm_direction: str = "choice"


@dataclass(frozen=True)
class Board:
    """One side of the Unification board.

    Attributes:
        side: side name ("simple", "complex" or a user's own).
        exits: for every exit slot, in ``ALL_SLOTS`` order, the ordered effect codes.
        options: the game options (see ``Options``).
        title: human name of the side.
        layout: the printed board (``unification.layout``), set when loaded from a file.
    """

    side: str
    exits: tuple[tuple[Slot, tuple[str, ...]], ...]
    options: Options = Options()
    title: str = ""
    layout: Layout | None = None

    def effects(self, exit_slot: Slot) -> tuple[str, ...]:
        """The effects applied to a die leaving through ``exit_slot``."""
        for slot, codes in self.exits:
            if slot == exit_slot:
                return codes
        raise BoardDataError(f"board {self.side!r} has no exit slot {exit_slot}")

    def with_options(self, **options: str) -> Board:
        """The same board with some options changed; BoardDataError for an unknown option."""
        return replace(self, options=_parse_options({**self.options.__dict__, **options}))


def load_board(side: str, data: Mapping[str, object]) -> Board:
    """Build a Board from a board-definition dict (see docs/notation.md, "Board files").

    Args:
        side: the side name the caller asked for; must match ``data["side"]`` when present.
        data: ``{"game": "unification", "side": ..., "grid": {"rows": 3, "cols": 3},
            "exits": {"N0": ["DEC1"], ...}, "options": {...}}``.

    Raises:
        BoardDataError: a missing or unknown exit slot, an unknown effect, a wrong grid size.
    """
    if not isinstance(data, Mapping):
        raise BoardDataError("a board file must hold a JSON object")
    _check_header(side, data)
    exits = data.get("exits")
    if not isinstance(exits, Mapping):
        raise BoardDataError('the board needs an "exits" object: {"N0": ["DEC1"], ...}')
    options = data.get("options", {})
    if not isinstance(options, Mapping):
        raise BoardDataError('"options" must be an object, e.g. {"push_back_scope": "slot"}')
    title = data.get("title", side)
    return Board(side=side, exits=_parse_exits(exits), options=_parse_options(options),
                 title=str(title))


def _check_header(side: str, data: Mapping[str, object]) -> None:
    game = data.get("game", "unification")
    if game != "unification":
        raise BoardDataError(f"this board file is for game {game!r}, not 'unification'")
    if data.get("side", side) != side:
        raise BoardDataError(f"this board file is for side {data.get('side')!r}, not {side!r}")
    grid = data.get("grid", {"rows": SIZE, "cols": SIZE})
    if not isinstance(grid, Mapping) or grid.get("rows") != SIZE or grid.get("cols") != SIZE:
        raise BoardDataError(f'Unification needs a 3 x 3 grid: "grid": {{"rows": 3, "cols": 3}}, '
                             f"got {grid!r}")


def _parse_exits(exits: Mapping[str, object]) -> tuple[tuple[Slot, tuple[str, ...]], ...]:
    for key in exits:
        if parse_slot(key) is None:
            raise BoardDataError(f"unknown exit slot {key!r}: use N0..N2, E0..E2, S0..S2, W0..W2")
    parsed = []
    for slot in ALL_SLOTS:
        if str(slot) not in exits:
            raise BoardDataError(f"exit slot {slot} is missing: give its effects, e.g. "
                                 f'"{slot}": ["INC1"]')
        parsed.append((slot, _parse_effects(str(slot), exits[str(slot)])))
    return tuple(parsed)


def _parse_effects(key: str, value: object) -> tuple[str, ...]:
    codes = [value] if isinstance(value, str) else value
    if not isinstance(codes, list):
        raise BoardDataError(f"exit slot {key}: give a list of effect codes, got {value!r}")
    for code in codes:
        if not isinstance(code, str) or code not in EFFECT_LABELS:
            raise BoardDataError(f"exit slot {key}: unknown effect {code!r}; known effects: "
                                 f"{', '.join(EFFECT_LABELS)}")
    return tuple(str(c) for c in codes)


def _parse_options(options: Mapping[str, object]) -> Options:
    for name, value in options.items():
        if name not in OPTION_CHOICES:
            raise BoardDataError(f"unknown option {name!r}; known options: "
                                 f"{', '.join(OPTION_CHOICES)}")
        if not isinstance(value, str) or value not in OPTION_CHOICES[name]:
            raise BoardDataError(f"option {name} must be one of "
                                 f"{', '.join(OPTION_CHOICES[name])}, got {value!r}")
    return Options(**{k: str(v) for k, v in options.items()})
