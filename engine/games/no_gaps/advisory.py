"""No Gaps advisory (section 3.6, AMB-NG3): "no longer winnable", shown but never an end.

``hopeless_reason`` proves that the grid can no longer be filled, with cheap checks first and a
bounded tiling search last: the empty cells against the cells the unused tiles can cover, every
empty cell against the fitting placements, the tiles the dice left can still draw, each empty
region's size against sums of unused tile sizes, and an exact-cover search of the empty cells by
the unused tiles that gives up after ``SEARCH_BUDGET`` nodes. It only says "hopeless" when one
of them proves it (sound, not complete): an empty answer means "not proven", not "winnable".
The dice faces still to come are unknown, so the search ignores them.
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from engine.games.no_gaps.board import COLS, FULL
from engine.games.no_gaps.moves import cell_text
from engine.games.no_gaps.shapes import cells_of, components, lowest_bit
from engine.games.no_gaps.state import State

SEARCH_BUDGET = 1000
"""Nodes the tiling search may visit before it gives up (bounds the time of one answer)."""


class _OutOfBudget(Exception):
    """The tiling search visited ``SEARCH_BUDGET`` nodes without an answer."""


def no_longer_winnable(state: State) -> bool:
    """True when the game is lost or proven impossible to complete (see module docstring)."""
    return bool(hopeless_reason(state))


def hopeless_reason(state: State) -> str:
    """Why the grid can no longer be filled, in a few words for the OLED; "" when not proven
    (or when the game is won)."""
    outcome = state.outcome
    if outcome is not None:
        return "" if outcome.success else f"the game is lost ({outcome.reason})"
    empty = FULL & ~state.covered
    checks = (_area, _unreachable_cell, _dice_left, _regions, _no_tiling)
    return next((why for why in (check(state, empty) for check in checks) if why), "")


def _copies(state: State) -> list[int]:
    """The sizes of every unused tile copy, largest first."""
    sizes = [t.size for t in state.unused_tiles() for _ in range(state.copies_left(t))]
    return sorted(sizes, reverse=True)


def _area(state: State, empty: int) -> str:
    cover = sum(_copies(state))
    count = empty.bit_count()
    return f"{count} empty cells, unused tiles cover {cover}" if cover < count else ""


def _unreachable_cell(state: State, empty: int) -> str:
    reach = 0
    for tile in state.unused_tiles():
        for mask in state.fitting(tile):
            reach |= mask
    left = empty & ~reach
    if not left:
        return ""
    return f"no unused tile fits {cell_text(cells_of(left & -left, COLS)[0])}"


def _dice_left(state: State, empty: int) -> str:
    """The fresh dice draw one tile each; every reroll left rolls the dice still in play."""
    drawing = sum(1 for f in state.fresh if not state.board.sets_aside(f))
    in_play = len(state.fresh) + len(state.spent)
    draws = drawing + (state.board.rerolls - state.rerolls) * in_play
    best = sum(_copies(state)[:draws])
    count = empty.bit_count()
    return f"the dice left draw at most {best} of {count} cells" if best < count else ""


def _regions(state: State, empty: int) -> str:
    sums = _subset_sums(_copies(state))
    for region in components(empty, COLS):
        if region.bit_count() not in sums:
            first = cell_text(cells_of(region & -region, COLS)[0])
            return f"the {region.bit_count()} empty cells at {first} fit no set of tiles"
    return ""


def _subset_sums(sizes: list[int]) -> set[int]:
    sums = {0}
    for size in sizes:
        sums |= {s + size for s in sums if s + size <= FULL.bit_length()}
    return sums


def _no_tiling(state: State, empty: int) -> str:
    counts = {t.name: state.copies_left(t) for t in state.unused_tiles()}
    try:
        tiled = _tile(state, empty, counts, [0])
    except _OutOfBudget:
        return ""
    return "" if tiled else "the empty cells cannot be tiled with the unused tiles"


def _tile(state: State, empty: int, counts: dict[str, int], visited: list[int]) -> bool:
    """Exact cover of ``empty`` by copies in ``counts`` (each placement covers the first empty
    cell, row-major, so every tiling is met once per order of equal tiles)."""
    if not empty:
        return True
    visited[0] += 1
    if visited[0] > SEARCH_BUDGET:
        raise _OutOfBudget
    cell = lowest_bit(empty)
    for name, left in counts.items():
        if left <= 0:
            continue
        for mask in state.board.by_first_cell[name].get(cell, ()):
            if mask & ~empty:
                continue
            counts[name] -= 1
            found = _tile(state, empty & ~mask, counts, visited)
            counts[name] += 1
            if found:
                return True
    return False
