"""PlayMe board data (PM-D1, PM-D2) and options, parsed from a board-definition dict.

The board file (``calibration/boards/playme-standard.json``) holds the character-to-colour
mapping (PM-D1: which camera colour each character's six dice have; set at calibration), the
round tile's two sides as the camera reads them, which way each row faces (whose left is which
end of the row), the printed layout's numbers and the options. No I/O here. Pure standard
library; imports only ``engine``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from engine.board_fields import camera_colour, rgb
from engine.errors import BoardDataError
from engine.games.playme.characters import CHARACTERS, TITLES
from engine.games.playme.options import Options, parse_options
from engine.games.playme.zones import SEATS
from engine.layout import Layout
from engine.table import Colour

KNOWN_KEYS = ("game", "side", "title", "comment", "grid", "characters", "tile", "facing",
              "layout", "options")
CHARACTER_KEYS = ("name", "camera", "rgb")
FACINGS = ("south", "north")
"""``south``: the row's owner reads it from the south edge, slot 1 at the west end (column 0);
``north``: from the north edge, slot 1 at the east end (column 5)."""


@dataclass(frozen=True)
class CharacterData:
    """One character's dice (PM-D1).

    Attributes:
        key: the notation's name (``alice``). name: the title used in messages.
        camera: the colour the camera reads for its dice; None when the camera has no name
            for it (dice of a colour outside ``Colour``: such a character can be judged and
            entered, not followed by the camera).
        rgb: a reference colour for the printed legend and the camera.
    """

    key: str
    name: str
    camera: Colour | None
    rgb: tuple[int, int, int]


DEFAULT_CHARACTERS = (
    CharacterData("alice", TITLES["alice"], Colour.BLUE, (40, 90, 200)),
    CharacterData("queen", TITLES["queen"], Colour.RED, (200, 35, 45)),
    CharacterData("cat", TITLES["cat"], Colour.BLACK, (30, 30, 30)),
    CharacterData("hatter", TITLES["hatter"], Colour.GREEN, (40, 150, 70)),
    CharacterData("caterpillar", TITLES["caterpillar"], Colour.YELLOW, (230, 200, 40)),
    CharacterData("walrus", TITLES["walrus"], Colour.WHITE, (240, 240, 235)),
)
"""The shipped mapping: the camera's six die colours, one per character."""


@dataclass(frozen=True)
class Board:
    """The PlayMe board (one side, ``standard``).

    Attributes:
        side: the side name. characters: the six characters' dice, in ``CHARACTERS`` order.
        tile_rabbit, tile_jabberwock: the colour the camera reads on each side of the round
            tile (DEFAULT white for the White Rabbit, green for the Jabberwock).
        facing: for each of the six rows (north to south), ``south`` or ``north`` (``FACINGS``).
        options: see ``Options``. title: human name.
        layout: the printed board (``playme.layout``), set when loaded from a file.
    """

    side: str
    characters: tuple[CharacterData, ...] = DEFAULT_CHARACTERS
    tile_rabbit: Colour = Colour.WHITE
    tile_jabberwock: Colour = Colour.GREEN
    facing: tuple[str, ...] = ("south",) * SEATS
    options: Options = field(default_factory=Options)
    title: str = ""
    layout: Layout | None = None

    def character(self, key: str) -> CharacterData:
        """The data of character ``key``."""
        return self.characters[CHARACTERS.index(key)]

    def character_of(self, camera: Colour) -> str | None:
        """The character whose dice have the camera colour ``camera``, or None."""
        return next((c.key for c in self.characters if c.camera is camera), None)

    @property
    def palette(self) -> tuple[Colour, ...]:
        """The dice colours (characters' order), then the round tile's sides."""
        dice = [c.camera for c in self.characters if c.camera is not None]
        tiles = [t for t in (self.tile_rabbit, self.tile_jabberwock) if t not in dice]
        return (*dice, *dict.fromkeys(tiles))

    def with_options(self, **options: str) -> Board:
        """The same board with some options changed; BoardDataError naming a bad one."""
        return replace(self, options=parse_options({**self.options.as_texts(), **options}))


def load_board(side: str, data: Mapping[str, object]) -> Board:
    """A Board from a board-definition dict (docs/notation/playme.md, "Board file").

    Raises:
        BoardDataError: an unknown key, a wrong game, side or grid, bad characters, tile,
            facing or options; the message names the key and the problem.
    """
    if not isinstance(data, Mapping):
        raise BoardDataError("a board file must hold a JSON object")
    unknown = [k for k in data if k not in KNOWN_KEYS]
    if unknown:
        raise BoardDataError(f"unknown key {unknown[0]!r}; known keys: {', '.join(KNOWN_KEYS)}")
    _check_header(side, data)
    options = data.get("options", {})
    if not isinstance(options, Mapping):
        raise BoardDataError('"options" must be an object, e.g. {"players": 3}')
    title = data.get("title", side)
    if not isinstance(title, str):
        raise BoardDataError(f'"title" must be a string, got {title!r}')
    rabbit, jabberwock = parse_tile(data.get("tile"))
    return Board(side=side, characters=parse_characters(data.get("characters")),
                 tile_rabbit=rabbit, tile_jabberwock=jabberwock,
                 facing=parse_facing(data.get("facing")), options=parse_options(options),
                 title=title)


