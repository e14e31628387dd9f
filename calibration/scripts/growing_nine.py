"""The recorded Growing Nine session (side A), shipped for ``dicekeeper demo growing-nine``.

``build_script()`` plays a short game with the real engine and real dice: every die has a full
orientation (README 3.3), a roll turns it as a die turns, so the tops the camera sees are the
ones a table shows and the engine's tracking (README 3.4) follows them. The game:

1. the ten dice rolled onto the board beside the grid (the clock starts: FA-P1), then placed:
   red and three white dice on the corners, six in the waiting column (GN-S1..S4), half-way
   first, so the OLED shows the set-up under way;
2. rolls of the matching white dice and of red (GN-A1, GN-A2), one of them onto a corner whose
   partner is free: the game waits for the appearance (PENDING "put the 6 on r3c3"), then the
   first waiting die is put there (GN-A3);
3. one illegal action put back: the red die rolled while a white die matches red (GN-F2), then
   rolled back;
4. the end: a white die rolls onto a corner whose partner is occupied (GN-E3, a failure, score
   minus the dice still waiting).

The game is found by a seeded search over the legal rolls (the real dice decide each top).
Deterministic: seeded ``numpy.random.Generator`` only, no clock.

May import: calibration, engine, vision.board (through ``calibration.scripts.frames``), numpy.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np

from calibration.board_files import load_board, load_layout
from calibration.scripts.frames import GameScript, Recorder, Table, check
from calibration.session_script import hand_at
from calibration.synthetic import Die
from engine.games.growing_nine.dice import DIRECTIONS, Orientation, with_top
from engine.games.growing_nine.layout import PLACE_TOP_MM
from engine.games.growing_nine.moves import Place, Roll
from engine.games.growing_nine.notation import WAITING
from engine.games.growing_nine.state import State, placed
from engine.table import Cell

GAME, SIDE = "growing-nine", "a"
LAYOUT = load_layout(GAME, SIDE)
BOARD = load_board(GAME, SIDE)
SEED = 9
MIN_ROLLS, MAX_ROLLS = 6, 8
STILL_LAST = 4  # still frames after the last roll (the end shows a moment longer)
SKIN = (118, 148, 204)
ROLLED_SPOTS = ((83.0, 32.0), (108.0, 32.0), (83.0, 158.0), (108.0, 158.0), (32.0, 60.0),
                (32.0, 85.0), (32.0, 110.0), (32.0, 135.0), (40.0, 32.0), (40.0, 158.0))
"""Where the ten rolled dice lie (board mm): beside the grid, clear of the pairs' symbols."""


@dataclass(frozen=True)
class Real:
    """A physical die: its colour and full orientation (what the camera does not see)."""

    red: bool
    o: Orientation


@dataclass(frozen=True)
class Start:
    """A set-up: the dice on the spawn cells (row-major) and the waiting dice (first first)."""

    spawns: tuple[Real, ...]
    queue: tuple[Real, ...]

    def place(self) -> Place:
        return Place(tuple((cell, d.red, d.o.t) for cell, d in zip(BOARD.spawns, self.spawns)),
                     tuple(d.o.t for d in self.queue))


@dataclass(frozen=True)
class Step:
    """One roll as played: the engine's move text, the states around it, the dice moved."""

    move: Roll
    before: State
    after: State
    src: Cell
    dst: Cell
    rolled: Real
    appeared: Cell | None  # where the first waiting die went
    real: dict[Cell, Real]  # the dice on the grid before the roll


# --------------------------------------------------------------------------- the game


def random_start(rng: np.random.Generator) -> Start:
    """Ten rolled dice (real orientations), red and three white on the corners, six waiting."""
    dice = [Real(k == 0, with_top(int(rng.integers(1, 7)), "right")[int(rng.integers(4))])
            for k in range(10)]
    order = [int(i) for i in rng.permutation(10)]
    spawn_ids = [0] + [i for i in order if i != 0][:3]
    rng.shuffle(spawn_ids)
    queue = [dice[i] for i in order if i not in spawn_ids]
    return Start(tuple(dice[i] for i in spawn_ids), tuple(queue))


