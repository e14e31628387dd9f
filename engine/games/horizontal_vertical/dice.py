"""What a roll of the three dice lets the player write (HV-A2, AMB-HV1, AMB-HV4).

A roll is the three faces in ascending order. Dice showing the same face are interchangeable,
so an assignment of roles is named by the value die's face alone: the two other faces are the
selectors. A selector 2-6 picks the line with that label, a selector 1 is a wildcard that picks
any label and costs one ``X``. The value die's face is written as it is (a 1 is the number 1).
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement

from engine.games.horizontal_vertical.spot import LABELS, Spot

Roll = tuple[int, int, int]
FACES = (1, 2, 3, 4, 5, 6)
WILDCARD = 1
ROLLS: tuple[Roll, ...] = tuple((a, b, c) for a, b, c in combinations_with_replacement(FACES, 3))
"""Every roll of three dice, ascending faces, in ascending order (56 rolls)."""


def roll_text(roll: Roll) -> str:
    """``(1, 3, 4)`` -> ``"1,3,4"``."""
    return ",".join(str(f) for f in roll)


def lines_of(selector: int) -> tuple[int, ...]:
    """HV-A2: the labels a selector picks: its own face, or any label for a wildcard."""
    return LABELS if selector == WILDCARD else (selector,)


@dataclass(frozen=True)
class Assignment:
    """One way to use a roll: the value die's face and the two selectors' faces.

    Attributes:
        value: the face written in the crossing cell.
        selectors: the other two faces, ascending.
    """

    value: int
    selectors: tuple[int, int]

    @property
    def wildcards(self) -> int:
        """AMB-HV4: the number of selectors showing 1, each owing one ``X``."""
        return self.selectors.count(WILDCARD)

    @property
    def addresses(self) -> frozenset[Spot]:
        """HV-A2: ``L(s1) x L(s2)`` union ``L(s2) x L(s1)`` (row label x column label)."""
        return _addresses(self.selectors)


@cache
def _addresses(selectors: tuple[int, int]) -> frozenset[Spot]:
    a, b = (lines_of(s) for s in selectors)
    return frozenset(Spot(r, c) for r in a for c in b) | frozenset(
        Spot(r, c) for r in b for c in a)


@cache
def assignments(roll: Roll) -> tuple[Assignment, ...]:
    """The distinct role assignments of ``roll``, one per distinct face, ascending value."""
    out = []
    for value in sorted(set(roll)):
        rest = list(roll)
        rest.remove(value)
        out.append(Assignment(value, (rest[0], rest[1])))
    return tuple(out)


def reaches_by_reuse(roll: Roll, value: int, spot: Spot) -> bool:
    """HV-F4: ``value`` is on some die and the row and column of ``spot`` can be picked by
    the roll's faces if one die may play two roles (e.g. roll 2,5,6 and ``2@2-5``)."""
    def picks(label: int) -> bool:
        return any(label in lines_of(face) for face in roll)
    return value in roll and picks(spot.row) and picks(spot.col)


__all__ = ["FACES", "ROLLS", "Assignment", "Roll", "assignments", "lines_of",
           "reaches_by_reuse", "roll_text"]
