"""The recorded Horizontal & Vertical session (Total side), shipped for
``dicekeeper demo horizontal-vertical`` and the end-to-end tests.

``build_script()`` plays a short winning game with the real engine, real dice and marker ink:

1. the three dice rolled into the roll zone beside the grid (the set-up: the clock starts);
2. each turn: the number written by hand in the cell the roll addresses (ink in that cell),
   the value entered with the buttons by walking the legal writes (``Walk``: the value die,
   the cell), then the next roll, all three dice thrown to new places (HV-A1);
3. one pass: an ``X`` in a cell off the target lines and a pass box ticked, entered the same
   way (the OLED's pass count goes to 1/3);
4. one illegal action put back: a die of a settled roll turned by hand (HV-F8), then turned
   back to the face it was rolled on;
5. the end: the first row (le 14) and the first column (even) full and satisfied (HV-E1, a
   success: minutes left plus the two unused pass boxes).

The button presses are the ones the device needs (``presses_for``: B opens the walk, A steps
to each choice, B takes it), at the time of the frame after which the player presses them.
Deterministic: seeded ``numpy.random.Generator`` only, no clock.

May import: calibration, engine, vision.board (the pass boxes; through
``calibration.scripts.frames``), numpy.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np

from calibration.board_files import load_board, load_layout
from calibration.ink_art import Ink, cell_mark
from calibration.scripts.frames import LIGHT, GameScript, Recorder
from calibration.scripts.presses import presses_for
from calibration.session_script import hand_at
from calibration.synthetic import Die, Hand, Pose, Scene
from engine.games.horizontal_vertical.dice import ROLLS
from engine.games.horizontal_vertical.marks import PASS_ZONE, ROLL_ZONE
from engine.games.horizontal_vertical.moves import Pass, RollSeen, Write
from engine.games.horizontal_vertical.spot import SIZE, Spot
from engine.games.horizontal_vertical.state import State
from engine.games.horizontal_vertical.tray import STILL_MM
from engine.table import Cell, Colour, Item, ItemKind, TableView
from vision.board.ink import zone_boxes
from vision.board.pipeline import reading_order

GAME, SIDE = "horizontal-vertical", "total"
LAYOUT = load_layout(GAME, SIDE)
SEED = 25
PLAN = ((0, 0, 2), (0, 1, 3), (1, 0, 4), (0, 2, 2), (2, 0, 2), (0, 3, 3), (3, 0, 4),
        (0, 4, 2), (4, 0, 6))
"""The writes, (row, col, value) in grid cells: the first row sums 12 (le 14), the first
column 18 (even): HV-E1 on the last one."""
PASS_AFTER = 3             # the pass comes after this many writes
TURNED_AFTER = 5           # after this many writes, a die of the next roll is turned by hand
PASS_CELL = (3, 3)         # the pass's X: off the first row and column
POSE = Pose(height_mm=430.0, fov_deg=56.0, pitch_deg=3.0, yaw_deg=-2.0, roll_deg=2.0,
            target_mm=(LAYOUT.size_mm / 2, LAYOUT.size_mm / 2))
SKIN = (118, 148, 204)
AWAY_MM = 3 * STILL_MM     # a die rolled again lands at least this far from where it lay


@dataclass(frozen=True)
class HVTable:
    """The table: the dice in the roll zone, the ink in the cells and the ticked pass boxes."""

    dice: tuple[Die, ...] = ()
    ink: dict[tuple[int, int], Ink] = field(default_factory=dict)
    ticks: tuple[Ink, ...] = ()

    def view(self) -> TableView:
        """The settled view a perfect reader reports."""
        grid = tuple(tuple(Item(None, kind=ItemKind.INK) if (r, c) in self.ink else None
                           for c in range(SIZE)) for r in range(SIZE))
        seen = [Item(face=d.face, colour=Colour.WHITE, x_mm=d.x_mm, y_mm=d.y_mm)
                for d in self.dice]
        zones = ((ROLL_ZONE, reading_order(seen, LAYOUT.item_mm / 2)),
                 (PASS_ZONE, tuple(Item(None, kind=ItemKind.INK) for _ in self.ticks)))
        return TableView(grid=grid, zones=zones)

    def scene(self, hand: Hand | None = None, dice: tuple[Die, ...] | None = None) -> Scene:
        """The scene to render, ``dice`` instead of the table's (rolling ones)."""
        return Scene(board=LAYOUT, loose=self.dice if dice is None else dice,
                     ink=tuple(self.ink.values()) + self.ticks, pose=POSE, light=LIGHT,
                     hand=hand, table="wood", table_seed=11, noise=3.0, blur=0.6,
                     jpeg_quality=0)


