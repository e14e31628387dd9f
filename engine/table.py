"""What a top-down camera sees, in board coordinates, with a confidence per item.

``vision`` fills these types from frames; the referee step of each game reads them. A reading
the camera is unsure of keeps ``face=None`` (abstained) or a low ``confidence``: the referee then
says the view is not trustworthy rather than guess.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum


class Colour(str, Enum):
    """Body colour of a die as the camera reads it."""

    WHITE = "white"
    RED = "red"
    UNKNOWN = "unknown"


class ViewStatus(str, Enum):
    """Whether a view can be refereed.

    ``SETTLED`` views come from the settle detector after several agreeing frames; every other
    status says why the referee must wait.
    """

    SETTLED = "settled"
    MOVING = "moving"          # dice rolling or being pushed, readings disagree between frames
    HAND = "hand"              # a hand or arm over the board
    NO_BOARD = "no_board"      # markers not found
    UNREADABLE = "unreadable"  # frame missing or corrupt, camera lost


@dataclass(frozen=True)
class Cell:
    """A grid cell ``(r, c)``, 0-based, ``r`` grows southwards, ``c`` eastwards."""

    r: int
    c: int

    def __str__(self) -> str:
        return f"r{self.r}c{self.c}"


@dataclass(frozen=True)
class DieSeen:
    """One die as read from the table.

    Attributes:
        face: top face 1-6, or None when the reader abstained (cocked, half hidden, blurred).
        colour: body colour.
        confidence: 0..1, the reader's belief in ``face`` and ``colour`` together.
        x_mm, y_mm: centre in board millimetres (origin at the board's north-west corner).
    """

    face: int | None
    colour: Colour = Colour.WHITE
    confidence: float = 1.0
    x_mm: float = 0.0
    y_mm: float = 0.0

    @property
    def is_red(self) -> bool:
        return self.colour is Colour.RED


@dataclass(frozen=True)
class TableView:
    """Everything the camera sees of one board at one moment.

    Attributes:
        grid: rows north to south of cells west to east; None for an empty cell.
        outside: dice on the board but outside the grid (the push die, waiting dice, ...).
        status: whether this view may be refereed (see ``ViewStatus``).
        note: a short human sentence when ``status`` is not ``SETTLED`` ("hand over board").
    """

    grid: tuple[tuple[DieSeen | None, ...], ...]
    outside: tuple[DieSeen, ...] = ()
    status: ViewStatus = ViewStatus.SETTLED
    note: str = ""
    extra: dict[str, object] = field(default_factory=dict, compare=False, hash=False)

    @property
    def rows(self) -> int:
        return len(self.grid)

    @property
    def cols(self) -> int:
        return len(self.grid[0]) if self.grid else 0

    def at(self, cell: Cell) -> DieSeen | None:
        return self.grid[cell.r][cell.c]

    def dice(self) -> list[DieSeen]:
        """Every die seen, grid first (row by row), then outside."""
        return [d for row in self.grid for d in row if d is not None] + list(self.outside)

    def min_confidence(self) -> float:
        dice = self.dice()
        return min((d.confidence for d in dice), default=1.0)

    def is_trustworthy(self, min_confidence: float) -> tuple[bool, str]:
        """Say whether the referee may act on this view, and if not, why (for the OLED)."""
        if self.status is not ViewStatus.SETTLED:
            return False, self.note or self.status.value.replace("_", " ")
        unread = self.unread_note()
        if unread:
            return False, unread
        for d in self.dice():
            if d.confidence < min_confidence:
                return False, "a die is hard to read"
        return True, ""

    def unread_note(self) -> str:
        """What to ask of the player when the reader abstained on a die (cocked, touching,
        half hidden): to straighten or reroll it, naming the first such die's cell
        ("straighten or reroll r1c2"), else "a die off the grid"; empty when every die was
        read."""
        for r, row in enumerate(self.grid):
            for c, die in enumerate(row):
                if die is not None and die.face is None:
                    return f"straighten or reroll {Cell(r, c)}"
        if any(d.face is None for d in self.outside):
            return "straighten or reroll a die off the grid"
        return ""

    @classmethod
    def unsettled(cls, status: ViewStatus, note: str, rows: int = 3, cols: int = 3) -> TableView:
        """An empty view carrying only a reason to wait."""
        return cls(grid=tuple(tuple(None for _ in range(cols)) for _ in range(rows)),
                   status=status, note=note)
