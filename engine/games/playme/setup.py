"""PlayMe set-up (PM-S1..S3, PM-R2), random starts, and the view a position gives.

PM-S1..S3: the round tile in its place, White Rabbit up; every card on its Wonder side; each
player with the six dice of their character's colour. Who plays which character comes from
the board's options (``characters``, ``players``): the camera cannot see the cards. The table
is set up when the rows show the first round's start (PM-R2: only the Caterpillar's own 1 in
slot 1) and the tile lies White Rabbit up; the game then waits for "Play me!" (START, entered
with the buttons). Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from dataclasses import replace

from engine.game import Chance
from engine.games.playme.board import Board
from engine.games.playme.characters import CATERPILLAR, HATTER, MADNESS, WONDER
from engine.games.playme.dice import SLOTS, UNUSED, Die, next_slot
from engine.games.playme.position import Player
from engine.games.playme.reading import gapped, read_view, seen_rows
from engine.games.playme.state import State
from engine.games.playme.zones import SEATS, TILE, ZONES, aside, card
from engine.table import Colour, Item, ItemKind, TableView


def first_round(board: Board) -> State:
    """The position before the first "Play me!": the board's seating, every card on Wonder,
    the start rows (PM-R2)."""
    players = tuple(Player(c, WONDER) for c in board.options.seating)
    state = State(board=board, players=players, started=False)
    return state.with_rows(state.start_rows())


def setup_from_view(view: TableView, board: Board,
                    min_confidence: float) -> tuple[State | None, str]:
    """The first round's position once the table shows its start, else (None, what to do)."""
    start = first_round(board)
    blind = [board.character(c).name for c in board.options.seating
             if board.character(c).camera is None]
    if blind:
        return None, f"give the {blind[0]} a camera colour in the board file"
    seen = read_view(view, start, min_confidence)
    if isinstance(seen, str):
        return None, seen
    if seen_rows(seen) != start.rows() or seen.stray or gapped(seen):
        caterpillar = start.seat_of(CATERPILLAR)
        if caterpillar is not None:
            return None, f"only P{caterpillar}'s 1 (Caterpillar) in slot 1 on the rows"
        return None, "clear the rows"
    if board.tile_rabbit not in seen.tiles:
        return None, "lay the round tile, White Rabbit up, in its place"
    if board.tile_jabberwock in seen.tiles:
        return None, "turn the round tile to the White Rabbit"
    return start, ""


def random_start(board: Board, chance: Chance) -> State:
    """A random round start of the rabbit phase that the table of ``setup_from_view`` shows:
    every card whose side the start layout does not show (all but the Caterpillar's and the
    Mad Hatter's) on a random side, a Madness side being one round won; not all on Madness
    (PM-E2); the round started or about to."""
    state = first_round(board)
    hidden = [p for p in state.seats if state.character(p) not in (CATERPILLAR, HATTER)]
    mad = [p for p in hidden if chance.randint(0, 1)]
    if len(mad) == state.count:
        mad = mad[1:]
    for p in mad:
        state = state.with_player(p, mode=MADNESS, wins=1)
    first = chance.choice(mad) if mad else None
    return replace(state, first=first, started=chance.randint(0, 3) > 0)


def expected_view(state: State) -> TableView:
    """The settled view of ``state``: each row (in the direction its seat faces), the round
    tile (White Rabbit up in its place; Jabberwock up on the Jabberwock's card), the Mad
    Hatter's set-aside die (face 1: the referee reads no face there) and under PM-O3 the group
    block's dice on the Jabberwock's spot."""
    grid = tuple(_grid_row(state, r) for r in range(SEATS))
    zones: dict[str, list[Item]] = {name: [] for name in ZONES}
    board = state.board
    if state.in_jabberwock_phase and state.jabberwock is not None:
        zones[card(state.jabberwock)].append(Item(None, board.tile_jabberwock,
                                                  kind=ItemKind.TILE))
    else:
        zones[TILE].append(Item(None, board.tile_rabbit, kind=ItemKind.TILE))
    for p in state.seats:
        if state.keeps_aside(p):
            zones[aside(p)].append(_item(state, Die(p, 1)))
    if state.mad_jabberwock and state.jabberwock is not None:
        n = next_slot(state.row(state.jabberwock))
        zones[aside(state.jabberwock)] += [_item(state, Die(s, n)) for s in state.group]
    return TableView(grid=grid, zones=tuple((name, tuple(zones[name])) for name in ZONES))


def _grid_row(state: State, r: int) -> tuple[Item | None, ...]:
    if r >= state.count:
        return (None,) * SLOTS
    row = state.row(r + 1)
    cells = tuple(_item(state, row[i]) if i < len(row) else None for i in range(SLOTS))
    return cells if state.board.facing[r] == "south" else tuple(reversed(cells))


def _item(state: State, die: Die) -> Item:
    return Item(die.face, die_colour(state, die.owner), kind=ItemKind.DIE)


def die_colour(state: State, owner: int) -> Colour:
    """The camera colour of ``owner``'s dice; for ``UNUSED`` the first character nobody plays
    that has one; UNKNOWN when there is none."""
    board = state.board
    if owner != UNUSED:
        return board.character(state.character(owner)).camera or Colour.UNKNOWN
    playing = {pl.character for pl in state.players}
    free = [c.camera for c in board.characters if c.key not in playing and c.camera is not None]
    return free[0] if free else Colour.UNKNOWN


__all__ = ["expected_view", "first_round", "random_start", "setup_from_view"]
