"""Find the pieces of a tile board on the canonical view by their body colours, and the square
(or disc) each one's top face makes.

A tile board's pieces (Bossa's dot tiles, their backs, the action tokens, the start dice on the
tiles' body) have saturated bodies; the paper, the print, the shadows and the pips (white or
black) have none. So:

1. the view is white-balanced on the paper (``vision.top.skin.white_balance``) and its
   saturated, lit pixels (``TILES.min_saturation``, ``TILES.over_paper``, ``TILES.min_value``)
   are the pieces' bodies; each outline is filled, so the pips inside it belong to it;
2. in each region the top faces are the pixels as bright as its bright part
   (``TILES.top_level``): a perspective camera sees a thick piece's sides too, darker;
3. a top region larger than one piece is pieces lying edge to edge: as many as its area
   holds (``TILES.square_fill``), parted by k-means from its deepest points (``part_starts``),
   each then the points around its own centre (``own_square``);
4. each top is the rotated rectangle around its pixels.

The bodies are told apart by hue before all this (``TILES``' hue ranges): a tile's face
(slate blue, and the start dice), a back (green), a token's face (yellow), or another colour;
so a back lying against a face-up tile is found on its own.

May import ``vision.board.config``, ``vision.top.skin``, ``vision.top.arrays``, numpy and
OpenCV.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.board.config import TILES
from vision.top.arrays import percentile_u8
from vision.top.skin import white_balance

FACE, BACK, TOKEN, OTHER = "face", "back", "token", "other"


@dataclass(frozen=True)
class PieceTop:
    """The top face of one piece in the view.

    Attributes:
        cx, cy: centre (view px); w, h, angle: the rotated rectangle around it (OpenCV's).
        body: ``FACE`` (a tile's face or a start die), ``BACK``, ``TOKEN`` or ``OTHER``.
    """

    cx: float
    cy: float
    w: float
    h: float
    angle: float
    body: str


def find_piece_tops(image_bgr: np.ndarray, edge_px: float) -> list[PieceTop]:
    """The top face of every piece in a canonical board view (see the module docstring).

    Args:
        image_bgr: the warped board, BGR uint8.
        edge_px: a piece's edge (the layout's item size) in view pixels.
    """
    balanced = white_balance(image_bgr)
    hue, sat, val = cv2.split(cv2.cvtColor(balanced, cv2.COLOR_BGR2HSV))
    body = body_mask(sat, val)
    tops: list[PieceTop] = []
    for name, mask in body_kinds(hue, body).items():
        for region, (x, y) in filled_regions(mask, TILES.min_area * edge_px ** 2):
            window = (slice(y, y + region.shape[0]), slice(x, x + region.shape[1]))
            tops += [_top(part, (x, y), name, edge_px)
                     for part in top_pieces(region, val[window], mask[window], edge_px)]
    return tops


@dataclass(frozen=True)
class Part:
    """One piece's top in a region: its pixels (a lone top's outline will do: only its
    rectangle is taken), its centre (x, y within the region's box), and whether it was
    parted from pieces it touches."""

    points: np.ndarray
    centre: tuple[float, float]
    parted: bool


def body_mask(sat: np.ndarray, val: np.ndarray) -> np.ndarray:
    """255 where a white-balanced view shows a piece's body: saturated and lit."""
    paper_s, paper_v = percentile_u8(sat, 10), percentile_u8(val, 90)
    saturated = sat >= max(TILES.min_saturation, paper_s + TILES.over_paper)
    lit = val >= TILES.min_value * paper_v
    return (saturated & lit).astype(np.uint8) * 255


def body_kinds(hue: np.ndarray, body: np.ndarray) -> dict[str, np.ndarray]:
    """The body pixels of each kind of body (``TILES``' hue ranges), and of none of them
    (``OTHER``): pieces of different bodies that touch are found apart."""
    kinds: dict[str, np.ndarray] = {}
    rest = body.copy()
    for name, (low, high) in ((FACE, TILES.face_hues), (BACK, TILES.back_hues),
                              (TOKEN, TILES.token_hues)):
        kinds[name] = cv2.bitwise_and(body, cv2.inRange(hue, np.array([low], np.uint8),
                                                        np.array([high], np.uint8)))
        rest = cv2.bitwise_and(rest, cv2.bitwise_not(kinds[name]))
    kinds[OTHER] = rest
    return kinds


def filled_regions(mask: np.ndarray, min_area: float
                   ) -> list[tuple[np.ndarray, tuple[int, int]]]:
    """Each outer outline of ``mask`` at least ``min_area`` px large, filled (holes and
    all), as (its mask cut to its bounding box, that box's top-left corner)."""
    return [(region, corner) for region, corner, _ in outlined_regions(mask, min_area)]


def outlined_regions(mask: np.ndarray, min_area: float
                     ) -> list[tuple[np.ndarray, tuple[int, int], np.ndarray]]:
    """``filled_regions`` with each region's outline (its contour's points, in the region's
    box)."""
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    regions = []
    for contour in contours:
        if cv2.contourArea(contour) < min_area:
            continue
        x, y, w, h = cv2.boundingRect(contour)
        region = np.zeros((h, w), np.uint8)
        outline = contour - np.array([x, y], np.int32)
        cv2.drawContours(region, [outline], -1, (1,), cv2.FILLED)
        regions.append((region, (x, y), outline))
    return regions


def top_pieces(region: np.ndarray, val: np.ndarray, body: np.ndarray,
               edge_px: float) -> list[Part]:
    """Each piece's top face in a filled region: its bright part (as bright as the bright
    part of its body's own pixels, not its white pips'), filled again, parted into as many
    pieces as its area holds. A lone top's centre is its rectangle's (a white pip at its rim
    may notch its outline, not its rectangle); a parted top's is the middle of its core, the
    part brighter still (``TILES.core_level``): the shaded rim all round it is left out
    alike, and so is the shaded gap to the touching piece that the top's own threshold may
    take in."""
    bright = percentile_u8(val[(region > 0) & (body > 0)], TILES.bright_percentile)
    inside = region > 0
    top = (inside & (val >= TILES.top_level * bright)).astype(np.uint8)
    core = np.zeros_like(top)
    for part, (x, y) in filled_regions((inside & (val >= TILES.core_level * bright))
                                       .astype(np.uint8), 1.0):
        core[y:y + part.shape[0], x:x + part.shape[1]] |= part
    pieces = []
    square = TILES.square_fill * edge_px ** 2
    for part, (x, y), outline in outlined_regions(top, TILES.min_area * edge_px ** 2):
        ys, xs = np.nonzero(part)
        points = np.column_stack([xs + x, ys + y]).astype(np.float32)
        count = max(1, round(len(points) / square))
        if count == 1:  # its outline's rectangle is its pixels'
            outline = (outline + np.array([x, y], np.int32)).astype(np.float32)
            (cx, cy), _, _ = cv2.minAreaRect(outline)
            pieces.append(Part(outline, (float(cx), float(cy)), False))
            continue
        labels = split_points(points, count, part_starts(part, (x, y), count, edge_px))
        for k in range(count):
            if np.any(labels == k):
                own = own_square(points, points[labels == k].mean(axis=0), edge_px)
                pieces.append(Part(own, _middle(own, core), True))
    return pieces


def _middle(points: np.ndarray, core: np.ndarray) -> tuple[float, float]:
    """The middle of the convex hull of the points in the core (of all of them when too few
    are): a black pip near the rim may notch the core, its hull is whole."""
    xs, ys = points[:, 0].astype(int), points[:, 1].astype(int)
    inner = points[core[ys, xs] > 0]
    hull = cv2.convexHull(inner if len(inner) >= 3 else points)
    m = cv2.moments(hull)
    if m["m00"] <= 0:
        mid = points.mean(axis=0)
        return float(mid[0]), float(mid[1])
    return m["m10"] / m["m00"], m["m01"] / m["m00"]


def part_starts(part: np.ndarray, origin: tuple[int, int], count: int,
                edge_px: float) -> np.ndarray:
    """Where to start parting ``count`` touching pieces: the deepest points of their joint
    top (its distance transform's local maxima, deepest first), each at least
    ``TILES.start_apart`` edges from those taken before."""
    depth = cv2.distanceTransform(part, cv2.DIST_L2, 5)
    peaks = (depth >= cv2.dilate(depth, np.ones((3, 3), np.uint8))) & (depth > 0)
    ys, xs = np.nonzero(peaks)
    order = np.argsort(-depth[ys, xs], kind="stable")
    apart2 = (TILES.start_apart * edge_px) ** 2
    starts: list[tuple[float, float]] = []
    for x, y in zip(xs[order].tolist(), ys[order].tolist(), strict=True):
        if all((x - sx) ** 2 + (y - sy) ** 2 >= apart2 for sx, sy in starts):
            starts.append((x, y))
            if len(starts) == count:
                break
    return np.array(starts, np.float32) + np.array(origin, np.float32)


def split_points(points: np.ndarray, count: int, starts: np.ndarray) -> np.ndarray:
    """A label 0..count-1 for each point: ``count`` k-means clusters (``TILES.split_rounds``
    rounds on every ``TILES.split_sample``-th point) from ``starts`` (more starts than
    points need not be given: missing ones are spread along the points' long axis).
    Deterministic."""
    centres = np.array(starts, np.float32).reshape(-1, 2)
    if len(centres) < count:
        mean = points.mean(axis=0)
        rel = points - mean
        _, vectors = np.linalg.eigh(rel.T @ rel)
        axis = vectors[:, -1]
        spots = np.quantile(rel @ axis, (np.arange(count) + 0.5) / count)
        centres = (mean + spots[:, None] * axis[None, :]).astype(np.float32)
    sample = points[::TILES.split_sample]
    for _ in range(TILES.split_rounds):
        labels = _nearest(sample, centres)
        centres = np.array([sample[labels == k].mean(axis=0) if np.any(labels == k)
                            else centres[k] for k in range(count)])
    return _nearest(points, centres)


def own_square(points: np.ndarray, start: np.ndarray, edge_px: float) -> np.ndarray:
    """The points of one of several touching pieces: those within ``TILES.own_reach`` edges
    of a centre moved from ``start`` to the middle of the points around it (a few rounds).
    Within that reach a square's sides are all there and little of a neighbour is."""
    centre = start
    reach2 = (TILES.own_reach * edge_px) ** 2
    sample = points[::TILES.split_sample]  # the centre from every few pixels
    for _ in range(TILES.own_rounds):
        near = sample[((sample - centre) ** 2).sum(axis=1) <= reach2]
        if len(near) == 0:
            return points[:0]
        centre = near.mean(axis=0)
    own: np.ndarray = points[((points - centre) ** 2).sum(axis=1) <= reach2]
    return own


def _nearest(points: np.ndarray, centres: np.ndarray) -> np.ndarray:
    """The index of each point's nearest centre."""
    distances = ((points[:, None, :] - centres[None, :, :]) ** 2).sum(axis=2)
    nearest: np.ndarray = distances.argmin(axis=1).astype(np.int32)
    return nearest


def _top(part: Part, origin: tuple[int, int], body: str, edge_px: float) -> PieceTop:
    """The rotated rectangle around a top's points, centred on its core; at the item's size
    for one of several touching pieces, whose points may hold a sliver of a neighbour."""
    (_, _), (w, h), angle = cv2.minAreaRect(cv2.convexHull(part.points))
    if part.parted:
        w = h = edge_px
    cx, cy = part.centre
    return PieceTop(cx + origin[0], cy + origin[1], float(w), float(h), float(angle), body)
