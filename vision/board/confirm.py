"""Confirm a board die's face on its top's pixels instead of reading the top afresh.

On the board the spot finder has already found a die's pips and fitted their layout, and the
die's size is known. When the pips fit their layout closely, at the known die's step, the top
is checked rather than read again: each pip must stand out from the body colour where the
spots put it, all about equally, and the rest of the top (where another face's pips would be,
a smear, printing) must be body. A top that passes is read as the spots' face; anything else
goes to the full reader (``vision.top.pips.read_top``), which costs about three times as much.

Two or more pips that fit a layout at the known step are centred on the die (a part of a face
that fits one at that step is its diagonal, and all of a face's other pips lie within the
square checked), but a lone spot may be a corner pip of a die whose other pips were missed: its
neighbours then lie beyond that square. A one is therefore confirmed (``confirm_one``) only
when, besides, nothing pip-like lies out to where those neighbours would be
(``pip_response``: a pip-sized patch that stands out from all around it, which the die's own
edges, the table, lines and shadows do not).

May import ``vision.board.config``, ``vision.top``, numpy and OpenCV.
"""

from __future__ import annotations

import math
from functools import lru_cache

import cv2
import numpy as np

from vision.board.config import DICE
from vision.top.pips import BODY_SPAN, body_difference, body_lab
from vision.top.types import MARGIN, VIEW, Blob, PipReading

_AXIS = np.arange(VIEW, dtype=np.float32) - VIEW / 2  # crop pixels' offsets from the die centre
_R2 = _AXIS[:, None] ** 2 + _AXIS[None, :] ** 2        # and their squared distances from it


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
    first, end = _part_read(pips, edge)
    lab = cv2.cvtColor(crop_bgr[first:end, first:end], cv2.COLOR_BGR2LAB)
    body = body_lab(lab, first)
    _, dist = body_difference(lab, body)
    return _confirmed(dist, body, pips, edge, origin=first)


def _part_read(pips: np.ndarray, edge: float) -> tuple[int, int]:
    """The crop's rows (and columns) ``confirm_top`` reads: the pips' windows, the top's
    checked square and the body's middle, and a pixel more each way for the 3x3 smoothing of
    the distances, which is then the whole crop's there. A third of the crop, usually."""
    lo, hi = _checked_square(edge)
    first = min(lo, BODY_SPAN[0], round(float(pips.min())) - DICE.confirm_pip_reach) - 1
    end = max(hi, BODY_SPAN[1], round(float(pips.max())) + DICE.confirm_pip_reach + 1) + 1
    return max(0, first), min(VIEW, end)


def _checked_square(edge: float) -> tuple[int, int]:
    """The crop rows (and columns) of the top's square checked for body: those within
    ``DICE.confirm_top_checked`` die edges of the centre."""
    half = DICE.confirm_top_checked * edge
    return max(0, math.ceil(VIEW / 2 - half)), min(VIEW, math.floor(VIEW / 2 + half) + 1)


def confirm_one(crop_bgr: np.ndarray, edge: float) -> PipReading | None:
    """A one, read surely, when the crop's centre holds a lone pip on a plain top and nothing
    pip-like lies where a face's other pips would if that pip were one of them; None otherwise.

    A lone spot may be a corner or side pip of a die whose other pips the spot finder missed
    (faint, or a stray spot dropped from the group): those pips lie up to two lattice steps
    away on each axis, beyond the square ``confirm_top`` checks, on the die's body. A true
    one's surroundings there are its edges and the table: broad, not pip-sized. So every
    pip-sized patch out to ``DICE.confirm_other_pips_reach`` must stand out from all around it
    (``pip_response``) less than ``DICE.confirm_other_pip`` of what the lone pip does.

    Args:
        crop_bgr: the ``VIEW`` square ``read_top`` would read, centred on the spot and turned
            as the die's edges.
        edge: the die edge in crop pixels.
    """
    lab = cv2.cvtColor(crop_bgr, cv2.COLOR_BGR2LAB)
    body = body_lab(lab)
    _, dist = body_difference(lab, body)
    reading = _confirmed(dist, body, np.array([[VIEW / 2, VIEW / 2]]), edge, DICE.confirm_one_clear)
    if reading is None:
        return None
    response = pip_response(dist, edge)
    own = float(response[_R2 <= (DICE.confirm_one_clear * edge) ** 2].max())
    around = response[(_R2 > (DICE.confirm_one_clear * edge) ** 2)
                      & (_R2 <= (DICE.confirm_other_pips_reach * edge) ** 2)]
    if own <= 0 or float(around.max()) >= DICE.confirm_other_pip * own:
        return None
    return reading


