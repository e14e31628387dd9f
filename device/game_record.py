"""The record of the game in progress, as the app keeps it: nothing lost on a fault.

``GameRecorder`` writes each line through a ``RecordWriter`` (flushed and fsynced), turns a
refused write (disk full, read-only folder) into a problem for the OLED while the line waits in
memory, writes the waiting lines as soon as the disk takes them again, and every few seconds of
a running clock writes a ``clock`` line, so a power cut costs a resumed game at most those few
seconds of its clock.

May import: the standard library and ``device.records``.
"""

from __future__ import annotations

import errno
import logging
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from device.records import RecordError, RecordWriteError, RecordWriter

log = logging.getLogger(__name__)

CLOCK_LINE_S = 5.0   # seconds of a running clock between two ``clock`` lines
DISK_FULL = "record not saved: disk full - delete old records"
READ_ONLY = "record not saved: disk read-only - check the SD card"
NO_PERMISSION = "record not saved: folder not writable - see the log"
CHECK_DISK = "record not saved: check the disk - see the log"


def refusal(exc: BaseException) -> str:
    """What the OLED says of a record line the disk refused, with what to do: a full disk
    (ENOSPC, a short write), a read-only one (EROFS: the SD card failing, or mounted so), a
    folder the device may not write, anything else."""
    cause = exc.__cause__ or exc
    code = getattr(cause, "errno", None)
    text = str(exc).lower()
    if code in (errno.ENOSPC, errno.EDQUOT) or "space" in text:
        return DISK_FULL
    if code == errno.EROFS or "read-only" in text:
        return READ_ONLY
    if code in (errno.EACCES, errno.EPERM) or "permission" in text:
        return NO_PERMISSION
    return CHECK_DISK


class GameRecorder:
    """One game's record (see the module docstring).

    Attributes:
        problem: what to show while lines wait ("record not saved: disk full"), else "".
    """

    def __init__(self, writer: RecordWriter | None = None, *,
                 new: tuple[Path, Mapping[str, Any]] | None = None) -> None:
        if writer is not None and new is None:
            self._path = writer.path
        elif new is not None and writer is None:
            self._path = new[0]
        else:
            raise ValueError("a GameRecorder takes a writer or the record to create")
        self.writer = writer
        self.problem = ""
        self._clock_at = float("-inf")
        self._new = new
        self._waiting: list[Mapping[str, Any]] = []  # lines of a record not created yet

    @classmethod
    def create(cls, path: Path, header: Mapping[str, Any]) -> GameRecorder:
        """The record of a new game (``RecordWriter.create``); a folder that refuses it
        (read-only, full) leaves the lines waiting in memory until it takes the file."""
        recorder = cls(new=(path, header))
        recorder._create()
        return recorder

    @property
    def path(self) -> Path:
        return self.writer.path if self.writer is not None else self._path

    @property
    def pending(self) -> int:
        return len(self._waiting) + (self.writer.pending if self.writer is not None else 1)

    def write(self, entry: Mapping[str, Any]) -> None:
        """Write one line; a refusal is kept as ``problem`` (and logged once), never raised."""
        if self.writer is None:
            self._waiting.append(entry)
            self._create()
            return
        try:
            self.writer.append(entry)
        except RecordWriteError as exc:
            self._refused(exc)
            return
        self._saved()

    def retry(self) -> None:
        """Write the lines that wait, if any (called on every frame)."""
        if self.writer is None:
            self._create()
            return
        if not self.writer.pending:
            return
        try:
            self.writer.flush()
        except RecordWriteError as exc:
            self._refused(exc)
            return
        self._saved()

    def _create(self) -> None:
        """Create the record file with its header, then write what waits."""
        if self._new is None:
            return
        path, header = self._new
        try:
            self.writer = RecordWriter.create(path, header)
        except RecordError as exc:
            self._refused(exc)
            return
        self._new = None
        waiting, self._waiting = self._waiting, []
        for entry in waiting:
            self.write(entry)
        if not self.writer.pending:
            self._saved()

    def clock_line(self, t: float, running: bool) -> None:
        """Every ``CLOCK_LINE_S`` seconds of a running clock, the time reached."""
        if running and t - self._clock_at >= CLOCK_LINE_S:
            self._clock_at = t
            self.write({"type": "clock", "t": t, "source": "device"})

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        else:
            log.error("the game record %s was never written (%d lines lost)", self.path,
                      len(self._waiting) + 1)

    def _refused(self, exc: RecordWriteError | RecordError) -> None:
        problem = refusal(exc)
        if problem != self.problem:
            log.error("%s (%s): %s; playing on, the lines wait in memory", problem,
                      self.path, exc)
        self.problem = problem

    def _saved(self) -> None:
        if self.problem:
            log.info("game record %s saved again", self.path)
        self.problem = ""
