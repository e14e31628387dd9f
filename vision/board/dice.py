"""Find and read the dice on the board's canonical top-down view, using what the board tells.

The generic reader (``vision.photo.finder.find_dice``) looks for die-shaped regions anywhere; on the
board a white die on white paper has no region to find, and its side faces (seen because the
camera is close) spoil the shape. Here the die is found by its pips instead, with what is
known of the board:

1. pips are round spots of about a sixth of the known die edge, darker than their
   surroundings (black pips on a white die: grey level) or less saturated (white pips on a
   red die: saturation; also blue and green dice); spots are found at that one scale, over the
   whole view at once; on a board whose palette holds black dice, also spots lighter than
   their surroundings (white pips on black) on dark die-sized bodies away from the markers;
2. a pip lies on the die's top face, so the ring around it is as bright (or as saturated) as
   the brightest things near it: this drops the pips on side faces, printed text and lines;
3. at most one die stands in a grid cell, so a cell's pips are one die; outside the grid the
   pips are grouped by distance (a die's pips lie within one die edge of each other);
4. a group's centre is the die's centre (every pip layout is symmetric about it), its angle
   comes from the pips' lattice (or, for a lone pip, from the edges around it), its size is
   the known one; that square is rectified and read by the shared pip reader
   (``vision.top.pips.read_top``), which checks that the pips form a layout;
5. a reading is kept only when confident, and none of the pips it counts is a pip of the
   face below seen through a translucent body (``vision.board.through.reads_through``);
   otherwise the die is reported with face None and a reason (unclear pips, blurred, cocked,
   pips seen through), never guessed.

May import ``vision.board`` modules (``confirm``, ``geometry``, ``config``, ``through``),
``vision.top``, numpy and OpenCV; never ``vision.photo``.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Collection
from dataclasses import dataclass, replace
from functools import partial

import cv2
import numpy as np

from vision.board.body_read import (
    CellKeeper,
    layout_turn,
    pips_in_view,
    reread_cells,
    two_off_the_edges,
)
from vision.board.config import DICE
from vision.board.confirm import confirm_one, confirm_top
from vision.board.geometry import BoardGeometry
from vision.board.outline_read import read_outlined_at
from vision.board.through import reads_through
from vision.top.arrays import nonzero_yx
from vision.top.blur import is_blurred
from vision.top.colour import classify_colour
from vision.top.config import READER
from vision.top.pips import (
    LayoutMatch,
    best_fit,
    centres,
    edge_direction,
    fitting_pips,
    pip_step,
    read_top,
)
from vision.top.square import rectify
from vision.top.types import CROP, MARGIN, VIEW, Blob, Candidate, DieDetection, PipReading

log = logging.getLogger(__name__)



@dataclass(frozen=True)
class Spot:
    """A pip candidate in view pixels and the channel it was found in."""

    x: float
    y: float
    strength: float
    # "grey" (dark pips), "sat" (light pips on a saturated die) or "light" (light pips on a
    # black die)
    channel: str
    on_top: bool = True  # False: its ring is not bright (a pip on a side face, printing)


def find_board_dice(warped_bgr: np.ndarray, *, expected_size: float,
                    geometry: BoardGeometry) -> list[DieDetection]:
    """Find and read the dice on a canonical board view.

    Args:
        warped_bgr: the board warped to the canonical view (``geometry.canonical_px`` square,
            ``geometry.px_per_mm`` pixels per millimetre), BGR uint8.
        expected_size: the die edge in view pixels (``geometry.die_px``).
        geometry: the board (grid position and size).

    Returns:
        One ``DieDetection`` per die found (x, y in view pixels), in the grid cells and outside
        the grid. A die whose face cannot be read surely has face None and a reason. An empty
        list for an empty board or an unusable image.
    """
    image = usable_view(warped_bgr)
    if image is None or expected_size <= 4:
        return []
    maps = half_channels(image)
    spots = spots_in(maps, expected_size, dark_bodies(maps, expected_size, geometry),
                     saturated_ring(geometry))
    return dice_from_spots(image, spots, expected_size, geometry)


GroupReader = Callable[[np.ndarray, list[Spot], float, bool], DieDetection | None]


def dice_from_spots(image: np.ndarray, spots: list[Spot], size: float,
                    geometry: BoardGeometry, read: GroupReader | None = None,
                    keep: CellKeeper | None = None) -> list[DieDetection]:
    """The dice a view's spots show: the spots grouped into dice, each group read (by
    ``read``, ``read_group``'s signature; ``read_group`` itself by default), and a die
    showing a side face's pips reported as cocked. A group outside the grid spanning more
    than one die may be dice lying side by side (``side_by_side``). A grid cell whose die
    is not read is read by its body, then its outline (``reread_cells``, by way of ``keep``
    when given)."""
    read = read or partial(read_group, palette=geometry.palette)
    groups = group_spots([s for s in spots if s.on_top], size, geometry)
    found: list[DieDetection | None] = []
    for g, inside in groups:
        if inside or _span(g) <= DICE.die_span * size:
            found.append(read(image, g, size, inside))
        else:
            found += side_by_side(image, g, size, read)
    side = [s for s in spots if not s.on_top and s.channel == "grey"]
    dice = [_unless_cocked(d, side, size) for d in found if d is not None]
    return reread_cells(image, dice, size, geometry, then=read_outlined_at, keep=keep)


def side_by_side(image: np.ndarray, group: list[Spot], size: float,
                 read: GroupReader) -> list[DieDetection | None]:
    """A group outside the grid spanning more than one die: the dice its parts read
    (``split_dice``) when they call more faces than the group read as one die (a die and a
    stray spot beside it)."""
    parts = [read(image, _one_channel(p), size, False) for p in split_dice(group, size)]
    whole = read(image, group, size, False)
    return parts if _faces(parts) > _faces([whole]) else [whole]


def _faces(dice: list[DieDetection | None]) -> int:
    return sum(d is not None and d.face is not None for d in dice)


def _unless_cocked(die: DieDetection, side: list[Spot], size: float) -> DieDetection:
    """A die leaning on something shows a side face with its pips: then it is not read."""
    if die.face is None or side_pips(die, side, size) < DICE.cocked_side_pips:
        return die
    return replace(die, face=None, confidence=0.0, reason="cocked")


def side_pips(die: DieDetection, side: list[Spot], size: float) -> int:
    """Pip-like spots just beyond a die's top face (on a side face it shows)."""
    near = 0
    for s in side:
        d = math.hypot(s.x - die.x, s.y - die.y)
        if DICE.side_range[0] * size <= d <= DICE.side_range[1] * size:
            near += 1
    return near


