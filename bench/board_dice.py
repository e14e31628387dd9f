"""Wrong faces on rendered board scenes (``dicekeeper bench board``).

``bench hard`` draws single dice for the free reader (``vision.photo.finder.find_dice``); during a
Unification game the device reads the board with ``vision.board.dice``, which finds dice by
their pips and knows their size. This benchmark renders whole board photos
(``calibration.synthetic.render_scene``), seeded, each with its own camera pose (height,
pitch, yaw, roll), light (level, gradient, vignetting, colour cast), table, board side, sensor
noise, blur and JPEG quality, and 640x480 or 1280x960 frames. The grid holds white or cream
dice and one red or translucent red die, some cells empty; about one grid die in twelve leans
on an edge (20-40 degrees) and one in sixteen is moving; up to two loose dice lie beside the
grid. Each frame goes through the board's markers and warp as ``BoardReader`` does, then
``find_board_dice``.

Per kind of die (flat, cocked, moving in the grid; loose beside it) it prints the dice, the
share read (the face on top called), abstained on (found with no face) and the dice with a
wrong face called, with their scene numbers. The last line sums them and adds the faces called
where no die was drawn and the mean time of ``find_board_dice`` on one warped view. A cocked
die's top is still its upper face at these angles, so reading it is not wrong; a moving die
should not be read, so its line gives the share read too.

Figures, not a test: ``make test`` keeps the few scenes it asserts on; this one is for
before-and-after comparisons of a change to the board reader (about a second per scene).

May import bench.hard_dice, bench.latency, calibration, vision, engine, OpenCV and numpy.
Prints (command module).
"""

from __future__ import annotations

import math
import sys
import time
from dataclasses import dataclass, field

import cv2
import numpy as np

from bench.hard_dice import first_numbers, percent
from bench.latency import warped_board
from calibration.board_files import load_layout
from calibration.synthetic import Die, Light, Pose, Scene, render_scene
from engine.table import Cell
from vision.board.dice import find_board_dice
from vision.board.geometry import BoardGeometry
from vision.top.types import DieDetection

BOARDS = {side: load_layout("unification", side) for side in ("simple", "complex")}
G = BoardGeometry(BOARDS["simple"])  # the scenes' board (both sides share its geometry)

KINDS = ("flat", "cocked", "moving", "loose")
COCKED_SHARE, MOVING_SHARE = 1 / 12, 1 / 16  # of the grid dice
TILT_RANGE = (20.0, 40.0)   # degrees a cocked grid die leans
MOTION_MM = (4.0, 10.0)     # how far a moving die smears
NEAR = 0.6                  # of a die edge: a detection this close to a drawn die is of it
PROGRESS_EVERY = 25         # scenes


def board_scene(number: int) -> Scene:
    """Board scene ``number``: the same scene for the same number."""
    rng = np.random.default_rng(1000 + number)
    grid = tuple(tuple(int(f) if rng.random() < 0.85 else None for f in rng.integers(1, 7, 3))
                 for _ in range(3))
    odd = {}
    for r, row in enumerate(grid):
        for c, face in enumerate(row):
            u = rng.random()
            if face is None or COCKED_SHARE <= u < 1 - MOVING_SHARE:
                continue
            cx, cy = G.cell_centre_mm(Cell(r, c))
            odd[(r, c)] = Die(
                face=face, colour=str(rng.choice(["white", "cream", "red", "translucent-red"])),
                x_mm=cx + rng.uniform(-2, 2), y_mm=cy + rng.uniform(-2, 2),
                angle=float(rng.uniform(0, 90)),
                tilt=float(rng.uniform(*TILT_RANGE)) if u < COCKED_SHARE else 0.0,
                motion_mm=float(rng.uniform(*MOTION_MM)) if u >= COCKED_SHARE else 0.0,
                motion_angle=float(rng.uniform(0, 180)), style_seed=int(rng.integers(1000)))
    loose = tuple(
        Die(face=int(rng.integers(1, 7)), colour=str(rng.choice(["white", "red", "cream"])),
            x_mm=float(x + rng.uniform(-4, 4)), y_mm=float(60 + 50 * j + rng.uniform(-6, 6)),
            angle=float(rng.uniform(0, 90)), style_seed=int(rng.integers(1000)))
        for j, x in enumerate(rng.choice([25.0, 145.0], 2)) if rng.random() < 0.6)
    pose = Pose(height_mm=float(rng.uniform(390, 480)), pitch_deg=float(rng.uniform(-8, 8)),
                yaw_deg=float(rng.uniform(-6, 6)), roll_deg=float(rng.uniform(-15, 15)))
    light = Light(brightness=float(rng.uniform(0.5, 1.1)), gradient=float(rng.uniform(0, 0.4)),
                  gradient_angle=float(rng.uniform(0, 360)), vignette=float(rng.uniform(0, 0.4)),
                  tint=(float(rng.uniform(0.85, 1.05)), 1.0, float(rng.uniform(0.95, 1.15))))
    return Scene(
        board=BOARDS[str(rng.choice(["simple", "complex"]))], grid=grid,
        red_cell=(int(rng.integers(3)), int(rng.integers(3))), loose=loose, grid_overrides=odd,
        layout_seed=number, white=str(rng.choice(["white", "cream"])),
        red=str(rng.choice(["red", "translucent-red"])), pose=pose, light=light,
        table=str(rng.choice(["wood", "cloth"])), table_seed=number,
        noise=float(rng.uniform(2, 5)), blur=float(rng.uniform(0.4, 1.0)),
        jpeg_quality=int(rng.integers(60, 95)),
        size=(1280, 960) if rng.random() < 0.5 else (640, 480))


