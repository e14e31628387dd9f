"""Draw a game's printed board at any scale, from the layout the game supplies.

One picture serves the printable PDF/PNG (``calibration.printable``, 300 dpi) and the synthetic
photo renderer (``calibration.synthetic``, ~6 px/mm). Everything is placed in millimetres from
an ``engine.layout.Layout`` (``Game.layout(board)``): the four ArUco markers (DICT_4X4_50, ids
0..3 at NW, NE, SE, SW) on the board square's corners, the grid with its tinted cells, the
zones beside it (dashed, named), the game's printed labels (Unification's exit effects, with a
drawn counter-clockwise arrow for a grid turn), the title and the footer. The print is kept
light (thin lines, pale fills) so the dice and cubes stand out. The labels come from the
board-definition file, so a user who edits the file prints the board they play on.

May import: engine (the layout), numpy, cv2, PIL.
"""

from __future__ import annotations

import logging
import math
from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from engine.layout import MARKER_IDS, Label, Layout, Zone

log = logging.getLogger(__name__)

INK = (70, 70, 70)
LIGHT_INK = (150, 150, 150)
PAPER = (255, 255, 255)
GRID_FILL = (250, 250, 248)
SHADE_FILL = (246, 242, 236)
QUIET_MM = 4.0          # white space kept around each marker, inside the board square
DASH_MM = 2.0           # dashes of a zone's outline


@dataclass(frozen=True)
class BoardImage:
    """A drawn board.

    Attributes:
        image: RGB uint8 array (what PIL and printers use; convert for OpenCV).
        px_per_mm: scale.
        margin_mm: white paper around the board square on every side.
    """

    image: np.ndarray
    px_per_mm: float
    margin_mm: float

    def mm_to_px(self, x_mm: float, y_mm: float) -> tuple[float, float]:
        """Board millimetres (origin at the board square's NW corner) to image pixels."""
        return ((x_mm + self.margin_mm) * self.px_per_mm, (y_mm + self.margin_mm) * self.px_per_mm)

    def bgr(self) -> np.ndarray:
        """The image in OpenCV's channel order."""
        return np.ascontiguousarray(self.image[..., ::-1])


def draw_board(layout: Layout, px_per_mm: float = 6.0, *,
               margin_mm: float = 10.0) -> BoardImage:
    """Draw a board on white paper.

    Args:
        layout: the printed board (``Game.layout(board)``).
        px_per_mm: scale; 300 dpi is ``300 / 25.4``.
        margin_mm: white paper kept around the board square (the markers' quiet zone outside).

    Returns:
        The drawn board (cached and shared: copy before drawing on it); ``mm_to_px`` maps
        board millimetres to its pixels.
    """
    return _draw_board_cached(layout, float(px_per_mm), float(margin_mm))


@lru_cache(maxsize=8)
def _draw_board_cached(layout: Layout, px_per_mm: float, margin_mm: float) -> BoardImage:
    size_px = round((layout.size_mm + 2 * margin_mm) * px_per_mm)
    pil = Image.new("RGB", (size_px, size_px), PAPER)
    canvas = _Canvas(ImageDraw.Draw(pil), px_per_mm, margin_mm)
    _draw_frame(canvas, layout)
    _draw_grid(canvas, layout)
    for zone in layout.zones:
        _draw_zone(canvas, zone)
    for label in layout.labels:
        _draw_label(canvas, label)
    _draw_titles(canvas, layout)
    image = np.array(pil)
    for marker_id in MARKER_IDS:
        _paste_marker(image, layout, marker_id, px_per_mm, margin_mm)
    image.flags.writeable = False  # cached and shared: callers copy before drawing on it
    return BoardImage(image=image, px_per_mm=px_per_mm, margin_mm=margin_mm)