def pip_response(dist: np.ndarray, edge: float) -> np.ndarray:
    """How much each pip-sized patch stands out from everything around it: its mean distance
    from the body colour less the largest mean on a ring just beyond a pip (12 points at
    ``DICE.confirm_ring`` of the die edge). A pip on the body stands out by its contrast; an edge, a
    corner, a line or a shadow reaches the ring and scores about zero or less."""
    pip = max(3, round(DICE.confirm_pip_side * edge) | 1)
    small = cv2.blur(dist, (pip, pip))
    return small - cv2.dilate(small, _ring_kernel(round(DICE.confirm_ring * edge)))


@lru_cache(maxsize=8)
def _ring_kernel(radius: int) -> np.ndarray:
    kernel = np.zeros((2 * radius + 1, 2 * radius + 1), np.uint8)
    for angle in np.linspace(0, 2 * np.pi, 12, endpoint=False):
        kernel[round(radius + radius * np.sin(angle)), round(radius + radius * np.cos(angle))] = 1
    return kernel


def _confirmed(dist: np.ndarray, body: np.ndarray, pips: np.ndarray, edge: float,
               clear: float = DICE.confirm_pip_clear, origin: int = 0) -> PipReading | None:
    """``confirm_top``'s checks on the crop's distances from the body colour, leaving out of
    the body's check discs of ``clear`` die edges around the pips. ``dist`` may be a square
    part of the crop's from row and column ``origin`` on (``_part_read``)."""
    strengths, found = [], []
    reach = DICE.confirm_pip_reach
    for x, y in pips.tolist():
        ix, iy = round(x), round(y)
        if not (reach <= ix < VIEW - reach and reach <= iy < VIEW - reach):
            return None
        wx, wy = ix - reach - origin, iy - reach - origin
        window = dist[wy:wy + 2 * reach + 1, wx:wx + 2 * reach + 1]
        _, peak, _, (px, py) = cv2.minMaxLoc(window)
        strengths.append(peak)
        found.append((ix - reach + px, iy - reach + py))
    weakest = min(strengths)
    if weakest < DICE.confirm_min_pip_contrast or weakest < DICE.confirm_even * max(strengths):
        return None
    lo, hi = _checked_square(edge)
    square = dist[lo - origin:hi - origin, lo - origin:hi - origin]
    at = np.array(found, np.float32) - VIEW / 2
    axis = _AXIS[lo:hi]
    dx, dy = axis[None, :] - at[:, :1], axis[None, :] - at[:, 1:]  # (pips, pixels)
    nearest = (dy[:, :, None] ** 2 + dx[:, None, :] ** 2).min(axis=0)
    body_pixels = nearest > (clear * edge) ** 2
    if not body_pixels.any():
        return None
    clean = float(square[body_pixels].max()) / weakest
    if clean > DICE.confirm_clean:
        return None
    blobs = tuple(Blob(float(x - MARGIN), float(y - MARGIN), s, s)
                  for (x, y), s in zip(found, strengths, strict=True))
    return PipReading(len(pips), 1.0 - 0.3 * clean / DICE.confirm_clean, "", "", blobs, weakest,
                      body=body)


