"""Dice on the rows: whose colour each is and the face it shows, and what a row tells.

A row is the tuple of dice in slots 1, 2, ... (slots fill from the left with no gaps, rules
section 2). A die belongs to a seated player (1-based) or, for the Caterpillar's Madness
1-block taken from a colour nobody plays (AMB-PM4), to no one (``UNUSED``, ``X`` in the
notation). Pure standard library; imports nothing of ours.
"""

from __future__ import annotations

from dataclasses import dataclass

SLOTS = 6
UNUSED = 0
"""The owner of a die of a colour no player uses."""


@dataclass(frozen=True)
class Die:
    """A die lying in a slot: ``owner`` (a player, or ``UNUSED``) and its ``face``."""

    owner: int
    face: int


Row = tuple[Die, ...]


def next_slot(row: Row) -> int:
    """``n(p)``: the leftmost empty slot (7 once the row is full)."""
    return len(row) + 1


def foreign(row: Row, owner: int) -> list[Die]:
    """The dice on ``owner``'s row that are not ``owner``'s (blocks, left to right)."""
    return [d for d in row if d.owner != owner]


def is_complete(row: Row, owner: int) -> bool:
    """All six slots hold ``owner``'s own dice."""
    return len(row) == SLOTS and not foreign(row, owner)


def reached(row: Row, owner: int, slot: int) -> bool:
    """``owner`` has an own die in ``slot`` (1-based)."""
    return len(row) >= slot and row[slot - 1].owner == owner


def common_prefix(a: Row, b: Row) -> int:
    """How many slots, from slot 1, hold the same dice in both rows."""
    count = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        count += 1
    return count


def without(row: Row, index: int) -> Row:
    """The row with the die at ``index`` (0-based) taken away, the dice right of it moved one
    slot left (slots fill from the left with no gaps)."""
    return row[:index] + row[index + 1:]
