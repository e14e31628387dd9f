"""Read a grid cell's die at the square its top's outline draws.

The spots of ``vision.board.dice`` and the body of ``vision.board.body_read`` put the square
they read where the pips they found say the die lies; a real die whose pips they find only in
part (white pips with glare, gold pips on red, a dark translucent body) is then read off its
top, or not at all. Its top's outline is plainer: four straight changes of colour (against the
paper, or against its own darker sides) that meet at right angles, one die edge apart. Here a
cell whose die neither way read is read at that square:

1. the die's turn: the direction its edges run around the cell's centre (``die_axes``); none,
   no reading;
2. the cell (``DICE.outline_pad`` die edges wider each side), turned upright by that angle; its
   changes of colour across each axis (Lab, lightly smoothed) averaged along a stretch of
   ``DICE.outline_span`` of the edge, where each of a square's four sides would lie: a square's
   strength is its weakest side's; per top size (``DICE.outline_scales`` of the die edge;
   perspective enlarges a top) the strongest square, the strongest of them tried first and
   the others nearly as strong (``DICE.outline_near_best``) after it; then the squares at the
   centre of the cell's body, turned as the die's edges, at ``DICE.outline_body_scales`` of
   the die edge (a top's outline may lose to the board's printed lines beside it); before
   them all, where the spots put a die they did not read, the square there, a die edge
   wide (``spots_squares``: a face the spots' own reading missed by a little is read there
   this module's way; a one is never called on it, as a square centred on a lone spot holds
   a pip in its middle whatever face it belongs to); each
   through steps 3 to 6 (the as-is crops of every square before any redrawn one);
3. that square read by ``read_top``, and again at the pips it found (re-centred: every layout
   is symmetric about the top's centre; turned as their layout), even when it called no face
   on them (a square off the top cuts a pip or takes a line in); and so on, up to
   ``DICE.outline_recentre`` times, while the pips' layout keeps the square within
   ``DICE.outline_turn`` degrees of the die's edges: a face is called when two successive
   readings call it, both surely (``READER.min_confidence``), and one of them passes
   ``body_read``'s checks (``judged``: its pips as far apart as a real die's, the body colour
   around the square's centre, an unsqueezed layout, not smeared);
4. failing that, step 3 again on the square's crops redrawn by their difference from the top's
   body colour (``body_contrast``: the body white, a pip darker the farther its colour from
   the body's, dark at the square's edge made white), so that pips differing from their body
   in hue or chroma rather than lightness (gold on red, pink on a dark translucent red) are
   dark pips on a white top; no redrawing when the edge's dark reaches into the top;
5. failing that, step 3 again on the square's crops with the light pips seen through a
   translucent body (the face below's: fainter than the top's own pips and tinted by the
   body) painted in the body's colour (``vision.board.through.without_through_pips``); a
   square whose own crop shows none is not read again;
6. failing that, step 3 again on the square's crops redrawn by their distance off the line of
   the body's hue (``hue_contrast``: a pixel of the body's hue, lit or shaded, white; the
   farther off it, the darker), so that pips of another hue at about the body's lightness
   (faint gold on red, lighter than the top's shaded side and darker than its lit side) are
   dark pips on a white top; a face called surely there is taken only when the face layouts
   on that redrawn top show it clearly and ``read_top`` on the crop as seen calls no other
   face (``_hue_agreed``): a three whose middle pip differs less from the body than its
   corners is a two's diagonal there; never a one. A white or black die has no hue to
   redraw by.

A one called on a top redrawn by ``body_contrast`` is not taken where the redrawing erased a
partner the crop as seen shows (``_unerased``: on the square's own crop, or on the one's, a
pip ``read_top`` finds as seen and not redrawn stands out nearly as much as the redrawn
pips): a two's pip of about its body's colour at the square's edge is cleared with the side
there, its partner left alone.

A face called on a square one of whose counted pips is a pip seen through the body, as the
crop shows it (``vision.board.through.reads_through``), is not taken: the redrawn top of step
4 shows such a pip as dark as the top's own; nor one whose counted pips differ in tint as the
crop shows them (``vision.board.through.unlike_tints``), a tinted light spot among white pips
(the body's own light) however bright.

When no square's readings call a face so, the first two successive readings that call one
face though not surely are taken (``_agreed``), if a second, independent reading of that
square agrees: the six faces' pip layouts scored on the later crop's difference from its body
colour (``vision.board.face_layouts.layout_face``) show that face clearly; and one of the two
passes ``judged`` but for its confidence. Gold pips, a pip with glare, a pale pip on a white
top lower ``read_top``'s confidence though a person reads the face at a glance; a swirl or a
side strip over the top lights the layouts' empty places and calls no face.

Last, a close-set two: the first two successive readings of a square as seen that call a two
surely with its pips closer than ``judged`` takes (their step from ``DICE.close_two_step`` up
to ``DICE.body_step``'s lower bound of the known die's: some real dice set a two's pips that
close), on a top whose pips differ from its body in lightness, not in hue (``_plain_pips``).
It is taken only when nothing pip-like lies around the pair on the view (``vision.board.
confirm.pair_alone``), however the pips lie on the die: a three's middle and one corner, and
a four's two neighbouring pips, lie as close, the face's other pips within that reach; and a
real die seen slanted, its sides beside its top, does not tell whether a pair is centred on
it (``two_centred``).

A two called so whose pips lie closer than a two's (under ``DICE.pip_step``'s lower bound) is
not taken when a pip-sized patch lies about one step on from either of its pips along their line
(``vision.board.confirm.third_of_three``, on the view around the square), unless its pips lie
centred on the die's own square there (``vision.board.confirm.two_centred``): a three's middle
and one corner, its other corner cut off by a square off the top, are a two's diagonal at about
0.7 of a two's step, within ``judged``'s scale, but the three's middle pip lies at its top's
centre. The next square is tried.

A four called so is not taken when a patch standing out as much as its pips
(``DICE.six_row``) lies one side on from one of them along a side
(``vision.board.confirm.rows_of_six``): a six's third row, missed at the top's edge. A
one called so is not taken when its pip does not stand out from all around it
(``vision.board.confirm.pip_alone``): a pip in a top's corner, the rest of a larger face's
pips lost, has the top's edges and what lies beyond them in its ring; nor when a patch
standing out nearly as much as its pip lies within half an edge of it on the square's
diagonal (``vision.board.confirm.partner_near``): a close-set two's other pip, the square
re-centred on one pip and the partner cut off at its edge.

Only a cell whose die differs from the paper somewhere (``body_in_cell``, at
``DICE.body_paper`` or, for a white top on light paper, ``DICE.outline_paper``) is looked at:
an empty cell is never read. Anything else is an abstention: a confident wrong face is the
worst outcome.

May import ``vision.board.body_read``, ``.config``, ``.confirm``, ``.face_layouts``,
``.geometry``, ``.through``, ``vision.top``, numpy and OpenCV.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection
from dataclasses import replace

import cv2
import numpy as np

from vision.board.body_read import body_in_cell, judged, on_pips, pip_scale
from vision.board.config import DICE
from vision.board.confirm import (
    pair_alone,
    partner_among,
    partner_near,
    pip_alone,
    rows_of_six,
    third_of_three,
    two_centred,
)
from vision.board.face_layouts import layout_face
from vision.board.through import reads_through, unlike_tints, without_through_pips
from vision.top.colour import classify_colour
from vision.top.config import READER
from vision.top.pips import body_lab, centres, read_top
from vision.top.square import die_axes, rectify, turn_apart
from vision.top.types import CROP, MARGIN, VIEW, Candidate, DieDetection, PipReading


def outline_square(image: np.ndarray, box: tuple[int, int, int, int], size: float,
                   angle: float) -> list[Candidate] | None:
    """The die top's squares in a cell (see the module's step 2), strongest first: per top
    size the strongest square, kept while at least ``DICE.outline_near_best`` of the
    strongest's strength; None when the cell is too small to hold one."""
    x0, y0, x1, y1 = box
    pad = round(DICE.outline_pad * size)
    h, w = image.shape[:2]
    x0, y0, x1, y1 = max(0, x0 - pad), max(0, y0 - pad), min(w, x1 + pad), min(h, y1 + pad)
    if min(x1 - x0, y1 - y0) <= size:
        return None
    patch = image[y0:y1, x0:x1]
    ph, pw = patch.shape[:2]
    turn = cv2.getRotationMatrix2D((pw / 2.0, ph / 2.0), angle, 1.0)
    upright = cv2.warpAffine(patch, turn, (pw, ph), flags=cv2.INTER_LINEAR,
                             borderMode=cv2.BORDER_REPLICATE)
    across, down = _changes(upright)
    found: list[tuple[float, int, int, float]] = []
    for k in DICE.outline_scales:
        strength = _square_strength(across, down, k * size)
        at = int(np.argmax(strength))
        y, x = divmod(at, pw)
        found.append((float(strength[y, x]), x, y, k))
    found.sort(key=lambda f: -f[0])
    back = cv2.invertAffineTransform(turn)
    out: list[Candidate] = []
    for score, x, y, k in found:
        if score < DICE.outline_near_best * found[0][0]:
            break
        cx, cy = back @ np.array([x, y, 1.0])
        out.append(Candidate(x0 + float(cx), y0 + float(cy), k * size, k * size, angle, 1.0,
                             "outline"))
    return out