def roll_step(state: State, real: dict[Cell, Real], waiting: tuple[Real, ...], src: Cell,
              direction: str) -> tuple[Step, dict[Cell, Real], tuple[Real, ...]]:
    """The die on ``src`` rolled towards ``direction`` as a real die rolls (the top it then
    shows is the engine's observed one); the appearance follows as GN-A3 says."""
    die = state.die(src)
    assert die is not None
    rolled = Real(real[src].red, real[src].o.rolled(direction))
    move = Roll(src, direction, None if die.known else rolled.o.t)
    after = state.play(move)
    dst = BOARD.step(src, direction)
    now = {c: d for c, d in real.items() if c != src}
    now[dst] = rolled
    appeared = None
    if len(after.queue) < len(state.queue):
        appeared = BOARD.pair_of(dst)
        assert appeared is not None
        now[appeared], waiting = waiting[0], waiting[1:]
    return Step(move, state, after, src, dst, rolled, appeared, real), now, waiting


def search(start: Start, rng: np.random.Generator) -> list[Step] | None:
    """A game from ``start``: MIN_ROLLS..MAX_ROLLS rolls with an appearance, a moment to roll
    red illegally (a white die matches, red has a free neighbour) before it, ending by GN-E3."""
    state = placed(BOARD, start.place())
    real = dict(zip(BOARD.spawns, start.spawns))

    def walk(state: State, real: dict[Cell, Real], waiting: tuple[Real, ...],
             path: list[Step]) -> list[Step] | None:
        if state.outcome is not None:
            return path if state.outcome.reason == "GN-E3" and _shows_all(path) else None
        if len(path) >= MAX_ROLLS:
            return None
        options = [(cell, d) for cell in state.movers() for d in DIRECTIONS
                   if state.free(BOARD.step(cell, d))]
        for k in rng.permutation(len(options)):
            cell, d = options[int(k)]
            step, after_real, after_waiting = roll_step(state, real, waiting, cell, d)
            found = walk(step.after, after_real, after_waiting, [*path, step])
            if found is not None:
                return found
        return None

    return walk(state, real, start.queue, [])


def _shows_all(path: list[Step]) -> bool:
    """The path is long enough, has an appearance before the last roll, and a chance to roll
    red illegally before that appearance."""
    if not MIN_ROLLS <= len(path) <= MAX_ROLLS:
        return False
    appear = next((i for i, s in enumerate(path[:-1]) if s.appeared is not None), None)
    return appear is not None and illegal_chance(path[:appear]) is not None


def illegal_chance(path: list[Step]) -> int | None:
    """The first step (after the first) before which red may be rolled illegally: a white die
    matches red and red has a free neighbour (GN-F2)."""
    for i, step in enumerate(path[1:], start=1):
        state = step.before
        if state.matching() and state.can_roll(state.red_cell()):
            return i
    return None


def find_game(seed: int = SEED) -> tuple[Start, list[Step]]:
    """The first start (drawn from ``default_rng([seed, attempt])``) that has such a game."""
    for attempt in range(200):
        rng = np.random.default_rng([seed, attempt])
        start = random_start(rng)
        if placed(BOARD, start.place()).outcome is not None:
            continue
        path = search(start, rng)
        if path is not None:
            return start, path
    raise RuntimeError("no Growing Nine start with a game of the wanted shape was found")


# --------------------------------------------------------------------------- the table


def cell_die(rng: np.random.Generator, cell: Cell, top: int, red: bool, style: int,
             angle: float | None = None) -> Die:
    """A die standing in ``cell``, a little off-centre, turned a little (``angle``: as it
    stood before a roll, which turns it only slightly)."""
    cx, cy = LAYOUT.cell_centre_mm(cell)
    dx, dy = rng.uniform(-1.5, 1.5, 2)
    turn = float(rng.uniform(-20, 20)) if angle is None else angle + float(rng.uniform(-6, 6))
    return Die(top, "red" if red else "white", cx + float(dx), cy + float(dy), turn,
               style_seed=style)


