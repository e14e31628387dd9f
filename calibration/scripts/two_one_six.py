"""The script of the recorded 2 1 6 game (6x6, white dice against red) shipped for the demo
and the end-to-end tests.

``build_script()`` plays a whole game with the real engine, ending on the rules' worked
example (TS-X1..X4: A 120, B 109). B starts: the first thing the camera sees is B's red die
rolled in the tray (TS-S2 seen at set-up). Each of the 36 placements is a hand over the board,
then still frames of the die on its cell. Some rolls are seen in the tray: the next player
rolls while the die just placed settles, so the same still frames show the placement and,
one frame later, the next roll; the others are taken from the placed die (the referee does
that when it saw no roll). Two mistakes are made and put right: a die placed showing another
face than the roll seen (TS-F2), put back in the tray; a placed die pushed to the next cell
(TS-F4), put back. Every frame is a ``synthetic.Scene`` plus the view a perfect reader
reports; ``expected_final_line`` replays those views through the real settle detector and
session, so the fixture's expected result is the engine's own.

Deterministic: seeded ``numpy.random.Generator`` only, no clock.

May import: engine, calibration.scripts.frames (the replay), calibration.synthetic,
calibration.board_files, calibration.session_script (its frame type and hands), numpy.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace

import numpy as np

from calibration.board_files import load_board, load_layout
from calibration.scripts.frames import final_line, replay
from calibration.session_script import ScriptFrame, hand_at
from calibration.synthetic import Die, Light, Pose, Scene
from engine.games.two_one_six import Place, State
from engine.session import Event, Session
from engine.table import Cell, Colour, Item, TableView, ViewStatus

GAME, SIDE = "two-one-six", "6x6"
LAYOUT = load_layout(GAME, SIDE)  # the printed board the game is played on
SEED = 216
SETTLE_FRAMES = 3          # the demo's settle detector (device.demo) needs 3 agreeing frames
N = 6
COLOURS = ("white", "red")  # A, B: the board file's colours
FINAL_OWNERS = ("AAAAAA", "BBBBBB", "ABBBAB", "BBABBB", "AAAAAB", "AABBAA")
FINAL_VALUES = ("654321", "123456", "232323", "441166", "515151", "363636")
"""The grid at the end: the rules' worked example (TS-X1..X4), A 120, B 109."""
LAST_CELL = 35             # r5c5, A's 6: the example's last placement
ROLLS_SEEN_EVERY = 5       # every fifth roll is seen in the tray (and the first, and the F2 one)
WRONG_FACE_AT = 9          # placement whose die is first put down showing another face (TS-F2)
PUSHED_AFTER = 21          # after this placement a placed die is pushed to a free cell (TS-F4)
POSE = Pose(pitch_deg=5.0, yaw_deg=-3.0, roll_deg=3.0, target_mm=(95.0, 95.0))
LIGHT = Light(brightness=0.97, gradient=0.2, gradient_angle=200.0, vignette=0.2)
ARM = ("S", "N")           # A sits south of the board, B north
SKIN = ((118, 148, 204), (96, 126, 178))


