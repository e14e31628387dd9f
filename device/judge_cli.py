"""The ``dicekeeper moves`` and ``dicekeeper judge`` commands: text in, text or JSON out.

Loads the board file (calibration) with the ``--option NAME=VALUE`` overrides and calls
``engine.judge``. Bad notation, an unknown game, option or side, or a bad board file: a message
on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys

from calibration.board_files import load_board
from engine import judge as engine_judge
from engine.errors import BoardDataError, EngineError

USAGE_ERROR = 2


def parse_options(texts: list[str]) -> dict[str, str]:
    """``["diagonals=on", "handicap=4"]`` -> ``{"diagonals": "on", "handicap": "4"}``.

    Raises:
        BoardDataError: an option without ``=`` or given twice.
    """
    options: dict[str, str] = {}
    for text in texts:
        name, sep, value = text.partition("=")
        name = name.strip()
        if not sep or not name:
            raise BoardDataError(f"option {text!r} must be NAME=VALUE, e.g. handicap=4")
        if name in options:
            raise BoardDataError(f"option {name!r} is given twice")
        options[name] = value.strip()
    return options


def command(args: argparse.Namespace) -> int:
    """Run ``moves`` (one legal move per line) or ``judge`` (one JSON object)."""
    try:
        board = load_board(args.game, args.side, options=parse_options(args.option))
        if args.command == "moves":
            listed = engine_judge.moves(args.game, board, args.position)
            print("\n".join(listed))
            return 0
        result = engine_judge.judge(args.game, board, args.position, args.move,
                                    remaining=args.remaining)
    except EngineError as exc:
        print(f"dicekeeper {args.command}: {exc}", file=sys.stderr)
        return USAGE_ERROR
    print(json.dumps(result))
    return 0
