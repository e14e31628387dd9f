"""Horizontal & Vertical position and move texts (docs/notation/horizontal-vertical.md).

Position ``...../.4.../...../...../..... passes=1 roll=1,3,4``: five rows north to south
separated by ``/``, five cells each west to east (``.`` empty, ``1``-``6``, ``X``), the pass
boxes ticked, the three faces in view (any order, printed ascending) or ``roll=-``.
Moves ``5@2-6 X@4-4``, ``P X@3-3`` and the roll seen ``roll=1,3,4`` (see ``moves``).
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

import re

from engine.errors import NotationError
from engine.games.horizontal_vertical.board import Board
from engine.games.horizontal_vertical.dice import Roll
from engine.games.horizontal_vertical.moves import Move, Pass, RollSeen, Write
from engine.games.horizontal_vertical.spot import SIZE, Spot, parse_spot
from engine.games.horizontal_vertical.state import PASSES, State

POSITION_EXAMPLE = "...../.4.../...../...../..... passes=1 roll=1,3,4"
MOVE_EXAMPLES = "'5@2-6 X@4-4', 'P X@3-3' or 'roll=1,3,4'"
_ROW = re.compile(r"^[.1-6X]{5}$")
_ROLL = re.compile(r"^([1-6]),([1-6]),([1-6])$")
_NUMBER = re.compile(r"^([1-6])@(.*)$")


def parse_position(text: str, board: Board) -> State:
    """Parse a position text on ``board``.

    Raises:
        NotationError: the text is not like ``...../.4.../...../...../..... passes=1
            roll=1,3,4``; the message says which part is wrong.
    """
    fields = text.split()
    if not fields:
        raise NotationError(f"empty position: expected e.g. {POSITION_EXAMPLE!r}")
    cells = _parse_grid(fields[0])
    keys = _parse_keys(fields[1:], text)
    passes = keys["passes"]
    if len(passes) != 1 or passes not in "0123":
        raise NotationError(f"passes={passes}: the pass boxes ticked, 0 to {PASSES}")
    return State(board, cells, int(passes), _parse_roll_field(keys["roll"]))


def _parse_grid(text: str) -> str:
    rows = text.split("/")
    if len(rows) != SIZE or not all(_ROW.match(row) for row in rows):
        raise NotationError(f"grid {text!r} must be 5 rows of 5 cells separated by '/', each "
                            f"'.', a number 1-6 or 'X', e.g. {POSITION_EXAMPLE!r}")
    return "".join(rows)


def _parse_keys(fields: list[str], text: str) -> dict[str, str]:
    keys: dict[str, str] = {}
    for f in fields:
        key, sep, value = f.partition("=")
        if not sep or key not in ("passes", "roll") or key in keys:
            raise NotationError(f"unexpected {f!r} in {text!r}: expected passes=N and "
                                f"roll=a,b,c or roll=-")
        keys[key] = value
    for key in ("passes", "roll"):
        if key not in keys:
            raise NotationError(f"position {text!r} lacks {key}=: e.g. {POSITION_EXAMPLE!r}")
    return keys


def _parse_roll_field(text: str) -> Roll | None:
    if text == "-":
        return None
    return parse_roll(text)


def parse_roll(text: str) -> Roll:
    """``"4,1,3"`` -> ``(1, 3, 4)``.

    Raises:
        NotationError: not three faces 1-6 separated by commas.
    """
    m = _ROLL.match(text)
    if m is None:
        raise NotationError(f"roll {text!r} must be three faces 1-6 separated by commas, "
                            f"e.g. 1,3,4 (or '-' in a position when no roll is in view)")
    a, b, c = sorted(int(g) for g in m.groups())
    return (a, b, c)


def parse_move(text: str) -> Move:
    """Parse ``5@2-6 X@4-4``, ``P X@3-3`` or ``roll=1,3,4`` (letters in any case; ``X``
    marks in any order).

    Raises:
        NotationError: not one of those forms; the message shows them.
    """
    tokens = text.upper().split()
    if not tokens:
        raise NotationError(f"empty move: expected {MOVE_EXAMPLES}")
    if tokens[0].startswith("ROLL="):
        if len(tokens) != 1:
            raise NotationError(f"move {text!r}: a roll is one field, e.g. 'roll=1,3,4'")
        return RollSeen(parse_roll(tokens[0][len("ROLL="):]))
    if tokens[0] == "P":
        return Pass(tuple(_parse_cross(t, text) for t in tokens[1:]))
    return _parse_write(tokens, text)


def _parse_write(tokens: list[str], text: str) -> Write:
    numbers: list[tuple[int, Spot]] = []
    crosses: list[Spot] = []
    for token in tokens:
        m = _NUMBER.match(token)
        if m is not None:
            numbers.append((int(m.group(1)), parse_spot(m.group(2))))
        else:
            crosses.append(_parse_cross(token, text))
    if not numbers:
        raise NotationError(f"move {text!r} writes no number: expected {MOVE_EXAMPLES}")
    (value, target), *extra = numbers
    return Write(value, target, tuple(crosses), tuple(extra))


def _parse_cross(token: str, text: str) -> Spot:
    if not token.startswith("X@"):
        raise NotationError(f"{token!r} in move {text!r}: expected a number like '5@2-6' or "
                            f"an X like 'X@4-4' ({MOVE_EXAMPLES})")
    return parse_spot(token[2:])


__all__ = ["POSITION_EXAMPLE", "parse_move", "parse_position", "parse_roll"]
