"""The types the die readers share: a die's square in the image, the pips of its top, and a
die found; and the crop format ``vision.top.pips.read_top`` reads.

A leaf: imports nothing of ``vision``; numpy only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple, Protocol

import numpy as np

CROP = 48    # side of the rectified die top, in pixels
MARGIN = 12   # pixels of surroundings on each side of the die top in the view that is read
VIEW = CROP + 2 * MARGIN


@dataclass(frozen=True)
class Candidate:
    """A rotated rectangle that may be a die top (OpenCV ``RotatedRect`` fields)."""

    cx: float
    cy: float
    w: float
    h: float
    angle: float
    fill: float
    source: str

    @property
    def size(self) -> float:
        return (self.w + self.h) / 2.0

    @property
    def aspect(self) -> float:
        return max(self.w, self.h) / max(1e-6, min(self.w, self.h))


class Blob(NamedTuple):
    """One pip candidate in crop pixels (a tuple: a crop has dozens, made cheaply)."""

    x: float
    y: float
    area: float      # strength of the pip-sized response
    contrast: float  # Lab distance from the body at the centre


@dataclass(frozen=True)
class PipReading:
    """What the pips of one die top say.

    Attributes:
        face: 1..6, or None when the pips do not form a consistent layout.
        confidence: 0..1 belief in ``face``.
        reason: why it abstained, empty otherwise.
        polarity: "dark" (pips darker than the body) or "light".
        blobs: the pips found at the middle threshold.
        contrast: peak Lab distance of the pips from the body.
        body: the body's median Lab colour (``body_lab``), for naming the die's colour
            without converting the crop again.
        elongation: the median elongation of the pips of a reading with a face
            (``pip_shape``): 1 for round pips, more for pips drawn out by motion; 0 without
            a face.
        spreads: each called pip's second moments (``PipShape.spread``, crop px), for
            telling which way its pips are drawn out; empty without a face.
    """

    face: int | None
    confidence: float
    reason: str = ""
    polarity: str = ""
    blobs: tuple[Blob, ...] = field(default=(), compare=False)
    contrast: float = 0.0
    fit_error: float = 1.0
    squash: float = 1.0
    body: np.ndarray | None = field(default=None, compare=False, repr=False)
    elongation: float = field(default=0.0, compare=False)
    spreads: tuple[tuple[float, float, float], ...] = field(default=(), compare=False)


class Placed(Protocol):
    """Anything with a centre: a ``Blob``, or ``vision.board.dice``'s spot."""

    @property
    def x(self) -> float: ...

    @property
    def y(self) -> float: ...


@dataclass(frozen=True)
class DieDetection:
    """One die found in an image.

    Attributes:
        x, y: centre in pixels of the image given.
        size: edge length in pixels.
        angle: rotation in degrees, 0..90.
        face: 1..6, or None when the reader abstains.
        colour: "white", "red" or "unknown".
        confidence: 0..1 belief in the face (0 when abstaining).
        reason: why it abstained: "cut off", "cocked", "blurred", "unclear pips" (no
            consistent layout, or readings that disagree), "pips of both shades", "pips out
            of scale", "pips turned" (a layout only across the square's axes: the square
            is not the die's), "unsure" (a layout with too little confidence); empty
            otherwise.
    """

    x: float
    y: float
    size: float
    angle: float
    face: int | None
    colour: str
    confidence: float
    reason: str = ""
