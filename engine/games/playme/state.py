"""The PlayMe game state: a ``Position`` with the moves (``legal_moves``, ``play``), the
outcome and the ``GameState`` contract's answers. There are no turns: everybody acts at once.

``legal_moves()`` lists every single event a legal action could produce now, in the
documented order (docs/notation/playme.md): during a round the Advances (seat order), the
Blocks (blocker, target, face), the Unblocks, the Swaps, the Claims, Stop!; between rounds
START, the Jabberwock's flips, the race's last player, the betrayals. It never lists the extra
forms (two Advances after one roll, ``STOP P2``, several events at once). Pure standard
library; imports only ``engine``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.errors import IllegalMoveError
from engine.games.playme import actions, rounds
from engine.games.playme.characters import WALRUS
from engine.games.playme.dice import foreign, next_slot
from engine.games.playme.moves import (
    Advance,
    Betray,
    Block,
    Claim,
    Event,
    Flip,
    Move,
    Race,
    Start,
    Stop,
    Swap,
    Unblock,
    events_of,
)
from engine.games.playme.position import Position
from engine.games.playme.printing import position_text
from engine.outcome import Outcome

ROUND_EVENTS = (Advance, Block, Unblock, Swap, Claim, Stop)
"""The events of a round under way (PM-R1: none before "Play me!")."""

_RULES: dict[type, Callable[[Any, Any], Any]] = {
    Advance: actions.advance, Block: actions.block, Unblock: actions.unblock,
    Swap: actions.swap, Stop: actions.stop, Claim: rounds.claim, Start: rounds.start,
    Flip: rounds.flip, Betray: rounds.betray, Race: rounds.race,
}


@dataclass(frozen=True)
class State(Position):
    """A PlayMe position with its moves (see the module docstring)."""

    def position(self) -> str:
        """The position text (``printing.position_text``)."""
        return position_text(self)

    def __str__(self) -> str:
        return self.position()

    @property
    def outcome(self) -> Outcome | None:
        return rounds.outcome(self)

    @property
    def to_move(self) -> int | None:
        """No turns: everybody acts at once (always None)."""
        return None

    def score(self, remaining_seconds: float | None, outcome: Outcome | None = None) -> None:
        """PM-P1: no points (always None); progress is round wins and ``D``."""

    # --- moves ------------------------------------------------------------------------------

    def play(self, move: Move) -> State:
        """The state after ``move`` (its events in order).

        Raises:
            IllegalMoveError: with the rule broken (the first event that breaks one): the
                PM-F code, PM-R1 for a round event before "Play me!" or START during a round,
                PM-J4 / PM-O1 for a choice out of place, the end rule once the game is over.
        """
        state = self
        for event in events_of(move):
            state = state._play_event(event)
        return state

    def _play_event(self, event: Event) -> State:
        outcome = self.outcome
        if outcome is not None:
            raise actions.illegal(self, outcome.reason, "the game is over", event)
        if isinstance(event, ROUND_EVENTS) and not self.started:
            raise actions.illegal(self, "PM-R1", "the round has not started: press start "
                                                 "(Play me!)", event)
        after: State = _RULES[type(event)](self, event)
        return after

    def legal_moves(self) -> list[Event]:
        """Every legal single event, in the documented order (see the module docstring)."""
        if self.over:
            return []
        candidates = self._round_candidates() if self.started else self._break_candidates()
        return [e for e in candidates if self._allows(e)]

    def _allows(self, event: Event) -> bool:
        try:
            self._play_event(event)
        except IllegalMoveError:
            return False
        return True

    def _round_candidates(self) -> list[Event]:
        seats = self.seats
        moves: list[Event] = [Advance(p, next_slot(self.row(p))) for p in seats]
        moves += [Block(p, q, f) for p in seats for q in seats if q != p
                  for f in self.block_faces(p, q)]
        moves += [Unblock(p, f) for p in seats for f in self._unblock_faces(p)]
        walrus = self.seat_of(WALRUS)
        if walrus is not None:
            moves += [Swap(walrus, q, self.row(q)[-1].face) for q in seats
                      if q != walrus and self.row(q)]
        moves += [Claim(p) for p in seats]
        return [*moves, Stop()]

    def _unblock_faces(self, p: int) -> list[int]:
        blocks = foreign(self.row(p), p)
        if blocks:
            return [blocks[-1].face]
        if self.mad_jabberwock and p == self.jabberwock and self.group_complete:
            return [next_slot(self.row(p))]
        return []

    def _break_candidates(self) -> list[Event]:
        seats = self.seats
        moves: list[Event] = [Start()]
        moves += [Flip(q) for q in seats]
        moves += [Race(q) for q in seats]
        if self.last is not None:
            moves += [Betray(self.last, q) for q in seats]
        return moves
