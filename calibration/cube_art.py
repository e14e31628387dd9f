"""Draw CubeCourier cubes in perspective: three colours on opposite faces, each face with its
printed symbol, a stack of two, and the marker ring resting on a cube's top.

Used by the synthetic photo renderer (``calibration.synthetic``), which owns the camera: it
passes ``draw_cube`` a projection from world millimetres (x east, y south, z up from the table)
to image pixels and the camera's centre. A face is a textured quad: its texture (the body
colour, a darker rounded rim, faint grain and the symbol in the middle) is drawn at 4x and
area-downsampled, then warped onto the face's corners in the image; only the faces that turn
towards the camera are drawn, sides darker than the top as the light falls on them. The ring
is a flat annulus of ``RING`` lying on the top's four corners (its inner diameter is less than
the top's diagonal), so it hides the corners of the top and never its middle.

May import: numpy, cv2. Nothing from engine, vision or device.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

SUPERSAMPLE = 4

FACE_BGR: dict[str, tuple[int, int, int]] = {
    "black": (34, 32, 31),
    "red": (46, 36, 198),
    "white": (234, 237, 239),
}
"""Body colours (BGR) of the three cube colours (the board file's reference RGB, as a plastic
cube shows them)."""

SYMBOLS = {"black": "circle", "red": "square", "white": "triangle"}
"""The symbol printed on each colour's faces (rules: black ●, red ■, white △)."""

INK_BGR: dict[str, tuple[int, int, int]] = {
    "black": (226, 226, 224),
    "red": (36, 34, 34),
    "white": (40, 38, 38),
}
"""The symbol's ink on each colour: light on black, dark on red and white."""

SYMBOL_SIZE = {"circle": 0.44, "square": 0.38, "triangle": 0.5}
"""Diameter, side or side of each symbol, as a fraction of the face's edge."""


@dataclass(frozen=True)
class Ring:
    """The marker ring: a flat annulus (outer and inner diameter, thickness in mm) and colour."""

    outer_mm: float = 26.0
    inner_mm: float = 20.0
    thick_mm: float = 2.0
    bgr: tuple[int, int, int] = (205, 110, 20)


RING = Ring()

Project = Callable[[np.ndarray], np.ndarray]
"""(N, 3) world mm (z up from the table) -> (N, 2) image pixels."""


@dataclass(frozen=True)
class TableCube:
    """One cube as drawn: colours, where it stands, how it is turned.

    Attributes:
        top: the colour on top. ns: the colour on the faces turned north and south when
            ``angle`` is 0. ew: the colour on the faces turned east and west.
        x_mm, y_mm: centre of its footprint. z_mm: height of its bottom (0 on the table, one
            edge for the upper cube of a stack).
        angle: turn about the vertical, degrees counter-clockwise seen from above.
        edge_mm: edge length.
        ringed: the ring lies on its top.
        seed: small variations (grain).
    """

    top: str
    ns: str
    ew: str
    x_mm: float
    y_mm: float
    z_mm: float = 0.0
    angle: float = 0.0
    edge_mm: float = 18.0
    ringed: bool = False
    seed: int = 0


def check_colours(*colours: str) -> None:
    """Raise ValueError for a colour that is not a cube colour."""
    for colour in colours:
        if colour not in FACE_BGR:
            raise ValueError(f"unknown cube colour {colour!r}: use one of {', '.join(FACE_BGR)}")


def draw_cube(image: np.ndarray, cube: TableCube, project: Project, camera_mm: np.ndarray,
              light_deg: float, ring: Ring = RING) -> None:
    """Draw one cube (and its ring) into a float32 BGR image (0..1), in place.

    Args:
        image: the camera image so far (the board, shadows, cubes farther away).
        cube: the cube.
        project: world mm -> image pixels.
        camera_mm: the camera's centre in world mm (z up), to tell the faces it sees.
        light_deg: direction the light comes from, degrees in the board's x-y plane.
        ring: the ring's look.
    """
    check_colours(cube.top, cube.ns, cube.ew)
    for corners, colour, normal in _faces(cube):
        centre = corners.mean(axis=0)
        if float(np.dot(normal, camera_mm - centre)) <= 0:
            continue
        side_px = _projected_side(project(corners))
        _paste_face(image, _texture(colour, _texture_px(side_px), cube.seed),
                    project(corners), _shade(normal, light_deg))
    if cube.ringed:
        _paste_ring(image, cube, project, ring, light_deg)


