"""Read the dice of successive views of one board, reading again only the dice that changed.

During a game most of the table stays still between frames: a player moves one die at a time.
``BoardDiceReader`` is ``vision.board.dice.find_board_dice`` for a stream of canonical views:
the spots are found in every view (cheap, and they say where each die is), but a die whose
surroundings (``DICE.kept_side`` die edges around it, the square its reading looked at) have the
same pixels as when it was last read, within sensor noise (``DICE.kept_still_level`` grey levels
after the half-size smoothing), keeps that reading. Any real change (a die turned, moved, rerolled,
a shadow, the light) re-reads it; so does a frame whose board moved (the whole view shifts).

A kept reading is the one made when the die last looked like this, within noise: a die read
surely stays read, and one the reader abstained on stays unread until something about it
changes (the player is asked to straighten or reroll it anyway). ``dicekeeper bench latency``
gives the cost of a still table beside that of a table whose every die is read.

May import ``vision.board.dice``, ``.geometry``, ``.config``, ``vision.top`` types, numpy and
OpenCV.
"""

from __future__ import annotations

from dataclasses import dataclass

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
        self.reads = 0  # groups read afresh (diagnostics and tests)
        self.reused = 0  # groups that kept their reading

    def __call__(self, warped_bgr: np.ndarray, *, expected_size: float) -> list[DieDetection]:
        image = usable_view(warped_bgr)
        if image is None or expected_size <= 4:
            self._kept = []
            return []
        maps = half_channels(image)
        grey = maps["grey"]
        previous, self._kept = self._kept, []

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
        return dice_from_spots(image, spots, expected_size, self.geometry, read)

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
            now = grey[y0:y1, x0:x1]
            if now.shape == kept.pixels.shape and float(
                    np.abs(now - kept.pixels).max()) <= self.still_level:
                return kept
        return None


def _box(shape: tuple[int, ...], x: float, y: float, size: float) -> tuple[int, int, int, int]:
    """The half-size pixels within ``DICE.kept_side`` die edges of a view point, clipped."""
    reach = DICE.kept_side * size / 2.0
    cx, cy = x / 2.0, y / 2.0
    y0, y1 = max(0, int(cy - reach)), min(shape[0], int(cy + reach) + 1)
    x0, x1 = max(0, int(cx - reach)), min(shape[1], int(cx + reach) + 1)
    return y0, y1, x0, x1
