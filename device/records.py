"""Game records: JSON Lines written as the game is played, so a power cut loses nothing.

A record is a header line (``{"type": "header", "format": 1, "game", "side", "board", "started",
"version", ...}``) followed by one line per engine event (``{"type": kind, "t": seconds,
**data}``) and the device's own lines (``clock``: the time a running game reached, written
every few seconds; ``resumed``; ``abandoned``). Every line is written and fsynced before
``append`` returns; a line the disk refused (full, read-only) is kept and written first on the
next ``append`` that succeeds, so a fault that clears loses nothing. ``read_record`` reads one
back, tolerating a last line cut short by a power cut; ``unfinished_record`` finds the game a
power cut interrupted.

May import: the standard library and ``device.errors``.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Self

from device.errors import DeviceError

log = logging.getLogger(__name__)

FORMAT = 1
RECORDS_ENV = "DICEKEEPER_RECORDS"


class RecordError(DeviceError, ValueError):
    """A game record that cannot be read: missing, not a record, or corrupt before its end."""


class RecordWriteError(DeviceError, OSError):
    """A record line the disk refused (full, read-only, gone); it is kept to be written later.

    Attributes:
        pending: how many lines wait to be written.
    """

    def __init__(self, message: str, pending: int) -> None:
        super().__init__(message)
        self.pending = pending

# the entry types the device writes itself (a replay passes them over)
DEVICE_TYPES = frozenset({"header", "abandoned", "clock", "resumed"})


def default_records_dir(environ: Mapping[str, str] | None = None) -> Path:
    """Where records go: ``$DICEKEEPER_RECORDS`` or ``~/.local/share/dicekeeper/records``."""
    env = os.environ if environ is None else environ
    if env.get(RECORDS_ENV):
        return Path(env[RECORDS_ENV]).expanduser()
    return Path.home() / ".local" / "share" / "dicekeeper" / "records"


def record_path(records_dir: Path, game: str, side: str, started: datetime) -> Path:
    """``<records_dir>/<game>-<side>-<YYYYmmdd-HHMMSS>.jsonl`` (``RecordWriter.create`` adds
    ``-2``, ``-3`` ... when a game started in the same second already has it)."""
    return Path(records_dir) / f"{game}-{side}-{started:%Y%m%d-%H%M%S}.jsonl"


def make_header(game: str, side: str, board: Mapping[str, Any], started: str, version: str,
                **extra: Any) -> dict[str, Any]:
    """The first line of a record.

    Args:
        game: registry name, e.g. ``"unification"``.
        side: board side, e.g. ``"simple"``.
        board: the board-definition data the game was refereed with (so a replay uses it too).
        started: ISO time given by the caller (the device clock, not read here).
        version: dicekeeper version.
        **extra: further JSON-serialisable fields (e.g. ``duration``).
    """
    return {"type": "header", "format": FORMAT, "game": game, "side": side,
            "board": dict(board), "started": started, "version": version, **extra}


def event_entry(event: Any) -> dict[str, Any]:
    """One record line from an engine ``Event`` (``kind``, ``t``, ``data``)."""
    return {"type": event.kind, "t": event.t, **dict(event.data)}


class RecordWriter:
    """Appends JSON lines to a record file, each written and fsynced before ``append`` returns.

    Lines go straight to the file descriptor (no buffer that a full disk could leave stuck).
    A line the disk refuses is cut back off the file (no torn line stays), kept, and written
    before the next one; ``append`` then raises ``RecordWriteError`` so the device can say so.
    Use as a context manager or call ``close`` (which never raises). The folder is created if
    needed.
    """

    def __init__(self, path: str | os.PathLike[str], *, exclusive: bool = False) -> None:
        self.path = Path(path)
        self._pending: list[bytes] = []
        self._fd: int | None = None
        self._closed = False
        self._open_error: OSError | None = None
        self._open(os.O_EXCL if exclusive else 0)

    def _open(self, extra_flags: int = 0) -> None:
        """Open the file for appending; a folder that refuses (read-only, missing disk) leaves
        the writer unopened: its lines wait in memory and the next ``flush`` tries again.

        Raises:
            FileExistsError: ``O_EXCL`` was asked and the file exists.
        """
        flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | extra_flags
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._fd = os.open(self.path, flags, 0o644)
        except FileExistsError:
            raise
        except OSError as exc:
            log.error("cannot write the game record %s: %s; check the folder or set $%s",
                      self.path, exc.strerror or exc, RECORDS_ENV)
            self._open_error = exc  # why, for the error ``flush`` raises
            return
        _fsync_dir(self.path.parent)

    @classmethod
    def create(cls, path: Path, header: Mapping[str, Any]) -> RecordWriter:
        """A new record at ``path``, or at ``<stem>-2.jsonl``, ``-3`` ... when it is taken (two
        games started in the same second keep a file each). The file appears with its header
        whole (written beside it, then linked into place), so a kill can never leave a record
        without one.

        Raises:
            RecordError: the folder refuses the new file (the message names it and the fix).
        """
        first = (json.dumps(dict(header), ensure_ascii=False, separators=(",", ":"),
                            default=str) + "\n").encode("utf-8")
        staged = path.with_name(f".{path.name}.new")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with open(staged, "wb") as f:
                f.write(first)
                f.flush()
                os.fsync(f.fileno())
            for n in range(1, 1000):
                candidate = path if n == 1 else path.with_name(f"{path.stem}-{n}{path.suffix}")
                try:
                    os.link(staged, candidate)
                except FileExistsError:
                    continue
                return cls(candidate)
        except OSError as exc:
            raise RecordError(f"cannot write the game record {path}: {exc.strerror or exc}; "
                              f"check the folder or set ${RECORDS_ENV}") from exc
        finally:
            staged.unlink(missing_ok=True)
        raise RecordError(f"no free record name beside {path}: clear the records folder")

    @property
    def pending(self) -> int:
        """Lines the disk refused so far and not yet written."""
        return len(self._pending)

    def append(self, entry: Mapping[str, Any]) -> None:
        """Write one line (after any refused before) and force it to disk before returning.

        Raises:
            RecordWriteError: the disk refused; the line is kept for the next ``append``.
        """
        line = json.dumps(dict(entry), ensure_ascii=False, separators=(",", ":"), default=str)
        self._pending.append((line + "\n").encode("utf-8"))
        self.flush()

    def flush(self) -> None:
        """Write the lines kept so far, in order.

        Raises:
            RecordWriteError: the disk still refuses; nothing is lost from memory.
        """
        if self._closed:
            raise RecordWriteError(f"the game record {self.path} is closed", self.pending)
        if self._fd is None:
            self._open()
        if self._fd is None:
            raise RecordWriteError(f"game record not saved (cannot open {self.path.name}): "
                                   f"{len(self._pending)} lines wait in memory",
                                   self.pending) from self._open_error
        while self._pending:
            data = self._pending[0]
            size = os.fstat(self._fd).st_size
            try:
                written = os.write(self._fd, data)
                if written != len(data):
                    raise OSError(28, "No space left on device")
                os.fsync(self._fd)
            except OSError as exc:
                _cut_back(self._fd, size)
                raise RecordWriteError(f"game record not saved ({exc.strerror or exc}): "
                                       f"{len(self._pending)} lines wait in memory",
                                       len(self._pending)) from exc
            self._pending.pop(0)

    def close(self) -> None:
        """Write what is kept if the disk takes it, then close; never raises."""
        if self._closed:
            return
        try:
            self.flush()
        except RecordWriteError as exc:
            log.error("closing %s: %s lines lost: %s", self.path, exc.pending, exc)
        self._closed = True
        if self._fd is None:
            return
        try:
            os.close(self._fd)
        except OSError as exc:
            log.warning("closing %s: %s", self.path, exc)
        self._fd = None

    def __enter__(self) -> Self:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()


def _cut_back(fd: int, size: int) -> None:
    """Leave no torn line after a refused write (best effort: the disk may refuse this too)."""
    try:
        if os.fstat(fd).st_size > size:
            os.ftruncate(fd, size)
    except OSError:
        pass


def repair_tail(path: Path) -> int:
    """Make a record's last line whole before lines are appended after it: a torn line (no
    newline, not a whole entry) is cut off; a whole entry that lost only its newline is kept
    and ended, as ``read_record`` counted it (the game resumed from it includes it). Returns
    the bytes removed."""
    with open(path, "rb+") as f:
        data = f.read()
        end = data.rfind(b"\n") + 1
        if end == len(data):
            return 0
        tail = data[end:].strip(b"\x00")
        kept = tail + b"\n" if tail and _parse_line(tail.decode("utf-8", "replace")) else b""
        f.seek(end)
        f.truncate(end)
        f.write(kept)
        f.flush()
        os.fsync(f.fileno())
        return len(data) - end - len(tail) if kept else len(data) - end


def finished(record: Record) -> bool:
    """A game record whose game ended or was left (an ``end`` or ``abandoned`` line)."""
    return any(e.get("type") in ("end", "abandoned") for e in record.entries)


def last_time(record: Record) -> float:
    """The latest time a record's lines reached (0 for a record with no timed line)."""
    times = [float(e["t"]) for e in record.entries if isinstance(e.get("t"), int | float)]
    return max(times, default=0.0)