def roll_zone_dice(rng: np.random.Generator, faces: tuple[int, ...],
                   before: tuple[Die, ...] = ()) -> tuple[Die, ...]:
    """Three dice come to rest apart in the roll zone, in a seeded order and places, each
    well away from where the dice lay ``before`` (so all three are seen to move: HV-A1)."""
    zone = next(z for z in LAYOUT.zones if z.name == ROLL_ZONE)
    margin, apart = 0.8 * LAYOUT.item_mm, 1.6 * LAYOUT.item_mm
    order = [int(i) for i in rng.permutation(len(faces))]
    dice: list[Die] = []
    while len(dice) < len(faces):
        x = zone.x_mm + float(rng.uniform(margin, zone.w_mm - margin))
        y = zone.y_mm + float(rng.uniform(margin, zone.h_mm - margin))
        if all((x - d.x_mm) ** 2 + (y - d.y_mm) ** 2 > apart ** 2 for d in dice) and all(
                (x - d.x_mm) ** 2 + (y - d.y_mm) ** 2 > AWAY_MM ** 2 for d in before):
            dice.append(Die(faces[order[len(dice)]], x_mm=x, y_mm=y,
                            angle=float(rng.uniform(0, 90)), style_seed=int(rng.integers(1000))))
    return tuple(dice)


def rolling(dice: tuple[Die, ...]) -> tuple[Die, ...]:
    """The dice still tumbling, blurred on their way."""
    return tuple(replace(d, y_mm=d.y_mm - 10.0, motion_mm=9.0, motion_angle=70.0,
                         angle=d.angle + 25.0) for d in dice)


def pass_box(k: int) -> tuple[float, float, float, float]:
    """The ``k``-th printed pass box, in board mm."""
    return [box for _, found in zone_boxes(LAYOUT) for box in found][k]


def find_roll(state: State, rng: np.random.Generator, want: object) -> tuple[int, ...]:
    """A roll (in a seeded order) under which ``want`` (a Write or a Pass) is legal."""
    for k in rng.permutation(len(ROLLS)):
        roll = ROLLS[int(k)]
        if want in state.play(RollSeen(roll)).legal_moves():
            return roll
    raise ValueError(f"no roll allows {want}")


