"""The recorded No Gaps session (side A), shipped for ``dicekeeper demo no-gaps`` and the
end-to-end tests.

``build_script()`` plays a short game with the real engine, real dice and marker ink:

1. the six dice rolled into the fresh zone (the set-up: the clock starts, FA-P1);
2. each fresh die in turn draws a tile: its cells hatched with the marker, the die moved to
   the spent zone (NG-A1, seen by the camera alone); a 6 is set aside (NG-A2); the tile of
   one die is entered with the buttons first (walking the legal tiles: the die, the tile, its
   shape, its place), then drawn;
3. one illegal action put back: a fresh die turned by hand (NG-F7), then turned back;
4. the reroll: every spent die rolled back into the fresh zone (NG-A4, the OLED's reroll count
   goes to 1/4), and more tiles;
5. the end: the player stops to think and the countdown runs out (FA-E1, a failure).

Tiles are chosen greedily: the first legal draw of the die covering the first empty cell
(row-major), the largest first. Dice a draw makes dead (NG-A3) are moved to the removed zone.
Deterministic: seeded ``numpy.random.Generator`` only, no clock.

May import: calibration, engine, vision.board (through ``calibration.scripts.frames``), numpy.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

import numpy as np

from calibration.board_files import load_board, load_layout
from calibration.ink_art import Ink, cell_mark
from calibration.scripts.frames import GameScript, Recorder, Table
from calibration.scripts.presses import presses_for
from calibration.session_script import hand_at
from calibration.synthetic import Die, Hand, Scene
from engine.fast_alone import DURATION
from engine.games.no_gaps.moves import Aside, Draw, Reroll
from engine.games.no_gaps.state import State
from engine.table import Cell, Item, ItemKind, TableView

GAME, SIDE = "no-gaps", "a"
LAYOUT = load_layout(GAME, SIDE)
SEED = 7
START_FACES = (1, 2, 3, 4, 5, 6)
REROLL_FACES = (2, 3, 4, 5, 5, 1)
"""The faces the spent dice show after the reroll (one die per spent one: the 6 is spent too)."""
BUTTON_AT = 2              # the third die's tile is entered with the buttons, then drawn
TURNED_AT = 4              # before the fifth die draws, a fresh die is turned by hand and back
DRAWS_AFTER_REROLL = 2
SKIN = (110, 140, 196)


@dataclass(frozen=True)
class NGTable:
    """The dice in their zones (``frames.Table``) and the hatched cells."""

    dice: Table
    ink: dict[tuple[int, int], Ink]

    def view(self) -> TableView:
        """The settled view a perfect reader reports."""
        grid = tuple(tuple(Item(None, kind=ItemKind.INK) if (r, c) in self.ink else None
                           for c in range(LAYOUT.cols)) for r in range(LAYOUT.rows))
        return replace(self.dice.view(), grid=grid)

    def scene(self, hand: Hand | None = None, extra: tuple[Die, ...] = (),
              without: tuple[Die, ...] = ()) -> Scene:
        return replace(self.dice.scene(hand, extra, without), ink=tuple(self.ink.values()))


def slots(zone_name: str) -> list[tuple[float, float]]:
    """The places dice lie in a zone, north to south: in the narrow fresh and spent zones two
    staggered columns 17 mm apart (each die 20 mm from the next, none over the board's
    edge); in the removed zone three columns of two."""
    zone = next(z for z in LAYOUT.zones if z.name == zone_name)
    if zone.w_mm > zone.h_mm:
        return [(zone.x_mm + zone.w_mm * (c + 0.5) / 3, zone.y_mm + zone.h_mm * (r + 0.5) / 2)
                for r in range(2) for c in range(3)]
    west, east = zone.x_mm + 10.0, zone.x_mm + zone.w_mm - 10.0
    return [(west if k % 2 == 0 else east, zone.y_mm + 10.0 + 11.0 * k) for k in range(6)]


class _Game:
    """Plays the game, recording frames, moves and the moves entered with the buttons."""

    def __init__(self, rng: np.random.Generator, script: GameScript) -> None:
        self.rng, self.script = rng, script
        self.rec = Recorder()
        self.table = NGTable(Table(LAYOUT), {})
        self.state: State | None = None

    # -- the dice -----------------------------------------------------------------------------

    def die(self, face: int, zone: str, slot: int) -> Die:
        x, y = slots(zone)[slot]
        dx, dy = self.rng.uniform(-1.0, 1.0, 2)
        return Die(face, x_mm=x + float(dx), y_mm=y + float(dy),
                   angle=float(self.rng.uniform(-12, 12)), style_seed=int(self.rng.integers(1000)))

    def zone(self, name: str) -> tuple[Die, ...]:
        return self.table.dice.zones.get(name, ())

    def free_slot(self, name: str) -> int:
        places = slots(name)
        taken = {min(range(len(places)), key=lambda k, d=d: _dist(places[k], d))
                 for d in self.zone(name)}
        return next(k for k in range(len(places)) if k not in taken)

    def moved(self, die: Die, to: str) -> NGTable:
        """The table with ``die`` moved from its zone to a free place in zone ``to``."""
        zones = {n: tuple(d for d in dice if d is not die)
                 for n, dice in self.table.dice.zones.items()}
        placed = self.die(die.face, to, self.free_slot(to))
        zones[to] = zones.get(to, ()) + (placed,)
        return replace(self.table, dice=replace(self.table.dice, zones=zones))

    def fresh_die(self, face: int) -> Die:
        return next(d for d in self.zone("fresh") if d.face == face)

    # -- frames -------------------------------------------------------------------------------

    def hand(self, spot: tuple[float, float], extra: tuple[Die, ...] = (),
             without: tuple[Die, ...] = ()) -> None:
        self.rec.hand(self.table.scene(hand_at("E", spot, 55.0, 0.35, SKIN), extra, without))

    def roll_in(self, faces: Iterable[int], kind: str = "still") -> float:
        """Dice rolled into the fresh zone (the spent ones picked up): a hand, then still."""
        fresh = tuple(self.die(f, "fresh", k) for k, f in enumerate(faces))
        zones = {**self.table.dice.zones, "fresh": fresh, "spent": ()}
        self.hand(slots("fresh")[2], extra=tuple(replace(d, motion_mm=8.0, motion_angle=80.0)
                                                for d in fresh),
                  without=self.zone("spent"))
        self.table = replace(self.table, dice=replace(self.table.dice, zones=zones))
        return self.rec.still(self.table, kind=kind)

    def draw(self, move: Draw | Aside) -> float:
        """A tile hatched and its die moved to the spent zone (a 6 set aside: moved only)."""
        die = self.fresh_die(move.face)
        cells = move.cells if isinstance(move, Draw) else ()
        spot = LAYOUT.cell_centre_mm(Cell(*cells[0])) if cells else (die.x_mm, die.y_mm)
        self.hand(spot, without=(die,))
        ink = {cell: cell_mark("hatch", LAYOUT.cell_centre_mm(Cell(*cell)), LAYOUT.cell_mm,
                               seed=int(self.rng.integers(1 << 30))) for cell in cells}
        table = self.moved(die, "spent")
        self.table = replace(table, ink={**self.table.ink, **ink})
        return self.rec.still(self.table)

    def remove_dead(self) -> None:
        """Dice the last move made dead (NG-A3) moved to the removed zone."""
        assert self.state is not None
        want = list(self.state.removed)
        for d in self.zone("removed"):
            want.remove(d.face)
        if not want:
            return
        for face in want:
            die = self.fresh_die(face)
            self.hand((die.x_mm, die.y_mm), without=(die,))
            self.table = self.moved(die, "removed")
        self.rec.still(self.table)

    # -- the game -----------------------------------------------------------------------------

    def record(self, move: Draw | Aside | Reroll, t: float) -> None:
        assert self.state is not None
        self.state = self.state.play(move)
        self.script.moves.append({"move": str(move), "position": self.state.position(),
                                  "t": t})

    def choose(self) -> Draw | Aside:
        """The next die's move: the first fresh die (ascending faces) with a draw covering
        the first empty cell, the largest tile first; else its first draw; a 6 set aside."""
        assert self.state is not None
        moves = self.state.legal_moves()
        first = next(divmod(i, LAYOUT.cols) for i in range(LAYOUT.rows * LAYOUT.cols)
                     if not self.state.is_covered(*divmod(i, LAYOUT.cols)))
        draws = [m for m in moves if isinstance(m, Draw)]
        covering = [m for m in draws if first in m.cells]
        if covering:
            return max(covering, key=lambda m: (len(m.cells), -m.face))
        if draws:
            return max(draws, key=lambda m: len(m.cells))
        return next(m for m in moves if isinstance(m, Aside))

    def turn(self, by_buttons: bool = False) -> None:
        move = self.choose()
        self.rec.wait(float(self.rng.uniform(4.0, 8.0)))
        if by_buttons:  # entered first, after a look at the OLED; then drawn
            t = self.rec.still(self.table, 1)
            self.script.entered.append({"t": t, "move": str(move)})
            self.record(move, t)
            self.draw(move)
        else:
            self.record(move, self.draw(move))
        self.remove_dead()

    def turned_die(self) -> None:
        """NG-F7: a fresh die turned by hand to another face, then back."""
        before = self.table
        die = self.zone("fresh")[-1]
        turned = replace(die, face=7 - die.face, angle=die.angle + 15.0)
        self.rec.wait(2.0)
        self.hand((die.x_mm, die.y_mm))
        fresh = tuple(turned if d is die else d for d in self.zone("fresh"))
        self.table = replace(before, dice=before.dice.with_zone("fresh", fresh))
        t = self.rec.still(self.table, kind="illegal")
        self.script.illegal.append({"code": "NG-F7", "move": None, "t": t})
        self.hand((die.x_mm, die.y_mm))
        self.table = before
        self.rec.still(self.table)


def _dist(a: tuple[float, float], d: Die) -> float:
    return (a[0] - d.x_mm) ** 2 + (a[1] - d.y_mm) ** 2


def build_script(seed: int = SEED) -> GameScript:
    """The whole session, deterministic for a seed."""
    rng = np.random.default_rng([seed, 1])
    script = GameScript(GAME, SIDE)
    game = _Game(rng, script)
    game.rec.wait(2.0)
    start = game.roll_in(START_FACES, kind="setup")
    board = load_board(GAME, SIDE)
    game.state = State.settled(board, 0, (), START_FACES, (), (), 0, None)
    script.start_position = game.state.position()
    k = 0
    while game.state.fresh:
        if k == TURNED_AT:
            game.turned_die()
        game.turn(by_buttons=k == BUTTON_AT)
        k += 1
    game.rec.wait(5.0)
    faces = REROLL_FACES[:len(game.state.spent)]
    game.record(Reroll(tuple(sorted(faces))), game.roll_in(faces))
    for _ in range(DRAWS_AFTER_REROLL):
        game.turn()
    game.rec.still(game.table, 1)
    game.rec.wait(max(0.5, start + DURATION - game.rec.t + 1.0))
    game.rec.still(game.table, 1)  # the countdown has run out: FA-E1
    script.frames = game.rec.frames
    script.presses = presses_for(script)
    return script


__all__ = ["GAME", "SIDE", "build_script"]
