"""Rounds of PlayMe: the claim and what a round win does in each phase (PM-E1, PM-E2, PM-J1,
PM-J4, PM-E3, PM-E4, PM-O1, PM-O3), the choices it leaves (the Jabberwock's flip, a
betrayal, the race's last player), the next round's start (PM-R1, PM-R2) and the outcome.

Between rounds (``started`` False) the rows are the next round's start layout (PM-R2) for the
modes of the moment, so a flip or a betrayal that turns the Caterpillar also changes what the
table must show. Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TypeVar

from engine.games.playme.actions import illegal
from engine.games.playme.characters import MADNESS, WONDER
from engine.games.playme.dice import is_complete
from engine.games.playme.moves import Betray, Claim, Flip, Race, Start
from engine.games.playme.position import BETRAY, FLIP, JABBERWOCK, RABBIT, RACE, Position
from engine.outcome import Outcome

P = TypeVar("P", bound=Position)

WIN = "win"
TEAM = "team"
"""The outcome's result: one winner, or the survivors together (PM-E3)."""


def claim(pos: P, move: Claim) -> P:
    """PM-A4: a claim with a complete row wins the round (PM-F7 otherwise: the claim is void).
    Every die goes back to its owner; the winner's seal (PM-O1) is lifted."""
    p = move.player
    if not is_complete(pos.row(p), p):
        raise illegal(pos, "PM-F7", f"P{p}'s row is not complete: the claim is void", move)
    won = pos.with_player(p, wins=pos.player(p).wins + 1)
    won = replace(won, started=False, last=p, todo=(), flags=(), group=(),
                  sealed=tuple(s for s in pos.sealed if s != p))
    after = _rabbit_win(won, p) if pos.phase == RABBIT else _jabberwock_round(won, p)
    return _set_up(after)


def _rabbit_win(pos: P, p: int) -> P:
    """PM-E1: a Madness-side winner wins the game; a Wonder-side winner flips to Madness, and
    if every card then shows Madness the Jabberwock phase begins (PM-E2, PM-J1). Under PM-O1
    the other players race to the tile (their last one is entered: ``RACE``)."""
    pos = replace(pos, first=pos.first or p)
    if pos.player(p).mode == MADNESS:
        return replace(pos, won=(p,))
    pos = pos.with_player(p, mode=MADNESS)
    if all(pl.mode == MADNESS for pl in pos.players):
        return _jabberwock_phase(pos, p)
    if pos.board.options.play_me_race:
        return replace(pos, todo=(RACE,))
    return pos


def _jabberwock_phase(pos: P, j: int) -> P:
    """PM-J1: the last winner is the Jabberwock; every survivor turns back to Wonder; D = 0."""
    for s in pos.seats:
        if s != j:
            pos = pos.with_player(s, mode=WONDER)
    return replace(pos, phase=JABBERWOCK, jabberwock=j, defeats=0, betrayers=())


def _jabberwock_round(pos: P, p: int) -> P:
    """PM-J4 (AMB-PM5): the Jabberwock's win leaves a flip to choose; a survivor's win counts
    D + 1 (no flip), ends the game at the survivors' target (PM-E3; PM-O3: 2), else lets a
    Wonder-side winner betray."""
    if p == pos.jabberwock:
        return replace(pos, todo=(FLIP,))
    pos = replace(pos, defeats=pos.defeats + 1)
    if pos.defeats >= survivors_target(pos):
        return replace(pos, won=survivors_winners(pos))
    if pos.player(p).mode == WONDER:
        return replace(pos, todo=(BETRAY,))
    return pos


def survivors_target(pos: Position) -> int:
    """The survivors' wins that beat the Jabberwock: N (PM-E3), 2 under PM-O3."""
    return 2 if pos.board.options.mad_jabberwock else pos.count


def survivors_winners(pos: Position) -> tuple[int, ...]:
    """PM-E3: the lone betrayer still on the Wonder side wins alone (AMB-PM6), else the
    survivors together. PM-O3: the first round's winner (the survivors together when the
    position does not say who it was)."""
    if pos.board.options.mad_jabberwock:
        return (pos.first,) if pos.first is not None else pos.survivors
    wonder = [s for s in pos.survivors if pos.player(s).mode == WONDER]
    if len(wonder) == 1 and wonder[0] in pos.betrayers:
        return (wonder[0],)
    return pos.survivors


