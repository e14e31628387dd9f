"""The photo finder: free-placed dice anywhere in any photo, used by the benchmarks.

``find_dice`` (``vision.photo.finder``) finds die-like regions (``vision.photo.candidates``:
colour and outline regions, ``vision.photo.regions``; pip groups, ``vision.photo.pipgroups``;
heaps of touching dice, ``vision.photo.heaps``), reads each place's top face with the shared
reader (``vision.top``) and drops dice held in a hand (``vision.photo.held``).
``vision.photo.sources`` (a leaf) names how a candidate was found. ``classify_tops``
(``vision.photo.classifier``) is a learned second opinion, measured but not wired in.

May import ``vision.top``, ``vision.errors``, numpy and OpenCV; never ``vision.board``.
"""

from vision.photo.classifier import ClassifierError, classify_tops
from vision.photo.finder import find_dice
from vision.photo.held import held

__all__ = ["ClassifierError", "classify_tops", "find_dice", "held"]
