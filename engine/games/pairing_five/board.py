"""Pairing Five board data: the effect of each area (PF-D1..D3) and the game options.

Parses a board-definition dict (read from JSON by ``calibration.board_files``); no I/O here.
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from engine.errors import BoardDataError
from engine.layout import Layout

GAME_NAME = "pairing-five"
AREAS = "ABCDE"
DICE = 10

VALUE_EFFECTS = ("DOWN", "UP", "FLIP", "REROLL1", "PM3", "PM2", "PM1", "ALMIGHTY")
"""Effects that change the face of one unused die (PF-D4)."""
SAME_REROLL = "SAME_REROLL"
AREA_CHANGE = "AREA_CHANGE"
EFFECTS = (*VALUE_EFFECTS, SAME_REROLL, AREA_CHANGE)

EFFECT_LABELS = {
    "DOWN": "lower a die", "UP": "raise a die", "FLIP": "flip a die",
    "REROLL1": "reroll a die", "SAME_REROLL": "reroll equal dice", "PM3": "+/-3 a die",
    "PM2": "+/-2 a die", "PM1": "+/-1 a die", "ALMIGHTY": "set a die to any value",
    "AREA_CHANGE": "swap two areas",
}
"""Short ASCII phrases for OLED messages ("apply effect: lower a die")."""

OPTION_CHOICES = {
    "pm_direction": ("choice", "literal"),    # PF-D4 PM2/PM1, AMB-PF3 = AMB-UN4
    "area_change_scope": ("any", "others"),   # PF-D4 AREA_CHANGE, AMB-PF2
}
KNOWN_KEYS = ("game", "side", "title", "comment", "areas", "options", "layout")


@dataclass(frozen=True)
class Options:
    """Rule interpretations that are named options (README section 2, DEFAULT values first).

    Attributes:
        pm_direction: ``"choice"`` (PM2/PM1 go either way that stays in 1..6, the player
            chooses) or ``"literal"`` (1-3 go up, 4-6 go down, like PM3).
        area_change_scope: ``"any"`` (any two different areas holding a die, the area just
            played included) or ``"others"`` (two areas other than the one just played).
    """

    pm_direction: str = "choice"
    area_change_scope: str = "any"


@dataclass(frozen=True)
class Board:
    """One side of the Pairing Five board.

    Attributes:
        side: side name ("basic", "expert" or a user's own).
        effects: the effect code of areas A to E, in that order.
        options: the game options (see ``Options``).
        title: human name of the side.
        layout: the printed board (``pairing_five.layout``), set when loaded from a file.
    """

    side: str
    effects: tuple[str, str, str, str, str]
    options: Options = Options()
    title: str = ""
    layout: Layout | None = None

    def effect(self, area: str) -> str:
        """The effect code printed beside ``area`` (a letter A-E)."""
        return self.effects[AREAS.index(area)]

    def with_options(self, **options: str) -> Board:
        """The same board with some options changed; BoardDataError for an unknown option."""
        return replace(self, options=_parse_options({**self.options.__dict__, **options}))


def load_board(side: str, data: Mapping[str, object]) -> Board:
    """Build a Board from a board-definition dict (docs/notation/pairing-five.md).

    Args:
        side: the side name the caller asked for; must match ``data["side"]`` when present.
        data: ``{"game": "pairing-five", "side": ..., "areas": {"A": "DOWN", ...},
            "options": {...}}`` (``title``, ``comment`` and ``layout`` are optional).

    Raises:
        BoardDataError: an unknown key, a missing or unknown area, an unknown effect or
            option; the message names it.
    """
    if not isinstance(data, Mapping):
        raise BoardDataError("a board file must hold a JSON object")
    _check_header(side, data)
    areas = data.get("areas")
    if not isinstance(areas, Mapping):
        raise BoardDataError('the board needs an "areas" object: {"A": "DOWN", "B": "UP", ...}')
    options = data.get("options", {})
    if not isinstance(options, Mapping):
        raise BoardDataError('"options" must be an object, e.g. {"pm_direction": "choice"}')
    return Board(side=side, effects=_parse_areas(areas), options=_parse_options(options),
                 title=str(data.get("title", side)))


def _check_header(side: str, data: Mapping[str, object]) -> None:
    for key in data:
        if key not in KNOWN_KEYS:
            raise BoardDataError(f"unknown key {key!r} in a Pairing Five board; known keys: "
                                 f"{', '.join(KNOWN_KEYS)}")
    game = data.get("game", GAME_NAME)
    if game != GAME_NAME:
        raise BoardDataError(f"this board file is for game {game!r}, not {GAME_NAME!r}")
    if data.get("side", side) != side:
        raise BoardDataError(f"this board file is for side {data.get('side')!r}, not {side!r}")


def _parse_areas(areas: Mapping[str, object]) -> tuple[str, str, str, str, str]:
    for key in areas:
        if key not in AREAS:
            raise BoardDataError(f"unknown area {key!r}: the areas are A, B, C, D, E")
    codes = []
    for area in AREAS:
        if area not in areas:
            raise BoardDataError(f"area {area} is missing: give its effect, e.g. "
                                 f'"{area}": "FLIP"')
        code = areas[area]
        if code not in EFFECTS:
            raise BoardDataError(f"area {area}: unknown effect {code!r}; known effects: "
                                 f"{', '.join(EFFECTS)}")
        codes.append(str(code))
    a, b, c, d, e = codes
    return (a, b, c, d, e)


def _parse_options(options: Mapping[str, object]) -> Options:
    for name, value in options.items():
        if name not in OPTION_CHOICES:
            raise BoardDataError(f"unknown option {name!r}; known options: "
                                 f"{', '.join(OPTION_CHOICES)}")
        if value not in OPTION_CHOICES[name]:
            raise BoardDataError(f"option {name} must be one of "
                                 f"{', '.join(OPTION_CHOICES[name])}, got {value!r}")
    return Options(**{k: str(v) for k, v in options.items()})
