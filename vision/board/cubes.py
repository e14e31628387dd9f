"""Find CubeCourier cubes on the warped board and read each one's top colour, whether it is a
stack of two, and whether the marker ring lies on it.

``find_board_cubes`` runs, on the canonical view (the board plane at ``px_per_mm``, with a
margin beyond the board square so that tops pushed past its edge are seen whole):

1. **the paper**: the view's brightness where nothing stands is the brightness around each
   pixel at its brightest (a grey closing wider than a cube); the view's edges are taken on the
   view divided by it, leaving out printed lines (grid, zone outlines);
2. **the ring** (``CUBES.ring_bgr``, a blue annulus lying on a top's four corners, never hiding
   its middle): pixels of its hue relative to the paper's colour, grouped; a group of the
   ring's area is a ring, its centre the ringed top's, its outer radius its height (the ring is
   larger the nearer it is to the camera: ``vision.board.pose``): a stack where that height is
   nearer two edges than one;
3. **seeds**: a grid cell holds at most one cube, near its middle: four places around each
   cell's middle; the zones hold cubes anywhere, side by side: a lattice over each zone; each
   with the turn the edges around it agree on (a square's edges meet at right angles);
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

Steps 1 and 2 live in ``vision.board.cube_view`` and ``vision.board.cube_ring``.

May import ``vision.board.config``, ``.geometry``, ``.pose``, ``.cube_view``, ``.cube_ring``,
``vision.top.cube_colour``, ``engine`` (the table types), numpy and OpenCV.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from engine.table import Cell
from vision.board.config import CUBES
from vision.board.cube_ring import find_rings, ring_fit
from vision.board.cube_view import (
    BGR,
    CubeFit,
    CubeView,
    board_paper,
    paper_near,
    pixel_box,
    prepare_view,
    sample,
    turn,
)
from vision.board.geometry import BoardGeometry
from vision.board.pose import CameraPose
from vision.top.cube_colour import DEFAULT_REFERENCES, CubeReferences, classify_face

__all__ = ["CubeDetection", "board_paper", "find_board_cubes", "outline_mm", "outlines_mm",
           "top_body"]


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
    views = prepare_view(view_bgr, geometry, margin_px)
    kept = [ring_fit(views, geometry, pose, ring) for ring in find_rings(views, geometry, pose)]
    fits = _fit_seeds(views, geometry, pose, _seeds(views, geometry, pose))
    for fit in sorted(fits, key=lambda f: -f.edge):
        if all(math.hypot(fit.x_mm - k.x_mm, fit.y_mm - k.y_mm) > CUBES.same_cube
               * geometry.die_mm for k in kept):
            kept.append(fit)
    found = [_read_cube(views, geometry, pose, refs, fit) for fit in kept]
    return [cube for cube in found if cube is not None]


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


def _seeds(views: CubeView, geometry: BoardGeometry,
           pose: CameraPose) -> list[tuple[float, float, float]]:
    """Footprints (x, y in mm, turn) to search from: the middle of each grid cell and four
    places around it (a cell holds at most one cube, near its middle) and a lattice over each
    zone (cubes wait
    there anywhere, side by side), ``seed_step`` of an edge apart; each with the turn the edges
    around its top agree on."""
    edge = geometry.die_mm
    step = CUBES.seed_step * edge
    side = edge * pose.scale(edge) * views.s
    places = []
    for r in range(geometry.rows):
        for c in range(geometry.cols):
            x, y = geometry.cell_centre_mm(Cell(r, c))
            places += [(x, y)] + [(x + dx, y + dy) for dx in (-step / 2, step / 2)
                                  for dy in (-step / 2, step / 2)]
    for zone in geometry.zones:
        xs = np.arange(zone.x_mm + step / 2, zone.x_mm + zone.w_mm, step)
        ys = np.arange(zone.y_mm + step / 2, zone.y_mm + zone.h_mm, step)
        places += [(float(x), float(y)) for y in ys for x in xs]
    seeds = []
    for x, y in places:
        px, py = (float(v) for v in views.px(np.array(pose.lifted(x, y, edge))))
        seeds.append((x, y, turn(views, px, py, side * CUBES.turn_window)))
    return seeds


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


def _contrasts(views: CubeView, points: np.ndarray, normals: np.ndarray,
               reach_mm: float = CUBES.edge_reach_mm) -> np.ndarray:
    """The contrast across outlines (K, P, 2) at each sample, (K, P): the strongest within
    ``reach_mm`` along the normal (the model's place is good to a millimetre, a search's
    coarse steps look farther); NaN where the sample lies out of view. One image lookup for
    all of them."""
    offsets = max(CUBES.edge_offsets, 2 * round(reach_mm / CUBES.edge_reach_mm) + 1)
    reach = np.linspace(-reach_mm, reach_mm, offsets)
    shifted = points[None] + reach[:, None, None, None] * normals[None]   # (O, K, P, 2)
    g = sample(views.g, views.px(shifted.reshape(-1, 2))).reshape(shifted.shape)
    best = np.abs(g[..., 0] * normals[None, ..., 0] + g[..., 1] * normals[None, ..., 1]
                  ).max(axis=0)
    h, w = views.gx.shape
    seen = views.px(points)
    margin = CUBES.edge_reach_mm * views.s + 1
    inside = ((seen[..., 0] >= margin) & (seen[..., 0] <= w - 1 - margin)
              & (seen[..., 1] >= margin) & (seen[..., 1] <= h - 1 - margin))
    return np.where(inside, best, np.nan)


@lru_cache(maxsize=2)
def _body_points(count: int) -> np.ndarray:
    """Points of a unit top (side 1, centred) between its rim and its symbol: ``count`` on a
    circle of radius ``body_radius``."""
    a = np.linspace(0.0, 2 * math.pi, count, endpoint=False) + math.pi / count
    return np.column_stack([np.cos(a), np.sin(a)]) * CUBES.body_radius


def _unevenness(views: CubeView, places: np.ndarray, height_mm: float, edge_mm: float,
                pose: CameraPose) -> np.ndarray:
    """The spread (standard deviation of brightness / paper) over each top's body points."""
    unit = _body_points(CUBES.body_points)
    a = np.radians(places[:, 2])
    cos, sin = np.cos(a)[:, None], np.sin(a)[:, None]
    k = pose.scale(height_mm)
    cx, cy = pose.nadir_mm
    tx, ty = cx + (places[:, 0:1] - cx) * k, cy + (places[:, 1:2] - cy) * k
    side = edge_mm * k
    px = tx + (unit[None, :, 0] * cos - unit[None, :, 1] * sin) * side
    py = ty + (unit[None, :, 0] * sin + unit[None, :, 1] * cos) * side
    levels = sample(views.level, views.px(np.stack([px, py], axis=-1).reshape(-1, 2)))
    return np.asarray(levels.reshape(len(places), -1).std(axis=1))


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


