"""Find and read the pieces of a tile board (Bossa) on its canonical view: dot tiles
anywhere, tile backs, action tokens, and the start dice in the grid cells.

The board reader uses this reader instead of the dice reader when the game's layout says its
items are tiles (``Layout.item_kind``). Steps:

1. find every piece's top face by its body colour (``vision.board.piece_regions``);
2. a back is a piece lying face down (``engine.table.TILE_FACE_DOWN``), a token's yellow face
   an unused token (``TILE_TOKEN_UP``);
3. a tile's face is rectified at its measured size (kept within ``TILES.size_range`` of the
   layout's item edge) and read in the two-pip-colour mode
   (``vision.top.two_colour.read_two_colour_top``), once more framed on its pips' middle
   when that reading is unsure and its pips lie off-centre: its face is
   ``engine.table.tile_face(white, black)``, None when the reader abstains;
4. a face in a grid cell is a start die: the layout's grid holds the dice the tiles are laid
   against, on the tiles' body. A die is named by its pips' colour (white pips: ``"white"``,
   black pips: ``"black"``; both: ``"unknown"``) and its face is its pip count. Every other
   piece is a tile of body colour ``"white"`` (the palette's name for a piece's body; the
   pips' colours are in its face).

A tile lying on another one (a Stack's layer) is not told apart here: ``stacked`` stays False,
and the referee recognises a Stack by the tiles it covers.

May import ``engine.table`` (the tile numbering), ``vision.board`` (``piece_regions``,
``geometry``, ``config``), ``vision.top``, numpy and OpenCV.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np

from engine.table import TILE_FACE_DOWN, TILE_TOKEN_UP, tile_face
from vision.board.config import TILES
from vision.board.geometry import BoardGeometry
from vision.board.piece_regions import BACK, FACE, TOKEN, PieceTop, find_piece_tops
from vision.top.config import READER
from vision.top.square import rectify, view_axes
from vision.top.two_colour import TwoColourReading, read_two_colour_top
from vision.top.types import CROP, MARGIN, VIEW, Candidate, DieDetection

DIE, TILE = "die", "tile"


@dataclass(frozen=True)
class TileDetection(DieDetection):
    """A piece found on a tile board: ``DieDetection``'s fields (``face`` as the item's face,
    ``colour`` as the palette names it) and what kind of item it is.

    Attributes:
        kind: ``"die"`` (a start die in a grid cell) or ``"tile"`` (every other piece).
        stacked: lying on another tile (not told apart yet: always False).
    """

    kind: str = TILE
    stacked: bool = False


def find_board_tiles(warped_bgr: np.ndarray, *, expected_size: float,
                     geometry: BoardGeometry) -> list[TileDetection]:
    """Every piece on a tile board's canonical view (see the module docstring).

    Args:
        warped_bgr: the board warped to the canonical view, BGR uint8.
        expected_size: the layout's item edge in view pixels (``geometry.die_px``).
        geometry: the board (its grid cells hold the start dice).

    Returns:
        One detection per piece, x and y in view pixels; a face the reader abstained on is
        None with the reason.
    """
    if warped_bgr.ndim != 3 or warped_bgr.shape[2] != 3 or expected_size <= 4:
        return []
    return [_detection(warped_bgr, top, expected_size, geometry)
            for top in find_piece_tops(warped_bgr, expected_size)]


class BoardTileReader:
    """``find_board_tiles`` in the board reader's finder form: ``reader(view,
    expected_size=...)``."""

    def __init__(self, geometry: BoardGeometry) -> None:
        self.geometry = geometry

    def __call__(self, warped_bgr: np.ndarray, *, expected_size: float) -> list[TileDetection]:
        return find_board_tiles(warped_bgr, expected_size=expected_size,
                                geometry=self.geometry)


def _detection(image: np.ndarray, top: PieceTop, edge: float,
               geometry: BoardGeometry) -> TileDetection:
    size = (top.w + top.h) / 2.0
    if top.body == BACK:
        return _tile(top, size, TILE_FACE_DOWN, 1.0)
    if top.body == TOKEN:
        return _tile(top, size, TILE_TOKEN_UP, 1.0)
    if top.body != FACE:
        return TileDetection(top.cx, top.cy, size, top.angle % 90.0, None, "unknown", 0.0,
                             "not a piece's colour")
    reading = read_face(image, top, edge)
    in_cell = geometry.cell_at_mm(*geometry.px_to_mm(top.cx, top.cy)) is not None
    return _die(top, size, reading) if in_cell else _read_tile(top, size, reading)


def read_face(image: np.ndarray, top: PieceTop, edge: float) -> TwoColourReading:
    """A face read in its square; a face read unsurely is read once more in the square
    moved to the middle of its pips (``TILES.reframe``), when that lies off the square's
    centre: a face seen together with a piece it touches is framed off-centre."""
    cand = _candidate(top, edge)
    reading = read_two_colour_top(rectify(image, cand, VIEW, VIEW / CROP))
    if reading.confidence >= READER.min_confidence or reading.centre is None:
        return reading
    origin, step_x, step_y = view_axes(cand, VIEW, VIEW / CROP)
    u, v = reading.centre
    if math.hypot(u - CROP / 2, v - CROP / 2) < TILES.reframe * CROP:
        return reading
    x, y = origin + step_x * (u + MARGIN) + step_y * (v + MARGIN)
    moved = replace(cand, cx=float(x), cy=float(y))
    again = read_two_colour_top(rectify(image, moved, VIEW, VIEW / CROP))
    return again if again.confidence > reading.confidence else reading


def _candidate(top: PieceTop, edge: float) -> Candidate:
    """The top's rectangle at its measured size within ``TILES.size_range`` of the item edge
    (a top seen smaller than the item, its rim in shade, is read at the item's size: its
    pips lie where they would)."""
    low, high = TILES.size_range
    w = min(max(top.w, low * edge), high * edge)
    h = min(max(top.h, low * edge), high * edge)
    return Candidate(top.cx, top.cy, w, h, top.angle, 1.0, "tile")


def _tile(top: PieceTop, size: float, face: int, confidence: float) -> TileDetection:
    return TileDetection(top.cx, top.cy, size, top.angle % 90.0, face, "white", confidence)


def _read_tile(top: PieceTop, size: float, reading: TwoColourReading) -> TileDetection:
    if reading.white is None or reading.black is None:
        return TileDetection(top.cx, top.cy, size, top.angle % 90.0, None, "white", 0.0,
                             reading.reason)
    return _tile(top, size, tile_face(reading.white, reading.black), reading.confidence)


def _die(top: PieceTop, size: float, reading: TwoColourReading) -> TileDetection:
    """A start die: its pip count, named by its pips' colour."""
    if reading.white is None or reading.black is None:
        return TileDetection(top.cx, top.cy, size, top.angle % 90.0, None, "unknown", 0.0,
                             reading.reason, kind=DIE)
    colour = ("white" if reading.black == 0 else "black" if reading.white == 0
              else "unknown")
    return TileDetection(top.cx, top.cy, size, top.angle % 90.0, reading.pips, colour,
                         reading.confidence, kind=DIE)
