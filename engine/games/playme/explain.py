"""How the rows seen came to be: the events that turn a state's rows into the rows a view
shows, one at a time, in a documented order (rules section 9: "row changes are processed in
observation order").

A settled view may follow several changes at once (real-time play: two players acted during
one hand over the board). Each row only ever changes at its right end (an Advance or a Block
adds there; an Unblock takes the rightmost block; the Walrus swaps the rightmost die), so
each row says what it needs next: its dice beyond the slots it shares with the view leave
from the right (an Unblock for a block; the Walrus's Swap where his die now shows the same
face), then the view's dice beyond them arrive from the left (an Advance for an own die, a
Block for another player's). The order:

1. first, an event that clears rows: the Walrus reset (his Advance to 2, when his own dice
   must leave his row) and Stop! (when a survivor's own dice must leave);
2. then each row in seat order (under PM-O3 the Jabberwock's group block right after the
   Jabberwock's row): the first row whose next event is legal now goes, and the search
   starts again from P1;
3. when no row's next event is legal, the first in seat order names the rule broken.

So a row that waits for another (Alice in Madness for another player's 5, Stop! for the
Jabberwock's 3) goes once that other row has gone. After a clearing event the rows it cleared
take none of their old dice back in the same view: dice the view still shows there are
leftovers being put back (the step is pending) when they are what the row held before; an own
die beyond them means the row went on without the clearing (PM-F11); a block where no die lay
before is new and taken. Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import IllegalMoveError
from engine.games.playme.characters import WALRUS
from engine.games.playme.dice import UNUSED, Die, Row, common_prefix, next_slot
from engine.games.playme.moves import Advance, Block, Event, Stop, Swap, Unblock
from engine.games.playme.printing import position_text
from engine.games.playme.state import State

MAX_EVENTS = 80
"""More events than a table can hold (6 rows of 6 dice, each in and out): a safety bound."""


@dataclass(frozen=True)
class Target:
    """What the view shows: each seated player's row, and the dice on the Mad Jabberwock's
    group block (PM-O3, in the Jabberwock's set-aside spot; empty otherwise)."""

    rows: tuple[Row, ...]
    group: tuple[Die, ...] = ()


@dataclass(frozen=True)
class Explained:
    """The events (in order) and the state after them."""

    events: tuple[Event, ...]
    state: State


@dataclass(frozen=True)
class Stuck:
    """No legal sequence explains the view: ``error``, the first rule broken (seat order),
    or else ``pending``, a clearing whose dice are still being put back."""

    error: IllegalMoveError | None = None
    pending: str = ""


@dataclass(frozen=True)
class Cleared:
    """A clearing event of this explanation: what it froze and the rows just before it."""

    event: str          # "reset", "stop" or "group"
    party: int          # the Walrus, the Jabberwock
    before: tuple[Row, ...]
    group: tuple[int, ...] = ()


def explain(state: State, target: Target) -> Explained | Stuck:
    """The events that turn ``state``'s rows into ``target`` (see the module docstring)."""
    events: list[Event] = []
    cleared: list[Cleared] = []
    current = state
    for _ in range(MAX_EVENTS):
        if _matches(current, target):
            return Explained(tuple(events), current)
        step = _clearing(current, target) or _next(current, target, cleared)
        if isinstance(step, Stuck):
            return step
        event, after = step
        cleared += _clearings(current, event, after)
        events.append(event)
        current = after
    return Stuck(IllegalMoveError("PM-F11", "too many changes at once: put the rows back"))


def _matches(state: State, target: Target) -> bool:
    if state.rows() != target.rows:
        return False
    return not state.mad_jabberwock or set(state.group) == {d.owner for d in target.group}


# --- what a row needs next ----------------------------------------------------------------------

def _need(state: State, target: Target, p: int) -> Event | IllegalMoveError | str | None:
    """The next event of ``p``'s row, or why no event explains it (the rule broken, or a
    sentence for PM-F11), or None when the row shows what the view shows."""
    row, seen = state.row(p), target.rows[p - 1]
    c = common_prefix(row, seen)
    if len(row) > c:
        last = row[-1]
        if last.owner != p and c == len(row) - 1 and seen[c:c + 1] == (Die(p, last.face),):
            return IllegalMoveError("PM-F3", f"the unblocking die goes back to P{p}'s hand, "
                                             f"not into slot {c + 1}",
                                    move=str(Unblock(p, last.face)),
                                    position=position_text(state))
        if last.owner != p:
            return Unblock(p, last.face)
        if c == len(row) - 1 and len(seen) > c and _swapped(state, seen[c], last):
            return Swap(seen[c].owner, p, last.face)
        return f"P{p}'s {last.face} left the row"
    if len(seen) > c:
        die = seen[c]
        if die.owner == p:
            return Advance(p, die.face)
        if die.owner == UNUSED:
            return f"a die of a colour nobody plays on P{p}'s row"
        if state.mad_jabberwock and p == state.jabberwock:
            return IllegalMoveError("PM-F9", "the Mad Jabberwock is blocked by every survivor "
                                             f"together: lay the die in P{p}'s aside spot",
                                    move=str(Block(die.owner, p, die.face)),
                                    position=position_text(state))
        return Block(die.owner, p, die.face)
    return None


def _swapped(state: State, seen: Die, own: Die) -> bool:
    """An own die replaced by the Walrus's die of the same face: a swap (the rules judge
    whether he may: in Wonder, on that row)."""
    return (seen.owner not in (UNUSED, own.owner) and seen.face == own.face
            and state.character(seen.owner) == WALRUS)


def _loses_own(state: State, target: Target, p: int) -> bool:
    """``p``'s row must lose an own die, other than by a swap."""
    need = _need(state, target, p)
    row, seen = state.row(p), target.rows[p - 1]
    c = common_prefix(row, seen)
    return isinstance(need, str | Unblock) and any(d.owner == p for d in row[c:])


def _waits_for_stop(state: State, target: Target, p: int) -> bool:
    """A survivor's row that must lose own dice: only Stop! takes them, and with them every
    die on the row, so its other changes wait for Stop!."""
    return p in state.survivors and _loses_own(state, target, p)


def _group_need(state: State, target: Target) -> Event | str | None:
    """PM-O3: the group block's next event: dice gone (the Jabberwock's Unblock once it is
    complete; while pending only his Advance sends them back), then dice laid."""
    j = state.jabberwock
    if not state.mad_jabberwock or j is None:
        return None
    seen = {d.owner: d for d in target.group}
    if any(s not in seen for s in state.group):
        if state.group_complete:
            return Unblock(j, next_slot(state.row(j)))
        return "the group block's dice left the Jabberwock's spot"
    new = [d for s, d in sorted(seen.items()) if s not in state.group]
    return Block(new[0].owner, j, new[0].face) if new else None


# --- one step ---------------------------------------------------------------------------------

def _clearing(state: State, target: Target) -> tuple[Event, State] | None:
    """The Walrus reset or Stop! when a row must lose own dice that only they take away."""
    walrus = state.seat_of(WALRUS)
    if (walrus is not None and state.reset_due(walrus) and next_slot(state.row(walrus)) == 2
            and _loses_own(state, target, walrus)):
        found = _try(state, Advance(walrus, 2))
        if isinstance(found, tuple):
            return found
    if any(_loses_own(state, target, s) for s in state.survivors):
        found = _try(state, Stop())
        if isinstance(found, tuple):
            return found
    return None


def _next(state: State, target: Target,
          cleared: list[Cleared]) -> tuple[Event, State] | Stuck:
    """The first row (seat order) whose next event is legal now, or why none is."""
    first: IllegalMoveError | None = None
    pending = ""
    for p in state.seats:
        needs = [_need(state, target, p)]
        if p == state.jabberwock:
            needs.append(_group_need(state, target))
        for need in needs:
            if need is None:
                continue
            if isinstance(need, str):
                first = first or _no_event(state, target, need)
                continue
            if isinstance(need, IllegalMoveError):
                first = first or need
                continue
            if _waits_for_stop(state, target, p):
                first = first or _no_event(state, target, f"P{p}'s row was emptied")
                continue
            frozen = _frozen(state, target, cleared, need)
            if frozen is not None:
                if isinstance(frozen, IllegalMoveError):
                    first = first or frozen
                else:
                    pending = pending or frozen
                continue
            found = _try(state, need)
            if isinstance(found, tuple):
                return found
            first = first or found
    return Stuck(first, pending) if first or pending else Stuck(pending="finish the move")


def _try(state: State, event: Event) -> tuple[Event, State] | IllegalMoveError:
    try:
        return event, state.play(event)
    except IllegalMoveError as exc:
        return exc


def _no_event(state: State, target: Target, why: str) -> IllegalMoveError:
    """The rule a change no event explains breaks: Stop! out of place (PM-F8) when every
    survivor's row was emptied and the Jabberwock's kept, else PM-F11."""
    survivors = state.survivors
    if (survivors and all(not target.rows[s - 1] for s in survivors)
            and any(state.row(s) for s in survivors) and state.jabberwock is not None
            and target.rows[state.jabberwock - 1] == state.row(state.jabberwock)):
        found = _try(state, Stop())
        if isinstance(found, IllegalMoveError):
            return found
    return IllegalMoveError("PM-F11", f"{why}: put it back", position=position_text(state))


# --- clearing events and the rows they freeze ------------------------------------------------

def _clearings(before: State, event: Event, after: State) -> list[Cleared]:
    """The clearing an event did: the Walrus reset (his Advance to 2), Stop!, the Mad
    Jabberwock's Advance that sent a pending group block back."""
    if isinstance(event, Advance) and "reset" in after.flags and "reset" not in before.flags:
        rows = list(before.rows())
        rows[event.player - 1] = (*rows[event.player - 1], Die(event.player, event.face))
        return [Cleared("reset", event.player, tuple(rows))]
    if isinstance(event, Stop):
        return [Cleared("stop", after.jabberwock or 0, before.rows())]
    if isinstance(event, Advance) and before.group and not after.group:
        return [Cleared("group", event.player, before.rows(), before.group)]
    return []


def _frozen(state: State, target: Target, cleared: list[Cleared],
            event: Event) -> str | IllegalMoveError | None:
    """Whether ``event`` would re-lay a die a clearing of this view sent back: a pending
    sentence when the view still shows the dice held before (leftovers being put back); for
    an own die beyond them, PM-F11 (the row went on without the clearing); None when the event
    is free (a new block where no die lay before)."""
    for c in cleared:
        row = _frozen_row(state, c, event)
        if row is None:
            continue
        seen = target.rows[row - 1]
        if c.event == "group":
            leftover = event.blocker in c.group if isinstance(event, Block) else False
        else:
            leftover = seen == c.before[row - 1][:len(seen)]
        if leftover:
            return _pending_text(c)
        if isinstance(event, Advance):
            return IllegalMoveError("PM-F11", _not_done_text(c), move=None,
                                    position=position_text(state))
    return None


def _frozen_row(state: State, c: Cleared, event: Event) -> int | None:
    """The row ``event`` adds a die to, when the clearing ``c`` froze it; else None."""
    if c.event == "reset":
        if isinstance(event, Advance) and event.player == c.party:
            return event.player
        if isinstance(event, Block | Swap) and _actor(event) == c.party:
            return event.target
        return None
    if c.event == "stop":
        row = _target_row(event)
        return row if row is not None and row != c.party else None
    if isinstance(event, Block) and event.target == c.party:
        return event.target
    return None


def _actor(event: Block | Swap) -> int:
    return event.blocker if isinstance(event, Block) else event.walrus


def _target_row(event: Event) -> int | None:
    if isinstance(event, Advance):
        return event.player
    if isinstance(event, Block | Swap):
        return event.target
    return None


def _pending_text(c: Cleared) -> str:
    if c.event == "reset":
        return f"Walrus reset: P{c.party}'s row and blocks go back"
    if c.event == "stop":
        return "Stop!: the survivors' rows go back"
    return f"P{c.party} advanced: the group block's dice go back"


def _not_done_text(c: Cleared) -> str:
    if c.event == "reset":
        return f"Walrus reset: P{c.party} clears his row on reaching 2"
    if c.event == "stop":
        return "Stop!: the survivors' rows go back first"
    return "the group block's dice go back first"


__all__ = ["Cleared", "Explained", "Stuck", "Target", "explain"]
