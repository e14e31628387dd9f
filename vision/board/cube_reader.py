"""The board path's reader of CubeCourier cubes: one frame's canonical view and board location
-> the cubes (``vision.board.cubes.find_board_cubes``).

``BoardCubeReader`` keeps what does not change between frames: the colour references (from the
calibration profile's cube colours and its paper, else the board file's colours) and the
camera's pose, worked out again only when the board's homography changes.

May import ``vision.board.cubes``, ``.pose``, ``.profile``, ``.geometry``, ``.markers``,
``vision.top.cube_colour`` and numpy.
"""

from __future__ import annotations

import numpy as np

from vision.board.cubes import CubeDetection, find_board_cubes
from vision.board.geometry import BoardGeometry
from vision.board.markers import BoardLocation
from vision.board.pose import CameraPose, camera_pose
from vision.board.profile import CalibrationProfile
from vision.top.cube_colour import DEFAULT_REFERENCES, CubeReferences, references_from


def profile_references(profile: CalibrationProfile | None) -> CubeReferences:
    """The colour references a profile measured (relative to its paper), else the defaults."""
    if profile is None or profile.cube_refs is None:
        return DEFAULT_REFERENCES
    return references_from(profile.cube_refs, profile.paper_ref)


class BoardCubeReader:
    """Reads the cubes of one canonical view after another.

    Args:
        geometry: the board.
        profile: the calibration (its cube colours), or None for the board file's colours.
    """

    def __init__(self, geometry: BoardGeometry, profile: CalibrationProfile | None = None):
        self.geometry = geometry
        self.refs = profile_references(profile)
        self._pose: tuple[bytes, CameraPose] | None = None

    def pose(self, location: BoardLocation) -> CameraPose:
        """The camera's pose for this location (kept while the homography is the same)."""
        key = np.asarray(location.homography, np.float64).tobytes() + bytes(
            str(location.frame_size), "ascii")
        if self._pose is None or self._pose[0] != key:
            self._pose = (key, camera_pose(location.homography, location.frame_size,
                                           self.geometry.px_per_mm))
        return self._pose[1]

    def read(self, view_bgr: np.ndarray, location: BoardLocation,
             margin_px: int = 0) -> list[CubeDetection]:
        """The cubes of one canonical view (with ``margin_px`` beyond the board square)."""
        return find_board_cubes(view_bgr, self.geometry, self.pose(location), self.refs,
                                margin_px)