def kind_of(die: Die, in_grid: bool) -> str:
    if not in_grid:
        return "loose"
    return "cocked" if die.tilt else "moving" if die.motion_mm else "flat"


@dataclass
class KindTally:
    """Outcomes of one kind of die."""

    dice: int = 0
    read: int = 0
    abstained: int = 0
    wrong: list[int] = field(default_factory=list)  # scene numbers of the dice read wrong

    def add(self, number: int, die: Die, found: list[DieDetection]) -> None:
        """Count one drawn die against the detections of its scene."""
        self.dice += 1
        x, y = die.x_mm * G.px_per_mm, die.y_mm * G.px_per_mm
        apart = [(math.hypot(d.x - x, d.y - y), d) for d in found]
        near = [(r, d) for r, d in apart if r < NEAR * G.die_px]
        if not near:
            return
        nearest = min(near, key=lambda rd: rd[0])[1]  # the first of equally near ones, as before
        if nearest.face is None:
            self.abstained += 1
        elif nearest.face == die.face:
            self.read += 1
        else:
            self.wrong.append(number)


def read_scene(scene: Scene, number: int) -> tuple[list[DieDetection] | None, float]:
    """(the board dice of a rendered scene, through markers and warp, or None without a
    board; the seconds ``find_board_dice`` took)."""
    view = warped_board(render_scene(scene, seed=number))
    if view is None:
        return None, 0.0
    start = time.perf_counter()
    found = find_board_dice(view, expected_size=G.die_px, geometry=G)
    return found, time.perf_counter() - start


def strays(scene: Scene, found: list[DieDetection]) -> int:
    """Faces called where no die was drawn."""
    drawn = [(d.x_mm * G.px_per_mm, d.y_mm * G.px_per_mm) for d in scene.all_dice()]
    return sum(d.face is not None and all(math.hypot(d.x - x, d.y - y) >= NEAR * G.die_px
                                          for x, y in drawn) for d in found)


def run(scenes: int, first: int = 0) -> tuple[dict[str, KindTally], int, int, float]:
    """(tallies by kind, faces called where no die was, scenes without a board found, mean ms
    of ``find_board_dice``)."""
    tallies = {kind: KindTally() for kind in KINDS}
    stray = lost = 0
    reading = 0.0
    for number in range(first, first + scenes):
        scene = board_scene(number)
        found, seconds = read_scene(scene, number)
        reading += seconds
        if found is None:
            lost += 1
            continue
        for die in scene.grid_dice().values():
            tallies[kind_of(die, True)].add(number, die, found)
        for die in scene.loose:
            tallies[kind_of(die, False)].add(number, die, found)
        stray += strays(scene, found)
        if (number - first + 1) % PROGRESS_EVERY == 0:
            print(f"  {number - first + 1}/{scenes} scenes", file=sys.stderr, flush=True)
    return tallies, stray, lost, 1000.0 * reading / max(scenes - lost, 1)


def command(args) -> int:
    """``dicekeeper bench board``: one line per kind of die, then the totals (``--real-dice``
    goes to ``bench.real_board``, chosen by ``bench.cli``)."""
    cv2.setNumThreads(1)
    scenes = max(1, int(args.scenes))
    tallies, stray, lost, ms = run(scenes)
    for kind, t in tallies.items():
        listed = first_numbers(t.wrong)
        print(f"{kind}: dice {t.dice} | read {percent(t.read, t.dice)} | "
              f"abstained {percent(t.abstained, t.dice)} | wrong {len(t.wrong)}"
              f"{' (scenes ' + listed + ')' if t.wrong else ''}")
    dice = sum(t.dice for t in tallies.values())
    print(f"scenes {scenes} | board not found {lost} | dice {dice} | "
          f"read {percent(sum(t.read for t in tallies.values()), dice)} | "
          f"abstained {percent(sum(t.abstained for t in tallies.values()), dice)} | "
          f"wrong {sum(len(t.wrong) for t in tallies.values())} | false {stray} | "
          f"find_board_dice {ms:.1f} ms/scene")
    return 0
