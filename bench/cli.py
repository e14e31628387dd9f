"""``dicekeeper bench``: dispatch to the accuracy, latency, hard-dice, board, tiles, ink,
cube-colour or rendered-cube benchmark.

Each benchmark module is imported only when chosen; ``bench colours`` without ``--dataset``
runs ``bench.die_colours`` (PlayMe's six die colours on rendered boards). ``add_cube_benches``
defines the arguments of ``bench colours`` and ``bench cubes`` (the device's ``dicekeeper``
parser adds them to its ``bench`` commands); ``python -m bench colours|cubes ...`` runs them
with the same arguments. Prints (command module).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import Any

BENCHES = {"accuracy": "bench.accuracy", "latency": "bench.latency", "hard": "bench.hard_dice",
           "board": "bench.board_dice", "tiles": "bench.tiles", "ink": "bench.ink",
           "colours": "bench.colours", "cubes": "bench.cubes"}


DIE_COLOURS = "bench.die_colours"
"""``bench colours`` without ``--dataset``: the six die colours on rendered PlayMe boards."""

REAL_BOARD = "bench.real_board"
"""``bench board --real-dice DIR``: real die photos laid on the rendered boards."""


def command(args: argparse.Namespace) -> int:
    """Run the benchmark named by ``args.bench`` (``colours`` without ``--dataset``: the die
    colours on rendered boards; ``board`` with ``--real-dice``: real dice on them)."""
    name = BENCHES[args.bench]
    if args.bench == "colours" and not getattr(args, "dataset", None):
        name = DIE_COLOURS
    if args.bench == "board" and getattr(args, "real_dice", None):
        name = REAL_BOARD
    module = importlib.import_module(name)
    return int(module.command(args) or 0)


def add_cube_benches(bsub: Any) -> None:
    """Add ``colours`` and ``cubes`` to a ``bench`` sub-parser set."""
    b = bsub.add_parser("colours", help="cube-face colours of labelled cube stickers "
                                        "(--dataset), or the six die colours on rendered "
                                        "PlayMe boards (--scenes)")
    b.add_argument("--dataset", default=None,
                   help="a folder in the realdata manifest format (cube stickers)")
    b.add_argument("--scenes", type=int, default=60,
                   help="without --dataset: PlayMe board photos rendered (default 60)")
    b.add_argument("--colours", default=None,
                   help="count only stickers labelled with these colours: white,red")
    b.add_argument("--json", action="store_true", help="print the figures as JSON too")
    b.add_argument("--limit", type=int, default=None, help="only the first N images per source")
    b = bsub.add_parser("cubes", help="cube colours, stacks and the ring on rendered "
                                      "CubeCourier boards")
    b.add_argument("--scenes", type=int, default=200, help="board photos rendered")
    b.add_argument("--first", type=int, default=0, help="number of the first scene")
    b.add_argument("--json", action="store_true", help="print the figures as JSON too")


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m bench colours|cubes ...``."""
    parser = argparse.ArgumentParser(prog="python -m bench",
                                     description="the cube benchmarks of dicekeeper bench")
    bsub = parser.add_subparsers(dest="bench", required=True, metavar="BENCH")
    add_cube_benches(bsub)
    return command(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