class _Game:
    """Plays the plan, recording frames and the moves entered with the buttons."""

    def __init__(self, rng: np.random.Generator, script: GameScript) -> None:
        self.rng, self.script = rng, script
        self.rec = Recorder()
        self.table = HVTable()
        self.state = State(load_board(GAME, SIDE))
        self.board = self.state.board

    def spot(self, cell: tuple[int, int]) -> Spot:
        return self.board.spot(cell[0] * SIZE + cell[1])

    def roll(self, faces: tuple[int, ...], kind: str = "still") -> float:
        """The dice thrown into the roll zone: a hand, the dice tumbling, then still."""
        dice = roll_zone_dice(self.rng, faces, self.table.dice)
        zone = next(z for z in LAYOUT.zones if z.name == ROLL_ZONE)
        reach = hand_at("W", (zone.x_mm + zone.w_mm / 2, zone.y_mm + zone.h_mm / 2), 60.0,
                        0.4, SKIN)
        self.rec.hand(self.table.scene(hand=reach, dice=rolling(dice)))
        self.table = replace(self.table, dice=dice)
        return self.rec.still(self.table, kind=kind)

    def write(self, marks: dict[tuple[int, int], Ink], ticks: tuple[Ink, ...] = ()) -> float:
        """Ink written by hand: a hand over the first cell, then still frames with the ink."""
        first = next(iter(marks))
        centre = LAYOUT.cell_centre_mm(_cell(first))
        self.rec.hand(self.table.scene(hand=hand_at("S", centre, 50.0, 0.3, SKIN)))
        self.table = replace(self.table, ink={**self.table.ink, **marks},
                             ticks=self.table.ticks + ticks)
        return self.rec.still(self.table)

    def mark(self, cell: tuple[int, int], kind: str, text: str = "") -> Ink:
        return cell_mark(kind, LAYOUT.cell_centre_mm(_cell(cell)), LAYOUT.cell_mm, text=text,
                         seed=int(self.rng.integers(1 << 30)))

    def enter(self, move: Write | Pass, t: float) -> None:
        self.script.entered.append({"t": t, "move": str(move)})
        self.state = self.state.play(move)
        self.script.moves.append({"move": str(move), "position": self.state.position(),
                                  "t": t})

    def seen_roll(self, faces: tuple[int, ...], t: float, setup: bool = False) -> None:
        self.state = self.state.play(RollSeen(faces))
        if setup:
            self.script.start_position = self.state.position()
        else:
            self.script.moves.append({"move": str(RollSeen(faces)),
                                      "position": self.state.position(), "t": t})

    def turn(self, want: Write | Pass, setup: bool = False, turned: bool = False) -> None:
        """A roll allowing ``want`` (the first: the set-up), ``want`` written and entered;
        ``turned``: a die turned by hand and back before the writing."""
        faces = find_roll(self.state, self.rng, want)
        self.rec.wait(float(self.rng.uniform(2.0, 4.0)))
        self.seen_roll(faces, self.roll(faces), setup)
        if turned:
            self.turned_die()
        self.rec.wait(float(self.rng.uniform(3.0, 6.0)))
        if isinstance(want, Write):
            cell = divmod(self.board.index(want.target), SIZE)
            marks = {cell: self.mark(cell, "digit", str(want.value))}
            ticks: tuple[Ink, ...] = ()
        else:
            cell = divmod(self.board.index(want.xs[0]), SIZE)
            marks = {cell: self.mark(cell, "x")}
            x0, y0, x1, y1 = pass_box(self.state.passes)
            ticks = (cell_mark("tick", ((x0 + x1) / 2, (y0 + y1) / 2), x1 - x0 + 5.0,
                               seed=int(self.rng.integers(1 << 30))),)
        self.write(marks, ticks)
        self.enter(want, self.rec.still(self.table, 1))  # the player reads the OLED, presses

    def turned_die(self) -> None:
        """HV-F8: one die of the settled roll turned by hand to another face, then back."""
        before = self.table
        die = before.dice[0]
        turned = replace(die, face=7 - die.face, angle=die.angle + 12.0)
        reach = hand_at("W", (die.x_mm, die.y_mm), 45.0, 0.3, SKIN)
        self.rec.wait(2.0)
        self.rec.hand(before.scene(hand=reach))
        self.table = replace(before, dice=(turned, *before.dice[1:]))
        t = self.rec.still(self.table, kind="illegal")
        self.script.illegal.append({"code": "HV-F8", "move": None, "t": t})
        self.rec.hand(self.table.scene(hand=reach))
        self.table = replace(before, dice=(replace(die, angle=die.angle + 3.0),
                                           *before.dice[1:]))
        self.rec.still(self.table)


def _cell(cell: tuple[int, int]) -> Cell:
    return Cell(*cell)


def build_script(seed: int = SEED) -> GameScript:
    """The whole session, deterministic for a seed."""
    rng = np.random.default_rng([seed, 1])
    script = GameScript(GAME, SIDE)
    game = _Game(rng, script)
    for k, (r, c, value) in enumerate(PLAN):
        if k == PASS_AFTER:
            game.turn(Pass((game.spot(PASS_CELL),)))
        game.turn(Write(value, game.spot((r, c))), setup=k == 0, turned=k == TURNED_AFTER)
    game.rec.still(game.table, 2)
    script.frames = game.rec.frames
    script.presses = presses_for(script)
    return script


__all__ = ["GAME", "SIDE", "build_script"]
