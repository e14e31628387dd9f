"""Cube colours, stacks and the ring on rendered CubeCourier boards (``dicekeeper bench cubes``).

Each scene (``cube_scene``, seeded by its number) is a position of a game: some of the eight
cubes on grid cells (a little off centre, turned up to 20 degrees), the others in two tidy
columns in the off-board zone; in about a third of the scenes one cell holds a stack, in one
in ten two; the ring lies on one board cube in most (on the stack, mostly: in the game a stack
is the last move, and the ring goes on the cube moved last). Each scene has its own camera pose
(height 390-480 mm, 45 degrees across, tilted up to 8 degrees, turned up to 8), light
(level, gradient, vignetting and a colour temperature from 2700 K to 6500 K, the camera's
exposure keeping the paper below full scale), soft shadows of things out of view (taking
15-40% of the light) in about half of them, table, sensor noise, blur and JPEG quality, and
640x480 or 1280x960 frames; in one in eight a hand passes over the board.

Each frame goes through the device's reader (``vision.board.BoardReader``: markers, warp, hand
check, ``find_board_cubes``, placing in cells and zones). A cube is **read** when the view holds
it in its cell (or, off the board, an item of the zone within ``NEAR_MM`` of it) with its top
colour at ``MIN_CONFIDENCE`` or more; **abstained** when its item's colour is unknown or less
sure, or no item is there; **wrong** when named sure with another colour. A single cube read
as a stack, and a cube reported where none stands, are wrong too (the referee would act on
them); a stack read as a single is not (its colour still tells the referee a stack happened),
and ``stacks`` is the share of stacks flagged. Scenes with a hand where the reader saw it are
counted apart (nothing is read under a hand); a hand seen where there is none leaves every
cube of its scene abstained.

Figures, not a test: ``make test`` keeps a few rendered scenes; this is for before-and-after
comparisons of the cube reader (about a second per scene). The reader's time is CPU time of a
fresh reader per scene (every frame read afresh: a still table on the device keeps its last
reading, ``vision.board.cube_reader``). Ends with exactly
``scenes N | board not found B | cubes C | read R% | abstained X% | wrong W | stacks S%``.

May import calibration, vision, engine, OpenCV and numpy. Prints (command module).
"""

from __future__ import annotations

import json
import math
import statistics
import sys
import time
from dataclasses import dataclass, field

import cv2
import numpy as np

from calibration.board_files import load_layout
from calibration.cube_art import TableCube
from calibration.synthetic import Hand, Light, Pose, Scene, Shadow, kelvin_gains, render_scene
from engine.table import MIN_CONFIDENCE, Cell, Colour, Item, TableView, ViewStatus
from vision.board.geometry import BoardGeometry
from vision.board.pipeline import BoardReader

BOARD = load_layout("cubecourier", "standard")
G = BoardGeometry(BOARD)
COLOURS = ("black", "red", "white")
ZONE_COLUMNS = (155.5, 175.5)            # mm: the two columns of the off-board zone
ZONE_ROWS = (43.0, 73.0, 103.0, 133.0)   # mm
FOV_DEG = 45.0     # the 190 mm board and its markers stay in view, turned up to 8 degrees
NEAR_MM = 9.0                            # an item this close to a cube off the grid is it
PROGRESS_EVERY = 25                      # scenes


def _cube(rng: np.random.Generator, x: float, y: float, z: float, turn: float) -> TableCube:
    top, ns, ew = (str(c) for c in rng.permutation(COLOURS))
    return TableCube(top, ns, ew, x, y, z, float(rng.uniform(-turn, turn)),
                     seed=int(rng.integers(1000)))


