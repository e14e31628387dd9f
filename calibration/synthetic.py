"""Render realistic synthetic top-down photos of a printed board with dice or cubes on it.

A ``Scene`` says what is on the table (grid faces, the red die's cell, loose dice such as the
push die, CubeCourier cubes, a hand, covered markers, shadows of things out of view) and how it
is photographed (camera pose, light and its colour temperature, noise, blur, JPEG quality,
output size). ``render_scene(scene, seed=...)`` turns it into a BGR photo:

1. the world plane (table texture, the printed board from ``board_art``, marker ink written
   on it from ``ink_art``, drop shadows) is drawn in board millimetres and warped into the
   camera with a plane homography;
2. the dice are drawn with ``dice_art`` on a layer 16 mm above the board (their top faces),
   plus darker copies at lower heights that show the sides a perspective camera sees;
   cubes are drawn face by face in perspective with ``cube_art`` (farthest first), and the
   shadows of things out of view (``Shadow``) darken the board and the cubes under them; dot
   tiles and action tokens (``tile_art``, Bossa) the same way as dice at their thickness,
   lowest first and before the dice (a scene without them renders as before);
3. a hand (arm, palm, fingers) is drawn on a plane above the dice;
4. uneven light (tinted by its colour temperature when it has one), sensor noise, Gaussian
   blur and a JPEG round trip finish the photo.

A scene without cubes, shadows or a colour temperature renders exactly as before they existed.

The layout of a scene (die jitter and rotation, the table texture) comes from the scene's own
``layout_seed`` / ``table_seed``, so a recorded session keeps its dice still between frames;
``seed`` only changes sensor noise. Seeded ``numpy.random.Generator`` only.

May import: calibration.dice_art, calibration.cube_art, calibration.board_art,
calibration.ink_art, calibration.tile_art, engine (the layout, cells), numpy, cv2.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import lru_cache

import cv2
import numpy as np

from calibration.board_art import draw_board
from calibration.cube_art import RING, TableCube, draw_cube, shadow_polygon
from calibration.dice_art import draw_die
from calibration.ink_art import Ink, draw_ink
from calibration.tile_art import draw_back, draw_tile, draw_token
from engine.layout import Layout
from engine.table import Cell

PAPER_MARGIN_MM = (20.0, 30.0, 20.0, 60.0)  # A4 paper around the board square: W, N, E, S
DICE_PAD_MM = 30.0                          # dice may lie this far outside the board square
OVERSAMPLE = 1.5                            # world raster px per output px near the board


@dataclass(frozen=True)
class Die:
    """One die on the table.

    Attributes:
        face: top face 1..6.
        colour: a ``dice_art`` body colour (``"white"``, ``"red"``, ``"cream"``, ...).
        x_mm, y_mm: centre in board millimetres (origin: the board square's NW corner).
        angle: rotation in degrees.
        tilt: degrees the die leans (a cocked die); 0 lies flat.
        motion_mm: length of motion blur (a die sliding or rolling); 0 is still.
        motion_angle: direction of the motion, degrees.
        style_seed: small variations of the drawn die (pip shape).
        pip_colour: a ``dice_art`` pip colour; None: the body's usual one (Bossa's start dice
            are ``"slate"`` dice with ``"white"`` or ``"black"`` pips).
    """

    face: int
    colour: str = "white"
    x_mm: float = 0.0
    y_mm: float = 0.0
    angle: float = 0.0
    tilt: float = 0.0
    motion_mm: float = 0.0
    motion_angle: float = 0.0
    style_seed: int = 0
    pip_colour: str | None = None


@dataclass(frozen=True)
class Tile:
    """A dot tile (``calibration.tile_art``) lying on the table, its edge the board's item size.

    Attributes:
        white, black: its white and black pips.
        x_mm, y_mm: centre in board millimetres; angle: rotation in degrees.
        face_up: False shows its plain back.
        level: 0 on the board, 1 on another tile (a Stack's layer), ...
        style_seed: small variations of the drawn tile.
    """

    white: int
    black: int
    x_mm: float = 0.0
    y_mm: float = 0.0
    angle: float = 0.0
    face_up: bool = True
    level: int = 0
    style_seed: int = 0


@dataclass(frozen=True)
class Token:
    """A round action token (``calibration.tile_art.draw_token``) lying on the table.

    Attributes:
        letter: printed on its face; up: face up (unused) or down.
        x_mm, y_mm: centre in board millimetres; angle: rotation in degrees.
    """

    letter: str
    up: bool = True
    x_mm: float = 0.0
    y_mm: float = 0.0
    angle: float = 0.0
    style_seed: int = 0


@dataclass(frozen=True)
class Pose:
    """Camera pose above the board.

    Attributes:
        height_mm: camera height above the table.
        fov_deg: horizontal field of view.
        pitch_deg, yaw_deg: tilt of the camera away from straight down.
        roll_deg: rotation about the optical axis (the board turns in the image).
        target_mm: where the optical axis meets the table, in board mm (default: board centre).
    """

    height_mm: float = 400.0
    fov_deg: float = 38.0
    pitch_deg: float = 0.0
    yaw_deg: float = 0.0
    roll_deg: float = 0.0
    target_mm: tuple[float, float] = (85.0, 85.0)


@dataclass(frozen=True)
class Light:
    """Illumination: overall level, a linear gradient, vignetting and a colour cast.

    Attributes:
        brightness: 1.0 is a well-lit table; 0.45 is dim.
        gradient: relative change of light across the frame (0.3 = 30 %).
        gradient_angle: direction the light comes from, degrees in the image.
        vignette: darkening at the frame corners (0..0.6).
        tint: BGR gains (warm light has more red than blue).
        kelvin: the light's colour temperature (2700 a warm bulb .. 6500 daylight), seen by a
            camera whose white balance is fixed at ``CAMERA_WHITE_K``; its gains multiply
            ``tint``. None: ``tint`` alone.
    """

    brightness: float = 1.0
    gradient: float = 0.2
    gradient_angle: float = 225.0
    vignette: float = 0.25
    tint: tuple[float, float, float] = (0.96, 1.0, 1.03)
    kelvin: float | None = None


CAMERA_WHITE_K = 4500.0
"""The colour temperature the camera's fixed white balance renders as neutral."""


@dataclass(frozen=True)
class Shadow:
    """The soft shadow of something out of view (a lamp arm, a player leaning over): an
    ellipse on the board that darkens the paper and the cubes under it.

    Attributes:
        x_mm, y_mm: centre; rx_mm, ry_mm: half axes; angle: degrees.
        depth: the share of the light it takes away at its middle (0..0.8).
        soft_mm: the width of its blurred edge.
    """

    x_mm: float
    y_mm: float
    rx_mm: float
    ry_mm: float
    angle: float = 0.0
    depth: float = 0.4
    soft_mm: float = 12.0


@dataclass(frozen=True)
class Hand:
    """A hand above the board: palm centre in board mm, arm coming in from ``from_angle``.

    Attributes:
        x_mm, y_mm: palm centre in board millimetres.
        from_angle: direction (degrees, image convention: 90 = from the south edge) the arm
            comes from.
        height_mm: height of the hand above the table.
        spread: 0 closed fingers, 1 spread.
        skin: BGR skin colour.
        motion_mm: motion blur length of a moving hand.
    """

    x_mm: float = 85.0
    y_mm: float = 120.0
    from_angle: float = 90.0
    height_mm: float = 60.0
    spread: float = 0.4
    skin: tuple[int, int, int] = (120, 150, 205)
    motion_mm: float = 0.0


@dataclass(frozen=True)
class FlatTile:
    """A flat card tile lying on the board (PlayMe's round tile): a rectangle of one colour.

    Attributes:
        colour: ``"white"`` (a white card, lighter than the printed paper) or ``"green"``.
        x_mm, y_mm: centre in board millimetres; w_mm, h_mm: its size.
    """

    colour: str
    x_mm: float
    y_mm: float
    w_mm: float = 50.0
    h_mm: float = 30.0


TILE_BGR = {"white": (1.0, 1.0, 1.0), "green": (0.30, 0.55, 0.16)}
"""Body colours (BGR, 0..1) of the flat tiles ``FlatTile`` may have."""


@dataclass(frozen=True)
class Scene:
    """Everything needed to render one photo.

    Attributes:
        board: the printed board (a game's ``Layout``): markers, grid, zones, labels.
        grid: faces row by row (north to south, west to east); None for an empty cell.
        red_cell: (r, c) of the red die, or None when the grid has no red die.
        loose: dice outside the grid (the push die, dice waiting to be placed).
        grid_overrides: (r, c) -> an explicit ``Die`` for that cell (exact place, angle, tilt,
            motion); its face and colour win over ``grid``/``red_cell``.
        grid_jitter_mm: how far auto-placed grid dice stray from their cell centre.
        layout_seed: chooses the jitter and rotation of auto-placed grid dice.
        white: body colour of the white dice (``"white"`` or ``"cream"``).
        red: body colour of the red die (``"red"`` or ``"translucent-red"``).
        pose, light, hand: see ``Pose``, ``Light``, ``Hand``.
        cubes: CubeCourier cubes (``cube_art.TableCube``; a stack is two, the upper one at
            one edge's height).
        shadows: shadows of things out of view (``Shadow``).
        covered_markers: ids of markers hidden under an object (a notebook).
        ink: marker ink written on the board (``calibration.ink_art.Ink``: a digit, an X,
            hatching, a tick), drawn on the paper under the dice; none by default.
        table: ``"wood"`` or ``"cloth"``; table_seed: its texture.
        noise: sensor noise standard deviation (grey levels at full light).
        blur: Gaussian blur sigma in output pixels.
        jpeg_quality: 1..100; 0 skips the JPEG round trip.
        size: output (width, height).
        tiles: dot tiles on the table (Bossa); tokens: action tokens on it.
        flat_tiles: flat tiles lying on the board (PlayMe's round tile: drawn on the paper,
            under dice and hands).
    """

    board: Layout
    grid: tuple[tuple[int | None, ...], ...] = ()
    red_cell: tuple[int, int] | None = None
    loose: tuple[Die, ...] = ()
    grid_overrides: dict[tuple[int, int], Die] = field(default_factory=dict)
    grid_jitter_mm: float = 2.0
    layout_seed: int = 0
    white: str = "white"
    red: str = "red"
    pose: Pose = Pose()
    light: Light = Light()
    hand: Hand | None = None
    cubes: tuple[TableCube, ...] = ()
    shadows: tuple[Shadow, ...] = ()
    covered_markers: tuple[int, ...] = ()
    ink: tuple[Ink, ...] = ()
    table: str = "wood"
    table_seed: int = 0
    noise: float = 3.0
    blur: float = 0.6
    jpeg_quality: int = 85
    size: tuple[int, int] = (640, 480)
    tiles: tuple[Tile, ...] = ()
    tokens: tuple[Token, ...] = ()
    flat_tiles: tuple[FlatTile, ...] = ()

    def grid_dice(self) -> dict[tuple[int, int], Die]:
        """The die drawn on each occupied cell, with its place and rotation."""
        dice = {}
        for r, row in enumerate(self.grid):
            for c, face in enumerate(row):
                if (r, c) in self.grid_overrides:
                    dice[(r, c)] = self.grid_overrides[(r, c)]
                elif face is not None:
                    dice[(r, c)] = self._placed(r, c, face)
        return dice

    def all_dice(self) -> list[Die]:
        """Every die to draw: the grid, then the loose dice."""
        return list(self.grid_dice().values()) + list(self.loose)

    def _placed(self, r: int, c: int, face: int) -> Die:
        rng = np.random.default_rng([self.layout_seed, r, c])
        cx, cy = self.board.cell_centre_mm(Cell(r, c))
        dx, dy = rng.uniform(-self.grid_jitter_mm, self.grid_jitter_mm, 2)
        colour = self.red if (r, c) == self.red_cell else self.white
        return Die(face=face, colour=colour, x_mm=cx + float(dx), y_mm=cy + float(dy),
                   angle=float(rng.uniform(-25, 25)), style_seed=int(rng.integers(1000)))


# --------------------------------------------------------------------------- camera model


@dataclass(frozen=True)
class Camera:
    """A pinhole camera: intrinsics K, world-to-camera rotation R and centre C (world mm).

    World axes: x east, y south, z down into the table (right-handed); heights above the table
    are negative z.
    """

    K: np.ndarray
    R: np.ndarray
    C: np.ndarray
    size: tuple[int, int]

    def plane_homography(self, height_mm: float = 0.0) -> np.ndarray:
        """3x3 map from board mm on the plane ``height_mm`` above the table to image pixels."""
        t = -self.R @ self.C
        third = self.R[:, 2] * (-height_mm) + t
        h = self.K @ np.column_stack([self.R[:, 0], self.R[:, 1], third])
        return h / h[2, 2]

    def project(self, points_mm: np.ndarray, height_mm: float = 0.0) -> np.ndarray:
        """(N, 2) board mm on a plane at ``height_mm`` -> (N, 2) image pixels."""
        pts = np.asarray(points_mm, dtype=np.float64).reshape(-1, 1, 2)
        return cv2.perspectiveTransform(pts, self.plane_homography(height_mm)).reshape(-1, 2)


def make_camera(pose: Pose, size: tuple[int, int]) -> Camera:
    """Build the camera of a pose for an output size."""
    w, h = size
    f = (w / 2) / math.tan(math.radians(pose.fov_deg) / 2)
    k = np.array([[f, 0, w / 2], [0, f, h / 2], [0, 0, 1]], dtype=np.float64)
    r_wc = _rot_z(pose.roll_deg) @ _rot_x(pose.pitch_deg) @ _rot_y(pose.yaw_deg)
    axis = r_wc @ np.array([0.0, 0.0, 1.0])
    distance = pose.height_mm / max(axis[2], 0.2)
    target = np.array([pose.target_mm[0], pose.target_mm[1], 0.0])
    return Camera(K=k, R=r_wc.T, C=target - distance * axis, size=size)


def _rot_x(deg: float) -> np.ndarray:
    a = math.radians(deg)
    return np.array([[1, 0, 0], [0, math.cos(a), -math.sin(a)], [0, math.sin(a), math.cos(a)]])


def _rot_y(deg: float) -> np.ndarray:
    a = math.radians(deg)
    return np.array([[math.cos(a), 0, math.sin(a)], [0, 1, 0], [-math.sin(a), 0, math.cos(a)]])


def _rot_z(deg: float) -> np.ndarray:
    a = math.radians(deg)
    return np.array([[math.cos(a), -math.sin(a), 0], [math.sin(a), math.cos(a), 0], [0, 0, 1]])


# --------------------------------------------------------------------------- world rasters


@dataclass(frozen=True)
class Raster:
    """A raster of the world plane: ``px_per_mm`` and the mm of its top-left pixel corner."""

    px_per_mm: float
    x0_mm: float
    y0_mm: float
    width: int
    height: int

    def to_px(self, x_mm: float, y_mm: float) -> tuple[float, float]:
        return ((x_mm - self.x0_mm) * self.px_per_mm, (y_mm - self.y0_mm) * self.px_per_mm)

    def coarse(self, factor: int) -> Raster:
        """The same world area at ``1 / factor`` of the resolution (for soft layers)."""
        return Raster(self.px_per_mm / factor, self.x0_mm, self.y0_mm,
                      math.ceil(self.width / factor), math.ceil(self.height / factor))

    def px_to_mm_matrix(self) -> np.ndarray:
        """Raster pixel centres -> world mm, as a 3x3 matrix for homographies."""
        s = 1.0 / self.px_per_mm
        return np.array([[s, 0, self.x0_mm + 0.5 * s], [0, s, self.y0_mm + 0.5 * s], [0, 0, 1]])


def world_raster(camera: Camera) -> Raster:
    """The part of the table the camera sees, at a scale a little finer than the output's."""
    w, h = camera.size
    corners = np.array([[0, 0], [w, 0], [w, h], [0, h]], dtype=np.float64)
    inv = np.linalg.inv(camera.plane_homography(0.0))
    mm = cv2.perspectiveTransform(corners.reshape(-1, 1, 2), inv).reshape(-1, 2)
    x0, y0 = np.clip(mm.min(axis=0) - 5, -400, 400)
    x1, y1 = np.clip(mm.max(axis=0) + 5, -230, 570)
    centre = camera.project(np.array([[85.0, 85.0], [95.0, 85.0]]))
    out_px_per_mm = float(np.linalg.norm(centre[1] - centre[0])) / 10.0
    s = float(np.clip(out_px_per_mm * OVERSAMPLE, 2.0, 9.0))
    return Raster(s, float(x0), float(y0), math.ceil((x1 - x0) * s),
                  math.ceil((y1 - y0) * s))


def warp_to_camera(layer: np.ndarray, raster: Raster, camera: Camera, height_mm: float = 0.0,
                   roi: tuple[int, int, int, int] | None = None) -> np.ndarray:
    """Warp a world raster (float32, up to 4 channels) into the camera image.

    Args:
        roi: (x, y, w, h) of the image to produce (default: the whole image).
    """
    x, y, w, h = roi if roi is not None else (0, 0, *camera.size)
    shift = np.array([[1, 0, -x], [0, 1, -y], [0, 0, 1]], dtype=np.float64)
    m = shift @ camera.plane_homography(height_mm) @ raster.px_to_mm_matrix()
    return cv2.warpPerspective(layer, m, (w, h), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_CONSTANT if roi else cv2.BORDER_REPLICATE)


def board_roi(camera: Camera, board: Layout, pad_mm: float = 30.0) -> tuple[int, int, int, int]:
    """The image rectangle holding everything up to an item's height above the board square
    (+ pad)."""
    lo, hi = -pad_mm, board.size_mm + pad_mm
    square = np.array([[lo, lo], [hi, lo], [hi, hi], [lo, hi]])
    pts = np.vstack([camera.project(square, z) for z in (0.0, board.item_mm)])
    w, h = camera.size
    x0, y0 = np.clip(np.floor(pts.min(axis=0)), 0, [w - 1, h - 1]).astype(int)
    x1, y1 = np.clip(np.ceil(pts.max(axis=0)), [x0 + 1, y0 + 1], [w, h]).astype(int)
    return int(x0), int(y0), int(x1 - x0), int(y1 - y0)


# --------------------------------------------------------------------------- the table


@lru_cache(maxsize=4)
def table_texture(kind: str, width: int, height: int, px_per_mm: float,
                  seed: int) -> np.ndarray:
    """A float32 BGR (0..1) wood or cloth texture of the given raster size."""
    rng = np.random.default_rng([seed, 7])
    if kind == "wood":
        return _wood(rng, width, height, px_per_mm)
    if kind == "cloth":
        return _cloth(rng, width, height, px_per_mm)
    raise ValueError(f"unknown table {kind!r}: use 'wood' or 'cloth'")


def _smooth_noise(rng: np.random.Generator, width: int, height: int, cell_px: float,
                  stretch: float = 1.0) -> np.ndarray:
    """Value noise in -1..1 with features about ``cell_px`` across (x stretched)."""
    gw = max(2, int(width / (cell_px * stretch)) + 2)
    gh = max(2, int(height / cell_px) + 2)
    small = rng.standard_normal((gh, gw)).astype(np.float32)
    big = cv2.resize(small, (width, height), interpolation=cv2.INTER_CUBIC)
    return big / max(float(np.abs(big).max()), 1e-6)


def _wood(rng: np.random.Generator, width: int, height: int, s: float) -> np.ndarray:
    grain = _smooth_noise(rng, width, height, 2.0 * s, stretch=25.0)
    wobble = _smooth_noise(rng, width, height, 40.0 * s, stretch=3.0)
    ys = np.arange(height, dtype=np.float32)[:, None] / s
    rings = np.sin((ys + 14.0 * wobble) * (2 * np.pi / float(rng.uniform(6, 11))))
    base = np.array([62, 108, 158], dtype=np.float32) / 255.0 * float(rng.uniform(0.85, 1.1))
    shade = 1.0 + 0.10 * rings + 0.12 * grain + 0.05 * wobble
    planks = (np.floor(ys / 95.0) % 2) * 0.06
    return np.clip(base[None, None, :] * (shade - planks)[..., None], 0, 1).astype(np.float32)


def _cloth(rng: np.random.Generator, width: int, height: int, s: float) -> np.ndarray:
    fibres = rng.standard_normal((height, width)).astype(np.float32) * 0.05
    mottle = _smooth_noise(rng, width, height, 15.0 * s)
    base = np.array([70, 95, 45], dtype=np.float32) / 255.0 * float(rng.uniform(0.8, 1.2))
    shade = 1.0 + fibres + 0.08 * mottle
    return np.clip(base[None, None, :] * shade[..., None], 0, 1).astype(np.float32)


def _draw_plane(scene: Scene, raster: Raster) -> np.ndarray:
    """Table, paper, board print and covering objects, float32 BGR 0..1."""
    plane = table_texture(scene.table, raster.width, raster.height, raster.px_per_mm,
                          scene.table_seed).copy()
    _paste_paper(plane, scene.board, raster)
    draw_ink(plane, scene.ink, raster.px_per_mm, (raster.x0_mm, raster.y0_mm))
    for marker_id in scene.covered_markers:
        _draw_cover(plane, scene.board, marker_id, raster)
    for tile in scene.flat_tiles:
        x0, y0 = raster.to_px(tile.x_mm - tile.w_mm / 2, tile.y_mm - tile.h_mm / 2)
        x1, y1 = raster.to_px(tile.x_mm + tile.w_mm / 2, tile.y_mm + tile.h_mm / 2)
        cv2.rectangle(plane, (round(x0), round(y0)), (round(x1), round(y1)),
                      TILE_BGR[tile.colour], thickness=-1, lineType=cv2.LINE_AA)
    return plane


def _paste_paper(plane: np.ndarray, board: Layout, raster: Raster) -> None:
    west, north, east, south = PAPER_MARGIN_MM
    size = board.size_mm
    x0, y0 = raster.to_px(-west, -north)
    x1, y1 = raster.to_px(size + east, size + south)
    cv2.rectangle(plane, (round(x0), round(y0)), (round(x1), round(y1)),
                  (0.93, 0.95, 0.95), thickness=-1, lineType=cv2.LINE_AA)
    art = draw_board(board, raster.px_per_mm, margin_mm=0.0).bgr()
    art = art.astype(np.float32) / 255.0 * np.float32(0.95)
    bx, by = raster.to_px(0.0, 0.0)
    _paste_clipped(plane, art, round(bx), round(by))


def _paste_clipped(dst: np.ndarray, src: np.ndarray, x: int, y: int) -> None:
    h, w = src.shape[:2]
    dx0, dy0 = max(0, x), max(0, y)
    dx1, dy1 = min(dst.shape[1], x + w), min(dst.shape[0], y + h)
    if dx1 > dx0 and dy1 > dy0:
        dst[dy0:dy1, dx0:dx1] = src[dy0 - y:dy1 - y, dx0 - x:dx1 - x]


def _draw_cover(plane: np.ndarray, board: Layout, marker_id: int, raster: Raster) -> None:
    """A dark notebook lying over a marker (the 'hidden marker' case)."""
    corners = board.marker_corners_mm(marker_id)
    xs, ys = [p[0] for p in corners], [p[1] for p in corners]
    pad = 6.0
    pts = np.array([raster.to_px(min(xs) - pad - 15, min(ys) - pad),
                    raster.to_px(max(xs) + pad, min(ys) - pad - 8),
                    raster.to_px(max(xs) + pad + 10, max(ys) + pad),
                    raster.to_px(min(xs) - pad, max(ys) + pad + 12)], dtype=np.int32)
    cv2.fillConvexPoly(plane, pts, (0.42, 0.25, 0.18), lineType=cv2.LINE_AA)


# --------------------------------------------------------------------------- dice


@lru_cache(maxsize=512)
def _die_image(face: int, colour: str, size_px: int, angle_deg: int, tilt: float,
               style_seed: int, pip_colour: str | None = None) -> tuple[np.ndarray, np.ndarray]:
    bgr, alpha = draw_die(face, colour, size_px, float(angle_deg), pip_colour=pip_colour,
                          tilt=tilt, seed=style_seed)
    a = alpha.astype(np.float32) / 255.0
    return bgr.astype(np.float32) / 255.0 * a[..., None], a


def _die_patch(die: Die, size_px: int, px_per_mm: float) -> tuple[np.ndarray, np.ndarray]:
    """Premultiplied colour and alpha of one die, motion-blurred if it moves."""
    colour, alpha = _die_image(die.face, die.colour, size_px, round(die.angle) % 360,
                               round(die.tilt), die.style_seed, die.pip_colour)
    if die.motion_mm <= 0:
        return colour, alpha
    kernel = _motion_kernel(die.motion_mm * px_per_mm, die.motion_angle)
    pad = kernel.shape[0] // 2 + 1
    colour = cv2.copyMakeBorder(colour, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    alpha = cv2.copyMakeBorder(alpha, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    return cv2.filter2D(colour, -1, kernel), cv2.filter2D(alpha, -1, kernel)


def _motion_kernel(length_px: float, angle_deg: float) -> np.ndarray:
    n = max(3, math.ceil(length_px) | 1)
    kernel = np.zeros((n, n), np.float32)
    c = n // 2
    dx, dy = math.cos(math.radians(angle_deg)), -math.sin(math.radians(angle_deg))
    half = (length_px - 1) / 2
    p0 = (round(c - dx * half), round(c - dy * half))
    p1 = (round(c + dx * half), round(c + dy * half))
    cv2.line(kernel, p0, p1, 1.0, thickness=1, lineType=cv2.LINE_AA)
    return kernel / max(float(kernel.sum()), 1e-6)


def _draw_dice_layer(dice: Iterable[Die], raster: Raster, die_mm: float) -> np.ndarray:
    """Premultiplied BGRA of all dice tops on a world raster."""
    colour = np.zeros((raster.height, raster.width, 3), np.float32)
    alpha = np.zeros((raster.height, raster.width), np.float32)
    size_px = max(8, round(die_mm * raster.px_per_mm))
    for die in dice:
        c, a = _die_patch(die, size_px, raster.px_per_mm)
        x, y = raster.to_px(die.x_mm, die.y_mm)
        _over(colour, alpha, c, a, x, y)
    return np.dstack([colour, alpha])


def _over(colour: np.ndarray, alpha: np.ndarray, c: np.ndarray, a: np.ndarray, x: float,
          y: float) -> None:
    """Composite a premultiplied patch centred at (x, y) over a premultiplied layer."""
    h, w = a.shape
    x0, y0 = round(x - w / 2), round(y - h / 2)
    dx0, dy0 = max(0, x0), max(0, y0)
    dx1, dy1 = min(alpha.shape[1], x0 + w), min(alpha.shape[0], y0 + h)
    if dx1 <= dx0 or dy1 <= dy0:
        return
    sa = a[dy0 - y0:dy1 - y0, dx0 - x0:dx1 - x0]
    sc = c[dy0 - y0:dy1 - y0, dx0 - x0:dx1 - x0]
    keep = 1.0 - sa
    colour[dy0:dy1, dx0:dx1] = sc + colour[dy0:dy1, dx0:dx1] * keep[..., None]
    alpha[dy0:dy1, dx0:dx1] = sa + alpha[dy0:dy1, dx0:dx1] * keep


def _shadow_mask(dice: Iterable[Die], hand: Hand | None, raster: Raster,
                 light_angle: float, die_mm: float) -> np.ndarray:
    """Soft shadows cast on the table by the dice (and a hand), 0..1."""
    full = raster
    raster = raster.coarse(4)
    mask = np.zeros((raster.height, raster.width), np.float32)
    away = math.radians(light_angle + 180.0)
    ox, oy = math.cos(away), math.sin(away)
    half = die_mm / 2
    for die in dice:
        pts = _square_mm(die.x_mm + 3.0 * ox, die.y_mm + 3.0 * oy, half + 0.8, die.angle)
        poly = np.array([raster.to_px(*p) for p in pts]) * 16
        cv2.fillConvexPoly(mask, poly.astype(np.int32), 0.55, lineType=cv2.LINE_AA, shift=4)
    mask = cv2.GaussianBlur(mask, (0, 0), 2.2 * raster.px_per_mm)
    if hand is not None:
        shifted = replace(hand, x_mm=hand.x_mm + ox * hand.height_mm * 0.5,
                          y_mm=hand.y_mm + oy * hand.height_mm * 0.5)
        hand_mask = _hand_mask(shifted, raster)
        blur = (4.0 + hand.height_mm / 10) * raster.px_per_mm
        mask = np.maximum(mask, 0.4 * cv2.GaussianBlur(hand_mask, (0, 0), blur))
    return cv2.resize(mask, (full.width, full.height), interpolation=cv2.INTER_LINEAR)


def _square_mm(cx: float, cy: float, half: float, angle: float) -> list[tuple[float, float]]:
    a = math.radians(-angle)
    c, s = math.cos(a), math.sin(a)
    return [(cx + c * u - s * v, cy + s * u + c * v)
            for u, v in ((-half, -half), (half, -half), (half, half), (-half, half))]


# --------------------------------------------------------------------------- tiles and tokens


TILE_THICKNESS_MM = 4.0   # a dot tile; a Stack's layer lies this much higher
TOKEN_THICKNESS_MM = 2.5
TOKEN_MM = 17.0           # an action token's diameter


@lru_cache(maxsize=1024)
def _tile_image(white: int, black: int, face_up: bool, size_px: int, angle_deg: int,
                style_seed: int) -> tuple[np.ndarray, np.ndarray]:
    if face_up:
        bgr, alpha = draw_tile(white, black, size_px, float(angle_deg), seed=style_seed)
    else:
        bgr, alpha = draw_back(size_px, float(angle_deg), seed=style_seed)
    a = alpha.astype(np.float32) / 255.0
    return bgr.astype(np.float32) / 255.0 * a[..., None], a


@lru_cache(maxsize=256)
def _token_image(letter: str, up: bool, size_px: int, angle_deg: int,
                 style_seed: int) -> tuple[np.ndarray, np.ndarray]:
    bgr, alpha = draw_token(letter, up, size_px, float(angle_deg), seed=style_seed)
    a = alpha.astype(np.float32) / 255.0
    return bgr.astype(np.float32) / 255.0 * a[..., None], a


def _piece_layers(scene: Scene, raster: Raster) -> list[tuple[float, float, np.ndarray]]:
    """(bottom mm, top mm, premultiplied BGRA of the pieces' tops) for each height at which
    pieces lie: the tokens, then the tiles level by level."""
    layers = []
    if scene.tokens:
        size = max(8, round(TOKEN_MM * raster.px_per_mm))
        patches = [(_token_image(t.letter, t.up, size, round(t.angle) % 360, t.style_seed),
                    t.x_mm, t.y_mm) for t in scene.tokens]
        layers.append((0.0, TOKEN_THICKNESS_MM, _patch_layer(patches, raster)))
    size = max(8, round(scene.board.item_mm * raster.px_per_mm))
    for level in sorted({t.level for t in scene.tiles}):
        patches = [(_tile_image(t.white, t.black, t.face_up, size, round(t.angle) % 360,
                                t.style_seed), t.x_mm, t.y_mm)
                   for t in scene.tiles if t.level == level]
        bottom = level * TILE_THICKNESS_MM
        layers.append((bottom, bottom + TILE_THICKNESS_MM, _patch_layer(patches, raster)))
    return layers


def _patch_layer(patches: list[tuple[tuple[np.ndarray, np.ndarray], float, float]],
                 raster: Raster) -> np.ndarray:
    colour = np.zeros((raster.height, raster.width, 3), np.float32)
    alpha = np.zeros((raster.height, raster.width), np.float32)
    for (c, a), x_mm, y_mm in patches:
        x, y = raster.to_px(x_mm, y_mm)
        _over(colour, alpha, c, a, x, y)
    return np.dstack([colour, alpha])


def _add_pieces(image: np.ndarray, scene: Scene, raster: Raster, camera: Camera) -> None:
    """Tiles and tokens, lowest first: each layer's sides (a darker copy half way up) and
    then its tops, in perspective."""
    sub = _dice_raster(raster, scene.board.size_mm)
    roi = board_roi(camera, scene.board, DICE_PAD_MM)
    x, y, w, h = roi
    view = image[y:y + h, x:x + w]
    side = np.array([0.5, 0.5, 0.5, 1.0], np.float32)
    for bottom, top, layer in _piece_layers(scene, sub):
        _composite(view, warp_to_camera(layer * side, sub, camera, (bottom + top) / 2, roi))
        _composite(view, warp_to_camera(layer, sub, camera, top, roi))


def pieces_shadow(scene: Scene, raster: Raster) -> np.ndarray:
    """Soft shadows the tiles and tokens cast on the table, 0..1 (fainter than a die's)."""
    coarse = raster.coarse(4)
    mask = np.zeros((coarse.height, coarse.width), np.float32)
    away = math.radians(scene.light.gradient_angle + 180.0)
    ox, oy = math.cos(away), math.sin(away)
    pieces = [(t.x_mm, t.y_mm, scene.board.item_mm / 2, t.angle) for t in scene.tiles]
    pieces += [(t.x_mm, t.y_mm, TOKEN_MM / 2.2, t.angle) for t in scene.tokens]
    for x_mm, y_mm, half, angle in pieces:
        pts = _square_mm(x_mm + 1.2 * ox, y_mm + 1.2 * oy, half + 0.5, angle)
        poly = np.array([coarse.to_px(*p) for p in pts]) * 16
        cv2.fillConvexPoly(mask, poly.astype(np.int32), 0.35, lineType=cv2.LINE_AA, shift=4)
    mask = cv2.GaussianBlur(mask, (0, 0), 1.2 * coarse.px_per_mm)
    return cv2.resize(mask, (raster.width, raster.height), interpolation=cv2.INTER_LINEAR)


# --------------------------------------------------------------------------- the hand


def _hand_mask(hand: Hand, raster: Raster) -> np.ndarray:
    """Coverage (0..1) of an arm, palm, four fingers and a thumb on a world raster."""
    mask = np.zeros((raster.height, raster.width), np.float32)
    s = raster.px_per_mm
    back = math.radians(hand.from_angle)
    bx, by = math.cos(back), math.sin(back)           # towards the arm
    fx, fy = -bx, -by                                  # towards the fingertips
    nx, ny = -fy, fx                                   # across the hand

    def px(x_mm: float, y_mm: float) -> tuple[int, int]:
        u, v = raster.to_px(x_mm, y_mm)
        return round(u * 4), round(v * 4)              # 2 fractional bits for cv2 shift

    def capsule(x0: float, y0: float, x1: float, y1: float, width_mm: float) -> None:
        cv2.line(mask, px(x0, y0), px(x1, y1), 1.0, thickness=max(1, round(width_mm * s)),
                 lineType=cv2.LINE_AA, shift=2)

    hx, hy = hand.x_mm, hand.y_mm
    capsule(hx + bx * 30, hy + by * 30, hx + bx * 420, hy + by * 420, 64)     # forearm
    cv2.ellipse(mask, px(hx, hy), (round(44 * s * 4), round(52 * s * 4)),
                math.degrees(math.atan2(fy, fx)), 0, 360, 1.0, -1, cv2.LINE_AA, shift=2)
    for i, offset in enumerate((-27.0, -9.0, 9.0, 27.0)):
        length = (62.0, 74.0, 78.0, 70.0)[i]
        fan = math.radians((i - 1.5) * 8.0 * hand.spread)
        dx = fx * math.cos(fan) - fy * math.sin(fan)
        dy = fx * math.sin(fan) + fy * math.cos(fan)
        sx, sy = hx + fx * 38 + nx * offset, hy + fy * 38 + ny * offset
        capsule(sx, sy, sx + dx * length, sy + dy * length, 17)
    tx, ty = hx + nx * 42 + fx * 5, hy + ny * 42 + fy * 5
    capsule(tx, ty, tx + (nx * 0.7 + fx * 0.7) * 55, ty + (ny * 0.7 + fy * 0.7) * 55, 21)
    return mask


def _hand_layer(hand: Hand, raster: Raster, rng: np.random.Generator) -> np.ndarray:
    """Premultiplied BGRA of the shaded hand on a world raster."""
    mask = _hand_mask(hand, raster)
    inside = (mask > 0.5).astype(np.uint8)
    depth = cv2.distanceTransform(inside, cv2.DIST_L2, 3) / raster.px_per_mm
    roundness = np.sqrt(np.clip(depth / 14.0, 0, 1))
    mottle = _smooth_noise(rng, raster.width, raster.height, 12.0 * raster.px_per_mm)
    shade = (0.62 + 0.38 * roundness + 0.04 * mottle)[..., None]
    skin = np.array(hand.skin, np.float32) / 255.0
    colour = skin[None, None, :] * shade
    if hand.motion_mm > 0:
        kernel = _motion_kernel(hand.motion_mm * raster.px_per_mm, hand.from_angle + 90)
        return np.dstack([cv2.filter2D(colour * mask[..., None], -1, kernel),
                          cv2.filter2D(mask, -1, kernel)])
    return np.dstack([colour * mask[..., None], mask])


# --------------------------------------------------------------------------- the photo


def render_scene(scene: Scene, *, seed: int) -> np.ndarray:
    """Render a scene as a BGR uint8 photo of ``scene.size``.

    Args:
        scene: what is on the table and how it is photographed.
        seed: sensor noise (and nothing else); the same scene and seed give the same image.

    Raises:
        ValueError: an unknown table, die colour or a face out of range.
    """
    rng = np.random.default_rng(seed)
    camera = make_camera(scene.pose, scene.size)
    raster = world_raster(camera)
    dice = scene.all_dice()
    plane = _draw_plane(scene, raster)
    shadow = _shadow_mask(dice, scene.hand, raster, scene.light.gradient_angle,
                          scene.board.item_mm)
    if scene.tiles or scene.tokens:
        shadow = np.maximum(shadow, pieces_shadow(scene, raster))
    if scene.cubes:
        shadow = np.maximum(shadow, _cube_shadows(scene.cubes, raster,
                                                  scene.light.gradient_angle))
    plane *= (1.0 - shadow)[..., None]
    image = warp_to_camera(plane, raster, camera)
    if scene.tiles or scene.tokens:
        _add_pieces(image, scene, raster, camera)
    _add_dice(image, dice, raster, camera, scene.board)
    if scene.cubes:
        _add_cubes(image, scene.cubes, camera, scene.light.gradient_angle)
    if scene.shadows:
        image *= (1.0 - _outside_shadows(scene.shadows, raster, camera))[..., None]
    if scene.hand is not None:
        soft = raster.coarse(2)
        layer = _hand_layer(scene.hand, soft, rng)
        _composite(image, warp_to_camera(layer, soft, camera, scene.hand.height_mm))
    image = _apply_light(image, scene.light)
    return _finish(image, scene, rng)


def _add_dice(image: np.ndarray, dice: list[Die], raster: Raster, camera: Camera,
              board: Layout) -> None:
    """Dice sides (darker copies at lower heights) and then their tops, in perspective."""
    if not dice:
        return
    sub = _dice_raster(raster, board.size_mm)
    top = _draw_dice_layer(dice, sub, board.item_mm)
    roi = board_roi(camera, board, DICE_PAD_MM)
    x, y, w, h = roi
    view = image[y:y + h, x:x + w]
    heights = side_heights(camera, board)
    shades = (np.array([0.35, 0.35, 0.35, 1.0], np.float32),
              np.array([0.55, 0.55, 0.55, 1.0], np.float32))
    sides = [top * shade for shade in shades]
    for i, height in enumerate(heights):
        _composite(view, warp_to_camera(sides[2 * i // len(heights)], sub, camera, height, roi))
    _composite(view, warp_to_camera(top, sub, camera, board.item_mm, roi))


def _dice_raster(raster: Raster, size_mm: float) -> Raster:
    """The part of the world raster where dice may lie (the board square plus a pad)."""
    lo = -DICE_PAD_MM
    side = math.ceil((size_mm + 2 * DICE_PAD_MM) * raster.px_per_mm)
    return Raster(raster.px_per_mm, lo, lo, side, side)


def side_heights(camera: Camera, board: Layout) -> list[float]:
    """Heights of the die-side layers: about one layer per pixel of parallax, 2..12 layers."""
    s = board.size_mm
    corners = np.array([[0.0, 0.0], [s, 0.0], [s, s], [0.0, s]])
    shift = camera.project(corners, board.item_mm) - camera.project(corners, 0.0)
    n = int(np.clip(np.ceil(np.linalg.norm(shift, axis=1).max()), 2, 12))
    return [board.item_mm * (i + 0.5) / n for i in range(n)]


def _composite(image: np.ndarray, layer: np.ndarray) -> None:
    """Premultiplied BGRA layer over a BGR image, in place."""
    image *= (1.0 - layer[..., 3:4])
    image += layer[..., :3]


# --------------------------------------------------------------------------- cubes


def project_3d(camera: Camera, points_mm: np.ndarray) -> np.ndarray:
    """(N, 3) world mm with z up from the table -> (N, 2) image pixels."""
    world = np.asarray(points_mm, np.float64).copy()
    world[:, 2] = -world[:, 2]  # the camera's world has z down into the table
    cam = (camera.R @ (world - camera.C).T).T
    px = (camera.K @ cam.T).T
    return px[:, :2] / px[:, 2:3]


def camera_centre_up(camera: Camera) -> np.ndarray:
    """The camera's centre in world mm with z up from the table."""
    return np.array([camera.C[0], camera.C[1], -camera.C[2]])


def _add_cubes(image: np.ndarray, cubes: Iterable[TableCube], camera: Camera,
               light_deg: float) -> None:
    """Every cube, farthest from the camera first (nearer faces cover farther ones)."""
    centre = camera_centre_up(camera)

    def distance(cube: TableCube) -> float:
        middle = np.array([cube.x_mm, cube.y_mm, cube.z_mm + cube.edge_mm / 2])
        return float(np.linalg.norm(middle - centre))

    for cube in sorted(cubes, key=distance, reverse=True):
        draw_cube(image, cube, lambda pts: project_3d(camera, pts), centre, light_deg, RING)


def _cube_shadows(cubes: Iterable[TableCube], raster: Raster, light_deg: float) -> np.ndarray:
    """Soft shadows the cubes cast on the table, 0..1, on the full raster."""
    coarse = raster.coarse(4)
    mask = np.zeros((coarse.height, coarse.width), np.float32)
    for cube in cubes:
        poly = np.array([coarse.to_px(x, y) for x, y in shadow_polygon(cube, light_deg)]) * 16
        cv2.fillConvexPoly(mask, poly.astype(np.int32), 0.5, lineType=cv2.LINE_AA, shift=4)
    mask = cv2.GaussianBlur(mask, (0, 0), 1.6 * coarse.px_per_mm)
    return cv2.resize(mask, (raster.width, raster.height), interpolation=cv2.INTER_LINEAR)


def _outside_shadows(shadows: Iterable[Shadow], raster: Raster, camera: Camera) -> np.ndarray:
    """How much light the shadows take away, 0..1, in the camera image."""
    coarse = raster.coarse(4)
    mask = np.zeros((coarse.height, coarse.width), np.float32)
    for sh in shadows:
        centre = coarse.to_px(sh.x_mm, sh.y_mm)
        axes = (round(sh.rx_mm * coarse.px_per_mm * 4), round(sh.ry_mm * coarse.px_per_mm * 4))
        layer = np.zeros_like(mask)
        cv2.ellipse(layer, (round(centre[0] * 4), round(centre[1] * 4)), axes, sh.angle, 0, 360,
                    1.0, -1, cv2.LINE_AA, shift=2)
        layer = cv2.GaussianBlur(layer, (0, 0), max(sh.soft_mm / 2, 0.5) * coarse.px_per_mm)
        mask = np.maximum(mask, float(np.clip(sh.depth, 0.0, 0.8)) * layer)
    return warp_to_camera(mask, coarse, camera)


def kelvin_gains(kelvin: float) -> tuple[float, float, float]:
    """BGR gains of a black-body light of ``kelvin`` seen by a camera balanced for
    ``CAMERA_WHITE_K`` (green kept at 1): below it warmer (more red), above it cooler."""
    light, white = _blackbody_bgr(kelvin), _blackbody_bgr(CAMERA_WHITE_K)
    gains = light / white
    b, g, r = (float(x) for x in gains / gains[1])
    return (b, g, r)


def _blackbody_bgr(kelvin: float) -> np.ndarray:
    """Approximate linear BGR of a black body (Tanner Helland's fit, 1000-40000 K)."""
    t = float(np.clip(kelvin, 1000.0, 40000.0)) / 100.0
    r = 255.0 if t <= 66 else 329.698727446 * (t - 60) ** -0.1332047592
    g = (99.4708025861 * math.log(t) - 161.1195681661 if t <= 66
         else 288.1221695283 * (t - 60) ** -0.0755148492)
    b = 255.0 if t >= 66 else (0.0 if t <= 19 else 138.5177312231 * math.log(t - 10)
                                - 305.0447927307)
    return np.clip(np.array([b, g, r]), 1.0, 255.0) / 255.0


def _apply_light(image: np.ndarray, light: Light) -> np.ndarray:
    h, w = image.shape[:2]
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    xn, yn = (xs - w / 2) / (w / 2), (ys - h / 2) / (w / 2)
    a = math.radians(light.gradient_angle)
    towards = -(xn * math.cos(a) + yn * math.sin(a))   # 1 at the lit side
    field_ = light.brightness * (1.0 + light.gradient * 0.5 * towards)
    field_ *= 1.0 - light.vignette * (xn ** 2 + yn ** 2) / 1.56
    tint = np.array(light.tint, np.float32)
    if light.kelvin is not None:
        tint = tint * np.array(kelvin_gains(light.kelvin), np.float32)
    return image * field_[..., None] * tint[None, None, :]


def _finish(image: np.ndarray, scene: Scene, rng: np.random.Generator) -> np.ndarray:
    """Sensor noise (stronger in the dark), lens blur, 8-bit and JPEG."""
    if scene.blur > 0:
        image = cv2.GaussianBlur(image, (0, 0), scene.blur)
    gain = 1.0 / max(scene.light.brightness, 0.2)
    sigma = scene.noise / 255.0 * math.sqrt(gain)
    image = image + rng.normal(0.0, sigma, image.shape).astype(np.float32)
    out = np.clip(image * 255.0 + 0.5, 0, 255).astype(np.uint8)
    if scene.jpeg_quality > 0:
        ok, data = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, scene.jpeg_quality])
        if ok:
            out = cv2.imdecode(data, cv2.IMREAD_COLOR)
    return out


def expected_readings(scene: Scene) -> dict[str, object]:
    """What a perfect reader should report for a scene (the fixtures' JSON sidecar)."""
    dice = scene.grid_dice()
    grid = [[dice[(r, c)].face if (r, c) in dice else None for c in range(len(row))]
            for r, row in enumerate(scene.grid)]
    red = [cell for cell, die in dice.items() if die.colour in ("red", "translucent-red")]
    return {
        "grid": grid,
        "red_cell": list(red[0]) if red else None,
        "outside": [{"face": d.face, "colour": _colour_name(d.colour),
                     "x_mm": round(d.x_mm, 1), "y_mm": round(d.y_mm, 1)} for d in scene.loose],
        "push_die": scene.loose[0].face if scene.loose else None,
        "hand": scene.hand is not None,
        "hidden_markers": sorted(scene.covered_markers),
        "cocked": sorted([list(cell) for cell, d in dice.items() if d.tilt > 0]),
        "moving": sorted([list(cell) for cell, d in dice.items() if d.motion_mm > 0]),
        "size": list(scene.size),
    }


def _colour_name(colour: str) -> str:
    if colour in ("black", "blue", "green", "yellow"):
        return colour
    return "red" if "red" in colour else "white"
