"""2 1 6 game options: the variants (TS-O1..TS-O4) and the rule interpretations (AMB-TS1,
AMB-TS2, AMB-TS4), each a named option whose default is the rules' DEFAULT.

Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from engine.errors import BoardDataError

OPTION_NAMES = ("diagonals", "handicap", "area", "line_total", "players")
SWITCH = {"on": True, "off": False}
LINE_TOTALS = ("all", "own_cells")


@dataclass(frozen=True)
class Options:
    """The variants (TS-O1..TS-O4) and rule interpretations, each with its DEFAULT.

    Attributes:
        diagonals: TS-O1, the two full diagonals are lines too (``on``/``off``, DEFAULT off).
        handicap: TS-O1, the second player's (B's) handicap roll, added to B's score; 0 = no
            handicap (DEFAULT). AMB-TS2: with diagonals on the device asks for it
            (``Board.asks_handicap``); it may be given alone too.
        area: TS-O3, area domination (``on``/``off``, DEFAULT off).
        line_total: TS-P2, ``all`` values of a dominated line count (DEFAULT, AMB-TS1) or only
            the dominating player's ``own_cells``.
        players: TS-O4, 2 (DEFAULT), 3 or 4; 3 and 4 need the 12x12 side.
    """

    diagonals: bool = False
    handicap: int = 0
    area: bool = False
    line_total: str = "all"
    players: int = 2

    def as_texts(self) -> dict[str, str]:
        """The options as ``--option`` texts (``{"diagonals": "off", "handicap": "0", ...}``)."""
        words = {True: "on", False: "off"}
        return {"diagonals": words[self.diagonals], "handicap": str(self.handicap),
                "area": words[self.area], "line_total": self.line_total,
                "players": str(self.players)}


def parse_options(values: Mapping[str, object], side: str, size: int, faces: int) -> Options:
    """The options from their texts (ints also taken for ``handicap`` and ``players``); an
    option not given keeps its DEFAULT.

    Raises:
        BoardDataError: an unknown option (naming it and the known ones), a value not allowed
            (naming the option and its values), players 3 or 4 off the 12x12 side (naming both).
    """
    for name in values:
        if name not in OPTION_NAMES:
            raise BoardDataError(f"unknown option {name!r}; known options: "
                                 f"{', '.join(OPTION_NAMES)}")
    given = {**Options().as_texts(), **values}
    options = Options(diagonals=_switch("diagonals", given["diagonals"]),
                      handicap=_handicap(given["handicap"], faces),
                      area=_switch("area", given["area"]),
                      line_total=_line_total(given["line_total"]),
                      players=_players(given["players"]))
    if options.players > 2 and size != 12:
        raise BoardDataError(f"option players={options.players} needs the 12x12 side "
                             f"(TS-O4), not side {side!r} ({size}x{size})")
    return options


def _switch(name: str, value: object) -> bool:
    if not isinstance(value, str) or value not in SWITCH:
        raise BoardDataError(f"option {name} must be on or off, got {value!r}")
    return SWITCH[value]


def _whole(value: object) -> int | None:
    """An int from an int or its decimal text; None for anything else."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and re.fullmatch(r"0|[1-9][0-9]*", value):
        return int(value)
    return None


def _handicap(value: object, faces: int) -> int:
    number = 0 if value == "off" else _whole(value)
    if number is None or not 0 <= number <= faces:
        raise BoardDataError(f"option handicap must be B's roll 1-{faces} of the d{faces}, or 0 "
                             f"for none, got {value!r}")
    return number


def _line_total(value: object) -> str:
    if not isinstance(value, str) or value not in LINE_TOTALS:
        raise BoardDataError(f"option line_total must be one of {', '.join(LINE_TOTALS)}, "
                             f"got {value!r}")
    return value


def _players(value: object) -> int:
    number = _whole(value)
    if number is None or number not in (2, 3, 4):
        raise BoardDataError(f"option players must be 2, 3 or 4, got {value!r}")
    return number
