"""The names of the camera zones of the PlayMe board (rules PM-D2): the round tile's place,
each player's set-aside spot and each player's card spot, for up to six seats.

Shared by the layout, the view text and the referee. Pure standard library; imports nothing.
"""

from __future__ import annotations

SEATS = 6
"""Rows on the printed board: one per possible player."""

TILE = "tile"
"""Where the round tile lies during the rabbit phase (White Rabbit side up)."""


def aside(player: int) -> str:
    """The set-aside spot of ``player`` (1-based): the Mad Hatter's die, Alice's held die,
    and under PM-O3 the survivors' group-block dice on the Jabberwock's spot."""
    return f"aside_P{player}"


def card(player: int) -> str:
    """The card spot of ``player``: where the round tile lies, Jabberwock side up, on the
    Jabberwock's card (PM-J1)."""
    return f"card_P{player}"


ZONES = (TILE, *(aside(p) for p in range(1, SEATS + 1)), *(card(p) for p in range(1, SEATS + 1)))
"""Every zone, in the layout's (and every view's) order."""
