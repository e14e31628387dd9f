"""The six PlayMe characters (rules section 5.2) and the two sides of their cards.

A character is named in the notation by a lower-case key (``alice``, ``queen``, ``cat``,
``hatter``, ``caterpillar``, ``walrus``); a card shows its Wonder side (``W``, helping) or its
Madness side (``M``, hindering). Pure standard library; imports nothing of ours.
"""

from __future__ import annotations

ALICE = "alice"
QUEEN = "queen"
CAT = "cat"
HATTER = "hatter"
CATERPILLAR = "caterpillar"
WALRUS = "walrus"

CHARACTERS = (ALICE, QUEEN, CAT, HATTER, CATERPILLAR, WALRUS)
"""Every character, in the order of the rules' ability table (the board file's order)."""

TITLES = {ALICE: "Alice", QUEEN: "Queen of Hearts", CAT: "Cheshire Cat", HATTER: "Mad Hatter",
          CATERPILLAR: "Caterpillar", WALRUS: "Walrus"}

SEATING = (ALICE, CAT, WALRUS, QUEEN, HATTER, CATERPILLAR)
"""Who sits where when the board's ``characters`` option is ``auto``: the first N of this
order. Three players get the cast of the rules' worked examples (P1 Alice, P2 Cheshire Cat,
P3 Walrus)."""

WONDER = "W"
MADNESS = "M"
MODES = (WONDER, MADNESS)

Ability = tuple[str, str]
"""A character and the side of its card whose ability applies, e.g. ``("walrus", "W")``."""
