"""Write the synthetic test fixtures: ``python -m calibration.make_fixtures [--out DIR]``.

Deterministic (seeded): running it twice writes the same files. It writes, under
``tests/fixtures/`` of this checkout (or ``--out``):

- ``frames/<name>.jpg`` + ``frames/<name>.json``: single photos for the board and dice readers
  (clean simple and complex side, strong perspective, dim light, a hand, a hidden marker,
  motion blur, a cocked die, a cream/translucent dice set, a large 1280x960 frame); each
  sidecar holds the expected readings (``synthetic.expected_readings``) and the scene name.
- ``device/sessions/unification-simple/`` (package data, for ``dicekeeper demo``): the
  recorded session of ``calibration.session_script``:
  ``frames/000.jpg`` ... (640x480, JPEG quality 85), ``session.json`` (game, side, frames with
  their times, the expected final line) and ``expected.json`` (pushes, the illegal push, the
  final line, per-frame expected views).
- ``device/sessions/cubecourier-standard/``: the recorded CubeCourier game of
  ``calibration.cube_session`` in the same format (JPEG quality ``CUBE_JPEG_QUALITY``;
  ``expected.json`` lists ``moves`` where Unification's lists ``pushes``).
- ``device/sessions/two-one-six-6x6/``: the recorded 2 1 6 game of
  ``calibration.scripts.two_one_six`` in the same form (JPEG quality 70: 36 placements in the
  fewest frames, under 5 MB); ``expected.json`` lists the placements, the rolls seen and the
  mistakes (TS-F2, TS-F4).
- ``device/sessions/growing-nine-a/`` and ``device/sessions/pairing-five-basic/``: the
  sessions of ``calibration.scripts.growing_nine`` and ``.pairing_five`` (``GAME_SESSIONS``),
  and likewise ``horizontal-vertical-total/`` and ``no-gaps-a/`` (with marker ink, and the
  button presses that enter moves, ``session.json`` ``presses``) and ``playme-standard/``
  (the round tile, six die colours, "Play me!" pressed),
  in the same form; their ``expected.json`` lists the moves and the illegal actions as the
  session records them;
- ``device/sessions/bossa-regular/``: the recorded Bossa session of
  ``calibration.scripts.bossa`` in the same form, its ``session.json`` also holding the
  players' button presses and its ``expected.json`` the moves, the warning and the move
  entered with the buttons.

May import: calibration, engine, vision; prints only in ``main``.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np

from calibration import cube_session
from calibration.board_files import load_layout
from calibration.scripts import (
    bossa,
    growing_nine,
    horizontal_vertical,
    no_gaps,
    pairing_five,
    playme,
)
from calibration.scripts import two_one_six as ts_script
from calibration.scripts.frames import GameScript, check
from calibration.session_script import GAME, SIDE, SessionScript, build_script, expected_final_line
from calibration.synthetic import Die, Hand, Light, Pose, Scene, expected_readings, render_scene
from engine.games import find_game
from engine.games.cubecourier import view_to_text as cube_view_text
from engine.games.unification import view_to_text

log = logging.getLogger(__name__)

JPEG_QUALITY = 85
CUBE_JPEG_QUALITY = 80  # the cube session's 640x480 frames, well under 5 MB together
TS_JPEG_QUALITY = 70  # the 2 1 6 game has 36 placements: smaller frames keep it under 5 MB
SESSION_NAME = f"{GAME}-{SIDE}"
CUBE_SESSION_NAME = f"{cube_session.GAME}-{cube_session.SIDE}"
BOARDS = {side: load_layout(GAME, side) for side in ("simple", "complex")}
GAME_SESSIONS = {"growing-nine-a": growing_nine.build_script,
                 "pairing-five-basic": pairing_five.build_script,
                 "horizontal-vertical-total": horizontal_vertical.build_script,
                 "no-gaps-a": no_gaps.build_script,
                 "playme-standard": playme.build_script}
"""The recorded sessions of ``calibration.scripts``: folder name -> the script building it."""
SESSION_QUALITY = {"horizontal-vertical-total": 70}
"""JPEG quality of a session's frames where not ``JPEG_QUALITY`` (the A3 board of Horizontal
& Vertical: its 100-odd frames stay under 4 MB)."""
BOSSA_SESSION = bossa.SESSION_NAME
"""The recorded Bossa session's folder (``calibration.scripts.bossa``, ``write_bossa_session``)."""
BASE = Scene(board=BOARDS["simple"], grid=((2, 5, 1), (4, 6, 3), (6, 2, 3)), red_cell=(1, 2),
             loose=(Die(4, x_mm=152.0, y_mm=64.0, angle=17.0, style_seed=5),),
             pose=Pose(pitch_deg=4.0, roll_deg=3.0), layout_seed=11, table_seed=3)


