"""Exceptions of the engine. Low confidence is data (see ``engine.table``), not an exception."""


class EngineError(Exception):
    """Base class of every error raised by the engine."""


class IllegalMoveError(EngineError, ValueError):
    """A move that breaks a rule.

    Attributes:
        code: the rule id from the rules files, for example ``"UN-F1"``; shown on the OLED.
        move: the move in the game's notation, when known.
        position: the position in the game's notation, when known.
    """

    def __init__(self, code: str, message: str, *, move: str | None = None,
                 position: str | None = None) -> None:
        self.code = code
        self.reason = message
        self.move = move
        self.position = position
        where = f" (move {move} in {position})" if move and position else ""
        super().__init__(f"{code}: {message}{where}")


class NotationError(EngineError, ValueError):
    """A position or move text that cannot be parsed; the message says what was expected."""


class UnknownGameError(EngineError, KeyError):
    """A game or board side name that is not in the registry."""

    def __str__(self) -> str:  # KeyError quotes its argument; we want the sentence
        return str(self.args[0]) if self.args else "unknown game"


class BoardDataError(EngineError, ValueError):
    """A board-definition dict (from a user-editable JSON file) that a game cannot use.

    The message names the bad item and what is allowed.
    """
