"""The dice in the roll zone compared with the roll seen before (HV-A1, HV-F8).

The camera cannot tell the three dice apart except by where they lie. A die that lies within
``STILL_MM`` of where a die lay before, showing the same face, was not touched; at the same
place with another face it was turned by hand; anywhere else it moved. A new roll is all three
dice moved (one of them may have come to rest where a die lay before, showing another face).
When the positions are not known (0:0, as in hand-written views) only the faces compare.
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine.games.horizontal_vertical.dice import Roll

STILL_MM = 8.0
"""A die whose centre moved less than this (half a die) lies where it lay."""


@dataclass(frozen=True)
class Die:
    """One die of the roll zone: its face and centre in board millimetres (0, 0: unknown)."""

    face: int
    x_mm: float = 0.0
    y_mm: float = 0.0

    @property
    def placed(self) -> bool:
        return (self.x_mm, self.y_mm) != (0.0, 0.0)

    def near(self, other: Die) -> bool:
        return (self.x_mm - other.x_mm) ** 2 + (self.y_mm - other.y_mm) ** 2 < STILL_MM ** 2


class Change(str, Enum):
    """How the roll zone differs from the roll seen before."""

    SAME = "same"          # the same three dice as before (or the same faces, places unknown)
    EMPTY = "empty"        # no die in the roll zone (picked up for the next roll)
    PARTIAL = "partial"    # one or two dice in the roll zone
    NEW = "new"            # a new roll: all three dice moved (or other faces, places unknown)
    SOME = "some"          # only some dice moved: a reroll of only some of them (HV-F8)
    TURNED = "turned"      # no die moved but a face changed: turned by hand (HV-F8)


def faces(dice: tuple[Die, ...]) -> Roll:
    """The faces of three dice, ascending."""
    a, b, c = sorted(d.face for d in dice)
    return (a, b, c)


def compare(before: tuple[Die, ...] | None, now: tuple[Die, ...]) -> Change:
    """How the dice ``now`` in the roll zone relate to the three dice ``before`` (None: no
    roll remembered, so three dice are a new roll)."""
    if not now:
        return Change.EMPTY
    if len(now) < 3:
        return Change.PARTIAL
    if before is None:
        return Change.NEW
    if not all(d.placed for d in (*before, *now)):
        return Change.SAME if faces(before) == faces(now) else Change.NEW
    untouched, turned = _matches(before, now)
    moved = 3 - untouched - turned
    if untouched == 3:
        return Change.SAME
    if untouched == 0 and moved >= 2:
        return Change.NEW
    return Change.TURNED if moved == 0 else Change.SOME


def _matches(before: tuple[Die, ...], now: tuple[Die, ...]) -> tuple[int, int]:
    """(untouched, turned): dice now lying where a die lay before, with the same face or
    another; each die before matches at most one die now, nearest first."""
    pairs = sorted(((a.x_mm - b.x_mm) ** 2 + (a.y_mm - b.y_mm) ** 2, i, j)
                   for i, a in enumerate(before) for j, b in enumerate(now) if a.near(b))
    used_before: set[int] = set()
    used_now: set[int] = set()
    untouched = turned = 0
    for _, i, j in pairs:
        if i in used_before or j in used_now:
            continue
        used_before.add(i)
        used_now.add(j)
        if before[i].face == now[j].face:
            untouched += 1
        else:
            turned += 1
    return untouched, turned


__all__ = ["STILL_MM", "Change", "Die", "compare", "faces"]
