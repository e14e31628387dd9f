"""The six die colours on rendered PlayMe boards (``dicekeeper bench colours [--scenes N]``,
without ``--dataset``, which reads cube stickers: ``bench.colours``).

PlayMe's characters are told apart by their dice's colour (board file ``characters``: black,
red, white, blue, green, yellow). This benchmark renders the A3 PlayMe board, seeded, each
scene with its own camera pose (the height that shows the whole board at 640x480, pitch, yaw,
roll), light (level, gradient, vignetting, colour cast), table, sensor noise, blur and JPEG
quality; a dozen dice of the six colours lie in random slots, turned at random; one scene in
four has a hand reaching in from the south edge for the round tile (outside the rows). Each
frame goes through the device's reader (``vision.board.BoardReader``: markers, warp, hand
check, ``find_board_dice`` with the board's palette, cells).

Per colour it prints the dice, the share read right (colour and face), unread (no die or no
face: the referee waits), read with a wrong colour, read with a wrong face (the colour right);
the last line sums them and adds the hands: drawn, seen as a hand over the board (the device
rightly waits: those scenes' dice are not counted) and seen where none was drawn (false: their
dice count as unread). A wrong colour or face is a die the referee would misjudge; an unread
one only delays it.

Figures, not a test (about half a second per scene). May import calibration, vision, engine,
bench.hard_dice, OpenCV and numpy. Prints (command module).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

import cv2
import numpy as np

from bench.hard_dice import percent
from calibration.board_files import load_layout
from calibration.synthetic import Die, Hand, Light, Pose, Scene, render_scene
from engine.table import Cell, ItemKind, TableView, ViewStatus
from vision.board import BoardReader
from vision.board.geometry import BoardGeometry

LAYOUT = load_layout("playme", "standard")
COLOURS = ("black", "red", "white", "blue", "green", "yellow")
DICE_PER_SCENE = 12
HAND_SHARE = 0.25
PROGRESS_EVERY = 25  # scenes


def colour_scene(number: int) -> Scene:
    """Scene ``number``: the same scene for the same number; dice in ``grid_overrides``."""
    rng = np.random.default_rng(5000 + number)
    cells = rng.permutation(36)[:DICE_PER_SCENE]
    dice = {}
    for k, index in enumerate(cells):
        r, c = divmod(int(index), 6)
        cx, cy = LAYOUT.cell_centre_mm(Cell(r, c))
        dice[(r, c)] = Die(face=int(rng.integers(1, 7)), colour=COLOURS[(number + k) % 6],
                           x_mm=cx + float(rng.uniform(-2.5, 2.5)),
                           y_mm=cy + float(rng.uniform(-2.5, 2.5)),
                           angle=float(rng.uniform(0, 90)), style_seed=int(rng.integers(1000)))
    grid = tuple(tuple(dice[(r, c)].face if (r, c) in dice else None for c in range(6))
                 for r in range(6))
    pose = Pose(height_mm=float(rng.uniform(590, 630)), pitch_deg=float(rng.uniform(-5, 5)),
                yaw_deg=float(rng.uniform(-4, 4)), roll_deg=float(rng.uniform(-4, 4)),
                target_mm=(140.0, 140.0))
    light = Light(brightness=float(rng.uniform(0.6, 1.1)), gradient=float(rng.uniform(0, 0.35)),
                  gradient_angle=float(rng.uniform(0, 360)), vignette=float(rng.uniform(0, 0.3)),
                  tint=(float(rng.uniform(0.9, 1.05)), 1.0, float(rng.uniform(0.95, 1.1))))
    hand = None
    if rng.random() < HAND_SHARE:
        hand = Hand(x_mm=float(rng.uniform(110, 170)), y_mm=float(rng.uniform(300, 330)),
                    from_angle=90.0, height_mm=60.0, spread=float(rng.uniform(0.2, 0.6)))
    return Scene(board=LAYOUT, grid=grid, grid_overrides=dice, pose=pose, light=light,
                 hand=hand, table=str(rng.choice(["wood", "cloth"])), table_seed=number,
                 noise=float(rng.uniform(2, 4)), blur=float(rng.uniform(0.4, 0.8)),
                 jpeg_quality=int(rng.integers(75, 92)), size=(640, 480))


@dataclass
class ColourTally:
    """Outcomes of the dice of one colour."""

    dice: int = 0
    right: int = 0
    unread: int = 0
    wrong_colour: int = 0
    wrong_face: int = 0

    def add(self, die: Die, view: TableView | None, cell: tuple[int, int]) -> None:
        """Count one drawn die against the view's item in its cell (None: a hand)."""
        self.dice += 1
        item = None if view is None else view.grid[cell[0]][cell[1]]
        if item is None or item.kind is not ItemKind.DIE or item.face is None:
            self.unread += 1
        elif item.colour.value != die.colour:
            self.wrong_colour += 1
        elif item.face != die.face:
            self.wrong_face += 1
        else:
            self.right += 1

    def line(self, name: str) -> str:
        return (f"{name}: dice {self.dice} | read right {percent(self.right, self.dice)} | "
                f"unread {percent(self.unread, self.dice)} | wrong colour {self.wrong_colour}"
                f" | wrong face {self.wrong_face}")


@dataclass
class Hands:
    """Scenes with a hand drawn, and what the reader made of them."""

    drawn: int = 0
    seen: int = 0  # drawn and seen as a hand over the board (the device waits)
    false: int = 0  # seen as a hand where none was drawn


def run(scenes: int, first: int = 0) -> tuple[dict[str, ColourTally], Hands]:
    """(tallies by colour over the scenes read without a hand, the hands)."""
    tallies = {colour: ColourTally() for colour in COLOURS}
    hands = Hands()
    geometry = BoardGeometry(LAYOUT)
    for number in range(first, first + scenes):
        scene = colour_scene(number)
        view: TableView | None = BoardReader(geometry).read(render_scene(scene, seed=number))
        hand = view is not None and view.status is ViewStatus.HAND
        hands.drawn += scene.hand is not None
        hands.seen += hand and scene.hand is not None
        hands.false += hand and scene.hand is None
        if hand and scene.hand is not None:
            continue  # the device rightly waits: no dice to count
        if view is not None and view.status is not ViewStatus.SETTLED:
            view = None
        for cell, die in scene.grid_overrides.items():
            tallies[die.colour].add(die, view, cell)
        if (number - first + 1) % PROGRESS_EVERY == 0:
            print(f"  {number - first + 1}/{scenes} scenes", file=sys.stderr, flush=True)
    return tallies, hands


def command(args) -> int:
    """``dicekeeper bench colours`` (no ``--dataset``): one line per colour, then the totals."""
    cv2.setNumThreads(1)
    scenes = max(1, int(args.scenes))
    tallies, hands = run(scenes)
    total = ColourTally()
    for colour, t in tallies.items():
        print(t.line(colour))
        total.dice += t.dice
        total.right += t.right
        total.unread += t.unread
        total.wrong_colour += t.wrong_colour
        total.wrong_face += t.wrong_face
    print(f"scenes {scenes} | hands drawn {hands.drawn}, seen {hands.seen}, false "
          f"{hands.false} | " + total.line("total"))
    return 0
