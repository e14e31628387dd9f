"""A PlayMe position as data, and the questions the rules ask of it.

Each player has a character, the side of their card (mode), a row and a count of round wins;
the table has a phase (rabbit or Jabberwock, with the Jabberwock, the defeats ``D`` and the
betrayers), whether the round is under way, what a round win left to choose, the per-round
flags, sealed abilities (PM-O1), the Mad Jabberwock's group block (PM-O3), the first round's
winner and, once the game is over, its winners. ``state.State`` adds the moves. Players are
numbered from 1 in seat order. Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Self

from engine.games.playme.board import Board
from engine.games.playme.characters import (
    ALICE,
    CAT,
    CATERPILLAR,
    HATTER,
    MADNESS,
    QUEEN,
    WALRUS,
    WONDER,
    Ability,
)
from engine.games.playme.dice import UNUSED, Die, Row, foreign, next_slot

RABBIT = "rabbit"
JABBERWOCK = "jabberwock"

FLIP = "flip"
RACE = "race"
BETRAY = "betray"
TODO = (FLIP, RACE, BETRAY)
"""What a round win leaves to the players, in the order printed: the Jabberwock's flip and
the race's last player must be entered before the next round; a betrayal may be."""

FLAGS = ("five", "four", "reset", "stop", "three")
"""Per-round facts, cleared when a round is won: ``five`` a player other than Alice reached 5;
``four`` the Mad Hatter reached 4; ``reset`` the Walrus reset was done; ``stop`` Stop! was
called; ``three`` the Jabberwock reached 3."""


@dataclass(frozen=True)
class Player:
    """One seat: ``character``, ``mode`` (``W``/``M``, the card's side up), ``row`` (slot 1
    first) and ``wins`` (rounds won so far in the game)."""

    character: str
    mode: str
    row: Row = ()
    wins: int = 0