def _search(views: CubeView, geometry: BoardGeometry, pose: CameraPose, starts: np.ndarray,
            height_mm: float, levels: tuple[int, int]) -> np.ndarray:
    """Footprint places and turns (K, 3) whose outlines at ``height_mm`` have the strongest
    edges around an even top (the edges' mean contrast less ``uneven_weight`` times the
    spread of the top's brightness between its rim and its symbol: an outline that comes to
    rest across a cube's edge, its side or its symbol holds two shades), searched from
    ``starts`` together: at each step size (halved from level ``levels[0]`` to ``levels[1]``)
    each place tries six moves (x, y, turn, each way) and takes the best that is better, until
    none is; an outline's edges are looked for as far as the step (so a coarse step finds
    edges a few millimetres off). Returns (K, 5): x, y, turn, edge (mean contrast), cover."""
    edge = geometry.die_mm
    places = np.array(starts, np.float64).reshape(-1, 3)

    def judge(tried: np.ndarray, reach: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        m, c = _scores(_contrasts(views, *outlines_mm(tried, height_mm, edge, pose), reach))
        return m, c, m - CUBES.uneven_weight * _unevenness(views, tried, height_mm, edge, pose)

    step_mm, step_deg = (v / 2 ** levels[0] for v in CUBES.fit_steps)
    mean, cover, goal = judge(places, max(CUBES.edge_reach_mm, step_mm))
    moves = np.array([[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]],
                     np.float64)
    for level in range(levels[1] - levels[0]):
        step = moves * [step_mm, step_mm, step_deg]
        reach = max(CUBES.edge_reach_mm, step_mm)
        if level:  # the goal was judged with the last step's reach
            mean, cover, goal = judge(places, reach)
        for _ in range(CUBES.fit_rounds):
            tried = (places[:, None, :] + step[None, :, :]).reshape(-1, 3)
            m, c, g = (v.reshape(-1, 6) for v in judge(tried, reach))
            best = g.argmax(axis=1)
            rows = np.arange(len(places))
            better = g[rows, best] > goal
            if not better.any():
                break
            places[better] = tried.reshape(-1, 6, 3)[rows, best][better]
            mean[better], cover[better] = m[rows, best][better], c[rows, best][better]
            goal[better] = g[rows, best][better]
        step_mm, step_deg = step_mm / 2, step_deg / 2
    if reach > CUBES.edge_reach_mm:  # report the fine reach's figures
        mean, cover, _ = judge(places, CUBES.edge_reach_mm)
    return np.column_stack([places, mean, cover])


def _fit_seeds(views: CubeView, geometry: BoardGeometry, pose: CameraPose,
               seeds: Sequence[tuple[float, float, float]]) -> list[CubeFit]:
    """The single cube's outlines fitted from the seeds: all searched together for
    ``coarse_levels``; of those that came to the same place (``same_place`` of an edge) the
    best searched on to ``fit_levels`` (a coarse place is judged at half the thresholds: it is
    only a millimetre or two from its cube); then, best first, those a cube apart
    (``same_cube``) whose outline is strong enough, crossed by edges along enough of it,
    whose top is even (``max_uneven``: a search that came to rest across two cubes, or on the
    paper between them, is weaker or holds two shades), standing on the grid or a zone and off
    the markers. Only an accepted fit keeps a rival from being a cube."""
    if not seeds:
        return []
    edge = geometry.die_mm
    coarse = _search(views, geometry, pose, np.array(seeds), edge, (0, CUBES.coarse_levels))
    places = _best_apart(coarse, CUBES.same_place * edge, CUBES.coarse_share)
    if not places:
        return []
    fine = _search(views, geometry, pose, np.array(places)[:, :3], edge,
                   (CUBES.coarse_levels, CUBES.fit_levels))
    uneven = _unevenness(views, fine[:, :3], edge, edge, pose)
    accepted = fine[(uneven <= CUBES.max_uneven)
                    & np.array([_may_stand(geometry, x, y) for x, y in fine[:, :2]])]
    return [CubeFit(float(a), float(b), float(c), edge, float(e), float(v))
            for a, b, c, e, v in _best_apart(accepted, CUBES.same_cube * edge)]


def _best_apart(rows: np.ndarray, apart_mm: float, share: float = 1.0) -> list[np.ndarray]:
    """Search results (x, y, turn, edge, cover) strong enough to be a cube (``share`` of the
    thresholds), best first (edge times cover), each farther than ``apart_mm`` from every
    better one."""
    kept: list[np.ndarray] = []
    for row in rows[np.argsort(-rows[:, 3] * rows[:, 4])]:
        if row[3] < share * CUBES.min_edge or row[4] < share * CUBES.min_covered:
            continue
        if all(math.hypot(row[0] - k[0], row[1] - k[1]) > apart_mm for k in kept):
            kept.append(row)
    return kept


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


def _read_cube(views: CubeView, geometry: BoardGeometry, pose: CameraPose,
               refs: CubeReferences, fit: CubeFit) -> CubeDetection | None:
    """The detection of a placed cube: its top's colour; None when its middle does not hold
    a symbol (a top's middle differs from its body by at least ``symbol_contrast``: an
    outline fitted across a cube's edge and a symbol, or a neighbour's, is no top)."""
    edge = geometry.die_mm
    side_mm = edge * pose.scale(fit.height_mm)
    tx, ty = _centre_top(views, *pose.lifted(fit.x_mm, fit.y_mm, fit.height_mm), fit.angle,
                         side_mm)
    reach = side_mm * math.sqrt(0.5)
    paper = paper_near(views, (tx, ty), reach + CUBES.paper_gap_mm,
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


def _centre_top(views: CubeView, tx: float, ty: float, angle: float,
                side_mm: float) -> tuple[float, float]:
    """The top's centre near where the outline put it: the place within ``centre_reach_mm``
    where the middle differs most from an even body around it (the symbol printed in the
    middle of the top; the outline's place depends on the camera's height, the symbol's not)."""
    r = CUBES.centre_reach_mm
    steps = np.linspace(-r, r, 2 * round(r / CUBES.centre_step_mm) + 1)
    dx, dy = (v.ravel() for v in np.meshgrid(steps, steps))
    unit = _body_points(CUBES.body_points)
    a = math.radians(angle)
    ring = (unit @ np.array([[math.cos(a), math.sin(a)], [-math.sin(a), math.cos(a)]])
            * side_mm)
    core = np.array([[0.0, 0.0]] + [[math.cos(t) * CUBES.symbol_core * side_mm / 2,
                                     math.sin(t) * CUBES.symbol_core * side_mm / 2]
                                    for t in np.linspace(0, 2 * math.pi, 6, endpoint=False)])
    centres = np.column_stack([tx + dx, ty + dy])
    points = np.concatenate([centres[:, None, :] + core[None], centres[:, None, :] + ring[None]],
                            axis=1)
    level = sample(views.level, views.px(points.reshape(-1, 2))).reshape(len(centres), -1)
    middle, body = level[:, :len(core)].mean(axis=1), level[:, len(core):]
    score = np.abs(middle - body.mean(axis=1)) - body.std(axis=1)
    best = int(score.argmax())
    return float(centres[best, 0]), float(centres[best, 1])


def _symbol_in_middle(views: CubeView, tx: float, ty: float, side_mm: float, body: np.ndarray,
                      paper: BGR) -> bool:
    """Whether the middle of a top (``symbol_core`` of its side around its centre) differs
    from its body by ``symbol_contrast`` (paper-relative colours, medians)."""
    c = views.px(np.array([tx, ty]))
    r = CUBES.symbol_core * side_mm * views.s
    box = pixel_box(views, np.array([c]), r)
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


def _top_pixels(views: CubeView, tx: float, ty: float, angle: float, side_mm: float,
                ringed: bool) -> np.ndarray:
    """The pixels of the top between its rim and the symbol printed in its middle (for a
    ringed top, whose turn is less sure, a band between two circles within the ring)."""
    c = views.px(np.array([tx, ty]))
    outer = side_mm * (0.5 - CUBES.top_inset) * views.s
    box = pixel_box(views, np.array([c]), outer * math.sqrt(2))
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


def top_body(view_bgr: np.ndarray, geometry: BoardGeometry, pose: CameraPose,
             cube: CubeDetection, margin_px: int = 0) -> np.ndarray:
    """The pixels of a found cube's top between its rim and its symbol (what its colour is
    read from), for measuring the colours at calibration."""
    views = CubeView(view_bgr, np.empty(0, np.float32), np.empty(0, np.float32),
                   np.empty(0, np.float32), np.empty(0, np.float32), np.empty(0, np.float32),
                   geometry.px_per_mm, float(margin_px))
    s = geometry.px_per_mm
    return _top_pixels(views, cube.top_x / s, cube.top_y / s, cube.angle, cube.top_side / s,
                       cube.ringed)
