"""``dicekeeper bench``: dispatch to the accuracy, latency, hard-dice, board or colours
benchmark.

Each benchmark module is imported only when chosen. Prints (command module).
"""

from __future__ import annotations

import argparse
import importlib

BENCHES = {"accuracy": "bench.accuracy", "latency": "bench.latency", "hard": "bench.hard_dice",
           "board": "bench.board_dice", "colours": "bench.colours"}


def command(args: argparse.Namespace) -> int:
    """Run the benchmark named by ``args.bench``."""
    module = importlib.import_module(BENCHES[args.bench])
    return int(module.command(args) or 0)
