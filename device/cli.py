"""The ``dicekeeper`` command: argument parsing only; each subcommand lives in its own module.

Every subcommand module exposes ``command(args) -> int`` and is imported only when chosen, so
``dicekeeper --help`` and the engine commands start fast and need no camera or OpenCV.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import logging
import os
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from bench.cli import add_cube_benches
from device import __version__
from device.errors import one_line

# subcommand -> module holding ``command(args)``
COMMANDS = {
    "demo": "device.demo",
    "run": "device.app",
    "moves": "device.judge_cli",
    "judge": "device.judge_cli",
    "replay": "device.replay",
    "print-board": "calibration.printable",
    "calibrate": "device.calibrate_cli",
    "bench": "bench.cli",
    "config": "device.settings_cli",
    "doctor": "device.doctor",
    "snapshot": "device.snapshot",
}


class OneLineErrorParser(argparse.ArgumentParser):
    """A parser whose every error is one line on stderr and exit status 2 (no usage block),
    unrecognised arguments included; ``add_subparsers`` makes its subcommands of this class."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {one_line(message)} (see {self.prog} --help)\n")

    def parse_known_args(  # type: ignore[override]  # one signature for the overloads
            self, args: Any = None, namespace: Any = None,
    ) -> tuple[argparse.Namespace, list[str]]:
        parsed, extras = super().parse_known_args(args, namespace)
        if extras:
            self.error(f"unrecognized arguments: {' '.join(extras)}")
        return parsed, extras


def _add_side(p: argparse.ArgumentParser, help_text: str) -> None:
    """``--side`` (the one name of a board side; ``--board`` is its old spelling)."""
    p.add_argument("--side", default=None, help=help_text)
    p.add_argument("--board", dest="side", help=argparse.SUPPRESS)


def _add_game_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", help="game name, e.g. unification")
    _add_side(p, "board side, e.g. simple or complex (default: the game's first side)")
    p.add_argument("--position", required=True, help="position in the game's notation")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a game option, e.g. push_back_scope=side (repeatable)")


def _add_source_arguments(p: argparse.ArgumentParser, default: str | None = "auto") -> None:
    p.add_argument("--source", default=default,
                   help="camera source: auto, picamera, webcam[:N], a video file, a folder of "
                        "frames or a recorded session folder (default: "
                        f"{default or 'the configuration file, else auto'})")


