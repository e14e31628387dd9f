"""Bossa's dot tiles (rules section 1) and the two line colours.

A tile shows a die face with ``white`` white pips and ``black`` black pips; the set holds exactly
one tile for every pair of whole numbers with ``1 <= white + black <= 6``: 27 tiles. A tile is
named ``W<w>B<b>`` (``W2B1``); tiles sort by ``(white, black)``, which is also the order of their
names, and every list of tiles in the notation is printed in that order.
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from engine.errors import NotationError
from engine.table import tile_face

WHITE = "W"
BLACK = "B"
COLOURS = (WHITE, BLACK)
"""The line colours in the notation's order: the white line first."""
COLOUR_NAMES = {WHITE: "white", BLACK: "black"}
MAX_PIPS = 6
_NAME = re.compile(r"W(\d)B(\d)")


@dataclass(frozen=True, order=True)
class Tile:
    """One dot tile: its white and black pip counts."""

    white: int
    black: int

    def pips(self, colour: str) -> int:
        """The tile's value in a line of ``colour`` (W or B): its pips of that colour only; the
        two colours are never added together."""
        return self.white if colour == WHITE else self.black

    def fits(self, colour: str) -> bool:
        """Whether the tile can be used in a line of ``colour``: a tile without pips of that
        colour cannot (it does not count as zero, BO-F3)."""
        return self.pips(colour) > 0

    @property
    def code(self) -> int:
        """The camera's number for the tile, ``10 * white + black`` (``W2B1`` is 21:
        ``engine.table.tile_face``)."""
        return tile_face(self.white, self.black)

    def __str__(self) -> str:
        return f"W{self.white}B{self.black}"


TILES = tuple(Tile(w, b) for w in range(MAX_PIPS + 1) for b in range(MAX_PIPS + 1)
              if 1 <= w + b <= MAX_PIPS)
"""The 27 tiles in their canonical order."""
BY_CODE = {t.code: t for t in TILES}


def parse_tile(text: str) -> Tile:
    """A tile from its name (``W2B1``; upper case).

    Raises:
        NotationError: not a name ``W<w>B<b>``, or no such tile (``1 <= w + b <= 6``).
    """
    m = _NAME.fullmatch(text)
    if m is None:
        raise NotationError(f"{text!r} is not a tile: tiles are named W<white>B<black>, "
                            f"e.g. W2B1")
    tile = Tile(int(m.group(1)), int(m.group(2)))
    if not 1 <= tile.white + tile.black <= MAX_PIPS:
        raise NotationError(f"there is no tile {text}: a tile has 1 to 6 pips in all")
    return tile


def parse_tiles(text: str, sep: str, what: str) -> tuple[Tile, ...]:
    """Distinct tiles joined by ``sep``, in the canonical order (any order accepted).

    Raises:
        NotationError: a bad tile name, an empty part, or a tile named twice.
    """
    tiles = [parse_tile(part) for part in text.split(sep)]
    if len(set(tiles)) != len(tiles):
        twice = next(t for t in tiles if tiles.count(t) > 1)
        raise NotationError(f"{what} names {twice} twice: there is one tile of each kind")
    return tuple(sorted(tiles))


def tiles_text(tiles: Iterable[Tile], sep: str) -> str:
    """Tiles in the canonical order joined by ``sep``."""
    return sep.join(str(t) for t in sorted(tiles))


def pip_sum(tiles: Iterable[Tile], colour: str) -> int:
    """The pips of ``colour`` on ``tiles``, added up."""
    return sum(t.pips(colour) for t in tiles)
