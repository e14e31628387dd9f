"""CubeCourier moves as values, each printing itself in the notation
(docs/notation/cubecourier.md).

The three moves of the rules (CC-A1 Place ``P R@r2c0``, CC-A2 Roll ``r0c2-W`` /
``r0c2-W=K``, CC-A3 Stack ``r2c1^r2c0``); the cube a player removes in the repetition
procedure (CC-R3, ``off r1c1=K``); and the two declarations entered with the buttons, which
``legal_moves()`` never lists: a roll whose unpredicted top the players confirm
(``r0c2-W=K!``), both players agreeing to the repetition procedure (CC-R1,
``repeat``, or ``repeat 2`` naming the starter, CC-R2) and who moves first (CC-S2,
``first 2``). Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.table import Cell


@dataclass(frozen=True)
class Place:
    """CC-A1: an off-board cube whose assigned colour is ``colour`` put on ``cell``."""

    colour: str
    cell: Cell

    def __str__(self) -> str:
        return f"P {self.colour}@{self.cell}"


@dataclass(frozen=True)
class Roll:
    """CC-A2: the cube on ``cell`` tipped one cell towards ``direction`` (N, E, S, W).

    ``seen`` is the new top colour read after the roll: needed when the cube's sides are not
    known, checked against the prediction when they are; None when not given.
    ``confirmed`` (``r0c2-W=K!``, entered with the buttons, never listed): the players confirm
    a seen top that the tracked state did not predict (the cube was spun in place unseen, or
    tracked wrongly); its sides are then unknown again (README 3.4, step 3).
    """

    cell: Cell
    direction: str
    seen: str | None = None
    confirmed: bool = False

    def __str__(self) -> str:
        text = f"{self.cell}-{self.direction}"
        if self.seen is None:
            return text
        return f"{text}={self.seen}{'!' if self.confirmed else ''}"


@dataclass(frozen=True)
class StackMove:
    """CC-A3: the cube on ``cell`` lifted onto the adjacent cube on ``onto``."""

    cell: Cell
    onto: Cell

    def __str__(self) -> str:
        return f"{self.cell}^{self.onto}"


@dataclass(frozen=True)
class Remove:
    """CC-R3: during the repetition procedure, the cube on ``cell`` taken off the board,
    rolled, and set beside it showing ``colour`` (its new assigned colour)."""

    cell: Cell
    colour: str

    def __str__(self) -> str:
        return f"off {self.cell}={self.colour}"


@dataclass(frozen=True)
class Repeat:
    """CC-R1 declaration (buttons): both players agree to the repetition procedure.

    ``starter`` names the player who began the repetition when the players override the
    default of CC-R2 (or when there is no default); None takes the default.
    """

    starter: int | None = None

    def __str__(self) -> str:
        return "repeat" if self.starter is None else f"repeat {self.starter}"


@dataclass(frozen=True)
class First:
    """CC-S2 declaration (buttons): ``player`` moves first (before the first move only)."""

    player: int

    def __str__(self) -> str:
        return f"first {self.player}"


Move = Place | Roll | StackMove | Remove | Repeat | First
"""Every move ``play`` takes."""