def usable_view(image: np.ndarray | None) -> np.ndarray | None:
    """The view as 3-channel BGR uint8, or None when it is not an image worth reading."""
    if not isinstance(image, np.ndarray) or image.dtype != np.uint8 or image.ndim != 3:
        return None
    if image.shape[2] == 4:
        image = cv2.cvtColor(image, cv2.COLOR_BGRA2BGR)
    if image.shape[2] != 3 or min(image.shape[:2]) < 16:
        return None
    return image


def channels(image: np.ndarray) -> dict[str, np.ndarray]:
    """The two channels pips show in, grey (black pips; float32) and saturation (white pips
    on red; uint8, as only the red dice's surroundings are searched in it), and the value
    (uint8): the markers' ink and shadows have a noisy, often high saturation, but no red die
    is that dark."""
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY).astype(np.float32)
    _, sat, value = cv2.split(cv2.cvtColor(image, cv2.COLOR_BGR2HSV))
    return {"grey": grey, "sat": sat, "value": value}


def find_spots(image: np.ndarray, size: float) -> list[Spot]:
    """Pip-sized dark spots, each marked whether its ring is bright (a pip on a die's top face)
    or not (kept only when it looks like a pip on a shaded side face)."""
    return spots_in(half_channels(image), size)


def half_channels(image: np.ndarray) -> dict[str, np.ndarray]:
    """``channels`` of the view at half size: pips are still 4 px across there, and are
    found at a quarter of the cost."""
    return channels(cv2.pyrDown(image))