def _set_up(pos: P) -> P:
    """Between rounds the rows are the next round's start layout; once over, empty."""
    if pos.won:
        return pos.with_rows(tuple(() for _ in pos.seats))
    return pos.with_rows(pos.start_rows())


def start(pos: P, move: Start) -> P:
    """PM-R1: "Play me!". The Jabberwock's flip (PM-J4) and the race's last player (PM-O1)
    are entered first; a betrayal not made by now is given up."""
    if pos.started:
        raise illegal(pos, "PM-R1", "the round is already under way", move)
    if FLIP in pos.todo:
        raise illegal(pos, "PM-J4", f"the Jabberwock (P{pos.jabberwock}) flips a survivor "
                                    f"first", move)
    if RACE in pos.todo:
        raise illegal(pos, "PM-O1", "enter the race's last player first", move)
    return replace(pos, started=True, last=None, todo=())


def flip(pos: P, move: Flip) -> P:
    """PM-J4: after winning a round the Jabberwock flips one Wonder-side survivor; when every
    survivor shows Madness the Jabberwock wins (PM-E4)."""
    q = move.survivor
    if FLIP not in pos.todo:
        raise illegal(pos, "PM-J4", "the Jabberwock flips a survivor only after winning a "
                                    "round", move)
    if q not in pos.survivors or pos.player(q).mode != WONDER:
        raise illegal(pos, "PM-J4", f"P{q} is not a Wonder-side survivor", move)
    after = pos.with_player(q, mode=MADNESS)
    after = replace(after, todo=tuple(t for t in pos.todo if t != FLIP))
    if all(after.player(s).mode == MADNESS for s in after.survivors):
        after = replace(after, won=(pos.jabberwock,) if pos.jabberwock else ())
    return _set_up(after)


def betray(pos: P, move: Betray) -> P:
    """PM-J4: the round's winner, a Wonder-side survivor, may flip one other Wonder-side
    survivor before the next round. PM-F10 otherwise."""
    t, v = move.traitor, move.victim
    if not pos.in_jabberwock_phase:
        raise illegal(pos, "PM-F10", "betrayal belongs to the Jabberwock phase", move)
    if t in pos.survivors and pos.player(t).mode == MADNESS:
        raise illegal(pos, "PM-F10", f"P{t} is on the Madness side: no betrayal", move)
    if BETRAY not in pos.todo or pos.last != t:
        raise illegal(pos, "PM-F10", "only the round's winner betrays, before the next round",
                      move)
    if v == t or v not in pos.survivors or pos.player(v).mode != WONDER:
        raise illegal(pos, "PM-F10", f"P{v} is not another Wonder-side survivor", move)
    after = pos.with_player(v, mode=MADNESS)
    after = replace(after, todo=tuple(x for x in pos.todo if x != BETRAY),
                    betrayers=tuple(s for s in pos.seats if s in pos.betrayers or s == t))
    return _set_up(after)


def race(pos: P, move: Race) -> P:
    """PM-O1: the last player to reach the tile turns back to Wonder and has no ability until
    they next win a round (AMB-PM7)."""
    q = move.player
    if not pos.board.options.play_me_race:
        raise illegal(pos, "PM-O1", "the Play Me! race is off (option play_me_race)", move)
    if RACE not in pos.todo:
        raise illegal(pos, "PM-O1", "the race's last player is entered right after a round "
                                    "win", move)
    if q == pos.last:
        raise illegal(pos, "PM-O1", "the round's winner does not race", move)
    after = pos.with_player(q, mode=WONDER)
    after = replace(after, todo=tuple(x for x in pos.todo if x != RACE),
                    sealed=tuple(s for s in pos.seats if s in pos.sealed or s == q))
    return _set_up(after)


def outcome(pos: Position) -> Outcome | None:
    """How the game ended: PM-E1 (two round wins), PM-E3 (the survivors; the lone betrayer),
    PM-O3 (the Mad Jabberwock beaten twice), PM-E4 (the Jabberwock); ``win`` with the winner,
    or ``team`` (the survivors together, no single winner); None while it goes on."""
    if not pos.won:
        return None
    if pos.phase == RABBIT:
        reason = "PM-E1"
    elif pos.defeats < survivors_target(pos):
        reason = "PM-E4"
    else:
        reason = "PM-O3" if pos.board.options.mad_jabberwock else "PM-E3"
    if len(pos.won) == 1:
        return Outcome(WIN, reason, pos.won[0])
    return Outcome(TEAM, reason)