def cube_scene(number: int) -> Scene:
    """Scene ``number``: the same scene for the same number."""
    rng = np.random.default_rng(5000 + number)
    stacks = 2 if rng.random() < 0.1 else 1 if rng.random() < 0.35 else 0
    on_board = int(rng.integers(max(2, stacks * 2), 9))
    cells = [int(i) for i in rng.permutation(9)[:on_board - stacks]]
    cubes = []
    for k, i in enumerate(cells):
        x, y = BOARD.cell_centre_mm(Cell(i // 3, i % 3))
        base = _cube(rng, x + float(rng.uniform(-3, 3)), y + float(rng.uniform(-3, 3)), 0.0, 20)
        cubes.append(base)
        if k < stacks:
            upper = _cube(rng, base.x_mm + float(rng.uniform(-1, 1)),
                          base.y_mm + float(rng.uniform(-1, 1)), base.edge_mm, 8)
            cubes.append(upper)
    if rng.random() < 0.8:  # the ring lies on the cube moved last: a stack is always a last move
        tops = _tops(cubes)
        stacked = [c for c in tops if c.z_mm > 0]
        ringed = (stacked[0] if stacked and rng.random() < 0.85
                  else tops[int(rng.integers(len(tops)))])
        cubes[cubes.index(ringed)] = TableCube(**{**ringed.__dict__, "ringed": True})
    spots = [(x, y) for y in ZONE_ROWS for x in ZONE_COLUMNS]
    for j in rng.permutation(len(spots))[:8 - on_board]:
        x, y = spots[int(j)]
        cubes.append(_cube(rng, x + float(rng.uniform(-1, 1)), y + float(rng.uniform(-2, 2)),
                           0.0, 6))
    return Scene(board=BOARD, cubes=tuple(cubes), pose=_pose(rng), light=_light(rng),
                 shadows=_shadows(rng), hand=_hand(rng), table=str(rng.choice(["wood", "cloth"])),
                 table_seed=number, noise=float(rng.uniform(2, 5)),
                 blur=float(rng.uniform(0.4, 1.0)), jpeg_quality=int(rng.integers(60, 95)),
                 size=(1280, 960) if rng.random() < 0.5 else (640, 480))


def _pose(rng: np.random.Generator) -> Pose:
    return Pose(height_mm=float(rng.uniform(390, 480)), fov_deg=FOV_DEG,
                pitch_deg=float(rng.uniform(-8, 8)), yaw_deg=float(rng.uniform(-6, 6)),
                roll_deg=float(rng.uniform(-8, 8)), target_mm=(95.0, 95.0))


def _light(rng: np.random.Generator) -> Light:
    """A light of 2700-6500 K; the camera's exposure keeps the paper's brightest channel at
    0.55-1.0 of full scale (it does not burn out under a warm bulb)."""
    kelvin = float(rng.uniform(2700, 6500))
    level = float(rng.uniform(0.55, 1.0)) / max(kelvin_gains(kelvin))
    return Light(brightness=level, gradient=float(rng.uniform(0, 0.4)),
                 gradient_angle=float(rng.uniform(0, 360)), vignette=float(rng.uniform(0, 0.4)),
                 kelvin=kelvin)


def _shadows(rng: np.random.Generator) -> tuple[Shadow, ...]:
    if rng.random() >= 0.5:
        return ()
    return tuple(Shadow(float(rng.uniform(20, 170)), float(rng.uniform(20, 170)),
                        float(rng.uniform(25, 60)), float(rng.uniform(15, 40)),
                        float(rng.uniform(0, 180)), float(rng.uniform(0.15, 0.4)),
                        float(rng.uniform(8, 20)))
                 for _ in range(int(rng.integers(1, 3))))


def _hand(rng: np.random.Generator) -> Hand | None:
    if rng.random() >= 1 / 8:
        return None
    return Hand(x_mm=float(rng.uniform(60, 130)), y_mm=float(rng.uniform(90, 180)),
                from_angle=float(rng.uniform(60, 120)), height_mm=float(rng.uniform(50, 90)),
                spread=float(rng.uniform(0.2, 0.6)))


def _tops(cubes: list[TableCube]) -> list[TableCube]:
    """The cubes seen from above: every cube no other stands on."""
    return [c for c in cubes if not any(o.z_mm > c.z_mm and math.hypot(
        o.x_mm - c.x_mm, o.y_mm - c.y_mm) < c.edge_mm / 2 for o in cubes)]


@dataclass(frozen=True)
class Truth:
    """One place a cube (or stack) stands, as a perfect reader reports it."""

    colour: str
    x_mm: float
    y_mm: float
    stacked: bool
    ringed: bool


def truths(scene: Scene) -> list[Truth]:
    """What a perfect reader reports: one entry per cube or stack seen from above."""
    out = []
    for top in _tops(list(scene.cubes)):
        base = min((c for c in scene.cubes if math.hypot(c.x_mm - top.x_mm, c.y_mm - top.y_mm)
                    < top.edge_mm / 2), key=lambda c: c.z_mm)
        out.append(Truth(top.top, base.x_mm, base.y_mm, top.z_mm > 0, top.ringed))
    return out


@dataclass
class CubeTally:
    """Outcomes over the scenes."""

    scenes: int = 0
    lost: int = 0
    hands: int = 0
    hands_seen: int = 0
    false_hands: list[int] = field(default_factory=list)
    cubes: int = 0
    read: int = 0
    abstained: int = 0
    wrong_colour: list[int] = field(default_factory=list)
    false_stacks: list[int] = field(default_factory=list)
    phantoms: list[int] = field(default_factory=list)
    stacks: int = 0
    stacks_seen: int = 0
    ringed_stacks: int = 0
    ringed_stacks_seen: int = 0
    rings: int = 0
    rings_seen: int = 0
    false_rings: int = 0
    ms: list[float] = field(default_factory=list)

    @property
    def wrong(self) -> int:
        return len(self.wrong_colour) + len(self.false_stacks) + len(self.phantoms)

    def figures(self) -> dict[str, object]:
        def pct(part: int, whole: int) -> float:
            return round(100.0 * part / whole, 2) if whole else 0.0

        return {"scenes": self.scenes, "board_not_found": self.lost, "cubes": self.cubes,
                "read_pct": pct(self.read, self.cubes),
                "abstained_pct": pct(self.abstained, self.cubes), "wrong": self.wrong,
                "wrong_colours": len(self.wrong_colour), "false_stacks": len(self.false_stacks),
                "phantoms": len(self.phantoms), "stacks": self.stacks,
                "stacks_pct": pct(self.stacks_seen, self.stacks),
                "ringed_stacks": self.ringed_stacks,
                "ringed_stacks_pct": pct(self.ringed_stacks_seen, self.ringed_stacks),
                "rings": self.rings,
                "rings_pct": pct(self.rings_seen, self.rings), "false_rings": self.false_rings,
                "hand_scenes": self.hands, "hands_seen": self.hands_seen,
                "false_hands": len(self.false_hands),
                "ms_per_frame": round(statistics.median(self.ms), 1) if self.ms else 0.0}

    def add(self, number: int, scene: Scene, view: TableView) -> None:
        """Count one scene's view against its truth."""
        self.scenes += 1
        if view.status is ViewStatus.NO_BOARD:
            self.lost += 1
            return
        if scene.hand is not None:
            self.hands += 1
            self.hands_seen += view.status is ViewStatus.HAND
            if view.status is ViewStatus.HAND:
                return
        if view.status is ViewStatus.HAND:  # a hand seen where none is: nothing was read
            self.false_hands.append(number)
            for truth in truths(scene):
                self._count(number, truth, None)
            return
        used: set[int] = set()
        for truth in truths(scene):
            item = _item_for(view, truth, used)
            self._count(number, truth, item)
        self.phantoms += [number] * sum(1 for i, _ in enumerate(_all_items(view))
                                        if i not in used)

    def _count(self, number: int, truth: Truth, item: Item | None) -> None:
        self.cubes += 1
        self.stacks += truth.stacked
        self.ringed_stacks += truth.stacked and truth.ringed
        self.rings += truth.ringed
        if item is None or item.colour is Colour.UNKNOWN or item.confidence < MIN_CONFIDENCE:
            self.abstained += 1
        elif item.colour.value != truth.colour:
            self.wrong_colour.append(number)
        else:
            self.read += 1
        if item is None:
            return
        if item.stacked and not truth.stacked:
            self.false_stacks.append(number)
        self.stacks_seen += item.stacked and truth.stacked
        self.ringed_stacks_seen += item.stacked and truth.stacked and truth.ringed
        self.rings_seen += item.ringed and truth.ringed
        self.false_rings += item.ringed and not truth.ringed


def _all_items(view: TableView) -> list[Item]:
    return [d for row in view.grid for d in row if d is not None] + list(view.outside) + [
        d for _, items in view.zones for d in items]


def _item_for(view: TableView, truth: Truth, used: set[int]) -> Item | None:
    """The view's item for a truth: its cell's, or the nearest free one within NEAR_MM."""
    items = _all_items(view)
    cell = G.cell_at_mm(truth.x_mm, truth.y_mm)
    if cell is not None:
        item = view.at(cell)
        if item is not None:
            index = next(i for i, d in enumerate(items) if d is item)
            used.add(index)
        return item
    near = [(math.hypot(d.x_mm - truth.x_mm, d.y_mm - truth.y_mm), i) for i, d in
            enumerate(items) if i not in used and G.cell_at_mm(d.x_mm, d.y_mm) is None]
    near = [(r, i) for r, i in near if r <= NEAR_MM]
    if not near:
        return None
    _, index = min(near)
    used.add(index)
    return items[index]


def run(scenes: int, first: int = 0) -> CubeTally:
    """Render and read ``scenes`` scenes from number ``first``."""
    tally = CubeTally()
    for number in range(first, first + scenes):
        scene = cube_scene(number)
        frame = render_scene(scene, seed=number)
        reader = BoardReader(G)
        start = time.process_time()  # CPU time: the machine may be shared
        view = reader.read(frame)
        tally.ms.append(1000.0 * (time.process_time() - start))
        tally.add(number, scene, view)
        if (number - first + 1) % PROGRESS_EVERY == 0:
            print(f"  {number - first + 1}/{scenes} scenes", file=sys.stderr, flush=True)
    return tally


def _listed(numbers: list[int], shown: int = 12) -> str:
    return " ".join(str(n) for n in numbers[:shown]) + (" ..." if len(numbers) > shown else "")


def summary_line(t: CubeTally) -> str:
    """The last line of the report, in the exact agreed format."""
    f = t.figures()
    return (f"scenes {f['scenes']} | board not found {f['board_not_found']} | "
            f"cubes {f['cubes']} | read {f['read_pct']:.1f}% | "
            f"abstained {f['abstained_pct']:.1f}% | wrong {f['wrong']} | "
            f"stacks {f['stacks_pct']:.1f}%")


def command(args) -> int:
    """``dicekeeper bench cubes``: the breakdown lines, then the summary line."""
    cv2.setNumThreads(1)
    tally = run(max(1, int(args.scenes)), int(getattr(args, "first", 0)))
    f = tally.figures()
    print(f"wrong colours {f['wrong_colours']}{_scenes(tally.wrong_colour)} | false stacks "
          f"{f['false_stacks']}{_scenes(tally.false_stacks)} | cubes where none stands "
          f"{f['phantoms']}{_scenes(tally.phantoms)}")
    print(f"stacks {f['stacks']} (flagged {f['stacks_pct']:.1f}%; wearing the ring "
          f"{f['ringed_stacks']}, flagged {f['ringed_stacks_pct']:.1f}%) | rings {f['rings']} "
          f"(found {f['rings_pct']:.1f}%, false {f['false_rings']}) | hand scenes "
          f"{f['hand_scenes']} "
          f"(hand seen {f['hands_seen']}) | hand seen where none is {f['false_hands']}"
          f"{_scenes(tally.false_hands)} | reader {f['ms_per_frame']:.1f} CPU ms/frame (median, "
          f"every frame read afresh)")
    if getattr(args, "json", False):
        print(json.dumps(f))
    print(summary_line(tally))
    return 0


def _scenes(numbers: list[int]) -> str:
    return f" (scenes {_listed(numbers)})" if numbers else ""
