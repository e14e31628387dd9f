"""Turn per-frame readings into settled views the referee may act on.

``BoardReader.read`` gives one reading per frame; its status is ``SETTLED`` when the frame
itself was readable. ``SettleDetector.update`` passes a view on as ``SETTLED`` only after
``frames_needed`` consecutive readable frames agree on every grid cell (face, colour and, for a
cube, the stack), on the items outside the grid and on those of each named zone (same count,
faces and colours, positions within a few millimetres). A hand, a lost board, an unreadable
frame or an item the reader abstained on (a die rolling or cocked: no face; a cube whose colour
was not named) never produces a settled view; it restarts the count. A die abstained on for
``frames_needed`` frames in a row is named for the player to straighten or reroll
(``TableView.unread_note``: "straighten or reroll r1c2"), a cube likewise ("can't read the cube
on r1c2"). The ring is not compared: the referee tracks which cube wears it from the moves
(the camera's ring is not used), so a ring seen in one frame and not the next must not delay
a settled view.

May import ``engine.table`` only (no OpenCV, no clock: one call per frame).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from engine.table import Cell, Colour, Item, ItemKind, TableView, ViewStatus

NOTE_MOVING = "dice moving"
NOTE_CUBES_MOVING = "cubes moving"


class SettleDetector:
    """Debounce per-frame ``TableView`` readings into settled ones.

    Args:
        frames_needed: how many consecutive agreeing frames make a settled view (at least 1).
        tolerance_mm: how far an outside die may wander between frames and still agree.
    """

    def __init__(self, frames_needed: int = 3, *, tolerance_mm: float = 4.0) -> None:
        if frames_needed < 1:
            raise ValueError(f"frames_needed must be at least 1, not {frames_needed}")
        self.frames_needed = frames_needed
        self.tolerance_mm = tolerance_mm
        self._window: list[TableView] = []
        self._abstaining = 0

    def reset(self) -> None:
        """Forget every frame seen (after a game ends, or the board was moved)."""
        self._window.clear()
        self._abstaining = 0

    def update(self, view: TableView) -> TableView:
        """Take one frame's reading; return the settled view or the reason to wait.

        Args:
            view: one frame's reading from ``BoardReader.read``.

        Returns:
            A ``SETTLED`` view (confidences and positions averaged over the agreeing frames)
            once ``frames_needed`` frames agree; otherwise the input's own status (HAND,
            NO_BOARD, UNREADABLE) or ``MOVING`` with the current readings and a short note.
        """
        if view.status is not ViewStatus.SETTLED:
            self.reset()
            return view
        if any(unread(d) for d in view.dice()):
            self._window.clear()
            self._abstaining += 1
            note = (unread_note(view) if self._abstaining >= self.frames_needed
                    else _moving_note(view))
            return _moving(view, note)
        self._abstaining = 0
        if not all(self.agree(old, view) for old in self._window):
            self._window.clear()
        self._window = (self._window + [view])[-self.frames_needed:]
        if len(self._window) < self.frames_needed:
            return _moving(view, _moving_note(view))
        return merge(self._window)

    def agree(self, a: TableView, b: TableView) -> bool:
        """Whether two readings show the same table (faces, colours, outside dice, the items
        of each zone)."""
        if (a.rows, a.cols) != (b.rows, b.cols):
            return False
        for row_a, row_b in zip(a.grid, b.grid):
            for da, db in zip(row_a, row_b):
                if _key(da) != _key(db):
                    return False
        if [name for name, _ in a.zones] != [name for name, _ in b.zones]:
            return False
        pairs = [(a.outside, b.outside), *((za, zb) for (_, za), (_, zb) in zip(a.zones, b.zones))]
        return all(match_outside(x, y, self.tolerance_mm) is not None for x, y in pairs)


def unread(item: Item) -> bool:
    """An item the reader could not read: a die without a face, any item without a colour
    (a cube's face is always None: its top colour is what is read)."""
    if item.kind is ItemKind.DIE:
        return item.face is None
    return item.colour is Colour.UNKNOWN


def unread_note(view: TableView) -> str:
    """What to ask of the player about an item read nowhere near well enough: a die's note
    (``TableView.unread_note``), else the first cube whose colour is unknown ("can't read the
    cube on r1c2", "... beside the board")."""
    note = view.unread_note()
    if note:
        return note
    for r, row in enumerate(view.grid):
        for c, item in enumerate(row):
            if item is not None and unread(item):
                return f"can't read the {item.kind.value} on {Cell(r, c)}"
    return "can't read an item beside the board"


def _moving_note(view: TableView) -> str:
    return NOTE_CUBES_MOVING if any(d.kind is ItemKind.CUBE for d in view.dice()) else NOTE_MOVING


def _key(die: Item | None) -> tuple[object, ...] | None:
    if die is None:
        return None
    return (die.face, die.colour.value, die.kind.value, die.stacked)


def match_outside(a: Sequence[Item], b: Sequence[Item],
                  tolerance_mm: float) -> list[int] | None:
    """Pair every die of ``a`` with a die of ``b`` (same face and colour, nearby).

    Returns:
        For each die of ``a`` the index of its partner in ``b``, or None if the two sets differ.
    """
    if len(a) != len(b):
        return None
    free = list(range(len(b)))
    pairs = []
    for die in a:
        near = [j for j in free if _key(b[j]) == _key(die)
                and _distance(die, b[j]) <= tolerance_mm]
        if not near:
            return None
        best = min(near, key=lambda j: _distance(die, b[j]))
        free.remove(best)
        pairs.append(best)
    return pairs


def _distance(a: Item, b: Item) -> float:
    return float(((a.x_mm - b.x_mm) ** 2 + (a.y_mm - b.y_mm) ** 2) ** 0.5)


def _moving(view: TableView, note: str) -> TableView:
    return dataclasses.replace(view, status=ViewStatus.MOVING, note=note,
                               extra={**view.extra, "settled_frames": 0})


def merge(views: Sequence[TableView]) -> TableView:
    """The settled view of agreeing readings: the latest one, with mean confidences/positions."""
    last = views[-1]
    grid = tuple(
        tuple(None if die is None else _mean([v.grid[r][c] for v in views])
              for c, die in enumerate(row))
        for r, row in enumerate(last.grid))
    outside = _merged(last.outside, [v.outside for v in views])
    zones = tuple((name, _merged(items, [v.zone(name) for v in views]))
                  for name, items in last.zones)
    extra = {**last.extra, "settled_frames": len(views)}
    return dataclasses.replace(last, grid=grid, outside=outside, zones=zones,
                               status=ViewStatus.SETTLED, note="", extra=extra)


def _merged(last: Sequence[Item], readings: Sequence[Sequence[Item]]) -> tuple[Item, ...]:
    """Each item of the last reading, averaged with its partner in every reading."""
    partners = [match_outside(last, items, float("inf")) or [] for items in readings]
    return tuple(_mean([items[p[i]] for items, p in zip(readings, partners) if len(p) > i])
                 for i in range(len(last)))


def _mean(dice: Sequence[Item | None]) -> Item:
    seen = [d for d in dice if d is not None]
    n = len(seen)
    return dataclasses.replace(
        seen[-1],
        confidence=round(sum(d.confidence for d in seen) / n, 4),
        x_mm=sum(d.x_mm for d in seen) / n,
        y_mm=sum(d.y_mm for d in seen) / n)