def _changes(bgr: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The changes of colour across x and across y (Lab, each channel's Sobel summed)."""
    lab = cv2.cvtColor(cv2.GaussianBlur(bgr, (0, 0), 1.0), cv2.COLOR_BGR2LAB).astype(np.float32)
    across = np.abs(cv2.Sobel(lab, cv2.CV_32F, 1, 0)).sum(axis=2)
    down = np.abs(cv2.Sobel(lab, cv2.CV_32F, 0, 1)).sum(axis=2)
    return across, down


def _square_strength(across: np.ndarray, down: np.ndarray, side: float) -> np.ndarray:
    """Per pixel, the weakest of the four sides of the upright square of ``side`` centred
    there: each side's change of colour averaged along its middle stretch."""
    reach = max(3, round(DICE.outline_span * side))
    sides = cv2.boxFilter(across, -1, (3, reach), borderType=cv2.BORDER_CONSTANT)
    ends = cv2.boxFilter(down, -1, (reach, 3), borderType=cv2.BORDER_CONSTANT)
    half = round(side / 2.0)
    h, w = across.shape
    if 2 * half >= min(h, w):
        return np.zeros((h, w), np.float32)
    left, right = np.zeros_like(sides), np.zeros_like(sides)
    top, bottom = np.zeros_like(ends), np.zeros_like(ends)
    left[:, half:] = sides[:, :w - half]
    right[:, :w - half] = sides[:, half:]
    top[half:, :] = ends[:h - half, :]
    bottom[:h - half, :] = ends[half:, :]
    weakest: np.ndarray = np.minimum(np.minimum(left, right), np.minimum(top, bottom))
    return weakest


def read_outlined(image: np.ndarray, box: tuple[int, int, int, int], size: float,
                  palette: Collection[str] = ()) -> DieDetection | None:
    """The cell's die read at its top's outline (see the module's docstring), or None when no
    face is called there."""
    return read_outlined_at(image, box, size, palette, body_in_cell(image, box, size))


def read_outlined_at(image: np.ndarray, box: tuple[int, int, int, int], size: float,
                     palette: Collection[str], body: tuple[float, float] | None,
                     unread: DieDetection | None = None) -> DieDetection | None:
    """``read_outlined`` told what ``body_in_cell`` found in the cell at its usual difference
    from the paper (``body``, None for nothing: the body is then looked for again at
    ``DICE.outline_paper``, where a white die on light paper differs from it), and where the
    spots put the die they did not read (``unread``, None for nowhere: its squares are read
    first, ``spots_squares``)."""
    if body is None:
        body = body_in_cell(image, box, size, DICE.outline_paper)
    if body is None:
        return None
    x0, y0, x1, y1 = box
    angle = die_axes(image, (x0 + x1) / 2.0, (y0 + y1) / 2.0, size)
    squares = None if angle is None else outline_square(image, box, size, angle)
    if not squares:
        return None
    squares = spots_squares(unread, size) + squares + body_squares(body, size, squares[0].angle)
    agreed: list[Called] = []
    close: list[Called] = []
    passes: list[tuple[Render, Render | None]] = [
        (_as_is, None), (body_contrast, None), (without_through_pips, _seen_through),
        (hue_contrast, None)]
    for square, (render, first) in [(q, p) for p in passes for q in squares]:
        sure, unsure, two = _read_square(image, square, render, size, first)
        if render is hue_contrast and sure is not None and not _hue_agreed(sure, size):
            sure = None
        if render is body_contrast:
            sure = _unerased(image, square, size, sure)
            unsure = _unerased(image, square, size, unsure)
        die = None if sure is None else _detection(image, sure, size, palette)
        if die is not None:
            return die
        agreed += [] if unsure is None else [unsure]
        if two is not None and _plain_pips(two):
            close.append(two)
    for called in agreed + close:
        die = _detection(image, called, size, palette)
        if die is not None:
            return die
    return None


def _detection(image: np.ndarray, called: Called, size: float, palette: Collection[str]
               ) -> DieDetection | None:
    """The die a square's called face makes, or None for a face counting a pip seen through
    the body or pips unlike in tint (``reads_through``, ``unlike_tints``), a two that may be
    a three (``_maybe_a_three``), a four that may be two rows of a six (``_maybe_a_six``), a
    one read on a square the spots put (``spots_squares``) or whose pip has the top's edges
    around it (``confirm.pip_alone``), or a one that may be a close-set two's pip
    (``_maybe_a_two``)."""
    top, crop, reading, face = called
    if reads_through(crop, reading) or unlike_tints(crop, reading):
        return None
    body_colour = body_lab(cv2.cvtColor(crop, cv2.COLOR_BGR2LAB))
    if face == 2 and _maybe_a_three(image, top, body_colour, reading, size):
        return None
    if face == 4 and _maybe_a_six(image, top, body_colour, reading, size):
        return None
    if face == 1 and (top.source == _SPOTS
                      or not _one_alone(crop, body_colour, reading, CROP * size / top.w)):
        return None
    if face == 1 and _maybe_a_two(image, top, body_colour, reading, size):
        return None
    colour = classify_colour(crop, body_colour, palette)
    return DieDetection(top.cx, top.cy, top.size, top.angle % 90.0, face, colour,
                        round(float(reading.confidence), 3), "")


def _maybe_a_three(image: np.ndarray, top: Candidate, body: np.ndarray, reading: PipReading,
                   size: float) -> bool:
    """Whether a two read on ``top`` may be a three's middle and corner: its pips closer than
    a two's on a die of ``size`` (under ``DICE.pip_step``'s lower bound, as the spots keep
    it), not centred on the die's own square (``two_centred``) and a third pip beyond them
    (``third_of_three``), both on the view around the square, as seen. A two's pips a two's
    step apart have no room for a three's middle between them; a three's middle pip lies at
    its top's centre."""
    pips = centres(reading.blobs)
    if len(pips) != 2:
        return True
    edge = CROP * size / top.w  # the die's edge in the square's crop pixels
    if float(np.hypot(*(pips[0] - pips[1]))) >= DICE.pip_step[0] * _TWO_APART * edge:
        return False
    wide, at = _around(image, top, pips)
    if _close_set(reading):
        return not pair_alone(wide, body, at, edge)
    return not two_centred(wide, at, edge) and third_of_three(wide, body, at, edge)


def _close_set(reading: PipReading) -> bool:
    """Whether a reading's pips lie closer than ``judged`` takes by default (their step
    under ``DICE.body_step``'s lower bound): a close-set two (``_CLOSE``)."""
    scale = pip_scale(reading)
    return scale is not None and scale < DICE.body_step[0]


def _maybe_a_six(image: np.ndarray, top: Candidate, body: np.ndarray, reading: PipReading,
                size: float) -> bool:
    """Whether a four read on ``top`` may be two rows of a six whose third row was missed
    (``rows_of_six``, on the view around the square, as seen)."""
    pips = centres(reading.blobs)
    if len(pips) != 4:
        return True
    wide, at = _around(image, top, pips)
    return rows_of_six(wide, body, at, CROP * size / top.w)


def _around(image: np.ndarray, top: Candidate, pips: np.ndarray
            ) -> tuple[np.ndarray, np.ndarray]:
    """(the view around ``top``, ``_WIDE`` of its edges wide, turned as it and as seen;
    ``pips``, given in the square's crop pixels, in that view's pixels)."""
    wide = rectify(image, top, _WIDE * CROP, float(_WIDE))
    return wide, pips + (_WIDE - 1) * CROP / 2.0


def _maybe_a_two(image: np.ndarray, top: Candidate, body: np.ndarray, reading: PipReading,
                 size: float) -> bool:
    """Whether a one read on ``top`` may be one pip of a close-set two whose partner the
    square cut off (``partner_near``, on the view around the square, as seen)."""
    pips = centres(reading.blobs)
    if len(pips) != 1:
        return True
    wide, at = _around(image, top, pips)
    return partner_near(wide, body, at[0], CROP * size / top.w)


def _one_alone(crop: np.ndarray, body: np.ndarray, reading: PipReading, edge: float) -> bool:
    """Whether a one read on ``crop`` (as seen) has its lone pip standing alone on its top
    (``pip_alone``; ``edge``: the die edge in the crop's pixels)."""
    pips = centres(reading.blobs)
    return len(pips) == 1 and pip_alone(crop, body, pips[0] + MARGIN, edge)


_WIDE = 3  # top edges: the view around a square a three's third pip, a six's row is looked for in
_TWO_APART = READER.nominal_step * math.sqrt(2.0)  # a two's pips apart, in die edges


def spots_squares(unread: DieDetection | None, size: float) -> list[Candidate]:
    """The square where the spots put a die they did not read (centred on its spots, turned
    as their layout or its edges, a die edge wide), in a list; none without one, nor for a
    die the spots found cocked (``_COCKED``: they saw a side face's pips beside its top),
    whose abstention stands. A face the spots' own reading missed by a little (a blob's
    shape, the light of one frame) is read there the outline reader's way. A one is never
    called on it (``_detection``): a square centred on a lone spot holds a pip in its middle
    whatever face that pip belongs to."""
    if unread is None or unread.reason == _COCKED:
        return []
    return [Candidate(unread.x, unread.y, size, size, unread.angle, 1.0, _SPOTS)]


_SPOTS = "spots"  # the source of ``spots_squares`` and of the squares re-centred from them
_COCKED = "cocked"  # ``vision.board.dice``'s reason for a die showing a side face's pips


def body_squares(body: tuple[float, float], size: float, angle: float) -> list[Candidate]:
    """The squares centred on the cell's body, turned by ``angle`` (the die's edges), at
    each of ``DICE.outline_body_scales`` of the die edge."""
    return [Candidate(body[0], body[1], k * size, k * size, angle, 1.0, "body")
            for k in DICE.outline_body_scales]


Render = Callable[[np.ndarray], np.ndarray | None]


def _as_is(crop: np.ndarray) -> np.ndarray:
    """The crop itself."""
    return crop


def _seen_through(crop: np.ndarray) -> np.ndarray | None:
    """``without_through_pips`` of a square's own crop, None when it paints nothing: that
    square's as-is pass read the same crop (its re-centred crops are painted, or not, as
    they are)."""
    drawn = without_through_pips(crop)
    return None if drawn is crop else drawn


def body_contrast(crop: np.ndarray) -> np.ndarray | None:
    """The crop redrawn as its pixels' difference from the top's body colour: grey, the body
    white and a pixel ``DICE.contrast_gain`` grey levels darker per unit of Lab distance from
    it; the margin around the top square white. A pip differing from its body in hue or
    chroma alone (gold on red, pink on a dark translucent red) is then a dark pip on a white
    top, as the reader's lightness split sees best. Dark that touches the square's edge (a
    side face, the paper) is made white; when it reaches deeper than ``DICE.contrast_edge`` of
    the top's edge (a pip may be part of it), None: no redrawing is trusted."""
    lab = cv2.cvtColor(crop, cv2.COLOR_BGR2LAB).astype(np.float32)
    body = body_lab(lab)
    return _top_redrawn(255.0 - DICE.contrast_gain * np.linalg.norm(lab - body, axis=2))


def _edges_cleared(top: np.ndarray) -> np.ndarray | None:
    """The top (grey) with its dark parts (below ``DICE.contrast_dark``) that touch its
    square's edge made white: a pip lies inside the body; dark at the edge is a side face or
    the paper beside the top. None when such a part reaches deeper than
    ``DICE.contrast_edge`` of the edge."""
    dark = (top < DICE.contrast_dark).view(np.uint8)
    _, labels = cv2.connectedComponents(dark)
    edge = np.unique(np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]]))
    cleared = np.isin(labels, edge[edge > 0])
    deep = round(DICE.contrast_edge * top.shape[0])
    if cleared[deep:-deep, deep:-deep].any():
        return None
    out = top.copy()
    out[cleared] = 255
    return out