@dataclass(frozen=True)
class Placement:
    """One placement of the game: who, the value rolled and placed, the cell (row-major)."""

    player: int
    value: int
    cell: int
    roll_seen: bool  # the roll is seen in the tray before the die is placed

    @property
    def move(self) -> str:
        return str(Place(self.player, self.value, self.cell // N, self.cell % N))


@dataclass
class SessionScript:
    """The whole session: the game played, its mistakes and its frames."""

    start_position: str
    placements: list[dict[str, object]] = field(default_factory=list)
    illegal: list[dict[str, object]] = field(default_factory=list)
    frames: list[ScriptFrame] = field(default_factory=list)


# --------------------------------------------------------------------------- the game


def final_cells() -> list[tuple[int, int]]:
    """(player, value) of every cell at the end, row-major."""
    return [("AB".index(o), int(v)) for owners, values in zip(FINAL_OWNERS, FINAL_VALUES)
            for o, v in zip(owners, values)]


def placement_order(rng: np.random.Generator) -> list[Placement]:
    """B first, then A, B, ... in turn: each player's cells in a seeded random order, A's
    6 on r5c5 last (the example's last placement)."""
    cells = final_cells()
    own = {p: [i for i, (q, _) in enumerate(cells) if q == p and i != LAST_CELL] for p in (0, 1)}
    for p in (0, 1):
        rng.shuffle(own[p])
    own[0].append(LAST_CELL)
    order = [own[1 - k % 2][k // 2] for k in range(N * N)]
    return [Placement(cells[i][0], cells[i][1], i,
                      k == 0 or k % ROLLS_SEEN_EVERY == 0 or k == WRONG_FACE_AT)
            for k, i in enumerate(order)]


# --------------------------------------------------------------------------- the table


@dataclass(frozen=True)
class Table:
    """Where every die is: the grid cells (row-major index) and the die in the tray."""

    grid: dict[int, Die]
    tray: Die | None = None

    def view(self) -> TableView:
        """The settled view of this table, as a perfect reader reports it."""
        rows = tuple(tuple(_seen(self.grid.get(r * N + c)) for c in range(N)) for r in range(N))
        tray = tuple(d for d in (_seen(self.tray),) if d is not None)
        return TableView(grid=rows, zones=(("tray", tray),))

    def scene(self, hand: tuple[int, Cell] | None = None, moving: tuple[Die, ...] = (),
              skin: tuple[int, int, int] = SKIN[0]) -> Scene:
        """The scene to render; ``hand``: the player whose hand reaches over a cell;
        ``moving``: dice in motion (in the hand, rolling in the tray)."""
        faces = tuple(tuple(self.grid[r * N + c].face if r * N + c in self.grid else None
                            for c in range(N)) for r in range(N))
        loose = (() if self.tray is None else (self.tray,)) + moving
        reach = None
        if hand is not None:
            player, cell = hand
            reach = hand_at(ARM[player], LAYOUT.cell_centre_mm(cell), 55.0, 0.35, skin)
        return Scene(board=LAYOUT, grid=faces, loose=loose,
                     grid_overrides={divmod(i, N): d for i, d in self.grid.items()},
                     pose=POSE, light=LIGHT, hand=reach, table="cloth", table_seed=SEED,
                     noise=1.0, blur=0.7, jpeg_quality=0)


def _seen(die: Die | None) -> Item | None:
    if die is None:
        return None
    colour = Colour.RED if die.colour == "red" else Colour.WHITE
    return Item(face=die.face, colour=colour, confidence=1.0, x_mm=die.x_mm, y_mm=die.y_mm)


def cell_die(rng: np.random.Generator, index: int, face: int, player: int) -> Die:
    """A die put on a cell by hand: a little off-centre and turned."""
    cx, cy = LAYOUT.cell_centre_mm(Cell(index // N, index % N))
    dx, dy = rng.uniform(-1.6, 1.6, 2)
    return Die(face=face, colour=COLOURS[player], x_mm=cx + float(dx), y_mm=cy + float(dy),
               angle=float(rng.uniform(-30, 30)), style_seed=int(rng.integers(1000)))


def tray_die(rng: np.random.Generator, face: int, player: int) -> Die:
    """A die come to rest in the tray, east of the grid."""
    zone = LAYOUT.zones[0]
    x = zone.x_mm + zone.w_mm / 2 + float(rng.uniform(-2.0, 2.0))
    y = zone.y_mm + float(rng.uniform(30.0, zone.h_mm - 30.0))
    return Die(face=face, colour=COLOURS[player], x_mm=x, y_mm=y,
               angle=float(rng.uniform(-40, 40)), style_seed=int(rng.integers(1000)))


def rolling(die: Die, rng: np.random.Generator) -> Die:
    """``die`` still tumbling: blurred along its way."""
    return replace(die, y_mm=die.y_mm - 12.0, motion_mm=9.0,
                   motion_angle=float(rng.uniform(60, 120)), angle=die.angle + 30.0)


# --------------------------------------------------------------------------- the frames


class _Recorder:
    """Collects frames, advancing the clock."""

    def __init__(self, rng: np.random.Generator) -> None:
        self.rng = rng
        self.t = 0.0
        self.frames: list[ScriptFrame] = []

    def still(self, table: Table, n: int, kind: str = "still", gap: float = 0.6) -> None:
        view, scene = table.view(), table.scene()
        for _ in range(n):
            self.frames.append(ScriptFrame(round(self.t, 2), scene, view, kind))
            self.t += gap

    def hand(self, scene: Scene, gap: float = 1.2) -> None:
        view = TableView.unsettled(ViewStatus.HAND, "hand over board")
        self.frames.append(ScriptFrame(round(self.t, 2), scene, view, "hand"))
        self.t += gap

    def wait(self, seconds: float) -> None:
        self.t += seconds


def _place_frames(rec: _Recorder, table: Table, move: Placement, after_roll: Placement | None,
                  shown_face: int | None = None, kind: str = "still") -> Table:
    """A hand puts the die on its cell (the next player rolling in the tray at once when
    ``after_roll`` is given); then still frames: enough to settle, and one more for the next
    roll."""
    rng = rec.rng
    placed = cell_die(rng, move.cell, shown_face or move.value, move.player)
    grid = {**table.grid, move.cell: placed}
    next_die = None if after_roll is None else tray_die(rng, after_roll.value, after_roll.player)
    in_hand = replace(placed, x_mm=placed.x_mm + 6.0, motion_mm=5.0, motion_angle=20.0)
    moving = (in_hand,) + (() if next_die is None else (rolling(next_die, rng),))
    rec.hand(Table(table.grid).scene(hand=(move.player, Cell(move.cell // N, move.cell % N)),
                                     moving=moving, skin=SKIN[move.player]))
    after = Table(grid, next_die)
    rec.still(after, SETTLE_FRAMES + (1 if next_die is not None else 0), kind)
    return after


def _wrong_face(rec: _Recorder, script: SessionScript, table: Table, move: Placement,
                state: State) -> None:
    """TS-F2: the rolled die put down showing another face; then back in the tray as rolled."""
    wrong = move.value % 6 + 1
    before = Table(table.grid)
    _place_frames(rec, before, move, None, shown_face=wrong, kind="illegal")
    script.illegal.append({"move": str(Place(move.player, wrong, move.cell // N,
                                             move.cell % N)),
                           "code": "TS-F2", "position": state.position(),
                           "t_settled": rec.frames[-1].t})
    rec.hand(before.scene(hand=(move.player, Cell(move.cell // N, move.cell % N)),
                          skin=SKIN[move.player]))
    rec.still(table, SETTLE_FRAMES)


def _pushed_die(rec: _Recorder, script: SessionScript, table: Table, state: State) -> None:
    """TS-F4: a sleeve pushes a placed die onto a free cell beside it; it is put back."""
    cell, to = next((i, i + 1) for i in sorted(table.grid)
                    if i % N < N - 1 and i + 1 not in table.grid)
    die = table.grid[cell]
    cx, cy = LAYOUT.cell_centre_mm(Cell(to // N, to % N))
    moved = {k: v for k, v in table.grid.items() if k != cell}
    moved[to] = replace(die, x_mm=cx - 1.0, y_mm=cy + 0.5, angle=die.angle + 8.0)
    player = state.to
    rec.hand(Table(table.grid).scene(hand=(player, Cell(cell // N, cell % N)),
                                     skin=SKIN[player]))
    rec.still(Table(moved, table.tray), SETTLE_FRAMES, "illegal")
    script.illegal.append({"move": None, "code": "TS-F4", "position": state.position(),
                           "t_settled": rec.frames[-1].t})
    rec.hand(Table(moved, table.tray).scene(hand=(player, Cell(to // N, to % N)),
                                            skin=SKIN[player]))
    rec.still(table, SETTLE_FRAMES)


def build_script(seed: int = SEED) -> SessionScript:
    """The whole session, deterministic for a seed."""
    rng = np.random.default_rng([seed, 1])
    order = placement_order(np.random.default_rng([seed, 0]))
    board = load_board(GAME, SIDE)
    first = order[0]
    state = State(board, (None,) * (N * N), first.player, first.value)
    script = SessionScript(start_position=state.position())
    rec = _Recorder(rng)
    opening = tray_die(rng, first.value, first.player)
    rec.hand(Table({}).scene(hand=(first.player, Cell(1, N - 1)),
                             moving=(rolling(opening, rng),), skin=SKIN[first.player]))
    table = Table({}, opening)
    rec.still(table, SETTLE_FRAMES, "setup")
    for k, move in enumerate(order):
        rec.wait(float(rng.uniform(2.0, 5.0)))
        if k == WRONG_FACE_AT:
            _wrong_face(rec, script, table, move, state)
        nxt = order[k + 1] if k + 1 < len(order) else None
        table = _place_frames(rec, table, move, nxt if nxt and nxt.roll_seen else None)
        state = replace(state, roll=move.value).play(
            Place(move.player, move.value, move.cell // N, move.cell % N))
        script.placements.append({"move": move.move, "roll_seen": move.roll_seen,
                                  "position": state.position(),
                                  "t_settled": rec.frames[-1 - (table.tray is not None)].t})
        if table.tray is not None:
            state = replace(state, roll=table.tray.face)
        if k == PUSHED_AFTER:
            rec.wait(2.0)
            _pushed_die(rec, script, table, state)
    rec.still(table, 1)
    script.frames = rec.frames
    return script


# --------------------------------------------------------------------------- checking


def replay_views(frames: list[ScriptFrame], settle_frames: int = SETTLE_FRAMES
                 ) -> Iterator[tuple[ScriptFrame, Session, list[Event]]]:
    """Feed the frames' views through the settle detector and a session, like the app."""
    return replay(GAME, SIDE, frames, settle_frames)


def expected_final_line(frames: list[ScriptFrame]) -> str:
    """The summary line the device prints at the end, for a perfect reader."""
    return final_line(GAME, SIDE, frames)