def unfinished_record(records_dir: Path) -> Record | None:
    """The newest record in ``records_dir`` whose game neither ended nor was left: the game a
    kill or a power cut interrupted. Unreadable files are skipped (and logged)."""
    try:
        files = sorted(Path(records_dir).glob("*.jsonl"), key=lambda p: p.stat().st_mtime,
                       reverse=True)
    except OSError:
        return None
    for path in files[:20]:
        try:
            record = read_record(path)
        except (RecordError, OSError) as exc:
            log.warning("not a record to resume: %s", exc)
            continue
        return None if finished(record) else record
    return None


def _fsync_dir(folder: Path) -> None:
    """Make a new file's directory entry durable too (best effort: not every OS allows it)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


@dataclass(frozen=True)
class Record:
    """A record read back: its header, its event lines, and whether its end was cut off."""

    path: Path
    header: dict[str, Any]
    entries: list[dict[str, Any]] = field(default_factory=list)
    truncated: bool = False


def read_record(path: str | os.PathLike[str]) -> Record:
    """Read a record, tolerating a truncated last line (logged as a warning).

    Raises:
        RecordError: the file is missing or unreadable, has no header, or a line before the
            last is not a JSON object with a ``type`` (the message names the line).
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError as exc:
        raise RecordError(f"cannot read the game record {path}: {exc.strerror}") from exc
    lines = [(n, line) for n, line in enumerate(text.split("\n"), start=1)
             if line.strip("\x00 \t\r")]
    entries: list[dict[str, Any]] = []
    truncated = False
    for i, (number, line) in enumerate(lines):
        entry = _parse_line(line)
        if entry is None and i == len(lines) - 1 and i > 0:
            log.warning("%s: line %d is cut short (power cut while writing?); ignoring it",
                        path, number)
            truncated = True
            break
        if entry is None:
            raise RecordError(f"{path}: line {number} is corrupt (not a JSON object with a "
                              f"\"type\"); the record cannot be replayed past it")
        entries.append(entry)
    return Record(path=path, header=_check_header(path, entries), entries=entries[1:],
                  truncated=truncated)