def default_fixtures_dir() -> Path:
    """``tests/fixtures`` of this checkout."""
    return Path(__file__).resolve().parents[1] / "tests" / "fixtures"


def default_sessions_dir() -> Path:
    """``device/sessions`` of this checkout: the recorded sessions ship with the package."""
    return Path(__file__).resolve().parents[1] / "device" / "sessions"


def frame_scenes() -> dict[str, Scene]:
    """The single-frame fixtures by name."""
    moving = Die(5, x_mm=112.0, y_mm=113.0, angle=20.0, motion_mm=10.0, motion_angle=35.0)
    cocked = Die(3, x_mm=59.0, y_mm=58.0, angle=12.0, tilt=32.0, style_seed=2)
    return {
        "clean-simple": BASE,
        "clean-complex": replace(BASE, board=BOARDS["complex"],
                                 grid=((1, 3, 6), (2, 4, 4), (5, 5, 1)),
                                 red_cell=(0, 1), layout_seed=12,
                                 loose=(Die(2, x_mm=18.0, y_mm=85.0, angle=-8.0),)),
        "strong-perspective": replace(BASE, pose=Pose(pitch_deg=22.0, yaw_deg=-12.0,
                                                      roll_deg=-25.0), layout_seed=13),
        "dim-light": replace(BASE, light=Light(brightness=0.42, gradient=0.45, vignette=0.45,
                                               tint=(0.85, 1.0, 1.15)), noise=4.0,
                             layout_seed=14, table="cloth"),
        "hand": replace(BASE, hand=Hand(x_mm=120.0, y_mm=190.0, from_angle=80.0,
                                        height_mm=60.0, spread=0.5), layout_seed=15),
        "hidden-marker": replace(BASE, covered_markers=(2,), layout_seed=16),
        "motion-blur": replace(BASE, grid_overrides={(2, 2): moving}, layout_seed=17),
        "cocked-die": replace(BASE, grid_overrides={(0, 0): cocked}, layout_seed=18),
        "cream-translucent": replace(BASE, white="cream", red="translucent-red",
                                     layout_seed=19, table="cloth", table_seed=4),
        "large-1280": replace(BASE, size=(1280, 960), layout_seed=20,
                              pose=Pose(pitch_deg=-5.0, yaw_deg=6.0, roll_deg=-8.0)),
    }


def frame_sidecar(name: str, scene: Scene) -> dict[str, object]:
    """The JSON sidecar of a single-frame fixture."""
    side = next(side for side, board in BOARDS.items() if board == scene.board)
    return {"name": name, "game": GAME, "side": side, "seed": _seed(name),
            "expected": expected_readings(scene)}


def _seed(name: str) -> int:
    return sum(ord(ch) * (i + 1) for i, ch in enumerate(name)) % 10007


def write_frames(out: Path) -> list[Path]:
    """Render and write the single-frame fixtures; returns the image paths."""
    folder = out / "frames"
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, scene in frame_scenes().items():
        image = render_scene(replace(scene, jpeg_quality=0), seed=_seed(name))
        path = folder / f"{name}.jpg"
        _write_jpeg(path, image)
        _write_json(folder / f"{name}.json", frame_sidecar(name, scene))
        written.append(path)
    return written