def hue_contrast(crop: np.ndarray) -> np.ndarray | None:
    """The crop redrawn as its pixels' distance off the line of the body's hue in Lab's
    a-b plane: grey, a pixel of the body's hue (lit or shaded, glared pale, or grey: the
    paper, a side) white, and ``DICE.hue_gain`` grey levels darker per unit off that line;
    the margin around the top square white. Pips of another hue than their body (gold on
    red) are dark pips on a white top however light they are; the dark rings around them and
    the top's shading, of the body's own hue, are not. The body's hue is the median a and b
    of the top's inner square's pixels of ``DICE.hue_chroma`` at least; None when under
    ``DICE.hue_body`` of it has one (a white or black die: no hue to tell pips by), when
    under ``DICE.hue_pips`` of it (less than a one's pip) lies ``DICE.hue_least`` off that
    line (white pips on red: no pip of another hue), or when dark touching the square's edge
    reaches into the top (``_edges_cleared``)."""
    lab = cv2.cvtColor(crop, cv2.COLOR_BGR2LAB).astype(np.float32)
    a, b = lab[..., 1] - 128.0, lab[..., 2] - 128.0
    inner = _HUE_INNER & (np.hypot(a, b) >= DICE.hue_chroma)
    if inner.sum() < DICE.hue_body * _HUE_INNER.sum():
        return None
    off = _off_hue(a, b, inner)
    off = _off_hue(a, b, inner & (off <= np.median(off[inner])))
    if np.quantile(off[_HUE_INNER], 1.0 - DICE.hue_pips) < DICE.hue_least:
        return None
    return _top_redrawn(255.0 - DICE.hue_gain * off)


