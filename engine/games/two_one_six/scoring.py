"""2 1 6 scoring: line domination (TS-P1), line totals (TS-P2, AMB-TS1), the full-line bonus
(TS-P3), area domination (TS-O3, AMB-TS3), the handicap (TS-O1) and the scores (TS-P4).

The end tally is a list of ``Tally`` entries: one per line in ``grid_lines`` order, then
``area`` (option area=on) and ``handicap`` (a handicap roll given). A player's score is the sum
of the points of the entries they hold. Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.games.two_one_six.board import LETTERS, Board
from engine.games.two_one_six.lines import Cells, Line, grid_lines

FULL_LINE_BONUS = 10
"""TS-P3 (TS-O2: the same on every grid size)."""

HANDICAP_PLAYER = 1
"""TS-O1: the handicap belongs to the second player in turn order, B."""


@dataclass(frozen=True)
class Tally:
    """One entry of the end tally.

    Attributes:
        name: the line (``r0``, ``c5``, ``main``, ``anti``), ``area`` or ``handicap``.
        dominated_by: the player (0-based) who takes the points, None when nobody does.
        points: what it gives that player (0 when nobody takes it).
    """

    name: str
    dominated_by: int | None
    points: int

    def as_json(self) -> dict[str, object]:
        """``{"name": "r0", "dominated_by": "A", "points": 31}`` (null for nobody)."""
        holder = None if self.dominated_by is None else LETTERS[self.dominated_by]
        return {"name": self.name, "dominated_by": holder, "points": self.points}


def dominator(counts: Sequence[int]) -> int | None:
    """TS-P1 (AMB-TS4): the player with strictly more cells than every other, else None."""
    top = max(counts)
    leaders = [p for p, n in enumerate(counts) if n == top]
    return leaders[0] if len(leaders) == 1 and top > 0 else None


def line_tally(line: Line, cells: Cells, board: Board) -> Tally:
    """TS-P1..P3: who dominates ``line`` and its points: the line total (all values, or with
    line_total=own_cells the dominator's own) plus 10 when every cell is the dominator's."""
    entries = [e for e in (cells[i] for i in line.cells) if e is not None]
    counts = [sum(1 for e in entries if e.player == p) for p in range(board.players)]
    holder = dominator(counts)
    if holder is None:
        return Tally(line.name, None, 0)
    own_only = board.options.line_total == "own_cells"
    total = sum(e.value for e in entries if e.player == holder or not own_only)
    bonus = FULL_LINE_BONUS if counts[holder] == len(line.cells) else 0
    return Tally(line.name, holder, total + bonus)


def largest_group(cells: Cells, size: int, player: int) -> int:
    """The number of cells in ``player``'s largest orthogonally connected group (TS-O3)."""
    seen: set[int] = set()
    best = 0
    for start, entry in enumerate(cells):
        if entry is None or entry.player != player or start in seen:
            continue
        seen.add(start)
        stack, group = [start], 0
        while stack:
            i = stack.pop()
            group += 1
            for j in _neighbours(i, size):
                entry_j = cells[j]
                if j not in seen and entry_j is not None and entry_j.player == player:
                    seen.add(j)
                    stack.append(j)
        best = max(best, group)
    return best


def _neighbours(i: int, size: int) -> list[int]:
    r, c = divmod(i, size)
    steps = ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
    return [a * size + b for a, b in steps if 0 <= a < size and 0 <= b < size]


def area_tally(cells: Cells, board: Board) -> Tally:
    """TS-O3: the player whose largest group is strictly the biggest adds 1 per cell of it;
    a shared biggest size gives nobody anything (AMB-TS3)."""
    groups = [largest_group(cells, board.size, p) for p in range(board.players)]
    holder = dominator(groups)
    return Tally("area", holder, 0 if holder is None else groups[holder])


def tally(cells: Cells, board: Board) -> tuple[Tally, ...]:
    """The end tally: every line (``grid_lines`` order), then ``area`` with option area=on,
    then ``handicap`` (B's roll) when a handicap is given."""
    entries = [line_tally(line, cells, board)
               for line in grid_lines(board.size, board.options.diagonals)]
    if board.options.area:
        entries.append(area_tally(cells, board))
    if board.options.handicap:
        entries.append(Tally("handicap", HANDICAP_PLAYER, board.options.handicap))
    return tuple(entries)


def scores(tallies: Sequence[Tally], players: int) -> tuple[int, ...]:
    """TS-P4: each player's score, the points of the tally entries they hold."""
    return tuple(sum(t.points for t in tallies if t.dominated_by == p) for p in range(players))
