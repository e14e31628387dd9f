"""Growing Nine referee step: what a settled table view means for a play-phase state.

Order of questions: can the view be trusted; does it show the current position (UNCHANGED);
which grid cells changed. One die gone from a cell and a die of its colour on another cell is a
roll: the rules judge it (``State.play``: GN-F1, F2, F4, F3 in that order; a move two cells
away or diagonal is GN-F3) and, when it is legal, the view must show its end, appearance
included (MOVE). A legal roll of a white die onto a spawn cell whose appearance is not made
yet is a move under way (PENDING); an appearance on the wrong cell, turned, or taken out of
order, and waiting dice touched otherwise, are GN-F5; two dice moved GN-F6; a die turned in
place GN-F3. The state never changes except on MOVE. Set-up states are judged by
``growing_nine.setup``.

Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import IllegalMoveError
from engine.games.growing_nine.dice import DIRECTIONS
from engine.games.growing_nine.moves import Roll
from engine.games.growing_nine.seen import Seen, Spot, expected_seen, read_view
from engine.games.growing_nine.setup import judge_setup
from engine.games.growing_nine.state import State
from engine.referee import Judgement, RefereeStep, Verdict
from engine.table import MIN_CONFIDENCE, Cell, TableView


def step(state: State, view: TableView, memo: object,
         min_confidence: float = MIN_CONFIDENCE) -> RefereeStep[State]:
    """The referee step the session runs on every view; Growing Nine keeps no memo (a move
    under way is told from the view and the state alone)."""
    return RefereeStep(referee(state, view, min_confidence))


def referee(state: State, view: TableView,
            min_confidence: float = MIN_CONFIDENCE) -> Judgement[State]:
    """Judge ``view`` against ``state`` (see the module docstring)."""
    seen = read_view(view, state.board, min_confidence)
    if isinstance(seen, str):
        return Judgement(Verdict.UNTRUSTED, state, message=seen)
    if state.setting_up:
        return judge_setup(state, seen)
    if seen == expected_seen(state):
        return Judgement(Verdict.UNCHANGED, state)
    if state.outcome is not None:
        return Judgement(Verdict.UNCHANGED, state, message="the game is over")
    return _judge_play(state, seen)


@dataclass(frozen=True)
class Diff:
    """Grid cells that differ between the state and the view, row-major.

    Attributes:
        vanished: held a die, now empty. appeared: were empty, now hold a die.
        changed: hold a die in both, of another colour or top.
    """

    vanished: tuple[Cell, ...]
    appeared: tuple[Cell, ...]
    changed: tuple[Cell, ...]


def diff(state: State, seen: Seen) -> Diff:
    """The grid cells the view shows differently from ``state``."""
    board = state.board
    vanished, appeared, changed = [], [], []
    for cell in board.cells():
        die, spot = state.die(cell), seen.at(board, cell)
        if die is not None and spot is None:
            vanished.append(cell)
        elif die is None and spot is not None:
            appeared.append(cell)
        elif die is not None and spot is not None and spot != (die.red, die.top):
            changed.append(cell)
    return Diff(tuple(vanished), tuple(appeared), tuple(changed))


def _illegal(state: State, code: str, message: str, move: str | None = None) -> Judgement[State]:
    return Judgement(Verdict.ILLEGAL, state, move=move, code=code, message=message)


def _untrusted(state: State, message: str) -> Judgement[State]:
    return Judgement(Verdict.UNTRUSTED, state, message=message)


def _judge_play(state: State, seen: Seen) -> Judgement[State]:
    d = diff(state, seen)
    if d.changed:
        return _changed_in_place(state, seen, d)
    if len(d.vanished) > 1:
        return _illegal(state, "GN-F6", "one die at a time")
    if not d.vanished:
        return _nothing_rolled(state, seen, d.appeared)
    src = d.vanished[0]
    mover = state.die(src)
    red = mover is not None and mover.red
    dsts = sorted((a for a in d.appeared if _red_at(state, seen, a) == red),
                  key=lambda a: (_direction(src, a) is None, a.r, a.c))
    if not dsts:
        return _die_lifted(state, seen, src, red, d.appeared)
    judgements = [_judge_roll(state, seen, src, dst, [a for a in d.appeared if a != dst])
                  for dst in dsts]
    return next((j for j in judgements if j.verdict is Verdict.MOVE), judgements[0])


def _red_at(state: State, seen: Seen, cell: Cell) -> bool | None:
    spot = seen.at(state.board, cell)
    return None if spot is None else spot[0]


def _direction(src: Cell, dst: Cell) -> str | None:
    """The direction of a one-cell step from ``src`` to ``dst``, None for any other step."""
    return _STEPS.get((dst.r - src.r, dst.c - src.c))


_STEPS = {step: d for d, step in DIRECTIONS.items()}


def _changed_in_place(state: State, seen: Seen, d: Diff) -> Judgement[State]:
    """A cell that held a die shows another one: turned by hand, or moved onto."""
    if len(d.changed) == 1 and not d.vanished and not d.appeared:
        cell = d.changed[0]
        die = state.die(cell)
        if die is not None and _red_at(state, seen, cell) != die.red:
            return _untrusted(state, f"the die on {cell} changed colour")
        return _illegal(state, "GN-F3", f"{cell} turned by hand: roll it")
    if len(d.changed) == 1 and len(d.vanished) == 1 and not d.appeared:
        problem = state.who_problem(d.vanished[0])
        if problem is not None:
            return _illegal(state, *problem)
        return _illegal(state, "GN-F4", f"{d.changed[0]} is occupied")
    return _illegal(state, "GN-F6", "one die at a time")


def _die_lifted(state: State, seen: Seen, src: Cell, red: bool,
                appeared: tuple[Cell, ...]) -> Judgement[State]:
    """A die left its cell and no die of its colour came onto the grid."""
    if appeared:
        return _illegal(state, "GN-F6", "one die at a time")
    if any(spot[0] == red for spot in seen.outside):
        return _illegal(state, "GN-F4", f"the die from {src} is off the grid")
    return Judgement(Verdict.PENDING, state, message=f"put the die from {src} down")


def _nothing_rolled(state: State, seen: Seen, appeared: tuple[Cell, ...]) -> Judgement[State]:
    """No die left its cell: a die put on the grid, or the waiting dice touched."""
    if appeared and len(seen.waiting) < len(state.queue):
        return _illegal(state, "GN-F5", "no die appears now")
    if appeared:
        return _untrusted(state, f"unexpected die on {appeared[0]}")
    problem = waiting_problem(seen.waiting, state.queue, appearing=False)
    if problem is not None:
        return _illegal(state, "GN-F5", problem)
    return _untrusted(state, "unexpected die beside the grid")


def _judge_roll(state: State, seen: Seen, src: Cell, dst: Cell,
                others: list[Cell]) -> Judgement[State]:
    """The die from ``src`` is seen on ``dst``: judge the roll, then its appearance."""
    spot = seen.at(state.board, dst)
    direction = _direction(src, dst)
    if spot is None or direction is None:
        return _not_one_step(state, src, dst)
    move = Roll(src, direction, spot[1])
    try:
        after = state.play(move)
    except IllegalMoveError as exc:
        return _illegal(state, exc.code, exc.reason, str(move))
    mover = state.die(src)
    shown = Roll(src, direction, None if mover is not None and mover.known else spot[1])
    ended_on_roll = after.outcome is not None and after.outcome.reason == "GN-E3"
    if seen == expected_seen(after) or ended_on_roll:
        return Judgement(Verdict.MOVE, after, move=str(shown), message=str(shown))
    if len(after.queue) < len(state.queue):
        return _judge_appearance(state, seen, dst, others, str(shown))
    return _no_appearance_due(state, seen, others, str(shown))


def _not_one_step(state: State, src: Cell, dst: Cell) -> Judgement[State]:
    """GN-F1/F2 if the die may not roll at all, GN-F4 onto a blocked cell, else GN-F3."""
    problem = state.who_problem(src)
    if problem is not None:
        return _illegal(state, *problem)
    if dst in state.board.blocked:
        return _illegal(state, "GN-F4", f"{dst} is blocked")
    if abs(dst.r - src.r) == 1 and abs(dst.c - src.c) == 1:
        return _illegal(state, "GN-F3", f"{src} to {dst} is a diagonal step")
    return _illegal(state, "GN-F3", f"{src} to {dst}: roll one cell")


def _judge_appearance(state: State, seen: Seen, dst: Cell, others: list[Cell],
                      move: str) -> Judgement[State]:
    """GN-A3 after a legal roll onto ``dst``: the next waiting die, unturned, on the pair cell."""
    board = state.board
    pair, head = board.pair_of(dst), state.queue[0]
    if not others:
        untouched = seen.waiting == _spots(state.queue) and not seen.outside
        in_hand = (seen.waiting == _spots(state.queue[1:])
                   and seen.outside in ((), ((False, head),)))
        if untouched or in_hand:
            return Judgement(Verdict.PENDING, state, move=move,
                             message=f"put the {head} on {pair}")
    elif seen.waiting == _spots(state.queue):
        return _illegal(state, "GN-F5", f"the {head} from the waiting area appears", move)
    if len(others) > 1:
        return _illegal(state, "GN-F5", f"one die appears, on {pair}", move)
    problem = waiting_problem(seen.waiting, state.queue, appearing=True)
    if problem is not None:
        return _illegal(state, "GN-F5", problem, move)
    if not others:
        return _untrusted(state, "unexpected die beside the grid")
    if others[0] != pair:
        return _illegal(state, "GN-F5", f"the appearing die goes on {pair}", move)
    if seen.at(board, pair) != (False, head):
        return _illegal(state, "GN-F5", f"the appearing die shows {head}: don't turn it", move)
    return _untrusted(state, "unexpected die beside the grid")


def _no_appearance_due(state: State, seen: Seen, others: list[Cell],
                       move: str) -> Judgement[State]:
    """A legal roll that makes nothing appear, seen with something else changed."""
    if others and len(seen.waiting) < len(state.queue):
        return _illegal(state, "GN-F5", "no die appears after this roll", move)
    if others:
        return _illegal(state, "GN-F6", "one die at a time", move)
    problem = waiting_problem(seen.waiting, state.queue, appearing=False)
    if problem is not None:
        return _illegal(state, "GN-F5", problem, move)
    return _untrusted(state, "unexpected die beside the grid")


def _spots(tops: tuple[int, ...]) -> tuple[Spot, ...]:
    return tuple((False, t) for t in tops)


def waiting_problem(waiting: tuple[Spot, ...], queue: tuple[int, ...],
                    appearing: bool) -> str | None:
    """GN-F5's message when the waiting zone is not as it should be, else None.

    ``appearing``: the first waiting die is to appear now, so the zone should show the rest of
    the queue (or, before it is taken, the whole queue).
    """
    expected = queue[1:] if appearing else queue
    if waiting == _spots(expected) or (appearing and waiting == _spots(queue)):
        return None
    if any(red for red, _ in waiting):
        return "the red die stays on the grid"
    if not appearing and queue and waiting == _spots(queue[1:]):
        return f"no die appears now: put the {queue[0]} back"
    for k in range(1, len(queue)):
        if waiting == _spots(queue[:k] + queue[k + 1:]):
            return f"take the first waiting die ({queue[0]})"
    return "leave the waiting dice as they are"
