"""The script of the recorded CubeCourier session (standard side) shipped for the demo and tests.

``build_script()`` plays a whole game with the real engine and the cubes as physical objects:
CC-S1 (the eight cubes rolled beside the board: their tops are their assigned colours, their
sides whatever the roll left), then Places and Rolls chosen at random among the legal moves
(a roll's new top is the physical cube's, so the engine learns its sides from the first roll
and predicts the rest), never a win before ``MIN_MOVES`` moves, then a winning Stack (or, when
no attempt finds one, a winning Roll). After ``ILLEGAL_AFTER`` moves a player rolls the
ringed cube (CC-F1), leaves it a moment and puts it back. The ring goes on the cube moved last
after every move. Each step becomes frames: a hand over the board while a cube moves (carried
out of sight), then still frames of the settled table. Every frame is a ``synthetic.Scene``
plus the table view a perfect reader would report; ``expected_final_line`` replays those views
through the real settle detector and session, so the fixture's expected result is the engine's
own.

Deterministic: seeded ``numpy.random.Generator`` only, no clock.

May import: engine, calibration.scripts.frames (the replay), calibration.session_script (the
frame type), calibration.synthetic, calibration.cube_art, calibration.board_files, numpy.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field, replace

import numpy as np

from calibration.board_files import load_board, load_layout
from calibration.cube_art import TableCube
from calibration.scripts.frames import final_line, replay
from calibration.session_script import ScriptFrame
from calibration.synthetic import Hand, Light, Pose, Scene
from engine.games.cubecourier.connection import step as next_cell
from engine.games.cubecourier.moves import Move, Place, Roll, StackMove
from engine.games.cubecourier.notation import OFF_BOARD
from engine.games.cubecourier.setup import start
from engine.games.cubecourier.state import State
from engine.session import Event, Session
from engine.table import Cell, Colour, Item, ItemKind, TableView, ViewStatus

GAME, SIDE = "cubecourier", "standard"
BOARD = load_layout(GAME, SIDE)  # the printed board the recorded session is played on
SEED = 7                    # the first attempt of this seed gives a game of the wanted kind
SETTLE_FRAMES = 3           # the demo's settle detector (device.demo) needs 3 agreeing frames
STILL_FRAMES = 4            # still frames after each settled table (one more at the end)
MIN_MOVES, MAX_MOVES = 12, 20
STACK_ATTEMPTS = 40         # attempts at a game won by a stack before one won by a roll
ILLEGAL_AFTER = 5           # the CC-F1 mistake comes after this many good moves
LETTER = {"K": "black", "R": "red", "W": "white"}
CAMERA = {v: k for k, v in LETTER.items()}
ZONE_SPOTS = tuple((x, y) for y in (43.0, 73.0, 103.0, 133.0) for x in (155.5, 175.5))
POSE = Pose(fov_deg=45.0, pitch_deg=5.0, yaw_deg=-3.0, roll_deg=3.0, target_mm=(95.0, 95.0))
LIGHT = Light(brightness=0.85, gradient=0.2, gradient_angle=210.0, vignette=0.2, kelvin=3600.0)
ARM_FROM = {1: 90.0, 2: 270.0}  # player 1 sits south, player 2 north
SKIN = (118, 148, 204)


@dataclass
class SessionScript:
    """The whole session: the game played and its frames."""

    start_position: str
    moves: list[dict[str, object]] = field(default_factory=list)
    illegal: dict[str, object] = field(default_factory=dict)
    frames: list[ScriptFrame] = field(default_factory=list)


# --------------------------------------------------------------------------- the cubes


@dataclass(frozen=True)
class Body:
    """A physical cube: its colours (top, north-south, east-west faces, as letters), where it
    lies (a grid cell, or a spot of the off-board zone) and how it is drawn."""

    top: str
    ns: str
    ew: str
    x_mm: float
    y_mm: float
    angle: float
    seed: int
    cell: Cell | None = None

    def rolled(self, direction: str, to: Cell, rng: np.random.Generator) -> Body:
        """Tipped over one edge into ``to``: north or south swaps the top and the north-south
        faces, east or west the top and the east-west faces (rules section 2)."""
        top, ns, ew = ((self.ns, self.top, self.ew) if direction in ("N", "S")
                       else (self.ew, self.ns, self.top))
        return replace(self, top=top, ns=ns, ew=ew, cell=to, **_spot(rng, to))

    def drawn(self, z_mm: float = 0.0, ringed: bool = False) -> TableCube:
        return TableCube(LETTER[self.top], LETTER[self.ns], LETTER[self.ew], self.x_mm,
                         self.y_mm, z_mm, self.angle, ringed=ringed, seed=self.seed)


def _spot(rng: np.random.Generator, cell: Cell) -> dict[str, float]:
    """A cube set on a cell by hand: a little off its middle, barely turned."""
    x, y = BOARD.cell_centre_mm(cell)
    dx, dy = rng.uniform(-2.0, 2.0, 2)
    return {"x_mm": x + float(dx), "y_mm": y + float(dy),
            "angle": float(rng.uniform(-8.0, 8.0))}


@dataclass(frozen=True)
class Table:
    """Every physical cube: on the grid (cell -> its cube, or its stack bottom first), beside
    it (spot index -> cube), and the cube wearing the ring (a cell, or None)."""

    grid: dict[Cell, tuple[Body, ...]]
    beside: dict[int, Body]
    ring: Cell | None = None

    def scene(self, hand: Hand | None = None, lifted: Cell | None = None,
              taken: int | None = None) -> Scene:
        """The scene to render; ``lifted`` and ``taken`` leave out a cube in a hand."""
        cubes = []
        for cell, bodies in self.grid.items():
            if cell == lifted:
                bodies = bodies[:-1]
            for level, body in enumerate(bodies):
                top = level == len(bodies) - 1
                cubes.append(body.drawn(level * body_edge(), top and cell == self.ring))
        cubes += [b.drawn() for i, b in self.beside.items() if i != taken]
        return Scene(board=BOARD, cubes=tuple(cubes), pose=POSE, light=LIGHT, hand=hand,
                     table="wood", table_seed=SEED, noise=3.0, blur=0.6, jpeg_quality=0)

    def view(self) -> TableView:
        """The settled view of this table, as a perfect reader reports it."""
        rows = tuple(tuple(self._seen(Cell(r, c)) for c in range(3)) for r in range(3))
        off = tuple(_item(b.top, b.x_mm, b.y_mm) for _, b in sorted(
            self.beside.items(), key=lambda kv: (round(kv[1].y_mm / 15), kv[1].x_mm)))
        return TableView(grid=rows, zones=((OFF_BOARD, off),))

    def _seen(self, cell: Cell) -> Item | None:
        bodies = self.grid.get(cell)
        if not bodies:
            return None
        top = bodies[-1]
        return replace(_item(top.top, bodies[0].x_mm, bodies[0].y_mm),
                       stacked=len(bodies) > 1, ringed=cell == self.ring)


def body_edge() -> float:
    return BOARD.item_mm


def _item(letter: str, x_mm: float, y_mm: float) -> Item:
    return Item(face=None, colour=Colour(LETTER[letter]), confidence=1.0, x_mm=x_mm,
                y_mm=y_mm, kind=ItemKind.CUBE)


def rolled_beside(rng: np.random.Generator) -> dict[int, Body]:
    """CC-S1: eight cubes rolled and set beside the board, each with random faces."""
    beside = {}
    for i, (x, y) in enumerate(ZONE_SPOTS):
        top, ns, ew = (str(c) for c in rng.permutation(["K", "R", "W"]))
        beside[i] = Body(top, ns, ew, x + float(rng.uniform(-1, 1)),
                         y + float(rng.uniform(-1.5, 1.5)), float(rng.uniform(-5, 5)),
                         int(rng.integers(1000)))
    return beside


# --------------------------------------------------------------------------- the game


def apply(table: Table, move: Move, rng: np.random.Generator) -> tuple[Table, Move]:
    """The table after a physical move, and the move as the engine takes it (a roll with the
    top the camera sees)."""
    grid, beside = dict(table.grid), dict(table.beside)
    if isinstance(move, Place):
        spot = next(i for i, b in sorted(beside.items()) if b.top == move.colour)
        body = beside.pop(spot)
        grid[move.cell] = (replace(body, cell=move.cell, **_spot(rng, move.cell)),)
        return Table(grid, beside, move.cell), move
    if isinstance(move, Roll):
        (body,) = grid.pop(move.cell)
        to = next_cell(move.cell, move.direction)
        assert to is not None
        after = body.rolled(move.direction, to, rng)
        grid[to] = (after,)
        return Table(grid, beside, to), Roll(move.cell, move.direction, after.top)
    assert isinstance(move, StackMove)
    (body,) = grid.pop(move.cell)
    below = grid[move.onto]
    x, y = below[0].x_mm, below[0].y_mm
    upper = replace(body, cell=move.onto, x_mm=x + float(rng.uniform(-1, 1)),
                    y_mm=y + float(rng.uniform(-1, 1)), angle=below[0].angle
                    + float(rng.uniform(-5, 5)))
    grid[move.onto] = (*below, upper)
    return Table(grid, beside, move.onto), move


def physical_moves(state: State, table: Table) -> list[Move]:
    """The legal moves as the physical cubes make them: a roll only with the top its cube
    would show."""
    moves = []
    for move in state.legal_moves():
        if isinstance(move, Roll):
            (body,) = table.grid[move.cell]
            top = body.ns if move.direction in ("N", "S") else body.ew
            if move.seen is not None and move.seen != top:
                continue
        moves.append(move)
    return moves


def choose(state: State, table: Table, rng: np.random.Generator,
           finish: tuple[type, ...]) -> Move | None:
    """A random move that does not win before ``MIN_MOVES``; from then on a winning move of
    a kind in ``finish`` (the first kind that has one) as soon as there is one."""
    moves = physical_moves(state, table)
    wins = [m for m in moves if state.play(_seen(m, table)).outcome is not None]
    if state.turns + 1 >= MIN_MOVES:
        for kind in finish:
            chosen = [m for m in wins if isinstance(m, kind)]
            if chosen:
                return chosen[int(rng.integers(len(chosen)))]
    calm = [m for m in moves if m not in wins]
    return calm[int(rng.integers(len(calm)))] if calm else None


def _seen(move: Move, table: Table) -> Move:
    if isinstance(move, Roll) and move.seen is None:
        (body,) = table.grid[move.cell]
        return Roll(move.cell, move.direction, body.ns if move.direction in ("N", "S")
                    else body.ew)
    return move


def ringed_roll(state: State, table: Table) -> Roll | None:
    """A roll of the ringed cube into an empty neighbour (CC-F1), if there is one."""
    if state.ring is None:
        return None
    for direction in ("N", "E", "S", "W"):
        to = next_cell(state.ring, direction)
        if to is not None and state.at(to) is None and len(table.grid[state.ring]) == 1:
            return Roll(state.ring, direction)
    return None


# --------------------------------------------------------------------------- the frames


def hand_at(player: int, spot: tuple[float, float], height_mm: float, spread: float) -> Hand:
    """A hand whose fingertips reach ``spot``, the arm coming in from the player's side."""
    angle = ARM_FROM[player]
    bx, by = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    return Hand(x_mm=spot[0] + bx * 95.0, y_mm=spot[1] + by * 95.0, from_angle=angle,
                height_mm=height_mm, spread=spread, skin=SKIN)