def _faces(cube: TableCube) -> list[tuple[np.ndarray, str, np.ndarray]]:
    """(corners (4, 3) in texture order, colour, outward normal) of the five upper faces."""
    a = math.radians(cube.angle)
    u = np.array([math.cos(a), -math.sin(a), 0.0])    # east when angle is 0 (y points south)
    v = np.array([math.sin(a), math.cos(a), 0.0])     # south when angle is 0
    up = np.array([0.0, 0.0, 1.0])
    h = cube.edge_mm / 2
    centre = np.array([cube.x_mm, cube.y_mm, cube.z_mm + h])
    faces = [(centre + up * h, u, v, up, cube.top)]
    for axis, across, colour in ((u, v, cube.ew), (v, u, cube.ns)):
        for sign in (1.0, -1.0):
            faces.append((centre + sign * axis * h, across * sign, -up, sign * axis, colour))
    out = []
    for middle, right, down, normal, colour in faces:
        corners = np.array([middle + (-right - down) * h, middle + (right - down) * h,
                            middle + (right + down) * h, middle + (-right + down) * h])
        out.append((corners, colour, normal))
    return out


def _projected_side(quad: np.ndarray) -> float:
    return float(max(np.linalg.norm(quad[i] - quad[(i + 1) % 4]) for i in range(4)))


def _texture_px(side_px: float) -> int:
    """Texture side: about 1.5 px per image pixel, in steps of 8 (few cached textures)."""
    return int(np.clip(math.ceil(side_px * 1.5 / 8) * 8, 16, 256))


def _shade(normal: np.ndarray, light_deg: float) -> float:
    """Brightness of a face: the top 1, a side between 0.45 (away from the light) and 0.8."""
    if normal[2] > 0.5:
        return 1.0
    towards = np.array([math.cos(math.radians(light_deg)), math.sin(math.radians(light_deg)),
                        0.0])
    return 0.45 + 0.35 * max(0.0, float(np.dot(normal, towards)))


