"""``dicekeeper replay RECORD``: re-judge a game record and print the result.

A fresh ``Session`` is built from the header's game, side and board data; every recorded
call is made again with its time: views (engine ``view_from_text``) go through ``observe()``,
clock ticks through ``tick()``, button starts through ``start_timer()``, moves entered with the
buttons (their ``input`` text) through ``enter()``. What the engine says
now is compared with what it said then; each disagreement is printed as a clear line. The last
line is the session summary, the same line the live game printed.

Exit status: 0 when the replay agrees (also for a record cut short by a power cut), 1 when the
record cannot be read, 2 when the replay disagrees with the record.

May import: everything (device is the composition root).
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from device.errors import DeviceError
from device.records import DEVICE_TYPES, Record, RecordError, describe, event_entry, read_record
from engine.errors import EngineError
from engine.session import Event, Session

log = logging.getLogger(__name__)

# Fields that must agree between the record and the replay, when either has them.
DISAGREES = 1     # exit status: the replay does not say what the record says
UNREADABLE = 2    # exit status: the record cannot be read or re-judged
COMPARED = ("move", "position", "code", "outcome", "reason", "score")


@dataclass
class ReplayResult:
    """What a replay found: the session at the end, its lines, disagreements, cut short?

    ``lost_tail``: the lines the record's last call should hold after those it has (a power
    cut took them before they reached the disk), as the device writes them: a resumed game
    writes them first, so its record stays whole.
    """

    session: Any
    last_t: float
    lines: list[str] = field(default_factory=list)
    disagreements: list[str] = field(default_factory=list)
    cut_short: bool = False
    lost_tail: list[dict[str, Any]] = field(default_factory=list)

    @property
    def summary(self) -> str:
        return str(self.session.summary(self.last_t))


def _source(entry: dict[str, Any]) -> str:
    """Which session call produced an entry (older records lack "source": infer it)."""
    if "source" in entry:
        return str(entry["source"])
    if "view" in entry:
        return "observe"
    return "button" if entry["type"] == "timer_start" else "tick"


def _calls(entries: list[dict[str, Any]]) -> Iterator[list[dict[str, Any]]]:
    """Group consecutive engine entries that one session call produced (same source and t)."""
    group: list[dict[str, Any]] = []
    for entry in entries:
        if entry.get("type") in DEVICE_TYPES:
            continue
        key = _call_key(entry)
        if group and key != _call_key(group[0]):
            yield group
            group = []
        group.append(entry)
    if group:
        yield group


def _call_key(entry: dict[str, Any]) -> tuple[object, ...]:
    return (_source(entry), entry.get("t"), entry.get("view"), entry.get("input"))


def _mismatch(recorded: dict[str, Any], replayed: dict[str, Any]) -> bool:
    if recorded["type"] != replayed["type"]:
        return True
    return any(recorded.get(k) != replayed.get(k) for k in COMPARED
               if k in recorded or k in replayed)


def _new_session(header: dict[str, Any]) -> Session:
    from engine.games import find_game
    from engine.session import new_session

    game = find_game(header["game"])
    board = game.load_board(header["side"], header["board"])
    duration = header.get("duration")
    return new_session(header["game"], header["side"], board,
                       duration=None if duration is None else float(duration))


def _call(session: Session, group: list[dict[str, Any]]) -> tuple[Session, list[Event]]:
    first = group[0]
    t = float(first["t"])
    source = _source(first)
    if source == "observe":
        return session.observe(session.rules.view_from_text(first["view"]), t)
    if source == "button" and "input" in first:
        return session.enter(str(first["input"]), t)
    if source == "button":
        return session.start_timer(t)
    return session.tick(t)


def replay(record: Record) -> ReplayResult:
    """Re-judge a record read with ``read_record``.

    Raises:
        EngineError: unknown game or side, or a board or view the engine cannot parse.
        KeyError / ValueError: an entry lacks the fields its call needs.
    """
    session = _new_session(record.header)
    result = ReplayResult(session=session, last_t=0.0, cut_short=record.truncated)
    groups = list(_calls(record.entries))
    for i, group in enumerate(groups):
        session, events = _call(session, group)
        replayed = [event_entry(e) for e in events]
        result.lines.extend(describe(e) for e in replayed)
        if i == len(groups) - 1 and len(replayed) > len(group):
            # a power cut may take the last lines of the last call: fewer is no quarrel
            result.lost_tail = [_as_written(e, group[0]) for e in replayed[len(group):]]
            replayed = replayed[:len(group)]
        _compare(result, group, replayed)
        result.last_t = float(group[0]["t"])
    result.session = session
    if session.outcome is None:
        result.cut_short = True
    return result


def _as_written(entry: dict[str, Any], call: dict[str, Any]) -> dict[str, Any]:
    """A replayed line with what the device adds to the lines of that call (its source, the
    view or input it was given)."""
    keys = ("source", "view", "input")
    return {**entry, **{k: call[k] for k in keys if k in call and k not in entry}}


def _compare(result: ReplayResult, recorded: list[dict[str, Any]],
             replayed: list[dict[str, Any]]) -> None:
    for i in range(max(len(recorded), len(replayed))):
        old = describe(recorded[i]) if i < len(recorded) else "nothing"
        new = describe(replayed[i]) if i < len(replayed) else "nothing"
        if i >= len(recorded) or i >= len(replayed) or _mismatch(recorded[i], replayed[i]):
            result.disagreements.append(f"DISAGREE: recorded {old}; replay says {new}")


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split())


def command(args: argparse.Namespace) -> int:
    """``dicekeeper replay RECORD``: 0 when the replay agrees with the record, DISAGREES (1)
    when it does not, UNREADABLE (2, one line on stderr) when the record cannot be read."""
    try:
        record = read_record(args.record)
        result = replay(record)
    except (RecordError, DeviceError) as exc:
        print(f"dicekeeper replay: {_one_line(exc)}", file=sys.stderr)
        return UNREADABLE
    except (EngineError, KeyError, ValueError, TypeError) as exc:
        print(f"dicekeeper replay: {args.record} cannot be re-judged: {_one_line(exc)}",
              file=sys.stderr)
        return UNREADABLE
    for line in result.lines:
        print(line)
    for line in result.disagreements:
        print(line)
    if result.cut_short:
        print(f"the game was cut short at t={result.last_t:.1f}s (record ends before the game)")
    print(result.summary)
    return DISAGREES if result.disagreements else 0
