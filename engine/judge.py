"""Judge one move or list the legal moves of a position given as text (the ``judge`` and
``moves`` commands without their I/O), for any registered game.

Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

import math
from typing import Any

from engine.clock import Clock
from engine.errors import IllegalMoveError, NotationError
from engine.games import find_game


def moves(game: str, board: Any, position: str) -> list[str]:
    """The legal moves of ``position`` in the game's notation.

    Raises:
        UnknownGameError: unknown game. NotationError: bad position text.
    """
    state = find_game(game).parse_position(position, board)
    return [str(m) for m in state.legal_moves()]


def judge(game: str, board: Any, position: str, move: str,
          remaining: float | None = None) -> dict[str, Any]:
    """Play ``move`` from ``position`` and describe the result as a JSON-ready dict.

    Args:
        game: registry name. board: the parsed board (``calibration.board_files.load_board``).
        position: position text. move: move text.
        remaining: seconds left on the timer; gives a score once the game is over.

    Returns:
        ``{"legal", "code", "message", "position", "outcome", "score"}`` and the game's own
        fields (``Game.report``: a winner, a chain, per-player scores...): position after the
        move (unchanged when illegal); outcome null or the game's word for its end; score null
        unless the game is over, has points and ``remaining`` is given (or needs no clock).

    Raises:
        UnknownGameError: unknown game. NotationError: bad position or move text, a move that
        lacks the observed result its effect needs, or a ``remaining`` that is not a number of
        seconds from 0 to the length of the game's timer.
    """
    rules = find_game(game)
    check_remaining(remaining, rules.clock(board))
    state = rules.parse_position(position, board)
    parsed = rules.parse_move(move, state)
    try:
        after = state.play(parsed)
        legal, code, message = True, None, ""
    except IllegalMoveError as exc:
        after, legal, code, message = state, False, exc.code, exc.reason
    outcome = after.outcome
    score = None
    if outcome is not None and (remaining is not None or rules.clock(board).timeout is None):
        score = after.score(remaining)
    return {"legal": legal, "code": code, "message": message, "position": after.position(),
            "outcome": None if outcome is None else outcome.result, "score": score,
            **rules.report(after)}


def check_remaining(remaining: float | None, clock: Clock) -> None:
    """``remaining`` is None or a finite number of seconds from 0 to the timer's full length.

    Raises:
        NotationError: NaN, infinite, negative, or longer than the game's countdown.
    """
    if remaining is None:
        return
    if not math.isfinite(remaining) or remaining < 0:
        raise NotationError(f"remaining time {remaining!r} must be a number of seconds from 0 up")
    if clock.counts_down:
        full = clock.remaining(0.0)
        if full is not None and remaining > full:
            raise NotationError(f"remaining time {remaining:g} s is more than the game's timer "
                                f"({full:g} s)")
