"""Game records: JSON Lines written as the game is played, so a power cut loses nothing.

A record is a header line (``{"type": "header", "format": 1, "game", "side", "board", "started",
"version", ...}``) followed by one line per engine event (``{"type": kind, "t": seconds,
**data}``). Every line is flushed and fsynced before ``append`` returns. ``read_record`` reads one
back, tolerating a last line cut short by a power cut.

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


def default_records_dir(environ: Mapping[str, str] | None = None) -> Path:
    """Where records go: ``$DICEKEEPER_RECORDS`` or ``~/.local/share/dicekeeper/records``."""
    env = os.environ if environ is None else environ
    if env.get(RECORDS_ENV):
        return Path(env[RECORDS_ENV]).expanduser()
    return Path.home() / ".local" / "share" / "dicekeeper" / "records"


def record_path(records_dir: Path, game: str, side: str, started: datetime) -> Path:
    """``<records_dir>/<game>-<side>-<YYYYmmdd-HHMMSS>.jsonl``."""
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
    """Appends JSON lines to a record file, each flushed and fsynced.

    Use as a context manager or call ``close``. The folder is created if needed.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        created = not self.path.exists()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            # kept open for the writer's life; closed by close() / __exit__
            self._file = open(self.path, "a", encoding="utf-8")  # noqa: SIM115
        except OSError as exc:
            raise RecordError(f"cannot write the game record {self.path}: {exc.strerror}; "
                              f"check the folder or set ${RECORDS_ENV}") from exc
        if created:
            _fsync_dir(self.path.parent)

    def append(self, entry: Mapping[str, Any]) -> None:
        """Write one line and force it to disk before returning."""
        line = json.dumps(dict(entry), ensure_ascii=False, separators=(",", ":"), default=str)
        self._file.write(line + "\n")
        self._file.flush()
        os.fsync(self._file.fileno())

    def close(self) -> None:
        if not self._file.closed:
            self._file.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()


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
    if kind == "end":
        return (f"{when}end: {entry.get('outcome')} ({entry.get('reason')}), "
                f"score {entry.get('score')}")
    return f"{when}{kind}"
