"""Bossa board data (BO-D1) and game options, parsed from a board-definition dict.

A board side is a rule level: ``regular`` (home lines, the "one more or one fewer" count rule,
BO-E2) or ``novice`` (BO-N1..N4). The board file (``calibration/boards/bossa-<side>.json``)
holds what the rules leave to data: the line direction (BO-D1, ``low_side``: where the low values
lie, seen by the line's owner, in Novice by player 1), in Novice which line lies in the north
half of the board (``north_line``), the options, and the printed layout's numbers.
No I/O here. Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from engine.errors import BoardDataError
from engine.games.bossa.tiles import BLACK, WHITE
from engine.layout import Layout

REGULAR = "regular"
NOVICE = "novice"
LEVELS = (REGULAR, NOVICE)
KNOWN_KEYS = ("game", "side", "title", "comment", "low_side", "north_line", "layout", "options")
LOW_SIDES = ("left", "right")
LINE_NAMES = {"white": WHITE, "black": BLACK}
TURN_END = "turn_end"
IMMEDIATE = "immediate"
OPTION_CHOICES = {
    "deck_out": (TURN_END, IMMEDIATE),  # AMB-BO1: when BO-E4 ends the game
}


@dataclass(frozen=True)
class Options:
    """Rule interpretations that are named options (README section 2, DEFAULT values).

    Attributes:
        deck_out: AMB-BO1, BO-E4: ``turn_end`` (DEFAULT) ends the game when the turn in which
            the deck became empty is over; ``immediate`` the moment the last tile leaves it.
    """

    deck_out: str = TURN_END

    def as_texts(self) -> dict[str, str]:
        return {"deck_out": self.deck_out}


@dataclass(frozen=True)
class Board:
    """One Bossa rule level with its board data.

    Attributes:
        side: the level, ``regular`` or ``novice``.
        low_side: BO-D1, ``left`` (DEFAULT) or ``right``: the side of the die holding the low
            values, seen by the line's owner (Novice: by player 1).
        north_line: Novice only: the line (W or B) laid in the north half of the board, the
            other in the south half (DEFAULT white). In Regular each home line lies in front
            of its owner (player 1 south, player 2 north).
        options: see ``Options``. title: human name.
        layout: the printed board (``bossa.layout``), set when loaded from a file.
    """

    side: str
    low_side: str = "left"
    north_line: str = WHITE
    options: Options = Options()
    title: str = ""
    layout: Layout | None = None

    @property
    def regular(self) -> bool:
        """The Regular rules (home lines, BO-E2); False for Novice."""
        return self.side == REGULAR

    def with_options(self, **options: str) -> Board:
        """The same board with some options changed; BoardDataError naming a bad one."""
        return replace(self, options=parse_options({**self.options.as_texts(), **options}))


def load_board(side: str, data: Mapping[str, object]) -> Board:
    """A Board from a board-definition dict (docs/notation/bossa.md, "Board files").

    Raises:
        BoardDataError: an unknown side or key, a file of another game or side, a bad
            ``low_side``, ``north_line`` or option; the message names the key and the problem.
    """
    if side not in LEVELS:
        raise BoardDataError(f"unknown Bossa side {side!r}: the sides are the rule levels "
                             f"{', '.join(LEVELS)}")
    if not isinstance(data, Mapping):
        raise BoardDataError("a board file must hold a JSON object")
    unknown = [k for k in data if k not in KNOWN_KEYS]
    if unknown:
        raise BoardDataError(f"unknown key {unknown[0]!r}; known keys: {', '.join(KNOWN_KEYS)}")
    _check_header(side, data)
    options = data.get("options", {})
    if not isinstance(options, Mapping):
        raise BoardDataError('"options" must be an object, e.g. {"deck_out": "turn_end"}')
    title = data.get("title", side)
    if not isinstance(title, str):
        raise BoardDataError(f'"title" must be a string, got {title!r}')
    return Board(side=side, low_side=_low_side(data.get("low_side", "left")),
                 north_line=_north_line(side, data), options=parse_options(options),
                 title=title)


def _check_header(side: str, data: Mapping[str, object]) -> None:
    game = data.get("game", "bossa")
    if game != "bossa":
        raise BoardDataError(f"this board file is for game {game!r}, not 'bossa'")
    if data.get("side", side) != side:
        raise BoardDataError(f"this board file is for side {data.get('side')!r}, not {side!r}")
    comment = data.get("comment", "")
    if not isinstance(comment, str):
        raise BoardDataError(f'"comment" must be a string, got {comment!r}')


def _low_side(value: object) -> str:
    if value not in LOW_SIDES:
        raise BoardDataError(f'"low_side" must be "left" or "right" (where the low values lie, '
                             f"seen by the line's owner), got {value!r}")
    return str(value)


def _north_line(side: str, data: Mapping[str, object]) -> str:
    if "north_line" not in data:
        return WHITE
    if side == REGULAR:
        raise BoardDataError('"north_line" is for the novice side only: in Regular each home '
                             "line lies in front of its owner")
    value = data["north_line"]
    if value not in LINE_NAMES:
        raise BoardDataError(f'"north_line" must be "white" or "black", got {value!r}')
    return LINE_NAMES[str(value)]


def parse_options(options: Mapping[str, object]) -> Options:
    """Options from their names and values (texts from ``--option`` or the board file).

    Raises:
        BoardDataError: an unknown option, or a value it does not take.
    """
    for name, value in options.items():
        if name not in OPTION_CHOICES:
            raise BoardDataError(f"unknown option {name!r}; known options: "
                                 f"{', '.join(OPTION_CHOICES)}")
        if value not in OPTION_CHOICES[name]:
            raise BoardDataError(f"option {name} must be one of "
                                 f"{', '.join(OPTION_CHOICES[name])}, got {value!r}")
    return Options(deck_out=str(options.get("deck_out", TURN_END)))
