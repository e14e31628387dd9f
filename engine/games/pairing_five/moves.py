"""Pairing Five dice and moves: a placement (PF-A1) and the four kinds of effect result (PF-A2).

A move's text is its ``str``: ``B1=1``, ``A1=R4``, ``DOWN 6>3``, ``SAME_REROLL 3:1,3``,
``AREA_CHANGE A<>B`` (docs/notation/pairing-five.md). Values are canonical, so two texts of
the same move give equal values: ``SameReroll`` results ascend, ``AreaChange`` areas ascend.
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Die:
    """A die as the rules see it: its top face and whether it is the red one."""

    face: int
    red: bool = False

    def __str__(self) -> str:
        return ("R" if self.red else "") + str(self.face)


def canonical(dice: Iterable[Die]) -> tuple[Die, ...]:
    """Unused dice in the printed order: the red die first, then the white ones ascending."""
    return tuple(sorted(dice, key=lambda d: (not d.red, d.face)))


@dataclass(frozen=True)
class Place:
    """PF-A1: put ``die`` from the unused dice into ``cell`` (1 or 2) of ``area`` (A-E)."""

    area: str
    cell: int
    die: Die

    def __str__(self) -> str:
        return f"{self.area}{self.cell}={self.die}"


@dataclass(frozen=True)
class Change:
    """A one-die effect (DOWN, UP, FLIP, REROLL1, PM3, PM2, PM1, ALMIGHTY): the unused die
    showing ``die`` ends showing ``result``."""

    effect: str
    die: Die
    result: int

    def __str__(self) -> str:
        return f"{self.effect} {self.die}>{self.result}"


@dataclass(frozen=True)
class SameReroll:
    """SAME_REROLL: every unused die showing ``value`` was rolled; ``results`` (ascending) are
    the faces they show now."""

    value: int
    results: tuple[int, ...]

    @classmethod
    def of(cls, value: int, results: Iterable[int]) -> SameReroll:
        return cls(value, tuple(sorted(results)))

    def __str__(self) -> str:
        return f"SAME_REROLL {self.value}:{','.join(str(r) for r in self.results)}"


@dataclass(frozen=True)
class AreaChange:
    """AREA_CHANGE: the whole contents of two areas swap (``first`` <= ``second``)."""

    first: str
    second: str

    @classmethod
    def of(cls, a: str, b: str) -> AreaChange:
        return cls(min(a, b), max(a, b))

    def __str__(self) -> str:
        return f"AREA_CHANGE {self.first}<>{self.second}"


Move = Place | Change | SameReroll | AreaChange
EffectMove = Change | SameReroll | AreaChange
