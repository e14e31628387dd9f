"""How Bossa's pieces appear as ``engine.table.Item`` values, and the view a position gives.

- a die: ``Item(face=<pips>, colour=WHITE)`` for the white die (white pips),
  ``colour=BLACK`` for the black die, ``kind=DIE``, in the grid's cells;
- a tile lying face up: ``kind=TILE``, ``face = 10 * white + black`` (``W2B1`` is 21),
  ``colour=WHITE`` (the tile's body; the pips' colours are in the face), ``stacked=True`` when
  it lies on another tile (a Stack's layer);
- anything lying face down (the deck's top tile, the tile set aside, a hidden hand's tile, a
  used action marker): ``kind=TILE``, ``face=0``;
- an action marker face up (unused): ``kind=TILE``, ``face=7`` (no tile has that number).

A face of ``None`` is a piece the camera could not read. Pure standard library; imports only
``engine``.
"""

from __future__ import annotations

from engine.games.bossa.lines import Line
from engine.games.bossa.state import State
from engine.games.bossa.tiles import BLACK, WHITE, Tile
from engine.games.bossa.zones import (
    BANDS,
    DECK,
    DISCARD,
    HANDS,
    MARKER_ZONES,
    REMOVED,
    ZONE_NAMES,
    band_of,
    spot_of,
)
from engine.table import TILE_FACE_DOWN, TILE_TOKEN_UP, Colour, Item, ItemKind, TableView

FACE_DOWN = TILE_FACE_DOWN
MARKER_UP = TILE_TOKEN_UP
PALETTE = (Colour.WHITE, Colour.BLACK)
DIE_COLOURS = {WHITE: Colour.WHITE, BLACK: Colour.BLACK}


def tile_item(tile: Tile, stacked: bool = False) -> Item:
    return Item(face=tile.code, colour=Colour.WHITE, kind=ItemKind.TILE, stacked=stacked)


def face_down_item() -> Item:
    return Item(face=FACE_DOWN, colour=Colour.WHITE, kind=ItemKind.TILE)


def marker_item(up: bool) -> Item:
    return Item(face=MARKER_UP if up else FACE_DOWN, colour=Colour.WHITE, kind=ItemKind.TILE)


def die_item(line: Line) -> Item:
    return Item(face=line.die, colour=DIE_COLOURS[line.colour], kind=ItemKind.DIE)


def expected_view(state: State) -> TableView:
    """The settled view of a table in position ``state``: the dice in
    their cells, each position's top layer in its spot (stacked when it has layers below),
    positions beyond the printed spots outside every zone, the hands, the discard pile, one
    face-down tile on the deck while it holds any, the tile set aside (BO-S1) when a tile is
    unaccounted for, and the six markers. Tiles of a zone in canonical order."""
    zones: dict[str, list[Item]] = {name: [] for name in ZONE_NAMES}
    outside: list[Item] = []
    dice: dict[str, Item] = {}
    for line in state.lines:
        band = band_of(state.board, state.home1, line.colour)
        dice[band] = die_item(line)
        for p in line.positions:
            items = [tile_item(t, len(p.layers) > 1) for t in p.top]
            spot = spot_of(state.board, band, line, p.value)
            (zones[spot] if spot is not None else outside).extend(items)
    for player, name in enumerate(HANDS, start=1):
        zones[name] = [tile_item(t) for t in state.hand(player)]
    zones[DISCARD] = [tile_item(t) for t in state.discard]
    zones[DECK] = [face_down_item()] if state.deck else []
    zones[REMOVED] = [face_down_item()] if len(state.unseen()) > state.deck else []
    for (player, marker), name in MARKER_ZONES.items():
        zones[name] = [marker_item(marker in state.unused(player))]
    grid = tuple((dice[band],) for band in BANDS)
    return TableView(grid=grid, outside=tuple(outside),
                     zones=tuple((name, tuple(zones[name])) for name in ZONE_NAMES))
