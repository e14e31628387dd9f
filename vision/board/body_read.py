"""Read a grid cell's die by its pips' difference from its own body colour.

The spot channels of ``vision.board.dice`` see dark pips and pips less saturated than a red
body; a real die's pips may be any colour on any body (gold on red, white on a translucent
blue, pips a camera blurs into the body), and the shared top reader (``vision.top.pips.read_top``)
sees them all, as pixels that differ from the die's own body colour. Here a cell whose die was
not read surely by its spots is read that way:

1. the die's body: the cell's pixels that differ from the paper (the median colour of the cell's
   border band) by ``DICE.body_paper``, opened, the largest part if it has a die's area or
   more (``DICE.body_area``); its centre is where the die lies, roughly (its sides and shadow
   shift it);
2. a square ``DICE.body_search`` die edges wide there, turned as the die's edges run, is read
   by ``read_top``: the pips it finds, back in view pixels, give the die's centre (every layout
   is symmetric about it) and angle (their layout's); where the edges run no clear way
   (``die_axes``: a die blurred into the felt cut with it) and its pips' layout runs across
   the square's axes, the square is turned half a quarter turn and read again: the layout's
   turn is then the die's; and when that reads no face, the wide square is read at
   ``DICE.unseen_turns`` too (every turn lies within half their step of one tried), the
   first face other than a two taken (a four's diagonal pair, on a square turned off the
   four, is a two's layout);
3. the known die's top square there is read again; the face is called only when the reading
   is sure (``READER.min_confidence``), its pips lie as far apart as a real die's of the
   known size (``DICE.body_step``, of ``READER.nominal_step``), and the body colour the reader
   measured lies around the square's centre (``DICE.body_offset``; for white pips, with the
   body's lightness counting less, ``body_centred``: a translucent body's lightness changes
   across its top): a face whose pips were
   missed in part (the gold three read as its two) is read off the die's centre; and its
   layout is not squeezed (``READER.cocked_squash``): a six's corner pips, its middle ones
   missed, are a four's layout drawn out; and none of the pips it counts is a pip of the
   face below seen through a translucent body (``vision.board.through.reads_through``), and
   its pips are alike in tint (``vision.board.through.unlike_tints``: a tinted light spot
   among white pips is a translucent body's own light).

A two, whoever reads it (the spots, the body, the outline), is called only when the square its
pips' layout turns lies within ``DICE.two_turn`` degrees of the die's edges where edges
show (``two_off_the_edges``): a two's pips lie on its top's diagonal, while a one's pip and a
spot at its top's edge (a side face's pip, a chip) pair into a two turned any way. A three to
six the body or the outline reads is called only when its layout's square lies within
``DICE.layout_turn`` degrees of the die's edges where edges show (``layout_off_the_edges``).

Anything else is an abstention: a confident wrong face is the worst outcome.

May import ``vision.board.config``, ``vision.board.geometry``, ``vision.board.through``,
``vision.top``, numpy and OpenCV.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Sequence
from dataclasses import replace
from functools import partial

import cv2
import numpy as np

from vision.board.config import DICE
from vision.board.geometry import BoardGeometry
from vision.board.through import pip_chroma, reads_through, unlike_tints
from vision.top.blur import is_blurred
from vision.top.colour import classify_colour
from vision.top.config import READER
from vision.top.pips import TURNED, best_fit, centres, pip_step, read_top
from vision.top.square import die_axes, rectify, turn_apart, view_axes
from vision.top.types import CROP, MARGIN, VIEW, Blob, Candidate, DieDetection, PipReading


def cell_box(geometry: BoardGeometry, r: int, c: int) -> tuple[int, int, int, int]:
    """(x0, y0, x1, y1) of a grid cell in view pixels."""
    px = geometry.px_per_mm
    cell = geometry.cell_mm * px
    x0 = geometry.grid_origin_mm[0] * px + c * cell
    y0 = geometry.grid_origin_mm[1] * px + r * cell
    return round(x0), round(y0), round(x0 + cell), round(y0 + cell)


def body_in_cell(image: np.ndarray, box: tuple[int, int, int, int], size: float,
                 apart: float = DICE.body_paper) -> tuple[float, float] | None:
    """The centre of the die-sized part of a cell that differs from its paper (by ``apart``
    in Lab, ``DICE.body_paper`` unless told), or None."""
    x0, y0, x1, y1 = box
    h, w = image.shape[:2]
    x0, y0, x1, y1 = max(0, x0), max(0, y0), min(w, x1), min(h, y1)
    band = DICE.body_band
    if x1 - x0 <= 3 * band or y1 - y0 <= 3 * band:
        return None
    lab = cv2.cvtColor(image[y0:y1, x0:x1], cv2.COLOR_BGR2LAB).astype(np.float32)
    ring = np.ones(lab.shape[:2], bool)
    ring[band:-band, band:-band] = False
    paper = np.median(lab[ring], axis=0)
    away = (np.linalg.norm(lab - paper, axis=2) > apart).view(np.uint8)
    away = cv2.morphologyEx(away, cv2.MORPH_OPEN, np.ones((5, 5), np.uint8))
    n, _, stats, means = cv2.connectedComponentsWithStats(away)
    if n < 2:
        return None
    k = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    if stats[k, cv2.CC_STAT_AREA] < DICE.body_area * size * size:
        return None
    return x0 + float(means[k][0]), y0 + float(means[k][1])


def read_body(image: np.ndarray, x: float, y: float, size: float,
              palette: Collection[str] = (), angle: float | None = None) -> DieDetection:
    """The die near (x, y) read by its pips' difference from its body (face None if unsure).

    Args:
        angle: the die's turn when known (the spots' reading's), else its edges' (``die_axes``).
    """
    edges = angle if angle is not None else die_axes(image, x, y, size)
    die = _read_turned(image, x, y, size, palette, edges or 0.0, edges is None)
    if edges is not None or die.face is not None:
        return die
    for turn in DICE.unseen_turns:
        again = _read_turned(image, x, y, size, palette, turn, False)
        if again.face not in (None, 2):  # a four's diagonal pair, turned off it, is a two
            return again
    return die


def _read_turned(image: np.ndarray, x: float, y: float, size: float, palette: Collection[str],
                 angle: float, turn_by_pips: bool) -> DieDetection:
    """``read_body`` with its first, wide square turned by ``angle``; with ``turn_by_pips``,
    a layout across that square's axes (TURNED) turns it half a quarter turn."""
    wide = Candidate(x, y, size * DICE.body_search, size * DICE.body_search, angle, 1.0, "body")
    first = read_top(rectify(image, wide, VIEW, VIEW / CROP))
    if turn_by_pips and first.reason == TURNED:
        # no edges to say how the die is turned: its pips' layout, across the square's axes,
        # says it (half a quarter turn)
        angle = (angle + 45.0) % 90.0
        wide = replace(wide, angle=angle)
        first = read_top(rectify(image, wide, VIEW, VIEW / CROP))
    if len(first.blobs) == 0 or first.reason == TURNED:
        # no pips, or a layout only across the square's axes: the pips of part of a face
        return DieDetection(x, y, size, angle, None, "unknown", 0.0, first.reason or "no pips")
    top = on_pips(wide, first, size)
    if top is None:  # no layout (or more than six): not one die's pips
        return DieDetection(x, y, size, angle, None, "unknown", 0.0, "unclear pips")
    crop = rectify(image, top, VIEW, VIEW / CROP)
    reading = read_top(crop)
    colour = classify_colour(crop, reading.body, palette)
    face, reason = judged(crop, reading)
    conf = reading.confidence if face is not None else 0.0
    return DieDetection(top.cx, top.cy, size, top.angle % 90.0, face, colour, round(conf, 3),
                        reason)


