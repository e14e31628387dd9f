"""Draw one 16 mm pip die seen from above, as a BGR image and an alpha mask.

Used by the synthetic photo renderer (``calibration.synthetic``) and by the dice reader's test
fixtures. The die is drawn at 4x resolution from signed-distance functions (rounded top
face, darker bevel, soft shading, slightly elliptical concave pips) and downsampled with area
averaging, so edges are anti-aliased at every size and rotation.

May import: numpy, cv2. Nothing from engine, vision or device.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

SUPERSAMPLE = 4
"""Drawing happens at this multiple of the output size, then is area-downsampled."""

PIP_OFFSET = 0.27
"""Distance of the off-centre pips from the face centre, as a fraction of the die edge."""

BODY_COLOURS: dict[str, tuple[int, int, int]] = {
    "white": (236, 238, 240),
    "red": (42, 38, 196),
    "cream": (196, 228, 242),
    "translucent-red": (40, 28, 128),
    "black": (34, 32, 32),
    "blue": (160, 84, 24),
    "green": (70, 132, 36),
    "slate": (196, 166, 132),
    "yellow": (52, 204, 238),
}
"""Body colours (BGR) of the supported dice. ``translucent-red`` is a dark see-through red;
black, blue and green are the common dice of a third and fourth player (2 1 6); ``slate`` is
the light slate blue of Bossa's tiles (``calibration.tile_art``), the body of its start dice,
one with white pips and one with black pips; yellow is PlayMe's sixth colour (the
Caterpillar's)."""

PIP_COLOURS: dict[str, tuple[int, int, int]] = {
    "black": (32, 30, 30),
    "white": (242, 242, 242),
    "gold": (60, 170, 210),
    "blue": (150, 60, 30),
}
"""Pip colours (BGR) that ``pip_colour`` may name."""

DEFAULT_PIPS = {"white": "black", "cream": "black", "red": "white", "translucent-red": "white",
                "black": "white", "blue": "white", "green": "white", "slate": "white",
                "yellow": "black"}

PIP_LAYOUTS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.0, 0.0),),
    2: ((-1.0, -1.0), (1.0, 1.0)),
    3: ((-1.0, -1.0), (0.0, 0.0), (1.0, 1.0)),
    4: ((-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)),
    5: ((-1.0, -1.0), (1.0, -1.0), (0.0, 0.0), (-1.0, 1.0), (1.0, 1.0)),
    6: ((-1.0, -1.0), (-1.0, 0.0), (-1.0, 1.0), (1.0, -1.0), (1.0, 0.0), (1.0, 1.0)),
}
"""Pip centres in units of ``PIP_OFFSET`` (u east, v south) on an unrotated face."""

MAX_TILT = 60.0


@dataclass(frozen=True)
class _Style:
    body: np.ndarray          # BGR float, 0..1
    pip: np.ndarray           # BGR float, 0..1
    translucent: bool
    pip_radius: float         # fraction of the edge
    one_radius: float         # radius of the single pip of face 1
    ellipticity: float        # 0 = round pips
    pip_axis: float           # radians, orientation of the pips' long axis
    mirror: bool              # mirrored layout: the 2/3 diagonal and the 6 columns swap
    corner: float             # corner radius, fraction of the edge
    light: float              # radians, direction light comes from, in image coordinates


