"""How a candidate square was found, as its ``source`` says: the marks the photo finder's steps
put there, and the questions the later steps ask of them.

A leaf: imports only ``vision.top.types``.
"""

from __future__ import annotations

from vision.top.types import Candidate

FAINT = "~faint"  # marks a region found only by the second, more sensitive look (``faint_regions``)
HEAP = "~heap"    # marks a square found only as a part of a heap (``vision.photo.heaps``)
SPOTS = "pips"    # starts the source of a square proposed by n spots: "pips<n>" (``pip_groups``)


def is_faint(c: Candidate) -> bool:
    """Whether a region was found only by the second look (``faint_regions``)."""
    return FAINT in c.source


def is_heap_part(c: Candidate) -> bool:
    """Whether a candidate was found only as a part of a heap
    (``vision.photo.heaps.heap_parts``)."""
    return HEAP in c.source


def spot_count(c: Candidate) -> int | None:
    """The number of spots that proposed a candidate (or the rectangle it was derived from),
    None for other candidates."""
    if not c.source.startswith(SPOTS):
        return None
    return int(c.source[len(SPOTS)])