def _parse_line(line: str) -> dict[str, Any] | None:
    try:
        entry = json.loads(line.strip("\x00"))
    except ValueError:
        return None
    if not isinstance(entry, dict) or not isinstance(entry.get("type"), str):
        return None
    return entry


def _check_header(path: Path, entries: list[dict[str, Any]]) -> dict[str, Any]:
    if not entries or entries[0].get("type") != "header":
        raise RecordError(f"{path}: line 1 is not a Dicekeeper record header; is this a game "
                          f"record (.jsonl written by dicekeeper)?")
    header = entries[0]
    if header.get("format") != FORMAT:
        raise RecordError(f"{path}: record format {header.get('format')!r} is not supported "
                          f"(this dicekeeper reads format {FORMAT}); update dicekeeper")
    for key in ("game", "side", "board"):
        if key not in header:
            raise RecordError(f"{path}: the header has no {key!r}; the record is incomplete")
    return header


def describe(entry: Mapping[str, Any]) -> str:
    """One log line for a record entry, e.g. ``t=12.4s move W0 -> 425/46R3/623 P=2``."""
    kind = entry.get("type", "?")
    t = entry.get("t")
    when = f"t={t:.1f}s " if isinstance(t, int | float) else ""
    if kind == "move":
        return f"{when}move {entry.get('move')} -> {entry.get('position')}"
    if kind == "warning":
        return f"{when}warning {entry.get('code')} {entry.get('message', '')}".rstrip()
    if kind == "setup":
        return f"{when}set up {entry.get('position')}"
    if kind == "timer_start":
        return f"{when}timer started"
    if kind == "warning_cleared":
        return f"{when}warning cleared"
    if kind == "pending":
        return f"{when}{entry.get('move')} pushed: {entry.get('message')}"
    if kind == "handled":
        return f"{when}hand over the board while {entry.get('move')} waits for its effect"
    if kind == "seen":
        return f"{when}seen {entry.get('view')}"
    if kind == "end":
        return (f"{when}end: {entry.get('outcome')} ({entry.get('reason')}), "
                f"score {entry.get('score')}")
    return f"{when}{kind}"