def third_of_three(wide_bgr: np.ndarray, body: np.ndarray, pips: np.ndarray,
                   edge: float) -> bool:
    """Whether two pips read as a two may be a three's middle and one of its corners: a
    pip-sized patch stands out (``pip_response``) at least ``DICE.confirm_other_pip`` as
    much as the weaker of the two within ``DICE.three_reach`` of the pips' distance of where
    the three's other corner would lie, one step on from either pip along the line through
    both (a corner pip cut short by the square, or seen in perspective, lies off that step);
    or the pips themselves do not stand out there (nothing can be told). A square off the
    top, or a top cut short, shows a three that way; a true two's line runs on past its
    corners onto the die's edges and the table, which are not pip-sized.

    Args:
        wide_bgr: the die's surroundings, turned as the read square, reaching one step
            beyond the pips (``pips`` in its pixels).
        body: the top's body colour (Lab, as ``body_lab`` gives it).
        pips: the two pips' centres.
        edge: the die edge in ``wide_bgr``'s pixels.
    """
    dist = _distance(wide_bgr, body)
    response = pip_response(dist, edge)
    first, second = pips.astype(np.float64)
    own = min(_peak(response, first, DICE.confirm_pip_reach),
              _peak(response, second, DICE.confirm_pip_reach))
    reach = DICE.three_reach * float(np.hypot(*(first - second)))
    beyond = max(_peak(response, 2 * first - second, reach),
                 _peak(response, 2 * second - first, reach))
    return own <= 0 or beyond >= DICE.confirm_other_pip * own


def _distance(bgr: np.ndarray, body: np.ndarray) -> np.ndarray:
    """Each pixel's Lab distance from the body colour ``body`` (``body_difference``'s)."""
    _, dist = body_difference(cv2.cvtColor(bgr, cv2.COLOR_BGR2LAB), body)
    return dist


def _peak(response: np.ndarray, at: np.ndarray, reach: float) -> float:
    """The strongest response within ``reach`` pixels of ``at`` (-inf when none of them lies
    on the map)."""
    h, w = response.shape
    ys, xs = np.ogrid[:h, :w]
    near = (xs - float(at[0])) ** 2 + (ys - float(at[1])) ** 2 <= reach * reach
    return float(response[near].max()) if near.any() else -math.inf


def two_centred(wide_bgr: np.ndarray, pips: np.ndarray, edge: float) -> bool:
    """Whether two pips read as a close-set two lie centred on their die's own square: a
    two's pips sit at opposite corners, symmetric about the top's centre, while a three's
    middle pip sits at that centre, so its middle and one corner lie half their distance
    apart off it. Along each axis of ``wide_bgr`` (turned as the read square) the die's two
    sides are the strongest pair of changes of colour (``_side_pair``) across a band through
    the pips; the pips' midpoint must lie within ``DICE.two_centred`` of their distance along
    that axis from the pair's middle. False when no such pair is found, or the pips lie too
    close along an axis to tell (under ``DICE.two_apart`` of the edge).

    Args:
        wide_bgr: the die's surroundings, turned as the read square (``pips`` in its pixels).
        pips: the two pips' centres.
        edge: the die edge in ``wide_bgr``'s pixels.
    """
    lab = cv2.cvtColor(cv2.GaussianBlur(wide_bgr, (0, 0), 1.0), cv2.COLOR_BGR2LAB)
    lab = lab.astype(np.float32)
    middle = pips.mean(axis=0)
    for axis in (0, 1):
        apart = abs(float(pips[0, axis] - pips[1, axis]))
        if apart < DICE.two_apart * edge:
            return False
        centre = _side_pair(_across(lab, axis, float(middle[1 - axis]), edge),
                            pips[:, axis], edge)
        if centre is None or abs(float(middle[axis]) - centre) > DICE.two_centred * apart:
            return False
    return True


def _across(lab: np.ndarray, axis: int, at: float, edge: float) -> np.ndarray:
    """The change of colour across ``axis`` (0: x, 1: y; Lab, each channel's Sobel summed),
    averaged over the band of ``DICE.two_band`` die edges each side of ``at`` on the other
    axis: a profile along ``axis``."""
    lo = max(0, round(at - DICE.two_band * edge))
    hi = round(at + DICE.two_band * edge) + 1
    band = lab[lo:hi] if axis == 0 else lab[:, lo:hi].transpose(1, 0, 2)
    change = np.abs(cv2.Sobel(band, cv2.CV_32F, 1, 0)).sum(axis=2)
    profile: np.ndarray = change.mean(axis=0)
    return profile


