"""A d6 lying on a grid: its orientation ``(T, N, E)``, how it rolls, and what the top faces seen
after rolls say about it (rules README 3.3 and 3.4).

An orientation is the triple top, north side, east side; the other three faces are ``7 -`` them.
Rolling one cell pivots the die on the bottom edge facing the destination. For a given top and
north face the east face depends on the die's handedness (``RIGHT_EAST``, README 3.3's table;
a left-handed die has ``7 -`` that value). Tracking keeps the orientations consistent with the
tops seen so far: a top alone allows four, one roll with its new top seen leaves exactly one.

Pure standard library; imports nothing of the project.
"""

from __future__ import annotations

from typing import NamedTuple

HANDEDNESS = ("right", "left")
"""Handedness values a board may configure (README 3.3: right-handed by DEFAULT)."""

DIRECTIONS: dict[str, tuple[int, int]] = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
"""Direction letter -> (row step, column step), in the order moves are listed: N, E, S, W."""

RIGHT_EAST: dict[tuple[int, int], int] = {
    (1, 2): 4, (1, 3): 2, (1, 4): 5, (1, 5): 3,
    (2, 1): 3, (2, 3): 6, (2, 4): 1, (2, 6): 4,
    (3, 1): 5, (3, 2): 1, (3, 5): 6, (3, 6): 2,
    (4, 1): 2, (4, 2): 6, (4, 5): 1, (4, 6): 5,
    (5, 1): 4, (5, 3): 1, (5, 4): 6, (5, 6): 3,
    (6, 2): 3, (6, 3): 5, (6, 4): 2, (6, 5): 4,
}
"""README 3.3: (top, north) -> east face of a right-handed die (1, 2, 3 counter-clockwise)."""


class Orientation(NamedTuple):
    """A die's top, north and east faces (README 3.3); printed as three digits, ``"124"``."""

    t: int
    n: int
    e: int

    def __str__(self) -> str:
        return f"{self.t}{self.n}{self.e}"

    def rolled(self, direction: str) -> Orientation:
        """The orientation after rolling one cell towards ``direction`` (N, E, S or W).

        The top turns towards the direction of travel: north ``(7-N, T, E)``, south
        ``(N, 7-T, E)``, east ``(7-E, N, T)``, west ``(E, N, 7-T)``.
        """
        t, n, e = self
        if direction == "N":
            return Orientation(7 - n, t, e)
        if direction == "S":
            return Orientation(n, 7 - t, e)
        if direction == "E":
            return Orientation(7 - e, n, t)
        if direction == "W":
            return Orientation(e, n, 7 - t)
        raise ValueError(f"direction must be N, E, S or W, got {direction!r}")


def side_faces(top: int) -> tuple[int, ...]:
    """The four faces around ``top`` (neither it nor its opposite), ascending."""
    return tuple(f for f in range(1, 7) if f not in (top, 7 - top))


def east_face(top: int, north: int, handedness: str) -> int | None:
    """The east face of a die with ``top`` and ``north`` faces, None when they are the same
    or opposite faces (no such die)."""
    east = RIGHT_EAST.get((top, north))
    if east is None:
        return None
    return east if handedness == "right" else 7 - east


def is_orientation(o: Orientation, handedness: str) -> bool:
    """True when ``o`` is a real die of that handedness (three axes, the right east face)."""
    return east_face(o.t, o.n, handedness) == o.e


def with_top(top: int, handedness: str) -> tuple[Orientation, ...]:
    """README 3.4 rule 1: every orientation showing ``top`` (four), by ascending north face."""
    return tuple(Orientation(top, n, east_face(top, n, handedness) or 0) for n in side_faces(top))


def track(candidates: tuple[Orientation, ...], direction: str,
          seen_top: int) -> tuple[Orientation, ...]:
    """README 3.4 rule 2: the candidates after a roll towards ``direction`` whose new top is
    ``seen_top``; empty when no candidate rolls to it (rule 3: the move was not a roll)."""
    return tuple(r for r in (o.rolled(direction) for o in candidates) if r.t == seen_top)


def predicted_top(candidates: tuple[Orientation, ...], direction: str) -> int | None:
    """README 3.4 rule 4: the top every candidate shows after the roll, None if they differ."""
    tops = {o.rolled(direction).t for o in candidates}
    return tops.pop() if len(tops) == 1 else None