class _Recorder:
    """Collects frames, advancing the clock."""

    def __init__(self) -> None:
        self.t = 0.0
        self.frames: list[ScriptFrame] = []

    def still(self, table: Table, n: int, kind: str = "still", gap: float = 0.5) -> None:
        view, scene = table.view(), table.scene()
        for _ in range(n):
            self.frames.append(ScriptFrame(round(self.t, 2), scene, view, kind))
            self.t += gap

    def hand(self, scene: Scene, gap: float = 1.0) -> None:
        view = TableView.unsettled(ViewStatus.HAND, "hand over board")
        self.frames.append(ScriptFrame(round(self.t, 2), scene, view, "hand"))
        self.t += gap


def _where(move: Move) -> Cell:
    """The cell a move starts from (a place: the cell it fills)."""
    cell = getattr(move, "cell", None)
    assert isinstance(cell, Cell)
    return cell


def move_frames(rec: _Recorder, table: Table, after: Table, move: Move, player: int) -> None:
    """A hand takes the cube (carried out of sight) and sets it down, then the table rests."""
    x, y = BOARD.cell_centre_mm(_where(move))
    taken = None
    if isinstance(move, Place):
        taken = next(i for i, b in sorted(table.beside.items()) if b.top == move.colour)
        spot = ZONE_SPOTS[taken]
        rec.hand(table.scene(hand=hand_at(player, spot, 60.0, 0.4), taken=taken))
    else:
        rec.hand(table.scene(hand=hand_at(player, (x, y), 55.0, 0.3), lifted=move.cell))
    target = after.ring or _where(move)
    rec.hand(after.scene(hand=hand_at(player, BOARD.cell_centre_mm(target), 70.0, 0.5)))


