"""Read a face whose pips come in two colours, white and black, on one light body: the
two-pip-colour mode of the top reader (Bossa's dot tiles, and its start dice, whose pips are
all white or all black).

The crop is ``read_top``'s (``VIEW`` square, the face in the central ``CROP``). The body colour
is taken from the middle of the face (``pips.body_lab``), each pixel's Lab distance from it is
split by lightness (``pips.contrast_maps``), and pip-shaped peaks are found in both halves
(``pips.find_peaks``): lighter peaks are white pips, darker ones black pips. The pips are found
once more against the body's colour between the pips found (``pips.body_between_pips``): six
black pips darken the middle of the face, and the body would then read lighter than itself.
A peak counts as a pip only at ``TWO_COLOUR.min_pip_contrast`` from the body, a threshold per
colour (white pips on the light body are the fainter; the halos JPEG leaves beside black pips,
and the shaded gap to a touching tile, stay below it).
Both colours' pips together must form the layout of a die face of as many pips
(``pips.fit_layout``): the count of each colour is believed only then, with pips of one
colour alike in contrast and no strong peak where the layout leaves a place free (a missed
pip). Otherwise the reader abstains with a reason. ``read_top`` (one pip colour, the dice of
every other game) is not changed by this mode.

May import numpy, OpenCV, ``vision.top.pips``, ``.types`` and ``.config``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from vision.top.config import TWO_COLOUR
from vision.top.pips import (
    LayoutFit,
    body_between_pips,
    body_difference,
    body_lab,
    centres,
    contrast_maps,
    find_peaks,
    fit_layout,
    turn_belief,
)
from vision.top.types import CROP, VIEW, Blob


@dataclass(frozen=True)
class TwoColourReading:
    """What the pips of a two-colour face say.

    Attributes:
        white, black: the pips of each colour; both None when the reader abstains.
        confidence: 0..1 belief in both counts.
        reason: why it abstained ("no pips", "unclear pips", "pips out of scale", "uneven
            pips", "missed pip?"), empty otherwise.
        fit_error: the layout's worst pip distance from its place, in lattice steps.
        centre: the middle of the pips found (crop px from the face square's corner), None
            without pips: every layout is symmetric about the face's centre, so a face read
            off-centre can be framed again there.
    """

    white: int | None
    black: int | None
    confidence: float
    reason: str = ""
    fit_error: float = math.inf
    centre: tuple[float, float] | None = None

    @property
    def pips(self) -> int | None:
        """All the pips of the face (its die face), None when abstaining."""
        return None if self.white is None or self.black is None else self.white + self.black


def read_two_colour_top(crop_bgr: np.ndarray) -> TwoColourReading:
    """Read a two-colour face (see the module docstring).

    Args:
        crop_bgr: the face in the central ``CROP`` square of a ``VIEW`` x ``VIEW`` BGR crop.

    Raises:
        ValueError: a crop of another shape.
    """
    if crop_bgr.shape[:2] != (VIEW, VIEW):
        raise ValueError(f"a two-colour face is read on a {VIEW} px crop, not {crop_bgr.shape}")
    lab = cv2.cvtColor(crop_bgr, cv2.COLOR_BGR2LAB)
    (white, white_rest), (black, black_rest) = _split_pips(lab, body_lab(lab))
    body = body_between_pips(crop_bgr, white + black)
    if body is not None:  # the body between the pips: many black pips darken the middle's
        (white, white_rest), (black, black_rest) = _split_pips(lab, body)
    found = white + black
    if not found:
        return TwoColourReading(None, None, 0.0, "no pips")
    least_white, least_black = TWO_COLOUR.min_pip_contrast
    middle = _middle(found + _on_face(white_rest, least_white) + _on_face(black_rest, least_black))
    rest = white_rest + black_rest
    fit = fit_layout(centres(found))
    if fit is None or not math.isfinite(fit.error):
        return TwoColourReading(None, None, 0.0, "unclear pips", centre=middle)
    belief, reason = _belief(fit, white, black, rest)
    if belief <= 0.0:
        return TwoColourReading(None, None, 0.0, reason, fit.error, middle)
    return TwoColourReading(len(white), len(black), belief, "", fit.error, middle)


def _on_face(peaks: list[Blob], least: float) -> list[Blob]:
    """The peaks off the pip zone (``find_peaks`` left them out) but well inside the face's
    square (``TWO_COLOUR.face_reach`` of its edge from its centre: the paper around a face is
    lighter than it), as strong as a pip of their shade (``least``): pips of a face framed
    off-centre."""
    reach = TWO_COLOUR.face_reach * CROP
    return [b for b in peaks if b.contrast >= least
            and abs(b.x - CROP / 2) <= reach and abs(b.y - CROP / 2) <= reach]


def _middle(pips: list[Blob]) -> tuple[float, float]:
    points = centres(pips)
    return float(points[:, 0].mean()), float(points[:, 1].mean())


Pips = tuple[list[Blob], list[Blob]]  # (the pips of one shade, the other peaks of its map)


def _split_pips(lab: np.ndarray, body: np.ndarray) -> tuple[Pips, Pips]:
    """The white pips and the black pips of a crop in Lab against a body colour, each with
    the other peaks of its map."""
    diff, dist = body_difference(lab, body)
    maps = contrast_maps(diff, dist)
    return (_pips(maps["light"], TWO_COLOUR.min_pip_contrast[0]),
            _pips(maps["dark"], TWO_COLOUR.min_pip_contrast[1]))


def _pips(contrast: np.ndarray, least: float) -> tuple[list[Blob], list[Blob]]:
    """(the pips of one colour, the other peaks of its map): a pip stands out at least
    ``least`` from the body (``TWO_COLOUR.min_pip_contrast``)."""
    peaks, weaker = find_peaks(contrast)
    pips = [b for b in peaks if b.contrast >= least]
    return pips, weaker + [b for b in peaks if b.contrast < least]


def _belief(fit: LayoutFit, white: list[Blob], black: list[Blob],
            rest: list[Blob]) -> tuple[float, str]:
    """Belief in the layout and both counts, and why there is none: the fit, its pips as
    far apart as a face of the known size has them, each colour's pips alike, the layout
    along the face's edges, no rival peak on a free place."""
    fit_f = _falling(fit.error, TWO_COLOUR.full_fit, TWO_COLOUR.full_fit + TWO_COLOUR.fit_span)
    if fit_f <= 0.0:
        return 0.0, "unclear pips"
    if not TWO_COLOUR.step_range[0] <= fit.step <= TWO_COLOUR.step_range[1]:
        return 0.0, "pips out of scale"
    for pips in (white, black):
        contrasts = [b.contrast for b in pips]
        if contrasts and min(contrasts) < TWO_COLOUR.even * max(contrasts):
            return 0.0, "uneven pips"
    turn_f = turn_belief(fit)
    if turn_f <= 0.0:
        return 0.0, "unclear pips"
    rival = _strongest_rival(fit, rest)
    low, high = TWO_COLOUR.rival_contrast
    rival_f = _falling(rival, low, high)
    if rival_f <= 0.0:
        return 0.0, "missed pip?"
    return fit_f * turn_f * rival_f, ""


def _strongest_rival(fit: LayoutFit, rest: list[Blob]) -> float:
    """The strongest contrast of a peak lying on a place the layout leaves free."""
    half = CROP / 2.0
    free = fit.lattice[list(fit.free)].tolist() if fit.free else []
    near = 0.45 * fit.step
    worst = 0.0
    for b in rest:
        u, v = (b.x - half) / half, (b.y - half) / half
        if any(math.hypot(fx - u, fy - v) < near for fx, fy in free):
            worst = max(worst, b.contrast)
    return worst


def _falling(value: float, full: float, none: float) -> float:
    """1 up to ``full``, 0 from ``none``, linear between."""
    return max(0.0, min(1.0, (none - value) / (none - full)))
