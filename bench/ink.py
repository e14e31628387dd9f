"""Ink found and missed on rendered boards played with a marker (``dicekeeper bench ink``).

Horizontal & Vertical and No Gaps are played by writing on the board: the camera must tell
which cells (and which pass boxes) hold ink, and never see ink where there is none. This
benchmark renders whole board photos (``calibration.synthetic.render_scene``), seeded, each
with its own board (both games, both sides), camera pose, light, table, noise, blur and JPEG
quality: about two cells in five written in (a digit 1-6 or an ``X`` on Horizontal & Vertical,
hatching on No Gaps, in a hand's sizes and slants), zero to three pass boxes ticked, the
game's dice in their zones, and in one board of four a die lying on a grid cell, written in
or not. Each photo goes through the device's ``BoardReader`` (markers, warp, hand check, dice,
ink, placing).

It prints one line: the boards, the cells scored (cells without a die), the inked ones and
how many were found (and of those, read unsurely: below the referee's confidence), the ink
seen in blank cells (false) and the inked cells missed; the same for the pass boxes; the dice
lying on cells and how many of them were taken for ink; boards whose markers were not found;
the mean time of ``find_ink`` on one warped view.

Figures, not a test: ``make test`` asserts on a few scenes; this is for before-and-after
comparisons of a change to the ink reader (about a second per board).

May import calibration, vision, engine, OpenCV and numpy. Prints (command module).
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass

import cv2
import numpy as np

from calibration.board_files import load_layout
from calibration.ink_art import Ink, cell_mark
from calibration.synthetic import Die, Light, Pose, Scene, render_scene
from engine.layout import Layout
from engine.table import MIN_CONFIDENCE, Cell, ItemKind, ViewStatus
from vision.board import ink as ink_reader
from vision.board.geometry import BoardGeometry
from vision.board.markers import locate_board, warp_board
from vision.board.pipeline import BoardReader

BOARDS = (("horizontal-vertical", "total"), ("no-gaps", "a"), ("horizontal-vertical", "number"),
          ("no-gaps", "b"))
INKED_SHARE = 0.4          # of the cells written in
DIE_ON_CELL_SHARE = 0.25   # of the boards: a die lies on a grid cell
PROGRESS_EVERY = 10        # boards


@dataclass(frozen=True)
class InkScene:
    """A rendered board's scene and the truth: the cells and pass boxes written in, and the
    cell a die lies on (None)."""

    scene: Scene
    inked: frozenset[Cell]
    ticked: frozenset[int]
    die_cell: Cell | None


def ink_scene(number: int) -> InkScene:
    """Board scene ``number``: the same scene for the same number."""
    rng = np.random.default_rng(5000 + number)
    game, side = BOARDS[number % len(BOARDS)]
    layout = load_layout(game, side)
    hv = game == "horizontal-vertical"
    inked = frozenset(Cell(r, c) for r in range(layout.rows) for c in range(layout.cols)
                      if rng.random() < INKED_SHARE)
    marks = [_cell_ink(rng, layout, cell, hv) for cell in sorted(inked, key=str)]
    boxes = [box for _, found in ink_reader.zone_boxes(layout) for box in found]
    ticked = frozenset(int(i) for i in np.flatnonzero(rng.random(len(boxes)) < 0.4))
    marks += [_tick(rng, boxes[i]) for i in sorted(ticked)]
    die_cell = None
    dice = _zone_dice(rng, layout, 3 if hv else 6)
    if rng.random() < DIE_ON_CELL_SHARE:
        die_cell = Cell(int(rng.integers(layout.rows)), int(rng.integers(layout.cols)))
        cx, cy = layout.cell_centre_mm(die_cell)
        dice.append(Die(int(rng.integers(1, 7)), x_mm=cx + float(rng.uniform(-1.5, 1.5)),
                        y_mm=cy + float(rng.uniform(-1.5, 1.5)),
                        angle=float(rng.uniform(0, 90)), style_seed=int(rng.integers(1000))))
    centre = layout.size_mm / 2
    pose = Pose(height_mm=float(rng.uniform(390, 440)),
                fov_deg=float(rng.uniform(55, 58) if hv else rng.uniform(38, 42)),
                pitch_deg=float(rng.uniform(-6, 6)), yaw_deg=float(rng.uniform(-5, 5)),
                roll_deg=float(rng.uniform(-8, 8)), target_mm=(centre, centre))
    light = Light(brightness=float(rng.uniform(0.55, 1.1)), gradient=float(rng.uniform(0, 0.4)),
                  gradient_angle=float(rng.uniform(0, 360)), vignette=float(rng.uniform(0, 0.4)),
                  tint=(float(rng.uniform(0.85, 1.05)), 1.0, float(rng.uniform(0.95, 1.15))))
    scene = Scene(board=layout, loose=tuple(dice), ink=tuple(marks), pose=pose, light=light,
                  table=str(rng.choice(["wood", "cloth"])), table_seed=number,
                  noise=float(rng.uniform(2, 5)), blur=float(rng.uniform(0.4, 0.9)),
                  jpeg_quality=int(rng.integers(65, 95)), size=(640, 480))
    return InkScene(scene, inked, ticked, die_cell)


def _cell_ink(rng: np.random.Generator, layout: Layout, cell: Cell, hv: bool) -> Ink:
    seed = int(rng.integers(1 << 30))
    if not hv:
        return cell_mark("hatch", layout.cell_centre_mm(cell), layout.cell_mm, seed=seed)
    if rng.random() < 0.3:
        return cell_mark("x", layout.cell_centre_mm(cell), layout.cell_mm, seed=seed)
    return cell_mark("digit", layout.cell_centre_mm(cell), layout.cell_mm,
                     text=str(int(rng.integers(1, 7))), seed=seed)


def _tick(rng: np.random.Generator, box: tuple[float, float, float, float]) -> Ink:
    x0, y0, x1, y1 = box
    kind = "tick" if rng.random() < 0.5 else "x"
    return cell_mark(kind, ((x0 + x1) / 2, (y0 + y1) / 2), x1 - x0 + 2 * 2.5,
                     seed=int(rng.integers(1 << 30)))


def _zone_dice(rng: np.random.Generator, layout: Layout, count: int) -> list[Die]:
    """``count`` dice spread over the zones holding dice (not the ink zones), apart."""
    zones = [z for z in layout.zones if z.name not in layout.ink_zones]
    dice: list[Die] = []
    margin, apart = 0.7 * layout.item_mm, 1.35 * layout.item_mm
    for _ in range(1000):  # enough tries to place six dice in No Gaps' zones
        if len(dice) == count:
            break
        zone = zones[int(rng.integers(len(zones)))]
        x = zone.x_mm + float(rng.uniform(margin, max(margin, zone.w_mm - margin)))
        y = zone.y_mm + float(rng.uniform(margin, max(margin, zone.h_mm - margin)))
        if all((x - d.x_mm) ** 2 + (y - d.y_mm) ** 2 > apart ** 2 for d in dice):
            dice.append(Die(int(rng.integers(1, 7)), x_mm=x, y_mm=y,
                            angle=float(rng.uniform(0, 90)), style_seed=int(rng.integers(1000))))
    return dice


@dataclass
class Tally:
    """The bench's counts."""

    boards: int = 0
    lost: int = 0
    cells: int = 0
    inked: int = 0
    found: int = 0
    unsure: int = 0
    false: int = 0
    boxes: int = 0
    ticked: int = 0
    ticks_found: int = 0
    false_ticks: int = 0
    dice_on_cells: int = 0
    dice_as_ink: int = 0
    seconds: float = 0.0

    def line(self) -> str:
        """The summary line."""
        ms = 1000.0 * self.seconds / max(self.boards - self.lost, 1)
        return (f"ink: boards {self.boards} | board not found {self.lost} | cells {self.cells} "
                f"| inked {self.inked} | found {self.found} (unsure {self.unsure}) | false ink "
                f"{self.false} | missed {self.inked - self.found} | pass boxes {self.boxes} | "
                f"ticked {self.ticked} | found {self.ticks_found} | false {self.false_ticks} | "
                f"dice on cells {self.dice_on_cells} | taken for ink {self.dice_as_ink} | "
                f"find_ink {ms:.1f} ms/board")


