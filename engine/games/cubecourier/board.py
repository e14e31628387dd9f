"""CubeCourier board data (CC-D1) and game options, parsed from a board-definition dict.

The board file (``calibration/boards/cubecourier-standard.json``) names the three cube colours
(the letters K, R, W of the notation are fixed; their names, the camera colour each is read as,
the printed symbol and a reference RGB are data), the printed layout's numbers (cell and cube
size, the off-board zone) and the options. No I/O here. Pure standard library; imports only
``engine``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from engine.board_fields import camera_colour, rgb
from engine.errors import BoardDataError
from engine.games.cubecourier.cube import COLOURS
from engine.layout import Layout
from engine.table import Colour

SIZE = 3
KNOWN_KEYS = ("game", "side", "title", "comment", "grid", "colours", "layout", "options")
COLOUR_KEYS = ("name", "camera", "symbol", "rgb")
THRESHOLDS = tuple(str(n) for n in range(2, 10))
OPTION_CHOICES = {
    "repetition_threshold": THRESHOLDS,  # CC-R1: the occurrence that proposes the procedure
}


@dataclass(frozen=True)
class ColourData:
    """One cube colour (CC-D1).

    Attributes:
        letter: K, R or W (the notation's letter).
        name: the word used in messages ("red").
        camera: the ``Colour`` the camera reads for it.
        symbol: the mark printed on the cube's faces (●, ■, △).
        rgb: a reference colour for the camera and the printed legend.
    """

    letter: str
    name: str
    camera: Colour
    symbol: str
    rgb: tuple[int, int, int]


DEFAULT_COLOURS = (
    ColourData("K", "black", Colour.BLACK, "●", (30, 30, 30)),
    ColourData("R", "red", Colour.RED, "■", (200, 35, 45)),
    ColourData("W", "white", Colour.WHITE, "△", (240, 240, 235)),
)


@dataclass(frozen=True)
class Options:
    """Rule interpretations that are named options (README section 2, DEFAULT values).

    Attributes:
        repetition_threshold: CC-R1, the occurrence of a position that makes the device
            propose the repetition procedure (DEFAULT 3, the third; 2 to 9).
    """

    repetition_threshold: int = 3

    def as_texts(self) -> dict[str, str]:
        return {"repetition_threshold": str(self.repetition_threshold)}


@dataclass(frozen=True)
class Board:
    """The CubeCourier board (one side, ``standard``).

    Attributes:
        side: the side name. colours: the three colours in K, R, W order.
        options: see ``Options``. title: human name.
        layout: the printed board (``cubecourier.layout``), set when loaded from a file.
    """

    side: str
    colours: tuple[ColourData, ...] = DEFAULT_COLOURS
    options: Options = Options()
    title: str = ""
    layout: Layout | None = None

    def colour(self, letter: str) -> ColourData:
        """The data of colour ``letter`` (K, R, W)."""
        return self.colours[COLOURS.index(letter)]

    def letter_of(self, camera: Colour) -> str | None:
        """The cube colour the camera colour ``camera`` stands for, None when it is none."""
        return next((c.letter for c in self.colours if c.camera is camera), None)

    @property
    def palette(self) -> tuple[Colour, ...]:
        return tuple(c.camera for c in self.colours)

    def with_options(self, **options: str) -> Board:
        """The same board with some options changed; BoardDataError naming a bad one."""
        return replace(self, options=parse_options({**self.options.as_texts(), **options}))


def load_board(side: str, data: Mapping[str, object]) -> Board:
    """A Board from a board-definition dict (docs/notation/cubecourier.md, "Board file").

    Raises:
        BoardDataError: an unknown key, a wrong game, side or grid, bad colours or options;
            the message names the key and the problem.
    """
    if not isinstance(data, Mapping):
        raise BoardDataError("a board file must hold a JSON object")
    unknown = [k for k in data if k not in KNOWN_KEYS]
    if unknown:
        raise BoardDataError(f"unknown key {unknown[0]!r}; known keys: {', '.join(KNOWN_KEYS)}")
    _check_header(side, data)
    options = data.get("options", {})
    if not isinstance(options, Mapping):
        raise BoardDataError('"options" must be an object, e.g. {"repetition_threshold": 3}')
    title = data.get("title", side)
    if not isinstance(title, str):
        raise BoardDataError(f'"title" must be a string, got {title!r}')
    return Board(side=side, colours=parse_colours(data.get("colours")),
                 options=parse_options(options), title=title)


def _check_header(side: str, data: Mapping[str, object]) -> None:
    game = data.get("game", "cubecourier")
    if game != "cubecourier":
        raise BoardDataError(f"this board file is for game {game!r}, not 'cubecourier'")
    if data.get("side", side) != side:
        raise BoardDataError(f"this board file is for side {data.get('side')!r}, not {side!r}")
    grid = data.get("grid", {"rows": SIZE, "cols": SIZE})
    if not isinstance(grid, Mapping) or dict(grid) != {"rows": SIZE, "cols": SIZE}:
        raise BoardDataError(f'"grid": CubeCourier needs a 3 x 3 grid, {{"rows": 3, "cols": 3}},'
                             f" got {grid!r}")


def parse_colours(value: object) -> tuple[ColourData, ...]:
    """The ``"colours"`` object: ``{"K": {"name", "camera", "symbol", "rgb"}, "R": ..., "W":
    ...}``; absent, the defaults (black, red, white).

    Raises:
        BoardDataError: a missing or unknown letter or field, a camera colour that is not one
            of the camera's names or is used twice, a bad RGB.
    """
    if value is None:
        return DEFAULT_COLOURS
    if not isinstance(value, Mapping) or sorted(value) != sorted(COLOURS):
        raise BoardDataError('"colours" must be an object with exactly the keys K, R and W, '
                             'e.g. {"K": {"name": "black", "camera": "black", ...}, ...}')
    parsed = tuple(_parse_colour(letter, value[letter], default)
                   for letter, default in zip(COLOURS, DEFAULT_COLOURS, strict=True))
    cameras = [c.camera for c in parsed]
    if len(set(cameras)) != len(cameras):
        raise BoardDataError(f'"colours": each letter needs its own camera colour, got '
                             f'{", ".join(c.value for c in cameras)}')
    return parsed


def _parse_colour(letter: str, value: object, default: ColourData) -> ColourData:
    where = f'"colours" {letter}'
    if not isinstance(value, Mapping):
        raise BoardDataError(f'{where} must be an object with {", ".join(COLOUR_KEYS)}')
    for key in value:
        if key not in COLOUR_KEYS:
            raise BoardDataError(f"{where}: unknown key {key!r}; known keys: "
                                 f"{', '.join(COLOUR_KEYS)}")
    name = _text(where, "name", value.get("name", default.name))
    symbol = _text(where, "symbol", value.get("symbol", default.symbol))
    return ColourData(letter, name,
                      camera_colour(where, value.get("camera", default.camera.value)),
                      symbol, rgb(where, value.get("rgb", list(default.rgb))))


def _text(where: str, key: str, value: object) -> str:
    if not isinstance(value, str) or not value.strip():
        raise BoardDataError(f"{where} {key} must be a non-empty string, got {value!r}")
    return value


def parse_options(options: Mapping[str, object]) -> Options:
    """Options from their names and values (texts from ``--option``, or JSON numbers).

    Raises:
        BoardDataError: an unknown option, or a value it does not take.
    """
    for name, value in options.items():
        if name not in OPTION_CHOICES:
            raise BoardDataError(f"unknown option {name!r}; known options: "
                                 f"{', '.join(OPTION_CHOICES)}")
        if isinstance(value, bool) or str(value).strip() not in OPTION_CHOICES[name]:
            raise BoardDataError(f"option {name} must be one of "
                                 f"{', '.join(OPTION_CHOICES[name])}, got {value!r}")
    threshold = options.get("repetition_threshold", Options.repetition_threshold)
    return Options(repetition_threshold=int(str(threshold).strip()))
