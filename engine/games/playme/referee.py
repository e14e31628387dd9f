"""PlayMe referee step: what a settled table view means for a state (rules section 9).

Order of questions: can the view be trusted (UNTRUSTED); is the game over (nothing more to
referee); between rounds, does the table show the next round's start (PENDING until it does,
then UNCHANGED until START is entered); during a round: do the rows have gaps or dice on an
empty seat's row (ILLEGAL; PENDING while rows may be being cleared); does a row still show
dice a move entered with the buttons took away (PENDING); does the view show the rows
cleared after exactly one complete row's claim (MOVE ``CLAIM Pn``; PENDING when two complete
rows could have claimed); which events explain the rows (``explain``: MOVE with the events,
joined by ``;`` when several); finally the set-aside spots (PM-F6, PM-F12) and the round
tile's side (PENDING until turned). A broken rule never
changes the state: the legal changes of the same view stay on the table and are taken with
the next view once the broken one is put back.

``step`` keeps a memo: the state it last saw, so that a move entered with the buttons since
(an Unblock, Stop!, a Swap) is known, and the rows such a move shortened, until the view shows
them so (their old dice are leftovers, not new moves). Pure standard library; imports only
``engine``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.games.playme.characters import HATTER, MADNESS, WALRUS
from engine.games.playme.dice import Die, Row, common_prefix, is_complete
from engine.games.playme.explain import Explained, Target, explain
from engine.games.playme.moves import Claim, joined
from engine.games.playme.position import BETRAY, FLIP, RACE
from engine.games.playme.reading import Seen, Slots, first_gap, gapped, read_view, seen_rows
from engine.games.playme.state import State
from engine.referee import Judgement, RefereeStep, Verdict
from engine.table import MIN_CONFIDENCE, TableView

Clearing = tuple[tuple[int, Row], ...]
"""Rows a move entered with the buttons shortened or changed: (player, the row before)."""


@dataclass(frozen=True)
class Memo:
    """What the referee remembers between views: ``last`` the state it last judged, and the
    rows still to be seen as a move entered with the buttons left them (``Clearing``)."""

    last: State | None = None
    clearing: Clearing = ()


def step(state: State, view: TableView, memo: object,
         min_confidence: float = MIN_CONFIDENCE) -> RefereeStep[State]:
    """The referee step the session runs on every view (see the module docstring)."""
    clearing = _entered(memo if isinstance(memo, Memo) else Memo(), state)
    seen = read_view(view, state, min_confidence)
    if isinstance(seen, str):
        return RefereeStep(Judgement(Verdict.UNTRUSTED, state, message=seen),
                           Memo(state, clearing))
    j, clearing = judge(state, seen, clearing)
    return RefereeStep(j, Memo(j.state, clearing if j.state is state else ()))


def referee(state: State, view: TableView,
            min_confidence: float = MIN_CONFIDENCE) -> Judgement[State]:
    """Judge ``view`` against ``state`` without a memo."""
    return step(state, view, None, min_confidence).judgement


def _entered(memo: Memo, state: State) -> Clearing:
    """The memo's clearing, with the rows that moves entered since the last view shortened or
    changed; none between rounds."""
    last = memo.last
    if not state.started or last is None or last.count != state.count:
        return ()
    clearing = dict(memo.clearing)
    if last != state:
        for p in state.seats:
            old, now = last.row(p), state.row(p)
            if now[:len(old)] != old and p not in clearing:
                clearing[p] = old
    return tuple(sorted(clearing.items()))


def judge(state: State, seen: Seen,
          clearing: Clearing = ()) -> tuple[Judgement[State], Clearing]:
    """The judgement of a trusted view, and the clearing rows still to be seen."""
    rows = seen_rows(seen)
    if state.over:
        same = rows == state.rows() and not seen.stray
        return Judgement(Verdict.UNCHANGED if same else Verdict.PENDING, state,
                         message="" if same else "the game is over"), ()
    if not state.started:
        return _between_rounds(state, seen, rows), ()
    broken = _gaps(state, seen)
    if broken is not None:
        return broken, clearing
    clearing, waiting = _leftovers(state, rows, clearing)
    if waiting:
        return Judgement(Verdict.PENDING, state, message=waiting), clearing
    return _during_round(state, seen, rows), clearing


def _illegal(state: State, code: str, message: str, move: str | None = None) -> Judgement[State]:
    return Judgement(Verdict.ILLEGAL, state, move=move, code=code, message=message)


# --- the rows as seen -------------------------------------------------------------------------

def _gaps(state: State, seen: Seen) -> Judgement[State] | None:
    """Dice on a row nobody plays (PM-F11), or a die beyond an empty slot: newly laid there,
    an Advance (PM-F1) or a Block (PM-F2) not in the leftmost empty slot; else a die taken from
    under it (PM-F11)."""
    if seen.stray:
        return _illegal(state, "PM-F11", f"nobody plays row {seen.stray[0]}: take its dice off")
    for p, slots in zip(state.seats, seen.slots, strict=True):
        hole = first_gap(slots)
        if hole is None:
            continue
        if _clearing_likely(state):
            return Judgement(Verdict.PENDING, state, message="finish clearing the rows")
        return _gap_rule(state, p, slots, hole)
    return None


def _gap_rule(state: State, p: int, slots: Slots, hole: int) -> Judgement[State]:
    """The rule an empty slot ``hole`` (0-based) left of a die breaks: the die was there
    before, so a die was taken from under it (a block: PM-F3, not the rightmost; an own die:
    PM-F11); else it was laid beyond the leftmost empty slot (PM-F1 / PM-F2)."""
    index, die = next((i, d) for i, d in enumerate(slots) if i > hole and d is not None)
    row = state.row(p)
    if len(row) > index and row[index] == die:
        if row[hole].owner != p:
            return _illegal(state, "PM-F3", f"P{p} unblocks the rightmost block first: put "
                                            f"slot {hole + 1} back")
        return _illegal(state, "PM-F11", f"P{p}'s slot {hole + 1} was emptied: put it back")
    if die.owner == p:
        return _illegal(state, "PM-F1", f"P{p} advances into slot {hole + 1}, the leftmost "
                                        f"empty one")
    return _illegal(state, "PM-F2", f"a block on P{p} goes into slot {hole + 1}, the leftmost "
                                    f"empty one")


def _clearing_likely(state: State) -> bool:
    """Rows may be being cleared now (dice leave in any order): a complete row (a claim),
    Stop! allowed, the Walrus reset due at his next die."""
    walrus = state.seat_of(WALRUS)
    return (any(is_complete(state.row(p), p) for p in state.seats)
            or ("three" in state.flags and "stop" not in state.flags)
            or (walrus is not None and state.reset_due(walrus) and len(state.row(walrus)) == 1))


def _leftovers(state: State, rows: tuple[Row, ...],
               clearing: Clearing) -> tuple[Clearing, str]:
    """Which clearing rows still show dice the move entered with the buttons took away (a
    message to wait), and which rows are released (seen as the state has them, or showing
    something else, to be refereed as usual)."""
    kept = []
    for p, old in clearing:
        seen, now = rows[p - 1], state.row(p)
        if seen != now and seen == old[:len(seen)] and len(seen) > common_prefix(now, old):
            kept.append((p, old))
    if kept:
        return tuple(kept), f"P{kept[0][0]}'s row: finish the move entered with the buttons"
    return (), ""


# --- between rounds ---------------------------------------------------------------------------

def _between_rounds(state: State, seen: Seen, rows: tuple[Row, ...]) -> Judgement[State]:
    """Before "Play me!": the table must show the start layout (PM-R2: the Caterpillar's
    dice, the Mad Hatter's die set aside); the choices a round win left are asked for; then
    the device waits for START (entered with the buttons)."""
    message = ""
    if rows != state.rows() or seen.stray or gapped(seen):
        message = "set up the round: clear the rows"
        if any(state.rows()):
            message = "set up the round: only the Caterpillar's start dice on the rows"
        if all(shown[:len(row)] == row for row, shown in zip(state.rows(), rows, strict=True)):
            message = "the round has not started: press start (Play me!)"
    elif hatter := next((p for p in state.seats if state.keeps_aside(p)
                         and not _own_aside(seen, p)), None):
        message = f"P{hatter}, Mad Hatter: set one die aside"
    elif FLIP in state.todo:
        message = f"P{state.jabberwock}, Jabberwock: flip a survivor (FLIP)"
    elif RACE in state.todo:
        message = "enter the race's last player (RACE)"
    elif BETRAY in state.todo:
        message = f"P{state.last} may betray (BETRAY), then START"
    else:
        message = _tile(state, seen)
    if message:
        return Judgement(Verdict.PENDING, state, message=message)
    return Judgement(Verdict.UNCHANGED, state)


def _own_aside(seen: Seen, p: int) -> int:
    return sum(1 for d in seen.aside[p - 1] if d.owner == p)


def _tile(state: State, seen: Seen) -> str:
    """A round tile seen on the wrong side (PM-S1, PM-J1): what to do, or ''."""
    board = state.board
    side = board.tile_jabberwock if state.in_jabberwock_phase else board.tile_rabbit
    if any(colour is not side for colour in seen.tiles):
        if state.in_jabberwock_phase:
            return f"turn the round tile to the Jabberwock, on P{state.jabberwock}'s card"
        return "turn the round tile to the White Rabbit"
    return ""


# --- during a round ---------------------------------------------------------------------------

def _during_round(state: State, seen: Seen, rows: tuple[Row, ...]) -> Judgement[State]:
    claimed = _claimed(state, rows)
    if claimed is not None:
        return claimed
    result = explain(state, Target(rows, _group(state, seen)))
    if isinstance(result, Explained):
        return _explained(state, seen, result)
    if _clearing_after_claim(state, rows):
        return Judgement(Verdict.PENDING, state, message="round won: clear the rows")
    if result.error is not None:
        if _false_claim(state, rows):
            return _illegal(state, "PM-F7", "no complete row: the claim is void, put the "
                                            "rows back")
        return _illegal(state, result.error.code, result.error.reason, result.error.move)
    return Judgement(Verdict.PENDING, state, message=result.pending)


def _group(state: State, seen: Seen) -> tuple[Die, ...]:
    """PM-O3: the survivors' dice in the Jabberwock's set-aside spot."""
    j = state.jabberwock
    if not state.mad_jabberwock or j is None:
        return ()
    return tuple(d for d in seen.aside[j - 1] if d.owner in state.survivors)


def _claimed(state: State, rows: tuple[Row, ...]) -> Judgement[State] | None:
    """PM-A4: the rows cleared as after one complete row's claim (MOVE), or as after any of
    several (PENDING: the camera cannot tell who touched the tile first)."""
    complete = [p for p in state.seats if is_complete(state.row(p), p)]
    matches = [(p, after) for p in complete
               if (after := state.play(Claim(p))).rows() == rows]
    if len(matches) == 1:
        p, after = matches[0]
        return Judgement(Verdict.MOVE, after, move=str(Claim(p)), message=str(Claim(p)))
    if matches:
        names = " or ".join(f"CLAIM P{p}" for p, _ in matches)
        return Judgement(Verdict.PENDING, state, message=f"who claimed first? enter {names}")
    return None


def _clearing_after_claim(state: State, rows: tuple[Row, ...]) -> bool:
    """A complete row, and the view shows rows only emptied (dice taken from the right, or
    down to start dice): a claim the table is clearing."""
    if not any(is_complete(state.row(p), p) for p in state.seats):
        return False
    return all(_emptied(state.row(p), seen) for p, seen in zip(state.seats, rows, strict=True))


def _emptied(row: Row, seen: Row) -> bool:
    return seen == row[:len(seen)] or (all(d.face == 1 for d in seen) and len(seen) <= 2)


def _false_claim(state: State, rows: tuple[Row, ...]) -> bool:
    """PM-F7 as the camera sees it: no complete row, yet every row was emptied (down to the
    start dice at most) and two rows or more lost dice of their own."""
    if any(is_complete(state.row(p), p) for p in state.seats):
        return False
    j = state.jabberwock
    if j is not None and rows[j - 1] == state.row(j):
        return False  # the survivors' rows emptied, the Jabberwock's kept: Stop! (PM-F8)
    if not all(_emptied(state.row(p), seen) for p, seen in zip(state.seats, rows, strict=True)):
        return False
    lost = [p for p, seen in zip(state.seats, rows, strict=True)
            if any(d.owner == p for d in state.row(p)[common_prefix(state.row(p), seen):])]
    return len(lost) >= 2


def _explained(state: State, seen: Seen, result: Explained) -> Judgement[State]:
    """The rows are explained: the set-aside spots are checked on the state after the events
    (PM-F6, PM-F12), then MOVE, or, nothing having changed, the round tile (UNCHANGED)."""
    after = result.state
    broken = _aside_rule(after, seen)
    if broken is not None:
        return replace(broken, state=state)
    if not result.events:
        message = _tile(state, seen)
        verdict = Verdict.PENDING if message else Verdict.UNCHANGED
        return Judgement(verdict, state, message=message)
    text = str(joined(list(result.events)))
    return Judgement(Verdict.MOVE, after, move=text, message=text)


def _aside_rule(state: State, seen: Seen) -> Judgement[State] | None:
    """What the set-aside spots may hold: the Mad Hatter's one die in Madness until he reached
    4 (PM-F6 when it is gone), still allowed after; Alice's one held die in Wonder; under
    PM-O3 the survivors' group-block dice on the Jabberwock's spot; nothing else (PM-F12:
    dice kept from the roll; PM-F11: another player's die)."""
    for p in state.seats:
        dice = seen.aside[p - 1]
        own = sum(1 for d in dice if d.owner == p)
        strangers = [d for d in dice if d.owner != p
                     and not (state.mad_jabberwock and p == state.jabberwock)]
        if strangers:
            return _illegal(state, "PM-F11", f"a die of another colour in P{p}'s spot")
        if state.keeps_aside(p) and own == 0:
            return _illegal(state, "PM-F6", f"P{p}, Mad Hatter: the set-aside die waits until "
                                            f"slot 4")
        if own > _aside_allowed(state, p):
            return _illegal(state, "PM-F12", f"P{p} rolls every hand die: take the dice out "
                                             f"of the spot")
    return None


def _aside_allowed(state: State, p: int) -> int:
    if state.may_hold(p) or state.has(p, HATTER, MADNESS):
        return 1
    return 0


__all__ = ["Memo", "judge", "referee", "step"]