def session_documents(script: SessionScript) -> tuple[dict[str, object], dict[str, object]]:
    """``session.json`` and ``expected.json`` of the recorded session."""
    final = expected_final_line(script.frames)
    frames = [{"file": f"frames/{i:03d}.jpg", "t": f.t} for i, f in enumerate(script.frames)]
    session = {"game": GAME, "side": SIDE, "format": 1, "size": [640, 480],
               "expected_final_line": final, "frames": frames}
    expected = {"game": GAME, "side": SIDE, "start_position": script.start_position,
                "pushes": script.pushes, "illegal": script.illegal, "final_line": final,
                "views": [{"file": fr["file"], "t": f.t, "kind": f.kind,
                           "view": view_to_text(f.view)}
                          for fr, f in zip(frames, script.frames)]}
    return session, expected


def write_session(out: Path, script: SessionScript | None = None) -> Path:
    """Render and write the recorded session; returns its folder."""
    script = script or build_script()
    session, expected = session_documents(script)
    return write_recorded(out, SESSION_NAME, [f.scene for f in script.frames], session,
                          expected)


def cube_session_documents(script: cube_session.SessionScript
                           ) -> tuple[dict[str, object], dict[str, object]]:
    """``session.json`` and ``expected.json`` of the recorded CubeCourier session."""
    final = cube_session.expected_final_line(script.frames)
    frames = [{"file": f"frames/{i:03d}.jpg", "t": f.t} for i, f in enumerate(script.frames)]
    game, side = cube_session.GAME, cube_session.SIDE
    session = {"game": game, "side": side, "format": 1, "size": [640, 480],
               "expected_final_line": final, "frames": frames}
    expected = {"game": game, "side": side, "start_position": script.start_position,
                "moves": script.moves, "illegal": script.illegal, "final_line": final,
                "views": [{"file": fr["file"], "t": f.t, "kind": f.kind,
                           "view": cube_view_text(f.view)}
                          for fr, f in zip(frames, script.frames)]}
    return session, expected


def write_cube_session(out: Path, script: cube_session.SessionScript | None = None) -> Path:
    """Render and write the recorded CubeCourier session; returns its folder."""
    script = script or cube_session.build_script()
    session, expected = cube_session_documents(script)
    return write_recorded(out, CUBE_SESSION_NAME, [f.scene for f in script.frames], session,
                          expected, seed=3000, quality=CUBE_JPEG_QUALITY)


def two_one_six_documents(script: ts_script.SessionScript
                          ) -> tuple[dict[str, object], dict[str, object]]:
    """``session.json`` and ``expected.json`` of the recorded 2 1 6 game."""
    from engine.games.two_one_six import GAME as RULES

    game, side = ts_script.GAME, ts_script.SIDE
    final = ts_script.expected_final_line(script.frames)
    frames = [{"file": f"frames/{i:03d}.jpg", "t": f.t} for i, f in enumerate(script.frames)]
    session = {"game": game, "side": side, "format": 1, "size": [640, 480],
               "expected_final_line": final, "frames": frames}
    expected = {"game": game, "side": side, "start_position": script.start_position,
                "placements": script.placements, "illegal": script.illegal,
                "final_line": final,
                "views": [{"file": fr["file"], "t": f.t, "kind": f.kind,
                           "view": RULES.view_to_text(f.view)}
                          for fr, f in zip(frames, script.frames)]}
    return session, expected


def write_two_one_six_session(out: Path, script: ts_script.SessionScript | None = None
                              ) -> Path:
    """Render and write the recorded 2 1 6 game; returns its folder."""
    script = script or ts_script.build_script()
    session, expected = two_one_six_documents(script)
    return write_recorded(out, f"{ts_script.GAME}-{ts_script.SIDE}",
                          [f.scene for f in script.frames], session, expected, seed=2000,
                          quality=TS_JPEG_QUALITY)


