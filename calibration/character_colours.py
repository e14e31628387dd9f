"""The character-to-colour mapping set at calibration (PlayMe PM-D1): one die of each
character lies in the first cell (the west end) of the grid's rows, north to south, in the
order of the board file's ``characters``; each die's colour as the camera names it, and its
body's measured colour, go into the board data (``camera`` and ``rgb``). The grid's cells, not
the card spots: the board reader reads a die in a cell whatever its face (beside the grid only
pips that form a face are a die).

A board whose data has no ``characters`` object has nothing to set. Every character must have
its die on its spot, each read as a colour of the camera's own and no two alike: otherwise
nothing changes and the lines say which spot to mend.

May import: calibration.board_files, engine, vision (board reader, geometry), numpy.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from engine.layout import Layout
from engine.table import Colour, ItemKind, ViewStatus
from vision.board import BoardReader
from vision.board.geometry import BoardGeometry
from vision.board.warp import BoardWarper

NAMED = (Colour.BLACK, Colour.RED, Colour.WHITE, Colour.BLUE, Colour.GREEN, Colour.YELLOW)
"""The die colours the camera names (on a board whose palette holds them all)."""
BODY_MM = 5.0  # half the side of the square sampled round a die's centre for its body colour


@dataclass
class CharacterColours:
    """What the sampling found.

    Attributes:
        data: the board data with the new ``camera`` and ``rgb`` of every character, or None
            when nothing may be written (the lines say why).
        lines: one line per character (``Alice: blue (40, 90, 200)``), then the fix if any.
    """

    data: dict[str, Any] | None
    lines: list[str] = field(default_factory=list)


def has_characters(data: dict[str, Any]) -> bool:
    """True for board data with a ``characters`` object (PlayMe)."""
    return isinstance(data.get("characters"), dict) and bool(data["characters"])


def sample_characters(image: np.ndarray, layout: Layout,
                      data: dict[str, Any]) -> CharacterColours:
    """Read each character's die in its row's slot 1 in ``image`` (a camera frame of the
    board) and give the data with their colours (see the module docstring)."""
    geometry = BoardGeometry(replace(layout, palette=NAMED))
    reader = BoardReader(geometry)
    view = reader.read(image)
    location = reader.last_location
    if location is None or view.status is not ViewStatus.SETTLED:
        return CharacterColours(None, [f"the board cannot be read: {view.note or 'no board'}"])
    warped = BoardWarper(geometry).warp(image, location)  # the view the dice were read in
    px = geometry.px_per_mm
    out = copy.deepcopy(data)
    lines: list[str] = []
    problems: list[str] = []
    seen: dict[str, str] = {}
    for n, (key, entry) in enumerate(data["characters"].items(), start=1):
        name = entry.get("name", key) if isinstance(entry, dict) else key
        die = view.grid[n - 1][0] if n <= len(view.grid) else None
        if die is None or die.kind is not ItemKind.DIE or die.colour not in NAMED:
            what = "no die" if die is None else "a die of no colour"
            problems.append(f"row {n} slot 1 ({name}): {what}; put one {name} die there")
            continue
        colour = die.colour.value
        if colour in seen:
            problems.append(f"{name} and {seen[colour]} both read {colour}: each character "
                            f"needs dice of its own colour")
            continue
        seen[colour] = name
        rgb = _body_rgb(warped, die.x_mm * px, die.y_mm * px, BODY_MM * px)
        out["characters"][key] = {**entry, "camera": colour, "rgb": list(rgb)}
        lines.append(f"{name}: {colour} {tuple(rgb)}")
    if problems:
        return CharacterColours(None, lines + problems + ["nothing written"])
    return CharacterColours(out, lines)


def _body_rgb(image: np.ndarray, x: float, y: float, half: float) -> tuple[int, int, int]:
    """The median colour (RGB) of the square round (x, y): the die's body (the pips are a
    minority of its pixels)."""
    patch = image[max(0, int(y - half)):int(y + half), max(0, int(x - half)):int(x + half)]
    b, g, r = np.median(patch.reshape(-1, 3), axis=0)
    return int(r), int(g), int(b)