def on_pips(square: Candidate, reading: PipReading, edge: float) -> Candidate | None:
    """The top square of ``edge`` that the pips ``reading`` found in ``square``'s crop give:
    centred on them (every layout is symmetric about the top's centre) and turned as their
    layout, or as ``square`` for a lone pip; None when two or more pips form no layout."""
    points = pips_in_view(square, reading)
    cx, cy = (float(v) for v in points.mean(axis=0))
    angle = square.angle
    if len(points) > 1:
        fit = best_fit(points)
        if fit is None:
            return None
        angle = layout_turn(fit[-2])
    return Candidate(cx, cy, edge, edge, angle, 1.0, square.source)


def pips_in_view(square: Candidate, reading: PipReading) -> np.ndarray:
    """The centres of the pips ``reading`` found in ``square``'s crop (``rectify``'d at
    ``VIEW``), in the view's pixels: an (n, 2) array."""
    origin, ex, ey = view_axes(square, VIEW, VIEW / CROP)
    return np.array([origin + (b.x + MARGIN) * ex + (b.y + MARGIN) * ey
                     for b in reading.blobs])


def layout_turn(rot: np.ndarray) -> float:
    """The turn (degrees, 0..90) of the square whose layout a fit's rotation (``best_fit``'s,
    pips @ rot ~ the layout) lays the pips on."""
    return math.degrees(math.atan2(rot[1, 0], rot[0, 0])) % 90.0


