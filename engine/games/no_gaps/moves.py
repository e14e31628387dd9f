"""No Gaps moves as values: draw a tile (NG-A1), set a 6 aside (NG-A2), reroll (NG-A4).

Their text is the notation of docs/notation/no-gaps.md: ``4:O4@r0c0,r0c1,r1c0,r1c1``,
``6:aside``, ``reroll=1,3,3,4,5,6``. Values are canonical (cells row-major, faces ascending),
so two texts that mean the same move give equal values.
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.games.no_gaps.shapes import CellRC


def cell_text(cell: CellRC) -> str:
    """``(1, 2)`` -> ``"r1c2"``."""
    return f"r{cell[0]}c{cell[1]}"


@dataclass(frozen=True)
class Draw:
    """NG-A1: a fresh die showing ``face`` draws tile ``tile`` on ``cells`` (row-major)."""

    face: int
    tile: str
    cells: tuple[CellRC, ...]

    def __str__(self) -> str:
        return f"{self.face}:{self.tile}@{','.join(cell_text(c) for c in self.cells)}"


@dataclass(frozen=True)
class Aside:
    """NG-A2: a fresh die showing ``face`` (a 6) goes to the spent zone without a tile."""

    face: int

    def __str__(self) -> str:
        return f"{self.face}:aside"


@dataclass(frozen=True)
class Reroll:
    """NG-A4: every spent die rolled into the fresh zone, showing ``faces`` (ascending)."""

    faces: tuple[int, ...]

    def __str__(self) -> str:
        return "reroll=" + ",".join(str(f) for f in self.faces)


Move = Draw | Aside | Reroll
