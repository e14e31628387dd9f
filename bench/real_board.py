"""The device's board path on real dice (``dicekeeper bench board --real-dice DIR``).

``bench board`` renders its dice; this benchmark cuts real dice out of labelled photos in the
realdata manifest format (``bench.realdata``: the value and box of each die) and lays them
into the grid cells of rendered boards (``bench.board_dice.board_scene``'s camera pose, light,
table, board side, noise, blur and JPEG quality), so the board reader sees real pips, glare,
translucency and blur. Each scene is read as the device reads it: three frames (new sensor
noise each) through ``BoardReader`` (markers, warp, the hand check, ``find_board_dice`` by way
of ``BoardDiceReader``) and ``SettleDetector``.

Cutting a die: the cut depends on the photo reader's located squares. A die's top square
is where the photo reader locates a die's top (``located_tops``: ``vision.photo.finder.
find_dice``'s squares, whatever face it reads, or none, on them): it tells the top from the
side faces a slanted view shows beside it, which an outline holds and which would be laid
down as part of the top, pips and all. That is the one located square whose centre lies in
the die's label box, when only one does, it stays in the photo and it is at most
``LOCATED_LARGER`` times the die's outline (below; a larger square holds the table around
the die). Where the labels box the die (nell-byler, the chase crops) and the photo's located
squares give none, the one the photo reader locates, by the same rule, on the part of the
photo around the box (``located_near``: among fewer neighbours it locates dice it did not
among many). Otherwise the top square is centred on its label box, guessed, then moved onto
the die's outline (``outline``: along each axis, the outermost strong change of colour; the
outline runs the whole side, a pip's edge is short and lies nearer the centre):

- where the labels box the die, the box is the turned top's outline: the turn is the
  direction the die's edges run inside the box (``box_turn``), the guessed edge the box's
  side over ``|cos| + |sin|`` of that turn, and a change of colour is the outline's only
  where it runs along most of the side (``OUTLINE_ALONG``), not where a column of pips does;
- where they box only the pips of the top (told by its ones' boxes, far smaller than its
  fours' to sixes', ``boxes_pips``), the guessed edge is the folder's pip box over
  ``PIPS_SPAN`` and the outline is looked for further out.

A die whose top square leaves the photo is not cut (counted and printed). Where the labels
box the pips, the box's centre is the top's centre (every layout is symmetric about it): an
outline whose centre lies more than ``OFF_TOP`` of its edge from the box's centre holds a side
face besides the top (a slanted view's), whose pips would be laid down as the top's; that die
is left out (counted and printed as not the top). The photo's pixels
around the top are kept with the map to an upright square ``CUT_EDGES`` die edges wide, so
laying the die down resamples them once; the top square (rounded corners, soft edge) is what
is laid down, at the board's die size, turned any way, at the die's height above the board,
with darker copies below it for its sides and a soft shadow; the photo's own light stays on
it, scaled by the scene's brightness.

The dice are shuffled into scenes by ``--seed`` (0 unless given): another seed lays each die
in another scene (camera pose, light, board side, cell, turn), beside other dice, so a figure
can be checked on other arrangements of the same dice.

Per die, the three frames' readings of its cell: the same face in all three is read (right or
wrong), a face None in any is abstained, anything else (a frame without it, faces that differ)
neither. A face called in an empty cell, or outside the grid, in all three frames is false.
A die with a wrong face in any one frame is counted apart (``frames read wrong``): the
three-frame outcome hides a frame's wrong face beside an abstention or another face.
The per-face lines, that count, then the line of ``bench board``.

May import bench.realdata, bench.board_dice, bench.hard_dice, calibration, vision, engine,
OpenCV and numpy. Prints (command module).
"""

from __future__ import annotations

import math
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path

import cv2
import numpy as np

from bench.board_dice import BOARDS, G, board_scene
from bench.hard_dice import percent
from bench.realdata import DatasetError, LabelledDie, manifest_kind, read_images, source_folders
from calibration.synthetic import Camera, Scene, make_camera, render_scene
from engine.table import Cell, Item, TableView, ViewStatus
from vision.board.dice_reader import BoardDiceReader
from vision.board.pipeline import BoardReader
from vision.board.settle import SettleDetector
from vision.photo.finder import find_dice
from vision.top.pips import gradient_votes, standing_out