def judged(crop: np.ndarray, reading: PipReading,
           steps: tuple[float, float] = DICE.body_step) -> tuple[int | None, str]:
    """The face called on a reading of a die top of the known size (the crop's ``CROP``
    square), or None with the reason (see the module's step 3); its pips' step, of the known
    die's, within ``steps`` (``DICE.body_step`` unless told)."""
    if reading.face is None:
        return None, reading.reason or "unclear pips"
    if reading.confidence < READER.min_confidence:
        return None, "unsure"
    scale = pip_scale(reading)
    if scale is None or not steps[0] <= scale <= steps[1]:
        return None, "pips out of scale"
    if not body_centred(crop, reading):
        return None, "unclear pips"
    if reading.squash < READER.cocked_squash[reading.face]:  # the crop is square
        return None, "cocked"  # or part of a face's pips: a six's corners as a four
    if is_blurred(crop[MARGIN:MARGIN + CROP, MARGIN:MARGIN + CROP]):
        return None, "blurred"
    if reads_through(crop, reading):
        return None, "pips seen through"
    if unlike_tints(crop, reading):
        return None, "pips unlike"
    return reading.face, ""


def pip_scale(reading: PipReading) -> float | None:
    """A reading's pips' step (``pip_step``) of the known die's, ``READER.nominal_step`` of
    the crop's ``CROP`` square: 1.0 for a lone pip, None when its pips give no step."""
    step = READER.nominal_step * CROP / 2
    found = pip_step(centres(reading.blobs)) if len(reading.blobs) > 1 else step
    return None if found is None else found / step


def body_centred(crop: np.ndarray, reading: PipReading) -> bool:
    """Whether the body colour a reading of ``crop`` measured lies around the crop's centre:
    its pixels' centre within ``DICE.body_offset`` of it (``body_offset``); or, for white pips
    (lighter than the body, each of at most ``DICE.neutral_pips`` Lab chroma) on a dark body
    (Lab lightness at most ``DICE.dark_body``), when it does so with lightness counting
    ``DICE.body_light_weight`` in the distance from the body colour. A translucent body is
    lit through from below: its lightness changes across its top (a dark middle, light
    sides) while its hue holds, and at the full distance only a patch of it is its body
    colour, wherever that lies. Tinted light spots on such a top (the body's own light, pips
    seen through it), dark pips and a light body (a white die, or paper taken for the body:
    lightness alone tells them from the light paper around) keep the full distance. False
    when the reading measured no body colour."""
    body = reading.body
    if body is None:
        return False
    if body_offset(crop, body) <= DICE.body_offset:
        return True
    if reading.polarity != "light" or body[0] > DICE.dark_body or not _neutral(crop, reading.blobs):
        return False
    return body_offset(crop, body, DICE.body_light_weight) <= DICE.body_offset


def _neutral(crop: np.ndarray, pips: Sequence[Blob]) -> bool:
    """Whether there are pips and each is of at most ``DICE.neutral_pips`` Lab chroma."""
    lab = cv2.cvtColor(crop, cv2.COLOR_BGR2LAB)
    return bool(pips) and max(pip_chroma(lab, b) for b in pips) <= DICE.neutral_pips


def body_offset(crop: np.ndarray, body: np.ndarray, light: float = 1.0) -> float:
    """How far the body-coloured pixels' centre lies from the crop's centre, in die edges;
    ``light``: the weight of lightness in a pixel's distance from the body colour."""
    lab = cv2.cvtColor(crop, cv2.COLOR_BGR2LAB).astype(np.float32)
    weights = np.array([light, 1.0, 1.0], np.float32)
    ys, xs = np.nonzero(np.linalg.norm((lab - body) * weights, axis=2) < DICE.body_colour)
    if len(xs) == 0:
        return math.inf
    middle = VIEW / 2 - 0.5
    return math.hypot(float(xs.mean()) - middle, float(ys.mean()) - middle) / CROP


CellReader = Callable[[np.ndarray, tuple[int, int, int, int], float, Collection[str],
                       tuple[float, float] | None, DieDetection | None], DieDetection | None]
CellKeeper = Callable[[tuple[int, int, int, int], DieDetection | None,
                       Callable[[], DieDetection | None]], DieDetection | None]


