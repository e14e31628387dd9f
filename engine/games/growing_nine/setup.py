"""Growing Nine set-up from the camera (GN-S1..S4, FA-P1).

The game starts (and the clock with it) when the ten dice are first seen settled after their
roll, wherever they lie on the board: ``setup_from_view`` then gives the set-up phase state,
which knows the ten rolled tops. Placing the dice is play: ``judge_setup`` referees each view
of it. The tops must stay as rolled (a die turned: GN-F5); the set-up move is made when one die
stands on every spawn cell, the red one among them, and the others fill the waiting area
(MOVE ``place ...``). A view already showing a complete set-up starts the game in play
directly. With the option ``timer_start = placed`` the game starts only at a complete set-up.

Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from collections import Counter

from engine.games.growing_nine.board import DICE, Board
from engine.games.growing_nine.moves import Place
from engine.games.growing_nine.seen import Seen, Spot, expected_seen, read_view
from engine.games.growing_nine.state import State, placed
from engine.referee import Judgement, Verdict
from engine.table import MIN_CONFIDENCE, TableView


def setup_from_view(view: TableView, board: Board,
                    min_confidence: float = MIN_CONFIDENCE) -> tuple[State | None, str]:
    """The starting state once the ten rolled dice are seen settled, else (None, what to do).

    Returns:
        ``(play state, "")`` when the view shows a complete set-up; ``(set-up state, "")``
        when it shows the ten dice (one red) anywhere (option ``timer_start = rolled``);
        ``(None, "roll the ten dice: 7 of 10 seen")`` etc. otherwise.
    """
    seen = read_view(view, board, min_confidence)
    if isinstance(seen, str):
        return None, seen
    tally = seen.tally()
    count = sum(tally.values())
    if count != DICE:
        return None, (f"roll the ten dice: {count} of {DICE} seen" if count < DICE
                      else f"only the {DICE} dice on the board")
    if sum(n for (red, _), n in tally.items() if red) != 1:
        return None, "one red die and nine white ones"
    place = placement(seen, board)
    if place is not None:
        return placed(board, place), ""
    if board.options.timer_start == "placed":
        return None, progress(seen, board)
    red = next(top for (is_red, top) in tally.elements() if is_red)
    whites = tuple(top for (is_red, top) in tally.elements() if not is_red)
    return State.rolled_dice(board, red, whites), ""


def placement(seen: Seen, board: Board) -> Place | None:
    """GN-S4: the set-up the view shows when it is complete (a die on every spawn cell, red
    among them, no die elsewhere on the grid or board, a full waiting area of white dice),
    else None."""
    spawns = board.spawns
    on_spawns = [(c, seen.at(board, c)) for c in spawns]
    elsewhere = [c for c in board.cells() if c not in spawns and seen.at(board, c) is not None]
    if elsewhere or seen.outside or any(spot is None for _, spot in on_spawns):
        return None
    if sum(spot[0] for _, spot in on_spawns if spot) != 1 or len(seen.waiting) != board.waiting:
        return None
    if any(red for red, _ in seen.waiting):
        return None
    dice = tuple((c, spot[0], spot[1]) for c, spot in on_spawns if spot is not None)
    return Place(dice, tuple(top for _, top in seen.waiting))


def progress(seen: Seen, board: Board) -> str:
    """How far the placing is, for the OLED: ``set up: 2/4 spawn cells, 3/6 waiting``."""
    if any(red for red, _ in seen.waiting):
        return "set up: the red die goes on a spawn cell"
    filled = sum(seen.at(board, c) is not None for c in board.spawns)
    return (f"set up: {filled}/{len(board.spawns)} spawn cells, "
            f"{len(seen.waiting)}/{board.waiting} waiting")


def judge_setup(state: State, seen: Seen) -> Judgement[State]:
    """Referee a view of the placing (set-up phase ``state``).

    MOVE ``place ...`` when the set-up is complete; UNCHANGED while no die stands on a spawn
    cell or in the waiting area; PENDING while the placing is under way (or a die is out of
    sight); GN-F5 when a top differs from the roll (a die turned); UNTRUSTED when more dice,
    or not one red die, are seen.
    """
    rolled = expected_seen(state).tally()
    tally = seen.tally()
    if tally == rolled:
        return _placing(state, seen)
    if sum(tally.values()) > DICE:
        return Judgement(Verdict.UNTRUSTED, state, message=f"more than {DICE} dice seen")
    if sum(n for (red, _), n in tally.items() if red) > 1:
        return Judgement(Verdict.UNTRUSTED, state, message="one red die expected")
    extra, missing = tally - rolled, rolled - tally
    if not extra:
        return Judgement(Verdict.PENDING, state,
                         message=f"{sum(tally.values())} of {DICE} dice seen")
    return Judgement(Verdict.ILLEGAL, state, code="GN-F5", message=_turned(extra, missing))


def _placing(state: State, seen: Seen) -> Judgement[State]:
    board = state.board
    place = placement(seen, board)
    if place is not None:
        return Judgement(Verdict.MOVE, state.play(place), move=str(place), message="set up")
    started = seen.waiting or any(seen.at(board, c) is not None for c in board.spawns)
    verdict = Verdict.PENDING if started else Verdict.UNCHANGED
    return Judgement(verdict, state, message=progress(seen, board))


def _turned(extra: Counter[Spot], missing: Counter[Spot]) -> str:
    """GN-F5's message for tops that differ from the roll."""
    red_missing = [top for (red, top) in missing if red]
    if red_missing:
        return f"red die turned: it showed {red_missing[0]}"
    lost = sorted(top for (_, top) in missing.elements())
    return f"die turned during set-up: a {lost[0]} is missing" if lost else "die turned"
