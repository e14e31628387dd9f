"""Resuming the game a kill or a power cut interrupted.

The record is the game: ``find_resumable`` takes the newest unfinished record of the records
folder and re-judges it (``device.replay``), which rebuilds the session exactly as it was at its
last line (state, clock, warning, the game's memo). The app offers it on the OLED ("resume
Unification, 3:12 left?"), then appends to the same file (its torn last line cut off first).
The clock goes on from the last time the record reached: the time the device was off does not
count.

May import: the standard library, ``engine`` and ``device`` (records, replay).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path

from device.records import Record, RecordError, last_time, unfinished_record
from device.replay import replay
from engine.clock import clock_text
from engine.errors import EngineError
from engine.session import Session

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ResumeOffer:
    """An interrupted game that can go on.

    Attributes:
        record: its record. session: the session re-judged from it. last_t: the latest time
        its lines reached. lost: the lines a power cut took from the record's end (the
        re-judging gives them back), to write again first.
    """

    record: Record
    session: Session
    last_t: float
    lost: tuple[dict[str, object], ...] = ()

    @property
    def path(self) -> Path:
        return self.record.path

    def question(self) -> tuple[str, str]:
        """The OLED's question and its "yes": ``("Resume Unification?", "simple, 3:12 left")``
        or ``("Resume CubeCourier?", "standard, 5 moves")``."""
        summary = self.session.summary_view(self.last_t)
        title = self.session.rules.info.title
        if summary.remaining is not None and self.session.clock.counts_down:
            return f"Resume {title}?", f"{self.session.side}, {clock_text(summary.remaining)} left"
        return f"Resume {title}?", f"{self.session.side}, {summary.moves} moves"

    def label(self) -> str:
        """What the OLED offers: ``Unification simple 3:12 left`` or ``CubeCourier 5 moves``."""
        summary = self.session.summary_view(self.last_t)
        if summary.remaining is not None and self.session.clock.counts_down:
            return f"{summary.heading} {clock_text(summary.remaining)} left"
        return f"{summary.heading} {summary.moves} moves"


def find_resumable(records_dir: Path) -> ResumeOffer | None:
    """The game to offer to resume (set up or still setting up), or None: the newest record
    is finished, or it cannot be re-judged (logged)."""
    record = unfinished_record(records_dir)
    if record is None:
        return None
    try:
        result = replay(record)
    except (RecordError, EngineError, KeyError, ValueError, TypeError) as exc:
        log.warning("cannot resume %s: %s", record.path, exc)
        return None
    session = result.session
    if session.outcome is not None:
        return None
    if result.disagreements:
        log.warning("%s re-judges with %d disagreements; resuming from what the rules say now",
                    record.path, len(result.disagreements))
    return ResumeOffer(record, session, last_time(record), tuple(result.lost_tail))