@dataclass(frozen=True)
class _Canvas:
    draw: ImageDraw.ImageDraw
    px_per_mm: float
    margin_mm: float

    def px(self, x_mm: float, y_mm: float) -> tuple[float, float]:
        return ((x_mm + self.margin_mm) * self.px_per_mm, (y_mm + self.margin_mm) * self.px_per_mm)

    def box(self, x0: float, y0: float, x1: float, y1: float) -> tuple[float, float, float, float]:
        return (*self.px(x0, y0), *self.px(x1, y1))

    def width(self, mm: float) -> int:
        return max(1, round(mm * self.px_per_mm))

    def font(self, mm: float) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
        return _font(max(6, round(mm * self.px_per_mm)))


@lru_cache(maxsize=32)
def _font(size_px: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    for name in ("DejaVuSans.ttf", "LiberationSans-Regular.ttf", "Arial.ttf"):
        try:
            return ImageFont.truetype(name, size_px)
        except OSError:
            continue
    log.debug("no TrueType font found; using Pillow's built-in font")
    return ImageFont.load_default(size=size_px)


def _draw_frame(canvas: _Canvas, g: Layout) -> None:
    """The board square's edges between the markers, kept clear of the markers' quiet zone."""
    lo, hi, end = g.marker_mm + QUIET_MM, g.size_mm - g.marker_mm - QUIET_MM, g.size_mm
    width = canvas.width(0.3)
    for (x0, y0), (x1, y1) in (((lo, 0), (hi, 0)), ((lo, end), (hi, end)),
                               ((0, lo), (0, hi)), ((end, lo), (end, hi))):
        canvas.draw.line([canvas.px(x0, y0), canvas.px(x1, y1)], fill=LIGHT_INK, width=width)


def _draw_grid(canvas: _Canvas, g: Layout) -> None:
    x0, y0 = g.grid_origin_mm
    w, h = g.cols * g.cell_mm, g.rows * g.cell_mm
    canvas.draw.rectangle(canvas.box(x0, y0, x0 + w, y0 + h), fill=GRID_FILL)
    for r, c in g.shaded_cells:  # cells with a meaning of their own (Unification's centre)
        left, top = x0 + g.cell_mm * c, y0 + g.cell_mm * r
        canvas.draw.rectangle(canvas.box(left, top, left + g.cell_mm, top + g.cell_mm),
                              fill=SHADE_FILL)
    for i in range(g.cols + 1):
        x = x0 + i * g.cell_mm
        canvas.draw.line([canvas.px(x, y0), canvas.px(x, y0 + h)], fill=INK,
                         width=canvas.width(0.5))
    for j in range(g.rows + 1):
        y = y0 + j * g.cell_mm
        canvas.draw.line([canvas.px(x0, y), canvas.px(x0 + w, y)], fill=INK,
                         width=canvas.width(0.5))


def _draw_zone(canvas: _Canvas, zone: Zone) -> None:
    """A dashed outline with the zone's name in its top-left corner."""
    x0, y0, x1, y1 = zone.x_mm, zone.y_mm, zone.x_mm + zone.w_mm, zone.y_mm + zone.h_mm
    width = canvas.width(0.3)
    for (ax, ay), (bx, by) in (((x0, y0), (x1, y0)), ((x1, y0), (x1, y1)),
                               ((x1, y1), (x0, y1)), ((x0, y1), (x0, y0))):
        length = math.hypot(bx - ax, by - ay)
        steps = max(1, int(length // (2 * DASH_MM)))
        for i in range(steps):
            f0, f1 = i / steps, (i + 0.5) / steps
            canvas.draw.line([canvas.px(ax + (bx - ax) * f0, ay + (by - ay) * f0),
                              canvas.px(ax + (bx - ax) * f1, ay + (by - ay) * f1)],
                             fill=LIGHT_INK, width=width)
    name = zone.label or zone.name.replace("_", " ")
    canvas.draw.text(canvas.px(x0 + 1.5, y0 + 1.2), name, fill=LIGHT_INK,
                     font=canvas.font(2.6), anchor="la")


def _draw_label(canvas: _Canvas, label: Label) -> None:
    x0, y0, x1, y1 = label.box_mm
    canvas.draw.rounded_rectangle(canvas.box(x0, y0, x1, y1), radius=canvas.width(2.0),
                                  fill=label.fill, outline=LIGHT_INK, width=canvas.width(0.25))
    long_text = len(label.text) > 4
    font = canvas.font(3.2 if long_text else 5.0)
    cx, cy = canvas.px((x0 + x1) / 2, (y0 + y1) / 2)
    if label.arrow:
        cy -= 2.2 * canvas.px_per_mm
    canvas.draw.text((cx, cy), label.text, fill=INK, font=font, anchor="mm")
    if label.arrow:
        _draw_turn_arrow(canvas, (cx, cy + 5.0 * canvas.px_per_mm), 2.4)


def _draw_turn_arrow(canvas: _Canvas, centre: tuple[float, float], radius_mm: float) -> None:
    """A counter-clockwise arrow (↺), drawn rather than typed so every font shows it."""
    r = radius_mm * canvas.px_per_mm
    cx, cy = centre
    # PIL angles run clockwise on screen; the arc is travelled from 220 down to -60 degrees
    canvas.draw.arc((cx - r, cy - r, cx + r, cy + r), start=-60, end=220, fill=INK,
                    width=canvas.width(0.5))
    a = math.radians(-60)
    px, py = cx + r * math.cos(a), cy + r * math.sin(a)
    dx, dy = math.sin(a), -math.cos(a)        # direction of travel at the head
    nx, ny = -dy, dx
    s = 0.8 * r
    canvas.draw.polygon([(px + dx * s * 0.7, py + dy * s * 0.7),
                         (px - dx * s * 0.3 + nx * s * 0.5, py - dy * s * 0.3 + ny * s * 0.5),
                         (px - dx * s * 0.3 - nx * s * 0.5, py - dy * s * 0.3 - ny * s * 0.5)],
                        fill=INK)


def _draw_titles(canvas: _Canvas, g: Layout) -> None:
    mid = g.size_mm / 2
    canvas.draw.text(canvas.px(mid, 6.0), g.title, fill=INK, font=canvas.font(4.2), anchor="mm")
    canvas.draw.text(canvas.px(mid, 12.5), "▲ north", fill=LIGHT_INK, font=canvas.font(3.0),
                     anchor="mm")
    if g.footer:
        canvas.draw.text(canvas.px(mid, g.size_mm - 6.0), g.footer, fill=LIGHT_INK,
                         font=canvas.font(2.6), anchor="mm")


@lru_cache(maxsize=4)
def _marker_bits(marker_id: int) -> np.ndarray:
    """The 6x6 modules (border included) of a DICT_4X4_50 marker, 0 black, 255 white."""
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    return cv2.aruco.generateImageMarker(dictionary, marker_id, 6, borderBits=1)


def _paste_marker(image: np.ndarray, g: Layout, marker_id: int, px_per_mm: float,
                  margin_mm: float) -> None:
    """Draw a marker at its exact millimetre place, module edges anti-aliased (4x, area)."""
    x0_mm, y0_mm = g.marker_corners_mm(marker_id)[0]
    x0, y0 = (x0_mm + margin_mm) * px_per_mm, (y0_mm + margin_mm) * px_per_mm
    side = g.marker_mm * px_per_mm
    ix0, iy0 = math.floor(x0), math.floor(y0)
    w, h = math.ceil(x0 + side) - ix0, math.ceil(y0 + side) - iy0
    k = 4
    s = side / 6 * k
    # pixel-corner coordinates: dst = s * src + offset, OpenCV works on pixel centres (-0.5)
    tx, ty = 0.5 * s + (x0 - ix0) * k - 0.5, 0.5 * s + (y0 - iy0) * k - 0.5
    hi = cv2.warpAffine(_marker_bits(marker_id), np.float32([[s, 0, tx], [0, s, ty]]),
                        (w * k, h * k), flags=cv2.INTER_NEAREST,
                        borderMode=cv2.BORDER_CONSTANT, borderValue=255)
    patch = cv2.resize(hi, (w, h), interpolation=cv2.INTER_AREA)
    region = image[iy0:iy0 + h, ix0:ix0 + w]  # clipped at the image edge when margin is 0
    region[:] = np.minimum(region, patch[:region.shape[0], :region.shape[1], None])