def place_die(rng: np.random.Generator, place: int, top: int, style: int) -> Die:
    """A die on waiting place ``place``'s box (0 = north, the first to appear)."""
    zone = LAYOUT.zones[0]
    step = zone.h_mm / BOARD.waiting
    dx, dy = rng.uniform(-1.2, 1.2, 2)
    middle = (PLACE_TOP_MM + step - 1.0) / 2   # of the box below the zone's label
    return Die(top, "white", zone.x_mm + zone.w_mm / 2 + float(dx),
               zone.y_mm + place * step + middle + float(dy), float(rng.uniform(-20, 20)),
               style_seed=style)


def between(a: Die, b: Die, motion: bool = True) -> Die:
    """``a`` half-way to where ``b`` lies, blurred along the way (a die rolling, carried)."""
    angle = math.degrees(math.atan2(b.y_mm - a.y_mm, b.x_mm - a.x_mm))
    return replace(a, x_mm=(a.x_mm + b.x_mm) / 2, y_mm=(a.y_mm + b.y_mm) / 2,
                   angle=a.angle + 25.0, motion_mm=8.0 if motion else 0.0, motion_angle=angle)


class Play:
    """The table as the game goes: the physical dice drawn, the frames recorded."""

    def __init__(self, rng: np.random.Generator, start: Start) -> None:
        self.rng = rng
        self.rec = Recorder()
        self.start = start
        self.styles = iter(int(s) for s in rng.integers(1000, size=64))
        self.table = Table(LAYOUT)

    def hand_over(self, spot: tuple[float, float], extra: tuple[Die, ...] = (),
                  without: tuple[Die, ...] = (), side: str = "S") -> None:
        hand = hand_at(side, spot, 60.0, 0.4, SKIN)
        self.rec.hand(self.table.scene(hand=hand, extra=extra, without=without))

    def rolled_out(self) -> None:
        """GN-S1: the ten dice as they fell, beside the grid."""
        dice = [*self.start.spawns, *self.start.queue]
        order = [int(i) for i in self.rng.permutation(10)]
        outside = []
        for k, i in enumerate(order):
            x, y = ROLLED_SPOTS[k]
            dx, dy = self.rng.uniform(-2, 2, 2)
            real = dice[i]
            outside.append(Die(real.o.t, "red" if real.red else "white", x + float(dx),
                               y + float(dy), float(self.rng.uniform(0, 90)),
                               style_seed=next(self.styles)))
        self.loose = {id_: d for id_, d in zip(order, outside)}
        self.table = Table(LAYOUT, outside=tuple(outside), zones={WAITING: ()})

    def set_up(self, cells_first: int, places_first: int) -> float:
        """GN-S2, S3: ``cells_first`` spawn cells and ``places_first`` waiting places filled,
        then the rest (a hand between). Returns the time the set-up is seen complete."""
        self.hand_over((95.0, 95.0))
        self._fill(cells_first, places_first)
        self.rec.still(self.table)
        self.rec.wait(float(self.rng.uniform(2.0, 4.0)))
        self.hand_over((95.0, 95.0))
        self._fill(len(BOARD.spawns), BOARD.waiting)
        return self.rec.still(self.table)

    def _fill(self, spawns: int, places: int) -> None:
        grid, waiting = dict(self.table.grid), list(self.table.zones[WAITING])
        for k, cell in enumerate(BOARD.spawns[:spawns]):
            if (cell.r, cell.c) not in grid:
                die = self.loose.pop(k)
                real = self.start.spawns[k]
                grid[(cell.r, cell.c)] = cell_die(self.rng, cell, real.o.t, real.red,
                                                  die.style_seed)
        for k in range(len(waiting), places):
            die = self.loose.pop(len(BOARD.spawns) + k)
            waiting.append(place_die(self.rng, k, self.start.queue[k].o.t, die.style_seed))
        self.table = Table(LAYOUT, grid=grid, zones={WAITING: tuple(waiting)},
                           outside=tuple(self.loose.values()))

    def roll(self, step: Step) -> float:
        """A roll, its frames, and the appearance it makes (awaited first: PENDING). Returns
        the time its move is made."""
        src, dst = (step.src.r, step.src.c), (step.dst.r, step.dst.c)
        old = self.table.grid[src]
        new = cell_die(self.rng, step.dst, step.rolled.o.t, step.rolled.red, old.style_seed,
                       angle=old.angle)
        self.hand_over(LAYOUT.cell_centre_mm(step.dst), extra=(between(old, new),),
                       without=(old,))
        self.table = self.table.with_cell(src, None).with_cell(dst, new)
        if step.appeared is None:
            return self.rec.still(self.table, STILL_LAST if step.after.outcome else 3)
        self.rec.still(self.table)                      # PENDING: put the die there
        self.rec.wait(float(self.rng.uniform(1.5, 3.0)))
        waiting = self.table.zones[WAITING]
        head = waiting[0]
        appearing = cell_die(self.rng, step.appeared, head.face, False, head.style_seed)
        self.hand_over(LAYOUT.cell_centre_mm(step.appeared), without=(head,), side="E",
                       extra=(between(head, appearing, motion=False),))
        self.table = self.table.with_zone(WAITING, waiting[1:]).with_cell(
            (step.appeared.r, step.appeared.c), appearing)
        return self.rec.still(self.table)

    def red_rolled_back(self, step: Step) -> tuple[str, float]:
        """GN-F2: red rolled while a white die matches, then rolled back. Returns the move
        the referee names (with the top it sees) and the time of the warning."""
        state = step.before
        cell = state.red_cell()
        direction = next(d for d in DIRECTIONS if state.free(BOARD.step(cell, d)))
        dst = BOARD.step(cell, direction)
        rolled = step.real[cell].o.rolled(direction)
        move = Roll(cell, direction, rolled.t)
        before = self.table
        old = before.grid[(cell.r, cell.c)]
        new = cell_die(self.rng, dst, rolled.t, True, old.style_seed, angle=old.angle)
        self.hand_over(LAYOUT.cell_centre_mm(dst), extra=(between(old, new),), without=(old,))
        self.table = before.with_cell((cell.r, cell.c), None).with_cell((dst.r, dst.c), new)
        t = self.rec.still(self.table, kind="illegal")
        self.rec.wait(float(self.rng.uniform(2.0, 3.0)))
        self.hand_over(LAYOUT.cell_centre_mm(cell), extra=(between(new, old),), without=(new,))
        self.table = before
        self.rec.still(self.table)
        return str(move), t


