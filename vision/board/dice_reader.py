"""Read the dice of successive views of one board, reading again only the dice that changed.

During a game most of the table stays still between frames: a player moves one die at a time.
``BoardDiceReader`` is ``vision.board.dice.find_board_dice`` for a stream of canonical views:
the spots are found in every view (cheap, and they say where each die is), but a die whose
surroundings (``DICE.kept_side`` die edges around it, the square its reading looked at) have the
same pixels as in the previous view, within sensor noise (``DICE.kept_still_level`` grey levels
after the half-size smoothing), keeps that reading. Each view is compared with the one before it,
not with the view the reading was made on: a slow change of light, below the noise from one view
to the next, keeps a reading (a die's face does not change with the light). A change beyond the
noise between two views (a die turned, moved, rerolled, a shadow, a lamp switched on) re-reads
it; so does a frame whose board moved (the whole view shifts).

A grid cell whose die the spots did not read surely is read by its body and its outline
(``vision.board.body_read.reread_cells``), the costly part of a view, costliest where they call
no face (every square tried). Such a cell that called no face (an empty cell, a die abstained
on) keeps that while its pixels (the cell and ``DICE.kept_side`` die edges around it) are
unchanged by the same test and the spots leave the same die unread there. A face these readers
call is read again on every frame: they read what the spots could not (glare, pips of a body's
own hue, translucency), and their face may hold in one frame's noise and not the next; kept,
a face called wrong once would be called in every frame and settle, where read afresh the
frames disagree and the view stays unsettled.

A kept reading is the one made when the die was last read: a die read
surely stays read, and one the reader abstained on stays unread until something about it
changes (the player is asked to straighten or reroll it anyway). ``dicekeeper bench latency``
gives the cost of a still table beside that of a table whose every die is read.

May import ``vision.board.dice``, ``.body_read`` (types), ``.geometry``, ``.config``,
``vision.top`` types, numpy and OpenCV.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import numpy as np

from vision.board.config import DICE
from vision.board.dice import (
    Spot,
    dark_bodies,
    dice_from_spots,
    half_channels,
    read_group,
    saturated_ring,
    spots_centre,
    spots_in,
    usable_view,
)
from vision.board.geometry import BoardGeometry
from vision.top.types import DieDetection


@dataclass(frozen=True)
class _Kept:
    """One group's reading and the half-size grey pixels around it when it was read."""

    x: float
    y: float
    inside: bool
    pips: int
    channel: str
    box: tuple[int, int, int, int]  # y0, y1, x0, x1 in half-size pixels
    pixels: np.ndarray
    die: DieDetection | None


@dataclass(frozen=True)
class _KeptCell:
    """A grid cell ``reread_cells`` called no face in, what it was read from, and the
    half-size grey pixels around the cell then."""

    box: tuple[int, int, int, int]  # the cell, x0, y0, x1, y1 in view pixels
    unread: DieDetection | None  # the die the spots put there unread, or None
    pixels: np.ndarray


