"""What the OLED may show besides the position: the "no longer winnable" advisory (HV 1.6)
and the result boxes' numbers (HV-A4), both computed by the engine.

Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.games.horizontal_vertical import lines
from engine.games.horizontal_vertical.conditions import Condition
from engine.games.horizontal_vertical.state import State


def winnable(state: State) -> bool:
    """False once the game cannot be won any more: it ended in failure, or every row, or
    every column, is dead or can no longer reach its condition (an advisory, not an end)."""
    outcome = state.outcome
    if outcome is not None:
        return outcome.success
    return lines.still_winnable(state.board, state.cells)


@dataclass(frozen=True)
class LineResult:
    """One line's result box (HV-A4).

    Attributes:
        kind: ``"row"`` or ``"column"``; label: its printed label (2-6).
        condition: the condition as printed (``≤14``, ``3 same``).
        value: the sum of its numbers (Total side) or the largest count of one value
            (a ``same_ge`` line, Number side).
        status: ``"satisfied"``, ``"dead"`` (holds an X), ``"out of reach"`` (can no longer
            meet its condition), ``"complete"`` (full but not satisfied) or ``"open"``.
    """

    kind: str
    label: int
    condition: str
    value: int
    status: str


def line_results(state: State) -> list[LineResult]:
    """The ten result boxes: rows north to south, then columns west to east."""
    out = []
    for line in (*lines.ROWS, *lines.COLUMNS):
        condition = line.condition(state.board)
        content = line.content(state.cells)
        out.append(LineResult(line.kind, line.label(state.board), condition.printed,
                              lines.result(condition, content), _status(condition, content)))
    return out


def _status(condition: Condition, content: str) -> str:
    if lines.is_satisfied(condition, content):
        return "satisfied"
    if lines.is_dead(content):
        return "dead"
    if lines.is_complete(content):
        return "complete"
    if not lines.can_be_satisfied(condition, content):
        return "out of reach"
    return "open"


__all__ = ["LineResult", "line_results", "winnable"]
