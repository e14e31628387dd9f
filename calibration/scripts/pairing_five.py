"""The recorded Pairing Five session (basic side), shipped for ``dicekeeper demo pairing-five``.

``build_script()`` plays a whole game with the real engine: the ten dice rolled into the unused
zone (the clock starts: FA-P1), then the rules' worked example PF-X1 (the red 4 into A with
DOWN, a 1 into B with UP, the 6 into C with FLIP, a 3 into D with REROLL1, a 5 into E with
SAME_REROLL: both 3s rerolled, one showing 3 again), one illegal placement put back (the 4 into
C's 1st cell while A holds a 4: PF-F3, PF-X1's own example), and the second cells to success
(PF-E1; the clock stops: FA-P2). Each placement moves a die from its place in the zone into its
cell; each effect turns or rerolls unused dice where they lie. A hand is over the board while
dice are handled; three still frames follow each action (the settle detector needs three).

The moves after PF-X1 are ``SECOND_CELLS``, found with the engine's legal moves (a depth-first
search from PF-X1's end) and checked by it when the script is built. Deterministic: seeded
``numpy.random.Generator`` only, no clock.

May import: calibration, engine, vision.board (through ``calibration.scripts.frames``), numpy.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from calibration.board_files import load_board, load_layout
from calibration.scripts.frames import GameScript, Recorder, Table, check
from calibration.session_script import hand_at
from calibration.synthetic import Die
from engine.games.pairing_five import GAME as RULES
from engine.games.pairing_five.board import AREAS
from engine.games.pairing_five.moves import Change, Place, SameReroll
from engine.games.pairing_five.notation import UNUSED_ZONE
from engine.games.pairing_five.state import State
from engine.table import Cell

GAME, SIDE = "pairing-five", "basic"
LAYOUT = load_layout(GAME, SIDE)
BOARD = load_board(GAME, SIDE)
SEED = 5
SKIN = (112, 142, 198)
START = "A=.+. B=.+. C=.+. D=.+. E=.+. U=R4,1,1,2,3,3,5,5,6,6 pending=-"
WORKED_EXAMPLE = ("A1=R4", "DOWN 6>3", "B1=1", "UP 1>4", "C1=6", "FLIP 2>5", "D1=3",
                  "REROLL1 5>6", "E1=5", "SAME_REROLL 3:1,3")
"""PF-X1 as moves: its five placements and their effects' results."""
SECOND_CELLS = ("A2=4", "DOWN 3>1", "B2=1", "UP 1>3", "C2=6", "FLIP 5>2", "D2=3",
                "REROLL1 2>5", "E2=5")
ILLEGAL = ("C1=4", "PF-F3")
ILLEGAL_AFTER = 4   # moves made before the illegal placement (PF-X1 after step 2)
STILL_LAST = 4      # still frames after the last placement


@dataclass(frozen=True)
class Spot:
    """A place in the unused zone where one rolled die lies (board mm)."""

    x: float
    y: float


