"""A two whose two pips stand out from a weaker mark on its top (``plain_two``).

Casino dice print a logo on a face, and a translucent body shows the pips of its far faces and
the bars of its side faces' pips at the top's edge: among the peaks of a top that reads no
face, a two's pips can still stand out as the two strongest, alike and round, on the die's
diagonal. A person reads such a two at a glance; the reader, fitting every pip-like peak to
a layout, abstains ("unclear pips"). The rule this module keeps: the two strongest peaks of
one shade read as a two only when nothing else on the top could be a pip of a face that holds
them: no peak near their midpoint as strong as a three's middle pip is (``PHOTO.two_middle``),
no peak of note at another corner or side point of their lattice (a 4, 5 or 6's pip,
``PHOTO.two_lattice``), and no other peak on the top nearly as strong as they are
(``PHOTO.two_outshone``).

The same plainness puts a called face in doubt (``plain_face``): a top whose k strongest
peaks of one shade are alike and round, every other peak far weaker (``PHOTO.plain_gap``),
and fit the layout of k, shows that face plainly; a face read on the other shade's pips (a
translucent die's far pips, darker than its body) is then not called.

May import ``vision.photo.config``, ``vision.top`` and numpy / OpenCV.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from vision.photo.config import PHOTO
from vision.top.config import READER
from vision.top.pip_shape import pip_shape
from vision.top.pips import (
    LayoutFit,
    body_difference,
    body_lab,
    centres,
    contrast_maps,
    find_peaks,
    fit_layout,
)
from vision.top.types import CROP, MARGIN, Blob, PipReading

_CENTRE = 4  # the middle point's index in the layout lattice (``vision.top.pips.GRID``)


def plain_two(view_bgr: np.ndarray, polarity: str) -> PipReading | None:
    """The two that a top's two strongest peaks of one shade show (``polarity``: "light" or
    "dark"), or None when they show none or something else on the top could be a pip.

    Args:
        view_bgr: a die top as ``vision.photo.finder.view`` warps it.
        polarity: the shade of the pips looked for.

    Returns:
        A reading of face 2 (its confidence the fit's belief), or None.
    """
    if polarity not in ("light", "dark"):
        return None
    body, contrast, peaks = _shade_peaks(view_bgr, polarity)
    if len(peaks) < 2 or not _alike_and_round(contrast, peaks[0], peaks[1]):
        return None
    pair, rest = peaks[:2], [b for b in peaks[2:] if _on_top(b)]
    fit = fit_layout(centres(pair))
    if (fit is None or fit.face != 2 or fit.error > PHOTO.two_fit
            or fit.turn > PHOTO.two_turn or not _alone(fit, pair, rest)):
        return None
    belief = max(0.0, 1.0 - max(0.0, fit.error - READER.full_fit) / 0.4)
    shapes = [pip_shape(contrast, round(b.x + MARGIN), round(b.y + MARGIN)) for b in pair]
    return PipReading(2, belief, "", polarity, tuple(pair), max(b.contrast for b in pair),
                      fit.error, fit.squash, body,
                      float(np.mean([s.elongation for s in shapes])),
                      tuple(s.spread for s in shapes))


def plain_face(view_bgr: np.ndarray, polarity: str) -> int | None:
    """The face a top's strongest peaks of one shade show plainly, or None: the k strongest
    (2 to 6) alike and round (``_alike_and_round``, each with the strongest), every other peak
    at most ``PHOTO.plain_gap`` of the weakest of them, and they fit the layout of k within
    ``READER.full_fit`` lattice steps."""
    if polarity not in ("light", "dark"):
        return None
    _, contrast, peaks = _shade_peaks(view_bgr, polarity)
    peaks = [b for b in peaks if _on_top(b)]
    for k in range(2, min(len(peaks), 6) + 1):
        if k < len(peaks) and peaks[k].area > PHOTO.plain_gap * peaks[k - 1].area:
            continue
        if not all(_alike_and_round(contrast, peaks[0], b) for b in peaks[1:k]):
            return None
        fit = fit_layout(centres(peaks[:k]))
        return k if fit is not None and fit.face == k and fit.error <= READER.full_fit else None
    return None


def _shade_peaks(view_bgr: np.ndarray, polarity: str
                 ) -> tuple[np.ndarray, np.ndarray, list[Blob]]:
    """(the top's body colour, its contrast map of ``polarity``'s shade from it, every peak
    on that map, pips and weaker ones, the strongest first)."""
    lab = cv2.cvtColor(view_bgr, cv2.COLOR_BGR2LAB)
    body = body_lab(lab)
    diff, dist = body_difference(lab, body)
    contrast = contrast_maps(diff, dist)[polarity]
    pips, weaker = find_peaks(contrast)
    return body, contrast, sorted([*pips, *weaker], key=lambda b: b.area, reverse=True)


def _alike_and_round(contrast: np.ndarray, a: Blob, b: Blob) -> bool:
    """Whether two peaks look alike (``PHOTO.two_even`` in response and contrast), are round
    (``PHOTO.round_pips``) and stand out from the body (``READER.min_contrast``): a die's pips."""
    if min(a.contrast, b.contrast) < READER.min_contrast:
        return False
    if min(a.area, b.area) < PHOTO.two_even * max(a.area, b.area):
        return False
    if min(a.contrast, b.contrast) < PHOTO.two_even * max(a.contrast, b.contrast):
        return False
    return all(pip_shape(contrast, round(p.x + MARGIN), round(p.y + MARGIN)).elongation
               <= PHOTO.round_pips for p in (a, b))


def _on_top(b: Blob) -> bool:
    """Whether a peak lies on the die top's square (crop pixels), not in the margin."""
    return 0.0 <= b.x <= CROP and 0.0 <= b.y <= CROP


def _alone(fit: LayoutFit, pair: list[Blob], rest: list[Blob]) -> bool:
    """Whether no other peak on the top could be a pip of a face that holds the two: none
    as strong as ``PHOTO.two_outshone`` of the weaker pip anywhere, none of
    ``PHOTO.two_lattice`` of it at another point of the two's lattice, none near the middle
    as strong as ``PHOTO.two_middle`` of it in response or in contrast."""
    area = min(b.area for b in pair)
    con = min(b.contrast for b in pair)
    half = CROP / 2.0
    near = PHOTO.two_near * fit.step
    for b in rest:
        if b.area >= PHOTO.two_outshone * area:
            return False
        u, v = (b.x - half) / half, (b.y - half) / half
        for i in fit.free:
            fx, fy = fit.lattice[i].tolist()
            if math.hypot(fx - u, fy - v) >= near:
                continue
            if i == _CENTRE and max(b.area / area, b.contrast / con) >= PHOTO.two_middle:
                return False
            if i != _CENTRE and b.area >= PHOTO.two_lattice * area:
                return False
    return True


__all__ = ["plain_face", "plain_two"]
