"""What every game's session script shares: the table of physical dice, the frames recorded
of it, and the replay of their views through the settle detector and a session.

A ``Table`` holds where each physical die lies (grid cells, the layout's named zones, elsewhere
on the board) and gives both the scene to render and the view a perfect reader reports (zone
items in the board reader's reading order). A ``Recorder`` collects frames as a session goes:
still frames of a settled table and hand frames between them, advancing the clock. ``replay``
feeds the frames' views through ``SettleDetector`` and a session as the device does, so a
script's expected moves, warnings and final line are the engine's own.

May import: calibration.synthetic, calibration.session_script (its frame type, the hand),
calibration.board_files, engine, vision.board (settle, reading order).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from calibration.board_files import load_board
from calibration.session_script import ScriptFrame
from calibration.synthetic import Die, FlatTile, Hand, Light, Pose, Scene
from engine.layout import Layout
from engine.session import Event, Session, new_session
from engine.table import Colour, Item, ItemKind, TableView, ViewStatus
from vision.board.pipeline import reading_order
from vision.board.settle import SettleDetector

SETTLE_FRAMES = 3   # the demo's settle detector (device.demo) needs 3 agreeing frames
STILL_FRAMES = 3    # still frames of each settled table: the third one settles
POSE = Pose(height_mm=430.0, pitch_deg=4.0, yaw_deg=-2.0, roll_deg=3.0, target_mm=(95.0, 95.0))
LIGHT = Light(brightness=0.95, gradient=0.2, gradient_angle=210.0, vignette=0.2)


@dataclass(frozen=True)
class Table:
    """Where every physical die lies.

    Attributes:
        layout: the printed board.
        grid: (row, col) -> the die standing in that cell.
        zones: zone name -> its dice (any order: views list them in reading order).
        outside: dice elsewhere on the board.
        flat_tiles: flat tiles lying in zones (PlayMe's round tile): seen first in their zone.
        pose: the camera's pose (None: ``POSE``; an A3 board needs the camera higher).
    """

    layout: Layout
    grid: dict[tuple[int, int], Die] = field(default_factory=dict)
    zones: dict[str, tuple[Die, ...]] = field(default_factory=dict)
    outside: tuple[Die, ...] = ()
    flat_tiles: tuple[FlatTile, ...] = ()
    pose: Pose | None = None

    def view(self) -> TableView:
        """The settled view a perfect reader reports of this table."""
        grid = tuple(tuple(_item(self.grid.get((r, c))) for c in range(self.layout.cols))
                     for r in range(self.layout.rows))
        zones = tuple((z.name, self._tiles_in(z.name) + reading_order(
            [_seen(d) for d in self.zones.get(z.name, ())], self.layout.item_mm / 2))
                      for z in self.layout.zones)
        return TableView(grid=grid, outside=tuple(_seen(d) for d in self.outside), zones=zones)

    def _tiles_in(self, name: str) -> tuple[Item, ...]:
        """The tiles lying in zone ``name`` as the tile reader reports them (at its centre)."""
        zone = next(z for z in self.layout.zones if z.name == name)
        return tuple(Item(None, Colour(t.colour), confidence=1.0, kind=ItemKind.TILE,
                          x_mm=zone.x_mm + zone.w_mm / 2, y_mm=zone.y_mm + zone.h_mm / 2)
                     for t in self.flat_tiles if zone.contains(t.x_mm, t.y_mm))

    def scene(self, hand: Hand | None = None, extra: tuple[Die, ...] = (),
              without: tuple[Die, ...] = ()) -> Scene:
        """The scene to render: this table, ``extra`` dice added (a die in a hand, rolling),
        the dice ``without`` left out (lifted), a hand above it."""
        grid = {cell: d for cell, d in self.grid.items() if d not in without}
        loose = [d for dice in self.zones.values() for d in dice] + list(self.outside)
        faces = tuple(tuple(grid[(r, c)].face if (r, c) in grid else None
                            for c in range(self.layout.cols)) for r in range(self.layout.rows))
        return Scene(board=self.layout, grid=faces, grid_overrides=grid,
                     loose=tuple(d for d in loose if d not in without) + extra,
                     pose=self.pose or POSE, light=LIGHT, hand=hand, table="wood", table_seed=7,
                     noise=3.0, blur=0.6, jpeg_quality=0, flat_tiles=self.flat_tiles)

    def with_cell(self, cell: tuple[int, int], die: Die | None) -> Table:
        """This table with ``cell`` holding ``die`` (None: emptied)."""
        grid = {k: d for k, d in self.grid.items() if k != cell}
        if die is not None:
            grid[cell] = die
        return replace(self, grid=grid)

    def with_zone(self, name: str, dice: tuple[Die, ...]) -> Table:
        return replace(self, zones={**self.zones, name: dice})


NAMED = ("black", "blue", "green", "yellow")
"""Body colours the board reader names as they are (on boards whose palette holds them)."""


def _seen(die: Die) -> Item:
    colour = (Colour(die.colour) if die.colour in NAMED
              else Colour.RED if die.colour == "red" else Colour.WHITE)
    return Item(face=die.face, colour=colour, confidence=1.0, x_mm=die.x_mm, y_mm=die.y_mm)


def _item(die: Die | None) -> Item | None:
    return None if die is None else _seen(die)


class Recorder:
    """Collects the frames of a session, advancing the clock."""

    def __init__(self) -> None:
        self.t = 0.0
        self.frames: list[ScriptFrame] = []

    def still(self, table: Table, n: int = STILL_FRAMES, kind: str = "still",
              gap: float = 0.5) -> float:
        """``n`` frames of the settled ``table``; returns the time of the frame that settles
        it (the ``SETTLE_FRAMES``-th)."""
        view, scene = table.view(), table.scene()
        first = len(self.frames)
        for _ in range(n):
            self.frames.append(ScriptFrame(round(self.t, 2), scene, view, kind))
            self.t += gap
        return self.frames[first + min(n, SETTLE_FRAMES) - 1].t

    def hand(self, scene: Scene, gap: float = 1.0) -> None:
        """One frame of a hand over the board."""
        view = TableView.unsettled(ViewStatus.HAND, "hand over board")
        self.frames.append(ScriptFrame(round(self.t, 2), scene, view, "hand"))
        self.t += gap

    def wait(self, seconds: float) -> None:
        self.t += seconds


@dataclass
class GameScript:
    """A whole recorded session: the game, what happened, and its frames.

    Attributes:
        game, side: the registry name and board side.
        start_position: the position the set-up view gives.
        moves: ``{"move", "position", "t"}`` of each move, as the session records it.
        illegal: ``{"code", "move", "t"}`` of each broken rule shown, then put back.
        frames: the frames, in order.
        entered: ``{"t", "move"}`` of each move entered with the buttons, right after the
            frame of that time (empty: the camera alone).
        presses: ``{"t", "button"}`` of the button presses entering them (``session.json``).
    """

    game: str
    side: str
    start_position: str = ""
    moves: list[dict[str, object]] = field(default_factory=list)
    illegal: list[dict[str, object]] = field(default_factory=list)
    frames: list[ScriptFrame] = field(default_factory=list)
    entered: list[dict[str, object]] = field(default_factory=list)
    presses: list[dict[str, object]] = field(default_factory=list)


def replay(game: str, side: str, frames: list[ScriptFrame],
           settle_frames: int = SETTLE_FRAMES, entered: list[dict[str, object]] | None = None
           ) -> Iterator[tuple[ScriptFrame, Session, list[Event]]]:
    """Feed the frames' views through the settle detector and a session, like the app; the
    moves ``entered`` with the buttons go in right after the frame of their time (the app
    handles a press before the next frame)."""
    session = new_session(game, side, load_board(game, side))
    settle = SettleDetector(settle_frames)
    queue = list(entered or ())
    for frame in frames:
        session, events = session.observe(settle.update(frame.view), frame.t)
        session, more = session.tick(frame.t)
        events = events + more
        while queue and float(str(queue[0]["t"])) <= frame.t:
            session, typed = session.enter(str(queue.pop(0)["move"]), frame.t)
            events = events + typed
        yield frame, session, events


def final_line(game: str, side: str, frames: list[ScriptFrame]) -> str:
    """The summary line the device prints at the end of ``frames``, for a perfect reader."""
    session, t = None, 0.0
    for frame, session, _ in replay(game, side, frames):
        t = frame.t
    if session is None:
        raise ValueError("a session without frames has no final line")
    return session.summary(t)


def check(script: GameScript) -> str:
    """The final line of ``script`` replayed with a perfect reader, once its moves and
    warnings are what the script says.

    Raises:
        ValueError: the replay's moves or warnings differ from the script's (a script bug).
    """
    moves: list[str] = []
    warnings: list[str] = []
    session, t = None, 0.0
    for frame, session, events in replay(script.game, script.side, script.frames,
                                         entered=script.entered):
        t = frame.t
        moves += [e.data["move"] for e in events if e.kind == "move"]
        warnings += [e.data["code"] for e in events if e.kind == "warning"]
    want_moves = [str(m["move"]) for m in script.moves]
    want_warnings = [str(w["code"]) for w in script.illegal]
    if moves != want_moves or warnings != want_warnings:
        raise ValueError(f"the {script.game} script's views give moves {moves} and warnings "
                         f"{warnings}, not {want_moves} and {want_warnings}")
    if session is None or session.outcome is None:
        raise ValueError(f"the {script.game} script's views do not end the game")
    return session.summary(t)