def _side_pair(profile: np.ndarray, pips: np.ndarray, edge: float) -> float | None:
    """The middle of the strongest pair of sides (the weaker side's change) around the pips
    on a profile: one before and one beyond them (``DICE.two_side_clear`` clear of the pips,
    within ``DICE.two_side_reach`` of their midpoint), ``DICE.two_top_sizes`` die edges
    apart; None when no pair fits."""
    middle, first, last = float(pips.mean()), float(pips.min()), float(pips.max())
    reach, clear = DICE.two_side_reach * edge, DICE.two_side_clear * edge
    before = np.arange(max(0, math.floor(middle - reach)), math.floor(first - clear) + 1)
    end = min(len(profile) - 1, math.ceil(middle + reach))
    beyond = np.arange(math.ceil(last + clear), end + 1)
    if len(before) == 0 or len(beyond) == 0:
        return None
    width = beyond[None, :] - before[:, None]
    fits = (width >= DICE.two_top_sizes[0] * edge) & (width <= DICE.two_top_sizes[1] * edge)
    if not fits.any():
        return None
    score = np.where(fits, np.minimum(profile[before][:, None], profile[beyond][None, :]), -1.0)
    i, j = np.unravel_index(int(np.argmax(score)), score.shape)
    return (float(before[i]) + float(beyond[j])) / 2.0


def rows_of_six(wide_bgr: np.ndarray, body: np.ndarray, pips: np.ndarray, edge: float) -> bool:
    """Whether four pips read as a four may be two rows of a six: a pip-sized patch stands
    out (``pip_response``) at least ``DICE.six_row`` as much as the four do on average
    within ``DICE.six_reach`` of a side's length of where a pip one side on from one
    of them along a side of their square would lie. A six's third row, missed at the top's
    edge or cut off by a square off the top, lies there; a true four's sides run on past its
    pips onto the top's edges and the table, which are not pip-sized. Pips that do not stand
    out there on average tell nothing: no finding.

    Args:
        wide_bgr: the die's surroundings, turned as the read square, reaching one side
            beyond the pips (``pips`` in its pixels).
        body: the top's body colour (Lab, as ``body_lab`` gives it).
        pips: the four pips' centres, (4, 2).
        edge: the die edge in ``wide_bgr``'s pixels.
    """
    dist = _distance(wide_bgr, body)
    response = pip_response(dist, edge)
    points = pips.astype(np.float64)
    own = float(np.mean([_peak(response, p, DICE.confirm_pip_reach) for p in points]))
    if own <= 0:
        return False
    for p in points:
        apart = np.hypot(*(points - p).T)
        for j in np.argsort(apart)[1:3].tolist():  # its two sides' other ends
            beyond = 2 * points[j] - p
            if _peak(response, beyond, DICE.six_reach * apart[j]) >= DICE.six_row * own:
                return True
    return False


def pip_alone(crop_bgr: np.ndarray, body: np.ndarray, pip: np.ndarray, edge: float) -> bool:
    """Whether a lone pip read as a one stands out from all around it (``pip_response``) at
    least ``DICE.one_alone`` of its own contrast from the body colour: a one's pip lies in the
    middle of its top, body all round it; a pip at a top's corner or edge (a larger face's,
    the rest of whose pips are lost or cut off) has the top's edges in its ring, and what lies
    beyond them (a table, a side) differs from the body about as much as a pip does, where it
    differs little (a white die on light paper) no finding.

    Args:
        crop_bgr: the square read, as seen.
        body: the top's body colour (Lab, as ``body_lab`` gives it).
        pip: the pip's centre in ``crop_bgr``'s pixels.
        edge: the die edge in ``crop_bgr``'s pixels.
    """
    dist = _distance(crop_bgr, body)
    contrast = _peak(dist, pip, DICE.confirm_pip_reach)
    stands = _peak(pip_response(dist, edge), pip, DICE.confirm_pip_reach)
    return contrast > 0 and stands >= DICE.one_alone * contrast