def _add_config_argument(p: argparse.ArgumentParser) -> None:
    p.add_argument("--config", default=None, metavar="FILE",
                   help="the configuration file (default: $DICEKEEPER_CONFIG, else "
                        "/etc/dicekeeper/dicekeeper.toml on a Pi, else "
                        "~/.config/dicekeeper/dicekeeper.toml)")


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineErrorParser(
        prog="dicekeeper",
        description="Table-side referee for physical dice games.")
    parser.add_argument("--version", action="version", version=f"dicekeeper {__version__}")
    parser.add_argument("-v", "--verbose", action="store_true", help="log debug messages")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("demo", help="replay a built-in recorded session through the real "
                                     "pipeline to the emulated OLED")
    p.add_argument("game", nargs="?", default=None,
                   help="the game whose shipped session to play (default: the first one)")
    p.add_argument("--session", default=None,
                   help="a recorded session folder instead of the shipped one")
    p.add_argument("--out", default="out/demo", help="folder for the OLED GIF, PNGs and record")
    p.add_argument("--text", action="store_true", help="also draw each OLED frame in the terminal")

    p = sub.add_parser("run", help="run the device: camera, buttons, OLED")
    _add_source_arguments(p, default=None)
    p.add_argument("--display", default=None,
                   help="ssd1306, sh1106, emulator (GIF+PNG), text, or auto (default: the "
                        "configuration file, else auto)")
    p.add_argument("--buttons", default=None,
                   help="gpio, keyboard, none, or auto (default: the configuration file, else "
                        "auto)")
    _add_config_argument(p)
    p.add_argument("--game", default=None, help="skip the menu: game name")
    _add_side(p, "skip the menu: board side (with --game)")
    p.add_argument("--records", default=None, help="folder for game records")
    p.add_argument("--profile", default=None, help="calibration profile file")
    p.add_argument("--out", default="out/run", help="folder for emulated display output")
    p.add_argument("--resume", choices=("ask", "yes", "no"), default="ask",
                   help="a game a power cut interrupted: ask on the OLED (default; resumed at "
                        "once without buttons), yes, or no")

    p = sub.add_parser("moves", help="list the legal moves of a position")
    _add_game_arguments(p)

    p = sub.add_parser("judge", help="judge one move; prints one JSON object")
    _add_game_arguments(p)
    p.add_argument("--move", required=True, help="the move in the game's notation")
    p.add_argument("--remaining", type=float, default=None,
                   help="seconds left on the 5-minute timer, to compute a score on success")

    p = sub.add_parser("replay", help="re-judge a game record and print its result (exit 0: "
                       "it agrees, 1: it disagrees, 2: the record cannot be read)")
    p.add_argument("record", help="a .jsonl game record")

    p = sub.add_parser("print-board", help="write a printable board (PNG and PDF, true scale)")
    p.add_argument("game", help="game name, e.g. unification")
    _add_side(p, "board side, e.g. simple or complex (default: the game's first side)")
    p.add_argument("--out", default=".", help="output folder")

    p = sub.add_parser("calibrate", help="find the board markers and save a calibration profile")
    _add_source_arguments(p)
    p.add_argument("--frame", default=None, help="use this image file instead of a camera")
    p.add_argument("--profile", default=None, help="where to save the profile")
    p.add_argument("--game", required=True, help="the game whose board lies under the camera")
    _add_side(p, "board side under the camera (default: the game's first side)")
    p.add_argument("--characters", action="store_true",
                   help="also set each character's dice colour from one die of each in slot 1 "
                        "of the rows P1, P2, ... in the board file's order (PlayMe), written "
                        "into your copy of the board file")

    p = sub.add_parser(
        "config", help="check or show the configuration file")
    csub = p.add_subparsers(dest="action", required=True, metavar="ACTION")
    c = csub.add_parser("check", help="check the file: one line per fault, naming the key and "
                                      "the fix (exit 1 when there is one)")
    _add_config_argument(c)
    c = csub.add_parser("show", help="print the configuration in effect as TOML, with where "
                                     "each value comes from")
    _add_config_argument(c)

    p = sub.add_parser(
        "doctor", help="check camera, OLED, buttons, board markers, profile, disk, "
                       "configuration and service; one line each with the fix")
    _add_config_argument(p)
    _add_source_arguments(p, default=None)
    p.add_argument("--game", default=None,
                   help="the game whose board markers and profile to check (default: the "
                        "configuration file's game, else the first game)")
    _add_side(p, "its board side (default: the game's first side)")

    p = sub.add_parser(
        "snapshot", help="what the camera sees: the view as text, and an image with the board "
                         "outline, cells and readings drawn on it")
    _add_config_argument(p)
    _add_source_arguments(p, default=None)
    p.add_argument("--frame", default=None, metavar="IMG",
                   help="read this image instead of the camera")
    p.add_argument("--game", required=True, help="the game whose board lies under the camera")
    _add_side(p, "its board side (default: the game's first side)")
    p.add_argument("--profile", default=None,
                   help="calibration profile (default: the saved one, when it fits the board)")
    p.add_argument("--out", default="snapshot.png", metavar="PNG",
                   help="where to save the annotated image (default: snapshot.png)")

    p = sub.add_parser("bench", help="accuracy, latency, hard-dice, board, tiles, ink, "
                                      "cube-colour and rendered-cube benchmarks")
    bsub = p.add_subparsers(dest="bench", required=True, metavar="BENCH")
    b = bsub.add_parser("accuracy", help="die finder and reader on labelled photos")
    b.add_argument("--dataset", required=True, help="a folder in the realdata manifest format")
    b.add_argument("--colours", default=None, help="count only dice of these colours: white,red")
    b.add_argument("--json", action="store_true", help="print the figures as JSON too")
    b.add_argument("--limit", type=int, default=None, help="only the first N images")
    b.add_argument("--outcomes", default=None, metavar="FILE",
                   help="write each die's outcome as CSV (it holds the labels: do not commit it)")
    b.add_argument("--scale", type=float, default=1.0,
                   help="read every photo enlarged or shrunk this many times (default 1)")
    b.add_argument("--turn", type=float, default=0.0, metavar="DEG",
                   help="read every photo turned by this many degrees (default 0)")
    b = bsub.add_parser("latency", help="frame-to-TableView time on one core")
    b.add_argument("--frames", type=int, default=100)
    b = bsub.add_parser("hard", help="wrong faces on drawn cocked, touching, blurred dice")
    b.add_argument("--seeds", type=int, default=100, help="scenes drawn per kind")
    b = bsub.add_parser("board", help="wrong faces on rendered board photos (the game's reader)")
    b.add_argument("--scenes", type=int, default=200, help="board photos rendered")
    b.add_argument("--real-dice", default=None, metavar="DIR",
                   help="lay real dice cut from a folder in the realdata manifest format on "
                        "the rendered boards (each die once, nine to a scene)")
    b.add_argument("--colours", default=None,
                   help="with --real-dice: only dice labelled these colours: white,red")
    b.add_argument("--seed", type=int, default=0,
                   help="with --real-dice: shuffle the dice into scenes by this seed (default 0)")
    b = bsub.add_parser("tiles", help="dot tiles read on rendered Bossa board photos")
    b.add_argument("--scenes", type=int, default=100, help="board photos rendered")
    b = bsub.add_parser("ink", help="marker ink found and missed on rendered boards")
    b.add_argument("--boards", type=int, default=40, help="board photos rendered")
    add_cube_benches(bsub)  # colours, cubes: the same arguments as ``python -m bench``
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(name)s: %(message)s")
    module = importlib.import_module(COMMANDS[args.command])
    try:
        return int(module.command(args) or 0)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `dicekeeper moves ... | head` closed our output: stop quietly
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(main())
