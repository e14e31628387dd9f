"""Draw one dot tile, a tile's back or a round action token seen from above, as a BGR image
and an alpha mask (Bossa's pieces; the renderer ``calibration.synthetic`` lays them).

A dot tile is a die face on a thin square tile: ``white`` white pips and ``black`` black pips
(``1 <= white + black <= 6``) at the pip places of a die showing ``white + black``
(``dice_art.PIP_LAYOUTS``), the first ``white`` of those places, in that table's order, white
and the rest black (so ``W3B3`` has its left column white, ``W2B2`` its top row). The body is a
light slate blue, between the white and the black pips in lightness so both stand out, and
away from skin's colours. A tile lying face down shows its plain dark green back. An action
token is a disc: face up yellow with a dark letter (R, E, S), face down the same green as a
tile's back. Drawn like ``dice_art``: at ``SUPERSAMPLE`` times the size from signed-distance
functions, then area-downsampled, so every size and rotation is anti-aliased.

May import: numpy, cv2, calibration.dice_art. Nothing from engine, vision or device.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from calibration.dice_art import BODY_COLOURS, PIP_COLOURS, PIP_LAYOUTS, PIP_OFFSET, SUPERSAMPLE

TILE_BODY = BODY_COLOURS["slate"]
"""BGR of a tile's face (and of the start dice's body): a light slate blue."""
TILE_BACK = (70, 112, 52)
"""BGR of a tile's back and a used token's back: dark green."""
TOKEN_FACE = (40, 200, 235)
"""BGR of an unused action token's face: yellow."""
TOKEN_INK = (40, 40, 40)
PIP_RADIUS = 0.088
"""Pip radius as a fraction of the tile edge (a die's pips)."""
CORNER = 0.1
"""Corner radius of a tile, as a fraction of its edge."""


def white_places(white: int, black: int) -> tuple[tuple[tuple[float, float], ...],
                                                  tuple[tuple[float, float], ...]]:
    """(the white pips' places, the black pips' places) in ``PIP_OFFSET`` units: the pip
    places of a die face of ``white + black``, the first ``white`` white.

    Raises:
        ValueError: not a tile (``1 <= white + black <= 6``, neither negative).
    """
    if white < 0 or black < 0 or not 1 <= white + black <= 6:
        raise ValueError(f"no tile has {white} white and {black} black pips: 1 to 6 in all")
    places = PIP_LAYOUTS[white + black]
    return places[:white], places[white:]