def partner_near(wide_bgr: np.ndarray, body: np.ndarray, pip: np.ndarray, edge: float) -> bool:
    """Whether a lone pip read as a one has a two's partner on its top: a pip-sized patch
    standing out (``pip_response``) at least ``DICE.one_partner`` as much as the pip, beyond
    its own patch (``DICE.confirm_one_clear``), within ``DICE.one_partner_reach`` die edges
    of it and along a diagonal of the square (within ``DICE.two_turn`` degrees). A one's pip
    lies at its top's centre, and half an edge around it is its own top, bare; a square
    re-centred on one pip of a close-set two, its partner cut off at the square's edge,
    reads a one, the partner standing out beside it as much as it, on the top's diagonal. The
    top's edges and a side's pips, seen in perspective, lie half an edge off along the
    square's axes, or farther. A pip that does not stand out tells nothing.

    Args:
        wide_bgr: the die's surroundings, turned as the read square, itself turned as the
            die's edges (``pip`` in its pixels).
        body: the top's body colour (Lab, as ``body_lab`` gives it).
        pip: the one's pip centre.
        edge: the die edge in ``wide_bgr``'s pixels.
    """
    response = pip_response(_distance(wide_bgr, body), edge)
    own = _peak(response, pip, DICE.confirm_pip_reach)
    if own <= 0:
        return False
    h, w = response.shape
    ys, xs = np.ogrid[:h, :w]
    dx, dy = xs - float(pip[0]), ys - float(pip[1])
    apart = np.hypot(dx, dy)
    off_diagonal = np.abs(np.degrees(np.arctan2(dy, dx)) % 90.0 - 45.0)
    near = ((apart > DICE.confirm_one_clear * edge) & (apart <= DICE.one_partner_reach * edge)
            & (off_diagonal <= DICE.two_turn))
    return bool(near.any()) and float(response[near].max()) >= DICE.one_partner * own


def partner_among(wide_bgr: np.ndarray, body: np.ndarray, pips: np.ndarray,
                  patches: np.ndarray, edge: float) -> bool:
    """Whether one of ``patches`` stands out from all around it (``pip_response``) at least
    ``DICE.one_partner`` as much as the strongest of ``pips``: a pip of the same face, as
    ``partner_near`` takes one. The top's edges, a side or a shadow, in its ring, do not
    stand out. Pips that do not stand out tell nothing.

    Args:
        wide_bgr: the die's surroundings, turned as the read square (``pips`` and
            ``patches`` in its pixels, (n, 2) each).
        body: the top's body colour (Lab, as ``body_lab`` gives it).
        edge: the die edge in ``wide_bgr``'s pixels.
    """
    response = pip_response(_distance(wide_bgr, body), edge)
    own = max(_peak(response, p, DICE.confirm_pip_reach) for p in pips.astype(np.float64))
    if own <= 0:
        return False
    return any(_peak(response, p, DICE.confirm_pip_reach) >= DICE.one_partner * own
               for p in patches.astype(np.float64))


def pair_alone(wide_bgr: np.ndarray, body: np.ndarray, pips: np.ndarray, edge: float) -> bool:
    """Whether two pips read as a close-set two have nothing pip-like around them: every
    pip-sized patch within ``DICE.confirm_other_pips_reach`` die edges of their midpoint,
    beyond each pip's own patch (``DICE.confirm_one_clear``), stands out (``pip_response``)
    less than ``DICE.confirm_other_pip`` of what the weaker pip does. Two neighbouring pips
    of a larger face (a three's middle and corner, a four's side) have that face's other
    pips within that reach; a two's top around its pips is bare. A pip that does not stand
    out tells nothing: no finding.

    Args:
        wide_bgr: the die's surroundings, turned as the read square (``pips`` in its pixels).
        body: the top's body colour (Lab, as ``body_lab`` gives it).
        pips: the two pips' centres, (2, 2).
        edge: the die edge in ``wide_bgr``'s pixels.
    """
    response = pip_response(_distance(wide_bgr, body), edge)
    points = pips.astype(np.float64)
    own = min(_peak(response, p, DICE.confirm_pip_reach) for p in points)
    if own <= 0:
        return False
    h, w = response.shape
    ys, xs = np.ogrid[:h, :w]
    middle = points.mean(axis=0)
    near = np.hypot(xs - middle[0], ys - middle[1]) <= DICE.confirm_other_pips_reach * edge
    for x, y in points:
        near &= np.hypot(xs - x, ys - y) > DICE.confirm_one_clear * edge
    return not near.any() or float(response[near].max()) < DICE.confirm_other_pip * own
