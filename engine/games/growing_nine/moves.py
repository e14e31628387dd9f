"""Growing Nine moves as values, each printing its own notation.

- ``Roll``: a die rolls one cell (GN-A1 a matching white die, GN-A2 the red die): ``r3c0 N``,
  or ``r3c0 N=6`` with the top seen after it. Any appearance (GN-A3) follows by itself.
- ``Place``: the set-up (GN-S2, GN-S3) as placed: the dice on the spawn cells and the waiting
  tops, ``place r0c0=R3 r0c3=W5 r3c0=W3 r3c3=W2 q=614253``.
- ``Circles``: the player's declaration that play goes round in circles (GN-E5) ``circles``,
  entered with the buttons; never listed among the legal moves.

Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.table import Cell

CIRCLES = "circles"


def die_text(red: bool, faces: str) -> str:
    """``R3``, ``W5``, ``W315``: the colour letter and the top (or the orientation)."""
    return ("R" if red else "W") + faces


def queue_text(queue: tuple[int, ...]) -> str:
    """``q=614253``, or ``q=-`` when no die waits."""
    return "q=" + ("".join(str(t) for t in queue) or "-")


@dataclass(frozen=True)
class Roll:
    """A die rolls one cell.

    Attributes:
        cell: where the die stands before the roll.
        direction: ``N``, ``E``, ``S`` or ``W``.
        top: the top seen after the roll; required while the die's orientation is unknown,
            checked against the prediction when it is known; None when not given.
    """

    cell: Cell
    direction: str
    top: int | None = None

    def __str__(self) -> str:
        text = f"{self.cell} {self.direction}"
        return text if self.top is None else f"{text}={self.top}"


@dataclass(frozen=True)
class Place:
    """The set-up as placed (GN-S2, GN-S3).

    Attributes:
        spawns: ``(cell, red, top)`` for every spawn cell, row-major.
        queue: the tops of the waiting dice, the next to appear first.
    """

    spawns: tuple[tuple[Cell, bool, int], ...]
    queue: tuple[int, ...]

    def __str__(self) -> str:
        dice = " ".join(f"{cell}={die_text(red, str(top))}" for cell, red, top in self.spawns)
        return f"place {dice} {queue_text(self.queue)}"


@dataclass(frozen=True)
class Circles:
    """GN-E5: the player declares that play is going round in circles (a failure)."""

    def __str__(self) -> str:
        return CIRCLES


Move = Roll | Place | Circles