def build_script(seed: int = SEED) -> SessionScript:
    """The whole session, deterministic for a seed: the first attempt that plays a game of
    ``MIN_MOVES`` to ``MAX_MOVES`` moves with the CC-F1 episode and ends with a winning stack
    (else, after ``STACK_ATTEMPTS``, a winning roll)."""
    for attempt in range(4 * STACK_ATTEMPTS):
        finish = (StackMove,) if attempt < STACK_ATTEMPTS else (StackMove, Roll)
        script = _attempt(np.random.default_rng([seed, attempt]), finish)
        if script is not None:
            return script
    raise RuntimeError("no game of the wanted length was found")


def _attempt(rng: np.random.Generator, finish: tuple[type, ...]) -> SessionScript | None:
    board = load_board(GAME, SIDE)
    table = Table({}, rolled_beside(rng))
    state = start(board, tuple(b.top for b in table.beside.values()))
    script = SessionScript(start_position=state.position())
    rec = _Recorder()
    rec.still(Table({}, {}), 2, "setup", gap=0.8)
    rec.hand(Table({}, table.beside).scene(hand=hand_at(1, (166.0, 88.0), 60.0, 0.5)))
    rec.still(table, STILL_FRAMES + 1, "setup")
    while state.outcome is None:
        if state.turns >= MAX_MOVES:
            return None
        if (state.turns == ILLEGAL_AFTER and not script.illegal
                and not _illegal_episode(rec, script, state, table, rng)):
            return None
        move = choose(state, table, rng, finish)
        if move is None:
            return None
        rec.t += float(rng.uniform(4.0, 7.0))
        after, seen = apply(table, move, rng)
        move_frames(rec, table, after, seen, state.to)
        shown = _recorded(state, seen)
        state, table = state.play(seen), after
        rec.still(table, STILL_FRAMES + (1 if state.outcome is not None else 0))
        script.moves.append({"move": shown, "position": state.position(),
                             "t_settled": rec.frames[-STILL_FRAMES].t})
    if not MIN_MOVES <= state.turns <= MAX_MOVES or not script.illegal:
        return None
    rec.still(table, 1)
    script.frames = rec.frames
    return script