def _check_header(side: str, data: Mapping[str, object]) -> None:
    game = data.get("game", "playme")
    if game != "playme":
        raise BoardDataError(f"this board file is for game {game!r}, not 'playme'")
    if data.get("side", side) != side:
        raise BoardDataError(f"this board file is for side {data.get('side')!r}, not {side!r}")
    grid = data.get("grid", {"rows": SEATS, "cols": 6})
    if not isinstance(grid, Mapping) or dict(grid) != {"rows": SEATS, "cols": 6}:
        raise BoardDataError(f'"grid": PlayMe needs six rows of six slots, {{"rows": 6, '
                             f'"cols": 6}}, got {grid!r}')


def parse_characters(value: object) -> tuple[CharacterData, ...]:
    """The ``"characters"`` object: ``{"alice": {"name", "camera", "rgb"}, ...}`` with the six
    keys; absent, the defaults. ``camera`` is a camera colour name or null.

    Raises:
        BoardDataError: a missing or unknown character or field, a camera colour that is not
            one of the camera's names or is used twice, a bad RGB.
    """
    if value is None:
        return DEFAULT_CHARACTERS
    if not isinstance(value, Mapping) or sorted(value) != sorted(CHARACTERS):
        raise BoardDataError(f'"characters" must be an object with exactly the keys '
                             f'{", ".join(CHARACTERS)}, e.g. {{"alice": {{"camera": "blue"}}, '
                             f'...}}')
    parsed = tuple(_parse_character(d.key, value[d.key], d) for d in DEFAULT_CHARACTERS)
    cameras = [c.camera for c in parsed if c.camera is not None]
    if len(set(cameras)) != len(cameras):
        raise BoardDataError(f'"characters": each character needs its own camera colour, got '
                             f'{", ".join(c.value for c in cameras)}')
    return parsed


def _parse_character(key: str, value: object, default: CharacterData) -> CharacterData:
    where = f'"characters" {key}'
    if not isinstance(value, Mapping):
        raise BoardDataError(f'{where} must be an object with {", ".join(CHARACTER_KEYS)}')
    for key_ in value:
        if key_ not in CHARACTER_KEYS:
            raise BoardDataError(f"{where}: unknown key {key_!r}; known keys: "
                                 f"{', '.join(CHARACTER_KEYS)}")
    name = value.get("name", default.name)
    if not isinstance(name, str) or not name.strip():
        raise BoardDataError(f"{where} name must be a non-empty string, got {name!r}")
    camera = value.get("camera", None if default.camera is None else default.camera.value)
    return CharacterData(key, name,
                         None if camera is None else camera_colour(where, camera, or_null=True),
                         rgb(where, value.get("rgb", list(default.rgb))))


def parse_tile(value: object) -> tuple[Colour, Colour]:
    """The ``"tile"`` object ``{"rabbit": "white", "jabberwock": "green"}`` (DEFAULT those).

    Raises:
        BoardDataError: not an object, an unknown key, a bad colour, the same colour twice.
    """
    if value is None:
        return Colour.WHITE, Colour.GREEN
    if not isinstance(value, Mapping) or sorted(value) != ["jabberwock", "rabbit"]:
        raise BoardDataError('"tile" must be an object with the keys rabbit and jabberwock, '
                             'e.g. {"rabbit": "white", "jabberwock": "green"}')
    rabbit = camera_colour('"tile" rabbit', value["rabbit"])
    jabberwock = camera_colour('"tile" jabberwock', value["jabberwock"])
    if rabbit is jabberwock or rabbit is None or jabberwock is None:
        raise BoardDataError('"tile": the two sides need two different colours')
    return rabbit, jabberwock


def parse_facing(value: object) -> tuple[str, ...]:
    """The ``"facing"`` list: six words, ``south`` or ``north``, for the rows north to south
    (DEFAULT all ``south``: slot 1 at the west end of every row).

    Raises:
        BoardDataError: not a list of six such words.
    """
    if value is None:
        return ("south",) * SEATS
    if (not isinstance(value, list) or len(value) != SEATS
            or not all(v in FACINGS for v in value)):
        raise BoardDataError(f'"facing" must list six words, south or north, one per row '
                             f'north to south, got {value!r}')
    return tuple(str(v) for v in value)