def dark_bodies(maps: dict[str, np.ndarray], size: float,
                geometry: BoardGeometry) -> np.ndarray | None:
    """Where a black die's body may lie, on the view's ``half_channels``: dark regions, their
    pips filled in, left by an opening at half a die edge (grid lines and print go), of a
    die's area or two (neighbours touching), away from the markers. None when the board's
    palette holds no black dice (the light spots are not looked for)."""
    if "black" not in geometry.palette:
        return None
    half = size / 2.0
    dark = (maps["value"] <= DICE.black_max_value).view(np.uint8)
    shut = cv2.morphologyEx(dark, cv2.MORPH_CLOSE, _disc(DICE.black_close * half))
    bodies = cv2.morphologyEx(shut, cv2.MORPH_OPEN, _disc(DICE.black_open * half))
    _, labels, stats, _ = cv2.connectedComponentsWithStats(bodies)
    area = stats[:, cv2.CC_STAT_AREA] / (half * half)
    keep = (area >= DICE.black_area[0]) & (area <= DICE.black_area[1])
    keep[0] = False
    mask: np.ndarray = keep[labels].view(np.uint8)
    scale = geometry.px_per_mm / 2.0
    for marker in range(4):
        xs, ys = zip(*geometry.marker_corners_mm(marker))
        pad = DICE.black_marker_pad * half
        x0, x1 = int(min(xs) * scale - pad), int(max(xs) * scale + pad) + 1
        y0, y1 = int(min(ys) * scale - pad), int(max(ys) * scale + pad) + 1
        mask[max(0, y0):max(0, y1), max(0, x0):max(0, x1)] = 0
    return mask


def _disc(diameter: float) -> np.ndarray:
    side = max(3, round(diameter) | 1)
    return cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (side, side))


def saturated_ring(geometry: BoardGeometry) -> float:
    """The ring level of a light pip found in saturation (``_spots_in``'s ``bright_ring``):
    ``DICE.saturated_ring`` on a board whose palette holds blue or green dice, where such
    dice are met at the camera's lowest resolution (an A3 board: their edge pips' rings
    reach the blurred edge and the neighbouring pips), else ``DICE.bright_ring`` as for
    every pip."""
    if {"blue", "green"} & set(geometry.palette):
        return DICE.saturated_ring
    return DICE.bright_ring


def spots_in(maps: dict[str, np.ndarray], size: float,
             dark: np.ndarray | None = None, sat_ring: float = DICE.bright_ring) -> list[Spot]:
    """``find_spots`` on the view's ``half_channels`` (spots in full-size view pixels);
    with ``dark`` (``dark_bodies``), also the light spots on the black dice there; a light pip
    found in saturation has a ring at least ``sat_ring`` of the local saturation
    (``saturated_ring``)."""
    spots: list[Spot] = []
    size = size / 2.0
    if dark is not None:
        light = _spots_in(255.0 - maps["grey"], size, "light")
        spots += [Spot(2.0 * s.x + 0.5, 2.0 * s.y + 0.5, s.strength, s.channel, s.on_top)
                  for s in light if dark[int(s.y), int(s.x)]]
    for name in ("grey", "sat"):
        ch, x0, y0 = maps[name], 0, 0
        if name == "sat":  # only a saturated, lit die has pips here: look only around one
            red = ((ch >= DICE.min_red_saturation)
                   & (maps["value"] >= DICE.min_red_value)).view(np.uint8)
            left, top, width, height = cv2.boundingRect(red)  # (0, 0, 0, 0) for none
            if width == 0:
                continue
            pad = int(size)
            x0, y0 = max(0, left - pad), max(0, top - pad)
            ch = ch[y0:top + height - 1 + pad, x0:left + width - 1 + pad].astype(np.float32)
        ring = sat_ring if name == "sat" else DICE.bright_ring
        spots += [Spot(2.0 * (s.x + x0) + 0.5, 2.0 * (s.y + y0) + 0.5, s.strength, name,
                       s.on_top) for s in _spots_in(ch, size, name, ring)]
    return spots


def _spots_in(ch: np.ndarray, size: float, name: str,
              bright_ring: float = DICE.bright_ring) -> list[Spot]:
    radius = DICE.pip_radius * size
    small = cv2.GaussianBlur(ch, (0, 0), max(radius * 0.5, 0.8))
    large = cv2.GaussianBlur(ch, (0, 0), radius * 1.8)
    resp = large - small
    win = max(3, round(radius * 2) | 1)
    peaks = (resp >= cv2.dilate(resp, np.ones((win, win), np.uint8))) & (resp > 0)
    bright_win = round(size * 0.6) | 1
    bright = cv2.dilate(small, np.ones((bright_win, bright_win), np.uint8))
    ys, xs = nonzero_yx(peaks)
    if name == "sat":
        keep = bright[ys, xs] >= DICE.min_red_saturation
        ys, xs = ys[keep], xs[keep]
    keep = resp[ys, xs] > DICE.spot_contrast * np.maximum(bright[ys, xs], 1.0)
    ys, xs = ys[keep], xs[keep]
    centre = small[ys, xs]
    on_top = np.zeros(len(ys), bool)
    rings = [ring_samples(small, ys, xs, k * size) for k in DICE.rings]
    for ring in rings:
        on_top |= ((ring[:, DICE.ring_spared] >= bright_ring * bright[ys, xs])
                   & (centre <= DICE.dark_centre * _sorted_median(ring)))
    ring = rings[0]
    pip_like = ((centre <= DICE.dark_centre * ring[:, 0])
                & (ring[:, DICE.ring_spared] >= DICE.side_even * ring[:, -DICE.ring_spared - 1]))
    return [Spot(float(xs[i]), float(ys[i]), float(resp[ys[i], xs[i]]), name, bool(on_top[i]))
            for i in np.nonzero(on_top | pip_like)[0].tolist()]


