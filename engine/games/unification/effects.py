"""Unification exit effects (UN-D4): what may happen to the pushed-out die and the grid.

The engine never rolls: REROLL and the player's choice of PM2/PM1 direction give several
possible results, one of which the camera (or the move text) reports.
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.games.unification.board import EFFECT_LABELS, Options

CELLS = 9


@dataclass(frozen=True)
class Branch:
    """One possible end of a push after its effects: grid faces, red cell, pushed-out face."""

    cells: tuple[int, ...]
    red: int
    out: int


def value_results(code: str, v: int, options: Options) -> tuple[int, ...]:
    """Possible new faces of the pushed-out die ``v`` for a value effect; () if it can't fire."""
    if code == "DEC1":
        return (v - 1,) if v >= 2 else ()
    if code == "INC1":
        return (v + 1,) if v <= 5 else ()
    if code == "FLIP":
        return (7 - v,)
    if code == "REROLL":
        return (1, 2, 3, 4, 5, 6)
    if code == "PM3":
        return (v + 3,) if v <= 3 else (v - 3,)
    step = 2 if code == "PM2" else 1
    if options.pm_direction == "literal":
        return (v + step,) if v <= 3 else (v - step,)
    return tuple(r for r in (v - step, v + step) if 1 <= r <= 6)


def rotate_ccw(cells: tuple[int, ...], red: int) -> tuple[tuple[int, ...], int]:
    """Turn the grid 90° counter-clockwise seen from above: new (R, C) = old (C, 2 - R)."""
    new = tuple(cells[c * 3 + (2 - r)] for r in range(3) for c in range(3))
    r, c = divmod(red, 3)
    return new, (2 - c) * 3 + r


def rotate_times(cells: tuple[int, ...], red: int, turns: int) -> tuple[tuple[int, ...], int]:
    """Turn the grid ``turns`` quarter turns counter-clockwise (3 = one turn clockwise)."""
    for _ in range(turns % 4):
        cells, red = rotate_ccw(cells, red)
    return cells, red


def cannot_fire_message(code: str, v: int) -> str:
    """The OLED sentence for UN-F3."""
    if code == "PARADIGM":
        return f"paradigm shift needs a die unlike the red {v}"
    return f"{EFFECT_LABELS[code]} can't apply to a {v}"


def apply_effects(codes: tuple[str, ...], start: Branch,
                  options: Options) -> tuple[list[Branch], str]:
    """Apply a slot's effects in order to the state just after the slide.

    Returns:
        The possible branches (empty when an effect cannot fire: UN-F3) and, if empty, the
        sentence explaining which effect could not fire.
    """
    branches = [start]
    failure = ""
    for code in codes:
        nxt: list[Branch] = []
        for b in branches:
            fired = _apply_one(code, b, options)
            if not fired and not failure:
                failure = cannot_fire_message(code, b.cells[b.red] if code == "PARADIGM" else b.out)
            nxt.extend(fired)
        branches = nxt
    return _unique(branches), ("" if branches else failure)


def _apply_one(code: str, b: Branch, options: Options) -> list[Branch]:
    if code == "ROTATE":
        cells, red = rotate_ccw(b.cells, b.red)
        return [Branch(cells, red, b.out)]
    if code == "PARADIGM":
        if b.out == b.cells[b.red]:
            return []
        cells = b.cells[:b.red] + (b.out,) + b.cells[b.red + 1:]
        return [Branch(cells, b.red, b.out)]
    return [Branch(b.cells, b.red, r) for r in value_results(code, b.out, options)]


def _unique(branches: list[Branch]) -> list[Branch]:
    seen: dict[Branch, None] = {}
    for b in branches:
        seen.setdefault(b, None)
    return list(seen)