DIE_MM = BOARDS["simple"].item_mm  # the board's die edge
CUT_EDGES = 1.6      # the cut around a die: this many of its edges (its own edge and shading)
CUT_PX = 96          # side of the upright cut
CORNER = 0.12        # of the die edge: the radius of the top's rounded corners
SOFT_EDGE = 0.8      # px of the cut: the top's outline is blurred this much
SIDE_SHADE = 0.45    # a die's sides: this share of its top's colour
SIDE_LAYERS = 4      # copies of the top below it that draw its sides
SHADOW = 0.35        # darkening of the board under a die
SHADOW_MM = 1.5      # blur of a die's shadow
JITTER_MM = 2.0      # a die lies this far from its cell's centre at most
FRAMES = 3           # frames per scene: SettleDetector's default
PIP_BOXES = 0.6      # ones' boxes this much smaller than fours' to sixes': the labels box pips
PIPS_SPAN = 0.75     # a four's to six's pip box over the die's edge (0.74 to 1.05 as it turns)
OUTLINE_PX = 120     # side of the window a die's outline is looked for in
OUTLINE_REACH = (0.28, 0.56)  # of the guessed edge: where from the centre its edges may lie
OUTLINE_REACH_PIPS = (0.28, 0.8)  # the same where a guess from pip boxes may be far too small
OUTLINE_STRONG = 0.4  # of the strongest change there: the outline's at least
OUTLINE_ALONG = 0.8  # of a side's middle half: the outline's change runs along this much of it
PROGRESS_EVERY = 10  # scenes
OFF_TOP = 0.12       # of the die edge: an outline this far off a pip box's centre is not the top
LOCATED_LARGER = 1.3  # a located top this much larger than the die's outline holds the table
NEAR = 1.0           # of a die's box side: the photo around it read again when not located


@dataclass(frozen=True)
class DieTop:
    """A die's top square in a photo: centre, edge (px) and turn (degrees)."""

    cx: float
    cy: float
    edge: float
    angle: float
    located: bool = False  # the photo reader's square (``located_tops``)


@dataclass(frozen=True)
class RealDie:
    """A die cut out of a photo: its value, where it came from, and the photo around it."""

    value: int
    source: str
    photo: np.ndarray   # the part of the photo around the die (``cut``)
    to_cut: np.ndarray  # 3x3: its pixels to the upright cut's, where ``ALPHA`` is its top


@dataclass
class Tally:
    """Outcomes of the dice of one face value."""

    dice: int = 0
    read: int = 0
    abstained: int = 0
    wrong: list[str] = field(default_factory=list)  # where each die read wrong came from
    # where each die with a wrong face in at least one frame came from
    frames_wrong: list[str] = field(default_factory=list)


def boxes_pips(dice: list[LabelledDie]) -> float | None:
    """The median box side of a folder's fours to sixes when its labels box the pips of a
    die's top, not the die (its ones' boxes, a single pip, are under ``PIP_BOXES`` of those,
    three pips across); None when they box the die."""
    ones = [_box_side(d) for d in dice if d.value == 1]
    many = [_box_side(d) for d in dice if d.value >= 4]
    if not ones or not many or statistics.median(ones) >= PIP_BOXES * statistics.median(many):
        return None
    return float(statistics.median(many))


def _box_side(die: LabelledDie) -> float:
    x0, y0, x1, y1 = die.box
    return ((x1 - x0) + (y1 - y0)) / 2.0


def located_tops(image: np.ndarray, offset: tuple[int, int] = (0, 0)) -> list[DieTop]:
    """The top squares of the dice the photo reader (``vision.photo.finder.find_dice``)
    locates in a photo, whatever face it reads on them (an abstention's square too); in the
    coordinates of the photo ``image`` is the part at ``offset`` of."""
    return [DieTop(d.x + offset[0], d.y + offset[1], d.size, d.angle, located=True)
            for d in find_dice(image)]


def located_near(image: np.ndarray, die: LabelledDie) -> list[DieTop]:
    """``located_tops`` of the part of the photo around a die's label box (``NEAR`` of its
    side beyond it each way): without the rest of the photo, the photo reader may locate a
    die it did not locate among its neighbours. No square when that part is the whole photo."""
    x0, y0, x1, y1 = die.box
    reach = NEAR * _box_side(die)
    h, w = image.shape[:2]
    a0, b0 = max(0, math.floor(x0 - reach)), max(0, math.floor(y0 - reach))
    a1, b1 = min(w, math.ceil(x1 + reach)), min(h, math.ceil(y1 + reach))
    if (a0, b0, a1, b1) == (0, 0, w, h):
        return []
    return located_tops(image[b0:b1, a0:a1], (a0, b0))


