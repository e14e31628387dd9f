"""Confirm a board die's face on its top's pixels instead of reading the top afresh.

On the board the spot finder has already found a die's pips and fitted their layout, and the
die's size is known. When the pips fit their layout closely, at the known die's step, the top
is checked rather than read again: each pip must stand out from the body colour where the
spots put it, all about equally, and the rest of the top (where another face's pips would be,
a smear, printing) must be body. A top that passes is read as the spots' face; anything else
goes to the full reader (``vision.dice_pips.read_top``), which costs about three times as much.

Two or more pips that fit a layout at the known step are centred on the die (a part of a face
that fits one at that step is its diagonal, and all of a face's other pips lie within the
square checked), but a lone spot may be a corner pip of a die whose other pips were missed: its
neighbours then lie beyond that square, so a one is always read afresh.

May import ``vision`` modules, numpy and OpenCV.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.dice_pips import MARGIN, VIEW, Blob, PipReading, body_difference, body_lab

CONFIRM_FIT = 0.12        # worst spot's distance from its layout point, in lattice steps
CONFIRM_STEP = (0.9, 1.15)  # the spots' pip step / the known die's
PIP_REACH = 2             # crop px around a spot searched for its pip's strongest contrast
TOP_CHECKED = 0.42        # of the die edge: half the side of the top's square checked for body
PIP_CLEAR = 0.15          # of the die edge: radius around each pip left out of that check
CLEAN = 0.3               # strongest contrast on the body / the weakest pip's, at most
EVEN = 0.6                # weakest pip's contrast / the strongest's, at least
MIN_PIP_CONTRAST = 25.0   # Lab distance of the weakest pip from the body, at least

_AXIS = np.arange(VIEW, dtype=np.float32) - VIEW / 2  # crop pixels' offsets from the die centre


def confirm_top(crop_bgr: np.ndarray, pips: np.ndarray, edge: float) -> PipReading | None:
    """The spots' face, read surely, when the top's pixels bear it out; None otherwise.

    Args:
        crop_bgr: the ``VIEW`` square ``read_top`` would read, centred on the die.
        pips: the spots' centres in that crop's pixels (x, y: column and row), (n, 2).
        edge: the die edge in crop pixels.

    Returns:
        A PipReading of ``len(pips)`` with a confidence of 0.7-1 (the cleaner the body, the
        higher), its pips and body colour; None when any check fails.
    """
    lab = cv2.cvtColor(crop_bgr, cv2.COLOR_BGR2LAB)
    body = body_lab(lab)
    _, dist = body_difference(lab, body)
    strengths, found = [], []
    for x, y in pips.tolist():
        ix, iy = round(x), round(y)
        if not (PIP_REACH <= ix < VIEW - PIP_REACH and PIP_REACH <= iy < VIEW - PIP_REACH):
            return None
        window = dist[iy - PIP_REACH:iy + PIP_REACH + 1, ix - PIP_REACH:ix + PIP_REACH + 1]
        _, peak, _, (px, py) = cv2.minMaxLoc(window)
        strengths.append(peak)
        found.append((ix - PIP_REACH + px, iy - PIP_REACH + py))
    weakest = min(strengths)
    if weakest < MIN_PIP_CONTRAST or weakest < EVEN * max(strengths):
        return None
    half = TOP_CHECKED * edge
    inside = np.abs(_AXIS) <= half
    lo, hi = int(np.argmax(inside)), VIEW - int(np.argmax(inside[::-1]))
    square = dist[lo:hi, lo:hi]
    body_pixels = np.ones(square.shape, bool)
    axis = _AXIS[lo:hi]
    clear2 = (PIP_CLEAR * edge) ** 2
    for x, y in found:
        dx, dy = axis - (x - VIEW / 2), axis - (y - VIEW / 2)
        body_pixels &= (dy[:, None] ** 2 + dx[None, :] ** 2) > clear2
    if not body_pixels.any():
        return None
    clean = float(square[body_pixels].max()) / weakest
    if clean > CLEAN:
        return None
    blobs = tuple(Blob(float(x - MARGIN), float(y - MARGIN), s, s)
                  for (x, y), s in zip(found, strengths, strict=True))
    return PipReading(len(pips), 1.0 - 0.3 * clean / CLEAN, "", "", blobs, weakest, body=body)
