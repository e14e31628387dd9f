"""Fields that several games' board files share, checked the same way everywhere.

A board file may tie a game's colour to a colour the camera reads (``"camera": "blue"``) and
give the colour it is printed in (``"rgb": [r, g, b]``); each check names the field (``where``)
in its message so the file can be mended.

May import: engine (errors, table).
"""

from __future__ import annotations

from engine.errors import BoardDataError
from engine.table import Colour

CAMERA_NAMES = tuple(c.value for c in Colour if c is not Colour.UNKNOWN)
"""The colours the camera reads, by their names in board files."""


def camera_colour(where: str, value: object, *, or_null: bool = False) -> Colour:
    """A camera colour's name as its ``Colour``.

    Args:
        where: the field, for the message (``'"colours" K'``).
        or_null: the field may also be null (said in the message; the caller takes null).

    Raises:
        BoardDataError: not one of ``CAMERA_NAMES``.
    """
    if value not in CAMERA_NAMES:
        also = " or null" if or_null else ""
        raise BoardDataError(f"{where} camera must be one of {', '.join(CAMERA_NAMES)}{also}, "
                             f"got {value!r}")
    return Colour(value)


def rgb(where: str, value: object) -> tuple[int, int, int]:
    """An ``[r, g, b]`` list of three integers 0-255 as a tuple.

    Raises:
        BoardDataError: anything else (a bool is not an integer here).
    """
    if (not isinstance(value, list) or len(value) != 3
            or not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 255
                       for v in value)):
        raise BoardDataError(f"{where} rgb must be three integers 0-255, got {value!r}")
    return (value[0], value[1], value[2])