def game_session_documents(script: GameScript) -> tuple[dict[str, object], dict[str, object]]:
    """``session.json`` and ``expected.json`` of a session of ``GAME_SESSIONS``."""
    final = check(script)
    frames = [{"file": f"frames/{i:03d}.jpg", "t": f.t} for i, f in enumerate(script.frames)]
    session = {"game": script.game, "side": script.side, "format": 1, "size": [640, 480],
               "expected_final_line": final, "frames": frames}
    if script.presses:
        session["presses"] = script.presses
    to_text = find_game(script.game).view_to_text
    expected = {"game": script.game, "side": script.side,
                "start_position": script.start_position, "moves": script.moves,
                "illegal": script.illegal, "final_line": final,
                "views": [{"file": fr["file"], "t": f.t, "kind": f.kind,
                           "view": to_text(f.view)}
                          for fr, f in zip(frames, script.frames)]}
    if script.entered:
        expected["entered"] = script.entered
    return session, expected


def write_game_session(out: Path, name: str, script: GameScript | None = None) -> Path:
    """Render and write one of ``GAME_SESSIONS``; returns its folder."""
    script = script or GAME_SESSIONS[name]()
    session, expected = game_session_documents(script)
    return write_recorded(out, name, [f.scene for f in script.frames], session, expected,
                          quality=SESSION_QUALITY.get(name, JPEG_QUALITY))


def write_recorded(out: Path, name: str, scenes: list[Scene], session: dict[str, object],
                   expected: dict[str, object], *, seed: int = 1000,
                   quality: int = JPEG_QUALITY) -> Path:
    """Render and write a recorded session's folder ``out/name``: ``frames/000.jpg`` ...
    (each scene with sensor-noise seed ``seed`` + its number, at JPEG ``quality``; the frames
    of an earlier writing removed first), ``session.json`` and ``expected.json``; returns the
    folder."""
    folder = out / name
    frames_dir = folder / "frames"
    frames_dir.mkdir(parents=True, exist_ok=True)
    for old in frames_dir.glob("*.jpg"):
        old.unlink()
    for i, scene in enumerate(scenes):
        _write_jpeg(frames_dir / f"{i:03d}.jpg", render_scene(scene, seed=seed + i), quality)
    _write_json(folder / "session.json", session)
    _write_json(folder / "expected.json", expected)
    return folder


def write_bossa_session(out: Path) -> Path:
    """The recorded Bossa session (``calibration.scripts.bossa``): its folder under ``out``."""
    script = bossa.build_script()
    session, expected = bossa.documents(script)
    return write_recorded(out, bossa.SESSION_NAME, [f.scene for f in script.frames], session,
                          expected)


def _write_jpeg(path: Path, image: np.ndarray, quality: int = JPEG_QUALITY) -> None:
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
    if not ok:
        raise OSError(f"could not encode {path.name} as JPEG")
    path.write_bytes(data.tobytes())


def _write_json(path: Path, data: object) -> None:
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    """``python -m calibration.make_fixtures [--out DIR] [--sessions DIR] [--only ...]``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=default_fixtures_dir())
    parser.add_argument("--sessions", type=Path, default=default_sessions_dir())
    parser.add_argument("--only", choices=("frames", "session", "cubes", "two-one-six",
                                           *GAME_SESSIONS, BOSSA_SESSION), default=None)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    try:
        if args.only in (None, "frames"):
            print(f"{len(write_frames(args.out))} frames in {args.out / 'frames'}")
        if args.only in (None, "session"):
            print(f"session in {write_session(args.sessions)}")
        if args.only in (None, "cubes"):
            print(f"session in {write_cube_session(args.sessions)}")
        if args.only in (None, "two-one-six"):
            print(f"session in {write_two_one_six_session(args.sessions)}")
        for name in GAME_SESSIONS:
            if args.only in (None, name):
                print(f"session in {write_game_session(args.sessions, name)}")
        if args.only in (None, BOSSA_SESSION):
            print(f"session in {write_bossa_session(args.sessions)}")
    except OSError as exc:
        print(f"make_fixtures: cannot write to {args.out}: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
