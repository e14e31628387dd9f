"""Find free-placed dice anywhere in an image and read their top faces and body colours.

``find_dice`` is the entry point: a list of steps, each in its own module.

1. ``vision.photo.candidates``: square, die-sized regions that stand out from the table
   (``vision.photo.regions``: colour difference masks, edge outlines, touching pairs split,
   then a more sensitive look for faint cream and small dice; groups of pip-like spots,
   ``vision.photo.pipgroups``; and the dice of heaps of touching dice, ``vision.photo.heaps``),
   grouped by place. Over a wide size range, large dice are looked for again on a half-size
   image, at places the first look reported no die at.
2. hypotheses of the top face per place: each region found there, the region trimmed to the
   top (``vision.top.square``), scaled down and up, squared (also at its end away from the
   image centre, past a side face that faces the camera); each is warped to an upright square
   with a margin of its surroundings (``view``); when none reads, a square centred on the
   pips a region's reading found, sized by their spread (``on_pips``).
3. ``vision.top.pips``: pips found relative to the die's own body colour, fitted to the six
   pip layouts, with a confidence from the fit and from rival spots (a pip missed, or cut off
   by the rectangle), read once more past glare when its light pips cannot be called or
   hold a streak (``vision.top.glare``); readings stop when two agree, and disagreeing
   readings abstain, once a far larger square's reading on pips of the other shade is left
   out (it read the table around the die: ``without_outer_readings``). Where none calls a
   face, a region's own square may still show a two whose pips stand out from a weaker mark
   on its top (``plain_twos``: a casino die's logo). A place that reads no face is a die
   only on pips found within a region found there (``_pips_within``).
4. checks that abstain with a reason: "cut off" (at the image edge), "cocked" (the pip
   pattern squeezed in the image: a face seen at a slant), "blurred" (gradients that run
   mostly one way, ``vision.top.blur``, unless the called pips are round or all drawn out
   along the smear: ``smeared``), "unclear pips" (a two's pips joined along its diagonal:
   ``vision.photo.joined``), "pips of both shades" (a region of the place plainly shows
   another face in the other shade: ``shown_otherwise``).
5. ``vision.top.colour``: white / red / unknown from the body colour.
6. one detection per place: none inside a far larger die called blurred (its smeared pips),
   no one inside a far larger die read (its pip), then a called face before an abstention,
   then confidence, then size; none held in a hand (``vision.photo.held``).

A wrong face called with confidence is the worst outcome, so every doubtful reading abstains.
May import the other ``vision.photo`` modules, ``vision.top``, numpy and OpenCV; never
``vision.board``, ``device`` or ``calibration``.
"""

from __future__ import annotations

import itertools
import logging
import math
from collections.abc import Iterable, Iterator

import cv2
import numpy as np

from vision.photo.candidates import find_candidates, larger_candidates
from vision.photo.config import PHOTO
from vision.photo.held import held
from vision.photo.joined import joined_two
from vision.photo.pairs import pairs_at
from vision.photo.sources import is_faint, is_heap_part, spot_count
from vision.photo.twos import plain_face, plain_two
from vision.top.blur import gradient_smear
from vision.top.colour import classify_colour
from vision.top.config import READER
from vision.top.pips import (
    LayoutMatch,
    best_fit,
    body_between_pips,
    centres,
    diagonal_squash,
    fitting_pips,
    pattern_squash,
    read_top,
)
from vision.top.square import die_axes, rectify, top_face, view_axes
from vision.top.streak import GLARE, crossed_by_glare
from vision.top.types import CROP, MARGIN, VIEW, Candidate, DieDetection, PipReading

log = logging.getLogger(__name__)



