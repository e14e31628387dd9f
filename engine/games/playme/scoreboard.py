"""What the OLED's PlayMe scoreboard shows, as values: each seat's character, card side, round
wins and current ability in a few words, and one line for the phase.

The device draws it; the words follow the state (Alice in Madness "stops at 4 until a 5" until
another player reaches 5, then "no limit now"; the Walrus "resets at 2" until he did).
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.games.playme.characters import MADNESS, Ability
from engine.games.playme.position import Position

ABILITY_WORDS: dict[Ability, str] = {
    ("alice", "W"): "may hold one die",
    ("alice", "M"): "stops at 4 until a 5",
    ("queen", "W"): "blocks with a 1",
    ("queen", "M"): "blocked with a 1",
    ("cat", "W"): "cannot be blocked",
    ("cat", "M"): "one block per player",
    ("hatter", "W"): "two advances a roll",
    ("hatter", "M"): "one die aside until 4",
    ("caterpillar", "W"): "starts with his 1",
    ("caterpillar", "M"): "starts with 1 and a block",
    ("walrus", "W"): "swaps a last die",
    ("walrus", "M"): "resets at 2",
}
SPENT = {("alice", "M"): ("five", "no limit now"), ("hatter", "M"): ("four", "die back in hand"),
         ("walrus", "M"): ("reset", "reset done")}
"""Abilities a per-round flag has used up: (flag, words once set)."""


@dataclass(frozen=True)
class Seat:
    """One line of the scoreboard.

    Attributes:
        player: 1-based. character: the character's name. side: ``Wonder``/``Madness``.
        wins: rounds won. ability: the current ability in a few words (``no ability`` when
            sealed, PM-O1, or for the Mad Jabberwock, PM-O3).
        role: ``Jabberwock``, ``survivor`` or '' (rabbit phase). betrayer: has betrayed.
    """

    player: int
    character: str
    side: str
    wins: int
    ability: str
    role: str = ""
    betrayer: bool = False


def scoreboard(pos: Position) -> tuple[Seat, ...]:
    """Every seat, P1 first."""
    return tuple(_seat(pos, p) for p in pos.seats)


def _seat(pos: Position, p: int) -> Seat:
    player = pos.player(p)
    role = ""
    if pos.in_jabberwock_phase:
        role = "Jabberwock" if p == pos.jabberwock else "survivor"
    return Seat(p, pos.board.character(player.character).name,
                "Madness" if player.mode == MADNESS else "Wonder", player.wins,
                ability_words(pos, p), role, p in pos.betrayers)


def ability_words(pos: Position, p: int) -> str:
    """``p``'s ability now, in a few words."""
    ability = pos.ability(p)
    if ability is None:
        return "no ability"
    flag, spent = SPENT.get(ability, ("", ""))
    if flag and flag in pos.flags:
        return spent
    return ABILITY_WORDS[ability]


def phase_line(pos: Position) -> str:
    """``rabbit phase``, ``Jabberwock P3 · D 1/3``, with ``· round on`` / ``· press start``."""
    if pos.in_jabberwock_phase:
        target = 2 if pos.board.options.mad_jabberwock else pos.count
        text = f"Jabberwock P{pos.jabberwock} · D {pos.defeats}/{target}"
    else:
        text = "rabbit phase"
    if pos.won:
        return f"{text} · game over"
    return f"{text} · {'round on' if pos.started else 'press start'}"