def draw_tile(white: int, black: int, size_px: int = 64, angle: float = 0.0, *,
              seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """A dot tile face up (see the module docstring).

    Args:
        white, black: its pips of each colour.
        size_px: the tile's edge in output pixels, 8..400.
        angle: rotation in degrees, counter-clockwise on screen.
        seed: the small variations (pip size, shading, grain).

    Returns:
        ``(bgr, alpha)`` uint8 arrays, square, the tile centred (``canvas_side`` wide).
    """
    whites, blacks = white_places(white, black)
    return _draw(size_px, angle, seed, TILE_BODY, ((whites, "white"), (blacks, "black")))


def draw_back(size_px: int = 64, angle: float = 0.0, *,
              seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """A tile lying face down: its plain green back."""
    return _draw(size_px, angle, seed, TILE_BACK, ())


def draw_token(letter: str, up: bool, size_px: int = 64, angle: float = 0.0, *,
               seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """An action token of diameter ``size_px``: face up yellow with ``letter``, face down
    green."""
    _check_size(size_px)
    rng = np.random.default_rng(seed)
    side = canvas_side(size_px)
    n = side * SUPERSAMPLE
    x, y = _coordinates(n, size_px * SUPERSAMPLE)
    disc = np.hypot(x, y) - 0.5
    alpha = np.clip(0.5 - disc * size_px * SUPERSAMPLE, 0.0, 1.0)
    body = _bgr01(TOKEN_FACE if up else TILE_BACK)
    shade = _shading(x, y, np.clip(-disc, 0.0, None), rng)
    colour = body[None, None, :] * shade[..., None]
    if up:
        ink = _letter_mask(letter, n, size_px * SUPERSAMPLE, angle)
        colour = colour * (1 - ink[..., None]) + _bgr01(TOKEN_INK)[None, None, :] * ink[..., None]
    return _downsample(np.clip(colour, 0, 1) * alpha[..., None], alpha, side, rng)


def canvas_side(size_px: int) -> int:
    """Side of the square image the drawing functions return for an edge of ``size_px``."""
    return math.ceil(size_px * 1.5) + 2


def _check_size(size_px: int) -> None:
    if not 8 <= size_px <= 400:
        raise ValueError(f"size_px must be 8..400 pixels, got {size_px}")


def _draw(size_px: int, angle: float, seed: int, body_bgr: tuple[int, int, int],
          pips: tuple[tuple[tuple[tuple[float, float], ...], str], ...]
          ) -> tuple[np.ndarray, np.ndarray]:
    _check_size(size_px)
    rng = np.random.default_rng(seed)
    side = canvas_side(size_px)
    n = side * SUPERSAMPLE
    x, y = _coordinates(n, size_px * SUPERSAMPLE)
    u, v = _rotate(x, y, angle)
    half = 0.5 - CORNER
    qx, qy = np.abs(u) - half, np.abs(v) - half
    sdf = np.hypot(np.maximum(qx, 0), np.maximum(qy, 0)) + np.minimum(np.maximum(qx, qy), 0) \
        - CORNER
    alpha = np.clip(0.5 - sdf * size_px * SUPERSAMPLE, 0.0, 1.0)
    body = _bgr01(body_bgr) * np.float32(rng.uniform(0.97, 1.02))
    colour = body[None, None, :] * _shading(x, y, np.clip(-sdf, 0.0, None), rng)[..., None]
    radius = float(rng.uniform(0.92, 1.05)) * PIP_RADIUS
    for places, name in pips:
        mask = _pips(places, u, v, radius, size_px * SUPERSAMPLE)
        pip = _bgr01(PIP_COLOURS[name])[None, None, :]
        colour = colour * (1 - mask[..., None]) + pip * mask[..., None]
    return _downsample(np.clip(colour, 0, 1) * alpha[..., None], alpha, side, rng)


def _bgr01(bgr: tuple[int, int, int]) -> np.ndarray:
    return np.array(bgr, dtype=np.float32) / 255.0


def _coordinates(n: int, edge_px: float) -> tuple[np.ndarray, np.ndarray]:
    """Pixel centres of an n x n canvas relative to its centre, in units of the edge."""
    t = (np.arange(n, dtype=np.float32) + 0.5 - n / 2) / np.float32(edge_px)
    return t[None, :].repeat(n, 0), t[:, None].repeat(n, 1)


def _rotate(x: np.ndarray, y: np.ndarray, angle: float) -> tuple[np.ndarray, np.ndarray]:
    a = math.radians(angle)
    c, s = np.float32(math.cos(a)), np.float32(math.sin(a))
    return c * x - s * y, s * x + c * y


def _shading(x: np.ndarray, y: np.ndarray, depth: np.ndarray,
             rng: np.random.Generator) -> np.ndarray:
    """A bevelled rim and light from one side, fixed in image space."""
    light = float(rng.uniform(-2.6, -2.0))
    lit = 1.0 + 0.06 * (x * math.cos(light) + y * math.sin(light))
    bevel = 1.0 - 0.22 * np.clip(1.0 - depth / 0.05, 0.0, 1.0) ** 2
    shade: np.ndarray = (lit * bevel).astype(np.float32)
    return shade


def _pips(places: tuple[tuple[float, float], ...], u: np.ndarray, v: np.ndarray,
          radius: float, px_per_edge: float) -> np.ndarray:
    mask = np.zeros(u.shape, np.float32)
    for pu, pv in places:
        sdf = np.hypot(u - pu * PIP_OFFSET, v - pv * PIP_OFFSET) - radius
        mask = np.maximum(mask, np.clip(0.5 - sdf * px_per_edge, 0.0, 1.0))
    return mask


def _letter_mask(letter: str, n: int, edge_px: float, angle: float) -> np.ndarray:
    """Coverage of a letter drawn upright at the token's centre, then turned by ``angle``."""
    canvas = np.zeros((n, n), np.float32)
    scale = edge_px / 40.0
    thickness = max(1, round(edge_px / 14))
    (w, h), _ = cv2.getTextSize(letter, cv2.FONT_HERSHEY_SIMPLEX, scale, thickness)
    origin = (round(n / 2 - w / 2), round(n / 2 + h / 2))
    cv2.putText(canvas, letter, origin, cv2.FONT_HERSHEY_SIMPLEX, scale, 1.0, thickness,
                cv2.LINE_AA)
    turn = cv2.getRotationMatrix2D((n / 2, n / 2), angle, 1.0)
    return cv2.warpAffine(canvas, turn, (n, n), flags=cv2.INTER_LINEAR)


def _downsample(colour: np.ndarray, alpha: np.ndarray, side: int,
                rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """Area-average to the output size, un-premultiply, add faint grain."""
    small_c = cv2.resize(colour, (side, side), interpolation=cv2.INTER_AREA)
    small_a = cv2.resize(alpha, (side, side), interpolation=cv2.INTER_AREA)
    bgr = small_c / np.maximum(small_a, 1e-4)[..., None]
    grain = rng.normal(0.0, 0.006, size=bgr.shape).astype(np.float32)
    bgr = np.where(small_a[..., None] > 0, bgr + grain, 0.0)
    bgr8 = np.clip(bgr * 255.0 + 0.5, 0, 255).astype(np.uint8)
    alpha8 = np.clip(small_a * 255.0 + 0.5, 0, 255).astype(np.uint8)
    return bgr8, alpha8