def _sorted_median(rows: np.ndarray) -> np.ndarray:
    """``np.median(rows, axis=1)`` of rows already sorted (as ``ring_samples`` gives them)."""
    n = rows.shape[1]
    if n % 2:
        middle: np.ndarray = rows[:, n // 2]
        return middle
    mean: np.ndarray = (rows[:, n // 2 - 1] + rows[:, n // 2]) / 2
    return mean


_RING_ANGLES = np.linspace(0, 2 * math.pi, 12, endpoint=False)


def ring_samples(image: np.ndarray, ys: np.ndarray, xs: np.ndarray, rho: float) -> np.ndarray:
    """Values on a ring of radius ``rho`` around each point, sorted (darkest first).

    Args:
        image: the (blurred) channel.
        ys, xs: integer point coordinates.
        rho: ring radius in pixels.

    Returns:
        A (points, 12) array; a ring leaving the image reads 0 (dark: not a top-face pip).
    """
    h, w = image.shape
    ry = np.rint(ys[:, None] + rho * np.sin(_RING_ANGLES)[None, :]).astype(int)
    rx = np.rint(xs[:, None] + rho * np.cos(_RING_ANGLES)[None, :]).astype(int)
    inside = (ry >= 0) & (ry < h) & (rx >= 0) & (rx < w)
    values = np.where(inside, image[np.clip(ry, 0, h - 1), np.clip(rx, 0, w - 1)], 0.0)
    return np.sort(values, axis=1)


def group_spots(spots: list[Spot], size: float, geometry: BoardGeometry
                ) -> list[tuple[list[Spot], bool]]:
    """The pips of one die together: one group per grid cell, grouped by distance outside."""
    px = geometry.px_per_mm
    x0, y0 = (v * px for v in geometry.grid_origin_mm)
    cell = geometry.cell_mm * px
    slack = DICE.cell_slack * size
    cells: dict[tuple[int, int], list[Spot]] = {}
    outside: list[Spot] = []
    for s in spots:
        if _at_crossing(s, x0, y0, cell, geometry, DICE.crossing * size):
            continue
        c, r = int((s.x - x0) // cell), int((s.y - y0) // cell)
        if 0 <= r < geometry.rows and 0 <= c < geometry.cols:
            cells.setdefault((r, c), []).append(s)
        elif _near_grid(s, x0, y0, cell * geometry.cols, cell * geometry.rows, slack):
            continue  # on the grid's outline: a die straddling it is read by its cell
        else:
            outside.append(s)
    groups = [(_one_channel(g), True) for g in cells.values()]
    groups += [(_one_channel(g), False) for g in _cluster(outside, DICE.group_link * size)]
    return [(g, inside) for g, inside in groups if g]


def split_dice(group: list[Spot], size: float) -> list[list[Spot]]:
    """The pips of a linked group outside the grid, one part per die.

    A group spanning more than ``DICE.die_span`` may hold dice lying side by side (in a zone's
    places), linked by their nearest pips or by the fainter pips of a side face between them
    (which ``_one_channel`` has dropped): the spots are linked again, and a part still
    spanning too much is cut into the fewest parts that each fit, every spot going to the
    nearest of the parts' centres (k-means from the spots farthest apart).
    """
    span = DICE.die_span * size
    if _span(group) <= span:
        return [group]
    parts = []
    for linked in _cluster(group, DICE.group_link * size):
        parts += _fitting_parts(linked, span)
    return parts


def _fitting_parts(group: list[Spot], span: float) -> list[list[Spot]]:
    """``group`` cut into the fewest k-means parts that each span at most ``span``."""
    if _span(group) <= span:
        return [group]
    points = centres(group)
    for k in range(2, len(group) + 1):
        parts = [p for p in _k_means(points, k) if p]
        if all(_span([group[i] for i in p]) <= span for p in parts):
            break
    return [[group[i] for i in p] for p in parts]


def _span(spots: list[Spot]) -> float:
    """The largest distance between two of the spots."""
    return max((math.hypot(a.x - b.x, a.y - b.y) for i, a in enumerate(spots)
                for b in spots[i + 1:]), default=0.0)


def _k_means(points: np.ndarray, k: int, rounds: int = 10) -> list[list[int]]:
    """``points`` (n, 2) in ``k`` parts (indices): seeded by the point farthest from the
    mean, then each next farthest from the seeds so far; deterministic."""
    first = int(np.argmax(np.hypot(*(points - points.mean(axis=0)).T)))
    seeds = [points[first]]
    while len(seeds) < k:
        near = np.min([np.hypot(*(points - s).T) for s in seeds], axis=0)
        seeds.append(points[int(np.argmax(near))])
    means = np.array(seeds)
    for _ in range(rounds):
        nearest = np.argmin([np.hypot(*(points - m).T) for m in means], axis=0)
        moved = np.array([points[nearest == j].mean(axis=0) if np.any(nearest == j)
                          else means[j] for j in range(k)])
        if np.allclose(moved, means):
            break
        means = moved
    return [np.nonzero(nearest == j)[0].tolist() for j in range(k)]


def _at_crossing(s: Spot, x0: float, y0: float, cell: float, geometry: BoardGeometry,
                 tolerance: float) -> bool:
    """Whether a spot is where two grid lines cross (a dark dot with paper around it)."""
    c = round((s.x - x0) / cell)
    r = round((s.y - y0) / cell)
    if not (0 <= c <= geometry.cols and 0 <= r <= geometry.rows):
        return False
    return math.hypot(s.x - (x0 + c * cell), s.y - (y0 + r * cell)) <= tolerance


def _near_grid(s: Spot, x0: float, y0: float, width: float, height: float,
               slack: float) -> bool:
    return x0 - slack <= s.x <= x0 + width + slack and y0 - slack <= s.y <= y0 + height + slack


def _one_channel(group: list[Spot]) -> list[Spot]:
    """A die's pips all show in one channel: keep the channel with more (then stronger) pips,
    and of those the spots nearly as strong as the strongest (the pips of one face look alike;
    a pip on a side face or a printed mark is fainter)."""
    by: dict[str, list[Spot]] = {}
    for s in group:
        by.setdefault(s.channel, []).append(s)
    best = max(by.values(), key=lambda g: (len(g), sum(s.strength for s in g)), default=[])
    strongest = max((s.strength for s in best), default=0.0)
    return [s for s in best if s.strength >= DICE.even_pips * strongest]


def _cluster(spots: list[Spot], link: float) -> list[list[Spot]]:
    """Single-linkage groups of spots closer than ``link``."""
    parent = list(range(len(spots)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, a in enumerate(spots):
        for j in range(i + 1, len(spots)):
            b = spots[j]
            if a.channel == b.channel and math.hypot(a.x - b.x, a.y - b.y) < link:
                parent[root(i)] = root(j)
    out: dict[int, list[Spot]] = {}
    for i, s in enumerate(spots):
        out.setdefault(root(i), []).append(s)
    return list(out.values())


def fit_pips(points: np.ndarray) -> tuple[float, float] | None:
    """The die's angle (degrees, 0..90) and the fit error from its pips' layout.

    The pips are fitted to the layout of their count (``vision.top.pips.layout_fits``: every
    variant, scaled by their spread, turned onto it by least squares); the error is the worst
    pip's distance from its layout point, in pip steps. None for a single pip or more than six.
    """
    fit = best_fit(points) if len(points) >= 2 else None
    return None if fit is None else _angle_error(fit)


def _angle_error(fit: LayoutMatch) -> tuple[float, float]:
    *_, rot, error = fit  # rel @ rot ~ the layout: the pips turned
    return layout_turn(rot), error


def edge_angle(image: np.ndarray, x: float, y: float, size: float) -> float:
    """The dominant edge direction (degrees, 0..90) around a point: a die's outline.

    Args:
        image: the view, BGR (only the patch around the point is turned grey) or grey.
    """
    half = round(size * 0.8)
    x0, y0 = max(0, int(x) - half), max(0, int(y) - half)
    patch = image[y0:int(y) + half + 1, x0:int(x) + half + 1]
    if patch.shape[0] * patch.shape[1] < 9:
        return 0.0
    if patch.ndim == 3:
        patch = cv2.cvtColor(patch, cv2.COLOR_BGR2GRAY)
    patch = patch.astype(np.float32)
    dx, dy = np.arange(patch.shape[1]) + (x0 - x), np.arange(patch.shape[0]) + (y0 - y)
    r2 = dx[None, :] ** 2 + dy[:, None] ** 2  # squared: np.hypot costs four times as much
    rim = (r2 > (0.3 * size) ** 2) & (r2 < (0.8 * size) ** 2)  # beyond the pip, the top's rim
    return edge_direction(patch, rim)[0]


def read_group(image: np.ndarray, group: list[Spot], size: float,
               inside: bool, palette: Collection[str] = ()) -> DieDetection | None:
    """Read one die from its pips: its top square rectified at the known size.

    Args:
        inside: the group is a grid cell's (a die there is expected; an unreadable one is
            reported with face None). Outside the grid only pips that form a layout are a die.
        palette: the board's colours (``classify_colour`` names black, blue and green dice
            only where it holds them).
    """
    pips, fit = best_layout(group)
    square = None if inside else _square_at(image, pips, fit, size)
    if square is not None and not plain_top(image, square, size, pips):
        return None  # outside the grid, spots with printing around them are not a die
    found = _read_pips(image, pips, fit, size, square, palette)
    if found.face is None and 2 <= len(group) <= 7:
        # one stray spot (a pip on a side face, a printed dot) may spoil the layout
        for i in range(len(group)):
            rest = group[:i] + group[i + 1:]
            fit_rest = fit_pips(centres(rest)) if len(rest) > 1 else None
            if len(rest) > 1 and (fit_rest is None or fit_rest[1] > DICE.fit_error):
                continue
            retry = _read_pips(image, rest, fit_rest, size, palette=palette, afresh_one=False)
            if retry.face is not None:
                found = retry
                break
    if found.face == 2 and two_off_the_edges(image, found, size):
        found = replace(found, face=None, confidence=0.0, reason="pips off the diagonal")
    plain = inside or found.face is not None or plain_top(image, _square(found), size, pips)
    if not inside and found.face is None and (fit is None or len(pips) < 2 or not plain):
        return None  # spots outside the grid that neither read nor sit on a plain top
    return found


def _square_at(image: np.ndarray, pips: list[Spot], fit: tuple[float, float] | None,
               size: float) -> Candidate:
    """The die square the pips imply: at their centre, turned as their layout (or the edges)."""
    cx, cy = spots_centre(pips)
    if fit is not None:
        angle = fit[0]
    else:
        angle = edge_angle(image, cx, cy, size)
    return Candidate(cx, cy, size, size, angle, 1.0, "board")


def _square(die: DieDetection) -> Candidate:
    return Candidate(die.x, die.y, die.size, die.size, die.angle, 1.0, "board")


def _read_pips(image: np.ndarray, pips: list[Spot], fit: tuple[float, float] | None,
               size: float, square: Candidate | None = None,
               palette: Collection[str] = (), afresh_one: bool = True) -> DieDetection:
    """The die whose pips these are, read at its pips' centre and angle (face None if unsure).

    Args:
        square: the pips' ``_square_at``, when the caller has it already.
        afresh_one: a lone pip read afresh (not confirmed on the pixels) may be called a
            one on a plain top; False: a one is called only when confirmed on the pixels
            (``confirm_one``: nothing pip-like around it), as for the lone pip left when
            ``read_group`` drops a group's other spot, which may be a pip of the same face.
    """
    if fit is None and len(pips) > 1:
        cx, cy = spots_centre(pips)
        return DieDetection(cx, cy, size, 0.0, None, _colour(pips), 0.0, "unclear pips")
    square = square if square is not None else _square_at(image, pips, fit, size)
    cx, cy, angle = square.cx, square.cy, square.angle
    error = None if fit is None else fit[1]
    best: tuple[Candidate, PipReading, np.ndarray, bool] | None = None
    for k in DICE.top_scales:
        cand = Candidate(cx, cy, size * k, size * k, angle, 1.0, "board")
        crop = rectify(image, cand, VIEW, VIEW / CROP)
        sure = confirmed(crop, cand, pips, error, size)
        reading = sure or read_top(crop)
        if best is None or reading.confidence > best[1].confidence:
            best = (cand, reading, crop, sure is not None)
        if reading.confidence >= READER.min_confidence and (reading.face or 0) >= len(pips):
            break  # read surely at this size: the others would only cost time
    assert best is not None
    cand, reading, crop, on_pixels = best
    if reading.face == 1 and not on_pixels and not afresh_one:
        reading = replace(reading, face=None, confidence=0.0, reason="unclear pips")
    if reading.face == 1 and reading.confidence >= DICE.lone_pip_read and not on_pixels:
        # read afresh, a lone pip is a one only on a plain top around it: a corner pip of a
        # two whose other pip was missed has the die's edge close by on two sides (a one
        # confirmed on the pixels has had its top checked already)
        plain = plain_top(image, cand, size)
        one_at = max(reading.confidence, READER.min_confidence) if plain else 0.0
        reading = replace(reading, confidence=one_at, face=1 if plain else None,
                          reason="" if plain else "unclear pips")
    step = READER.nominal_step * CROP / 2 * size / cand.size  # the known die's, in crop pixels
    face, conf, reason = _verdict(crop, reading, len(pips), step)
    if face is not None and reads_through(crop, reading):
        face, conf, reason = None, 0.0, "pips seen through"
    if face is not None and not _plain_but_pips(image, cand, size, reading, on_pixels):
        face, conf, reason = None, 0.0, "unclear pips"
    colour = classify_colour(crop, reading.body, palette)
    return DieDetection(cx, cy, cand.size, angle % 90.0, face, colour, round(conf, 3), reason)


def _plain_but_pips(image: np.ndarray, cand: Candidate, size: float,
                    reading: PipReading, on_pixels: bool) -> bool:
    """Whether a face read afresh (not confirmed on the pixels) was read on a top plain but
    for the pips it read (``plain_share`` at least ``DICE.afresh_plain``), pips that fit their
    layout closely (``DICE.afresh_fit``): the spots may put the square off the die (shadows
    and the die's dark sides as dark spots), one of its "pips" may be the pip-like end of a
    dark stripe across it (a side face's edge) or a side face's pip beside the top's."""
    if on_pixels:
        return True
    if reading.fit_error > DICE.afresh_fit:
        return False
    pips = [Spot(float(x), float(y), 0.0, "read") for x, y in pips_in_view(cand, reading)]
    return plain_share(image, cand, size, pips) >= DICE.afresh_plain


def confirmed(crop: np.ndarray, cand: Candidate, pips: list[Spot], fit_error: float | None,
              size: float) -> PipReading | None:
    """The spots' face when two or more fit their layout closely (``fit_error``) at the known
    die's step, or a lone spot sits on a plain top with nothing pip-like around it (a one),
    and the crop's pixels bear it out (``vision.board.confirm``); None to read the crop
    afresh."""
    scale = CROP / cand.size  # crop pixels per view pixel
    if len(pips) == 1:
        return confirm_one(crop, scale * size)
    step = pip_step(centres(pips))
    if fit_error is None or fit_error > DICE.confirm_fit or step is None or not (
            DICE.confirm_step[0] <= step / (READER.nominal_step * size / 2)
            <= DICE.confirm_step[1]):
        return None
    points = np.array([[VIEW / 2 + scale * u, VIEW / 2 + scale * v]
                       for u, v in along_edges(cand, pips)])
    return confirm_top(crop, points, scale * size)


def along_edges(cand: Candidate, spots: list[Spot]) -> list[tuple[float, float]]:
    """The spots' centres relative to a square's centre, along its edges (view pixels)."""
    cos, sin = math.cos(math.radians(cand.angle)), math.sin(math.radians(cand.angle))
    return [((s.x - cand.cx) * cos + (s.y - cand.cy) * sin,
             -(s.x - cand.cx) * sin + (s.y - cand.cy) * cos) for s in spots]


def best_layout(group: list[Spot]) -> tuple[list[Spot], tuple[float, float] | None]:
    """The group's pips and their layout fit (angle, error); one stray spot may be dropped.

    None for the fit when no layout fits within ``DICE.fit_error`` (or for a lone pip).
    """
    found = fitting_pips(centres(group), DICE.fit_error)
    if found is None:
        return group, None
    keep, fit = found
    return [group[i] for i in keep], _angle_error(fit)


def spots_centre(spots: list[Spot]) -> tuple[float, float]:
    """The mean of the spots' centres: ``np.mean``'s numbers (it sums them in order) without
    building an array, which costs more than the sums for a die's few spots."""
    return sum(s.x for s in spots) / len(spots), sum(s.y for s in spots) / len(spots)


_PLAIN_PX = 32  # side of the square the inner top is rectified to for the plainness check
_PLAIN_YY, _PLAIN_XX = np.mgrid[0:_PLAIN_PX, 0:_PLAIN_PX] + 0.5 - _PLAIN_PX / 2


def plain_top(image: np.ndarray, cand: Candidate, size: float,
              pips: list[Spot] | None = None) -> bool:
    """Whether a die top is plain: one colour but for its pips (the centre one by default).

    A one read with middling confidence (its surroundings hold the die's shaded edges or a
    printed label, which the reader counts as rivals) is called when the top's inner square
    is uniform (``plain_share`` at least ``DICE.plain_fraction``): printing around a dark dot
    (a letter's dot, a sign) is not.
    """
    return plain_share(image, cand, size, pips) >= DICE.plain_fraction


def plain_share(image: np.ndarray, cand: Candidate, size: float,
                pips: list[Spot] | None = None) -> float:
    """The share of a die top's inner square (``DICE.plain_side``), less a disc around each
    pip (the centre one by default), at least ``DICE.plain_level`` of its median grey."""
    side = DICE.plain_side * size
    inner = Candidate(cand.cx, cand.cy, side, side, cand.angle, 1.0, "plain")
    n = _PLAIN_PX
    grey = cv2.cvtColor(rectify(image, inner, n), cv2.COLOR_BGR2GRAY)
    yy, xx = _PLAIN_YY, _PLAIN_XX
    scale = n / side  # crop pixels per image pixel
    on_top = along_edges(cand, pips) if pips else [(0.0, 0.0)]
    around = np.ones((n, n), bool)
    for u, v in on_top:
        around &= np.hypot(xx - u * scale, yy - v * scale) > DICE.plain_pip * size * scale
    values = grey[around].astype(np.float32)
    body = float(np.median(values))
    return float((values >= DICE.plain_level * body).mean())


def _verdict(crop: np.ndarray, reading: PipReading, spots: int, step: float
             ) -> tuple[int | None, float, str]:
    """The face called, or None with the reason: unsure, a different count, pips not as far
    apart as the die's size puts them, cocked, blurred.

    Args:
        crop: the ``VIEW`` square read; its central ``CROP`` square is the die top, edges and
            all, which shows a smear.
        step: the pip step (``READER.nominal_step`` of half the die edge) the known die size gives,
            in crop pixels.
    """
    if reading.face is None:
        return None, 0.0, reading.reason or "unclear pips"
    if reading.confidence < READER.min_confidence:
        return None, 0.0, "unsure"
    if reading.face < spots:
        return None, 0.0, "unclear pips"  # the reader saw fewer pips than were found
    if not in_scale(reading.blobs, step):
        return None, 0.0, "pips out of scale"  # part of a face's pips: another face's layout
    if reading.squash < READER.cocked_squash[reading.face]:  # the crop is square: no unstretching
        return None, 0.0, "cocked"
    if is_blurred(crop[MARGIN:MARGIN + CROP, MARGIN:MARGIN + CROP]):
        return None, 0.0, "blurred"
    return reading.face, float(reading.confidence), ""


def in_scale(pips: tuple[Blob, ...], step: float) -> bool:
    """Whether a face's pips lie as far apart as a die of the known size puts them.

    On the board the die's size is known, which the free reader cannot assume: part of a
    face's pips form a smaller face's layout at a smaller step (two neighbouring pips of a four
    as a two, one column of a six as a three), which the reader cannot tell from a whole face
    when the others are faint (white pips on a translucent red die). A lone pip has no step.

    Args:
        pips: the pips read, in crop pixels.
        step: the known die's pip step in the same pixels.
    """
    if len(pips) < 2:
        return True
    found = pip_step(centres(pips))
    return found is not None and DICE.pip_step[0] <= found / step <= DICE.pip_step[1]


def _colour(group: list[Spot]) -> str:
    return {"sat": "red", "light": "black"}.get(group[0].channel, "unknown")
