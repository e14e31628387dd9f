"""Draw the Unification board (simple or complex side) at any scale, from the shared geometry.

One picture serves the printable PDF/PNG (``calibration.printable``, 300 dpi) and the synthetic
photo renderer (``calibration.synthetic``, ~6 px/mm). Everything is placed in millimetres from
``vision.board.geometry.UNIFICATION_BOARD``: the four ArUco markers (DICT_4X4_50, ids 0..3 at NW,
NE, SE, SW) on the board square's corners, the 3x3 grid, and each exit slot's effect printed in the
band just outside the grid on the side where the die leaves. The print is kept light (thin lines,
pale fills) so the dice stand out.

The effects come from the board-definition file (``calibration.board_files``), so a user who
edits the file prints the board they play on.

May import: vision.board.geometry, calibration.board_files, numpy, cv2, PIL.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from vision.board.geometry import UNIFICATION_BOARD, BoardGeometry

log = logging.getLogger(__name__)

SIDES = ("N", "E", "S", "W")

EFFECT_LABELS: dict[str, str] = {
    "DEC1": "-1", "INC1": "+1", "FLIP": "flip", "REROLL": "reroll", "PM3": "±3", "PM2": "±2",
    "PM1": "±1", "ROTATE": "turn", "PARADIGM": "paradigm",
}
"""Text printed for each effect code (``ROTATE`` also gets a drawn counter-clockwise arrow)."""

EFFECT_FILLS: dict[str, tuple[int, int, int]] = {
    "DEC1": (228, 238, 250), "INC1": (250, 236, 228), "FLIP": (236, 248, 236),
    "REROLL": (246, 240, 224), "PM3": (244, 232, 246), "PM2": (232, 244, 248),
    "PM1": (240, 240, 230), "ROTATE": (250, 244, 226), "PARADIGM": (252, 232, 236),
}
"""Pale RGB fills of the effect boxes, so a player tells the sides apart at a glance."""

INK = (70, 70, 70)
LIGHT_INK = (150, 150, 150)
PAPER = (255, 255, 255)
QUIET_MM = 4.0          # white space kept around each marker, inside the board square
EFFECT_BAND_MM = 14.0   # depth of the effect boxes outside the grid
EFFECT_GAP_MM = 2.0     # between the grid and the effect boxes

SlotEffects = Mapping[tuple[str, int], Sequence[str]]


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


def slot_effects_from_data(data: Mapping[str, object]) -> dict[tuple[str, int], list[str]]:
    """Read the exit-slot effects out of a Unification board-definition dict.

    Accepted shapes (the first one found wins): ``{"slots": {"N0": ["DEC1"], ...}}``,
    ``{"exits": {"N": ["DEC1", "DEC1", "DEC1"], ...}}`` (one entry per line, each a code or a
    list of codes), or ``{"effects": {"N": "DEC1", ...}}`` (one effect for the whole side).

    Raises:
        ValueError: no effect table in the data, or an unknown effect code; the message says
            which.
    """
    table = _find_effect_table(data)
    slots: dict[tuple[str, int], list[str]] = {}
    for key, value in table.items():
        for slot, codes in _expand_entry(str(key), value):
            slots[slot] = codes
    _check_slots(slots)
    return slots


def _find_effect_table(data: Mapping[str, object]) -> Mapping[str, object]:
    for name in ("slots", "exit_slots", "exits", "effects", "edges"):
        table = data.get(name)
        if isinstance(table, Mapping):
            return table
    raise ValueError("board data has no exit effect table ('slots', 'exits' or 'effects'): "
                     "check the board file")


def _expand_entry(key: str, value: object) -> list[tuple[tuple[str, int], list[str]]]:
    key = key.strip().upper()
    if len(key) >= 2 and key[0] in SIDES and key[1:].isdigit():
        return [((key[0], int(key[1:])), _codes(value))]
    if key in SIDES:
        if isinstance(value, (list, tuple)) and len(value) == 3:
            return [((key, i), _codes(v)) for i, v in enumerate(value)]
        return [((key, i), _codes(value)) for i in range(3)]
    raise ValueError(f"board data: unknown exit slot {key!r}, expected N, E, S, W or e.g. N0")


def _codes(value: object) -> list[str]:
    if isinstance(value, str):
        return [value.upper()]
    if isinstance(value, Mapping):
        return _codes(value.get("effects", value.get("effect", "")))
    if isinstance(value, (list, tuple)):
        return [str(v).upper() for v in value]
    raise ValueError(f"board data: cannot read effect {value!r}")


def _check_slots(slots: Mapping[tuple[str, int], Sequence[str]]) -> None:
    for slot, codes in slots.items():
        for code in codes:
            if code not in EFFECT_LABELS:
                raise ValueError(f"board data: unknown effect {code!r} at exit {slot[0]}{slot[1]};"
                                 f" known: {', '.join(EFFECT_LABELS)}")


def load_slot_effects(side: str) -> dict[tuple[str, int], list[str]]:
    """The exit-slot effects of a Unification side from the board-definition file."""
    from calibration.board_files import load_board_data  # read only when drawing

    return slot_effects_from_data(load_board_data("unification", side))


def draw_board(side: str, px_per_mm: float = 6.0, *, margin_mm: float = 10.0,
               effects: SlotEffects | None = None,
               geometry: BoardGeometry = UNIFICATION_BOARD) -> BoardImage:
    """Draw one side of the Unification board on white paper.

    Args:
        side: ``"simple"`` or ``"complex"`` (used for the title and to load the effects).
        px_per_mm: scale; 300 dpi is ``300 / 25.4``.
        margin_mm: white paper kept around the board square (the markers' quiet zone outside).
        effects: exit slot ``(side, line)`` -> effect codes; default: the board file's.
        geometry: the board layout.

    Returns:
        The drawn board; ``mm_to_px`` maps board millimetres to its pixels.
    """
    slot_effects = effects if effects is not None else load_slot_effects(side)
    return _draw_board_cached(side, float(px_per_mm), float(margin_mm),
                              _freeze(slot_effects), geometry)


def _freeze(effects: SlotEffects) -> tuple[tuple[tuple[str, int], tuple[str, ...]], ...]:
    return tuple(sorted((slot, tuple(codes)) for slot, codes in effects.items()))


@lru_cache(maxsize=8)
def _draw_board_cached(side: str, px_per_mm: float, margin_mm: float,
                       effects: tuple[tuple[tuple[str, int], tuple[str, ...]], ...],
                       geometry: BoardGeometry) -> BoardImage:
    size_px = round((geometry.size_mm + 2 * margin_mm) * px_per_mm)
    pil = Image.new("RGB", (size_px, size_px), PAPER)
    canvas = _Canvas(ImageDraw.Draw(pil), px_per_mm, margin_mm)
    _draw_frame(canvas, geometry)
    _draw_grid(canvas, geometry)
    for slot, codes in effects:
        _draw_effect(canvas, geometry, slot, codes)
    _draw_titles(canvas, geometry, side)
    image = np.array(pil)
    for marker_id in geometry.MARKER_IDS:
        _paste_marker(image, geometry, marker_id, px_per_mm, margin_mm)
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


def _draw_frame(canvas: _Canvas, g: BoardGeometry) -> None:
    """The board square's edges between the markers, kept clear of the markers' quiet zone."""
    lo, hi, end = g.marker_mm + QUIET_MM, g.size_mm - g.marker_mm - QUIET_MM, g.size_mm
    width = canvas.width(0.3)
    for (x0, y0), (x1, y1) in (((lo, 0), (hi, 0)), ((lo, end), (hi, end)),
                               ((0, lo), (0, hi)), ((end, lo), (end, hi))):
        canvas.draw.line([canvas.px(x0, y0), canvas.px(x1, y1)], fill=LIGHT_INK, width=width)


def _draw_grid(canvas: _Canvas, g: BoardGeometry) -> None:
    x0, y0 = g.grid_origin_mm
    w, h = g.cols * g.cell_mm, g.rows * g.cell_mm
    canvas.draw.rectangle(canvas.box(x0, y0, x0 + w, y0 + h), fill=(250, 250, 248))
    centre = x0 + g.cell_mm * (g.cols // 2), y0 + g.cell_mm * (g.rows // 2)
    canvas.draw.rectangle(canvas.box(*centre, centre[0] + g.cell_mm, centre[1] + g.cell_mm),
                          fill=(246, 242, 236))  # the centre cell doubles the score
    for i in range(g.cols + 1):
        x = x0 + i * g.cell_mm
        canvas.draw.line([canvas.px(x, y0), canvas.px(x, y0 + h)], fill=INK,
                         width=canvas.width(0.5))
    for j in range(g.rows + 1):
        y = y0 + j * g.cell_mm
        canvas.draw.line([canvas.px(x0, y), canvas.px(x0 + w, y)], fill=INK,
                         width=canvas.width(0.5))


def effect_box_mm(g: BoardGeometry, slot: tuple[str, int]) -> tuple[float, float, float, float]:
    """The box (x0, y0, x1, y1) in mm where an exit slot's effect is printed."""
    side, line = slot
    gx, gy = g.grid_origin_mm
    gw, gh = g.cols * g.cell_mm, g.rows * g.cell_mm
    inset = 1.5
    a, b = line * g.cell_mm + inset, (line + 1) * g.cell_mm - inset
    near, far = EFFECT_GAP_MM, EFFECT_GAP_MM + EFFECT_BAND_MM
    if side == "N":
        return (gx + a, gy - far, gx + b, gy - near)
    if side == "S":
        return (gx + a, gy + gh + near, gx + b, gy + gh + far)
    if side == "W":
        return (gx - far, gy + a, gx - near, gy + b)
    return (gx + gw + near, gy + a, gx + gw + far, gy + b)


def _draw_effect(canvas: _Canvas, g: BoardGeometry, slot: tuple[str, int],
                 codes: Sequence[str]) -> None:
    x0, y0, x1, y1 = effect_box_mm(g, slot)
    fill = EFFECT_FILLS.get(codes[0], (245, 245, 245)) if codes else PAPER
    canvas.draw.rounded_rectangle(canvas.box(x0, y0, x1, y1), radius=canvas.width(2.0),
                                  fill=fill, outline=LIGHT_INK, width=canvas.width(0.25))
    text = " ".join(EFFECT_LABELS.get(c, c) for c in codes)
    long_text = len(text) > 4
    font = canvas.font(3.2 if long_text else 5.0)
    cx, cy = canvas.px((x0 + x1) / 2, (y0 + y1) / 2)
    has_turn = "ROTATE" in codes
    if has_turn:
        cy -= 2.2 * canvas.px_per_mm
    canvas.draw.text((cx, cy), text, fill=INK, font=font, anchor="mm")
    if has_turn:
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


def _draw_titles(canvas: _Canvas, g: BoardGeometry, side: str) -> None:
    mid = g.size_mm / 2
    canvas.draw.text(canvas.px(mid, 6.0), f"Unification · {side} side", fill=INK,
                     font=canvas.font(4.2), anchor="mm")
    canvas.draw.text(canvas.px(mid, 12.5), "▲ north", fill=LIGHT_INK, font=canvas.font(3.0),
                     anchor="mm")
    canvas.draw.text(canvas.px(mid, g.size_mm - 6.0), "Dicekeeper · push die waits outside "
                     "the grid", fill=LIGHT_INK, font=canvas.font(2.6), anchor="mm")


@lru_cache(maxsize=4)
def _marker_bits(marker_id: int) -> np.ndarray:
    """The 6x6 modules (border included) of a DICT_4X4_50 marker, 0 black, 255 white."""
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    return cv2.aruco.generateImageMarker(dictionary, marker_id, 6, borderBits=1)


def _paste_marker(image: np.ndarray, g: BoardGeometry, marker_id: int, px_per_mm: float,
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