@lru_cache(maxsize=64)
def _texture(colour: str, side: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """(BGR float32 0..1, alpha) of one face: body, rounded rim, grain, symbol."""
    n = side * SUPERSAMPLE
    t = (np.arange(n, dtype=np.float32) + 0.5) / n - 0.5
    x, y = np.meshgrid(t, t)
    edge = 0.5 - np.maximum(np.abs(x), np.abs(y))               # distance to the face's edge
    rim = 1.0 - 0.35 * np.clip(1.0 - edge / 0.07, 0.0, 1.0) ** 2  # rounded cube edges
    body = np.array(FACE_BGR[colour], np.float32) / 255.0
    face = body[None, None, :] * rim[..., None]
    ink = _symbol_mask(SYMBOLS[colour], n)
    colour_ink = np.array(INK_BGR[colour], np.float32) / 255.0
    face = face * (1.0 - ink[..., None]) + colour_ink[None, None, :] * ink[..., None]
    small = cv2.resize(face, (side, side), interpolation=cv2.INTER_AREA)
    rng = np.random.default_rng([seed, side, len(colour)])
    small = small + rng.normal(0.0, 0.008, small.shape).astype(np.float32)
    alpha = np.ones((side, side), np.float32)
    alpha[0, :] = alpha[-1, :] = alpha[:, 0] = alpha[:, -1] = 0.5
    return np.clip(small, 0.0, 1.0), alpha


def _symbol_mask(symbol: str, n: int) -> np.ndarray:
    """Coverage (0..1) of the symbol, centred on an n x n face (drawn at this resolution)."""
    mask = np.zeros((n, n), np.uint8)
    c = n / 2
    size = SYMBOL_SIZE[symbol] * n
    if symbol == "circle":
        cv2.circle(mask, (round(c), round(c)), round(size / 2), 255, -1, cv2.LINE_AA)
    elif symbol == "square":
        h = size / 2
        cv2.rectangle(mask, (round(c - h), round(c - h)), (round(c + h), round(c + h)), 255, -1)
    else:
        r = size / math.sqrt(3)  # circumradius of an equilateral triangle of side ``size``
        pts = [(c + r * math.cos(math.radians(a)), c + r * math.sin(math.radians(a)) + r * 0.1)
               for a in (-90, 30, 150)]
        cv2.fillConvexPoly(mask, np.round(np.array(pts)).astype(np.int32), 255, cv2.LINE_AA)
    return mask.astype(np.float32) / 255.0


def _paste_face(image: np.ndarray, texture: tuple[np.ndarray, np.ndarray], quad: np.ndarray,
                shade: float) -> None:
    """Warp a face texture onto ``quad`` (its TL, TR, BR, BL corners in the image)."""
    colour, alpha = texture
    box = _box(quad, image.shape)
    if box is None:
        return
    x0, y0, x1, y1 = box
    side = alpha.shape[0]
    src = np.float32([[0, 0], [side, 0], [side, side], [0, side]]) - 0.5
    m = cv2.getPerspectiveTransform(src, (quad - [x0, y0]).astype(np.float32) - 0.5)
    size = (x1 - x0, y1 - y0)
    warped = cv2.warpPerspective(colour * shade, m, size, flags=cv2.INTER_LINEAR,
                                 borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    a = cv2.warpPerspective(alpha, m, size, flags=cv2.INTER_LINEAR,
                            borderMode=cv2.BORDER_CONSTANT, borderValue=0)[..., None]
    region = image[y0:y1, x0:x1]
    region[:] = region * (1.0 - a) + warped * a


def _box(points: np.ndarray, shape: Sequence[int]) -> tuple[int, int, int, int] | None:
    """The whole-pixel box around ``points`` (with a pixel to spare), clipped to the image."""
    h, w = shape[:2]
    x0, y0 = np.floor(points.min(axis=0)).astype(int) - 1
    x1, y1 = np.ceil(points.max(axis=0)).astype(int) + 2
    x0, y0, x1, y1 = max(int(x0), 0), max(int(y0), 0), min(int(x1), w), min(int(y1), h)
    return None if x1 <= x0 or y1 <= y0 else (x0, y0, x1, y1)


def ring_points(cube: TableCube, ring: Ring, radius_mm: float, n: int = 48) -> np.ndarray:
    """(n, 3) points on a circle of the ring lying on the cube's top."""
    z = cube.z_mm + cube.edge_mm + ring.thick_mm
    a = np.linspace(0.0, 2 * math.pi, n, endpoint=False)
    return np.column_stack([cube.x_mm + radius_mm * np.cos(a), cube.y_mm + radius_mm * np.sin(a),
                            np.full(n, z)])


def _paste_ring(image: np.ndarray, cube: TableCube, project: Project, ring: Ring,
                light_deg: float) -> None:
    outer = project(ring_points(cube, ring, ring.outer_mm / 2))
    inner = project(ring_points(cube, ring, ring.inner_mm / 2))
    box = _box(outer, image.shape)
    if box is None:
        return
    x0, y0, x1, y1 = box
    k = SUPERSAMPLE
    mask = np.zeros(((y1 - y0) * k, (x1 - x0) * k), np.uint8)
    cv2.fillPoly(mask, [np.round((outer - [x0, y0]) * k).astype(np.int32)], 255, cv2.LINE_AA)
    cv2.fillPoly(mask, [np.round((inner - [x0, y0]) * k).astype(np.int32)], 0, cv2.LINE_AA)
    a = cv2.resize(mask, (x1 - x0, y1 - y0), interpolation=cv2.INTER_AREA)
    a = (a.astype(np.float32) / 255.0)[..., None]
    colour = np.array(ring.bgr, np.float32) / 255.0 * np.float32(0.95)
    region = image[y0:y1, x0:x1]
    region[:] = region * (1.0 - a) + colour[None, None, :] * a


def shadow_polygon(cube: TableCube, light_deg: float) -> list[tuple[float, float]]:
    """The footprint of a cube's shadow on the table in mm: its base joined to its top pushed
    away from the light (a light about 60 degrees high), as the convex hull of both."""
    top = cube.z_mm + cube.edge_mm
    reach = 0.55 * top
    away = math.radians(light_deg + 180.0)
    dx, dy = reach * math.cos(away), reach * math.sin(away)
    a = math.radians(cube.angle)
    c, s = math.cos(a), -math.sin(a)
    h = cube.edge_mm / 2 + 0.6
    base = [(cube.x_mm + c * p - s * q, cube.y_mm + s * p + c * q)
            for p, q in ((-h, -h), (h, -h), (h, h), (-h, h))]
    pts = np.array(base + [(x + dx, y + dy) for x, y in base], np.float32)
    hull = cv2.convexHull(pts).reshape(-1, 2)
    return [(float(x), float(y)) for x, y in hull]
