"""The description every game module exposes as ``INFO``.

Pure standard library; imports nothing from the project.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GameInfo:
    """What a game is and what the camera must observe for it.

    Attributes:
        name: registry name used by the CLI, records and board files ("unification").
        title: human title ("Unification").
        players: number of players (1 for the Fast Alone games).
        sides: board side names, the first is the default.
        rule_prefix: rule id prefix in the rules files ("UN").
        observes: one sentence saying what the camera reads.
    """

    name: str
    title: str
    players: int
    sides: tuple[str, ...]
    rule_prefix: str
    observes: str