def _recorded(state: State, move: Move) -> str:
    """A move as the referee records it: a roll of a cube whose sides are known without the
    top it shows (the engine predicts it)."""
    cube = state.at(move.cell) if isinstance(move, Roll) else None
    if isinstance(move, Roll) and cube is not None and getattr(cube, "known", False):
        return str(Roll(move.cell, move.direction))
    return str(move)


def _illegal_episode(rec: _Recorder, script: SessionScript, state: State, table: Table,
                     rng: np.random.Generator) -> bool:
    """The player to move rolls the ringed cube (CC-F1), leaves it, and puts it back."""
    move = ringed_roll(state, table)
    if move is None:
        return False
    rec.t += 3.0
    wrong, seen = apply(table, move, rng)
    wrong = replace(wrong, ring=_to(move))  # the ring went along with its cube
    move_frames(rec, table, wrong, seen, state.to)
    rec.still(wrong, STILL_FRAMES, "illegal")
    script.illegal = {"move": str(seen), "code": "CC-F1", "position": state.position(),
                      "t_settled": rec.frames[-STILL_FRAMES].t}
    spot = BOARD.cell_centre_mm(_to(move))
    rec.hand(wrong.scene(hand=hand_at(state.to, spot, 60.0, 0.4), lifted=_to(move)))
    rec.hand(table.scene(hand=hand_at(state.to, spot, 70.0, 0.6)))
    rec.still(table, STILL_FRAMES)
    return True


def _to(move: Roll) -> Cell:
    to = next_cell(move.cell, move.direction)
    assert to is not None
    return to


# --------------------------------------------------------------------------- checking


def replay_views(frames: list[ScriptFrame], settle_frames: int = SETTLE_FRAMES
                 ) -> Iterator[tuple[ScriptFrame, Session, list[Event]]]:
    """Feed the frames' views through the settle detector and a session, like the app."""
    return replay(GAME, SIDE, frames, settle_frames)


def expected_final_line(frames: list[ScriptFrame]) -> str:
    """The summary line the device prints at the end, for a perfect reader."""
    return final_line(GAME, SIDE, frames)


__all__ = [
    "CAMERA",
    "GAME",
    "SIDE",
    "ScriptFrame",
    "SessionScript",
    "build_script",
    "expected_final_line",
    "replay_views",
]