def draw_die(face: int, colour: str = "white", size_px: int = 64, angle: float = 0.0, *,
             pip_colour: str | None = None, tilt: float = 0.0,
             seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Draw one die seen from above.

    The image is square and the die's footprint is centred in it; the canvas is larger than
    the die (about 1.5x, 1.9x when tilted) so any rotation fits. Pixels outside the die have
    alpha 0.

    Args:
        face: top face, 1..6.
        colour: body colour: ``"white"``, ``"red"``, ``"cream"``, ``"translucent-red"``,
            ``"black"``, ``"blue"``, ``"green"``, ``"slate"`` or ``"yellow"``.
        size_px: die edge length in output pixels (a 16 mm die), 8..400.
        angle: rotation in degrees, counter-clockwise as seen on screen; any value.
        pip_colour: ``"black"``, ``"white"``, ``"gold"`` or ``"blue"``; default black on white,
            cream and yellow dice, white on the others.
        tilt: degrees (0..60) the die leans on an edge (a cocked die); > 0 shows part of a
            side face, foreshortens the top face and draws the footprint centred.
        seed: chooses the small variations (pip size and shape, layout mirror, light).

    Returns:
        ``(bgr, alpha)``: uint8 arrays of shape (n, n, 3) and (n, n).

    Raises:
        ValueError: a face, colour, size or tilt out of range.
    """
    _check_arguments(face, colour, size_px, pip_colour, tilt)
    rng = np.random.default_rng(seed)
    style = _make_style(colour, pip_colour, rng)
    side = canvas_side(size_px, tilt)
    n = side * SUPERSAMPLE
    x, y = _canvas_coordinates(n, size_px * SUPERSAMPLE)
    u, v = _rotate(x, y, angle)
    colour_acc, alpha = _draw_footprint(face, u, v, x, y, tilt, style, rng)
    return _downsample(colour_acc, alpha, side, rng)


def canvas_side(size_px: int, tilt: float = 0.0) -> int:
    """Side in pixels of the square image ``draw_die`` returns for this size and tilt."""
    factor = 1.5 if tilt <= 0 else 1.9
    return math.ceil(size_px * factor) + 2


def paste_die(image_bgr: np.ndarray, die_bgr: np.ndarray, alpha: np.ndarray,
              centre: tuple[float, float]) -> None:
    """Alpha-composite a drawn die onto an image in place, centred at ``(x, y)`` pixels.

    Parts falling outside the image are clipped. The centre is rounded to whole pixels.
    """
    h, w = alpha.shape
    x0 = round(centre[0] - w / 2)
    y0 = round(centre[1] - h / 2)
    dx0, dy0 = max(0, x0), max(0, y0)
    dx1, dy1 = min(image_bgr.shape[1], x0 + w), min(image_bgr.shape[0], y0 + h)
    if dx1 <= dx0 or dy1 <= dy0:
        return
    a = alpha[dy0 - y0:dy1 - y0, dx0 - x0:dx1 - x0, None].astype(np.float32) / 255.0
    src = die_bgr[dy0 - y0:dy1 - y0, dx0 - x0:dx1 - x0].astype(np.float32)
    dst = image_bgr[dy0:dy1, dx0:dx1].astype(np.float32)
    image_bgr[dy0:dy1, dx0:dx1] = np.clip(src * a + dst * (1 - a) + 0.5, 0, 255).astype(np.uint8)


def _check_arguments(face: int, colour: str, size_px: int, pip_colour: str | None,
                     tilt: float) -> None:
    if face not in PIP_LAYOUTS:
        raise ValueError(f"face must be 1..6, got {face!r}")
    if colour not in BODY_COLOURS:
        raise ValueError(f"unknown die colour {colour!r}: use one of {', '.join(BODY_COLOURS)}")
    if pip_colour is not None and pip_colour not in PIP_COLOURS:
        raise ValueError(f"unknown pip colour {pip_colour!r}: use one of "
                         f"{', '.join(PIP_COLOURS)}")
    if not 8 <= size_px <= 400:
        raise ValueError(f"size_px must be 8..400 pixels, got {size_px}")
    if not 0 <= tilt <= MAX_TILT:
        raise ValueError(f"tilt must be 0..{MAX_TILT:g} degrees, got {tilt}")


def _bgr01(bgr: tuple[int, int, int]) -> np.ndarray:
    return np.array(bgr, dtype=np.float32) / 255.0


def _make_style(colour: str, pip_colour: str | None, rng: np.random.Generator) -> _Style:
    body = _bgr01(BODY_COLOURS[colour]) * np.float32(rng.uniform(0.97, 1.02))
    pip = _bgr01(PIP_COLOURS[pip_colour or DEFAULT_PIPS[colour]])
    radius = float(rng.uniform(0.080, 0.092))
    big_one = colour in ("white", "cream")
    return _Style(body=np.clip(body, 0, 1), pip=pip, translucent=colour == "translucent-red",
                  pip_radius=radius, one_radius=radius * (1.45 if big_one else 1.15),
                  ellipticity=float(rng.uniform(0.03, 0.09)),
                  pip_axis=float(rng.uniform(0, math.pi)), mirror=bool(rng.integers(2)),
                  corner=float(rng.uniform(0.12, 0.17)),
                  light=float(rng.uniform(-2.6, -2.0)))


def _canvas_coordinates(n: int, edge_px: float) -> tuple[np.ndarray, np.ndarray]:
    """Pixel centres of an n x n canvas, relative to its centre, in units of the die edge."""
    t = (np.arange(n, dtype=np.float32) + 0.5 - n / 2) / np.float32(edge_px)
    return t[None, :].repeat(n, 0), t[:, None].repeat(n, 1)


def _rotate(x: np.ndarray, y: np.ndarray, angle: float) -> tuple[np.ndarray, np.ndarray]:
    """Image coordinates -> die coordinates for a die turned ``angle`` degrees on screen."""
    a = math.radians(angle)
    c, s = np.float32(math.cos(a)), np.float32(math.sin(a))
    # y grows downwards, so a counter-clockwise turn on screen is clockwise in (x, y) maths.
    return c * x - s * y, s * x + c * y


def _rounded_square_sdf(u: np.ndarray, v: np.ndarray, corner: float) -> np.ndarray:
    """Signed distance (edge units) to a unit square with rounded corners; < 0 inside."""
    half = 0.5 - corner
    qx, qy = np.abs(u) - half, np.abs(v) - half
    outside = np.hypot(np.maximum(qx, 0), np.maximum(qy, 0))
    return outside + np.minimum(np.maximum(qx, qy), 0) - corner


def _coverage(sdf: np.ndarray, px_per_edge: float) -> np.ndarray:
    """Fraction of a supersampled pixel inside the shape (a one-pixel soft edge)."""
    return np.clip(0.5 - sdf * px_per_edge, 0.0, 1.0)


def _draw_footprint(face: int, u: np.ndarray, v: np.ndarray, x: np.ndarray, y: np.ndarray,
                    tilt: float, style: _Style,
                    rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """Premultiplied colour and alpha of the top face and, for a tilted die, one side face."""
    px_per_edge = 1.0 / float(abs(x[0, 1] - x[0, 0]))
    lit = _light(x, y, style.light)
    if tilt <= 0:
        return _draw_face(face, u, v, 1.0, lit, style, px_per_edge, 1.0)
    t = math.radians(tilt)
    top_h, side_h = math.cos(t), math.sin(t)
    top_centre = -(top_h + side_h) / 2 + top_h / 2
    side_centre = top_centre + top_h / 2 + side_h / 2
    top_col, top_a = _draw_face(face, u, (v - top_centre) / top_h, top_h, lit, style,
                                px_per_edge, 1.0)
    side_face = _side_face_value(face, rng)
    side_col, side_a = _draw_face(side_face, u, (v - side_centre) / side_h, side_h, lit, style,
                                  px_per_edge, 0.62)
    alpha = np.maximum(top_a, side_a)
    colour = top_col + side_col * (1.0 - top_a)[..., None]
    return colour, alpha


def _side_face_value(face: int, rng: np.random.Generator) -> int:
    choices = [f for f in range(1, 7) if f not in (face, 7 - face)]
    return int(rng.choice(choices))


def _light(x: np.ndarray, y: np.ndarray, light: float) -> np.ndarray:
    """Soft shading: brighter towards the light, fixed in image space (not turning with the die)."""
    lx, ly = math.cos(light), math.sin(light)
    return (1.0 + 0.07 * (x * lx + y * ly)).astype(np.float32)


def _draw_face(face: int, u: np.ndarray, w: np.ndarray, squash: float, lit: np.ndarray,
               style: _Style, px_per_edge: float,
               brightness: float) -> tuple[np.ndarray, np.ndarray]:
    """One face: body with bevel and shading, then pips. ``w`` is the face's own v axis."""
    sdf = _rounded_square_sdf(u, w, style.corner)
    alpha = _coverage(sdf * squash, px_per_edge)
    depth = np.clip(-sdf, 0.0, None)
    bevel = 1.0 - 0.28 * np.clip(1.0 - depth / 0.07, 0.0, 1.0) ** 2
    shade = (bevel * lit * brightness)[..., None]
    body = style.body[None, None, :] * shade
    if style.translucent:
        glow = np.clip(1.0 - depth / 0.25, 0.0, 1.0)[..., None]
        body = body * (1.0 + 0.55 * glow) + np.float32(0.04) * glow
    pips = _pip_mask(face, u, w, squash, style, px_per_edge)
    pip_shade = (lit * brightness * (0.9 + 0.1 * bevel))[..., None]
    colour = body * (1 - pips[..., None]) + style.pip[None, None, :] * pip_shade * pips[..., None]
    colour = np.clip(colour, 0.0, 1.0)
    return colour * alpha[..., None], alpha


def _pip_mask(face: int, u: np.ndarray, w: np.ndarray, squash: float, style: _Style,
              px_per_edge: float) -> np.ndarray:
    """Coverage of the pips: slightly elliptical discs at the standard layout positions."""
    mask = np.zeros(u.shape, dtype=np.float32)
    radius = style.one_radius if face == 1 else style.pip_radius
    ca, sa = math.cos(style.pip_axis), math.sin(style.pip_axis)
    for pu, pv in PIP_LAYOUTS[face]:
        if style.mirror:
            pu = -pu
        du, dv = u - pu * PIP_OFFSET, w - pv * PIP_OFFSET
        a = (du * ca + dv * sa) / (1 + style.ellipticity)
        b = (-du * sa + dv * ca) / (1 - style.ellipticity)
        sdf = np.hypot(a, b) - radius
        mask = np.maximum(mask, _coverage(sdf * squash, px_per_edge))
    return mask


def _downsample(colour: np.ndarray, alpha: np.ndarray, side: int,
                rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """Area-average to the output size, un-premultiply, add faint surface grain."""
    small_c = cv2.resize(colour, (side, side), interpolation=cv2.INTER_AREA)
    small_a = cv2.resize(alpha, (side, side), interpolation=cv2.INTER_AREA)
    safe = np.maximum(small_a, 1e-4)[..., None]
    bgr = small_c / safe
    grain = rng.normal(0.0, 0.006, size=bgr.shape).astype(np.float32)
    bgr = np.where(small_a[..., None] > 0, bgr + grain, 0.0)
    bgr8 = np.clip(bgr * 255.0 + 0.5, 0, 255).astype(np.uint8)
    alpha8 = np.clip(small_a * 255.0 + 0.5, 0, 255).astype(np.uint8)
    return bgr8, alpha8