class BoardDiceReader:
    """``find_board_dice`` for a stream of views: unchanged dice keep their readings.

    Args:
        geometry: the board (grid position and size).
        still_level: grey levels a die's surroundings may differ by and still be unchanged.

    Call it as ``find_board_dice`` (``reader(view, expected_size=...)``).
    """

    def __init__(self, geometry: BoardGeometry, *,
                 still_level: float = DICE.kept_still_level) -> None:
        self.geometry = geometry
        self.still_level = still_level
        self._kept: list[_Kept] = []
        self._cells: list[_KeptCell] = []
        self.reads = 0  # groups read afresh (diagnostics and tests)
        self.reused = 0  # groups that kept their reading
        self.cells_read = 0  # unread grid cells read again by their body and outline
        self.cells_reused = 0  # unread grid cells that kept their reading of no face

    def __call__(self, warped_bgr: np.ndarray, *, expected_size: float) -> list[DieDetection]:
        image = usable_view(warped_bgr)
        if image is None or expected_size <= 4:
            self._kept, self._cells = [], []
            return []
        maps = half_channels(image)
        grey = maps["grey"]
        previous, self._kept = self._kept, []
        cells, self._cells = self._cells, []

        def read(view: np.ndarray, group: list[Spot], size: float,
                 inside: bool) -> DieDetection | None:
            x, y = spots_centre(group)
            kept = self._unchanged(previous, grey, x, y, inside, group, size)
            if kept is not None:
                self.reused += 1
                die = kept.die
            else:
                self.reads += 1
                die = read_group(view, group, size, inside, self.geometry.palette)
            box = _box(grey.shape, x, y, size)
            y0, y1, x0, x1 = box
            self._kept.append(_Kept(x, y, inside, len(group), group[0].channel, box,
                                    grey[y0:y1, x0:x1].copy(), die))
            return die

        dark = dark_bodies(maps, expected_size, self.geometry)
        spots = spots_in(maps, expected_size, dark, saturated_ring(self.geometry))
        return dice_from_spots(image, spots, expected_size, self.geometry, read,
                               partial(self._keep_cell, cells, grey, expected_size))

    def _keep_cell(self, previous: list[_KeptCell], grey: np.ndarray, size: float,
                   box: tuple[int, int, int, int], unread: DieDetection | None,
                   read: Callable[[], DieDetection | None]) -> DieDetection | None:
        """A cell's reading (``reread_cells``' ``keep``): no face, when the last view's
        reading of the cell called none from the same unread die and its pixels have not
        changed; else ``read()``."""
        y0, y1, x0, x1 = _cell_around(grey.shape, box, size)
        now = grey[y0:y1, x0:x1]
        if any(k.box == box and k.unread == unread and _still(k.pixels, now, self.still_level)
               for k in previous):
            self.cells_reused += 1
            die = None
        else:
            self.cells_read += 1
            die = read()
        if die is None:
            self._cells.append(_KeptCell(box, unread, now.copy()))
        return die

    def _unchanged(self, previous: list[_Kept], grey: np.ndarray, x: float, y: float,
                   inside: bool, group: list[Spot], size: float) -> _Kept | None:
        """The last view's reading of this die, if its surroundings have not changed."""
        for kept in previous:
            if (kept.inside != inside or kept.pips != len(group)
                    or kept.channel != group[0].channel
                    or abs(kept.x - x) > DICE.kept_same_place * size
                    or abs(kept.y - y) > DICE.kept_same_place * size):
                continue
            y0, y1, x0, x1 = kept.box
            if _still(kept.pixels, grey[y0:y1, x0:x1], self.still_level):
                return kept
        return None


def _still(before: np.ndarray, now: np.ndarray, level: float) -> bool:
    """Whether two crops of the same place differ by no more than ``level`` anywhere."""
    return now.shape == before.shape and float(np.abs(now - before).max()) <= level


def _box(shape: tuple[int, ...], x: float, y: float, size: float) -> tuple[int, int, int, int]:
    """The half-size pixels within ``DICE.kept_side`` die edges of a view point, clipped."""
    reach = DICE.kept_side * size / 2.0
    cx, cy = x / 2.0, y / 2.0
    y0, y1 = max(0, int(cy - reach)), min(shape[0], int(cy + reach) + 1)
    x0, x1 = max(0, int(cx - reach)), min(shape[1], int(cx + reach) + 1)
    return y0, y1, x0, x1


def _cell_around(shape: tuple[int, ...], box: tuple[int, int, int, int], size: float
                 ) -> tuple[int, int, int, int]:
    """The half-size pixels of a cell (x0, y0, x1, y1 in view pixels) and ``DICE.kept_side``
    die edges around it, clipped, as y0, y1, x0, x1: where a cell's reading looks."""
    reach = DICE.kept_side * size
    x0, y0, x1, y1 = box
    top, bottom = max(0, int((y0 - reach) / 2.0)), min(shape[0], int((y1 + reach) / 2.0) + 1)
    left, right = max(0, int((x0 - reach) / 2.0)), min(shape[1], int((x1 + reach) / 2.0) + 1)
    return top, bottom, left, right
