"""The white and black lines (rules section 2): positions, filling order and the count rule.

A line's origin is its die (value ``die``). Its positions lie at distance ``k >= 1`` on the low
side (value ``die - k``, only while it is at least 1) and on the high side (value ``die + k``,
no upper limit), so a value names one position of a line (``W4``). On each side positions are
filled outwards with no gap: the only playable position of a side is the one next to the last
filled one. A position holds one or more layers of tiles (a Stack adds a layer); every layer has
the position's count. Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.games.bossa.tiles import Tile, tiles_text

LOW = "low"
HIGH = "high"
MAX_FIRST_COUNT = 2
"""At distance 1 (next to the die) a position takes 1 or 2 tiles (both levels; AMB-BO4)."""


@dataclass(frozen=True)
class LinePosition:
    """A filled position of a line (the source's "column").

    Attributes:
        value: the position's value (the line colour's pips of each layer add up to it).
        layers: the groups of tiles laid there, bottom first; the last one is seen on top.
    """

    value: int
    layers: tuple[tuple[Tile, ...], ...]

    @property
    def count(self) -> int:
        """The number of tiles of each layer (a Stack keeps it, AMB-BO5)."""
        return len(self.layers[0])

    @property
    def top(self) -> tuple[Tile, ...]:
        """The layer the camera sees."""
        return self.layers[-1]

    def tiles(self) -> tuple[Tile, ...]:
        """Every tile of the position, all layers."""
        return tuple(t for layer in self.layers for t in layer)

    def text(self, colour: str) -> str:
        """``W4=W1B0+W3B2/W2B0+W2B1``: layers bottom first, tiles joined by ``+``."""
        return f"{colour}{self.value}=" + "/".join(tiles_text(layer, "+")
                                                   for layer in self.layers)


@dataclass(frozen=True)
class Line:
    """One line: its colour (W or B), its die's value and its filled positions by value."""

    colour: str
    die: int
    positions: tuple[LinePosition, ...] = ()

    def at(self, value: int) -> LinePosition | None:
        """The filled position of ``value``, or None."""
        return next((p for p in self.positions if p.value == value), None)

    def side_of(self, value: int) -> str:
        """LOW below the die's value, HIGH above it."""
        return LOW if value < self.die else HIGH

    def distance(self, value: int) -> int:
        return abs(value - self.die)

    def filled(self, side: str) -> int:
        """How many positions of ``side`` are filled (they are the nearest ones)."""
        return sum(1 for p in self.positions if p.value != self.die and self.side_of(p.value)
                   == side)

    def next_value(self, side: str) -> int:
        """The value of the next position of ``side`` (it may be below 1 on the low side)."""
        k = self.filled(side) + 1
        return self.die - k if side == LOW else self.die + k

    def playable(self) -> tuple[int, ...]:
        """The playable values: the low side's next one while it is at least 1, then the high
        side's next one."""
        low = self.next_value(LOW)
        return ((low,) if low >= 1 else ()) + (self.next_value(HIGH),)

    def neighbour(self, value: int) -> LinePosition | None:
        """The filled position next to ``value`` on the die's side of it; None at distance 1
        (the neighbour is the die) or when it is not filled."""
        if self.distance(value) <= 1:
            return None
        return self.at(value + 1 if value < self.die else value - 1)

    def with_layer(self, value: int, tiles: tuple[Tile, ...]) -> Line:
        """The line with ``tiles`` laid at ``value``: a new position, or a new layer on top of
        the filled one."""
        layer = tuple(sorted(tiles))
        found = self.at(value)
        if found is None:
            added = (*self.positions, LinePosition(value, (layer,)))
            return replace(self, positions=tuple(sorted(added, key=lambda p: p.value)))
        stacked = LinePosition(value, (*found.layers, layer))
        return replace(self, positions=tuple(stacked if p is found else p
                                             for p in self.positions))

    def tiles(self) -> tuple[Tile, ...]:
        return tuple(t for p in self.positions for t in p.tiles())


def allowed_counts(regular: bool, distance: int, neighbour_count: int) -> tuple[int, ...]:
    """The count rule: how many tiles a new position at ``distance`` may take.

    Next to the die (distance 1): 1 or 2 tiles, both levels (AMB-BO4). Farther out, next to a
    neighbour of ``neighbour_count`` tiles: Regular, exactly one more or one fewer (at least
    1); Novice, the same count or one more (BO-N3).
    """
    if distance == 1:
        return tuple(range(1, MAX_FIRST_COUNT + 1))
    if regular:
        return tuple(n for n in (neighbour_count - 1, neighbour_count + 1) if n >= 1)
    return (neighbour_count, neighbour_count + 1)
