"""The reader of one die's top face, shared by the board path and the photo finder.

``read_top`` reads a die top rectified to a square (``rectify``, ``CROP`` px with ``MARGIN`` px of
its surroundings): pips found relative to the die's own body, fitted to the six pip layouts,
with a confidence, abstaining when they do not fit; and ``classify_face``, a CubeCourier cube
face's colour against the paper (``vision.top.cube_colour``). Around it: the die's square and edges
(``vision.top.square``), its colour (``vision.top.colour``), glare (``vision.top.glare``), motion
blur (``vision.top.blur``), pip shapes (``vision.top.pip_shape``), skin colour for the hand
checks (``vision.top.skin``), small array helpers (``vision.top.arrays``), the shared types
(``vision.top.types``, a leaf) and every threshold of the reader (``vision.top.config``).

May import ``vision.errors``, numpy and OpenCV; never ``vision.board`` or ``vision.photo``.
"""

from vision.top.blur import is_blurred
from vision.top.colour import classify_colour
from vision.top.config import CUBE_COLOUR, READER, ReaderConfig
from vision.top.cube_colour import CubeReferences, classify_face
from vision.top.pips import read_top
from vision.top.skin import skin_mask
from vision.top.square import die_axes, rectify, top_face
from vision.top.types import CROP, MARGIN, VIEW, Blob, Candidate, DieDetection, PipReading

__all__ = [
    "CROP", "CUBE_COLOUR", "MARGIN", "READER", "VIEW", "Blob", "Candidate", "CubeReferences",
    "DieDetection", "PipReading", "ReaderConfig", "classify_colour", "classify_face",
    "die_axes", "is_blurred", "read_top", "rectify", "skin_mask", "top_face",
]
