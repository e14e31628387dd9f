"""Errors raised by the vision package.

Every error subclasses ``VisionError`` and the builtin that fits, and its message says what was
wrong and what to do. Bad frames are normally turned into a ``TableView`` status by
``vision.board.pipeline``; these errors are for the lower-level steps and for profile files.

May import nothing from this project.
"""

from __future__ import annotations

from collections.abc import Iterable

MARKER_PLACES = {0: "north-west", 1: "north-east", 2: "south-east", 3: "south-west"}


class VisionError(Exception):
    """Base class of every vision error."""


class BoardNotFoundError(VisionError, LookupError):
    """The board's corner markers were not found (enough of them) in a frame.

    Attributes:
        missing: ids of the markers that were not found, in increasing order.
    """

    def __init__(self, missing: Iterable[int], message: str | None = None) -> None:
        self.missing = tuple(sorted(missing))
        super().__init__(message or self.describe(self.missing))

    @staticmethod
    def describe(missing: tuple[int, ...]) -> str:
        """A sentence naming the missing markers and the fix."""
        names = [f"{i} ({MARKER_PLACES.get(i, 'unknown corner')})" for i in missing]
        if not names:
            return "board markers not found: is the board fully in view and lit?"
        if len(names) == 1:
            listed = f"marker {names[0]}"
        else:
            listed = "markers " + ", ".join(names[:-1]) + " and " + names[-1]
        return f"{listed} not found: is the board fully in view and lit?"


class FrameError(VisionError, ValueError):
    """A camera frame that cannot be read (None, empty, wrong shape or type)."""


class ProfileError(VisionError, ValueError):
    """A calibration profile that is missing, unreadable or inconsistent."""