@dataclass(frozen=True)
class Position:
    """The data of a position (see the module docstring).

    Attributes:
        board: the board data and options.
        players: the seats, P1 first.
        phase: ``rabbit`` or ``jabberwock``. jabberwock: J (a player) in that phase.
        defeats: ``D``, the survivors' round wins against the Jabberwock.
        betrayers: the survivors who have betrayed (seat order).
        started: the round is under way (after "Play me!"); False between rounds.
        last: the winner of the round just won, while the next one has not started.
        todo: what that win left to choose (``TODO``).
        flags: the per-round flags (``FLAGS``).
        sealed: players without any ability until they next win a round (PM-O1).
        group: the survivors whose die lies on the Mad Jabberwock's group block (PM-O3).
        first: the winner of the game's first round.
        won: the winners once the game is over; empty while it goes on.
    """

    board: Board
    players: tuple[Player, ...]
    phase: str = RABBIT
    jabberwock: int | None = None
    defeats: int = 0
    betrayers: tuple[int, ...] = ()
    started: bool = True
    last: int | None = None
    todo: tuple[str, ...] = ()
    flags: tuple[str, ...] = ()
    sealed: tuple[int, ...] = ()
    group: tuple[int, ...] = ()
    first: int | None = None
    won: tuple[int, ...] = ()

    # --- seats ------------------------------------------------------------------------------

    @property
    def count(self) -> int:
        """``N``: the number of players (the Jabberwock included)."""
        return len(self.players)

    @property
    def seats(self) -> range:
        """The player numbers, in seat order."""
        return range(1, self.count + 1)

    def player(self, p: int) -> Player:
        return self.players[p - 1]

    def row(self, p: int) -> Row:
        return self.players[p - 1].row

    def rows(self) -> tuple[Row, ...]:
        return tuple(pl.row for pl in self.players)

    def character(self, p: int) -> str:
        return self.players[p - 1].character

    def seat_of(self, character: str) -> int | None:
        """The player playing ``character``, or None."""
        return next((p for p in self.seats if self.character(p) == character), None)

    def left_of(self, p: int) -> int:
        """The player on ``p``'s left: the next seat (players are numbered clockwise)."""
        return p % self.count + 1

    @property
    def over(self) -> bool:
        return bool(self.won)

    @property
    def in_jabberwock_phase(self) -> bool:
        return self.phase == JABBERWOCK

    @property
    def survivors(self) -> tuple[int, ...]:
        """Every player but the Jabberwock (empty in the rabbit phase)."""
        if not self.in_jabberwock_phase:
            return ()
        return tuple(p for p in self.seats if p != self.jabberwock)

    @property
    def mad_jabberwock(self) -> bool:
        """PM-O3 applies now."""
        return self.in_jabberwock_phase and self.board.options.mad_jabberwock

    # --- abilities (rules section 5.2) ------------------------------------------------------

    def ability(self, p: int) -> Ability | None:
        """The ability that applies to ``p``: their card's face-up side; the Jabberwock's own
        Wonder ability (PM-J2), none under PM-O3; none while sealed (PM-O1)."""
        if p in self.sealed:
            return None
        player = self.player(p)
        if self.in_jabberwock_phase and p == self.jabberwock:
            return None if self.board.options.mad_jabberwock else (player.character, WONDER)
        return (player.character, player.mode)

    def has(self, p: int, character: str, mode: str) -> bool:
        return self.ability(p) == (character, mode)

    def blocked(self, p: int) -> bool:
        """A foreign die on ``p``'s row, or the Mad Jabberwock's complete group block."""
        if foreign(self.row(p), p):
            return True
        return self.mad_jabberwock and p == self.jabberwock and self.group_complete

    @property
    def group_complete(self) -> bool:
        """PM-O3: every survivor's die lies on the Jabberwock's group block."""
        return bool(self.group) and set(self.group) == set(self.survivors)

    def block_faces(self, blocker: int, target: int) -> tuple[int, ...]:
        """The faces a block by ``blocker`` on ``target`` may show: n(target), and 1 when the
        blocker is the Queen of Hearts in Wonder or the target her in Madness (1-blocks)."""
        n = next_slot(self.row(target))
        one = self.has(blocker, QUEEN, WONDER) or self.has(target, QUEEN, MADNESS)
        return tuple(sorted({n, 1})) if one else (n,)

    def immune(self, p: int) -> bool:
        """The Cheshire Cat in Wonder: cannot be blocked nor swapped."""
        return self.has(p, CAT, WONDER)

    def many_blocks(self, p: int) -> bool:
        """The Cheshire Cat in Madness: one block die from each other player at a time."""
        return self.has(p, CAT, MADNESS)

    def alice_limited(self, p: int) -> bool:
        """Alice in Madness before another player reached 5 in this round: slot 4 at most."""
        return self.has(p, ALICE, MADNESS) and "five" not in self.flags

    def reset_due(self, p: int) -> bool:
        """The Walrus in Madness who has not reset in this round (he resets on reaching 2)."""
        return self.has(p, WALRUS, MADNESS) and "reset" not in self.flags

    def keeps_aside(self, p: int) -> bool:
        """The Mad Hatter in Madness before reaching 4: one of his dice lies set aside."""
        return self.has(p, HATTER, MADNESS) and "four" not in self.flags

    def may_hold(self, p: int) -> bool:
        """Alice in Wonder: one held die may lie in her set-aside spot."""
        return self.has(p, ALICE, WONDER)

    # --- the round's start layout (PM-R2) ---------------------------------------------------

    def start_rows(self) -> tuple[Row, ...]:
        """The rows before "Play me!" with the current modes: the Caterpillar's own 1 in slot
        1 (both sides) and, in Madness, a 1-block in slot 2 from a colour nobody plays, else
        from the player on his left (AMB-PM4); every other row empty."""
        return tuple(self._start_row(p) for p in self.seats)

    def _start_row(self, p: int) -> Row:
        if self.has(p, CATERPILLAR, WONDER):
            return (Die(p, 1),)
        if self.has(p, CATERPILLAR, MADNESS):
            owner = UNUSED if self.count < 6 else self.left_of(p)
            return (Die(p, 1), Die(owner, 1))
        return ()

    def with_rows(self, rows: tuple[Row, ...]) -> Self:
        players = tuple(replace(pl, row=r) for pl, r in zip(self.players, rows, strict=True))
        return replace(self, players=players)

    def with_player(self, p: int, **changes: object) -> Self:
        players = list(self.players)
        players[p - 1] = replace(players[p - 1], **changes)  # type: ignore[arg-type]
        return replace(self, players=tuple(players))