def reread_cells(image: np.ndarray, dice: list[DieDetection], size: float,
                 geometry: BoardGeometry, then: CellReader | None = None,
                 keep: CellKeeper | None = None) -> list[DieDetection]:
    """``dice`` with each grid cell's unread die read by its body instead, where that reads
    a face: a cell with a die read by its spots is left alone, and so is a cell whose body
    reads no face (its abstention stays; a body without a face is not added).

    Args:
        then: read a cell whose body read no face this way last (image, the cell's box, the
            die edge, the palette, the centre of the body ``body_in_cell`` found there, or
            None where it found none, and the die the spots put there unread, or None): the
            face it calls, or None.
        keep: how a cell's reading is had (the cell's box, the die the spots put there unread
            or None, and the reading itself to call): ``BoardDiceReader`` gives back no face
            for a cell that called none in the last view and whose pixels did not change
            since. Without it, every such cell is read.
    """
    px = geometry.px_per_mm
    x0, y0 = (v * px for v in geometry.grid_origin_mm)
    cell = geometry.cell_mm * px
    by_cell: dict[tuple[int, int], list[DieDetection]] = {}
    for d in dice:
        r, c = int((d.y - y0) // cell), int((d.x - x0) // cell)
        if 0 <= r < geometry.rows and 0 <= c < geometry.cols:
            by_cell.setdefault((r, c), []).append(d)
    out = [d for d in dice if not any(d in ds for ds in by_cell.values())]
    for r in range(geometry.rows):
        for c in range(geometry.cols):
            here = by_cell.get((r, c), [])
            if not any(d.face is not None for d in here):
                box = cell_box(geometry, r, c)
                unread = here[0] if here else None
                read = partial(_read_cell, image, box, size, geometry.palette, unread, then)
                found = read() if keep is None else keep(box, unread, read)
                if found is not None:
                    here = [found]
            out += here
    return out


def _read_cell(image: np.ndarray, box: tuple[int, int, int, int], size: float,
               palette: Collection[str], unread: DieDetection | None,
               then: CellReader | None) -> DieDetection | None:
    """The cell's die read by its body, when that reads a face in the cell; else by
    ``then``, told where the body is (or that none was found) and where the spots put the
    die; else None.

    The search starts where the spots put the die (``unread``, turned as they read it), then
    at its body's centre: on white paper a white die's body is mostly its sides and shadow,
    and the spots of gold pips on red may be none or a few. The body is looked for once
    (``body_in_cell``); a cell without one is not read by its body.
    """
    if unread is not None:
        die = read_body(image, unread.x, unread.y, size, palette, unread.angle)
        if _face_in(die, box) and not _off_the_edges(image, die, size):
            return die
    at = body_in_cell(image, box, size)
    if at is not None:
        die = read_body(image, *at, size, palette)
        if _face_in(die, box) and not _off_the_edges(image, die, size):
            return die
    found = None if then is None else then(image, box, size, palette, at, unread)
    return None if found is None or _off_the_edges(image, found, size) else found


def _off_the_edges(image: np.ndarray, die: DieDetection, size: float) -> bool:
    """Whether ``die``'s pips lie off the die they sit on: a two's (``two_off_the_edges``) or
    a three's to six's layout (``layout_off_the_edges``)."""
    return two_off_the_edges(image, die, size) or layout_off_the_edges(image, die, size)


def layout_off_the_edges(image: np.ndarray, die: DieDetection, size: float) -> bool:
    """Whether ``die`` is a three to six whose pips' layout turns its square (``die.angle``)
    more than ``DICE.layout_turn`` degrees from the die's edges there (``_turned_off``). A
    face's pips are laid along its top's edges (a three's on its diagonal); pips that fit a
    layout turned well off the die are not that face's: a swirl's arcs around a one's pip
    read as a three's corners."""
    return (die.face is not None and die.face >= 3
            and _turned_off(image, die, size, DICE.layout_turn))


def two_off_the_edges(image: np.ndarray, die: DieDetection, size: float) -> bool:
    """Whether ``die`` is a two whose pips lie off the diagonal of the die they sit on: the
    square their layout turns (``die.angle``) more than ``DICE.two_turn`` degrees from the
    die's edges there (``_turned_off``). A one's pip and a spot at its top's edge (a side
    face's pip, a chip, a shadow's corner) pair into a two turned any way; a two's pips lie
    on its top's diagonal."""
    return die.face == 2 and _turned_off(image, die, size, DICE.two_turn)


def _turned_off(image: np.ndarray, die: DieDetection, size: float, limit: float) -> bool:
    """Whether ``die``'s square (``die.angle``) turns more than ``limit`` degrees from the
    edges of the die there (``die_axes``; edges running no clear way, no finding)."""
    edges = die_axes(image, die.x, die.y, size)
    return edges is not None and turn_apart(die.angle, edges) > limit


def _face_in(die: DieDetection, box: tuple[int, int, int, int]) -> bool:
    """Whether a reading calls a face and lies in the cell's box."""
    x0, y0, x1, y1 = box
    return die.face is not None and x0 <= die.x < x1 and y0 <= die.y < y1
