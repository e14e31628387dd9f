"""Garbage from the camera: when its frames have shown nothing readable for a while, say so.

A single bad frame (None, the wrong shape, a truncated JPEG, a vision error) is normal and shows
as the reader's own note ("camera frame unreadable") until the next one; the app does not give
it to the settle detector (``is_garbage``), so it is a dropped frame there, not a break in the
frames that agree (bad frames between good ones would otherwise keep a move from settling).
Frames that stay unreadable, or in which not one board marker is found (a black frame, noise,
a lens covered, the light out), for ``UNREADABLE_AFTER_S`` seconds of frame time mean the
camera view itself is the problem: ``FrameHealth`` then gives the line the OLED shows instead,
logs it once (the journal) and logs again when a readable frame comes. A board seen with a
hand over it is a readable frame; a view naming the markers it misses keeps its own, more
useful note.

May import: the standard library and ``engine.table``.
"""

from __future__ import annotations

import logging

from engine.table import TableView, ViewStatus

log = logging.getLogger(__name__)

UNREADABLE_AFTER_S = 5.0   # seconds of frame time with nothing readable before saying so
CAMERA_VIEW_UNREADABLE = "camera view unreadable: check lens and light"
MARKERS = 4                # corner markers of every printed board


def is_garbage(view: TableView) -> bool:
    """True for a view read from a frame that showed nothing of the board: unreadable, or no
    marker at all found in it."""
    if view.status is ViewStatus.UNREADABLE:
        return True
    if view.status is not ViewStatus.NO_BOARD:
        return False
    missing = view.extra.get("missing") or view.extra.get("markers_missing") or ()
    return isinstance(missing, (tuple, list)) and len(missing) >= MARKERS


class FrameHealth:
    """How long the camera's frames have shown nothing readable.

    Attributes:
        problem: ``CAMERA_VIEW_UNREADABLE`` once that has lasted ``after_s``, else "".
    """

    def __init__(self, after_s: float = UNREADABLE_AFTER_S) -> None:
        self.after_s = after_s
        self.problem = ""
        self._since: float | None = None  # frame time of the first garbage frame in a row

    def update(self, view: TableView, t: float) -> str:
        """Take the view of the frame at time ``t``; the problem to show now ("" for none)."""
        if not is_garbage(view):
            if self.problem:
                log.info("camera view readable again")
            self._since, self.problem = None, ""
            return ""
        if self._since is None or t < self._since:
            self._since = t
        if not self.problem and t - self._since >= self.after_s:
            self.problem = CAMERA_VIEW_UNREADABLE
            log.warning("%s: nothing readable for %.0f s (last: %s); the game is kept",
                        self.problem, t - self._since, view.note or view.status.value)
        return self.problem

    def reset(self) -> None:
        """Forget the frames seen (a new game, a camera opened again)."""
        self._since, self.problem = None, ""
