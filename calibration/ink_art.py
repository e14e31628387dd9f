"""Marker ink drawn by hand on a printed board: digits, X marks, hatching and ticks.

The synthetic renderer (``calibration.synthetic``) draws a scene's ``Ink`` marks on the paper
before the photo is taken: a written number (``"digit"``, 1 to 6) or an ``X`` in a Horizontal &
Vertical cell, the hatching of a No Gaps tile's cell, a tick in a pass box. A mark is a few
strokes of a dark felt-tip marker: each stroke is a polyline in the mark's unit box, smoothed
(Chaikin), wobbled by the hand (a seeded random walk), with its own width and a slightly uneven
darkness, so two marks of the same kind never look alike and none is a clean font glyph.

Deterministic: a mark's ``seed`` alone decides its wobble. May import: numpy, cv2.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import cv2
import numpy as np

KINDS = ("digit", "x", "hatch", "tick")
MARKER_BGR = (0.16, 0.14, 0.13)  # a black felt-tip on paper, as the paper's light shows it

Stroke = tuple[tuple[float, float], ...]

# Strokes of each written digit in a box 0.6 wide and 1 high (x east, y south, from the box's
# north-west corner), as a hand writes them.
DIGITS: dict[str, tuple[Stroke, ...]] = {
    "1": (((0.12, 0.22), (0.34, 0.0), (0.34, 1.0)),),
    "2": (((0.04, 0.24), (0.14, 0.05), (0.33, 0.0), (0.52, 0.1), (0.55, 0.3), (0.42, 0.52),
           (0.04, 1.0), (0.6, 0.98)),),
    "3": (((0.04, 0.1), (0.3, 0.0), (0.52, 0.12), (0.5, 0.34), (0.24, 0.47), (0.52, 0.6),
           (0.56, 0.84), (0.3, 1.0), (0.02, 0.9)),),
    "4": (((0.36, 0.0), (0.02, 0.66), (0.6, 0.66)), ((0.46, 0.3), (0.46, 1.0))),
    "5": (((0.56, 0.0), (0.1, 0.0), (0.06, 0.44), (0.3, 0.37), (0.52, 0.5), (0.56, 0.76),
           (0.36, 0.98), (0.04, 0.9)),),
    "6": (((0.5, 0.0), (0.24, 0.14), (0.07, 0.45), (0.05, 0.78), (0.2, 0.98), (0.42, 0.97),
           (0.56, 0.8), (0.5, 0.6), (0.3, 0.54), (0.08, 0.66)),),
}
CROSS: tuple[Stroke, ...] = (((0.0, 0.0), (1.0, 1.0)), ((1.0, 0.0), (0.0, 1.0)))
TICK: tuple[Stroke, ...] = (((0.0, 0.55), (0.35, 0.95), (1.0, 0.0)),)


@dataclass(frozen=True)
class Ink:
    """One hand-drawn mark on the board.

    Attributes:
        kind: ``"digit"`` (``text`` 1-6), ``"x"``, ``"hatch"`` (parallel strokes filling a
            square) or ``"tick"``.
        x_mm, y_mm: the mark's centre in board millimetres.
        size_mm: the mark's height (a hatched square's side).
        text: the digit written (``kind="digit"``).
        angle: degrees the whole mark is turned (a hand writes a little askew).
        width_mm: the marker's stroke width.
        seed: the hand's wobble and the strokes' darkness.
    """

    kind: str
    x_mm: float
    y_mm: float
    size_mm: float = 12.0
    text: str = ""
    angle: float = 0.0
    width_mm: float = 1.5
    seed: int = 0


def strokes(mark: Ink) -> list[np.ndarray]:
    """The mark's strokes as (N, 2) arrays of board millimetres, wobbled and smoothed.

    Raises:
        ValueError: an unknown kind, or a digit other than 1-6.
    """
    rng = np.random.default_rng([mark.seed, 11])
    unit, width = _unit_strokes(mark, rng)
    out = []
    for stroke in unit:
        points = _smooth(np.array(stroke, np.float64))
        points = points + _wobble(rng, len(points), 0.015)
        out.append(_place(points, mark, width))
    return out


def _unit_strokes(mark: Ink, rng: np.random.Generator) -> tuple[list[Stroke], float]:
    """The strokes in the unit box and the box's width (its height is 1)."""
    if mark.kind == "digit":
        if mark.text not in DIGITS:
            raise ValueError(f"a written digit is 1-6, got {mark.text!r}")
        return list(DIGITS[mark.text]), 0.6
    if mark.kind == "x":
        return list(CROSS), 1.0
    if mark.kind == "tick":
        return list(TICK), 1.0
    if mark.kind == "hatch":
        return _hatch_lines(rng), 1.0
    raise ValueError(f"unknown ink kind {mark.kind!r}: one of {', '.join(KINDS)}")


