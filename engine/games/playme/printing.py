"""A PlayMe position printed in the notation (docs/notation/playme.md); ``notation`` reads it.

``P1[1,2,P3:3] P2[1,2] P3[] chars=alice,cat,walrus modes=W,W,W wins=0,0,0 phase=rabbit
round=on``: the rows in seat order (an own die as its face, another player's die as
``P3:3``, a die of a colour nobody plays as ``X:1``), then the fields, the optional ones only
when they say something. Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from engine.games.playme.dice import UNUSED, Die, Row
from engine.games.playme.position import Position


def die_text(die: Die, owner: int) -> str:
    """``3`` for ``owner``'s own die, ``P3:3`` for player 3's, ``X:1`` for an unused colour."""
    if die.owner == owner:
        return str(die.face)
    who = "X" if die.owner == UNUSED else f"P{die.owner}"
    return f"{who}:{die.face}"


def row_text(p: int, row: Row) -> str:
    return f"P{p}[{','.join(die_text(d, p) for d in row)}]"


def players_text(players: tuple[int, ...]) -> str:
    return ",".join(f"P{p}" for p in players)


def position_text(pos: Position) -> str:
    """The position's text: rows, ``chars``, ``modes``, ``wins``, ``phase`` (with ``J``,
    ``D`` and ``betrayers`` in the Jabberwock phase), ``round``, then ``last``, ``todo``,
    ``flags``, ``sealed``, ``group``, ``first`` and ``won`` when set."""
    parts = [row_text(p, pos.row(p)) for p in pos.seats]
    parts.append("chars=" + ",".join(pl.character for pl in pos.players))
    parts.append("modes=" + ",".join(pl.mode for pl in pos.players))
    parts.append("wins=" + ",".join(str(pl.wins) for pl in pos.players))
    parts.append(f"phase={pos.phase}")
    if pos.in_jabberwock_phase:
        parts += [f"J=P{pos.jabberwock}", f"D={pos.defeats}"]
        if pos.betrayers:
            parts.append(f"betrayers={players_text(pos.betrayers)}")
    parts.append(f"round={'on' if pos.started else 'ready'}")
    optional = (("last", None if pos.last is None else f"P{pos.last}"),
                ("todo", ",".join(pos.todo)), ("flags", ",".join(pos.flags)),
                ("sealed", players_text(pos.sealed)), ("group", players_text(pos.group)),
                ("first", None if pos.first is None else f"P{pos.first}"),
                ("won", players_text(pos.won)))
    parts += [f"{key}={value}" for key, value in optional if value]
    return " ".join(parts)
