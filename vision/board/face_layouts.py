"""Score the six faces' pip layouts on a die top's difference from its own body colour.

``read_top`` finds pips as blobs and fits a layout to them; its confidence falls where a blob
is faint or oddly shaped (gold pips on red, a pip with glare, a pale one on a white top),
though a person reads the face at a glance. This is a second reading of the same square that
finds no blobs: the crop's distance from the body colour (``body_difference``), averaged
over pip-sized boxes (``DICE.layout_pip`` of the die edge), is looked at where the nine places
of a face's lattice lie: its middle, four corners and four side middles,
``READER.nominal_step`` of the half edge from the middle, at each of ``DICE.layout_steps`` of
that step (the square is turned as the die, so the lattice runs along the crop's axes). A pip
is looked for within ``DICE.layout_reach`` of the die edge around its place (a real die's pips
lie off the lattice a little), an empty place must be empty within ``DICE.layout_empty_reach``
(a spot beside it counts against it). A face's layout (each of its variants: a two's, a
three's and a six's two ways) scores by how much its weakest pip place stands out over the
strongest place it leaves empty, as a share of the weakest pip place: 1 for pips on a plain
body, 0 or less where an empty place is as strong as a pip.

``layout_face`` calls the face whose layout scores best when it scores at least
``DICE.layout_clear``, beats every other face's by ``DICE.layout_margin`` and its pip places
differ from the body by ``DICE.layout_contrast`` at least; a top whose pattern (swirls,
marbling, glare) fills empty places scores low for every face and calls none.

May import ``vision.board.config``, ``vision.top``, numpy and OpenCV.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.board.config import DICE
from vision.top.config import READER
from vision.top.pips import body_difference, body_lab
from vision.top.types import VIEW

_CORNERS = ((-1, -1), (1, -1), (-1, 1), (1, 1))
_MIDDLE = ((0, 0),)
# each face's layouts on the nine lattice places (x, y in steps from the middle)
LAYOUTS: dict[int, tuple[tuple[tuple[int, int], ...], ...]] = {
    1: (_MIDDLE,),
    2: (((-1, -1), (1, 1)), ((1, -1), (-1, 1))),
    3: (((-1, -1), (0, 0), (1, 1)), ((1, -1), (0, 0), (-1, 1))),
    4: (_CORNERS,),
    5: (_CORNERS + _MIDDLE,),
    6: (_CORNERS + ((-1, 0), (1, 0)), _CORNERS + ((0, -1), (0, 1))),
}
_PLACES = tuple((i, j) for j in (-1, 0, 1) for i in (-1, 0, 1))


def layout_scores(crop_bgr: np.ndarray, edge: float) -> dict[int, tuple[float, float]]:
    """Per face, its best layout's (score, weakest pip place's difference from the body) over
    its variants and ``DICE.layout_steps``.

    Args:
        crop_bgr: the ``VIEW`` square ``read_top`` reads, centred on the top and turned as it.
        edge: the die edge in the crop's pixels.
    """
    lab = cv2.cvtColor(crop_bgr, cv2.COLOR_BGR2LAB)
    _, dist = body_difference(lab, body_lab(lab))
    side = max(3, round(DICE.layout_pip * edge) | 1)
    boxed = cv2.blur(dist, (side, side))
    best: dict[int, tuple[float, float]] = {}
    for k in DICE.layout_steps:
        step = READER.nominal_step * k * edge / 2.0
        found = _place_values(boxed, step, DICE.layout_reach * edge)
        near = _place_values(boxed, step, DICE.layout_empty_reach * edge)
        for face, variants in LAYOUTS.items():
            for pips in variants:
                score = _layout_score(found, near, pips)
                if face not in best or score[0] > best[face][0]:
                    best[face] = score
    return best


def _place_values(boxed: np.ndarray, step: float, reach: float
                  ) -> dict[tuple[int, int], float]:
    """Each lattice place's strongest boxed difference within ``reach`` pixels around it (a
    real die's pips lie off the lattice a little)."""
    middle = VIEW / 2.0
    out = {}
    for i, j in _PLACES:
        x, y = middle + i * step, middle + j * step
        x0, x1 = max(0, round(x - reach)), min(VIEW, round(x + reach) + 1)
        y0, y1 = max(0, round(y - reach)), min(VIEW, round(y + reach) + 1)
        out[(i, j)] = float(boxed[y0:y1, x0:x1].max())
    return out


def _layout_score(found: dict[tuple[int, int], float], near: dict[tuple[int, int], float],
                  pips: tuple[tuple[int, int], ...]) -> tuple[float, float]:
    """(how much the weakest of ``pips``' places (``found``) stands out over the strongest
    other place (``near``: looked at wider, so that a pip beside an empty place counts
    against it), as a share of it; that weakest place's value)."""
    weakest = min(found[p] for p in pips)
    strongest_empty = max(v for p, v in near.items() if p not in pips)
    return (weakest - strongest_empty) / max(weakest, 1e-6), weakest


def layout_face(crop_bgr: np.ndarray, edge: float) -> int | None:
    """The face whose layout the crop's pips clearly show (see the module's docstring), or
    None."""
    scores = sorted(layout_scores(crop_bgr, edge).items(), key=lambda fs: -fs[1][0])
    (face, (score, contrast)), (_, (runner_up, _)) = scores[0], scores[1]
    if (score < DICE.layout_clear or score - runner_up < DICE.layout_margin
            or contrast < DICE.layout_contrast):
        return None
    return face
