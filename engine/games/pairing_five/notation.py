"""Pairing Five text notation: positions, moves and table views
(docs/notation/pairing-five.md).

Position ``A=R4+. B=1+. C=6+. D=3+. E=5+. U=1,3,4,5,6 pending=-``: each area's 1st and 2nd
cell (``.`` empty, ``R`` before the red die's face), ``U=`` the unused dice in any order (``-``
for none; printed red first, then white ascending), ``pending=`` the area whose effect is to
be resolved, or ``-``.
Moves ``B1=1``, ``A1=R4``, ``DOWN 6>3``, ``SAME_REROLL 3:1,3``, ``AREA_CHANGE A<>B``.
View ``A=R4+. B=1+. C=.+. D=.+. E=.+. U=1,1,2,3,3,5,5,6,6``: like a position, with ``?`` for
an unread face, a colour letter before a die that is not white, ``^`` before a die lying on
another, ``X=`` dice lying outside the areas and the unused zone, ``S=`` a status that is not
settled, and the word ``pending`` in the engine's own expected views (see ``expected_view``).
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

import re

from engine.errors import NotationError
from engine.games.pairing_five.board import AREAS, DICE, EFFECT_LABELS, VALUE_EFFECTS, Board
from engine.games.pairing_five.effects import can_fire
from engine.games.pairing_five.moves import (
    AreaChange,
    Change,
    Die,
    Move,
    Place,
    SameReroll,
    canonical,
)
from engine.games.pairing_five.state import State
from engine.table import Colour, Item, ItemKind, TableView, ViewStatus

POSITION_EXAMPLE = "A=R4+. B=1+. C=6+. D=3+. E=5+. U=1,3,4,5,6 pending=-"
MOVE_EXAMPLES = "'B1=1', 'A1=R4', 'DOWN 6>3', 'SAME_REROLL 3:1,3', 'AREA_CHANGE A<>B'"
UNUSED_ZONE = "unused"
"""The zone name (never filled, never printed) that marks the engine's expected view of a
position whose effect is still pending (see ``PairingFive.expected_view``)."""

_DIE = re.compile(r"R?[1-6]")
_CELL = r"(R?[1-6]|\.)"
_AREA = re.compile(rf"{_CELL}\+{_CELL}")
_PLACE = re.compile(r"([A-E])([12])=(R?)([1-6])")
_CHANGE = re.compile(rf"({'|'.join(VALUE_EFFECTS)})\s+(R?)([1-6])>([1-6])")
_SAME = re.compile(r"SAME_REROLL\s+([1-6]):([1-6](?:,[1-6])*)")
_SWAP = re.compile(r"AREA_CHANGE\s+([A-E])<>([A-E])")


# --------------------------------------------------------------------------- positions

def parse_position(text: str, board: Board) -> State:
    """Parse a position text on ``board``.

    Besides the form, the position must be one a table can be in: ten dice, one of them red;
    a 2nd cell only under a filled 1st cell; the red die never in a 2nd cell, and unused only
    while no die is placed; ``pending=`` names an area holding a die, with unused dice left
    for its effect to act on.

    Raises:
        NotationError: the text is not like ``A=R4+. B=1+. ... U=1,3,4,5,6 pending=-`` or the
            position cannot arise; the message says which part is wrong.
    """
    fields = _fields(text)
    areas = tuple(_parse_area(k, fields[k]) for k in AREAS)
    unused = _parse_unused(fields["U"])
    pending = _parse_pending(fields.get("pending", "-"))
    state = State(board, areas, unused, pending)
    _check_dice(state)
    _check_pending(state)
    return state


def _fields(text: str) -> dict[str, str]:
    fields: dict[str, str] = {}
    for f in text.split():
        key, sep, value = f.partition("=")
        if not sep or key not in (*AREAS, "U", "pending") or key in fields:
            raise NotationError(f"unexpected {f!r} in {text!r}: expected A= .. E=, U= and "
                                f"pending=, e.g. {POSITION_EXAMPLE!r}")
        fields[key] = value
    missing = [k for k in (*AREAS, "U") if k not in fields]
    if missing:
        raise NotationError(f"position {text!r} lacks {', '.join(k + '=' for k in missing)}: "
                            f"e.g. {POSITION_EXAMPLE!r}")
    return fields


def _parse_area(area: str, text: str) -> tuple[Die | None, Die | None]:
    m = _AREA.fullmatch(text)
    if m is None:
        raise NotationError(f"area {area}={text!r} must be its 1st and 2nd cell joined by '+', "
                            f"each a face 1-6 ('R' before the red die) or '.': e.g. 'R4+.'")
    first, second = (None if t == "." else _die(t) for t in m.groups())
    return first, second


def _die(token: str) -> Die:
    return Die(int(token[-1]), token.startswith("R"))


def _parse_unused(text: str) -> tuple[Die, ...]:
    if text == "-":
        return ()
    tokens = text.split(",")
    if not all(_DIE.fullmatch(t) for t in tokens):
        raise NotationError(f"U={text!r} must list the unused dice as faces 1-6 separated by "
                            f"commas ('R' before the red die), or '-' for none")
    return canonical(_die(t) for t in tokens)


def _parse_pending(text: str) -> str | None:
    if text == "-":
        return None
    if len(text) != 1 or text not in AREAS:
        raise NotationError(f"pending={text!r} must be an area A-E or '-'")
    return text


def _check_dice(state: State) -> None:
    placed = state.placed
    dice = placed + list(state.unused)
    if len(dice) != DICE:
        raise NotationError(f"a position holds the ten dice, this one {len(dice)}")
    if sum(d.red for d in dice) != 1:
        raise NotationError("exactly one die must be marked red with 'R'")
    for area, (first, second) in zip(AREAS, state.areas):
        if first is None and second is not None:
            raise NotationError(f"area {area}: a 2nd cell is filled only after its 1st")
        if second is not None and second.red:
            raise NotationError(f"area {area}: the red die never goes into a 2nd cell")
    if placed and any(d.red for d in state.unused):
        raise NotationError("the red die is placed first: it can't be unused once dice are "
                            "placed")


def _check_pending(state: State) -> None:
    area, code = state.pending, state.effect
    if area is None or code is None:
        return
    if state.cells(area) == (None, None):
        raise NotationError(f"pending={area}: an effect is pending only for an area just "
                            f"played, and {area} is empty")
    if not state.unused:
        raise NotationError(f"pending={area}: the last die placed fires no effect")
    if not can_fire(code, state.areas, state.unused, area, state.board.options):
        raise NotationError(f"pending={area}: {code} ({EFFECT_LABELS[code]}) can't fire on "
                            f"these dice, so no placement could have left it pending (PF-F5)")


# ------------------------------------------------------------------------------- moves

def parse_move(text: str) -> Move:
    """Parse a placement (``B1=1``, ``A1=R4``) or an effect result (``DOWN 6>3``,
    ``SAME_REROLL 3:1,3``, ``AREA_CHANGE A<>B``); letters may be lower case.

    Raises:
        NotationError: none of these forms.
    """
    t = text.strip().upper()
    if m := _PLACE.fullmatch(t):
        return Place(m.group(1), int(m.group(2)), Die(int(m.group(4)), m.group(3) == "R"))
    if m := _CHANGE.fullmatch(t):
        return Change(m.group(1), Die(int(m.group(3)), m.group(2) == "R"), int(m.group(4)))
    if m := _SAME.fullmatch(t):
        return SameReroll.of(int(m.group(1)), (int(r) for r in m.group(2).split(",")))
    if m := _SWAP.fullmatch(t):
        return AreaChange.of(m.group(1), m.group(2))
    raise NotationError(f"move {text!r} must be a placement or an effect result: "
                        f"{MOVE_EXAMPLES}")


# ------------------------------------------------------------------------------- views

_VIEW_DIE = re.compile(r"\^?[RKBGYU]?[1-9?]")
_VIEW_AREA = re.compile(r"(\^?[RKBGYU]?[1-9?]|\.)\+(\^?[RKBGYU]?[1-9?]|\.)")
_COLOUR_LETTERS = {Colour.RED: "R", Colour.BLACK: "K", Colour.BLUE: "B", Colour.GREEN: "G",
                   Colour.YELLOW: "Y", Colour.UNKNOWN: "U"}
_LETTER_COLOURS = {v: k for k, v in _COLOUR_LETTERS.items()}


def view_to_text(view: TableView) -> str:
    """Compact text of a view for records (see the module docstring).

    A grid of another shape than 5 x 2 is written as far as it fits; dice in zones other than
    ``unused`` are written with the outside ones (``X=``).
    """
    areas = " ".join(f"{a}={_view_cell(view, r, 0)}+{_view_cell(view, r, 1)}"
                     for r, a in enumerate(AREAS))
    parts = [areas]
    names = [name for name, _ in view.zones]
    if UNUSED_ZONE in names:
        parts.append(f"U={_view_dice(view.zone(UNUSED_ZONE))}")
    others = [d for name, items in view.zones if name != UNUSED_ZONE for d in items]
    if view.outside or others:
        parts.append(f"X={_view_dice((*view.outside, *others))}")
    if view.status is not ViewStatus.SETTLED:
        parts.append(f"S={view.status.value}")
    return " ".join(parts)


def _view_cell(view: TableView, r: int, c: int) -> str:
    if r >= view.rows or c >= len(view.grid[r]):
        return "."
    return _view_die(view.grid[r][c])


def _view_die(die: Item | None) -> str:
    if die is None:
        return "."
    face = "?" if die.face is None else str(die.face)
    return ("^" if die.stacked else "") + _COLOUR_LETTERS.get(die.colour, "") + face


def _view_dice(items: tuple[Item, ...]) -> str:
    return ",".join(_view_die(d) for d in items) or "-"


def view_from_text(text: str) -> TableView:
    """Inverse of ``view_to_text``: confidences 1.0, positions 0.0, status SETTLED unless
    ``S=`` says otherwise.

    Raises:
        NotationError: the text is not a view text.
    """
    keys: dict[str, str] = {}
    for f in text.split():
        key, sep, value = f.partition("=")
        if not sep or key not in (*AREAS, "U", "X", "S") or key in keys:
            raise NotationError(f"unexpected {f!r} in view text {text!r}: expected A= .. E=, "
                                f"U=, X= and S=")
        keys[key] = value
    missing = [a for a in AREAS if a not in keys]
    if missing:
        raise NotationError(f"view text {text!r} lacks {', '.join(a + '=' for a in missing)}")
    zones: tuple[tuple[str, tuple[Item, ...]], ...] = ()
    if "U" in keys:
        zones += ((UNUSED_ZONE, _parse_view_dice(keys["U"])),)
    return TableView(grid=tuple(_parse_view_area(a, keys[a]) for a in AREAS),
                     outside=_parse_view_dice(keys.get("X", "-")),
                     status=_parse_status(keys.get("S", ViewStatus.SETTLED.value)),
                     zones=zones)


def _parse_view_area(area: str, text: str) -> tuple[Item | None, ...]:
    m = _VIEW_AREA.fullmatch(text)
    if m is None:
        raise NotationError(f"view area {area}={text!r}: two cells joined by '+', each '.', "
                            f"a face or '?', with R/K/B/G/U before a red/black/blue/green/"
                            f"unknown-colour die and '^' before a die lying on another")
    return tuple(None if t == "." else _parse_view_die(t) for t in m.groups())


def _parse_view_dice(text: str) -> tuple[Item, ...]:
    if text == "-":
        return ()
    tokens = text.split(",")
    if not all(_VIEW_DIE.fullmatch(t) for t in tokens):
        raise NotationError(f"dice {text!r}: faces or '?' separated by commas, a colour letter "
                            f"R/K/B/G/U and '^' (on another die) allowed before each, or '-' "
                            f"for none")
    return tuple(_parse_view_die(t) for t in tokens)


def _parse_view_die(token: str) -> Item:
    stacked = token.startswith("^")
    colour = _LETTER_COLOURS.get(token[-2], Colour.WHITE) if len(token) > 1 else Colour.WHITE
    face = token[-1]
    return Item(face=None if face == "?" else int(face), colour=colour, confidence=1.0,
                kind=ItemKind.DIE, stacked=stacked)


def _parse_status(value: str) -> ViewStatus:
    try:
        return ViewStatus(value)
    except ValueError:
        raise NotationError(f"unknown view status {value!r}: one of "
                            f"{', '.join(s.value for s in ViewStatus)}") from None
