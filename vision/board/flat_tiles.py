"""Flat tiles lying in a board's tile zones (PlayMe's round tile, White Rabbit or Jabberwock
up; Bossa's dot tiles are ``vision.board.tiles``'s): a zone whose name ``FLAT_TILES.zones``
lists holds a tile when the middle of the zone is one
flat colour unlike the paper around the zone: green (hue and saturation), or white (lighter
than that paper and unsaturated: a white card on printed paper). Boards without such a zone
get no tile, so their views do not change.

May import numpy, OpenCV, ``vision.board.geometry`` and ``vision.board.config``.
"""

from __future__ import annotations

import cv2
import numpy as np

from engine.table import Colour, Item, ItemKind
from vision.board.config import FLAT_TILES
from vision.board.geometry import BoardGeometry


def read_flat_tiles(warped_bgr: np.ndarray, geometry: BoardGeometry) -> dict[str, Item]:
    """Zone name -> the tile lying there, for the board's tile zones that hold one (its
    colour ``Colour.WHITE`` or ``Colour.GREEN``, confidence 1.0, at the zone's centre)."""
    found: dict[str, Item] = {}
    for zone in geometry.zones:
        if zone.name not in FLAT_TILES.zones:
            continue
        colour = _tile_colour(warped_bgr, geometry, zone.x_mm, zone.y_mm, zone.w_mm, zone.h_mm)
        if colour is not None:
            found[zone.name] = Item(None, colour, confidence=1.0, kind=ItemKind.TILE,
                                    x_mm=zone.x_mm + zone.w_mm / 2,
                                    y_mm=zone.y_mm + zone.h_mm / 2)
    return found


def _tile_colour(image: np.ndarray, geometry: BoardGeometry, x: float, y: float, w: float,
                 h: float) -> Colour | None:
    """The colour of the tile in the zone (x, y, w, h in mm), or None."""
    s = geometry.px_per_mm
    height, width = image.shape[:2]
    cx, cy = (x + w / 2) * s, (y + h / 2) * s
    hw, hh = FLAT_TILES.inner * w * s / 2, FLAT_TILES.inner * h * s / 2
    middle = image[max(0, int(cy - hh)):int(cy + hh), max(0, int(cx - hw)):int(cx + hw)]
    r = FLAT_TILES.ring_mm * s
    x0, y0 = max(0, int(x * s - 2 * r)), max(0, int(y * s - 2 * r))
    x1, y1 = min(width, int((x + w) * s + 2 * r)), min(height, int((y + h) * s + 2 * r))
    mask = np.zeros((height, width), np.uint8)
    mask[y0:y1, x0:x1] = 1
    mask[max(0, int(y * s - r)):int((y + h) * s + r),
         max(0, int(x * s - r)):int((x + w) * s + r)] = 0
    if middle.size == 0 or not mask.any():
        return None
    paper = np.median(image[mask.astype(bool)], axis=0)
    body = np.median(middle.reshape(-1, 3), axis=0)
    pixel = np.clip(body, 0, 255).astype(np.uint8).reshape(1, 1, 3)
    hue, sat, _ = (int(v) for v in cv2.cvtColor(pixel, cv2.COLOR_BGR2HSV)[0, 0])
    cfg = FLAT_TILES
    if cfg.green_hue[0] <= hue <= cfg.green_hue[1] and sat >= cfg.green_saturation:
        return Colour.GREEN
    if sat <= cfg.max_white_saturation and body.mean() >= cfg.lighter * paper.mean():
        return Colour.WHITE
    return None
