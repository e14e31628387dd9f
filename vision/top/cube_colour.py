"""Name the colour of a cube face: black, red or white, or abstain; shared by the board's cube
reader (``vision.board.cubes``) and ``dicekeeper bench colours``.

Colours are judged relative to the white paper under the same light: every pixel is divided,
channel by channel, by the paper's colour (``paper = 1``), which cancels the light's level and
colour temperature (2700 K to 6500 K) and, with a paper sample taken beside the face, a shadow
lying over both. The three references (``CubeReferences``) are the cube colours as fractions of
the paper: measured by ``dicekeeper calibrate`` (its cube colours divided by its paper), or the
board file's colours (``CUBE_COLOUR``).

The rules (thresholds in ``vision.top.config.CUBE_COLOUR``):

- each pixel: its brightness ``v`` (mean of the three fractions) and its chroma, the opponent
  pair (R - G, R + G - 2B) over ``v``. It is **red** when its chroma along the red reference's
  hue is at least ``red_min_chroma`` (``red_min_chroma_dark`` for a pixel darker than the
  black-white split below: a black face's tint is not red) and its hue within
  ``red_hue_tolerance`` (less towards orange than towards magenta); else **white** or
  **black** when its chroma is at most ``neutral_max_chroma``, by the side of the geometric mean
  of the black and white references' brightness it lies on (a pixel within ``neutral_gap`` of
  that mean is neither); anything else (yellow, orange, blue, green, skin) is **other**;
- the face: **red** when at least ``red_share`` of its pixels are red (glare and the printed
  symbol may take the rest; only red faces have red pixels); **white** or **black** when at
  least ``neutral_share`` are of that shade, the other shade has less than half as many and the
  red ones are at most ``other_red_ratio`` of them; otherwise it abstains (``colour == ""``).

The confidence of a named colour grows from ``min_confidence`` at the share that names it to 1
at ``full_share``: a colour is named sure enough for the referee or not at all.

May import numpy and ``vision.top.config``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from vision.top.config import CUBE_COLOUR

BGR = tuple[float, float, float]
COLOURS = ("black", "red", "white")
OTHER, BLACK, RED, WHITE = 0, 1, 2, 3
_SQRT2, _SQRT6 = math.sqrt(2.0), math.sqrt(6.0)


@dataclass(frozen=True)
class CubeReferences:
    """The three cube colours as fractions of the paper's white (BGR, paper = 1 each)."""

    black: BGR = CUBE_COLOUR.black_ref
    red: BGR = CUBE_COLOUR.red_ref
    white: BGR = CUBE_COLOUR.white_ref

    @property
    def red_hue(self) -> float:
        """The red reference's hue, radians, in the opponent plane (R - G, R + G - 2B)."""
        b, g, r = self.red
        return math.atan2((r + g - 2 * b) / _SQRT6, (r - g) / _SQRT2)

    @property
    def neutral_split(self) -> float:
        """Brightness between black and white: the geometric mean of theirs."""
        return math.sqrt(max(sum(self.black) / 3, 1e-3) * max(sum(self.white) / 3, 1e-3))


DEFAULT_REFERENCES = CubeReferences()


def references_from(measured: Mapping[str, BGR | None], paper: BGR | None) -> CubeReferences:
    """References from colours measured under one light and that light's paper (BGR);
    a colour not measured (or no paper) keeps its default."""
    if paper is None or min(paper) <= 0:
        return DEFAULT_REFERENCES

    def relative(name: str, default: BGR) -> BGR:
        value = measured.get(name)
        if value is None:
            return default
        b, g, r = (value[i] / paper[i] for i in range(3))
        return (b, g, r)

    return CubeReferences(relative("black", CUBE_COLOUR.black_ref),
                          relative("red", CUBE_COLOUR.red_ref),
                          relative("white", CUBE_COLOUR.white_ref))


@dataclass(frozen=True)
class ColourReading:
    """A face's colour: ``colour`` is "black", "red", "white", or "" when it abstained.

    Attributes:
        confidence: 0 when abstained, else from ``min_confidence`` to 1.
        shares: the shares of the face's pixels read black, red, white and other.
    """

    colour: str
    confidence: float
    shares: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)