def score(tally: Tally, truth: InkScene, image: np.ndarray) -> None:
    """Read one photo with the device's reader and count it against the truth."""
    layout = truth.scene.board
    geometry = BoardGeometry(layout)
    reader = BoardReader(geometry)
    view = reader.read(image)
    tally.boards += 1
    if view.status is not ViewStatus.SETTLED:
        tally.lost += 1
        return
    tally.seconds += _time_find_ink(image, geometry)
    for r, row in enumerate(view.grid):
        for c, item in enumerate(row):
            cell = Cell(r, c)
            if cell == truth.die_cell:
                tally.dice_on_cells += 1
                tally.dice_as_ink += item is not None and item.kind is ItemKind.INK
                continue
            _count_cell(tally, cell in truth.inked, item)
    ticks = [i for _, items in view.zones for i in items if i.kind is ItemKind.INK]
    tally.boxes += sum(len(b) for _, b in ink_reader.zone_boxes(layout))
    tally.ticked += len(truth.ticked)
    tally.ticks_found += min(len(ticks), len(truth.ticked))
    tally.false_ticks += max(0, len(ticks) - len(truth.ticked))


def _count_cell(tally: Tally, written: bool, item: object) -> None:
    seen = getattr(item, "kind", None) is ItemKind.INK
    tally.cells += 1
    if written:
        tally.inked += 1
        tally.found += seen
        tally.unsure += seen and getattr(item, "confidence", 1.0) < MIN_CONFIDENCE
    elif seen:
        tally.false += 1


def _time_find_ink(image: np.ndarray, geometry: BoardGeometry) -> float:
    """Seconds ``find_ink`` takes on the photo's warped view (0 without markers)."""
    try:
        warped = warp_board(image, locate_board(image, geometry), geometry)
    except LookupError:
        return 0.0
    start = time.perf_counter()
    ink_reader.find_ink(warped, geometry)
    return time.perf_counter() - start


def run(boards: int, first: int = 0) -> Tally:
    """Render and read ``boards`` scenes from number ``first``."""
    tally = Tally()
    for number in range(first, first + boards):
        truth = ink_scene(number)
        score(tally, truth, render_scene(truth.scene, seed=number))
        if (number - first + 1) % PROGRESS_EVERY == 0:
            print(f"  {number - first + 1}/{boards} boards", file=sys.stderr, flush=True)
    return tally


def command(args: object) -> int:
    """``dicekeeper bench ink``: one summary line."""
    cv2.setNumThreads(1)
    print(run(max(1, int(getattr(args, "boards", 40)))).line())
    return 0
