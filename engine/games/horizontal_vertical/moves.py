"""Horizontal & Vertical moves as values: a write (HV-A2), a pass (HV-A3), and the roll seen
(HV-A1, the observation that starts a turn).

Texts: ``5@2-6 X@4-4`` (write 5 at row 2, column 6, then one ``X`` per wildcard used),
``P X@3-3`` (pass), ``roll=1,3,4`` (the three faces now in view). ``X`` marks print in
row-major order of their labels; a write may carry further numbers only to be refused (HV-F4).
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.games.horizontal_vertical.dice import Roll, roll_text
from engine.games.horizontal_vertical.spot import Spot


def _marks(xs: tuple[Spot, ...]) -> str:
    return "".join(f" X@{x}" for x in xs)


@dataclass(frozen=True)
class Write:
    """HV-A2: write ``value`` at ``target`` and an ``X`` at each of ``xs``.

    Attributes:
        value: the number written (1-6).
        target: the crossing cell.
        xs: the cells of the ``X`` marks, kept sorted (their order does not matter).
        extra: further numbers written in the same turn (always illegal: HV-F4).
    """

    value: int
    target: Spot
    xs: tuple[Spot, ...] = ()
    extra: tuple[tuple[int, Spot], ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "xs", tuple(sorted(self.xs)))

    def __str__(self) -> str:
        more = "".join(f" {v}@{s}" for v, s in self.extra)
        return f"{self.value}@{self.target}{more}{_marks(self.xs)}"


@dataclass(frozen=True)
class Pass:
    """HV-A3: an ``X`` in an empty cell and a ticked pass box (``xs`` should hold one cell)."""

    xs: tuple[Spot, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "xs", tuple(sorted(self.xs)))

    def __str__(self) -> str:
        return f"P{_marks(self.xs)}"


@dataclass(frozen=True)
class RollSeen:
    """HV-A1: the three dice were rolled and show ``faces`` (ascending)."""

    faces: Roll

    def __str__(self) -> str:
        return f"roll={roll_text(self.faces)}"


Move = Write | Pass | RollSeen

__all__ = ["Move", "Pass", "RollSeen", "Write"]
