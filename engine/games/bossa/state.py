"""Bossa game state: the turn (BO-A1, BO-A2), the warnings (BO-F1..F11), the end (BO-E1..E4)
and the result (BO-P1).

A ``State`` is one position: the two lines (dice and filled positions), both open hands, the
deck's size (its content is unknown: every draw is an observation, ``Draw``), the discard pile,
the unused action markers, the player to act, the turn's phase and, in Regular, the home lines.
A turn is ``draw`` (the turn's draw to come: only chance moves), then ``play`` (one Place or one
action), and after a Redraw ``redraw`` (its replacement tile to come); then the other player's
``draw``. Its text is printed here and parsed by ``notation.py``.
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

from engine.errors import IllegalMoveError
from engine.games.bossa.board import IMMEDIATE, Board
from engine.games.bossa.lines import Line, allowed_counts
from engine.games.bossa.moves import (
    MARKER_NAMES,
    Concede,
    Draw,
    Exchange,
    Move,
    Place,
    Redraw,
    StackMove,
)
from engine.games.bossa.tiles import COLOUR_NAMES, TILES, WHITE, Tile, pip_sum, tiles_text
from engine.games.bossa.tilesets import tile_sets
from engine.outcome import DRAW, WIN, Outcome

DRAW_PHASE = "draw"
PLAY_PHASE = "play"
REDRAW_PHASE = "redraw"
PHASES = (DRAW_PHASE, PLAY_PHASE, REDRAW_PHASE)
SIX_POSITIONS = 6
"""BO-E2: a line of six positions ends a Regular game."""
CONCESSION = "concession"
"""The reason of an outcome declared with ``CONCEDE`` (no rule id: the players ended it)."""


Hands = tuple[tuple[Tile, ...], tuple[Tile, ...]]


def other(player: int) -> int:
    return 3 - player


@dataclass(frozen=True)
class State:
    """A Bossa position (see the module docstring).

    Attributes:
        board: the rule level, board data and options.
        lines: the white line, then the black line.
        hands: player 1's tiles, then player 2's, each in the canonical order.
        deck: how many tiles the deck holds.
        discard: the discard pile (tiles set aside by Redraw, AMB-BO7), in canonical order.
        markers: the action markers each player still has face up, a subset of ``RES``.
        to: the player whose turn it is (printed even once the game is over).
        phase: ``draw``, ``play`` or ``redraw`` (see the module docstring).
        home1: Regular: player 1's home line (W or B), player 2's is the other; None in Novice.
        conceded: the player who conceded, or None.
    """

    board: Board
    lines: tuple[Line, Line]
    hands: Hands
    deck: int
    discard: tuple[Tile, ...] = ()
    markers: tuple[str, str] = ("RES", "RES")
    to: int = 1
    phase: str = DRAW_PHASE
    home1: str | None = None
    conceded: int | None = None

    # --- text and what the position holds ------------------------------------------------------

    def position(self) -> str:
        """``w3 b5 W2=W2B1 B6=W0B4+W3B2 hand1=W1B1 hand2=- deck=14 m1=RES m2=R to=1 phase=play
        home1=W discard=W1B0``: dice, filled positions (white line then black, by value), hands,
        deck, unused markers, turn, phase, home line (Regular), discard pile, a concession."""
        white, black = self.lines
        parts = [f"w{white.die}", f"b{black.die}"]
        parts += [p.text(line.colour) for line in self.lines for p in line.positions]
        parts += [f"hand{n}={tiles_text(h, ',') or '-'}" for n, h in ((1, self.hands[0]),
                                                                     (2, self.hands[1]))]
        parts += [f"deck={self.deck}", f"m1={self.markers[0] or '-'}",
                  f"m2={self.markers[1] or '-'}", f"to={self.to}", f"phase={self.phase}"]
        if self.home1 is not None:
            parts.append(f"home1={self.home1}")
        parts.append(f"discard={tiles_text(self.discard, ',') or '-'}")
        if self.conceded is not None:
            parts.append(f"conceded={self.conceded}")
        return " ".join(parts)

    def __str__(self) -> str:
        return self.position()

    def line(self, colour: str) -> Line:
        return self.lines[0] if colour == WHITE else self.lines[1]

    def hand(self, player: int) -> tuple[Tile, ...]:
        return self.hands[player - 1]

    def unused(self, player: int) -> str:
        """The action markers ``player`` still has face up (R, E, S)."""
        return self.markers[player - 1]

    def owner(self, colour: str) -> int | None:
        """Regular: the player whose home line ``colour`` is; Novice: None (no home lines)."""
        if self.home1 is None:
            return None
        return 1 if colour == self.home1 else 2

    def visible(self) -> tuple[Tile, ...]:
        """Every tile on the table: hands, lines (all layers) and the discard pile."""
        return (*self.hands[0], *self.hands[1], *self.lines[0].tiles(), *self.lines[1].tiles(),
                *self.discard)

    def unseen(self) -> tuple[Tile, ...]:
        """The tiles that may come out of the deck: those not on the table (the deck and the
        tile set aside at BO-S1), in canonical order."""
        seen = set(self.visible())
        return tuple(t for t in TILES if t not in seen)

    def where(self, tile: Tile) -> str:
        """Where ``tile`` lies, for messages: "in player 2's hand", "at W4", "on the discard
        pile", or "in the deck"."""
        for player in (1, 2):
            if tile in self.hand(player):
                return f"in player {player}'s hand"
        for line in self.lines:
            for p in line.positions:
                if tile in p.tiles():
                    return f"at {line.colour}{p.value}"
        return "on the discard pile" if tile in self.discard else "in the deck"

    # --- end (BO-E1..E4) and result (BO-P1) ----------------------------------------------------

    @cached_property
    def outcome(self) -> Outcome | None:
        """How the game ended, checked in this order: a concession; BO-E1 (the player who
        moved last has emptied their hand: they win); BO-E2 in Regular (a line of six
        positions: its owner wins; BO-E1 first is AMB-BO2); BO-E4 (deck empty: the moment it
        empties with option ``deck_out=immediate``, else once the turn that emptied it is
        over); BO-E3 (after the draw the player to act has no legal option: they lose)."""
        if self.conceded is not None:
            return Outcome(WIN, CONCESSION, other(self.conceded))
        mover = other(self.to)
        if not self.hand(mover):
            return Outcome(WIN, "BO-E1", mover)
        six = self._six_positions()
        if six is not None:
            return six
        if self.deck == 0 and (self.board.options.deck_out == IMMEDIATE
                               or self.phase != PLAY_PHASE):
            return self._deck_out()
        if self.phase == PLAY_PHASE and not self._choices:
            return Outcome(WIN, "BO-E3", mover)
        return None

    def _six_positions(self) -> Outcome | None:
        if not self.board.regular:
            return None  # BO-N4: Novice has no BO-E2
        for line in self.lines:
            owner = self.owner(line.colour)
            if len(line.positions) >= SIX_POSITIONS and owner is not None:
                return Outcome(WIN, "BO-E2", owner)
        return None

    def _deck_out(self) -> Outcome:
        """BO-E4: the player with more tiles in hand loses; equal hands, a draw."""
        one, two = len(self.hands[0]), len(self.hands[1])
        if one == two:
            return Outcome(DRAW, "BO-E4", None)
        return Outcome(WIN, "BO-E4", 1 if one < two else 2)

    @property
    def to_move(self) -> int | None:
        """The player whose turn it is; None once the game is over."""
        return None if self.outcome is not None else self.to

    def score(self, remaining_seconds: float | None, outcome: Outcome | None = None) -> None:
        """BO-P1: no points, a win, a loss or a draw (always None)."""

    # --- legal moves -------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every legal move once the turn's draw is done (docs/notation/bossa.md, "moves"):
        Places (white line then black, by value; fewer tiles first, then tiles in canonical
        order), Redraws (by tile), Exchanges (by the mover's tile, then the opponent's),
        Stacks (white line then black, by value, then tiles). Before a draw: none (the draws
        are chance moves, ``chance_moves``). Declarations are never listed."""
        if self.outcome is not None:
            return []
        return list(self._choices)

    @cached_property
    def _choices(self) -> tuple[Move, ...]:
        """The moves of BO-A2 open to the player to act (empty outside the ``play`` phase)."""
        if self.phase != PLAY_PHASE:
            return ()
        return (*self._places(), *self._redraws(), *self._exchanges(), *self._stacks())

    def _places(self) -> list[Move]:
        hand = self.hand(self.to)
        moves: list[Move] = []
        for line in self.lines:
            for value in line.playable():
                counts = self.counts_at(line, value)
                moves += [Place(line.colour, value, s)
                          for s in tile_sets(hand, line.colour, value, counts)]
        return moves

    def _redraws(self) -> list[Move]:
        if "R" not in self.unused(self.to) or self.deck == 0:
            return []
        return [Redraw(t) for t in self.hand(self.to)]

    def _exchanges(self) -> list[Move]:
        if "E" not in self.unused(self.to):
            return []
        return [Exchange(a, b) for a in self.hand(self.to) for b in self.hand(other(self.to))]

    def _stacks(self) -> list[Move]:
        if "S" not in self.unused(self.to):
            return []
        hand = self.hand(self.to)
        return [StackMove(line.colour, p.value, s) for line in self.lines for p in line.positions
                for s in tile_sets(hand, line.colour, p.value, (p.count,))]

    def counts_at(self, line: Line, value: int) -> tuple[int, ...]:
        """The tile counts the count rule of the level allows at ``value`` (playable)."""
        neighbour = line.neighbour(value)
        return allowed_counts(self.board.regular, line.distance(value),
                              0 if neighbour is None else neighbour.count)

    # --- moves ---------------------------------------------------------------------------------

    def play(self, move: Move) -> State:
        """The state after ``move``.

        Raises:
            IllegalMoveError: with the rule broken (BO-F1..BO-F11; BO-A1/BO-A2 for an action's
                precondition no F rule names; the end rule's id once the game is over).
        """
        if self.outcome is not None:
            raise self._illegal(self.outcome.reason, "the game is over", move)
        if isinstance(move, Concede):
            return replace(self, conceded=move.player)
        if isinstance(move, Draw):
            return self._draw(move)
        if isinstance(move, Place):
            return self._place(move)
        if isinstance(move, StackMove):
            return self._stack(move)
        if isinstance(move, Redraw):
            return self._redraw(move)
        return self._exchange(move)

    def _illegal(self, code: str, message: str, move: Move) -> IllegalMoveError:
        return IllegalMoveError(code, message, move=str(move), position=self.position())

    def _end_turn(self, state: State) -> State:
        """The other player's turn begins, before their draw."""
        return replace(state, to=other(self.to), phase=DRAW_PHASE)

    def _with_hand(self, player: int, tiles: tuple[Tile, ...],
                   hands: Hands | None = None) -> Hands:
        """``hands`` (default the state's) with ``player``'s hand replaced by ``tiles``."""
        both = list(hands or self.hands)
        both[player - 1] = tuple(sorted(tiles))
        return (both[0], both[1])

    def _without(self, tiles: tuple[Tile, ...]) -> tuple[Tile, ...]:
        return tuple(t for t in self.hand(self.to) if t not in tiles)

    def _used(self, marker: str) -> tuple[str, str]:
        markers = list(self.markers)
        markers[self.to - 1] = markers[self.to - 1].replace(marker, "")
        return (markers[0], markers[1])

    def _with_line(self, line: Line) -> tuple[Line, Line]:
        return (line, self.lines[1]) if line.colour == WHITE else (self.lines[0], line)

    def _draw(self, move: Draw) -> State:
        """BO-A1 (and Redraw's replacement): BO-F7 for a second draw, BO-F10 for a tile that
        lies on the table."""
        if self.phase == PLAY_PHASE:
            raise self._illegal("BO-F7", "one draw per turn (a second one only by Redraw)", move)
        if move.tile in self.visible():
            raise self._illegal("BO-F10", f"{move.tile} is on the table "
                                          f"({self.where(move.tile)}), not in the deck", move)
        if self.deck == 0:
            raise self._illegal("BO-A1", "the deck is empty", move)
        hands = self._with_hand(self.to, (*self.hand(self.to), move.tile))
        drawn = replace(self, hands=hands, deck=self.deck - 1, phase=PLAY_PHASE)
        return drawn if self.phase == DRAW_PHASE else self._end_turn(drawn)

    def _check_turn(self, move: Move) -> None:
        """The turn's order: the draw first (BO-F7); after a Redraw only its draw (BO-F5 for
        a Place, BO-F6 for another action)."""
        if self.phase == DRAW_PHASE:
            raise self._illegal("BO-F7", f"player {self.to} draws a tile first (BO-A1)", move)
        if self.phase == REDRAW_PHASE and isinstance(move, Place):
            raise self._illegal("BO-F5", "no Place in a turn with a Redraw: draw its tile", move)
        if self.phase == REDRAW_PHASE:
            raise self._illegal("BO-F6", "one action per turn: draw the Redraw's tile", move)

    def _check_marker(self, marker: str, move: Move) -> None:
        """BO-F6: each action marker is used once per game."""
        if marker not in self.unused(self.to):
            raise self._illegal("BO-F6", f"player {self.to}'s {MARKER_NAMES[marker]} marker "
                                         f"is used", move)

    def _check_own(self, tiles: tuple[Tile, ...], move: Move) -> None:
        """The mover's tiles come from their hand: BO-F11 for the opponent's, BO-F10 for tiles
        on the table, BO-F7 for tiles not drawn."""
        for tile in tiles:
            if tile in self.hand(self.to):
                continue
            where = self.where(tile)
            if tile in self.hand(other(self.to)):
                raise self._illegal("BO-F11", f"{tile} is {where}: it is player {self.to}'s "
                                              f"turn", move)
            if where != "in the deck":
                raise self._illegal("BO-F10", f"{tile} is already on the table ({where})", move)
            raise self._illegal("BO-F7", f"{tile} is not in player {self.to}'s hand: it was "
                                         f"not drawn", move)

    def _place(self, move: Place) -> State:
        """BO-A2a, checked in this order: the turn (BO-F7, BO-F5), where and how many (BO-F9,
        BO-F1, BO-F4: "anything at W5 while W4 is empty", "any three tiles at W4", BO-X1), the
        tiles' owner (BO-F11, BO-F10, BO-F7), their pips (BO-F3, BO-F2)."""
        self._check_turn(move)
        line = self.line(move.colour)
        name = f"{move.colour}{move.value}"
        if move.value < 1:
            raise self._illegal("BO-F9", f"{name}: a low-side value is at least 1", move)
        if move.value not in line.playable():
            raise self._illegal("BO-F1", self._not_playable(line, move.value), move)
        counts = self.counts_at(line, move.value)
        if len(move.tiles) not in counts:
            raise self._illegal("BO-F4", f"{name} takes {' or '.join(map(str, counts))} "
                                         f"tile{'s' if counts != (1,) else ''}", move)
        self._check_own(move.tiles, move)
        self._check_pips(move.colour, move.value, move.tiles, "BO-F2", move)
        return self._laid(line, move.value, move.tiles, self.markers)

    def _not_playable(self, line: Line, value: int) -> str:
        name = f"{line.colour}{value}"
        if value == line.die:
            return f"{name} is the {COLOUR_NAMES[line.colour]} die"
        if line.at(value) is not None:
            return f"{name} is filled (a Stack adds a layer)"
        nearer = line.next_value(line.side_of(value))
        return f"{name} is not playable: {line.colour}{nearer} comes first"

    def _check_pips(self, colour: str, value: int, tiles: tuple[Tile, ...], code: str,
                    move: Move) -> None:
        """BO-F3 for a tile without pips of the line's colour, then ``code`` for a sum that
        is not the position's value."""
        name = f"{colour}{value}"
        for tile in tiles:
            if not tile.fits(colour):
                raise self._illegal("BO-F3", f"{tile} has no {COLOUR_NAMES[colour]} pips",
                                    move)
        total = pip_sum(tiles, colour)
        if total != value:
            raise self._illegal(code, f"{name} needs {value} {COLOUR_NAMES[colour]} pips, "
                                      f"not {total}", move)

    def _laid(self, line: Line, value: int, tiles: tuple[Tile, ...],
              markers: tuple[str, str]) -> State:
        laid = replace(self, lines=self._with_line(line.with_layer(value, tiles)),
                       hands=self._with_hand(self.to, self._without(tiles)), markers=markers)
        return self._end_turn(laid)

    def _stack(self, move: StackMove) -> State:
        """BO-A2d, checked in this order: the turn, BO-F6 (marker), BO-F8 (no such position,
        wrong number of tiles), the tiles' owner, BO-F3, BO-F8 (wrong sum)."""
        self._check_turn(move)
        self._check_marker("S", move)
        line = self.line(move.colour)
        name = f"{move.colour}{move.value}"
        target = line.at(move.value)
        if target is None:
            raise self._illegal("BO-F8", f"no position {name} to stack on", move)
        if len(move.tiles) != target.count:
            raise self._illegal("BO-F8", f"a Stack on {name} takes {target.count} "
                                         f"tile{'s' if target.count > 1 else ''}", move)
        self._check_own(move.tiles, move)
        self._check_pips(move.colour, move.value, move.tiles, "BO-F8", move)
        return self._laid(line, move.value, move.tiles, self._used("S"))

    def _redraw(self, move: Redraw) -> State:
        """BO-A2b: the tile to the discard pile, the marker face down; its draw follows."""
        self._check_turn(move)
        self._check_marker("R", move)
        self._check_own((move.tile,), move)
        if self.deck == 0:
            raise self._illegal("BO-A2", "Redraw needs a tile in the deck", move)
        return replace(self, hands=self._with_hand(self.to, self._without((move.tile,))),
                       discard=tuple(sorted((*self.discard, move.tile))),
                       markers=self._used("R"), phase=REDRAW_PHASE)

    def _exchange(self, move: Exchange) -> State:
        """BO-A2c: the mover's ``give`` for the opponent's ``take``."""
        self._check_turn(move)
        self._check_marker("E", move)
        self._check_own((move.give,), move)
        them = other(self.to)
        if move.take not in self.hand(them):
            where = self.where(move.take)
            code = "BO-F10" if where not in ("in the deck", f"in player {self.to}'s hand") \
                else "BO-A2"
            raise self._illegal(code, f"{move.take} is {where}, not in player {them}'s hand",
                                move)
        mine = self._with_hand(self.to, (*self._without((move.give,)), move.take))
        theirs = (*(t for t in self.hand(them) if t != move.take), move.give)
        hands = self._with_hand(them, theirs, mine)
        return self._end_turn(replace(self, hands=hands, markers=self._used("E")))