def build_script(seed: int = SEED) -> GameScript:
    """The whole session, deterministic for a seed (see the module docstring)."""
    start, path = find_game(seed)
    rng = np.random.default_rng([seed, 1])
    script = GameScript(GAME, SIDE)
    play = Play(rng, start)
    play.rolled_out()
    play.rec.still(play.table, 4, "setup")
    red = next(d.o.t for d in start.spawns if d.red)
    script.start_position = State.rolled_dice(
        BOARD, red, tuple(d.o.t for d in (*start.spawns, *start.queue) if not d.red)).position()
    play.rec.wait(3.0)
    t = play.set_up(2, 3)
    script.moves.append({"move": str(start.place()), "position": path[0].before.position(),
                         "t": t})
    illegal_at = illegal_chance(path[:next(i for i, s in enumerate(path) if s.appeared)])
    for i, step in enumerate(path):
        play.rec.wait(float(rng.uniform(4.0, 7.0)))
        if i == illegal_at:
            move, t = play.red_rolled_back(step)
            script.illegal.append({"code": "GN-F2", "move": move, "t": t})
            play.rec.wait(float(rng.uniform(3.0, 5.0)))
        t = play.roll(step)
        script.moves.append({"move": str(step.move), "position": step.after.position(),
                             "t": t})
    script.frames = play.rec.frames
    check(script)
    return script
