"""`dicekeeper replay`: re-judging a record gives the live game's last line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from device.cli import main
from device.records import read_record
from device.replay import replay

from .test_app import GAME_SCRIPT, START, make_app


@pytest.fixture()
def live(tmp_path: Path) -> tuple[Path, str]:
    """A record written by the app on the scripted game, and the live summary line."""
    app = make_app(tmp_path, GAME_SCRIPT)
    app.run()
    return tmp_path / "r.jsonl", app.session.summary(app.now)


def _lines(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text().splitlines()]


def _write(path: Path, lines: list[dict]) -> None:
    path.write_text("".join(json.dumps(x) + "\n" for x in lines))


def test_replay_prints_the_live_summary_last(live, capsys) -> None:
    path, summary = live
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert out[-1] == summary and "success" in summary
    assert any("warning UN-F3" in line for line in out)
    assert any("move N1" in line for line in out)
    assert not any("DISAGREE" in line for line in out)


def test_replay_agrees_event_by_event(live) -> None:
    path, _ = live
    result = replay(read_record(path))
    assert result.disagreements == [] and not result.cut_short
    assert result.session.moves == 1 and result.session.outcome.result == "success"


def test_a_tampered_record_is_reported_as_a_disagreement(live, capsys) -> None:
    path, _ = live
    lines = _lines(path)
    move = next(x for x in lines if x["type"] == "move")
    move["move"] = "S1"
    _write(path, lines)
    assert main(["replay", str(path)]) == 1
    out = capsys.readouterr().out
    assert "DISAGREE: recorded t=20.5s move S1" in out and "replay says t=20.5s move N1" in out


def test_truncated_record_replays_what_is_there(live, capsys) -> None:
    path, _ = live
    text = path.read_text()
    cut = text.index('"type":"move"')
    path.write_text(text[:cut + 5])               # power cut in the middle of the move line
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert any("cut short" in line for line in out)
    assert "warning cleared" in "\n".join(out)
    assert "success" not in out[-1]


def test_corrupt_record_gives_a_one_line_message_and_exit_2(live, capsys) -> None:
    path, _ = live
    lines = path.read_text().splitlines()
    lines[2] = "not json at all"
    path.write_text("\n".join(lines) + "\n")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert "line 3" in err and err.startswith("dicekeeper replay: ") and err.count("\n") == 1


def test_unknown_game_in_header_gives_a_message(live, capsys) -> None:
    path, _ = live
    lines = _lines(path)
    lines[0]["game"] = "chess"
    _write(path, lines)
    assert main(["replay", str(path)]) == 2
    assert "unknown game 'chess'" in capsys.readouterr().err


def test_missing_record_gives_a_message(tmp_path: Path, capsys) -> None:
    assert main(["replay", str(tmp_path / "none.jsonl")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_timeout_failure_replays_the_same(tmp_path: Path, capsys) -> None:
    app = make_app(tmp_path, [(2.0, START), (2.5, START), (200.0, START), (303.0, START),
                              (304.0, START)])
    app.run()
    assert app.session.outcome.reason == "FA-E1" and app.buzzer.sounds == ["alarm"]
    live = app.session.summary(app.now)
    assert "failure" in live and live.endswith("score 0")
    assert main(["replay", str(tmp_path / "r.jsonl")]) == 0
    assert capsys.readouterr().out.strip().splitlines()[-1] == live


def test_moves_entered_with_the_buttons_replay(tmp_path: Path) -> None:
    from calibration.board_files import load_board, load_board_data
    from device.records import RecordWriter, event_entry, make_header
    from engine.games.unification import view_from_text
    from engine.session import new_session

    session = new_session("unification", "simple", load_board("unification", "simple"))
    path = tmp_path / "entered.jsonl"
    with RecordWriter(path) as record:
        record.append(make_header("unification", "simple",
                                  load_board_data("unification", "simple"), "now", "test"))
        calls = [("observe", lambda s: s.observe(view_from_text("3R33/333/343 P=3"), 1.0)),
                 ("button", lambda s: s.enter("S1", 2.0)),
                 ("button", lambda s: s.enter("N1", 3.0))]
        for source, call in calls:
            session, events = call(session)
            for event in events:  # as the app writes them: an observed call names its view
                view = {"view": "3R33/333/343 P=3"} if source == "observe" else {}
                record.append({**view, **event_entry(event), "source": source})
    result = replay(read_record(path))
    assert result.disagreements == [] and result.session.outcome.result == "success"
    assert [e["type"] for e in _lines(path)][-4:] == ["warning", "warning_cleared", "move", "end"]
