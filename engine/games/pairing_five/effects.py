"""Pairing Five effects (PF-D4): when each can fire and every result it allows.

The engine never rolls: REROLL1, SAME_REROLL, ALMIGHTY and the choices of DOWN, UP, PM2 and
PM1 give several results, one of which the camera (or the move text) reports. Effects act on
the unused dice, except AREA_CHANGE, which swaps the contents of two areas.
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations, combinations_with_replacement

from engine.games.pairing_five.board import AREA_CHANGE, AREAS, SAME_REROLL, Options
from engine.games.pairing_five.moves import AreaChange, Change, Die, EffectMove, SameReroll

FACES = (1, 2, 3, 4, 5, 6)
AreaCells = tuple[Die | None, Die | None]
Areas = tuple[AreaCells, ...]


def value_results(code: str, v: int, options: Options) -> tuple[int, ...]:
    """The faces a one-die effect may give a die showing ``v``, ascending; () if none.

    DOWN any smaller value; UP any larger; FLIP 7 - v; REROLL1 any face (the same one too);
    PM3 v + 3 for 1-3, v - 3 for 4-6; PM2/PM1 either way that stays in 1..6 (option
    ``pm_direction = literal``: 1-3 up, 4-6 down); ALMIGHTY any other face.
    """
    if code == "DOWN":
        return tuple(range(1, v))
    if code == "UP":
        return tuple(range(v + 1, 7))
    if code == "FLIP":
        return (7 - v,)
    if code == "REROLL1":
        return FACES
    if code == "ALMIGHTY":
        return tuple(f for f in FACES if f != v)
    if code == "PM3":
        return (v + 3,) if v <= 3 else (v - 3,)
    step = 2 if code == "PM2" else 1
    if options.pm_direction == "literal":
        return (v + step,) if v <= 3 else (v - step,)
    return tuple(r for r in (v - step, v + step) if 1 <= r <= 6)


def repeated_values(unused: Sequence[Die]) -> list[tuple[int, int]]:
    """SAME_REROLL's choices: (value, how many unused dice show it) for values shown twice or
    more, ascending."""
    counts = Counter(d.face for d in unused)
    return sorted((v, n) for v, n in counts.items() if n >= 2)


def swap_pairs(areas: Areas, played: str, options: Options) -> list[tuple[str, str]]:
    """AREA_CHANGE's choices: pairs of different areas that each hold a die, in the order
    AB, AC, ..., DE; with ``area_change_scope = others`` the area just played is left out."""
    filled = [a for a, cells in zip(AREAS, areas) if cells[0] is not None or cells[1] is not None]
    if options.area_change_scope == "others":
        filled = [a for a in filled if a != played]
    return list(combinations(filled, 2))


def can_fire(code: str, areas: Areas, unused: Sequence[Die], played: str,
             options: Options) -> bool:
    """PF-D4 "fires if": whether ``code`` has at least one allowed result after a placement
    into ``played`` (PF-A1 precondition 7, PF-F5)."""
    if code == AREA_CHANGE:
        return bool(swap_pairs(areas, played, options))
    if code == SAME_REROLL:
        return bool(repeated_values(unused))
    return any(value_results(code, d.face, options) for d in unused)


def effect_moves(code: str, areas: Areas, unused: Sequence[Die], played: str,
                 options: Options) -> list[EffectMove]:
    """Every allowed result of the effect ``code`` pending for area ``played``, in the order
    ``moves`` prints them.

    One-die effects: by the die's face ascending, then by result ascending (``DOWN 4>1``,
    ``DOWN 4>2``, ``DOWN 4>3``, ``DOWN 6>1`` ...). SAME_REROLL: by value ascending, then every
    multiset of results in lexicographic order (``3:1,1``, ``3:1,2``, ... ``3:6,6``).
    AREA_CHANGE: pairs AB, AC, ..., DE.
    """
    if code == AREA_CHANGE:
        return [AreaChange(a, b) for a, b in swap_pairs(areas, played, options)]
    if code == SAME_REROLL:
        return [SameReroll(v, results) for v, n in repeated_values(unused)
                for results in combinations_with_replacement(FACES, n)]
    dice = sorted(set(unused), key=lambda d: (not d.red, d.face))
    return [Change(code, d, r) for d in dice for r in value_results(code, d.face, options)]


def swap(areas: Areas, a: str, b: str) -> Areas:
    """AREA_CHANGE: the two areas' whole contents change places, each keeping its 1st-cell die
    in the 1st cell (an area's dice fill its 1st cell first, AMB-PF2)."""
    i, j = AREAS.index(a), AREAS.index(b)
    swapped = list(areas)
    swapped[i], swapped[j] = _packed(areas[j]), _packed(areas[i])
    return tuple(swapped)


def _packed(cells: AreaCells) -> AreaCells:
    dice = [d for d in cells if d is not None] + [None, None]
    return (dice[0], dice[1])
