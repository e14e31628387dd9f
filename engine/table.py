"""What a top-down camera sees, in board coordinates, with a confidence per item.

``vision`` fills these types from frames; the referee step of each game reads them. An item is
a die, a cube, a tile or marker ink, with a colour from the game's palette. A reading the camera
is unsure of keeps ``face=None`` (abstained) or a low ``confidence``: the referee then says the
view is not trustworthy rather than guess. Pure standard library; imports nothing of ours.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

MIN_CONFIDENCE = 0.6
"""A reading below this confidence is not trusted: the referee waits (every game, every reader)."""

TILE_FACE_DOWN = 0
"""``Item.face`` of a piece of kind TILE lying face down: a tile's back, a used token."""
TILE_TOKEN_UP = 7
"""``Item.face`` of a token of kind TILE lying face up: it has no pips, and no tile has 7."""


def tile_face(white: int, black: int) -> int:
    """``Item.face`` of a dot tile of kind TILE lying face up with ``white`` white and
    ``black`` black pips (1 to 6 in all): ``10 * white + black``, as one number holds both
    counts (Bossa's ``W2B1`` is 21)."""
    return 10 * white + black


class Colour(str, Enum):
    """Body colour of a die (or top colour of a cube) as the camera reads it. A game's palette
    (``engine.layout.Layout.palette``) says which of them its items may have."""

    WHITE = "white"
    RED = "red"
    BLACK = "black"
    BLUE = "blue"
    GREEN = "green"
    YELLOW = "yellow"
    UNKNOWN = "unknown"


class ItemKind(str, Enum):
    """What an item on the table is."""

    DIE = "die"      # a d6 (d4/d8) showing a face
    CUBE = "cube"    # a CubeCourier cube: only its top colour matters
    TILE = "tile"    # a dot tile lying face up
    INK = "ink"      # marker ink in a cell


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
class Item:
    """One item as read from the table.

    Attributes:
        face: top face of a die (1-6, or up to 8), None when the reader abstained (cocked,
            half hidden, blurred) or for items without a face (cubes, ink).
        colour: body colour of a die, top colour of a cube.
        confidence: 0..1, the reader's belief in ``face`` and ``colour`` together.
        x_mm, y_mm: centre in board millimetres (origin at the board's north-west corner).
        kind: what the item is.
        stacked: a stack of two (a cube on a cube): only the upper one's top is seen.
        ringed: the marker ring lies around it (CubeCourier's last moved cube).
    """

    face: int | None
    colour: Colour = Colour.WHITE
    confidence: float = 1.0
    x_mm: float = 0.0
    y_mm: float = 0.0
    kind: ItemKind = ItemKind.DIE
    stacked: bool = False
    ringed: bool = False

    @property
    def is_red(self) -> bool:
        return self.colour is Colour.RED



@dataclass(frozen=True)
class TableView:
    """Everything the camera sees of one board at one moment.

    Attributes:
        grid: rows north to south of cells west to east; None for an empty cell.
        outside: items on the board outside the grid and outside every named zone (the push
            die, ...).
        zones: items in the layout's named zones (a roll tray, an off-board area), as
            ``(zone name, items)`` pairs in the layout's order.
        status: whether this view may be refereed (see ``ViewStatus``).
        note: a short human sentence when ``status`` is not ``SETTLED`` ("hand over board").
        extra: diagnostics of the reader (not compared).
    """

    grid: tuple[tuple[Item | None, ...], ...]
    outside: tuple[Item, ...] = ()
    status: ViewStatus = ViewStatus.SETTLED
    note: str = ""
    extra: dict[str, object] = field(default_factory=dict, compare=False, hash=False)
    zones: tuple[tuple[str, tuple[Item, ...]], ...] = ()

    @property
    def rows(self) -> int:
        return len(self.grid)

    @property
    def cols(self) -> int:
        return len(self.grid[0]) if self.grid else 0

    def at(self, cell: Cell) -> Item | None:
        return self.grid[cell.r][cell.c]

    def zone(self, name: str) -> tuple[Item, ...]:
        """The items in the named zone (none when the zone is empty or unknown)."""
        return next((items for zone, items in self.zones if zone == name), ())

    def dice(self) -> list[Item]:
        """Every item seen: grid first (row by row), then outside, then the zones in order."""
        items = [d for row in self.grid for d in row if d is not None] + list(self.outside)
        return items + [d for _, zone in self.zones for d in zone]

    def min_confidence(self) -> float:
        dice = self.dice()
        return min((d.confidence for d in dice), default=1.0)

    def is_trustworthy(self, min_confidence: float = MIN_CONFIDENCE) -> tuple[bool, str]:
        """Say whether the referee may act on this view, and if not, why (for the OLED)."""
        if self.status is not ViewStatus.SETTLED:
            return False, self.note or self.status.value.replace("_", " ")
        unread = self.unread_note()
        if unread:
            return False, unread
        for d in self.dice():
            if d.confidence < min_confidence:
                return False, f"a {d.kind.value} is hard to read"
        return True, ""

    def unread_note(self) -> str:
        """What to ask of the player when the reader abstained on a die (cocked, touching,
        half hidden): to straighten or reroll it, naming the first such die's cell
        ("straighten or reroll r1c2"), else "a die off the grid"; empty when every die was
        read."""
        for r, row in enumerate(self.grid):
            for c, die in enumerate(row):
                if die is not None and die.face is None and die.kind is ItemKind.DIE:
                    return f"straighten or reroll {Cell(r, c)}"
        if any(d.face is None and d.kind is ItemKind.DIE for d in self.outside):
            return "straighten or reroll a die off the grid"
        for name, items in self.zones:
            if any(d.face is None and d.kind is ItemKind.DIE for d in items):
                return f"straighten or reroll a die in the {name.replace('_', ' ')}"
        return ""

    @classmethod
    def unsettled(cls, status: ViewStatus, note: str, rows: int = 3, cols: int = 3) -> TableView:
        """An empty view carrying only a reason to wait."""
        return cls(grid=tuple(tuple(None for _ in range(cols)) for _ in range(rows)),
                   status=status, note=note)