def _hatch_lines(rng: np.random.Generator) -> list[Stroke]:
    """Four to six diagonal strokes across the unit square, drawn back and forth."""
    n = int(rng.integers(4, 7))
    lines: list[Stroke] = []
    for i in range(n):
        k = -0.8 + 1.6 * (i + 0.5) / n + float(rng.uniform(-0.05, 0.05))
        # the line x - y = k clipped to the square
        a = (max(0.0, k), max(0.0, -k))
        b = (min(1.0, 1.0 + k), min(1.0, 1.0 - k))
        lines.append((a, b) if i % 2 else (b, a))
    return lines


def _smooth(points: np.ndarray, rounds: int = 2) -> np.ndarray:
    """Chaikin corner cutting: a hand rounds the corners of a stroke (ends kept)."""
    for _ in range(rounds):
        if len(points) < 3:
            return _densify(points)
        q = 0.75 * points[:-1] + 0.25 * points[1:]
        r = 0.25 * points[:-1] + 0.75 * points[1:]
        middle = np.empty((2 * len(q), 2))
        middle[0::2], middle[1::2] = q, r
        points = np.vstack([points[:1], middle[1:-1], points[-1:]])
    return _densify(points)


def _densify(points: np.ndarray, step: float = 0.08) -> np.ndarray:
    """Points every ``step`` (unit box) along the polyline, so the wobble bends long lines."""
    out = [points[0]]
    for a, b in itertools.pairwise(points):
        n = max(1, math.ceil(float(np.linalg.norm(b - a)) / step))
        out += [a + (b - a) * (i / n) for i in range(1, n + 1)]
    return np.array(out)


def _wobble(rng: np.random.Generator, n: int, amount: float) -> np.ndarray:
    """A smooth random drift (a random walk, averaged) of about ``amount`` unit boxes."""
    walk = np.cumsum(rng.normal(0.0, amount, (n, 2)), axis=0)
    kernel = np.ones(3) / 3
    smooth = np.column_stack([np.convolve(walk[:, i], kernel, mode="same") for i in (0, 1)])
    return smooth - smooth.mean(axis=0)


def _place(points: np.ndarray, mark: Ink, width: float) -> np.ndarray:
    """Unit-box points to board millimetres: centred on the mark, scaled and turned."""
    centred = (points - np.array([width / 2, 0.5])) * mark.size_mm
    a = math.radians(mark.angle)
    rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    return centred @ rot.T + np.array([mark.x_mm, mark.y_mm])


def draw_ink(plane: np.ndarray, marks: tuple[Ink, ...], px_per_mm: float,
             origin_mm: tuple[float, float]) -> None:
    """Draw marks on a float32 BGR (0..1) raster of the board plane, in place.

    Args:
        plane: the raster; its pixel (0, 0) has its top-left corner at ``origin_mm``.
        marks: the ink to draw.
        px_per_mm: the raster's scale.
    """
    if not marks:
        return
    shift = 4  # fractional bits of cv2's sub-pixel drawing
    scale = px_per_mm * (1 << shift)
    for mark in marks:
        rng = np.random.default_rng([mark.seed, 12])
        coverage = np.zeros(plane.shape[:2], np.float32)
        for stroke in strokes(mark):
            width = max(1, round(mark.width_mm * float(rng.uniform(0.85, 1.15)) * px_per_mm))
            pts = ((stroke - np.array(origin_mm)) * scale).round().astype(np.int32)
            cv2.polylines(coverage, [pts.reshape(-1, 1, 2)], False, 1.0, thickness=width,
                          lineType=cv2.LINE_AA, shift=shift)
        strength = float(rng.uniform(0.85, 0.97))  # a marker lays ink a little unevenly
        alpha = np.clip(coverage, 0, 1)[..., None] * strength
        plane *= 1.0 - alpha
        plane += alpha * np.array(MARKER_BGR, np.float32)


def cell_mark(kind: str, centre_mm: tuple[float, float], cell_mm: float, *, text: str = "",
              seed: int = 0) -> Ink:
    """A mark written in a cell of side ``cell_mm`` centred near ``centre_mm``: a little off
    centre and askew as a hand writes; a hatching fills most of the cell."""
    rng = np.random.default_rng([seed, 13])
    dx, dy = rng.uniform(-0.06, 0.06, 2) * cell_mm
    share = {"digit": 0.58, "x": 0.55, "tick": 0.55, "hatch": 0.74}.get(kind, 0.55)
    size = cell_mm * share * float(rng.uniform(0.9, 1.08))
    angle = float(rng.uniform(-9, 9))
    return Ink(kind, centre_mm[0] + float(dx), centre_mm[1] + float(dy), size, text, angle,
               float(rng.uniform(1.2, 1.8)), seed)


__all__ = ["DIGITS", "KINDS", "Ink", "cell_mark", "draw_ink", "strokes"]
