"""PlayMe moves as values, each printing itself in the notation (docs/notation/playme.md).

The row actions of the rules: Advance ``ADV P1 3`` (PM-A1), Block ``BLK P3>P1 3`` (PM-A2),
Unblock ``UNB P1 3`` (PM-A3), the Walrus's Swap ``SWAP P3>P1 3``; the round's events: Claim
``CLAIM P1`` (PM-A4), the Jabberwock's ``STOP`` (PM-J3), the round start ``START`` (PM-R1);
the choices after a round win: ``FLIP P3`` (the Jabberwock flips a survivor, PM-J4),
``BETRAY P1>P2`` (PM-J4), ``RACE P2`` (the last player of the Play Me! race, PM-O1). Forms
that ``legal_moves()`` never lists, accepted from records and the buttons: the Mad Hatter's
two Advances after one roll ``ADV P4 3 4``, Stop! naming its caller ``STOP P2``, and several
events seen at once ``ADV P1 3; BLK P2>P3 4`` (applied in order). Pure standard library;
imports nothing of ours.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Advance:
    """PM-A1: ``player`` lays an own die showing ``face`` in slot n; ``second``: the Mad
    Hatter's second Advance after the same roll (Wonder), showing the next slot's number."""

    player: int
    face: int
    second: int | None = None

    def __str__(self) -> str:
        tail = "" if self.second is None else f" {self.second}"
        return f"ADV P{self.player} {self.face}{tail}"


@dataclass(frozen=True)
class Block:
    """PM-A2: ``blocker`` lays a die showing ``face`` in ``target``'s next slot."""

    blocker: int
    target: int
    face: int

    def __str__(self) -> str:
        return f"BLK P{self.blocker}>P{self.target} {self.face}"


@dataclass(frozen=True)
class Unblock:
    """PM-A3: ``player`` matches the rightmost foreign die of their row with a die showing
    ``face``; both dice go back to their owners' hands."""

    player: int
    face: int

    def __str__(self) -> str:
        return f"UNB P{self.player} {self.face}"


@dataclass(frozen=True)
class Swap:
    """The Walrus's Wonder ability: ``walrus`` exchanges ``target``'s rightmost die (their
    own, showing ``face``) for a Walrus die showing ``face``."""

    walrus: int
    target: int
    face: int

    def __str__(self) -> str:
        return f"SWAP P{self.walrus}>P{self.target} {self.face}"


@dataclass(frozen=True)
class Claim:
    """PM-A4: ``player`` puts a hand on the round tile (the Jabberwock tile in that phase)."""

    player: int

    def __str__(self) -> str:
        return f"CLAIM P{self.player}"


@dataclass(frozen=True)
class Stop:
    """PM-J3: "Stop!", by the Jabberwock; ``caller`` names who called it (None: the
    Jabberwock, the listed form)."""

    caller: int | None = None

    def __str__(self) -> str:
        return "STOP" if self.caller is None else f"STOP P{self.caller}"


@dataclass(frozen=True)
class Start:
    """PM-R1: "Play me!": the round starts."""

    def __str__(self) -> str:
        return "START"


@dataclass(frozen=True)
class Flip:
    """PM-J4: after winning a round, the Jabberwock flips the Wonder-side survivor
    ``survivor`` to Madness."""

    survivor: int

    def __str__(self) -> str:
        return f"FLIP P{self.survivor}"


@dataclass(frozen=True)
class Betray:
    """PM-J4: the survivor ``traitor``, who has just won a round on the Wonder side, flips
    the Wonder-side survivor ``victim`` to Madness."""

    traitor: int
    victim: int

    def __str__(self) -> str:
        return f"BETRAY P{self.traitor}>P{self.victim}"


@dataclass(frozen=True)
class Race:
    """PM-O1: ``player`` was the last to put a hand on the round tile after a round win."""

    player: int

    def __str__(self) -> str:
        return f"RACE P{self.player}"


Event = Advance | Block | Unblock | Swap | Claim | Stop | Start | Flip | Betray | Race
"""One event of the notation."""

ROW_ACTIONS = (Advance, Block, Unblock, Swap)
"""The events that change a row by a player's die (what the OLED counts as actions)."""


@dataclass(frozen=True)
class Events:
    """Several events seen at once, applied in order (the referee's record of one view)."""

    events: tuple[Event, ...]

    def __str__(self) -> str:
        return "; ".join(str(e) for e in self.events)


Move = Event | Events
"""Every move ``play`` takes."""


def events_of(move: Move) -> tuple[Event, ...]:
    """The events of a move, in order."""
    return move.events if isinstance(move, Events) else (move,)


def joined(events: list[Event]) -> Move:
    """One event as itself, several as ``Events``."""
    return events[0] if len(events) == 1 else Events(tuple(events))
