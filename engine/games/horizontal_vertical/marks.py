"""Reading a Horizontal & Vertical table view, and which legal moves explain new ink.

The camera sees where ink is, not what it says: a write and its ``X`` marks are cells that
gained ink, a pass is one such cell and one more ticked pass box. ``explain`` lists the legal
moves of the state whose marks are exactly the new ones (the device can offer them), and says
whether the new marks are part of a legal move still being made; ``diagnose`` names the rule
that new marks no legal move explains break (HV-F2, F4, F5, F6, F7).
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.games.horizontal_vertical.board import Board
from engine.games.horizontal_vertical.dice import Roll, assignments, roll_text
from engine.games.horizontal_vertical.lines import EMPTY
from engine.games.horizontal_vertical.moves import Move, Pass, Write
from engine.games.horizontal_vertical.spot import SIZE, Spot
from engine.games.horizontal_vertical.state import PASSES, State
from engine.games.horizontal_vertical.tray import Die
from engine.table import Colour, ItemKind, TableView, ViewStatus

ROLL_ZONE = "roll"
PASS_ZONE = "passes"


@dataclass(frozen=True)
class Reading:
    """A trusted view of the table, in the game's terms.

    Attributes:
        ink: the cells where ink is seen.
        ticks: ink marks seen in the pass boxes; None when the view has no pass-box zone
            (the ticks are then not checked).
        dice: the dice in the roll zone, in the view's order.
    """

    ink: frozenset[Spot]
    ticks: int | None
    dice: tuple[Die, ...]


def read_view(view: TableView, board: Board, min_confidence: float) -> Reading | str:
    """The view as a ``Reading``, or why it cannot be refereed (for the OLED)."""
    why = _untrusted(view, min_confidence)
    if why:
        return why
    ink = frozenset(board.spot(r * SIZE + c) for r, row in enumerate(view.grid)
                    for c, item in enumerate(row) if item is not None)
    zones = dict(view.zones)
    ticks = None
    if PASS_ZONE in zones:
        ticks = sum(1 for item in zones[PASS_ZONE] if item.kind is ItemKind.INK)
    dice = tuple(Die(item.face or 0, item.x_mm, item.y_mm)
                 for item in view.zone(ROLL_ZONE) if item.kind is ItemKind.DIE)
    return Reading(ink, ticks, dice)


def _untrusted(view: TableView, min_confidence: float) -> str:
    """Why the view cannot be refereed, or ``""``."""
    if view.status is not ViewStatus.SETTLED:
        return view.note or view.status.value.replace("_", " ")
    if view.rows != SIZE or any(len(row) != SIZE for row in view.grid):
        return "the grid is not read: check the camera"
    for item in view.dice():
        if item.confidence < min_confidence:
            return "the ink is hard to read" if item.kind is ItemKind.INK else (
                f"a {item.kind.value} is hard to read")
    if any(item is not None and item.kind is not ItemKind.INK for row in view.grid
           for item in row):
        return "take the dice off the grid"
    if any(item.kind is ItemKind.DIE for item in view.outside):
        return "roll the dice inside the roll zone"
    if any(item.kind is not ItemKind.INK for item in view.zone(PASS_ZONE)):
        return "take the dice off the pass boxes"
    dice = [item for item in view.zone(ROLL_ZONE) if item.kind is ItemKind.DIE]
    if any(d.face is None for d in dice):
        return "straighten or reroll a die in the roll zone"
    if any(d.colour is not Colour.WHITE for d in dice):
        return "a die's colour is outside the palette: use the white dice"
    if len(dice) > 3:
        return "only the three dice in the roll zone"
    return ""


@dataclass(frozen=True)
class Explanation:
    """What new marks (ink in empty cells, ticks in pass boxes) may be.

    Attributes:
        exact: the legal moves whose marks are exactly the new marks.
        partial: the code of the move the new marks are an unfinished part of (HV-F5: a
            write lacking ``X`` marks, HV-F7: a pass lacking its ``X`` or its tick), or None.
        hint: what is left to do for a partial move.
    """

    exact: tuple[Move, ...]
    partial: str | None = None
    hint: str = ""


def explain(state: State, new: frozenset[Spot], ticks: int | None) -> Explanation:
    """The legal moves of ``state`` (a roll in view) that leave exactly the ``new`` marks and
    ``ticks`` more ticked pass boxes (None: the pass boxes are not watched, so a pass and a
    write look alike), and whether the marks are a move still being made."""
    exact = tuple(m for m in _candidates(state, new, ticks) if state.check(m) is None)
    if _part_of_write(state, new, ticks):
        return Explanation(exact, "HV-F5", "write an X for each 1 used as a wildcard")
    if state.passes < PASSES and (len(new), ticks) == (1, 0):
        return Explanation(exact, "HV-F7", "tick a pass box")
    if state.passes < PASSES and (len(new), ticks) == (0, 1):
        return Explanation(exact, "HV-F7", "write the pass's X")
    return Explanation(exact)


def _candidates(state: State, new: frozenset[Spot], ticks: int | None) -> list[Move]:
    if state.roll is None:
        return []
    moves: list[Move] = []
    if ticks in (1, None) and len(new) == 1:
        moves.append(Pass(tuple(new)))
    if ticks in (0, None) and 1 <= len(new) <= 3:
        moves += [Write(a.value, target, tuple(new - {target}))
                  for target in sorted(new) for a in assignments(state.roll)]
    return moves


def _part_of_write(state: State, new: frozenset[Spot], ticks: int | None) -> bool:
    """Whether some legal write puts ink in every new cell and at least one more."""
    if state.roll is None or ticks or not new:
        return False
    empty = set(state.empty_spots())
    return any(a.addresses & empty and min(a.wildcards, len(empty) - 1) >= len(new)
               for a in assignments(state.roll))


def diagnose(state: State, roll: Roll, new: frozenset[Spot],
             ticks: int | None) -> tuple[str, str]:
    """The rule broken by new marks that no legal move explains, as (code, message)."""
    if ticks:
        if state.passes + ticks > PASSES:
            return "HV-F6", "no pass box left: a fourth pass"
        return "HV-F7", "one X and one tick per pass" if ticks == 1 else "one tick per pass"
    if len(new) > 3:
        return "HV-F4", "one number per turn"
    addressed = [s for s in sorted(new) if any(s in a.addresses for a in assignments(roll))]
    if not addressed:
        return "HV-F2", f"roll {roll_text(roll)} does not address {min(new)}"
    if not any(a.wildcards for a in assignments(roll)):
        return "HV-F5", f"no 1 in roll {roll_text(roll)}: no X"
    return "HV-F5", "one X for each 1 used as a wildcard"


def recorded(state: State) -> frozenset[Spot]:
    """The cells the state says hold a number or an ``X``."""
    board = state.board
    return frozenset(board.spot(i) for i, ch in enumerate(state.cells) if ch != EMPTY)


__all__ = ["PASS_ZONE", "ROLL_ZONE", "Explanation", "Reading", "diagnose", "explain",
           "read_view", "recorded"]
