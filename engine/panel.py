"""What a game adds to the device's screen, as plain values (the device draws them).

The session's summary says what every game shows (moves made, the clock or whose turn, the
warning, the result); a game adds a ``Panel``: a few short lines, a sketch of its board with
cells marked (CubeCourier's winning chain), pages to leaf through at the end (2 1 6's tally),
and the moves the buttons may enter now (who starts, a declaration). Pure standard library;
imports nothing of ours.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Sketch:
    """A small picture of the board: one character per cell, rows north to south.

    Attributes:
        rows: e.g. ``("K.R", "KRW", ".K.")``; ``.`` an empty cell.
        marked: cells ``(r, c)`` to highlight (a winning chain, the last move).
    """

    rows: tuple[str, ...]
    marked: frozenset[tuple[int, int]] = frozenset()


@dataclass(frozen=True)
class Offer:
    """A move the buttons may enter now: what the OLED says, and the move's text."""

    label: str
    move: str


@dataclass(frozen=True)
class Panel:
    """A game's own part of the screen.

    Attributes:
        lines: short facts, most important first ("roll 5", "queue 4", "pending: DOWN").
        sketch: the board as a small picture, or None.
        pages: pages of lines to leaf through once the game is over (a tally).
        offers: the moves the buttons may enter now (not seen by the camera).
    """

    lines: tuple[str, ...] = ()
    sketch: Sketch | None = None
    pages: tuple[tuple[str, ...], ...] = ()
    offers: tuple[Offer, ...] = ()