def find_dice(image_bgr: np.ndarray, *, min_size: float = 25, max_size: float = 150,
              expected_size: float | None = None) -> list[DieDetection]:
    """Find the dice in an image and read each one's top face and colour.

    Args:
        image_bgr: a BGR image (a whole photo or the warped board view).
        min_size, max_size: range of the die edge in pixels.
        expected_size: when the die size is known (the warped board), only sizes within 25 %
            of it are considered.

    Returns:
        One DieDetection per die, sorted top to bottom then left to right. An empty list for an
        empty, grey-only or unusable image.
    """
    image = _as_bgr(image_bgr)
    if image is None:
        return []
    if expected_size is not None:
        low, high = PHOTO.expected_range
        min_size, max_size = low * expected_size, high * expected_size
    # regions are searched a little beyond the range: the visible top of a die is smaller
    # than its edge (rounded edges, bevel), a region with its shadow or side larger
    low, high = PHOTO.size_slack[0] * min_size, PHOTO.size_slack[1] * max_size
    found = _read_places(image, group_by_place(find_candidates(image, low, high)),
                         (low, high), min_size, expected_size)
    # large dice once more on a half-size image, at places the first look reported no die at
    larger = [g for g in group_by_place(larger_candidates(image, low, high))
              if not any(_seen_there(g[0], d) for d in found)]
    found += [d for d in _read_places(image, larger, (low, high), min_size, expected_size)
              if d.size >= PHOTO.octave * low]  # a smaller die there was the first look's to find
    kept = suppress_overlaps(without_parts(found))
    if expected_size is None:
        kept = of_one_scale(kept)
    kept = [d for d, in_hand in zip(kept, held(image, [(d.x, d.y, d.size) for d in kept]),
                                    strict=True) if not in_hand]
    return sorted(kept, key=lambda d: (round(d.y / max(d.size, 1.0)), d.x))


def _seen_there(region: Candidate, die: DieDetection) -> bool:
    """Whether the first look reported this die at a half-size look's region: at its centre
    (a die read or abstained on there, whatever the region's extent: a smeared die's region
    takes in its smear), or overlapping it and ``PHOTO.larger_seen`` of its size or larger (a
    leaning die's side face beside its top). A smaller die off its centre is a pip of a large
    die read as a die of its own, and does not hide it."""
    apart = float(np.hypot(region.cx - die.x, region.cy - die.y))
    if apart < PHOTO.centre_share * region.size:
        return True
    return (die.size >= PHOTO.larger_seen * region.size
            and apart < PHOTO.overlap * (region.size + die.size))


