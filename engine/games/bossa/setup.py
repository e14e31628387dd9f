"""Bossa set-up from a table view (BO-S1..S7, BO-N1, BO-N2) and random starts.

The camera reads the set-up once it is complete: the two dice in their cells with different
values (equal rolls are rolled again, BO-S4), the lines and the discard pile empty, the six
markers face up (BO-S3), both hands face up (BO-S7; Novice deals them face up, BO-N1). In
Regular the die lying in the south cell is player 1's home line (BO-S6: each home die in front
of its owner); in Novice the board data says which die lies north (else BO-F12). Who plays first
follows from the players' choice (BO-S5) or from the rolls (BO-N2), which the camera cannot
tell apart: the set-up is complete with the first draw, and the hand holding five tiles is the
first player's. The start is then that player's turn after their draw (deck 17: 27 tiles, one
set aside, eight dealt, one drawn). Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from engine.game import Chance
from engine.games.bossa.board import Board
from engine.games.bossa.lines import Line
from engine.games.bossa.reading import Seen, read_view
from engine.games.bossa.state import PLAY_PHASE, State
from engine.games.bossa.tiles import BLACK, COLOURS, TILES, WHITE, Tile
from engine.games.bossa.zones import BANDS, NORTH
from engine.table import Colour, TableView

HAND = 4
"""BO-S2: tiles dealt to each player."""
DECK_AT_START = len(TILES) - 1 - 2 * HAND - 1
"""The deck after BO-S1 (one tile set aside), BO-S2 (four tiles each) and the first draw."""
_DIE_LINES = {Colour.WHITE: WHITE, Colour.BLACK: BLACK}


def start(board: Board, dice: dict[str, int], hands: tuple[tuple[Tile, ...], tuple[Tile, ...]],
          first: int, home1: str | None) -> State:
    """The position after the set-up and the first player's draw (see the module docstring)."""
    lines = (Line(WHITE, dice[WHITE]), Line(BLACK, dice[BLACK]))
    return State(board=board, lines=lines, hands=(tuple(sorted(hands[0])), tuple(sorted(hands[1]))),
                 deck=DECK_AT_START, to=first, phase=PLAY_PHASE,
                 home1=home1 if board.regular else None)


def setup_from_view(view: TableView, board: Board,
                    min_confidence: float) -> tuple[State | None, str]:
    """The starting position once the view shows the complete set-up and the first draw,
    else (None, what to do)."""
    seen = read_view(view, min_confidence)
    if isinstance(seen, str):
        return None, seen
    dice = _dice(seen, board)
    if isinstance(dice, str):
        return None, dice
    why = _table_ready(seen, board)
    if why:
        return None, why
    sizes = (len(seen.hands[0]), len(seen.hands[1]))
    if sizes == (HAND, HAND):
        return None, "first player: draw a tile"
    if sizes not in ((HAND + 1, HAND), (HAND, HAND + 1)):
        return None, f"deal {HAND} tiles to each hand: {sizes[0]} and {sizes[1]} seen"
    first = 1 if sizes[0] > sizes[1] else 2
    home1 = _line_of(seen, "south")
    return start(board, dice, seen.hands, first, home1), ""


def _line_of(seen: Seen, band: str) -> str:
    die = seen.dice[BANDS.index(band)]
    return WHITE if die is not None and die.colour is Colour.WHITE else BLACK


def _dice(seen: Seen, board: Board) -> dict[str, int] | str:
    """The dice values by line, or what to do: BO-S4 (equal rolls), BO-F12 (Novice: the
    board data's die in the north cell)."""
    colours = [None if d is None else d.colour for d in seen.dice]
    if sorted(c.value for c in colours if c is not None) != ["black", "white"]:
        return "put the white die and the black die in their cells"
    dice = {_DIE_LINES[d.colour]: d.face or 0 for d in seen.dice if d is not None}
    if dice[WHITE] == dice[BLACK]:
        return "equal rolls: roll both dice again (BO-S4)"
    if not board.regular and _line_of(seen, NORTH) != board.north_line:
        name = "white" if board.north_line == WHITE else "black"
        return f"BO-F12: the {name} die goes in the north cell"
    return dice


def _table_ready(seen: Seen, board: Board) -> str:
    if any(seen.spots.values()) or seen.beyond:
        return "the lines start empty: clear them"
    if seen.discard:
        return "the discard pile starts empty"
    if not all(seen.markers.values()):
        return "lay the six action markers face up (BO-S3)"
    if any(seen.hidden):
        return "turn both hands face up (BO-S7)" if board.regular else \
            "deal the hands face up (BO-N1)"
    return ""


def random_start(board: Board, chance: Chance) -> State:
    """BO-S1..S6 with random rolls (different values), a random deal, first player and (Regular)
    home lines, after the first draw."""
    white = chance.randint(1, 6)
    black = chance.choice([v for v in range(1, 7) if v != white])
    pool = list(TILES)
    dealt = []
    for _ in range(2 * HAND + 1):
        tile = chance.choice(pool)
        pool.remove(tile)
        dealt.append(tile)
    first = chance.randint(1, 2)
    mine, theirs = tuple(dealt[:HAND + 1]), tuple(dealt[HAND + 1:])
    hands = (mine, theirs) if first == 1 else (theirs, mine)
    return start(board, {WHITE: white, BLACK: black}, hands, first, chance.choice(COLOURS))