def classify_pixels(pixels_bgr: np.ndarray, paper_bgr: BGR,
                    refs: CubeReferences = DEFAULT_REFERENCES) -> np.ndarray:
    """Each pixel's class (``OTHER``, ``BLACK``, ``RED``, ``WHITE``) by the module's rules.

    Args:
        pixels_bgr: (..., 3) pixels, any numeric type, 0..255.
        paper_bgr: the white paper's colour under the same light.
        refs: the references.
    """
    n = np.asarray(pixels_bgr, np.float32).reshape(-1, 3) / np.maximum(
        np.asarray(paper_bgr, np.float32), 1.0)
    b, g, r = n[:, 0], n[:, 1], n[:, 2]
    v = (b + g + r) / 3.0
    scale = np.maximum(v, CUBE_COLOUR.brightness_floor)
    o1, o2 = (r - g) / _SQRT2 / scale, (r + g - 2.0 * b) / _SQRT6 / scale
    hue = refs.red_hue
    along = o1 * math.cos(hue) + o2 * math.sin(hue)
    across = o2 * math.cos(hue) - o1 * math.sin(hue)  # > 0 towards orange, < 0 magenta
    cooler, warmer = (math.tan(math.radians(a)) for a in CUBE_COLOUR.red_hue_tolerance)
    tolerance = np.where(across > 0, warmer, cooler)
    across = np.abs(across)
    split = refs.neutral_split
    least = np.where(v < split, CUBE_COLOUR.red_min_chroma_dark, CUBE_COLOUR.red_min_chroma)
    red = (along >= least) & (across <= tolerance * along)
    neutral = ~red & (np.hypot(o1, o2) <= CUBE_COLOUR.neutral_max_chroma)
    classes = np.full(v.shape, OTHER, np.uint8)
    classes[neutral & (v >= split * CUBE_COLOUR.neutral_gap)] = WHITE
    classes[neutral & (v <= split / CUBE_COLOUR.neutral_gap)] = BLACK
    classes[red] = RED
    return classes


def classify_face(pixels_bgr: np.ndarray, paper_bgr: BGR,
                  refs: CubeReferences = DEFAULT_REFERENCES) -> ColourReading:
    """The colour of one face from its pixels (symbol, glare and all), or an abstention.

    Args:
        pixels_bgr: (..., 3) pixels of the face (its rim may be left out).
        paper_bgr: the white paper's colour under the same light, best sampled beside it.
        refs: the references (calibrated, or the defaults).
    """
    classes = classify_pixels(pixels_bgr, paper_bgr, refs)
    if classes.size == 0:
        return ColourReading("", 0.0)
    counts = np.bincount(classes, minlength=4).astype(np.float64) / classes.size
    other, black, red, white = (float(c) for c in counts)
    shares = (black, red, white, other)
    if red >= CUBE_COLOUR.red_share:
        return ColourReading("red", _confidence(red, CUBE_COLOUR.red_share), shares)
    for colour, share, rival in (("white", white, black), ("black", black, white)):
        if (share >= CUBE_COLOUR.neutral_share and rival < share / 2
                and red <= CUBE_COLOUR.other_red_ratio * share):
            return ColourReading(colour, _confidence(share, CUBE_COLOUR.neutral_share), shares)
    return ColourReading("", 0.0, shares)


def _confidence(share: float, threshold: float) -> float:
    """``min_confidence`` at ``threshold``, 1 at ``full_share`` and above."""
    low = CUBE_COLOUR.min_confidence
    span = max(CUBE_COLOUR.full_share - threshold, 1e-6)
    return round(low + (1.0 - low) * min(max((share - threshold) / span, 0.0), 1.0), 4)


def paper_colour(image_bgr: np.ndarray) -> BGR | None:
    """The white paper's colour in a photo without a board to sample: the median of the
    brightest ``100 - paper_top`` percent of its pixels whose saturation is below
    ``paper_saturation`` (a white cloth, a wall, white stickers); None for an image without
    such pixels."""
    pixels = np.asarray(image_bgr, np.float32).reshape(-1, 3)
    high, low = pixels.max(axis=1), pixels.min(axis=1)
    calm = pixels[(high - low) < CUBE_COLOUR.paper_saturation * np.maximum(high, 1.0)]
    if calm.shape[0] == 0:
        return None
    bright = calm.max(axis=1)
    top = calm[bright >= np.percentile(bright, CUBE_COLOUR.paper_top)]
    b, g, r = (float(x) for x in np.median(top, axis=0))
    return (b, g, r)