def _top_redrawn(grey: np.ndarray) -> np.ndarray | None:
    """A crop's grey redrawing (float, clipped to 0-255) as a BGR crop: its top square with
    the dark touching the square's edge cleared (``_edges_cleared``, None when that dark
    reaches into the top), the margin around it white."""
    inner = slice(MARGIN, MARGIN + CROP)
    top = _edges_cleared(np.clip(grey[inner, inner], 0, 255).astype(np.uint8))
    if top is None:
        return None
    out = np.full(grey.shape, 255, np.uint8)
    out[inner, inner] = top
    return cv2.cvtColor(out, cv2.COLOR_GRAY2BGR)


def _unerased(image: np.ndarray, square: Candidate, size: float, called: Called | None
              ) -> Called | None:
    """``called`` (a face read on crops redrawn by ``body_contrast``, from ``square``), or
    None for a one where the redrawing erased a partner the crop as seen shows: on
    ``square``'s own crop or the crop the one is called on, a pip ``read_top`` finds as seen
    and not redrawn (none of the redrawn pips within a pip's width of it) stands out on the
    view around that square (``confirm.partner_among``) nearly as much as the redrawn pips.
    A two's pip of about its body's colour at the square's edge is cleared with the side
    there, its partner left alone; the top's own edge, also found as seen, does not stand out
    from all around it."""
    if called is None or called[3] != 1:
        return called
    seen = [(square, rectify(image, square, VIEW, VIEW / CROP))]
    if called[0] is not square:  # re-centred: its crop as seen is the one called
        seen.append((called[0], called[1]))
    for top, crop in seen:
        drawn = body_contrast(crop)
        if drawn is not None and _partner_erased(image, top, crop, drawn, size):
            return None
    return called