def of_one_scale(dets: list[DieDetection]) -> list[DieDetection]:
    """The detections less those far smaller than the dice read surely beside them.

    The dice of one photo lie on one table at about one distance: common sets differ in size by up
    to about twice, a slanted view adds a little. A "die" ``PHOTO.min_size_ratio`` of the median
    read die or smaller is a pip of a large die, or a mark on one, read as a die of its own (a red
    pip with a glint reads as a one). It needs ``PHOTO.scale_witnesses`` read dice to say. """
    read = sorted(d.size for d in dets if d.face is not None)
    if len(read) < PHOTO.scale_witnesses:
        return dets
    typical = read[len(read) // 2]
    return [d for d in dets if d.size > PHOTO.min_size_ratio * typical]


def _read_places(image: np.ndarray, places: list[list[Candidate]], sizes: tuple[float, float],
                 min_size: float, expected_size: float | None) -> list[DieDetection]:
    """The die read at each place (``group_by_place``'s groups), where one is reported."""
    found = []
    for group in places:
        die = read_place_or_pair(image, group, sizes, expected_size)
        if die is not None and reportable(group, die, min_size):
            found.append(die)
    return found


def read_place_or_pair(image: np.ndarray, group: list[Candidate], sizes: tuple[float, float],
                       expected_size: float | None) -> DieDetection | None:
    """``read_place``, and where it shows no die at all, the squares two dark spots at the
    centre of the place's first region propose (``vision.photo.pairs``: a small white two),
    standing for the place only when they call a face. Only at a plain region
    (``_plain_region``), not on a board (``expected_size``), whose cells the board reader
    reads."""
    die = read_place(image, group, sizes, expected_size)
    if die is not None or expected_size is not None or not _plain_region(group[0]):
        return die
    pairs = pairs_at(image, group[0])
    paired = read_place(image, pairs, sizes) if pairs else None
    return paired if paired is not None and paired.face is not None else None


def _plain_region(c: Candidate) -> bool:
    """Whether a region was found whole by a mask or an outline: not by spots, not by the second,
    more sensitive look, not cut from a heap or from a longer region (those are more often
    clutter: a label's print, a key)."""
    return (spot_count(c) is None and not is_faint(c) and not is_heap_part(c)
            and not c.source.endswith("+split"))


def reportable(group: list[Candidate], die: DieDetection, min_size: float) -> bool:
    """A place only the more sensitive look found is a die when its face reads at a size in
    the range asked for: an unreadable faint spot is more often clutter (a wood grain, a
    reflection, a key's label). A face read surely but on pips squeezed as a leaning die
    shows them ("cocked") was read too: the player is asked to straighten that die. A
    square cut out of a heap (``vision.photo.heaps``) is a die only when its face reads and
    does not lean: clutter cut into squares leans as often as not. Faint regions lie apart
    from all others, so a place is faint or not as a whole; so do a heap's parts."""
    if all(is_heap_part(c) for c in group):
        return die.face is not None and die.size >= min_size
    read = die.face is not None or die.reason == "cocked"
    return not is_faint(group[0]) or (read and die.size >= min_size)


def _as_bgr(image: np.ndarray | None) -> np.ndarray | None:
    """The image as 3-channel uint8 BGR, or None when it cannot be used."""
    if image is None or not isinstance(image, np.ndarray) or image.size == 0:
        log.warning("find_dice: no image")
        return None
    if image.ndim not in (2, 3) or (image.ndim == 3 and image.shape[2] not in (3, 4)):
        log.warning("find_dice: unsupported image shape %s", image.shape)
        return None
    if image.dtype != np.uint8:
        values = np.nan_to_num(image.astype(np.float64))
        if image.dtype.kind == "f" and values.max() <= 1.0:
            values = values * 255.0  # a float image in 0..1
        image = np.clip(values, 0, 255).astype(np.uint8)
    if image.ndim == 2:
        return cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    if image.shape[2] == 4:
        return cv2.cvtColor(image, cv2.COLOR_BGRA2BGR)
    return image


def view(image: np.ndarray, cand: Candidate) -> np.ndarray:
    """The candidate's rectangle warped to ``CROP`` px with its surroundings (``VIEW`` px)."""
    return rectify(image, cand, VIEW, VIEW / CROP)


def hypotheses(image: np.ndarray, cand: Candidate) -> Iterator[Candidate]:
    """Rectangles that may be the die's top face, after the candidate itself: trimmed to the
    top, scaled down and up, and squared when the candidate is not square, about its centre
    and at its end away from the image centre (``far_square``); made only as far as the
    reader asks for them."""
    top = top_face(image, cand)
    if _plausible_top(cand, top):
        yield top
    yield from (_scaled(cand, 0.85), _scaled(cand, 1.15), _scaled(cand, 1.3))
    if cand.aspect > 1.12:  # part of the top is missing or a side is included: try squares
        yield from (_squared(cand, max(cand.w, cand.h)), _squared(cand, min(cand.w, cand.h)))
        far = far_square(cand, image.shape[1] / 2.0, image.shape[0] / 2.0)
        if far is not None:
            yield far


def far_square(cand: Candidate, centre_x: float, centre_y: float) -> Candidate | None:
    """The square of the rectangle's shorter side at its end away from the image centre, when
    its longer side points at that centre (within ``PHOTO.radial``); else None.

    A camera above the table sees the side faces of a die that face it: towards the point
    below the camera, the middle of a view from above. A region that took in the top and
    such a side face is longer towards the image centre, and its top lies at the far end
    (nell 111530: a red one near the photo's edge, three pips of its side face beside it).
    """
    a = math.radians(cand.angle)
    if cand.w >= cand.h:
        long_axis, long_side, side = (math.cos(a), math.sin(a)), cand.w, cand.h
    else:
        long_axis, long_side, side = (-math.sin(a), math.cos(a)), cand.h, cand.w
    out_x, out_y = cand.cx - centre_x, cand.cy - centre_y
    along = out_x * long_axis[0] + out_y * long_axis[1]
    if abs(along) < math.cos(math.radians(PHOTO.radial)) * math.hypot(out_x, out_y) or along == 0.0:
        return None
    shift = math.copysign((long_side - side) / 2.0, along)
    return Candidate(cand.cx + shift * long_axis[0], cand.cy + shift * long_axis[1], side, side,
                     cand.angle, cand.fill, cand.source + "+far")


def _plausible_top(cand: Candidate, top: Candidate) -> bool:
    return top.aspect <= PHOTO.max_aspect and top.size >= PHOTO.top_share * cand.size


def _squared(c: Candidate, side: float) -> Candidate:
    return Candidate(c.cx, c.cy, side, side, c.angle, c.fill, c.source)


def _scaled(c: Candidate, k: float) -> Candidate:
    return Candidate(c.cx, c.cy, c.w * k, c.h * k, c.angle, c.fill, c.source)


def calls_face(h: Candidate, r: PipReading) -> bool:
    """Whether a reading calls a face: confident enough, and a die found by its pips alone
    must read at least the pips that found it, with more confidence. The reader may see more
    than the spot finder, whose threshold keeps grain out of its groups and so can miss a
    smaller or paler pip; seeing fewer says some of those spots were not pips."""
    if r.face is None:
        return False
    spots = spot_count(h)
    if spots is None:
        return r.confidence >= PHOTO.abstain_below
    return spots <= r.face and r.confidence >= PHOTO.pips_only_sure


def without_outer_readings(called: list[tuple[Candidate, PipReading]]
                           ) -> list[tuple[Candidate, PipReading]]:
    """The confident readings of one place less those of a square that took in what lies
    around the die.

    A die's pips are all darker or all lighter than its body. A reading of another face, on
    pips of the other shade, in a square ``PHOTO.outer_square`` times as large as a confident
    reading's or more, found its pips beyond that die's top: the table's shading at the
    die's corners, a neighbour's pips (nell 112438: a red three read at 23 px, and as four
    dark pips at 41 and 46 px). It is left out, and the rest must still agree. The smallest
    reading is never left out, so a place with a confident reading keeps one; readings of
    one shade that disagree still abstain, whatever their sizes (a smaller square may hold
    a part of a die's pips: the middle pip of a five reads as a one)."""
    return [(h, r) for h, r in called
            if not any(r2.face != r.face and r2.polarity != r.polarity
                       and h.size >= PHOTO.outer_square * h2.size for h2, r2 in called)]


def read_hypotheses(image: np.ndarray, done: list[tuple[Candidate, PipReading]],
                    hyps: Iterable[Candidate]) -> list[tuple[Candidate, PipReading]]:
    """Read more hypotheses after those ``done`` until ``PHOTO.agreeing`` confident readings
    agree."""
    out = list(done)
    for h in hyps:
        faces = [r.face for h, r in out if calls_face(h, r)]
        if len(faces) >= PHOTO.agreeing and len(set(faces)) == 1:
            break
        out.append((h, read_top(view(image, h))))
    return out


def group_by_place(cands: list[Candidate]) -> list[list[Candidate]]:
    """Candidates of one place (found in several masks, with or without side faces) grouped,
    the squarest and fullest first in each group."""
    groups: list[list[Candidate]] = []
    near = PHOTO.group_distance  # read once: the loops run over hundreds of candidates
    for c in sorted(cands, key=lambda c: (c.aspect - c.fill)):
        for g in groups:
            if np.hypot(c.cx - g[0].cx, c.cy - g[0].cy) < near * min(c.size, g[0].size):
                if all(not _same_rect(c, k) for k in g):
                    g.append(c)
                break
        else:
            groups.append([c])
    return groups


def _same_rect(a: Candidate, b: Candidate) -> bool:
    tol = 0.08 * min(a.size, b.size)
    return bool(np.hypot(a.cx - b.cx, a.cy - b.cy) < tol and abs(a.size - b.size) < tol)


def _die_shaped(c: Candidate) -> bool:
    """A region that is a die by shape alone: square, full, not cut out of a longer one."""
    return (c.aspect <= PHOTO.die_aspect and c.fill >= PHOTO.die_fill
            and not c.source.endswith("+split")
            and spot_count(c) is None)


def read_place(image: np.ndarray, group: list[Candidate], sizes: tuple[float, float],
                expected_size: float | None = None) -> DieDetection | None:
    """Read one place under each hypothesis of its top face; confident readings must agree
    (steps 2 to 5 of ``find_dice``).

    Args:
        image: the BGR image.
        group: the candidates of the place (``group_by_place``), the squarest and fullest first.
        sizes: the die edges searched for, in pixels (``on_pips`` keeps its square in them).
        expected_size: the known die edge, if known: a smaller region's whole square is read
            too, and must not show more pips than the face called.

    Returns:
        The die read there (face None and a reason when it abstains), or None when the place
        shows too little of a die to report one that cannot be read.
    """
    cand = group[0]
    first = read_top(view(image, cand))
    if not first.blobs and len(group) == 1:
        return None  # no pip at all: not a die
    hyps = itertools.chain(group[1:], hypotheses(image, cand))
    whole = None
    if expected_size is not None and cand.size < PHOTO.small * expected_size:
        # a region smaller than a die of known size may hold part of one: the square of the
        # whole size is read too, and it must not show more pips than the face called
        whole = read_top(view(image, _squared(cand, expected_size)))
    readings = read_hypotheses(image, [(cand, first)], hyps)
    called = without_outer_readings([(h, r) for h, r in readings if calls_face(h, r)])
    centred = None if called else on_pips(image, readings, group, sizes)
    if centred is not None:
        reading = read_top(view(image, centred))
        if calls_face(centred, reading):  # else the place abstains on what its regions showed
            called = [(centred, reading)]
    if not called:
        called = plain_twos(image, readings, group)
    if not called:
        h, r = max(readings, key=lambda hr: len(hr[1].blobs))
        if not _pips_within(group, readings) or not any(_die_shaped(c) for c in group):
            return None  # too little evidence of a die to report one that cannot be read
        face, conf, reason = None, 0.0, r.reason or "unsure"
    else:
        h, r = max(called, key=lambda hr: hr[1].confidence)
        face, conf, reason = r.face, r.confidence, ""
        disagree = len({r2.face for _, r2 in called}) > 1
        # a called reading has a face
        if disagree or (whole is not None and len(whole.blobs) > (r.face or 0)):
            face, conf, reason = None, 0.0, "unclear pips"
    if _cut_off(image, h if face is not None else cand):
        face, conf, reason = None, 0.0, "cut off"
    elif face is not None and leaning(image, called, face):
        face, conf, reason = None, 0.0, "cocked"
    elif face == 2 and joined_two(view(image, h), r):
        face, conf, reason = None, 0.0, "unclear pips"
    elif face is not None and shown_otherwise(image, readings, group, r):
        face, conf, reason = None, 0.0, "pips of both shades"
    elif face is not None and crossed_by_glare(view(image, h), r):
        face, conf, reason = None, 0.0, GLARE
    elif smeared(rectify(image, h, CROP, PHOTO.blur_view), h,
                  r if face is not None and any(_die_shaped(c) for c in group) else None):
        face, conf, reason = None, 0.0, "blurred"
    if face is None and all(spot_count(c) == 3 for c in group):
        return None  # three spots in a row that read as no die, or one that cannot be told
    top = view(image, h)
    colour = classify_colour(top, body_between_pips(top, r.blobs))
    return DieDetection(h.cx, h.cy, h.size, h.angle % 90.0, face, colour,
                        round(float(conf), 3), reason)


def plain_twos(image: np.ndarray, readings: list[tuple[Candidate, PipReading]],
               regions: list[Candidate]) -> list[tuple[Candidate, PipReading]]:
    """The first two (``vision.photo.twos.plain_two``) that a region of the place as found shows
    in the shade of its own reading, where that reading called no face: a two whose pips stand
    out from a weaker mark between or beside them (a casino die's logo, the pips of its far
    faces seen through it). Squares grown from a region are not asked: their margins hold the
    table and the pips of the die's side faces. At most one reading, in a list."""
    for h, r in readings:
        if h in regions and r.face is None and spot_count(h) is None:
            two = plain_two(view(image, h), r.polarity)
            if two is not None and two.confidence >= PHOTO.abstain_below:
                return [(h, two)]
    return []


def shown_otherwise(image: np.ndarray, readings: list[tuple[Candidate, PipReading]],
                    regions: list[Candidate], called: PipReading) -> bool:
    """Whether a region of the place as found plainly shows another face
    (``vision.photo.twos.plain_face``) in the shade its own reading took, the other than the
    called reading's: a translucent die's body shows shadows and its far faces' pips darker
    than itself, read as pips, beside its own light pips, which its logo or side faces'
    bars kept from being read."""
    other = {"light": "dark", "dark": "light"}.get(called.polarity)
    for h, r in readings:
        if h in regions and r.polarity == other and spot_count(h) is None:
            shown = plain_face(view(image, h), other)
            if shown is not None and shown != called.face:
                return True
    return False


def _pips_within(regions: list[Candidate],
                 readings: list[tuple[Candidate, PipReading]]) -> bool:
    """Whether a reading of a square no larger than the largest region found at the place
    by its outline found two pips or more (by any region when all were found by their
    spots: ``spot_count``).

    A square grown beyond the regions (``hypotheses``, scaled up for a die whose region is
    only part of it) has the table in its margin, and the light table in its corners reads
    as pips around anything dark and die-sized, and so does a square placed around such
    spots: a blank square, a tray's screw head (nell shrunk to 0.8x), a keyboard's key
    (matteop65). That is no evidence of a die that cannot be read."""
    outlined = [c.size for c in regions if spot_count(c) is None] or [c.size for c in regions]
    return any(len(r.blobs) >= 2 for h, r in readings if h.size <= max(outlined))


def on_pips(image: np.ndarray, readings: list[tuple[Candidate, PipReading]],
            regions: list[Candidate], sizes: tuple[float, float]) -> Candidate | None:
    """A die square centred on the pips an unsure reading found, sized by their spread.

    A region that takes in a side face or a shadow puts the top's pips off the crop's centre,
    and the layout then fits badly. The square keeps the region's angle (its outline's), so a
    pattern that only fits turned (a pip of the top and one of a side face, seen as a two)
    still reads as turned and is not called. Only the readings of the place's ``regions`` as
    found count: a rectangle grown from one takes in pips of the die's side faces, or the
    marks of whatever a region of clutter lies on. Of those, the pips that fit a layout best
    (``_top_pips``) place the square."""
    placed = [p for h, r in readings if h in regions and (p := _top_pips(h, r)) is not None]
    if not placed:
        return None
    h, pts, fit = min(placed, key=lambda p: p[2][4])
    centre = pts.mean(axis=0)
    # fit[1]: pip offset from the centre, image pixels (the pips' spread over the layout's)
    edge = 2.0 * fit[1] / READER.nominal_step
    if not (PHOTO.centred_share[0] <= edge / h.size <= PHOTO.centred_share[1]
            and sizes[0] <= edge <= sizes[1]):
        return None  # the pips span too little (or too much) of their region to be its top
    return Candidate(float(centre[0]), float(centre[1]), edge, edge, h.angle, h.fill,
                     h.source + "+centred")


def _top_pips(h: Candidate, r: PipReading) -> tuple[Candidate, np.ndarray, LayoutMatch] | None:
    """(the region, image pixels of its reading's pips that lie on the top, their layout fit),
    or None when they place no square.

    A side face's pip among four to seven is left out when the rest then fit a layout within
    ``PHOTO.stray_fit`` (any two pips fit a two, so among fewer a stray cannot be told). Otherwise
    all the pips place the square if there are at most six and the reader's fit of them was
    within ``PHOTO.centred_fit``.
    """
    if not 2 <= len(r.blobs) <= 7:
        return None
    pts = to_image(h, centres(r.blobs))
    found = fitting_pips(pts, PHOTO.stray_fit) if len(pts) >= 4 else None
    if found is not None:
        keep, fit = found
        return h, pts[keep], fit
    if len(pts) > 6 or r.fit_error > PHOTO.centred_fit:
        return None
    whole = best_fit(pts)
    return None if whole is None else (h, pts, whole)


def to_image(h: Candidate, crop_pts: np.ndarray) -> np.ndarray:
    """Crop pixels of the die top read for ``h`` (``view``) back to image pixels."""
    origin, ex, ey = view_axes(h, VIEW, VIEW / CROP)
    v = crop_pts + MARGIN
    image_pts: np.ndarray = origin + v[:, :1] * ex + v[:, 1:] * ey
    return image_pts


def leaning(image: np.ndarray, called: list[tuple[Candidate, PipReading]], face: int) -> bool:
    """Whether a die reads as leaning (its pips squeezed below ``READER.cocked_squash``) in every
    confident reading of its face: a die that leans is squeezed in all of them, while one
    square turned off the die's axes squeezes the diagonal of a 2 or 3 on its own.

    That diagonal is squeezed only if it is against the die's own edges as well
    (``edge_squash``): a flat die near the edge of a top-down view shows a side face, and the
    region's outline then turns its rectangle off the top's axes."""
    limit = READER.cocked_squash[face]
    return all(image_squash(h, r) < limit
               and (len(r.blobs) >= 4 or edge_squash(image, h, r) < limit)
               for h, r in called if r.face == face)


def edge_squash(image: np.ndarray, h: Candidate, r: PipReading) -> float:
    """Squash of a 2 or 3 read for ``h`` against the die's edges as the image shows them
    (``die_axes``), not against the rectangle's sides; 0 when the edges are unclear."""
    axes = die_axes(image, h.cx, h.cy, h.size)
    if axes is None:
        return 0.0
    pts = to_image(h, centres(r.blobs))
    return diagonal_squash(pts - pts.mean(axis=0), axes)


def image_squash(h: Candidate, r: PipReading) -> float:
    """Squash of the read pip pattern as the image shows it (the crop stretched the rectangle
    to a square; undo that along the rectangle's own axes)."""
    pts = np.array([[b.x * h.w / CROP, b.y * h.h / CROP] for b in r.blobs], float)
    return pattern_squash(pts.reshape(-1, 2))


def smeared(crop: np.ndarray, h: Candidate, sharp_pips: PipReading | None) -> bool:
    """Whether a die (``crop``: its rectangle ``h`` warped to a square) is smeared by motion
    past reading: its gradients run mostly one way (``READER.blur_anisotropy``), and the reading
    that may vouch for its pips (``sharp_pips``: a face called at a place with a region that
    is a die by shape alone) is None, shows pips drawn out (``PHOTO.round_pips``) in the image
    otherwise than a smear draws a die's own pips (``drawn_along_smear``), or the gradients
    run nearly all one way (``PHOTO.surely_smeared``). A pip group or a region split from a longer
    one does not vouch for a die: on a smeared or leaning die it is often marks read as pips.

    The crop stretched ``h`` to a square, which makes a streak along the long side of a
    rectangle grown over a smear look round: a pip's elongation in the image is up to its
    elongation in the crop times the rectangle's aspect."""
    anisotropy, smear = gradient_smear(crop)
    if anisotropy <= READER.blur_anisotropy:
        return False
    if sharp_pips is None or anisotropy > PHOTO.surely_smeared:
        return True
    return not (sharp_pips.elongation * h.aspect < PHOTO.round_pips
                or drawn_along_smear(h, sharp_pips, smear))


def drawn_along_smear(h: Candidate, pips: PipReading, smear: tuple[float, float]) -> bool:
    """Whether each of the called ``pips`` of ``h``'s view is, in the image, round
    (``PHOTO.round_pips``) or drawn out within ``PHOTO.along_smear`` degrees of ``smear`` (a
    direction in ``h``'s blur crop, whose axes are the view's, ``PHOTO.blur_view``): what a short
    smear does to every pip of a die alike. Not when ``h`` itself is drawn out along the smear
    (``PHOTO.smear_grown``)."""
    if not pips.spreads:
        return False
    _, ex, ey = view_axes(h, VIEW, VIEW / CROP)
    to_image = np.column_stack([ex, ey])  # a crop step as an image step
    motion = to_image @ np.array(smear)
    if h.aspect >= PHOTO.smear_grown and _along(ex if h.w >= h.h else ey, motion):
        return False
    for xx, yy, xy in pips.spreads:
        spread = to_image @ np.array([[xx, xy], [xy, yy]]) @ to_image.T
        variances, axes = np.linalg.eigh(spread)  # ascending: the long axis is the last
        if variances[1] < PHOTO.round_pips ** 2 * max(float(variances[0]), 1e-9):
            continue
        if not _along(axes[:, 1], motion):
            return False
    return True


def _along(a: np.ndarray, b: np.ndarray) -> bool:
    """Whether two directions (image vectors, either sense) lie within ``PHOTO.along_smear``."""
    cos = abs(float(a @ b)) / max(float(np.hypot(*a) * np.hypot(*b)), 1e-9)
    return cos >= math.cos(math.radians(PHOTO.along_smear))


def _cut_off(image: np.ndarray, cand: Candidate) -> bool:
    # rounded corners: a die is cut off when the frame crosses 90 % of its rectangle
    pts = cv2.boxPoints(((cand.cx, cand.cy), (0.9 * cand.w, 0.9 * cand.h), cand.angle))
    h, w = image.shape[:2]
    margin = PHOTO.edge_margin
    return bool((pts[:, 0] < margin).any() or (pts[:, 1] < margin).any()
                or (pts[:, 0] > w - margin).any() or (pts[:, 1] > h - margin).any())


def without_parts(dets: list[DieDetection]) -> list[DieDetection]:
    """The detections less the parts of far larger dice (``PHOTO.part_of`` of their size or
    smaller, inside them): anything inside a die called blurred (its smeared pips), and a one
    inside a die whose face was called (its pip read as a die of its own: a small square
    around a yellow pip on a green die reads by hue as a one, as surely as a die can be,
    nell 111446). A part with more pips is kept: the larger square may be the one that is
    wrong, a die taken in with what lies around it (chase: a casino two, seen through to its
    far side's pips, reads as a four in a square twice its size)."""
    def part_of(d: DieDetection, s: DieDetection) -> bool:
        return d.size < PHOTO.part_of * s.size and np.hypot(d.x - s.x, d.y - s.y) < 0.5 * s.size
    return [d for d in dets if not any(
        part_of(d, s) for s in dets
        if s.reason == "blurred" or (d.face == 1 and s.face is not None))]


def suppress_overlaps(dets: list[DieDetection]) -> list[DieDetection]:
    """Keep one detection per place: a called face before an abstention, then confidence,
    then size. Of two readings of one place as sure as each other (the cap, 1.0, is common),
    the larger square is the one that takes in the die: a smaller one inside it holds a part
    of it, such as one of its pips read as a one, and the order the places were found in must
    not decide between them."""
    ranked = sorted(dets, key=lambda d: (d.face is not None, d.confidence, d.size),
                    reverse=True)
    kept: list[DieDetection] = []
    for d in ranked:
        if all(np.hypot(d.x - k.x, d.y - k.y) > 0.6 * max(d.size, k.size) for k in kept):
            kept.append(d)
    return kept


__all__ = ["DieDetection", "PipReading", "find_dice"]
