"""Find CubeCourier cubes on the warped board and read each one's top colour, whether it is a
stack of two, and whether the marker ring lies on it.

``find_board_cubes`` runs, on the canonical view (the board plane at ``px_per_mm``, with a
margin beyond the board square so that tops pushed past its edge are seen whole):

1. **the paper**: the view's brightness where nothing stands is the brightness around each
   pixel at its brightest (a grey closing wider than a cube); the view's edges are taken on the
   view divided by it, leaving out printed lines (grid, zone outlines);
2. **the ring** (``CUBES.ring_bgr``, a blue annulus lying on a top's four corners, never hiding
   its middle): pixels of its hue relative to the paper's colour, grouped; a group of the
   ring's area is a ring, its centre the ringed top's, its mean radius its height (the ring is
   larger the nearer it is to the camera: ``vision.board.pose``): a stack where that height is
   nearer two edges than one;
3. **candidates**: a grid cell holds at most one cube, near its middle: each cell is one
   candidate; off the grid (the zones) a cube is edges all round (its top, its sides, its
   symbol): the peaks of the edges' strength blurred over a top's size; each with the turn its
   edges agree on;
4. **the silhouette** (cubes without the ring): seen from the camera's centre a cube's outline
   is that of its footprint and of its top, the top enlarged and pushed away from the nadir; for
   each side the top's edge, or the footprint's where the side face shows beyond it. The
   footprint's place and turn that put the strongest edges of the view on that outline are
   searched; one whose outline is weaker
   than ``CUBES.min_edge``, or crossed by edges along less than ``CUBES.min_covered`` of it,
   is no cube. A cube without the ring is reported single: its outline alone (a top 5% larger,
   a side band twice as wide, and near the nadir neither) did not tell a stack apart reliably
   on the rendered boards; in the game a stack is always the last move, so it wears the ring
   (and the referee also recognises a stack by its colour);
5. **colour**: a top carries its symbol in its middle: where the middle does not differ from
   the body by ``CUBES.symbol_contrast`` the fit is no top (an outline across a cube's edge and
   a symbol, or a neighbour's) and is dropped. The top between its rim (and the corners the
   ring may hide) and the symbol is classified by ``vision.top.cube_colour.classify_face``
   against the paper around the cube (the brightest part of a band around its top: the same
   light and shadow).

A detection's place is its footprint's centre (the cube's cell); an unnamed colour keeps its
detection with ``colour == ""`` (the pipeline reports it as unknown, not trusted).

May import ``vision.board.config``, ``.geometry``, ``.pose``, ``vision.top.cube_colour``,
``engine`` (the layout), numpy and OpenCV.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from engine.layout import Layout
from engine.table import Cell
from vision.board.config import CUBES
from vision.board.geometry import BoardGeometry
from vision.board.pose import CameraPose
from vision.top.cube_colour import DEFAULT_REFERENCES, CubeReferences, classify_face

BGR = tuple[float, float, float]


@dataclass(frozen=True)
class CubeDetection:
    """One cube (or stack) found on the canonical view.

    Attributes:
        x, y: its footprint's centre, canonical pixels (where it stands).
        top_x, top_y, top_side, angle: its top as seen (canonical pixels, degrees).
        colour: "black", "red", "white", or "" when the colour was not named.
        confidence: the colour's confidence times the outline's.
        stacked: a stack of two. ringed: the ring lies on it.
        edge: how strong its outline is (mean contrast per pixel across it; 1 for a ring).
    """

    x: float
    y: float
    top_x: float
    top_y: float
    top_side: float
    angle: float
    colour: str
    confidence: float
    stacked: bool = False
    ringed: bool = False
    edge: float = 0.0
    face: None = None
    kind: str = "cube"


@dataclass(frozen=True)
class _Views:
    """The view prepared once per frame; board mm -> view px is ``mm * s + offset``."""

    image: np.ndarray       # BGR uint8
    paper: np.ndarray       # float32 brightness of the paper around each pixel
    gx: np.ndarray          # float32 gradients of the brightness / paper, printed lines out
    gy: np.ndarray
    g: np.ndarray           # both, as one two-channel image (looked up together)
    s: float                # px per mm
    offset: float           # px of margin before the board square

    def px(self, mm: np.ndarray) -> np.ndarray:
        return np.asarray(mm) * self.s + self.offset

    def mm(self, px: np.ndarray) -> np.ndarray:
        return (np.asarray(px) - self.offset) / self.s


@dataclass(frozen=True)
class _Fit:
    """A cube placed: footprint (mm), turn, height of its top, outline strength and cover."""

    x_mm: float
    y_mm: float
    angle: float
    height_mm: float
    edge: float
    covered: float
    stacked: bool = False
    ringed: bool = False


def find_board_cubes(view_bgr: np.ndarray, geometry: BoardGeometry, pose: CameraPose,
                     refs: CubeReferences = DEFAULT_REFERENCES,
                     margin_px: int = 0) -> list[CubeDetection]:
    """The cubes on a canonical board view (see the module docstring).

    Args:
        view_bgr: the canonical top-down view (``vision.board.warp``), with ``margin_px``
            pixels beyond the board square on each side.
        geometry: the board (cells, zones, the cube's edge, the canonical scale).
        pose: the camera above the board (``vision.board.pose.camera_pose``).
        refs: the colour references (calibrated, or the board file's).
        margin_px: the view's margin.

    Returns:
        The cubes found, each with its colour, stack and ring, strongest first; places in
        canonical pixels of the board square.
    """
    views = _prepare(view_bgr, geometry, margin_px)
    kept = [_ring_fit(views, geometry, pose, ring) for ring in _rings(views, geometry, pose)]
    fits = _fit_candidates(views, geometry, pose, _cell_seeds(views, geometry, pose)
                           + _candidates(views, geometry, pose))
    for fit in sorted(fits, key=lambda f: -f.edge):
        if all(math.hypot(fit.x_mm - k.x_mm, fit.y_mm - k.y_mm) > CUBES.same_cube
               * geometry.die_mm for k in kept):
            kept.append(fit)
    found = [_read_cube(views, geometry, pose, refs, fit) for fit in kept]
    return [cube for cube in found if cube is not None]


# --------------------------------------------------------------------------- the paper


def _prepare(view: np.ndarray, geometry: BoardGeometry, margin_px: int) -> _Views:
    s = geometry.px_per_mm
    grey = cv2.cvtColor(view, cv2.COLOR_BGR2GRAY).astype(np.float32)
    side = max(3, round(CUBES.paper_window_mm * s / 4)) | 1
    small = cv2.resize(grey, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)
    closed = cv2.morphologyEx(small, cv2.MORPH_CLOSE, np.ones((side, side), np.uint8))
    closed = cv2.GaussianBlur(closed, (0, 0), side / 4)
    paper = cv2.resize(closed, (grey.shape[1], grey.shape[0]), interpolation=cv2.INTER_LINEAR)
    paper = np.maximum(paper, 8.0)
    gx, gy = _gradients(grey / paper)
    cx, cy = _gradients(_chroma(view, paper, geometry, margin_px))
    colour_edge = cx * cx + cy * cy > gx * gx + gy * gy
    gx[colour_edge], gy[colour_edge] = cx[colour_edge], cy[colour_edge]
    printed = _printed(geometry.layout, s, float(margin_px), (grey.shape[0], grey.shape[1])) > 0
    gx[printed] = 0.0
    gy[printed] = 0.0
    return _Views(view, paper, gx, gy, cv2.merge([gx, gy]), s, float(margin_px))


def _gradients(channel: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Sobel gradients scaled to the change per pixel."""
    return (cv2.Sobel(channel, cv2.CV_32F, 1, 0, ksize=3) / 8.0,
            cv2.Sobel(channel, cv2.CV_32F, 0, 1, ksize=3) / 8.0)


def _chroma(view: np.ndarray, paper: np.ndarray, geometry: BoardGeometry,
            margin_px: int) -> np.ndarray:
    """Each pixel's chroma relative to the paper's colour (0 on the paper, about 0.5 on a red
    cube or the ring), whatever its brightness: a red cube is as distinct from the paper in
    colour as a black one is in brightness."""
    colour = np.array(_board_paper(view, geometry, margin_px), np.float32)
    tint = colour / max(float(colour.mean()), 1.0)
    n = view.astype(np.float32) / (paper[..., None] * tint[None, None, :])
    b, g, r = n[..., 0], n[..., 1], n[..., 2]
    return np.asarray(cv2.magnitude((r - g) / math.sqrt(2.0), (r + g - 2.0 * b) / math.sqrt(6.0)))


@lru_cache(maxsize=8)
def _printed(layout: Layout, s: float, offset: float, shape: tuple[int, int]) -> np.ndarray:
    """1 where the print lies (grid lines, zone outlines, the markers) in a view of ``s``
    px/mm."""
    mask = np.zeros(shape, np.uint8)
    width = max(1, round(2 * CUBES.printed_band_mm * s))

    def at(x: float, y: float) -> tuple[int, int]:
        return round(x * s + offset), round(y * s + offset)

    x0, y0 = layout.grid_origin_mm
    x1, y1 = x0 + layout.cols * layout.cell_mm, y0 + layout.rows * layout.cell_mm
    for i in range(layout.cols + 1):
        x = x0 + i * layout.cell_mm
        cv2.line(mask, at(x, y0), at(x, y1), (1,), width)
    for j in range(layout.rows + 1):
        y = y0 + j * layout.cell_mm
        cv2.line(mask, at(x0, y), at(x1, y), (1,), width)
    for z in layout.zones:
        cv2.rectangle(mask, at(z.x_mm, z.y_mm), at(z.x_mm + z.w_mm, z.y_mm + z.h_mm), (1,),
                      width)
    for marker_id in range(4):
        corners = layout.marker_corners_mm(marker_id)
        cv2.rectangle(mask, at(*corners[0]), at(*corners[2]), (1,), -1)
        cv2.rectangle(mask, at(*corners[0]), at(*corners[2]), (1,), width)
    return mask


def _paper_colour(views: _Views, x0: int, y0: int, x1: int, y1: int,
                  keep: np.ndarray) -> BGR | None:
    """The brightest ``100 - paper_percentile`` % of the pixels ``keep`` marks in a box."""
    pixels = views.image[y0:y1, x0:x1][keep > 0].astype(np.float32)
    if pixels.shape[0] < 10:
        return None
    brightness = pixels.sum(axis=1)
    top = pixels[brightness >= np.percentile(brightness, CUBES.paper_percentile)]
    b, g, r = (float(v) for v in np.median(top, axis=0))
    return (b, g, r)


def _box(views: _Views, points_px: np.ndarray, pad: float) -> tuple[int, int, int, int] | None:
    h, w = views.image.shape[:2]
    x0, y0 = np.floor(points_px.min(axis=0) - pad).astype(int)
    x1, y1 = np.ceil(points_px.max(axis=0) + pad).astype(int) + 1
    x0, y0, x1, y1 = max(int(x0), 0), max(int(y0), 0), min(int(x1), w), min(int(y1), h)
    return None if x1 <= x0 or y1 <= y0 else (x0, y0, x1, y1)


def _paper_near(views: _Views, centre_mm: tuple[float, float], inner_mm: float,
                outer_mm: float) -> BGR:
    """The paper's colour around a cube: the brightest pixels of the band between two
    circles about it (its shadow and its neighbours are darker)."""
    c = views.px(np.array([centre_mm]))[0]
    box = _box(views, np.array([c]), outer_mm * views.s)
    if box is not None:
        x0, y0, x1, y1 = box
        yy, xx = np.mgrid[y0:y1, x0:x1]
        r = np.hypot(xx - c[0], yy - c[1]) / views.s
        found = _paper_colour(views, x0, y0, x1, y1,
                              ((r >= inner_mm) & (r <= outer_mm)).astype(np.uint8))
        if found is not None:
            return found
    x, y = (int(np.clip(round(v), 0, n - 1)) for v, n in
            zip(c, (views.image.shape[1], views.image.shape[0])))
    level = float(views.paper[y, x])
    return (level, level, level)


# --------------------------------------------------------------------------- the ring


def _ring_pixels(pixels: np.ndarray, paper: BGR) -> np.ndarray:
    """Pixels whose colour, relative to the paper's, has the ring's hue."""
    n = pixels.reshape(-1, 3).astype(np.float32) / np.maximum(np.array(paper, np.float32), 1.0)
    o1, o2 = _opponent(n)
    r1, r2 = _opponent(np.array([CUBES.ring_bgr], np.float32))
    hue = math.atan2(float(r2[0]), float(r1[0]))
    along = o1 * math.cos(hue) + o2 * math.sin(hue)
    across = np.abs(o2 * math.cos(hue) - o1 * math.sin(hue))
    tolerance = math.tan(math.radians(CUBES.ring_hue_tolerance))
    return (along >= CUBES.ring_min_chroma) & (across <= along * tolerance)


def _opponent(n: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    b, g, r = n[:, 0], n[:, 1], n[:, 2]
    return (r - g) / math.sqrt(2.0), (r + g - 2.0 * b) / math.sqrt(6.0)


def _board_paper(view: np.ndarray, geometry: BoardGeometry, margin_px: int) -> BGR:
    """The paper's colour over the whole board: its brightest quarter (one pixel in two
    millimetres)."""
    n, o = geometry.canonical_px, margin_px
    step = max(1, round(2 * geometry.px_per_mm))
    pixels = view[o:o + n:step, o:o + n:step].reshape(-1, 3).astype(np.float32)
    brightness = pixels.sum(axis=1)
    top = pixels[brightness >= np.percentile(brightness, CUBES.paper_percentile)]
    b, g, r = (float(v) for v in np.median(top, axis=0))
    return (b, g, r)


def _rings(views: _Views, geometry: BoardGeometry,
           pose: CameraPose) -> list[tuple[float, float, float]]:
    """(x, y, mean radius) in mm of each ring in view."""
    half = cv2.resize(views.image, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
    paper = _board_paper(views.image, geometry, round(views.offset))
    mask = _ring_pixels(half, paper).reshape(half.shape[:2])
    count, labels, stats, centroids = cv2.connectedComponentsWithStats(
        mask.astype(np.uint8), connectivity=8)
    s = views.s / 2
    scale = pose.scale(geometry.die_mm + CUBES.ring_thick_mm)
    inner, outer = (r * scale for r in CUBES.ring_radii_mm)
    area = math.pi * (outer ** 2 - inner ** 2) * s * s
    rings = []
    for i in range(1, count):
        if not CUBES.ring_area[0] * area <= stats[i, cv2.CC_STAT_AREA] <= CUBES.ring_area[1] * area:
            continue
        ys, xs = np.nonzero(labels == i)
        cx, cy = centroids[i]
        radius = float(np.mean(np.hypot(xs - cx, ys - cy))) / s
        if inner * 0.8 <= radius <= outer * 1.25:
            x_mm, y_mm = (float(v) for v in ((np.array([cx, cy]) * 2 - views.offset) / views.s))
            rings.append((x_mm, y_mm, radius))
    return rings


def _ring_fit(views: _Views, geometry: BoardGeometry, pose: CameraPose,
              ring: tuple[float, float, float]) -> _Fit:
    """A ringed cube: its top centred in the ring, its height from the ring's size."""
    x, y, radius = ring
    mid = sum(CUBES.ring_radii_mm) / 2  # the ring's mean radius lying on the board
    lifted = pose.height_mm * (1.0 - mid / radius)  # the ring's height above the board
    edge = geometry.die_mm
    top = lifted - CUBES.ring_thick_mm
    stacked = abs(top - 2 * edge) < abs(top - edge)
    height = 2 * edge if stacked else edge
    fx, fy = pose.grounded(x, y, height)
    side = edge * pose.scale(height)
    angle = _turn(views, float(views.px(np.array([x]))[0]), float(views.px(np.array([y]))[0]),
                  side * views.s * CUBES.ring_turn_share)
    return _Fit(fx, fy, angle, height, 1.0, 1.0, stacked, True)


# --------------------------------------------------------------------------- candidates


def _search_mask(geometry: BoardGeometry, s: float, offset: float,
                 shape: tuple[int, int], grid: bool = True) -> np.ndarray:
    """1 where a cube may stand: the zones (and the grid unless ``grid`` is False) with a
    margin, not the markers."""
    layout = geometry.layout
    mask = np.zeros(shape, np.uint8)
    m = CUBES.search_margin_mm
    x0, y0 = layout.grid_origin_mm
    x1, y1 = x0 + layout.cols * layout.cell_mm, y0 + layout.rows * layout.cell_mm
    rects = [(z.x_mm, z.y_mm, z.x_mm + z.w_mm, z.y_mm + z.h_mm) for z in layout.zones]
    if grid:
        rects.append((x0, y0, x1, y1))
    for a, b, c, d in rects:
        cv2.rectangle(mask, (round((a - m) * s + offset), round((b - m) * s + offset)),
                      (round((c + m) * s + offset), round((d + m) * s + offset)), 1, -1)
    for marker_id in geometry.MARKER_IDS:  # nothing stands on a marker
        (a, b), _, (c, d), _ = geometry.marker_corners_mm(marker_id)
        cv2.rectangle(mask, (round(a * s + offset), round(b * s + offset)),
                      (round(c * s + offset), round(d * s + offset)), 0, -1)
    return mask


def _cell_seeds(views: _Views, geometry: BoardGeometry,
                pose: CameraPose) -> list[tuple[float, float, float]]:
    """(x, y in mm, turn) where a cube of each grid cell would be seen: a cell holds at most
    one cube, near its middle (its top pushed from the nadir as high as half a cube)."""
    side = geometry.die_mm * pose.scale(geometry.die_mm) * views.s
    seeds = []
    for r in range(geometry.rows):
        for c in range(geometry.cols):
            x, y = pose.lifted(*geometry.cell_centre_mm(Cell(r, c)), geometry.die_mm / 2)
            px, py = (float(v) for v in views.px(np.array([x, y])))
            seeds.append((x, y, _turn(views, px, py, side * CUBES.turn_window)))
    return seeds


def _candidates(views: _Views, geometry: BoardGeometry,
                pose: CameraPose) -> list[tuple[float, float, float]]:
    """(x, y in mm, turn) of likely cubes off the grid, strongest first (see the module
    docstring)."""
    half = 0.5
    gx = cv2.resize(views.gx, None, fx=half, fy=half, interpolation=cv2.INTER_AREA)
    gy = cv2.resize(views.gy, None, fx=half, fy=half, interpolation=cv2.INTER_AREA)
    magnitude = cv2.magnitude(gx, gy)
    s = views.s * half
    shape = (magnitude.shape[0], magnitude.shape[1])
    side = geometry.die_mm * pose.scale(geometry.die_mm) * s
    blurred = cv2.GaussianBlur(magnitude, (0, 0), CUBES.blob_sigma * side)
    blurred[_search_mask(geometry, s, views.offset * half, shape, grid=False) == 0] = 0
    window = max(3, round(CUBES.candidate_spacing_mm * s)) | 1
    peaks = (blurred >= cv2.dilate(blurred, np.ones((window, window), np.uint8))) & (
        blurred >= CUBES.min_candidate)
    ys, xs = np.nonzero(peaks)
    order = np.argsort(-blurred[ys, xs])[:CUBES.max_candidates]
    out = []
    for i in order:
        x, y = float(xs[i]) / half, float(ys[i]) / half
        x_mm, y_mm = (float(v) for v in views.mm(np.array([x, y])))
        out.append((x_mm, y_mm, _turn(views, x, y, side / half * CUBES.turn_window)))
    return out


def _turn(views: _Views, x: float, y: float, reach: float) -> float:
    """The turn (degrees, 0-90) the edges within ``reach`` px of (x, y) agree on: a square's
    edges give gradients at four right angles, so their angles times four coincide."""
    r = max(2, round(reach))
    h, w = views.gx.shape
    x0, y0 = max(round(x) - r, 0), max(round(y) - r, 0)
    x1, y1 = min(round(x) + r, w), min(round(y) + r, h)
    gx, gy = views.gx[y0:y1, x0:x1], views.gy[y0:y1, x0:x1]
    weight = gx * gx + gy * gy
    phi = np.arctan2(gy, gx) * 4.0
    angle = math.degrees(math.atan2(float(np.sum(weight * np.sin(phi))),
                                    float(np.sum(weight * np.cos(phi))))) / 4.0
    return angle % 90.0


# --------------------------------------------------------------------------- outlines


@lru_cache(maxsize=4)
def _unit_square(per_edge: int) -> tuple[np.ndarray, np.ndarray]:
    """Points along a unit square's perimeter (centred, side 1), edge by edge, and their
    outward normals."""
    t = (np.arange(per_edge) + 0.5) / per_edge - 0.5
    points, normals = [], []
    for nx, ny in ((0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0)):
        points.append(np.column_stack([-ny * t, nx * t]) + 0.5 * np.array([nx, ny]))
        normals.append(np.repeat([[nx, ny]], per_edge, axis=0))
    return np.vstack(points), np.vstack(normals)


def outlines_mm(places: np.ndarray, height_mm: float, edge_mm: float,
                pose: CameraPose) -> tuple[np.ndarray, np.ndarray]:
    """Where cubes' outlines are seen (mm) and their outward normals, (K, P, 2) each, for
    footprints ``places`` (K, 3: x, y, turn in degrees): for each of a cube's four sides the
    top's edge (enlarged and pushed from the nadir by ``pose``) or, where the side face shows
    beyond it, the footprint's edge on the paper."""
    unit, normals = _unit_square(CUBES.outline_points)
    a = np.radians(places[:, 2])
    cos, sin = np.cos(a)[:, None], np.sin(a)[:, None]
    ux = unit[None, :, 0] * cos - unit[None, :, 1] * sin      # (K, P) turned unit square
    uy = unit[None, :, 0] * sin + unit[None, :, 1] * cos
    nx = normals[None, :, 0] * cos - normals[None, :, 1] * sin
    ny = normals[None, :, 0] * sin + normals[None, :, 1] * cos
    k = pose.scale(height_mm)
    side = edge_mm * k
    fx, fy = places[:, 0:1], places[:, 1:2]
    cx, cy = pose.nadir_mm
    tx, ty = cx + (fx - cx) * k, cy + (fy - cy) * k
    beyond = (fx - tx) * nx + (fy - ty) * ny + (edge_mm - side) / 2
    per_edge = CUBES.outline_points
    edges = beyond[:, ::per_edge] > CUBES.side_shows_mm          # (K, 4): the side shows
    foot = np.repeat(edges, per_edge, axis=1)
    px = np.where(foot, fx + ux * edge_mm, tx + ux * side)
    py = np.where(foot, fy + uy * edge_mm, ty + uy * side)
    return np.stack([px, py], axis=-1), np.stack([nx, ny], axis=-1)


def outline_mm(x_mm: float, y_mm: float, angle: float, height_mm: float, edge_mm: float,
               pose: CameraPose) -> tuple[np.ndarray, np.ndarray]:
    """One cube's outline (``outlines_mm`` of one footprint), (P, 2) each."""
    points, normals = outlines_mm(np.array([[x_mm, y_mm, angle]]), height_mm, edge_mm, pose)
    return points[0], normals[0]


def _contrasts(views: _Views, points: np.ndarray, normals: np.ndarray) -> np.ndarray:
    """The contrast across outlines (K, P, 2) at each sample, (K, P): the strongest within
    ``edge_reach_mm`` along the normal (the model's place is good to a millimetre); NaN where
    the sample lies out of view. One image lookup for all of them."""
    reach = np.linspace(-CUBES.edge_reach_mm, CUBES.edge_reach_mm, CUBES.edge_offsets)
    shifted = points[None] + reach[:, None, None, None] * normals[None]   # (O, K, P, 2)
    g = _sample(views.g, views.px(shifted.reshape(-1, 2))).reshape(shifted.shape)
    best = np.abs(g[..., 0] * normals[None, ..., 0] + g[..., 1] * normals[None, ..., 1]
                  ).max(axis=0)
    h, w = views.gx.shape
    seen = views.px(points)
    margin = CUBES.edge_reach_mm * views.s + 1
    inside = ((seen[..., 0] >= margin) & (seen[..., 0] <= w - 1 - margin)
              & (seen[..., 1] >= margin) & (seen[..., 1] <= h - 1 - margin))
    return np.where(inside, best, np.nan)


def _sample(image: np.ndarray, px: np.ndarray) -> np.ndarray:
    """Bilinear samples of a float32 image (one or two channels) at (N, 2) pixel positions
    (pixel centres at .0): (N,) or (N, 2)."""
    n = len(px)
    width = 1024  # remap's maps are images: no side may reach 32767
    maps = np.zeros((-(-n // width) * width, 2), np.float32)
    maps[:n] = px
    out = cv2.remap(image, maps.reshape(-1, width, 2), np.empty(0, np.float32),
                    cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    channels = image.shape[2] if image.ndim == 3 else 1
    flat = np.asarray(out).reshape(-1, channels)[:n]
    return flat if channels > 1 else flat[:, 0]


def _scores(contrast: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(mean contrast, share crossed by an edge) of each outline's samples in view, (K,)
    each; an outline with less than ``min_seen`` of it in view scores 0."""
    seen = ~np.isnan(contrast)
    count = seen.sum(axis=1)
    values = np.where(seen, contrast, 0.0)
    mean = values.sum(axis=1) / np.maximum(count, 1)
    covered = (values >= CUBES.edge_present).sum(axis=1) / np.maximum(count, 1)
    enough = count >= CUBES.min_seen * contrast.shape[1]
    return np.where(enough, mean, 0.0), np.where(enough, covered, 0.0)


def _search(views: _Views, geometry: BoardGeometry, pose: CameraPose, starts: np.ndarray,
            height_mm: float, levels: tuple[int, int]) -> np.ndarray:
    """Footprint places and turns (K, 3) whose outlines at ``height_mm`` have the strongest
    edges, searched from ``starts`` together: at each step size (halved from level
    ``levels[0]`` to ``levels[1]``) each place tries six moves (x, y, turn, each way) and
    takes the best that is better, until none is. Returns (K, 5): x, y, turn, edge, cover."""
    edge = geometry.die_mm
    places = np.array(starts, np.float64).reshape(-1, 3)
    mean, cover = _scores(_contrasts(views, *outlines_mm(places, height_mm, edge, pose)))
    step_mm, step_deg = (v / 2 ** levels[0] for v in CUBES.fit_steps)
    moves = np.array([[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]],
                     np.float64)
    for _ in range(levels[1] - levels[0]):
        step = moves * [step_mm, step_mm, step_deg]
        for _ in range(CUBES.fit_rounds):
            tried = (places[:, None, :] + step[None, :, :]).reshape(-1, 3)
            m, c = _scores(_contrasts(views, *outlines_mm(tried, height_mm, edge, pose)))
            m, c = m.reshape(-1, 6), c.reshape(-1, 6)
            best = m.argmax(axis=1)
            rows = np.arange(len(places))
            better = m[rows, best] > mean
            if not better.any():
                break
            places[better] = tried.reshape(-1, 6, 3)[rows, best][better]
            mean[better], cover[better] = m[rows, best][better], c[rows, best][better]
        step_mm, step_deg = step_mm / 2, step_deg / 2
    return np.column_stack([places, mean, cover])


def _two_best(group: np.ndarray, edge: float) -> list[np.ndarray]:
    """The best place of one candidate's coarse searches and, when one lies a cube away from
    it, the best of those too (two cubes side by side share a candidate)."""
    score = group[:, 3] * group[:, 4]
    first = int(score.argmax())
    apart = np.hypot(group[:, 0] - group[first, 0], group[:, 1] - group[first, 1])
    others = np.nonzero(apart > CUBES.same_cube * edge)[0]
    out = [group[first, :3]]
    if len(others):
        out.append(group[others[int(score[others].argmax())], :3])
    return out


def _fit_candidates(views: _Views, geometry: BoardGeometry, pose: CameraPose,
                    candidates: Sequence[tuple[float, float, float]]) -> list[_Fit]:
    """The single cube's outline fitted from each candidate, all candidates searched
    together; the fits whose outline is strong enough, crossed by edges along enough of it,
    standing on the grid or a zone and off the markers.

    The search runs its first ``coarse_levels`` from the candidate and from places half and
    all of ``seed_offset`` of an edge away from it each way (a candidate found between two
    cubes side by side lies half a cube from each), and ends from the best of them (and the
    best a cube away from it)."""
    if not candidates:
        return []
    edge = geometry.die_mm
    reach = CUBES.seed_offset * edge
    offsets = np.array([[0, 0]] + [[dx * f, dy * f] for f in (reach / 2, reach)
                                   for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))])
    seeds = []
    for x_mm, y_mm, angle in candidates:
        x, y = pose.grounded(x_mm, y_mm, edge / 2)
        seeds += [(x + dx, y + dy, angle) for dx, dy in offsets]
    coarse = _search(views, geometry, pose, np.array(seeds), edge, (0, CUBES.coarse_levels))
    coarse = coarse.reshape(len(candidates), len(offsets), 5)
    starts = [start for group in coarse for start in _two_best(group, edge)]
    singles = _search(views, geometry, pose, np.array(starts), edge, (CUBES.coarse_levels,
                                                                       CUBES.fit_levels))
    fits = [_Fit(float(a), float(b), float(c), edge, float(e), float(v))
            for a, b, c, e, v in singles]
    return [f for f in fits if f.edge >= CUBES.min_edge and f.covered >= CUBES.min_covered
            and _may_stand(geometry, f.x_mm, f.y_mm)]


def _may_stand(geometry: BoardGeometry, x_mm: float, y_mm: float) -> bool:
    """A footprint centre inside the grid or a zone (with the search margin), and the
    footprint clear of every marker."""
    shape = (round(geometry.size_mm) + 1, round(geometry.size_mm) + 1)
    mask = _search_mask(geometry, 1.0, 0.0, shape)
    inside = 0 <= round(x_mm) < shape[1] and 0 <= round(y_mm) < shape[0]
    if not inside or not mask[round(y_mm), round(x_mm)]:
        return False
    half = geometry.die_mm / 2
    for marker_id in geometry.MARKER_IDS:
        (a, b), _, (c, d), _ = geometry.marker_corners_mm(marker_id)
        if a - half < x_mm < c + half and b - half < y_mm < d + half:
            return False
    return True


# --------------------------------------------------------------------------- one cube


def _read_cube(views: _Views, geometry: BoardGeometry, pose: CameraPose,
               refs: CubeReferences, fit: _Fit) -> CubeDetection | None:
    """The detection of a placed cube: its top's colour; None when its middle does not hold
    a symbol (a top's middle differs from its body by at least ``symbol_contrast``: an
    outline fitted across a cube's edge and a symbol, or a neighbour's, is no top)."""
    edge = geometry.die_mm
    tx, ty = pose.lifted(fit.x_mm, fit.y_mm, fit.height_mm)
    side_mm = edge * pose.scale(fit.height_mm)
    reach = side_mm * math.sqrt(0.5)
    paper = _paper_near(views, (tx, ty), reach + CUBES.paper_gap_mm,
                        reach + CUBES.paper_gap_mm + CUBES.paper_band_mm)
    body = _top_pixels(views, tx, ty, fit.angle, side_mm, fit.ringed)
    if not _symbol_in_middle(views, tx, ty, side_mm, body, paper):
        return None
    reading = classify_face(body, paper, refs)
    trust = min(1.0, fit.edge / CUBES.full_edge)
    s, o = views.s, 0.0
    return CubeDetection(fit.x_mm * s + o, fit.y_mm * s + o, tx * s + o, ty * s + o, side_mm * s,
                         fit.angle % 90.0, reading.colour, round(reading.confidence * trust, 4),
                         fit.stacked, fit.ringed, round(fit.edge, 4))


def _symbol_in_middle(views: _Views, tx: float, ty: float, side_mm: float, body: np.ndarray,
                      paper: BGR) -> bool:
    """Whether the middle of a top (``symbol_core`` of its side around its centre) differs
    from its body by ``symbol_contrast`` (paper-relative colours, medians)."""
    c = views.px(np.array([tx, ty]))
    r = CUBES.symbol_core * side_mm * views.s
    box = _box(views, np.array([c]), r)
    if box is None or len(body) == 0:
        return False
    x0, y0, x1, y1 = box
    mask = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.circle(mask, (round(c[0] - x0), round(c[1] - y0)), max(1, round(r)), (1,), -1)
    middle = views.image[y0:y1, x0:x1][mask > 0]
    if len(middle) == 0:
        return False
    scale = np.maximum(np.array(paper, np.float32), 1.0)
    difference = (np.median(middle.astype(np.float32), axis=0)
                  - np.median(body.astype(np.float32), axis=0)) / scale
    return float(np.linalg.norm(difference)) >= CUBES.symbol_contrast


def _top_pixels(views: _Views, tx: float, ty: float, angle: float, side_mm: float,
                ringed: bool) -> np.ndarray:
    """The pixels of the top between its rim and the symbol printed in its middle (for a
    ringed top, whose turn is less sure, a band between two circles within the ring)."""
    c = views.px(np.array([tx, ty]))
    outer = side_mm * (0.5 - CUBES.top_inset) * views.s
    box = _box(views, np.array([c]), outer * math.sqrt(2))
    if box is None:
        return np.zeros((0, 3), np.uint8)
    x0, y0, x1, y1 = box
    mask = np.zeros((y1 - y0, x1 - x0), np.uint8)
    centre = (round(c[0] - x0), round(c[1] - y0))
    if ringed:
        cv2.circle(mask, centre, round(outer), (1,), -1)
    else:
        inner = side_mm * (1.0 - 2 * CUBES.top_inset)
        corners = (_corners(tx, ty, angle, inner) * views.s + views.offset).astype(np.float32)
        cv2.fillConvexPoly(mask, np.round(corners - [x0, y0]).astype(np.int32), (1,))
    cv2.circle(mask, centre, round(CUBES.symbol_radius * side_mm * views.s), (0,), -1)
    return views.image[y0:y1, x0:x1][mask > 0]


def _corners(x_mm: float, y_mm: float, angle: float, side_mm: float) -> np.ndarray:
    """The four corners (mm) of a square centred at (x, y), turned ``angle`` degrees."""
    a = math.radians(angle)
    c, s = math.cos(a), math.sin(a)
    h = side_mm / 2
    return np.array([[x_mm + c * u - s * v, y_mm + s * u + c * v]
                     for u, v in ((-h, -h), (h, -h), (h, h), (-h, h))])
