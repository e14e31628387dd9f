"""The row actions of PlayMe and their warnings: Advance (PM-A1), Block (PM-A2), Unblock
(PM-A3), the Walrus's Swap and Reset, and the Jabberwock's Stop! (PM-J3).

Each function takes a position and an event and returns the position after it, or raises
``IllegalMoveError`` with the rule the event breaks (PM-F1..F5, F8, F9, F11). The engine does
not count the dice in the players' hands (rolled dice are not seen): a position says what lies
on the table. Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TypeVar

from engine.errors import IllegalMoveError
from engine.games.playme.characters import ALICE, HATTER, WALRUS, WONDER
from engine.games.playme.dice import SLOTS, Die, foreign, next_slot, without
from engine.games.playme.moves import Advance, Block, Event, Stop, Swap, Unblock
from engine.games.playme.position import FLAGS, Position
from engine.games.playme.printing import position_text

P = TypeVar("P", bound=Position)


def illegal(pos: Position, code: str, message: str, event: Event) -> IllegalMoveError:
    """The error for ``event`` breaking rule ``code`` in ``pos``."""
    return IllegalMoveError(code, message, move=str(event), position=position_text(pos))


def with_flag(pos: P, flag: str) -> P:
    """``pos`` with a per-round flag set (flags kept in ``FLAGS`` order)."""
    return replace(pos, flags=tuple(f for f in FLAGS if f in pos.flags or f == flag))


# --- PM-A1 Advance --------------------------------------------------------------------------

def advance(pos: P, move: Advance) -> P:
    """PM-A1, with the Mad Hatter's second Advance after one roll (Wonder; PM-F4 for anyone
    else); each Advance is checked in turn (PM-F1, PM-F5)."""
    p = move.player
    if move.second is not None and not pos.has(p, HATTER, WONDER):
        raise illegal(pos, "PM-F4", "one action per roll: only the Mad Hatter in Wonder "
                                    "advances twice", move)
    after = _advance_once(pos, p, move.face, move)
    if move.second is not None:
        after = _advance_once(after, p, move.second, move)
    return after


def _advance_once(pos: P, p: int, face: int, move: Advance) -> P:
    """One die into slot n(p): not blocked, row not full, the face n(p) (PM-F1); Alice in
    Madness stops at 4 until another player reached 5 (PM-F5). Then the flags, the Walrus
    reset on reaching 2 (Madness, once per round), and the Mad Jabberwock's pending group
    block sent back (PM-O3)."""
    row = pos.row(p)
    n = next_slot(row)
    if pos.blocked(p):
        raise illegal(pos, "PM-F1", f"P{p} is blocked: unblock first", move)
    if n > SLOTS:
        raise illegal(pos, "PM-F1", f"P{p}'s row is complete: claim the round", move)
    if face != n:
        raise illegal(pos, "PM-F1", f"P{p} advances into slot {n} with a {n}, not a {face}",
                      move)
    if n >= 5 and pos.alice_limited(p):
        raise illegal(pos, "PM-F5", "Alice in Madness stays at 4 until another player "
                                    "reaches 5", move)
    after = _reached(pos.with_player(p, row=(*row, Die(p, face))), p, n)
    if n == 2 and pos.reset_due(p):
        after = walrus_reset(after, p)
    if pos.mad_jabberwock and p == pos.jabberwock and pos.group:
        after = replace(after, group=())
    return after


def _reached(pos: P, p: int, slot: int) -> P:
    """The flags set by ``p`` reaching ``slot``."""
    character = pos.character(p)
    if slot == 5 and character != ALICE:
        pos = with_flag(pos, "five")
    if slot == 4 and character == HATTER:
        pos = with_flag(pos, "four")
    if slot == 3 and pos.in_jabberwock_phase and p == pos.jabberwock:
        pos = with_flag(pos, "three")
    return pos


def walrus_reset(pos: P, walrus: int) -> P:
    """The Walrus's Madness reset: his row empties (every die to its owner) and each of his
    dice on another row comes back to him; a die right of it moves one slot left (only on the
    Cheshire Cat in Madness can a Walrus die have a die right of it)."""
    rows = []
    for p in pos.seats:
        row = () if p == walrus else tuple(d for d in pos.row(p) if d.owner != walrus)
        rows.append(row)
    return with_flag(pos.with_rows(tuple(rows)), "reset")


# --- PM-A2 Block ----------------------------------------------------------------------------

def block(pos: P, move: Block) -> P:
    """PM-A2: PM-F2 for a block on oneself, on a complete row, on the Cheshire Cat in Wonder,
    on a row already blocked (outside the Cheshire Cat's Madness rule), a second block by the
    same player on her, or the wrong face; PM-F9 / the group block under PM-O3."""
    p, q, face = move.blocker, move.target, move.face
    if p == q:
        raise illegal(pos, "PM-F2", f"P{p} cannot block their own row", move)
    if pos.mad_jabberwock:
        if pos.jabberwock not in (p, q):
            raise illegal(pos, "PM-F9", "survivors do not block each other under the Mad "
                                        "Jabberwock", move)
        if q == pos.jabberwock:
            return _group_block(pos, move)
    if pos.immune(q):
        raise illegal(pos, "PM-F2", "the Cheshire Cat in Wonder cannot be blocked", move)
    row = pos.row(q)
    if next_slot(row) > SLOTS:
        raise illegal(pos, "PM-F2", f"P{q}'s row is complete", move)
    blocks = foreign(row, q)
    if blocks and not pos.many_blocks(q):
        raise illegal(pos, "PM-F2", f"P{q} is already blocked", move)
    if any(d.owner == p for d in blocks):
        raise illegal(pos, "PM-F2", f"P{p} already blocks the Cheshire Cat", move)
    faces = pos.block_faces(p, q)
    if face not in faces:
        raise illegal(pos, "PM-F2", f"a block on P{q} shows "
                                    f"{' or '.join(str(f) for f in faces)}", move)
    return pos.with_player(q, row=(*row, Die(p, face)))


def _group_block(pos: P, move: Block) -> P:
    """PM-O3: a survivor's die joins the group block on the Jabberwock's slot n(J), showing
    n(J) (PM-F2 otherwise, or for a second die of the same survivor)."""
    p, j = move.blocker, move.target
    n = next_slot(pos.row(j))
    if p in pos.group:
        raise illegal(pos, "PM-F2", f"P{p}'s die already lies on the Jabberwock's block", move)
    if n > SLOTS:
        raise illegal(pos, "PM-F2", f"P{j}'s row is complete", move)
    if move.face != n:
        raise illegal(pos, "PM-F2", f"the block on P{j} shows {n}", move)
    return replace(pos, group=tuple(s for s in pos.seats if s in pos.group or s == p))


# --- PM-A3 Unblock --------------------------------------------------------------------------

def unblock(pos: P, move: Unblock) -> P:
    """PM-A3: the rightmost foreign die goes back to its owner and the unblocking die to the
    player's hand (AMB-PM1); its face must match (AMB-PM2). PM-F3 otherwise."""
    p, face = move.player, move.face
    row = pos.row(p)
    if pos.mad_jabberwock and p == pos.jabberwock and pos.group_complete:
        n = next_slot(row)
        if face != n:
            raise illegal(pos, "PM-F3", f"the group block shows {n}", move)
        return replace(pos, group=())
    blocks = foreign(row, p)
    if not blocks:
        raise illegal(pos, "PM-F3", f"P{p} is not blocked", move)
    if face != blocks[-1].face:
        raise illegal(pos, "PM-F3", f"the rightmost block on P{p}'s row shows "
                                    f"{blocks[-1].face}", move)
    index = max(i for i, d in enumerate(row) if d.owner != p)
    return pos.with_player(p, row=without(row, index))


# --- the Walrus's Swap (Wonder) -------------------------------------------------------------

def swap(pos: P, move: Swap) -> P:
    """The Walrus in Wonder exchanges another player's rightmost die, their own, for his die
    showing the same face; the swap counts as a block (AMB-PM8): PM-F2 on the Cheshire Cat in
    Wonder, on a blocked row, with another face; PM-F9 under PM-O3; PM-F11 by anyone else or
    on an empty row."""
    w, q, face = move.walrus, move.target, move.face
    if not pos.has(w, WALRUS, WONDER):
        raise illegal(pos, "PM-F11", "only the Walrus in Wonder swaps", move)
    if q == w:
        raise illegal(pos, "PM-F11", "the Walrus swaps another player's die", move)
    if pos.mad_jabberwock:
        raise illegal(pos, "PM-F9", "a swap is a block: under the Mad Jabberwock only every "
                                    "survivor together blocks the Jabberwock", move)
    if pos.immune(q):
        raise illegal(pos, "PM-F2", "the Cheshire Cat in Wonder cannot be swapped", move)
    row = pos.row(q)
    if not row:
        raise illegal(pos, "PM-F11", f"P{q}'s row is empty: nothing to swap", move)
    if row[-1].owner != q:
        raise illegal(pos, "PM-F2", f"P{q} is already blocked", move)
    if face != row[-1].face:
        raise illegal(pos, "PM-F2", f"the swap needs a {row[-1].face}", move)
    return pos.with_player(q, row=(*row[:-1], Die(w, face)))


# --- PM-J3 Stop! ----------------------------------------------------------------------------

def stop(pos: P, move: Stop) -> P:
    """PM-J3: once per round, after the Jabberwock reached 3, every die on every survivor's
    row goes back to its owner. PM-F8 otherwise."""
    j = pos.jabberwock
    if not pos.in_jabberwock_phase or j is None:
        raise illegal(pos, "PM-F8", "Stop! belongs to the Jabberwock phase", move)
    if move.caller is not None and move.caller != j:
        raise illegal(pos, "PM-F8", f"only the Jabberwock (P{j}) calls Stop!", move)
    if "stop" in pos.flags:
        raise illegal(pos, "PM-F8", "Stop! once per round", move)
    if "three" not in pos.flags:
        raise illegal(pos, "PM-F8", "the Jabberwock has not reached 3 in this round", move)
    rows = tuple(pos.row(p) if p == j else () for p in pos.seats)
    return with_flag(pos.with_rows(rows), "stop")
