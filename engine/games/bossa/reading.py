"""What a Bossa table view shows, in the game's terms, or why it cannot be trusted.

``read_view`` checks the view (settled, every piece read and confident, colours of the palette,
each piece a kind the zone holds, no tile seen twice) and returns a ``Seen``: the two dice, the
open hands (and how many tiles lie face down in them), each spot's tiles with their stacked
flags, the tiles outside every zone, the discard pile and the six markers. The deck and the
tile set aside are not read (the deck's size is tracked). Pure standard library; imports only
``engine``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine.games.bossa.pieces import FACE_DOWN, MARKER_UP, PALETTE
from engine.games.bossa.tiles import BY_CODE, Tile
from engine.games.bossa.zones import BANDS, DISCARD, HANDS, MARKER_ZONES, SPOT_ZONES
from engine.table import Item, ItemKind, TableView

SpotTiles = tuple[tuple[Tile, bool], ...]
"""The tiles seen in a spot, each with its stacked flag."""


@dataclass(frozen=True)
class Seen:
    """A trusted reading of the table.

    Attributes:
        dice: the die item of the north cell, then of the south cell (None when empty).
        hands: the face-up tiles of player 1's hand zone, then of player 2's.
        hidden: how many tiles lie face down in each hand zone.
        spots: each spot zone's tiles with their stacked flags.
        beyond: tiles outside every zone (positions beyond the printed spots).
        discard: the discard pile.
        markers: each marker zone's marker: True face up, False face down, None when absent.
    """

    dice: tuple[Item | None, Item | None]
    hands: tuple[tuple[Tile, ...], tuple[Tile, ...]]
    hidden: tuple[int, int]
    spots: Mapping[str, SpotTiles]
    beyond: tuple[Tile, ...]
    discard: tuple[Tile, ...]
    markers: Mapping[str, bool | None]

    def places(self) -> dict[Tile, str]:
        """Where each face-up tile is seen: ``hand_1``, a spot's name, ``discard`` or
        ``out``."""
        found: dict[Tile, str] = {}
        for name, tiles in zip(HANDS, self.hands, strict=True):
            found.update(dict.fromkeys(tiles, name))
        for name, spot in self.spots.items():
            found.update({tile: name for tile, _ in spot})
        found.update(dict.fromkeys(self.discard, DISCARD))
        found.update(dict.fromkeys(self.beyond, "out"))
        return found

    def stacked(self) -> dict[Tile, bool]:
        return {tile: flag for spot in self.spots.values() for tile, flag in spot}


def read_view(view: TableView, min_confidence: float) -> Seen | str:
    """The reading of ``view``, or what is wrong with it (an OLED line)."""
    trusted, why = view.is_trustworthy(min_confidence)
    if not trusted:
        return why
    problem = _check_items(view)
    if problem:
        return problem
    if view.rows != len(BANDS) or view.cols != 1:
        return "not a Bossa table: two die cells expected"
    try:
        seen = Seen(dice=(view.grid[0][0], view.grid[1][0]),
                    hands=(_tiles(view, HANDS[0]), _tiles(view, HANDS[1])),
                    hidden=(_face_down(view, HANDS[0]), _face_down(view, HANDS[1])),
                    spots={name: _spot(view, name) for name in SPOT_ZONES},
                    beyond=_open_tiles(view.outside, "off the zones"),
                    discard=_tiles(view, DISCARD), markers=_markers(view))
    except _Unreadable as exc:
        return str(exc)
    return _no_tile_twice(seen) or seen


class _Unreadable(Exception):
    """A piece where the view cannot be refereed (the message says what to fix)."""


def _check_items(view: TableView) -> str:
    for item in view.dice():
        if item.colour not in PALETTE:
            return f"a {item.kind.value} of an unknown colour"
        if item.face is None:
            return f"a {item.kind.value} is hard to read"
        if item.kind is ItemKind.TILE and item.face not in (*BY_CODE, FACE_DOWN, MARKER_UP):
            return "a tile is misread"
    for row in view.grid:
        if any(item is not None and item.kind is not ItemKind.DIE for item in row):
            return "only the dice go in the die cells"
    rest = [*view.outside, *(i for _, items in view.zones for i in items)]
    if any(item.kind is not ItemKind.TILE for item in rest):
        return "put the dice in their cells"
    return ""


def _open_tiles(items: tuple[Item, ...], where: str) -> tuple[Tile, ...]:
    """The face-up tiles of ``items``; a marker there cannot be refereed."""
    if any(i.face == MARKER_UP for i in items):
        raise _Unreadable(f"put the marker {where} on its place")
    return tuple(sorted(BY_CODE[i.face] for i in items if i.face in BY_CODE))


def _tiles(view: TableView, name: str) -> tuple[Tile, ...]:
    items = view.zone(name)
    if name != HANDS[0] and name != HANDS[1] and any(i.face == FACE_DOWN for i in items):
        raise _Unreadable(f"turn the tile in the {name.replace('_', ' ')} face up")
    return _open_tiles(items, f"in the {name.replace('_', ' ')}")


def _face_down(view: TableView, name: str) -> int:
    return sum(1 for i in view.zone(name) if i.face == FACE_DOWN)


def _spot(view: TableView, name: str) -> SpotTiles:
    items = view.zone(name)
    _tiles(view, name)  # no marker, nothing face down
    return tuple(sorted((BY_CODE[i.face], i.stacked) for i in items if i.face in BY_CODE))


def _markers(view: TableView) -> dict[str, bool | None]:
    markers: dict[str, bool | None] = {}
    for name in MARKER_ZONES.values():
        items = view.zone(name)
        if len(items) > 1 or any(i.face not in (FACE_DOWN, MARKER_UP) for i in items):
            raise _Unreadable(f"only the marker goes on the {name.replace('_', ' ')} place")
        markers[name] = None if not items else items[0].face == MARKER_UP
    return markers


def _no_tile_twice(seen: Seen) -> str:
    tiles = [*seen.hands[0], *seen.hands[1], *(t for s in seen.spots.values() for t, _ in s),
             *seen.beyond, *seen.discard]
    twice = next((t for t in tiles if tiles.count(t) > 1), None)
    return "" if twice is None else f"{twice} is seen twice"
