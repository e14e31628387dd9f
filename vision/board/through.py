"""A translucent die's top with the pips seen through its body painted out.

Through a translucent body (red or blue casino dice) the pips of the faces below show on the
top: light spots like its own pips, but seen through the coloured body, so fainter and tinted
by it. The top reader (``vision.top.pips.read_top``) finds them among the top's light pips,
and then the count and the layout are wrong (a two with the five's middle pip under it is a
three) or the pips uneven: no face. A top's own pips are alike (their light all but equal),
and white pips are neutral; a spot seen through the body is both fainter than every one of
them and more tinted than the most tinted of them. Such spots are painted in the body's
colour (``without_through_pips``), and the top read again; every check of the reader (layout,
even pips, rivals) still decides.

May import ``vision.board.config``, ``vision.top``, numpy and OpenCV.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import cv2
import numpy as np

from vision.board.config import DICE
from vision.top.pips import body_difference, body_lab, contrast_maps, find_peaks
from vision.top.types import CROP, MARGIN, Blob, PipReading


def without_through_pips(crop_bgr: np.ndarray) -> np.ndarray:
    """The ``VIEW`` crop with the light spots seen through its body (``through_pips``)
    painted in the body colour over ``DICE.through_paint`` of the die edge; the crop itself
    when there are none."""
    lab = cv2.cvtColor(crop_bgr, cv2.COLOR_BGR2LAB)
    body = body_lab(lab)
    through = through_pips(lab, body)
    if not through:
        return crop_bgr
    out = crop_bgr.copy()
    pixel = np.clip(np.rint(body), 0, 255).astype(np.uint8).reshape(1, 1, 3)
    bgr = cv2.cvtColor(pixel, cv2.COLOR_LAB2BGR)[0, 0]
    radius = round(DICE.through_paint * CROP)
    for b in through:
        cv2.circle(out, (round(b.x + MARGIN), round(b.y + MARGIN)), radius, bgr.tolist(), -1)
    return out


def through_pips(crop_lab: np.ndarray, body: np.ndarray) -> list[Blob]:
    """The light pips of a crop (Lab, its ``body`` colour) seen through the body: each
    fainter than ``DICE.through_faint`` of the weakest of the top's own pips and more tinted
    (Lab chroma) than the most tinted of them by ``DICE.through_tint``. The top's own pips
    are those within ``DICE.through_even`` of the strongest pip's contrast; a pip between
    the two bounds, or fewer than two own pips (one lone bright spot may be glare on a top
    whose pips are all tinted), leaves the top as it is (none)."""
    diff, dist = body_difference(crop_lab, body)
    pips, _ = find_peaks(contrast_maps(diff, dist)["light"])
    if len(pips) < 2:
        return []
    strongest = max(b.contrast for b in pips)
    own = [b for b in pips if b.contrast >= DICE.through_even * strongest]
    if len(own) < 2:
        return []  # one spot brighter than the rest (glare) tells nothing of how alike they are
    weakest = min(b.contrast for b in own)
    faint = [b for b in pips if b.contrast < DICE.through_faint * weakest]
    if len(own) + len(faint) != len(pips):
        return []
    tint = max(pip_chroma(crop_lab, b) for b in own) + DICE.through_tint
    return faint if all(pip_chroma(crop_lab, b) >= tint for b in faint) else []


def pip_chroma(crop_lab: np.ndarray, pip: Blob) -> float:
    """A pip's chroma: the length of its 3x3 mean Lab (a, b) from neutral."""
    x, y = round(pip.x + MARGIN), round(pip.y + MARGIN)
    patch: Sequence[float] = crop_lab[y - 1:y + 2, x - 1:x + 2].reshape(-1, 3).mean(axis=0)
    return math.hypot(float(patch[1]) - 128.0, float(patch[2]) - 128.0)


def reads_through(crop_bgr: np.ndarray, reading: PipReading) -> bool:
    """Whether one of the pips a reading counts is a pip seen through the body
    (``through_pips``, within ``DICE.through_paint`` of the die edge of it): a face read so
    counts the face below's pips as its own (a two with the five's middle pip is a three).
    The crop is the top as seen: a reading of it redrawn (``outline_read.body_contrast``)
    has the same pips where they were."""
    if reading.face is None:
        return False
    lab = cv2.cvtColor(crop_bgr, cv2.COLOR_BGR2LAB)
    reach = DICE.through_paint * CROP
    return any(math.hypot(b.x - p.x, b.y - p.y) <= reach
               for b in through_pips(lab, body_lab(lab)) for p in reading.blobs)


def unlike_tints(crop_bgr: np.ndarray, reading: PipReading) -> bool:
    """Whether the pips a reading counts differ in tint: one white (Lab chroma, ``pip_chroma``,
    at most ``DICE.neutral_pips``) and another more than ``DICE.tint_spread`` more tinted. A
    face's pips are printed alike; a tinted light spot among white pips is a translucent
    body's own light (glare through it, a pip below) however bright it is. Tinted pips
    (gold) differ in chroma as the light on them does, and are not compared so."""
    if reading.face is None or len(reading.blobs) < 2:
        return False
    lab = cv2.cvtColor(crop_bgr, cv2.COLOR_BGR2LAB)
    tints = [pip_chroma(lab, b) for b in reading.blobs]
    return min(tints) <= DICE.neutral_pips and max(tints) - min(tints) > DICE.tint_spread
