"""What a PlayMe table view shows, in the game's terms, once it can be trusted.

A trusted view is settled, every item read with enough confidence, the grid six rows of six
cells, every die's colour one of the characters' (a character nobody plays makes an ``X``
die), every tile's colour one of the round tile's sides. Seat ``p`` reads grid row ``p - 1``
(north to south); its slots run west to east when the row faces south, east to west when it
faces north (board data ``facing``). Dice lying in the tile zone, on the card spots or outside
every zone are hand dice just rolled: not read. Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.games.playme.board import Board
from engine.games.playme.dice import SLOTS, UNUSED, Die, Row
from engine.games.playme.position import Position
from engine.games.playme.zones import SEATS, aside
from engine.table import Colour, Item, ItemKind, TableView

Slots = tuple[Die | None, ...]


@dataclass(frozen=True)
class Seen:
    """A trusted view.

    Attributes:
        slots: per seated player, the six slots (slot 1 first), None for an empty one.
        stray: the rows of seats nobody sits at that hold dice (player numbers).
        aside: per seated player, the dice in their set-aside spot.
        tiles: the colours of the tiles seen anywhere.
    """

    slots: tuple[Slots, ...]
    stray: tuple[int, ...]
    aside: tuple[tuple[Die, ...], ...]
    tiles: tuple[Colour, ...]


def read_view(view: TableView, pos: Position, min_confidence: float) -> Seen | str:
    """The view as ``Seen`` for the players of ``pos``, or why it cannot be trusted (a short
    OLED sentence)."""
    ok, why = view.is_trustworthy(min_confidence)
    if not ok:
        return why
    if view.rows != SEATS or any(len(row) != SLOTS for row in view.grid):
        return "the six rows are not seen whole"
    problem = _problems(view, pos.board)
    if problem:
        return problem
    owner = _owners(pos)
    slots = tuple(_slots(view, pos.board, p, owner) for p in pos.seats)
    stray = tuple(r + 1 for r in range(pos.count, SEATS) if any(view.grid[r]))
    asides = tuple(tuple(Die(owner[i.colour], i.face or 0) for i in view.zone(aside(p))
                         if i.kind is ItemKind.DIE) for p in pos.seats)
    tiles = tuple(i.colour for i in view.dice() if i.kind is ItemKind.TILE)
    return Seen(slots, stray, asides, tiles)


def _problems(view: TableView, board: Board) -> str:
    """Why the items cannot be read in PlayMe terms, or ''."""
    cells = [i for row in view.grid for i in row if i is not None]
    if any(i.kind is not ItemKind.DIE for i in cells):
        return "only dice lie on the rows"
    for item in view.dice():
        if item.kind is ItemKind.DIE and board.character_of(item.colour) is None:
            return "a die's colour is not a character's"
        if item.kind is ItemKind.DIE and not 1 <= (item.face or 0) <= 6:
            return "a die's face is unclear"
        if item.kind is ItemKind.TILE and item.colour not in (board.tile_rabbit,
                                                              board.tile_jabberwock):
            return "the round tile's side is unclear"
    return ""


def _owners(pos: Position) -> dict[Colour, int]:
    """Camera colour -> seated player, or ``UNUSED`` for a character nobody plays."""
    owners = {}
    for data in pos.board.characters:
        if data.camera is not None:
            seat = pos.seat_of(data.key)
            owners[data.camera] = UNUSED if seat is None else seat
    return owners


def _slots(view: TableView, board: Board, p: int, owner: dict[Colour, int]) -> Slots:
    row = view.grid[p - 1]
    cells = row if board.facing[p - 1] == "south" else tuple(reversed(row))
    return tuple(None if i is None else _die(i, owner) for i in cells)


def _die(item: Item, owner: dict[Colour, int]) -> Die:
    return Die(owner[item.colour], item.face or 0)


def seen_rows(seen: Seen) -> tuple[Row, ...]:
    """Each seated player's dice, slot 1 first, empty slots skipped."""
    return tuple(tuple(d for d in slots if d is not None) for slots in seen.slots)


def first_gap(slots: Slots) -> int | None:
    """The index of an empty slot with a die right of it, or None."""
    for i, die in enumerate(slots):
        if die is None and any(d is not None for d in slots[i + 1:]):
            return i
    return None


def gapped(seen: Seen) -> bool:
    """A row with a die beyond an empty slot."""
    return any(first_gap(s) is not None for s in seen.slots)
