"""The script of the recorded Unification session (simple side) shipped for the demo and tests.

``build_script()`` plays a short solo game with the real engine: a mixed start position, a
solution found by best-first search over ``State.legal_moves()`` (choosing REROLL results), one
illegal push (UN-F1, the red die pushed out) that is then put back, and success. Each game step
becomes a few camera frames: a hand over the board while dice move (motion blur), then still
frames of the settled table. Every frame is a ``synthetic.Scene`` plus the table view a perfect
reader would report; ``expected_final_line`` replays those views through the real settle
detector and solo session, so the fixture's expected result is the engine's own.

Deterministic: seeded ``numpy.random.Generator`` only, no clock.

May import: engine, vision.board.settle, calibration.synthetic, calibration.board_files, numpy.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field, replace

import numpy as np

from calibration.board_files import load_board, load_layout
from calibration.synthetic import Die, Hand, Light, Pose, Scene
from engine.games.unification import Move, State
from engine.games.unification.state import line_cells
from engine.session import new_session
from engine.table import Cell, Colour, Item, TableView, ViewStatus
from vision.board.settle import SettleDetector

GAME, SIDE = "unification", "simple"
BOARD = load_layout(GAME, SIDE)  # the printed board the recorded session is played on
SEED = 141                 # first start position already solves in 13 pushes, red ends in r1c1
SETTLE_FRAMES = 3          # the demo's settle detector (device.demo) needs 3 agreeing frames
STILL_FRAMES = 4           # still frames after each settled state (5 after set-up and success)
PARK_MM = 13.0             # push die centre this far outside the grid edge
MIN_PUSHES, MAX_PUSHES = 10, 16
ILLEGAL_AFTER = 4          # the UN-F1 mistake happens after this many good pushes
POSE = Pose(pitch_deg=6.0, yaw_deg=-3.0, roll_deg=4.0)
LIGHT = Light(brightness=0.95, gradient=0.25, gradient_angle=210.0, vignette=0.25)
SIDE_DIRECTION = {"N": (0.0, -1.0), "S": (0.0, 1.0), "E": (1.0, 0.0), "W": (-1.0, 0.0)}
ARM_FROM = {"W": 165.0, "E": 15.0, "S": 90.0, "N": 300.0}


@dataclass(frozen=True)
class ScriptFrame:
    """One frame of the session.

    Attributes:
        t: seconds from the start of the recording.
        scene: what to render.
        view: the table view a perfect reader reports (status HAND for hand frames).
        kind: "setup", "still", "hand" or "illegal".
    """

    t: float
    scene: Scene
    view: TableView
    kind: str


@dataclass
class SessionScript:
    """The whole session: the game played and its frames."""

    start_position: str
    pushes: list[dict[str, object]] = field(default_factory=list)
    illegal: dict[str, object] = field(default_factory=dict)
    frames: list[ScriptFrame] = field(default_factory=list)


# --------------------------------------------------------------------------- the game


def solve(start: State, target: int, *, max_depth: int = 3) -> list[Move] | None:
    """Legal pushes from ``start`` to success (UN-E1) with all nine dice showing ``target``.

    Greedy in steps: a breadth-first search (at most ``max_depth`` pushes) for the nearest
    position with one more ``target`` face, repeated until the grid is uniform. REROLL and
    other choices are explored through ``legal_moves`` (which lists every result). Among
    equally short steps, the red die on r1c1 (double score) is preferred.
    """
    path: list[Move] = []
    state = start
    while not _won(state):
        step = _next_gain(state, target, max_depth)
        if step is None:
            return None
        for move in step:
            state = state.play(move)
        path.extend(step)
    return path


def _won(state: State) -> bool:
    return state.forbidden is not None and state.is_uniform()


def _next_gain(state: State, target: int, max_depth: int) -> list[Move] | None:
    """The shortest push sequence that raises the count of ``target`` faces by one."""
    goal = state.cells.count(target) + 1
    layer: list[tuple[State, tuple[Move, ...]]] = [(state, ())]
    seen = {_key(state)}
    for _ in range(max_depth):
        found, nxt = [], []
        for s, path in layer:
            for move in s.legal_moves():
                child = s.play(move)
                if _key(child) in seen:
                    continue
                seen.add(_key(child))
                if child.cells.count(target) >= goal:
                    found.append((child.red != 4, len(found), (*path, move)))
                elif not _won(child):
                    nxt.append((child, (*path, move)))
        if found:
            return list(min(found)[2])
        layer = nxt
    return None


def _key(state: State) -> tuple[object, ...]:
    return (state.cells, state.red, state.push, state.forbidden)


def find_game(seed: int) -> tuple[State, list[Move]]:
    """A mixed start position and its solution of MIN_PUSHES..MAX_PUSHES pushes.

    Start positions are drawn from ``default_rng([seed, attempt])``; ``SEED`` is chosen so the
    first attempt already works (building the script stays fast).
    """
    board = load_board(GAME, SIDE)
    for attempt in range(100):
        rng = np.random.default_rng([seed, attempt])
        faces = [int(f) for f in rng.integers(1, 7, 9)]
        if max(faces.count(v) for v in range(1, 7)) > 2:
            continue
        red, push = int(rng.integers(9)), int(rng.integers(1, 7))
        start = State(board, tuple(faces), red, push, None)
        moves = solve(start, faces[red])  # the red die never changes face on this side
        if moves is not None and MIN_PUSHES <= len(moves) <= MAX_PUSHES:
            return start, moves
    raise RuntimeError("no start position with a solution of the wanted length was found")


def illegal_entry(state: State) -> Move | None:
    """A push that would push the red die out (UN-F1) from ``state``, if there is one."""
    for analysis in state.analyses():
        if analysis.code == "UN-F1":
            return Move(analysis.entry.side, analysis.entry.line)
    return None


# --------------------------------------------------------------------------- the table


@dataclass(frozen=True)
class Table:
    """Where every physical die is: grid cells (row-major index) and the dice beside it."""

    grid: dict[int, Die]
    outside: tuple[Die, ...] = ()

    def view(self) -> TableView:
        """The settled view of this table, as a perfect reader reports it."""
        rows = tuple(tuple(_seen(self.grid.get(r * 3 + c)) for c in range(3)) for r in range(3))
        outside = tuple(_seen(d) for d in self.outside)
        return TableView(grid=rows, outside=tuple(d for d in outside if d is not None))

    def scene(self, hand: Hand | None = None, moving: dict[int, Die] | None = None,
              extra: tuple[Die, ...] = ()) -> Scene:
        """The scene to render; ``moving`` replaces grid dice, ``extra`` adds loose dice."""
        grid = {**self.grid, **(moving or {})}
        faces = tuple(tuple(grid[r * 3 + c].face if r * 3 + c in grid else None
                            for c in range(3)) for r in range(3))
        red = [i for i, d in grid.items() if d.colour == "red"]
        return Scene(board=BOARD, grid=faces, red_cell=divmod(red[0], 3) if red else None,
                     loose=self.outside + extra,
                     grid_overrides={divmod(i, 3): d for i, d in grid.items()},
                     pose=POSE, light=LIGHT, hand=hand, table="wood", table_seed=SEED,
                     noise=3.0, blur=0.6, jpeg_quality=0)


def _seen(die: Die | None) -> Item | None:
    if die is None:
        return None
    colour = Colour.RED if die.colour == "red" else Colour.WHITE
    return Item(face=die.face, colour=colour, confidence=1.0, x_mm=die.x_mm, y_mm=die.y_mm)


def cell_die(rng: np.random.Generator, index: int, face: int, colour: str) -> Die:
    """A die placed by hand on a cell: a little off-centre and turned."""
    cx, cy = BOARD.cell_centre_mm(_cell(index))
    dx, dy = rng.uniform(-1.8, 1.8, 2)
    return Die(face=face, colour=colour, x_mm=cx + float(dx), y_mm=cy + float(dy),
               angle=float(rng.uniform(-30, 30)), style_seed=int(rng.integers(1000)))


def _cell(index: int) -> Cell:
    return Cell(index // 3, index % 3)


def beside(side: str, line: int, distance_mm: float = PARK_MM) -> tuple[float, float]:
    """A spot outside the grid next to edge ``side`` at ``line`` (column for N/S, row for E/W)."""
    gx, gy = BOARD.grid_origin_mm
    span = 3 * BOARD.cell_mm
    along = (line + 0.5) * BOARD.cell_mm
    return {"N": (gx + along, gy - distance_mm), "S": (gx + along, gy + span + distance_mm),
            "W": (gx - distance_mm, gy + along), "E": (gx + span + distance_mm, gy + along)}[side]


def parked(rng: np.random.Generator, die: Die, side: str, line: int) -> Die:
    """``die`` parked beside the exit slot it left through (the rulebook's reminder)."""
    x, y = beside(side, line, PARK_MM + float(rng.uniform(-1.5, 1.5)))
    return replace(die, x_mm=x + float(rng.uniform(-2, 2)), y_mm=y + float(rng.uniform(-2, 2)),
                   angle=float(rng.uniform(-40, 40)), motion_mm=0.0)


def hand_at(side: str, spot: tuple[float, float], height_mm: float, spread: float,
            skin: tuple[int, int, int]) -> Hand:
    """A hand whose fingertips reach ``spot``, the arm coming in past board edge ``side``."""
    angle = ARM_FROM[side]
    bx, by = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    return Hand(x_mm=spot[0] + bx * 95.0, y_mm=spot[1] + by * 95.0, from_angle=angle,
                height_mm=height_mm, spread=spread, skin=skin)


# --------------------------------------------------------------------------- the frames


class _Recorder:
    """Collects frames, advancing the clock."""

    def __init__(self, rng: np.random.Generator) -> None:
        self.rng = rng
        self.t = 0.0
        self.frames: list[ScriptFrame] = []
        self.skin = (118, 148, 204)

    def still(self, table: Table, n: int, kind: str = "still", gap: float = 0.5) -> None:
        view, scene = table.view(), table.scene()
        for _ in range(n):
            self.frames.append(ScriptFrame(round(self.t, 2), scene, view, kind))
            self.t += gap

    def hand(self, scene: Scene, gap: float = 1.0) -> None:
        view = TableView.unsettled(ViewStatus.HAND, "hand over board")
        self.frames.append(ScriptFrame(round(self.t, 2), scene, view, "hand"))
        self.t += gap

    def wait(self, seconds: float) -> None:
        self.t += seconds


def set_up(rec: _Recorder, start: State) -> Table:
    """Empty board, dice placed three at a time, then the push die; returns the full table."""
    rng = rec.rng
    rec.still(Table({}), 2, "setup", gap=0.8)
    grid: dict[int, Die] = {}
    for group in ((0, 1, 2), (3, 4, 5), (6, 7, 8)):
        for i in group:
            colour = "red" if i == start.red else "white"
            grid[i] = cell_die(rng, i, start.cells[i], colour)
        spot = BOARD.cell_centre_mm(_cell(group[1]))
        rec.hand(Table(dict(grid)).scene(hand=hand_at("S", spot, 55.0, 0.3, rec.skin)))
        rec.still(Table(dict(grid)), 2, "setup", gap=0.6)
    push = parked(rng, Die(face=start.push, style_seed=int(rng.integers(1000))), "S", 1)
    rolling = replace(push, motion_mm=9.0, motion_angle=30.0, angle=push.angle + 35)
    rec.hand(Table(dict(grid)).scene(hand=hand_at("S", (push.x_mm + 30, push.y_mm + 20), 70.0,
                                                   0.6, rec.skin), extra=(rolling,)))
    table = Table(dict(grid), (push,))
    rec.still(table, STILL_FRAMES + 1)
    return table


def push_frames(rec: _Recorder, table: Table, move: Move, after: State | None) -> Table:
    """Hand frames of one push and the table after it (``after`` None: the red die leaves)."""
    rng = rec.rng
    exit_side = {"N": "S", "S": "N", "E": "W", "W": "E"}[move.side]
    near, mid, far = _line(move)
    push = table.outside[0]
    entering = replace(push, angle=push.angle + float(rng.uniform(-10, 10)))
    shifted = {near: entering, mid: table.grid[near], far: table.grid[mid]}
    out_die = table.grid[far]
    grid = dict(table.grid)
    for i, die in shifted.items():
        grid[i] = _recentre(rng, die, i)
    moving = _half_way(table, move, near, mid, far, entering, out_die)
    in_hand = Table(table.grid)  # the push die is no longer parked: it is entering the line
    rec.hand(in_hand.scene(hand=hand_at(move.side, beside(move.side, move.line, 8.0), 45.0, 0.2,
                                        rec.skin), moving=moving[0], extra=moving[1]))
    faces_out = after.push if after is not None else out_die.face
    new_push = parked(rng, replace(out_die, face=faces_out), exit_side, move.line)
    if after is not None and tuple(grid[i].face for i in range(9)) != after.cells:
        raise ValueError(f"push {move} does not slide the dice to {after.position()}: the "
                         f"script only handles boards without ROTATE/PARADIGM")
    applying = replace(new_push, motion_mm=7.0, motion_angle=float(rng.uniform(0, 180)))
    rec.hand(Table(grid).scene(hand=hand_at(exit_side, (new_push.x_mm, new_push.y_mm), 65.0,
                                            0.5, rec.skin), extra=(applying,)))
    return Table(grid, (new_push,))


def _line(move: Move) -> tuple[int, int, int]:
    return line_cells(move.entry)


def _recentre(rng: np.random.Generator, die: Die, index: int) -> Die:
    """A die slid into cell ``index``: near its centre, barely turned by the push."""
    cx, cy = BOARD.cell_centre_mm(_cell(index))
    dx, dy = rng.uniform(-1.5, 1.5, 2)
    return replace(die, x_mm=cx + float(dx), y_mm=cy + float(dy),
                   angle=die.angle + float(rng.uniform(-6, 6)), motion_mm=0.0)


def _half_way(table: Table, move: Move, near: int, mid: int, far: int, entering: Die,
              out_die: Die) -> tuple[dict[int, Die], tuple[Die, ...]]:
    """The line mid-push: every die half a cell on, blurred along the push."""
    dx, dy = SIDE_DIRECTION[{"N": "S", "S": "N", "E": "W", "W": "E"}[move.side]]
    half = BOARD.cell_mm / 2
    angle = math.degrees(math.atan2(-dy, dx))

    def moved(die: Die, x: float, y: float) -> Die:
        return replace(die, x_mm=x + dx * half, y_mm=y + dy * half, motion_mm=6.0,
                       motion_angle=angle)

    grid = {i: moved(table.grid[i], table.grid[i].x_mm, table.grid[i].y_mm)
            for i in (near, mid, far)}
    start = beside(move.side, move.line, half)
    loose = (moved(entering, start[0] - dx * half, start[1] - dy * half),)
    grid[far] = moved(out_die, out_die.x_mm, out_die.y_mm)
    return grid, loose


def build_script(seed: int = SEED) -> SessionScript:
    """The whole session, deterministic for a seed."""
    start, moves = find_game(seed)
    rng = np.random.default_rng([seed, 1])
    script = SessionScript(start_position=start.position())
    rec = _Recorder(rng)
    table = set_up(rec, start)
    state = start
    for k, move in enumerate(moves):
        if k >= ILLEGAL_AFTER and not script.illegal and illegal_entry(state) is not None:
            table = _illegal_episode(rec, script, state, table)
        rec.wait(float(rng.uniform(5.5, 9.0)))
        after = state.play(move)
        table = push_frames(rec, table, move, after)
        state = after
        rec.still(table, STILL_FRAMES + (1 if state.outcome is not None else 0))
        script.pushes.append({"move": str(move), "position": state.position(),
                              "t_settled": rec.frames[-STILL_FRAMES].t})
    if not script.illegal:
        raise ValueError("the red die never sat on an edge after the first pushes: no UN-F1")
    rec.still(table, 1)
    script.frames = rec.frames
    return script


def _illegal_episode(rec: _Recorder, script: SessionScript, state: State, table: Table) -> Table:
    """Push the red die out (UN-F1), leave it a moment, put everything back as it was."""
    rec.wait(3.0)
    move = illegal_entry(state)
    if move is None:
        raise ValueError(f"no UN-F1 push from {state.position()}")
    wrong = push_frames(rec, table, move, None)
    rec.still(wrong, STILL_FRAMES, "illegal")
    script.illegal = {"move": str(move), "code": "UN-F1", "position": state.position(),
                      "t_settled": rec.frames[-STILL_FRAMES].t}
    spot = BOARD.cell_centre_mm(_cell(4))
    rec.hand(wrong.scene(hand=hand_at("S", spot, 60.0, 0.4, rec.skin)))
    rec.hand(table.scene(hand=hand_at("S", spot, 70.0, 0.6, rec.skin)))
    rec.still(table, STILL_FRAMES)
    return table


# --------------------------------------------------------------------------- checking


def replay_views(frames: list[ScriptFrame], settle_frames: int = SETTLE_FRAMES
                 ) -> Iterator[tuple[ScriptFrame, object, list[object]]]:
    """Feed the frames' views through the settle detector and a solo session, like the app."""
    board = load_board(GAME, SIDE)
    session = new_session(GAME, SIDE, board)
    settle = SettleDetector(settle_frames)
    for frame in frames:
        session, events = session.observe(settle.update(frame.view), frame.t)
        yield frame, session, events


def expected_final_line(frames: list[ScriptFrame]) -> str:
    """The summary line the device prints at the end, for a perfect reader."""
    session, t = None, 0.0
    for frame, session, _ in replay_views(frames):
        t = frame.t
    assert session is not None
    return session.summary(t)  # type: ignore[attr-defined]
