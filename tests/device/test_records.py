"""Game records: header + event lines, fsync per line, tolerant reading of a cut-off end."""

from __future__ import annotations

import json
import logging
import os
from datetime import datetime
from pathlib import Path
from types import SimpleNamespace

import pytest

from device import records
from device.errors import DeviceError
from device.records import (
    RecordError,
    RecordWriter,
    default_records_dir,
    event_entry,
    make_header,
    read_record,
    record_path,
)

BOARD = {"game": "unification", "side": "simple", "effects": {"N": ["DEC1"]}}


def _write(path: Path, n_events: int = 3) -> None:
    with RecordWriter(path) as writer:
        writer.append(make_header("unification", "simple", BOARD, "2026-11-21T05:30:00Z",
                                  "0.1.0", duration=300.0))
        for i in range(n_events):
            writer.append(event_entry(SimpleNamespace(kind="move", t=1.5 * i,
                                                      data={"move": f"W{i}", "pushes": i})))


def test_header_then_one_line_per_event(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "r.jsonl"
    _write(path)
    lines = [json.loads(x) for x in path.read_text().splitlines()]
    assert lines[0]["type"] == "header" and lines[0]["format"] == 1
    assert lines[0]["board"] == BOARD and lines[0]["duration"] == 300.0
    assert [x["move"] for x in lines[1:]] == ["W0", "W1", "W2"]
    assert lines[2] == {"type": "move", "t": 1.5, "move": "W1", "pushes": 1}


def test_each_append_is_flushed_and_fsynced(tmp_path: Path, monkeypatch) -> None:
    synced: list[int] = []
    real_fsync = os.fsync
    monkeypatch.setattr(records.os, "fsync", lambda fd: (synced.append(fd), real_fsync(fd)))
    path = tmp_path / "r.jsonl"
    writer = RecordWriter(path)
    before = len(synced)
    writer.append({"type": "warning", "t": 2.0, "code": "UN-F1"})
    # fsynced before append returned, and readable by another reader without close()
    assert len(synced) == before + 1
    assert json.loads(path.read_text())["code"] == "UN-F1"
    writer.close()


def test_read_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    _write(path)
    record = read_record(path)
    assert record.header["game"] == "unification" and not record.truncated
    assert [e["type"] for e in record.entries] == ["move"] * 3


def test_truncated_last_line_is_tolerated_with_a_warning(tmp_path: Path, caplog) -> None:
    path = tmp_path / "r.jsonl"
    _write(path)
    with open(path, "a") as f:
        f.write('{"type": "move", "t": 9.0, "mo')
    with caplog.at_level(logging.WARNING):
        record = read_record(path)
    assert record.truncated and len(record.entries) == 3
    assert "line 5" in caplog.text


def test_repair_tail_cuts_a_torn_line_and_keeps_a_whole_one(tmp_path: Path) -> None:
    """A power cut that took only the last newline leaves a whole entry: read_record counts
    it, so the resumed game includes it and appending must not cut it (it did: the move was
    lost from the record while the resumed game had played it)."""
    path = tmp_path / "r.jsonl"
    _write(path)
    whole = path.read_bytes()
    path.write_bytes(whole[:-1])                      # the last move, without its newline
    assert records.repair_tail(path) == 0
    assert path.read_bytes() == whole
    assert len(read_record(path).entries) == 3
    with open(path, "ab") as f:
        f.write(b'{"type": "move", "t": 9.0, "mo')    # a torn line
    assert records.repair_tail(path) == len(b'{"type": "move", "t": 9.0, "mo')
    assert path.read_bytes() == whole
    path.write_bytes(whole[:-1] + b"\x00" * 8)       # whole, then the disk's zero padding
    records.repair_tail(path)
    assert path.read_bytes() == whole


def test_nul_padding_after_power_cut_is_ignored(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    _write(path, n_events=1)
    with open(path, "ab") as f:
        f.write(b"\x00" * 64)
    record = read_record(path)
    assert len(record.entries) == 1


def test_corrupt_middle_line_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    _write(path)
    lines = path.read_text().splitlines()
    lines[2] = "garbage{"
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(RecordError, match="line 3") as info:
        read_record(path)
    assert isinstance(info.value, DeviceError) and isinstance(info.value, ValueError)


def test_missing_header_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    path.write_text('{"type": "move", "t": 1}\n')
    with pytest.raises(RecordError, match="header"):
        read_record(path)


def test_missing_file_is_a_record_error(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="cannot read"):
        read_record(tmp_path / "nope.jsonl")


def test_record_names_and_default_folder(tmp_path: Path) -> None:
    when = datetime(2026, 11, 21, 5, 30, 7)
    assert record_path(tmp_path, "unification", "simple", when).name == \
        "unification-simple-20261121-053007.jsonl"
    assert default_records_dir({"DICEKEEPER_RECORDS": str(tmp_path)}) == tmp_path
    assert default_records_dir({}).parts[-4:] == (".local", "share", "dicekeeper", "records")