def zone_spots() -> tuple[Spot, ...]:
    """Ten places in the unused zone: two columns of five, clear of the zone's label."""
    zone = next(z for z in LAYOUT.zones if z.name == UNUSED_ZONE)
    return tuple(Spot(zone.x_mm + 16.0 + 28.0 * (k % 2), zone.y_mm + 14.0 + 25.5 * (k // 2))
                 for k in range(10))


class Play:
    """The physical dice as the game goes, and the frames recorded of them."""

    def __init__(self, rng: np.random.Generator, start: State) -> None:
        self.rng = rng
        self.rec = Recorder()
        spots = zone_spots()
        order = [int(i) for i in rng.permutation(10)]
        self.unused = [self._lying(spots[k], d.face, d.red, style=int(rng.integers(1000)))
                       for k, d in zip(order, start.unused)]
        self.cells: dict[tuple[int, int], Die] = {}

    def _lying(self, spot: Spot, face: int, red: bool, style: int) -> Die:
        dx, dy = self.rng.uniform(-1.5, 1.5, 2)
        return Die(face, "red" if red else "white", spot.x + float(dx), spot.y + float(dy),
                   float(self.rng.uniform(0, 90)), style_seed=style)

    @property
    def table(self) -> Table:
        return Table(LAYOUT, grid=dict(self.cells), zones={UNUSED_ZONE: tuple(self.unused)})

    def hand_over(self, die: Die, extra: tuple[Die, ...] = (),
                  without: tuple[Die, ...] = ()) -> None:
        hand = hand_at("E", (die.x_mm, die.y_mm), 60.0, 0.4, SKIN)
        self.rec.hand(self.table.scene(hand=hand, extra=extra, without=without))

    def take(self, face: int, red: bool) -> Die:
        """The unused die showing ``face`` (the red one or a white one): the first such."""
        return next(d for d in self.unused if d.face == face and (d.colour == "red") == red)

    def place(self, move: Place) -> None:
        """PF-A1: the die moves from its place in the zone into its cell."""
        die = self.take(move.die.face, move.die.red)
        r, c = AREAS.index(move.area), move.cell - 1
        cx, cy = LAYOUT.cell_centre_mm(Cell(r, c))
        dx, dy = self.rng.uniform(-1.5, 1.5, 2)
        placed = replace(die, x_mm=cx + float(dx), y_mm=cy + float(dy),
                         angle=float(self.rng.uniform(-20, 20)))
        self.hand_over(die, extra=(replace(placed, x_mm=(cx + die.x_mm) / 2, motion_mm=6.0),),
                       without=(die,))
        self.unused.remove(die)
        self.cells[(r, c)] = placed

    def put_back(self, move: Place, die: Die) -> None:
        """The die of a placement taken back to where it lay in the zone."""
        r, c = AREAS.index(move.area), move.cell - 1
        placed = self.cells.pop((r, c))
        self.hand_over(placed, without=(placed,))
        self.unused.append(die)

    def change(self, before: int, after: int, rolled: bool) -> None:
        """One unused die showing ``before`` now shows ``after`` (turned by hand, or rerolled
        where it lies: then it also turns and shifts a little)."""
        die = self.take(before, False)
        turn = float(self.rng.uniform(20, 70)) if rolled else float(self.rng.uniform(-15, 15))
        shift = self.rng.uniform(-1.0, 1.0, 2) if rolled else np.zeros(2)
        new = replace(die, face=after, angle=die.angle + turn, x_mm=die.x_mm + float(shift[0]),
                      y_mm=die.y_mm + float(shift[1]))
        self.hand_over(die, extra=(replace(new, motion_mm=5.0 if rolled else 0.0),),
                       without=(die,))
        self.unused[self.unused.index(die)] = new

    def reroll_all(self, value: int, results: tuple[int, ...]) -> None:
        """SAME_REROLL: every unused die showing ``value`` rerolled where it lies."""
        dice = [d for d in self.unused if d.face == value and d.colour != "red"]
        news = [replace(d, face=f, angle=d.angle + float(self.rng.uniform(20, 70)))
                for d, f in zip(dice, results)]
        self.hand_over(dice[0], extra=tuple(replace(n, motion_mm=5.0) for n in news),
                       without=tuple(dice))
        for d, n in zip(dice, news):
            self.unused[self.unused.index(d)] = n


def game_moves() -> tuple[str, ...]:
    """The whole game's moves: PF-X1, then the second cells."""
    return WORKED_EXAMPLE + SECOND_CELLS


def build_script(seed: int = SEED) -> GameScript:
    """The whole session, deterministic for a seed (see the module docstring)."""
    rng = np.random.default_rng(seed)
    state = RULES.parse_position(START, BOARD)
    play = Play(rng, state)
    script = GameScript(GAME, SIDE, start_position=state.position())
    play.rec.still(play.table, 4, "setup")
    play.rec.wait(4.0)
    for k, text in enumerate(game_moves()):
        if k == ILLEGAL_AFTER:
            _illegal(play, script, state, rng)
        move = RULES.parse_move(text, state)
        state = state.play(move)
        if isinstance(move, Place):
            play.place(move)
        elif isinstance(move, SameReroll):
            play.reroll_all(move.value, move.results)
        elif isinstance(move, Change):
            play.change(move.die.face, move.result, rolled=move.effect == "REROLL1")
        t = play.rec.still(play.table, STILL_LAST if state.outcome is not None else 3)
        script.moves.append({"move": str(move), "position": state.position(), "t": t})
        play.rec.wait(float(rng.uniform(3.0, 5.5)))
    script.frames = play.rec.frames
    check(script)
    return script


def _illegal(play: Play, script: GameScript, state: State, rng: np.random.Generator) -> None:
    """PF-F3 shown and put back: the 4 into C's 1st cell while A holds a 4."""
    text, code = ILLEGAL
    move = RULES.parse_move(text, state)
    assert isinstance(move, Place)
    die = play.take(move.die.face, move.die.red)
    play.place(move)
    t = play.rec.still(play.table, kind="illegal")
    script.illegal.append({"code": code, "move": str(move), "t": t})
    play.rec.wait(float(rng.uniform(2.0, 3.0)))
    play.put_back(move, die)
    play.rec.still(play.table)
    play.rec.wait(float(rng.uniform(2.0, 4.0)))