def die_top(image: np.ndarray, die: LabelledDie, pips_box: float | None,
            located: list[DieTop] | None = None) -> DieTop | str | None:
    """The die's top square in the photo (see the module's docstring), None when it cannot be
    told or leaves the photo, "not the top" when its outline is off its pip box's centre.

    Args:
        pips_box: ``boxes_pips``' size of the folder's pip boxes, None when its labels box
            the die.
        located: the photo's ``located_tops``: the one whose centre lies in the label box, if
            only one does, is the die's top, unless it leaves the photo or is more than
            ``LOCATED_LARGER`` times the die's outline (it holds the table around the die);
            where the labels box the die and none is taken, the one ``located_near`` finds,
            by the same rule. None: the outline only.
    """
    if pips_box is None:
        return _top_in_die_box(image, die, located)
    return _top_in_pip_box(image, die, pips_box, located)


def _top_in_die_box(image: np.ndarray, die: LabelledDie, located: list[DieTop] | None
                    ) -> DieTop | None:
    """``die_top`` where the label box holds the die: a located top (``_in_box``), the
    photo's or, when the photo's were given, the one ``located_near`` finds; else the
    outline."""
    x0, y0, x1, y1 = die.box
    angle = box_turn(image, die.box)
    turn = math.radians(angle)
    guess = DieTop((x0 + x1) / 2.0, (y0 + y1) / 2.0,
                   _box_side(die) / (abs(math.cos(turn)) + abs(math.sin(turn))), angle)
    outlined = outline(image, guess, OUTLINE_REACH, whole_side=True)
    top = _in_box(image, located or [], die, outlined)
    if top is None and located is not None:
        top = _in_box(image, located_near(image, die), die, outlined)
    if top is None:
        checked = _checked(image, outlined, (guess.cx, guess.cy), False)
        top = checked if isinstance(checked, DieTop) else None
    return top


def _top_in_pip_box(image: np.ndarray, die: LabelledDie, pips_box: float,
                    located: list[DieTop] | None) -> DieTop | str | None:
    """``die_top`` where the label box holds the top's pips: the one located top in it, unless
    it is over ``LOCATED_LARGER`` times the die's outline, else the outline; "not the top"
    when the one taken lies off the box's centre (``_checked``)."""
    x0, y0, x1, y1 = die.box
    cx, cy = (x0 + x1) / 2.0, (y0 + y1) / 2.0
    inside = [t for t in located or [] if x0 <= t.cx <= x1 and y0 <= t.cy <= y1]
    top = _checked(image, inside[0], (cx, cy), True) if len(inside) == 1 else None
    if isinstance(top, str):
        return top
    edge = max(_box_side(die), pips_box) / PIPS_SPAN
    square = (cx - edge / 2.0, cy - edge / 2.0, cx + edge / 2.0, cy + edge / 2.0)
    guess = DieTop(cx, cy, edge, box_turn(image, square))
    outlined = outline(image, guess, OUTLINE_REACH_PIPS)
    if isinstance(top, DieTop) and top.edge <= LOCATED_LARGER * outlined.edge:
        return top
    return _checked(image, outlined, (cx, cy), True)


def _in_box(image: np.ndarray, located: list[DieTop], die: LabelledDie, outlined: DieTop
            ) -> DieTop | None:
    """The located top whose centre lies in a label box around the die, if only one does, it
    is at most ``LOCATED_LARGER`` times the die's outline (``outlined``; a larger one holds
    the table around the die) and it stays in the photo."""
    x0, y0, x1, y1 = die.box
    inside = [t for t in located if x0 <= t.cx <= x1 and y0 <= t.cy <= y1]
    if len(inside) != 1 or inside[0].edge > LOCATED_LARGER * outlined.edge:
        return None
    top = _checked(image, inside[0], ((x0 + x1) / 2.0, (y0 + y1) / 2.0), False)
    return top if isinstance(top, DieTop) else None


