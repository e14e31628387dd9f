"""CubeCourier cubes (README 3.5, rules section 2): three colours on three axes, and how a cube
rolls.

A cube's state is ``(V, NS, EW)``: the colour on the vertical axis (its top, what the camera
sees), on the north-south axis and on the east-west axis. A cube just placed from off the board
has a known top and two possible side assignments; its first roll tells which (the new top is
the colour of the axis it rolled along). Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from dataclasses import dataclass

COLOURS = ("K", "R", "W")
"""The three cube colours in the order the project prints them: black, red, white."""

DIRECTIONS = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
"""Roll directions in the order moves are listed, with their (row, column) steps."""


def third_colour(a: str, b: str) -> str:
    """The colour that is neither ``a`` nor ``b`` (two different colours)."""
    return next(c for c in COLOURS if c not in (a, b))


@dataclass(frozen=True)
class Cube:
    """One cube on the board.

    Attributes:
        top: the colour on the vertical axis (``V``).
        ns: the colour on the north-south axis, or None while the sides are not known.
        ew: the colour on the east-west axis, or None while the sides are not known.

    The sides are either both known or both unknown; known, the three colours are all
    different (``Cube.of`` checks it).
    """

    top: str
    ns: str | None = None
    ew: str | None = None

    @classmethod
    def of(cls, top: str, ns: str | None = None, ew: str | None = None) -> Cube:
        """A checked cube; ValueError unless the colours are K/R/W and a known state holds
        each colour once."""
        if top not in COLOURS:
            raise ValueError(f"a cube's top must be one of K, R, W, not {top!r}")
        if (ns is None) != (ew is None):
            raise ValueError("a cube's two side axes are both known or both unknown")
        if ns is not None and sorted((top, ns, str(ew))) != sorted(COLOURS):
            raise ValueError(f"a cube holds each of K, R, W once, not {top}{ns}{ew}")
        return cls(top, ns, ew)

    @property
    def known(self) -> bool:
        """True once the side colours are known (after the cube's first roll)."""
        return self.ns is not None

    def candidates(self) -> tuple[Cube, ...]:
        """Every state the cube may be in: itself when known, else the two side assignments
        (the one with the earlier colour on the north-south axis first)."""
        if self.known:
            return (self,)
        a, b = (c for c in COLOURS if c != self.top)
        return (Cube(self.top, a, b), Cube(self.top, b, a))

    def tops_after(self, direction: str) -> tuple[str, ...]:
        """The possible new tops after a roll in ``direction`` (N/E/S/W), in K, R, W order:
        the colour of the axis rolled along; one colour when known, two when not."""
        return tuple(sorted({c.rolled(direction).top for c in self.candidates()},
                            key=COLOURS.index))

    def rolled(self, direction: str) -> Cube:
        """A known cube after one roll: north or south swaps V and NS, east or west swaps V
        and EW (README 3.5)."""
        if self.ns is None or self.ew is None:
            raise ValueError("only a cube with known sides has one roll result")
        if direction in ("N", "S"):
            return Cube(self.ns, self.top, self.ew)
        return Cube(self.ew, self.ns, self.top)

    def roll(self, direction: str, seen: str) -> Cube | None:
        """The cube after rolling ``direction`` and showing ``seen`` on top, or None when no
        candidate state gives that top (a slide, a turn, a wrong prediction)."""
        for candidate in self.candidates():
            after = candidate.rolled(direction)
            if after.top == seen:
                return after
        return None

    def __str__(self) -> str:
        """``R`` (sides unknown) or ``[RKW]`` (top, north-south, east-west)."""
        return self.top if self.ns is None else f"[{self.top}{self.ns}{self.ew}]"


@dataclass(frozen=True)
class Stack:
    """Two cubes, one on the other (CC-A3, only at the very end): the upper one is seen."""

    upper: Cube
    lower: Cube

    @property
    def top(self) -> str:
        return self.upper.top

    def __str__(self) -> str:
        return f"{self.upper}^{self.lower}"


Content = Cube | Stack | None
"""What a cell holds."""