def _partner_erased(image: np.ndarray, top: Candidate, crop: np.ndarray, drawn: np.ndarray,
                    size: float) -> bool:
    """Whether a pip ``read_top`` finds on ``crop`` (as seen) and not on ``drawn`` (its
    redrawing) stands out as a partner of the redrawn pips (``_unerased``)."""
    seen, kept = centres(read_top(crop).blobs), centres(read_top(drawn).blobs)
    edge = CROP * size / top.w
    width = 2.0 * DICE.pip_radius * edge
    erased = [p for p in seen if not any(np.hypot(*(p - k)) <= width for k in kept)]
    if not erased or not len(kept):
        return False
    body = body_lab(cv2.cvtColor(crop, cv2.COLOR_BGR2LAB))
    wide, at = _around(image, top, np.vstack([kept, np.array(erased)]))
    return partner_among(wide, body, at[:len(kept)], at[len(kept):], edge)


def _hue_agreed(called: Called, size: float) -> bool:
    """Whether a face read surely on a top redrawn by ``hue_contrast`` is borne out by two
    other readings of its square: the face layouts on that redrawn top show it clearly
    (``face_layouts.layout_face``: no pip-like patch at a place it leaves empty), and
    ``read_top`` on the crop as seen calls no other face. A three whose middle pip differs
    from the body less than its corners (a light streak along its diagonal) is a two's
    diagonal on the redrawn top; its middle place is not empty there, and the crop as seen
    shows three pips. A one is never called so: a pip of another hue alone on the redrawn top
    may be one of a two whose other pip a swirl of the body's own colours hides there."""
    top, crop, _, face = called
    if face == 1:
        return False
    drawn = hue_contrast(crop)
    if drawn is None or layout_face(drawn, CROP * size / top.w) != face:
        return False
    return read_top(crop).face in (None, face)


