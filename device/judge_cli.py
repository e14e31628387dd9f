"""The ``dicekeeper moves`` and ``dicekeeper judge`` commands: text in, text or JSON out.

Loads the board file (calibration) and calls ``engine.judge``. Bad notation, an unknown game
or a bad board file: a message on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys

from calibration.board_files import load_board
from engine import judge as engine_judge
from engine.errors import EngineError

USAGE_ERROR = 2


def command(args: argparse.Namespace) -> int:
    """Run ``moves`` (one legal move per line) or ``judge`` (one JSON object)."""
    try:
        board = load_board(args.game, args.board)
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
