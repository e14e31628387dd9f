"""The calibration profile: what ``dicekeeper calibrate`` measured, saved as JSON.

A profile records the board, the camera frame size, the frame-to-canonical homography found
at calibration (a fallback when markers are hidden at start-up), the colours measured for
the white and the red die and, on a cube board, the cube colours (black, red, white) with the
paper's colour under the same light (the cube reader divides both by their paper, so a later
light is judged against its own paper). The creation time is given by the caller (vision reads
no clock). Fields added later are optional: a profile written before them still loads.

May import ``vision.errors`` and the standard library (numpy only to hand out the homography).
"""

from __future__ import annotations

import json
import math
import os
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

import numpy as np

from vision.errors import ProfileError

FORMAT_VERSION = 1
FIX = "run `dicekeeper calibrate` to make a new one"

Colour3 = tuple[float, float, float]
OPTIONAL = ("cube_refs", "paper_ref")  # added after format 1 was first written


@dataclass
class CalibrationProfile:
    """One calibration of one board under one camera.

    Attributes:
        board: board name, e.g. ``"unification"`` (``BoardGeometry.name``).
        created: when it was measured, ISO 8601 text given by the caller.
        frame_size: (width, height) of the camera frames it was measured on.
        homography: 3x3 map from frame pixels to canonical-view pixels, as nested lists.
        white_ref: mean BGR colour of the white die's body under this light.
        red_ref: mean BGR colour of the red die's body under this light.
        version: file format version.
        cube_refs: on a cube board, median BGR of each cube colour measured ("black", "red",
            "white"; a colour not seen is left out), under this light.
        paper_ref: BGR of the board's white paper under the same light.
    """

    board: str
    created: str
    frame_size: tuple[int, int] | None = None
    homography: list[list[float]] | None = None
    white_ref: Colour3 | None = None
    red_ref: Colour3 | None = None
    version: int = FORMAT_VERSION
    cube_refs: dict[str, Colour3] | None = None
    paper_ref: Colour3 | None = None

    def __post_init__(self) -> None:
        problem = _problem(self)
        if problem:
            raise ProfileError(f"invalid calibration profile: {problem}")

    def homography_array(self, frame_size: tuple[int, int] | None = None) -> np.ndarray | None:
        """The homography as a 3x3 array, or None if absent or measured on another frame size."""
        if self.homography is None:
            return None
        if frame_size is not None and self.frame_size != tuple(frame_size):
            return None
        return np.array(self.homography, dtype=np.float64)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (the optional cube fields only when measured, so a dice board's
        profile is written as before they existed)."""
        data = asdict(self)
        for key in OPTIONAL:
            if data[key] is None:
                del data[key]
        return data

    @classmethod
    def from_dict(cls, data: object) -> CalibrationProfile:
        """Build from a parsed JSON object.

        Raises:
            ProfileError: not an object, unknown or missing fields, bad values.
        """
        if not isinstance(data, dict):
            raise ProfileError("invalid calibration profile: expected a JSON object")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ProfileError(f"invalid calibration profile: unknown fields {unknown}")
        if "board" not in data or "created" not in data:
            raise ProfileError("invalid calibration profile: 'board' and 'created' are required")
        values = dict(data)
        for key in ("frame_size", "white_ref", "red_ref", "paper_ref"):
            if isinstance(values.get(key), list):
                values[key] = tuple(values[key])
        if isinstance(values.get("cube_refs"), dict):
            values["cube_refs"] = {k: tuple(v) if isinstance(v, list) else v
                                   for k, v in values["cube_refs"].items()}
        return cls(**values)

    def save(self, path: Path | str) -> None:
        """Write the profile as JSON, atomically (a power cut leaves the old file or the new).

        Raises:
            ProfileError: the file cannot be written; the message names the path.
        """
        path = Path(path)
        tmp = path.with_name(path.name + ".tmp")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with open(tmp, "w", encoding="utf-8") as f:
                json.dump(self.to_dict(), f, indent=2)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, path)
        except OSError as err:
            raise ProfileError(f"cannot write calibration profile {path}: {err.strerror or err}"
                               " (is the folder writable?)") from err

    @classmethod
    def load(cls, path: Path | str) -> CalibrationProfile:
        """Read a profile written by ``save``.

        Raises:
            ProfileError: the file is missing, unreadable or corrupt; the message names the path
                and the fix.
        """
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError as err:
            raise ProfileError(f"calibration profile {path} not found: "
                               "run `dicekeeper calibrate` first") from err
        except (OSError, UnicodeDecodeError) as err:
            raise ProfileError(f"calibration profile {path} is unreadable ({err}): {FIX}") from err
        try:
            return cls.from_dict(json.loads(text))
        except (json.JSONDecodeError, ProfileError, TypeError) as err:
            detail = str(err).removeprefix("invalid calibration profile: ")
            raise ProfileError(f"calibration profile {path} is corrupt ({detail}): {FIX}") from err


def _problem(p: CalibrationProfile) -> str:
    """What is wrong with a profile's values, or "" if nothing."""
    if not isinstance(p.board, str) or not p.board:
        return "board must be a non-empty name"
    if not isinstance(p.created, str):
        return "created must be ISO 8601 text"
    if p.version != FORMAT_VERSION:
        return f"format version {p.version!r} is not {FORMAT_VERSION}"
    if p.frame_size is not None and not _is_size(p.frame_size):
        return "frame_size must be two positive whole numbers"
    if p.homography is not None and not _is_matrix(p.homography):
        return "homography must be a 3x3 list of finite numbers"
    if p.homography is not None and not _is_invertible(p.homography):
        return "homography is singular (it maps the board onto a line or a point)"
    for name in ("white_ref", "red_ref", "paper_ref"):
        value = getattr(p, name)
        if value is not None and not _is_colour(value):
            return f"{name} must be three numbers from 0 to 255"
    return _cube_refs_problem(p.cube_refs)


CUBE_COLOURS = ("black", "red", "white")


def _cube_refs_problem(refs: object) -> str:
    if refs is None:
        return ""
    if not isinstance(refs, dict) or not set(refs) <= set(CUBE_COLOURS):
        return f"cube_refs must map some of {', '.join(CUBE_COLOURS)} to colours"
    if not all(_is_colour(v) for v in refs.values()):
        return "cube_refs colours must be three numbers from 0 to 255"
    return ""


def _is_number(v: object) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def _is_size(v: object) -> bool:
    return (isinstance(v, tuple) and len(v) == 2
            and all(isinstance(n, int) and not isinstance(n, bool) and n > 0 for n in v))


def _is_matrix(v: object) -> bool:
    return (isinstance(v, list) and len(v) == 3
            and all(isinstance(row, list) and len(row) == 3 and all(map(_is_number, row))
                    for row in v))


def _is_invertible(m: list[list[float]]) -> bool:
    """A map the board can be warped by: the determinant of the matrix scaled to unit norm is
    clear of rounding noise (a scaled homography is the same map; a singular one squashes the
    board onto a line)."""
    a = np.array(m, dtype=np.float64)
    norm = float(np.linalg.norm(a))
    return norm > 0 and abs(float(np.linalg.det(a / norm))) > 1e-13


def _is_colour(v: object) -> bool:
    return (isinstance(v, tuple) and len(v) == 3
            and all(_is_number(n) and 0 <= n <= 255 for n in v))
