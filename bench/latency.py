"""Latency of the frame-to-TableView step on one core (``dicekeeper bench latency``).

Frames come from ``calibration.synthetic.render_scene``: the Unification board with nine grid
dice and one loose die (10 dice in view), at 640x480 and 1280x960. Each frame is read by
``vision.board.pipeline.BoardReader.read`` (markers, warp, hand check, light check against the
profile ``dicekeeper calibrate`` makes of the first frame, the board's die reader, placing) with
``cv2.setNumThreads(1)``; ``find_dice`` alone is also timed on the warped board. Median and p95
over ``--frames`` frames; the last line gives the 1280x960 figures. The timed frames cycle
through distinct scenes, so every die is read on every frame (the cost when dice change).
A still table (one scene, new sensor noise per frame: the dice keep their readings) is timed
apart, as the cost of watching between moves.

May import calibration, vision, OpenCV and numpy. Prints (command module).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

import cv2
import numpy as np

from calibration.board_files import load_layout
from calibration.calibrate import calibrate_frame
from calibration.synthetic import Die, Scene, expected_readings, render_scene
from vision.board.geometry import BoardGeometry
from vision.board.pipeline import BoardReader
from vision.board.profile import CalibrationProfile
from vision.photo.finder import find_dice

UNIFICATION_BOARD = BoardGeometry(load_layout("unification", "simple"))  # the board timed

SIZES = ((640, 480), (1280, 960))
DISTINCT_FRAMES = 6   # rendered scenes, cycled through for the timed frames


def scenes(size: tuple[int, int]) -> list[Scene]:
    """Distinct scenes of 10 dice (9 on the grid, one loose) at one frame size."""
    out = []
    for k in range(DISTINCT_FRAMES):
        rng = np.random.default_rng(k)
        grid = tuple(tuple(int(f) for f in rng.integers(1, 7, 3)) for _ in range(3))
        loose = (Die(face=int(rng.integers(1, 7)), x_mm=150.0, y_mm=85.0,
                     angle=float(rng.uniform(0, 90))),)
        out.append(Scene(board=UNIFICATION_BOARD.layout, grid=grid,
                         red_cell=(k % 3, (k + 1) % 3), loose=loose, layout_seed=k,
                         white="white" if k % 2 else "cream", size=size))
    return out


def timed(fn: Callable[[np.ndarray], object], frames: list[np.ndarray], n: int
          ) -> tuple[list[float], list[object]]:
    """Milliseconds per call of ``fn`` over ``n`` frames cycled from ``frames``."""
    times, results = [], []
    for i in range(n):
        frame = frames[i % len(frames)]
        t0 = time.perf_counter()
        results.append(fn(frame))
        times.append((time.perf_counter() - t0) * 1000.0)
    return times, results


def p95(values: list[float]) -> float:
    return float(np.percentile(values, 95))


def grid_correct(view, expected: dict) -> tuple[int, int]:
    """(cells read right, occupied cells) for one TableView against its scene's truth."""
    right = total = 0
    for r, row in enumerate(expected["grid"]):
        for c, face in enumerate(row):
            if face is None:
                continue
            total += 1
            seen = view.grid[r][c] if view.grid else None
            right += int(seen is not None and seen.face == face)
    return right, total


def warped_board(frame: np.ndarray) -> np.ndarray | None:
    """The canonical board view of a frame, as BoardReader warps it (None without markers)."""
    from vision.board.markers import locate_board, warp_board
    try:
        location = locate_board(frame, UNIFICATION_BOARD)
    except LookupError:
        return None
    return warp_board(frame, location, UNIFICATION_BOARD)


def bench_size(size: tuple[int, int], n: int) -> tuple[float, float, float, float, str]:
    """(read median, read p95, find_dice median, find_dice p95, accuracy note) at one size."""
    sc = scenes(size)
    frames = [render_scene(s, seed=i) for i, s in enumerate(sc)]
    # as on the device: a profile calibrated on the board (its white die turns the light
    # check on, its homography is the fallback when markers are hidden)
    calibrated = calibrate_frame(frames[0], UNIFICATION_BOARD, "simple")
    reader = BoardReader(UNIFICATION_BOARD, profile=calibrated.profile)
    reader.read(frames[0])  # first call builds OpenCV's tables; not timed
    times, views = timed(reader.read, frames, n)
    right = total = 0
    for i, view in enumerate(views[:len(frames)]):
        r, t = grid_correct(view, expected_readings(sc[i % len(sc)]))
        right, total = right + r, total + t
    boards = [b for b in (warped_board(f) for f in frames) if b is not None]
    ftimes = timed(lambda b: find_dice(b, expected_size=UNIFICATION_BOARD.die_px),
                   boards, n)[0] if boards else [float("nan")]
    note = f"grid cells read right {right}/{total} over {len(frames)} distinct frames"
    note += " | " + still_table(sc[0], calibrated.profile, n)
    return (statistics.median(times), p95(times), statistics.median(ftimes), p95(ftimes), note)


def still_table(scene: Scene, profile: CalibrationProfile | None, n: int) -> str:
    """The read time of a table that does not change (one scene, new sensor noise on every
    frame): the dice keep their readings, so this is the cost of watching between moves."""
    frames = [render_scene(scene, seed=100 + k) for k in range(DISTINCT_FRAMES)]
    reader = BoardReader(UNIFICATION_BOARD, profile=profile)
    reader.read(frames[0])  # the dice are read once
    times, views = timed(reader.read, frames, n)
    truth = expected_readings(scene)
    right = total = 0
    for view in views:
        r, t = grid_correct(view, truth)
        right, total = right + r, total + t
    return (f"still table median {statistics.median(times):.1f} ms, "
            f"cells right {right}/{total}")


def command(args) -> int:
    """``dicekeeper bench latency``: print median and p95 per frame size, 1280x960 last."""
    cv2.setNumThreads(1)
    n = max(1, int(args.frames))
    results = {}
    for size in SIZES:
        read_med, read_p95, fd_med, fd_p95, note = bench_size(size, n)
        results[size] = (read_med, read_p95)
        print(f"{size[0]}x{size[1]}: read median {read_med:.1f} ms, p95 {read_p95:.1f} ms | "
              f"find_dice on the board view median {fd_med:.1f} ms, p95 {fd_p95:.1f} ms | "
              f"{note}")
    med, high = results[SIZES[-1]]
    w, h = SIZES[-1]
    print(f"frames {n} | {w}x{h} frame-to-TableView median {med:.1f} ms | p95 {high:.1f} ms "
          f"| one core")
    return 0