def _off_hue(a: np.ndarray, b: np.ndarray, body: np.ndarray) -> np.ndarray:
    """Each pixel's distance in the a-b plane off the line through grey of the hue of the
    median a and b where ``body`` holds."""
    hue = math.atan2(float(np.median(b[body])), float(np.median(a[body])))
    off: np.ndarray = np.abs(b * math.cos(hue) - a * math.sin(hue))
    return off


_HUE_INNER = np.zeros((VIEW, VIEW), bool)
_HUE_INNER[MARGIN + CROP // 10:MARGIN + CROP - CROP // 10,
           MARGIN + CROP // 10:MARGIN + CROP - CROP // 10] = True  # a top's inner square


Drawn = tuple[Candidate, np.ndarray, np.ndarray, PipReading]  # square, crop, drawn, reading
Called = tuple[Candidate, np.ndarray, PipReading, int]  # square, crop (as seen), reading, face


def _read_square(image: np.ndarray, square: Candidate, render: Render, size: float,
                 first: Render | None = None
                 ) -> tuple[Called | None, Called | None, Called | None]:
    """The square read as the module's step 3 says, its crops drawn by ``render`` (its own
    crop by ``first`` when given): the face called surely, with the top (re-centred or not),
    its crop (as seen) and the reading, or None; and the first face two successive unsure
    readings call that the face layouts agree with (``_agreed``, for a die of ``size``), or
    None; and, on the crops as seen, the first close-set two two successive readings call
    surely (``_CLOSE``), or None."""
    crop = rectify(image, square, VIEW, VIEW / CROP)
    drawn = (first or render)(crop)
    if drawn is None:
        return None, None, None
    steps: list[Drawn] = [(square, crop, drawn, read_top(drawn))]
    unsure: Called | None = None
    close: Called | None = None
    for _ in range(DICE.outline_recentre):
        again = _recentred(image, steps[-1][0], steps[-1][3], render, square.angle)
        if again is None:
            break
        steps.append(again)
        called = _called(steps[-2], steps[-1])
        if called is not None:
            return called, unsure, close
        unsure = unsure or _agreed(steps[-2], steps[-1], size)
        if render is _as_is and steps[-2][3].face == 2:
            close = close or _called(steps[-2], steps[-1], _CLOSE)
    return None, unsure, close


def _called(before: Drawn, after: Drawn, steps: tuple[float, float] = DICE.body_step
            ) -> Called | None:
    """The face two successive readings call: the same face, both surely
    (``READER.min_confidence``), and the later one, or else the earlier, passing ``judged``
    (its pips' step within ``steps`` of the known die's); with that reading's square and crop
    (as seen). None otherwise."""
    face = before[3].face
    if (face is None or after[3].face != face
            or min(before[3].confidence, after[3].confidence) < READER.min_confidence):
        return None
    for top, crop, drawn, reading in (after, before):
        if judged(drawn, reading, steps)[0] is not None:
            return top, crop, reading, face
    return None


_CLOSE = (DICE.close_two_step, DICE.body_step[0])  # a close-set two's pips' steps


def _plain_pips(called: Called) -> bool:
    """Whether a close-set two was called on a top whose pips differ from its body in
    lightness, not hue: ``hue_contrast`` redraws nothing on its crop (white or dark pips, or
    a die without a hue). Pips of another hue (gold on red) may lie near the body's
    lightness as seen, a three's third pip then too faint to tell (``confirm.pair_alone``)."""
    return hue_contrast(called[1]) is None


def _agreed(before: Drawn, after: Drawn, size: float) -> Called | None:
    """The face two successive readings call though not surely: the same face, the face
    layouts on the later one's crop (as seen; it is centred on the pips read) showing that
    face clearly (``face_layouts.layout_face``, a die edge of ``size``): a second reading of
    the square, by another rule, that agrees; with the later reading, or else the earlier,
    passing ``judged`` but for its confidence. None otherwise."""
    face = before[3].face
    if face is None or after[3].face != face:
        return None
    if layout_face(after[1], CROP * size / after[0].w) != face:
        return None
    for top, crop, drawn, reading in (after, before):
        if judged(drawn, replace(reading, confidence=1.0))[0] is not None:
            return top, crop, reading, face
    return None


def _recentred(image: np.ndarray, square: Candidate, reading: PipReading, render: Render,
               edges: float) -> Drawn | None:
    """The square moved onto its pips' centre and turned as their layout (``on_pips``), its
    crop, the crop drawn by ``render`` and that's reading. None when the reading found no
    pips, or they form no layout, or their layout turns the square more than
    ``DICE.outline_turn`` degrees off the die's edges (``edges``: the pips of a four's side
    fit a two's diagonal turned 45 degrees), or the crop is not drawn."""
    if not reading.blobs:
        return None
    top = on_pips(square, reading, square.w)
    if top is None:
        return None
    if turn_apart(top.angle, edges) > DICE.outline_turn:
        return None
    crop = rectify(image, top, VIEW, VIEW / CROP)
    drawn = render(crop)
    return None if drawn is None else (top, crop, drawn, read_top(drawn))
