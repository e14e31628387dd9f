"""A cell of the Horizontal & Vertical grid named by its printed labels (HV-D1): ``2-6`` is
row 2, column 6. Labels are 2 to 6; which grid row or column carries which label is board data
(``board.Board.index``).

Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.errors import NotationError

SIZE = 5
LABELS = (2, 3, 4, 5, 6)
_SPOT = re.compile(r"^([2-6])-([2-6])$")


@dataclass(frozen=True, order=True)
class Spot:
    """A cell by its labels: ``row`` and ``col`` are 2 to 6. Spots sort by row label, then
    column label (row-major on the default board)."""

    row: int
    col: int

    def __str__(self) -> str:
        return f"{self.row}-{self.col}"


ALL_SPOTS = tuple(Spot(r, c) for r in LABELS for c in LABELS)


def parse_spot(text: str) -> Spot:
    """``"2-6"`` -> ``Spot(2, 6)``.

    Raises:
        NotationError: not two labels 2-6 joined by ``-``.
    """
    m = _SPOT.match(text)
    if m is None:
        raise NotationError(f"cell {text!r} must be a row label and a column label 2-6 "
                            f"joined by '-', e.g. '2-6'")
    return Spot(int(m.group(1)), int(m.group(2)))


__all__ = ["ALL_SPOTS", "LABELS", "SIZE", "Spot", "parse_spot"]