def _checked(image: np.ndarray, top: DieTop, box_centre: tuple[float, float],
             boxes_pips: bool) -> DieTop | str | None:
    """``top``, or "not the top" when the labels box the pips and their box's centre lies off
    its centre, or None when it leaves the photo."""
    cx, cy = box_centre
    if boxes_pips and math.hypot(top.cx - cx, top.cy - cy) > OFF_TOP * top.edge:
        return "not the top"
    # the rounded corners of a die cut out tightly (a crop) may lie just beyond the photo
    corners = cv2.boxPoints(((top.cx, top.cy), (top.edge, top.edge), top.angle))
    slack = CORNER * top.edge
    h, w = image.shape[:2]
    inside = ((corners >= -slack).all() and (corners[:, 0] <= w + slack).all()
              and (corners[:, 1] <= h + slack).all())
    return top if inside else None


def outline(image: np.ndarray, guess: DieTop, reach: tuple[float, float],
            whole_side: bool = False) -> DieTop:
    """The die square ``guess`` moved onto the die's outline: along each of its axes, the
    outermost of the strong changes of colour (``OUTLINE_STRONG`` of the strongest, as a
    local maximum) ``reach`` of the guessed edge from the centre, across the square's middle
    half. The outline runs the whole side; a pip's edge is a short part of those rows, and
    lies nearer the centre. The rows' changes are averaged, or, with ``whole_side``, each
    place's change is the one ``OUTLINE_ALONG`` of the rows show at least (a column of pips
    runs along fewer): where the edges of dark pips on a light die are far stronger than the
    die's own edge against a light table, their average still puts the outline at the pips'."""
    n = OUTLINE_PX
    side = 2.0 * reach[1] * guess.edge
    pts = cv2.boxPoints(((guess.cx, guess.cy), (side, side), guess.angle))
    m = cv2.getAffineTransform(pts[:3].astype(np.float32),
                               np.array([[0, n], [0, 0], [n, 0]], np.float32))
    window = cv2.warpAffine(image, m, (n, n), flags=cv2.INTER_LINEAR,
                            borderMode=cv2.BORDER_REPLICATE)
    lab = cv2.cvtColor(cv2.GaussianBlur(window, (0, 0), 1.0), cv2.COLOR_BGR2LAB)
    lab = lab.astype(np.float32)
    middle = slice(n // 4, 3 * n // 4)
    across = _along(np.abs(cv2.Sobel(lab, cv2.CV_32F, 1, 0)).sum(axis=2)[middle], whole_side)
    down = _along(np.abs(cv2.Sobel(lab, cv2.CV_32F, 0, 1)).sum(axis=2)[:, middle].T,
                  whole_side)
    unit = n / (2.0 * reach[1])  # window pixels per guessed edge
    lo_x, hi_x = _edge(across, -1, unit, reach), _edge(across, 1, unit, reach)
    lo_y, hi_y = _edge(down, -1, unit, reach), _edge(down, 1, unit, reach)
    scale = side / n  # photo pixels per window pixel
    ex = (pts[2] - pts[1]) / n  # a window pixel along x, in the photo
    ey = (pts[0] - pts[1]) / n
    centre = pts[1] + ex * (lo_x + hi_x) / 2.0 + ey * (lo_y + hi_y) / 2.0
    edge = ((hi_x - lo_x) + (hi_y - lo_y)) / 2.0 * scale
    return DieTop(float(centre[0]), float(centre[1]), float(edge), guess.angle)


def _along(changes: np.ndarray, whole_side: bool) -> np.ndarray:
    """Per place across a side (columns), the change its rows show: their mean, or with
    ``whole_side`` the one ``OUTLINE_ALONG`` of them show at least."""
    if not whole_side:
        mean: np.ndarray = changes.mean(axis=0)
        return mean
    shown: np.ndarray = np.percentile(changes, 100.0 * (1.0 - OUTLINE_ALONG), axis=0)
    return shown


def _edge(profile: np.ndarray, sign: int, unit: float, reach: tuple[float, float]) -> float:
    """The window pixel of the die's edge on one side of the centre (``outline``)."""
    middle = len(profile) / 2.0
    places = [round(middle + sign * r) for r in range(int(reach[0] * unit), int(reach[1] * unit))
              if 0 < round(middle + sign * r) < len(profile) - 1]
    values = profile[places]
    strong = OUTLINE_STRONG * float(values.max())
    peaks = [k for k, at in enumerate(places)
             if values[k] >= strong and profile[at] >= profile[at - 1]
             and profile[at] >= profile[at + 1]]
    return float(places[max(peaks)]) if peaks else middle + sign * 0.5 * unit


def box_turn(image: np.ndarray, box: tuple[float, float, float, float]) -> float:
    """The turn (degrees, 0..90) of a die that fills its label box: the direction its
    outline's changes of colour vote for, each Lab channel's gradients (lightly smoothed,
    ``gradient_votes``) with their squared strength modulo a quarter turn (``standing_out``).
    The outline against the table is long and strong; the pips vote every way alike."""
    x0, y0, x1, y1 = (max(0, int(v)) for v in box)
    patch = cv2.cvtColor(image[y0:y1 + 1, x0:x1 + 1], cv2.COLOR_BGR2LAB)
    votes = [gradient_votes(cv2.GaussianBlur(channel.astype(np.float32), (0, 0), 1.0))
             for channel in cv2.split(patch)]
    strength = np.concatenate([v.ravel() for v, _ in votes])
    direction = np.concatenate([a.ravel() for _, a in votes])
    return standing_out(strength * strength, direction, turns=4)[0]


def cut(image: np.ndarray, top: DieTop) -> tuple[np.ndarray, np.ndarray]:
    """The part of the photo around a die (``CUT_EDGES`` die edges and more, as it lies) and
    the 3x3 map from its pixels to the upright cut's (``CUT_PX``), where the die's top square
    is ``top_alpha``. The photo's pixels are kept: laying the die down resamples them once."""
    side = CUT_EDGES * top.edge
    pts = cv2.boxPoints(((top.cx, top.cy), (side, side), top.angle))
    x0, y0 = np.floor(pts.min(axis=0)).astype(int) - 2
    x1, y1 = np.ceil(pts.max(axis=0)).astype(int) + 2
    h, w = image.shape[:2]
    part = cv2.copyMakeBorder(image[max(0, y0):min(h, y1), max(0, x0):min(w, x1)],
                              max(0, -y0), max(0, y1 - h), max(0, -x0), max(0, x1 - w),
                              cv2.BORDER_REPLICATE)
    dst = np.array([[0, CUT_PX], [0, 0], [CUT_PX, 0]], np.float32)
    m = cv2.getAffineTransform((pts[:3] - np.array([x0, y0])).astype(np.float32), dst)
    return part, np.vstack([m, [0.0, 0.0, 1.0]])


def top_alpha() -> np.ndarray:
    """The top square in the cut: a square of rounded corners, its outline soft."""
    k = 4  # drawn 4x larger, for smooth corners
    n = CUT_PX * k
    edge = n / CUT_EDGES
    radius = CORNER * edge
    lo, hi = (n - edge) / 2.0 + radius, (n + edge) / 2.0 - radius
    canvas = np.zeros((n, n), np.uint8)
    cv2.rectangle(canvas, (round(lo), round(lo - radius)), (round(hi), round(hi + radius)),
                  255, -1)
    cv2.rectangle(canvas, (round(lo - radius), round(lo)), (round(hi + radius), round(hi)),
                  255, -1)
    for x in (lo, hi):
        for y in (lo, hi):
            cv2.circle(canvas, (round(x), round(y)), round(radius), 255, -1, cv2.LINE_AA)
    small = cv2.resize(canvas, (CUT_PX, CUT_PX), interpolation=cv2.INTER_AREA)
    soft: np.ndarray = cv2.GaussianBlur(small.astype(np.float32) / 255.0, (0, 0), SOFT_EDGE)
    return soft


ALPHA = top_alpha()  # the top square's alpha in the upright cut


def real_dice(folder: Path, colours: set[str] | None) -> tuple[list[RealDie], Counter]:
    """Every labelled die of one dice folder that can be cut (of ``colours``, when given),
    and the count of those that could not: ("cut", n), ("not cut", n), ("not the top", n);
    ("located", n) counts the cut dice whose top the photo reader located."""
    items = list(read_images(folder))
    pips_box = boxes_pips([d for item in items for d in item.dice])
    out: list[RealDie] = []
    counts: Counter = Counter()
    for item in items:
        image = cv2.imread(str(item.path), cv2.IMREAD_COLOR)
        wanted = [d for d in item.dice if colours is None or d.colour in colours]
        located = located_tops(image) if image is not None and wanted else []
        for die in wanted:
            top = None if image is None else die_top(image, die, pips_box, located)
            if top is None or isinstance(top, str):
                counts["not cut" if top is None else "not the top"] += 1
                continue
            part, to_cut = cut(image, top)
            out.append(RealDie(die.value, item.path.name, part, to_cut))
            counts["cut"] += 1
            counts["located"] += top.located
    return out, counts


@dataclass(frozen=True)
class Placed:
    """A real die laid on a cell: its centre on the board (mm) and its turn (degrees)."""

    die: RealDie
    cell: Cell
    x_mm: float
    y_mm: float
    angle: float


def scene_of(number: int, dice: list[RealDie]) -> tuple[Scene, list[Placed]]:
    """Scene ``number`` of ``bench board`` (its camera, light, table, board side) with an
    empty grid, and ``dice`` (up to one per cell) laid on its cells, seeded by ``number``."""
    empty = tuple((None,) * G.cols for _ in range(G.rows))
    scene = replace(board_scene(number), grid=empty, grid_overrides={}, loose=(),
                    red_cell=None)
    rng = np.random.default_rng(50_000 + number)
    cells = [Cell(r, c) for r in range(G.rows) for c in range(G.cols)]
    chosen = rng.permutation(len(cells))[:len(dice)]
    placed = []
    for die, k in zip(dice, chosen.tolist(), strict=False):
        x, y = G.cell_centre_mm(cells[k])
        dx, dy = rng.uniform(-JITTER_MM, JITTER_MM, 2)
        placed.append(Placed(die, cells[k], x + float(dx), y + float(dy),
                             float(rng.uniform(0.0, 90.0))))
    return scene, placed


def photograph(scene: Scene, placed: list[Placed]) -> np.ndarray:
    """The scene's board with the real dice laid on it, before the camera's blur, noise and
    JPEG (float32 BGR, 0..255)."""
    bare = replace(scene, noise=0.0, blur=0.0, jpeg_quality=0)
    image = render_scene(bare, seed=0).astype(np.float32)
    camera = make_camera(scene.pose, scene.size)
    blur = SHADOW_MM * _px_per_mm(camera)
    for p in placed:
        to_plane = _cut_to_board(p)
        x, y, w, h = _roi(camera, to_plane, scene.size, pad=round(3 * blur))
        view = image[y:y + h, x:x + w]
        shift = np.array([[1.0, 0.0, -x], [0.0, 1.0, -y], [0.0, 0.0, 1.0]])
        shadow = _warp(ALPHA, shift @ camera.plane_homography(0.0) @ to_plane, (w, h))
        view *= (1.0 - SHADOW * cv2.GaussianBlur(shadow, (0, 0), blur))[..., None]
        colour = np.clip(p.die.photo.astype(np.float32) * scene.light.brightness, 0, 255)
        for layer in range(SIDE_LAYERS + 1):
            shade = 1.0 if layer == SIDE_LAYERS else SIDE_SHADE
            to_view = shift @ camera.plane_homography(DIE_MM * layer / SIDE_LAYERS) @ to_plane
            alpha = _warp(ALPHA, to_view, (w, h))[..., None]
            view[:] = view * (1.0 - alpha) + _warp(colour * shade, to_view @ p.die.to_cut,
                                                  (w, h)) * alpha
    return image


def _cut_to_board(p: Placed) -> np.ndarray:
    """3x3 map from the cut's pixels to board millimetres (the die laid at its place)."""
    scale = CUT_EDGES * DIE_MM / CUT_PX
    a = math.radians(p.angle)
    c, s = math.cos(a) * scale, math.sin(a) * scale
    half = CUT_PX / 2.0
    return np.array([[c, -s, p.x_mm - c * half + s * half],
                     [s, c, p.y_mm - s * half - c * half],
                     [0.0, 0.0, 1.0]])


def _roi(camera: Camera, to_plane: np.ndarray, size: tuple[int, int], pad: int
         ) -> tuple[int, int, int, int]:
    """(x, y, w, h) of the frame a cut covers at any height up to the die's, padded."""
    corners = np.array([[0, 0, 1], [CUT_PX, 0, 1], [CUT_PX, CUT_PX, 1], [0, CUT_PX, 1]], float)
    mm = (corners @ to_plane.T)[:, :2]
    pts = np.vstack([camera.project(mm, height) for height in (0.0, DIE_MM)])
    x0, y0 = np.clip(np.floor(pts.min(axis=0)) - pad, 0, [size[0] - 1, size[1] - 1])
    x1, y1 = np.clip(np.ceil(pts.max(axis=0)) + pad, [x0 + 1, y0 + 1], size)
    return int(x0), int(y0), int(x1 - x0), int(y1 - y0)


def _warp(layer: np.ndarray, matrix: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    warped: np.ndarray = cv2.warpPerspective(layer, matrix, size, flags=cv2.INTER_LINEAR,
                                             borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    return warped


def _px_per_mm(camera: Camera) -> float:
    """The frame's pixels per board millimetre at the board's centre."""
    a, b = camera.project(np.array([[85.0, 85.0], [95.0, 85.0]]))
    return float(np.hypot(*(b - a))) / 10.0


def finish(image: np.ndarray, scene: Scene, seed: int) -> np.ndarray:
    """The camera's blur, sensor noise (stronger in the dark) and JPEG on a frame, as
    ``render_scene`` finishes its photos, with new noise per ``seed``."""
    rng = np.random.default_rng(seed)
    if scene.blur > 0:
        image = cv2.GaussianBlur(image, (0, 0), scene.blur)
    sigma = scene.noise * math.sqrt(1.0 / max(scene.light.brightness, 0.2))
    noisy = image + rng.normal(0.0, sigma, image.shape).astype(np.float32)
    out = np.clip(noisy + 0.5, 0, 255).astype(np.uint8)
    ok, data = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, scene.jpeg_quality])
    return cv2.imdecode(data, cv2.IMREAD_COLOR) if ok else out


class _Timed(BoardDiceReader):
    """The pipeline's die reader, timing the first frame's reading of each scene."""

    def __init__(self) -> None:
        super().__init__(G)
        self.first: float | None = None

    def __call__(self, view, **kwargs):  # type: ignore[no-untyped-def]
        start = time.perf_counter()
        found = super().__call__(view, **kwargs)
        if self.first is None:
            self.first = time.perf_counter() - start
        return found


def read_scene(scene: Scene, placed: list[Placed], number: int
               ) -> tuple[list[TableView], bool, float]:
    """(the views of the scene's ``FRAMES`` frames, whether ``SettleDetector`` settled on the
    last, the seconds the die reader took on the first frame)."""
    image = photograph(scene, placed)
    timed = _Timed()
    reader = BoardReader(G, dice_finder=timed)
    settle = SettleDetector(FRAMES)
    views, settled = [], None
    for k in range(FRAMES):
        view = reader.read(finish(image, scene, 1000 * number + k))
        views.append(view)
        settled = settle.update(view)
    assert settled is not None
    return views, settled.status is ViewStatus.SETTLED, timed.first or 0.0


def tally_scene(views: list[TableView], placed: list[Placed], tallies: dict[int, Tally]
                ) -> int:
    """Count each laid die's outcome over the frames' views; the false faces (in all frames
    at an empty cell or outside the grid)."""
    for p in placed:
        t = tallies.setdefault(p.die.value, Tally())
        t.dice += 1
        items = [v.grid[p.cell.r][p.cell.c] if v.grid else None for v in views]
        faces = {i.face if i is not None else "-" for i in items}
        if any(f not in (None, "-", p.die.value) for f in faces):
            t.frames_wrong.append(p.die.source)
        if None in faces:
            t.abstained += 1
        elif len(faces) == 1 and "-" not in faces:
            face = faces.pop()
            if face == p.die.value:
                t.read += 1
            else:
                t.wrong.append(p.die.source)
    taken = {(p.cell.r, p.cell.c) for p in placed}
    return _false(views, taken)


def _false(views: list[TableView], taken: set[tuple[int, int]]) -> int:
    """Faces called in every frame at a cell no die was laid on, or outside the grid."""
    if not views or not all(v.grid for v in views):
        return 0
    false = 0
    for r in range(G.rows):
        for c in range(G.cols):
            items: list[Item | None] = [v.grid[r][c] for v in views]
            if (r, c) not in taken and all(i is not None and i.face is not None for i in items):
                false += 1
    return false + min(sum(1 for i in v.outside if i.face is not None) for v in views)


def run(dice: list[RealDie], seed: int = 0) -> tuple[dict[int, Tally], int, int, int, float,
                                                      int]:
    """Lay ``dice`` (shuffled by ``seed``) nine to a scene and read every scene.

    Returns:
        (tallies by face, false faces, scenes, scenes without the board found, mean ms of the
        die reader on a scene's first frame, scenes settled).
    """
    order = np.random.default_rng(seed).permutation(len(dice)).tolist()
    per_scene = G.rows * G.cols
    tallies: dict[int, Tally] = {}
    stray = lost = settled = 0
    reading: list[float] = []
    scenes = math.ceil(len(dice) / per_scene)
    for number in range(scenes):
        chosen = [dice[i] for i in order[number * per_scene:(number + 1) * per_scene]]
        scene, placed = scene_of(number, chosen)
        views, calm, seconds = read_scene(scene, placed, number)
        if views[-1].status is ViewStatus.NO_BOARD:
            lost += 1
        settled += calm
        reading.append(seconds)
        stray += tally_scene(views, placed, tallies)
        if (number + 1) % PROGRESS_EVERY == 0:
            print(f"  {number + 1}/{scenes} scenes", file=sys.stderr, flush=True)
    ms = 1000.0 * statistics.mean(reading) if reading else 0.0
    return tallies, stray, scenes, lost, ms, settled


def command(args) -> int:
    """``dicekeeper bench board --real-dice DIR``: per face, then the line of ``bench board``."""
    root = Path(args.real_dice).expanduser()
    folders = [f for f in source_folders(root) if manifest_kind(f) == "dice"]
    if not folders:
        print(f"skipped: no dice dataset under {root} (no manifest.csv of dice there)")
        return 0
    colours = {c.strip() for c in args.colours.split(",") if c.strip()} if args.colours else None
    cv2.setNumThreads(1)
    dice: list[RealDie] = []
    counts: Counter = Counter()
    try:
        for folder in folders:
            found, made = real_dice(folder, colours)
            dice += found
            counts += made
    except DatasetError as exc:
        print(f"error: {exc}")
        return 2
    labelled = counts['cut'] + counts['not cut'] + counts['not the top']
    print(f"dice cut from the photos: {counts['cut']} of {labelled} "
          f"labelled{' ' + ','.join(sorted(colours)) if colours else ''} "
          f"(not cut: the top square leaves the photo {counts['not cut']}, "
          f"the outline is not the top {counts['not the top']}; "
          f"tops located by the photo reader {counts['located']})")
    if not dice:
        return 0
    tallies, stray, scenes, lost, ms, settled = run(dice, getattr(args, "seed", 0))
    for face in sorted(tallies):
        t = tallies[face]
        print(f"face {face}: dice {t.dice} | read {percent(t.read, t.dice)} | "
              f"abstained {percent(t.abstained, t.dice)} | wrong {len(t.wrong)}"
              f"{' (' + _listed(t.wrong) + ')' if t.wrong else ''}")
    print(f"scenes settled {settled} of {scenes} (a die abstained on keeps its scene unsettled)")
    print(frames_wrong_line(tallies))
    total = sum(t.dice for t in tallies.values())
    print(f"scenes {scenes} | board not found {lost} | dice {total} | "
          f"read {percent(sum(t.read for t in tallies.values()), total)} | "
          f"abstained {percent(sum(t.abstained for t in tallies.values()), total)} | "
          f"wrong {sum(len(t.wrong) for t in tallies.values())} | false {stray} | "
          f"find_board_dice {ms:.1f} ms/scene")
    return 0


def frames_wrong_line(tallies: dict[int, Tally]) -> str:
    """The dice with a wrong face in at least one frame, and where the first four came from."""
    sources = [s for face in sorted(tallies) for s in tallies[face].frames_wrong]
    return (f"frames read wrong: {len(sources)} dice (a wrong face in at least one frame"
            f"{': ' + _listed(sources) if sources else ''})")


def _listed(sources: list[str]) -> str:
    """The first four sources, and an ellipsis when there are more."""
    return " ".join(sources[:4]) + (" ..." if len(sources) > 4 else "")
