"""The game session on Unification: set-up, automatic timer start, moves, warnings, end, score,
re-judging, and the game's memo of a push still to finish."""

from __future__ import annotations

from engine.games.unification import GAME, Board, view_from_text
from engine.outcome import Outcome
from engine.session import Event, Session, new_session
from engine.table import TableView, ViewStatus

from .conftest import board_data

START = "3R33/333/343 P=3"  # red on r0c1; N1 (FLIP 4 -> 3) wins with the red die in the centre


def feed(session: Session, script: list[tuple[float, str]]) -> tuple[Session, list[Event]]:
    events: list[Event] = []
    for t, text in script:
        view = (TableView.unsettled(ViewStatus.HAND, "hand over board") if text == "hand"
                else view_from_text(text))
        session, new = session.observe(view, t)
        events += new
    return session, events


def test_set_up_phase_waits_with_a_reason(simple: Board) -> None:
    session = new_session("unification", "simple", simple)
    assert (session.status, session.state, session.clock.started) == (
        "set up the dice", None, False)
    session, events = feed(session, [(0.0, "333/3R33/3.. P=3")])
    assert events == [] and session.status == "set up the dice: 7 of 9 in the grid"
    assert not session.clock.started and session.summary(0.0) == "unification (simple): setting up"


def test_scripted_game_with_a_warning_put_back_and_success(simple: Board) -> None:
    session = new_session("unification", "simple", simple)
    session, events = feed(session, [(2.0, START)])
    assert [e.kind for e in events] == ["setup", "timer_start"]
    assert events[0].data == {"position": "3R33/333/343 P=3 F=none", "view": START}
    assert session.clock.started_at == 2.0

    # S1 pushes the red die out: UN-F1 once, not repeated, kept through a hand, cleared on put-back
    session, events = feed(session, [(10.0, "333/343/333 P=R3"), (11.0, "333/343/333 P=R3"),
                                     (12.0, "hand")])
    assert [(e.kind, e.data.get("code")) for e in events] == [("warning", "UN-F1")]
    assert session.warning == ("UN-F1", "red die can't leave")
    assert session.status == "hand over board" and session.clock.running
    session, events = feed(session, [(15.0, START)])
    assert [(e.kind, e.data["code"]) for e in events] == [("warning_cleared", "UN-F1")]
    assert session.warning is None and session.moves == 0

    # a die turned by hand is a different warning
    session, events = feed(session, [(20.0, "3R33/333/353 P=3"), (22.0, START)])
    assert [(e.kind, e.data.get("code")) for e in events] == [
        ("warning", "UN-F8"), ("warning_cleared", "UN-F8")]

    # N1 done but FLIP not applied yet: pending, then the flip makes nine 3s
    session, events = feed(session, [(30.0, "333/3R33/333 P=4"), (31.0, "333/3R33/333 P=4")])
    assert [(e.kind, e.data["move"]) for e in events] == [("pending", "N1")]  # recorded once
    assert session.status == "apply effect: flip"
    session, events = feed(session, [(40.0, "333/3R33/333 P=3")])
    assert [e.kind for e in events] == ["move", "end"]
    assert events[0].data == {"move": "N1", "position": "333/3R33/333 P=3 F=S1",
                              "view": "333/3R33/333 P=3", "moves": 1}
    assert session.outcome == Outcome("success", "UN-E1")
    assert session.clock.started_at == 2.0 and session.clock.stopped_at == 40.0
    assert session.score == 8  # 262 s left: 4 whole minutes, doubled (red on r1c1)
    summary = "unification (simple): success with 4:22 left, score 8"
    assert events[1].data == {"outcome": "success", "reason": "UN-E1", "score": 8,
                              "remaining": 262.0, "summary": summary}
    assert session.summary(1000.0) == summary
    assert session.observe(view_from_text(START), 50.0) == (session, [])


def test_timeout_is_failure_fa_e1(simple: Board) -> None:
    session, _ = feed(new_session("unification", "simple", simple, duration=300.0),
                      [(0.0, START)])
    assert session.tick(299.0) == (session, [])
    ended, events = session.tick(301.0)
    assert [e.kind for e in events] == ["end"] and ended.score == 0
    assert ended.outcome == Outcome("failure", "FA-E1")
    assert ended.summary(400.0) == "unification (simple): failure (FA-E1 time is up), score 0"
    # a view after 0:00 ends the game too, and never plays a move
    late, events = session.observe(view_from_text("333/3R33/333 P=3"), 305.0)
    assert late.outcome == Outcome("failure", "FA-E1") and late.moves == 0


def test_stuck_set_up_is_failure_un_e2() -> None:
    data = {**board_data("simple"), "exits": {f"{s}{i}": ["DEC1"] for s in "NESW"
                                              for i in range(3)}}
    board = GAME.load_board("simple", data)
    session, events = feed(new_session("unification", "simple", board),
                           [(0.0, "111/1R11/111 P=1")])
    assert [e.kind for e in events] == ["setup", "timer_start", "end"]
    assert session.outcome == Outcome("failure", "UN-E2")
    assert session.summary(5.0) == "unification (simple): failure (UN-E2 no legal push), score 0"


def test_button_starts_the_timer_before_set_up(simple: Board) -> None:
    session, events = new_session("unification", "simple", simple).start_timer(5.0)
    assert [e.kind for e in events] == ["timer_start"] and session.state is None
    assert session.start_timer(6.0) == (session, [])
    session, events = feed(session, [(10.0, START)])
    assert [e.kind for e in events] == ["setup"] and session.clock.started_at == 5.0
    assert session.remaining(65.0) == 240.0


def test_record_re_judged_from_view_texts_gives_the_same_events(simple: Board) -> None:
    script = [(2.0, START), (3.0, "hand"), (10.0, "333/343/333 P=R3"), (15.0, START),
              (20.0, "R333/333/343 P=3"), (21.0, "R333/333/343 P=5"),
              (30.0, "R333/333/343 P=5")]
    session, recorded = feed(new_session("unification", "simple", simple), script)
    assert [e.kind for e in recorded].count("move") == 1
    replay = new_session("unification", "simple", simple)
    replayed: list[Event] = []
    for event in recorded:
        if "view" in event.data:
            replay, new = replay.observe(view_from_text(event.data["view"]), event.t)
            replayed += new
    assert replayed == recorded
    assert replay.state == session.state and replay.moves == session.moves


# E2 on START: row 2 becomes 4 3 3 and its 3 leaves through W2 (REROLL on the simple side)
PUSHED_OUT_AS_IT_WAS = "3R33/333/433 P=3"


def test_reroll_keeping_its_face_counts_once_a_hand_was_over_the_die(simple: Board) -> None:
    session, _ = feed(new_session("unification", "simple", simple), [(0.0, START)])
    session, events = feed(session, [(5.0, PUSHED_OUT_AS_IT_WAS), (6.0, PUSHED_OUT_AS_IT_WAS)])
    assert [(e.kind, e.data["message"]) for e in events] == [("pending", "apply effect: reroll")]
    assert session.status == "apply effect: reroll" and session.moves == 0
    assert (session.memo.pending, session.memo.handled) == ("E2", False)

    session, events = feed(session, [(7.0, "hand"), (8.0, "hand")])
    assert [(e.kind, e.data["move"]) for e in events] == [("handled", "E2")]  # noted once
    session, events = feed(session, [(9.0, PUSHED_OUT_AS_IT_WAS)])
    assert [e.kind for e in events] == ["move"]
    assert events[0].data["move"] == "E2=3" and events[0].data["position"] == (
        "3R33/333/433 P=3 F=W2")
    assert (session.moves, session.memo) == (1, None)  # nothing left to remember


def test_reroll_showing_its_old_face_without_a_hand_stays_pending(simple: Board) -> None:
    session, _ = feed(new_session("unification", "simple", simple), [(0.0, START)])
    moving = TableView.unsettled(ViewStatus.MOVING, "dice moving")
    session, events = session.observe(view_from_text(PUSHED_OUT_AS_IT_WAS), 5.0)
    session, more = session.observe(moving, 6.0)  # a flicker of the reader is not a hand
    session, again = session.observe(view_from_text(PUSHED_OUT_AS_IT_WAS), 7.0)
    assert [e.kind for e in events + more + again] == ["pending"] and session.moves == 0
    assert session.status == "apply effect: reroll"


def test_a_hand_over_another_pending_push_does_not_carry_over(simple: Board) -> None:
    session, _ = feed(new_session("unification", "simple", simple), [(0.0, START)])
    # N1 pushed out the 4 (FLIP still to apply), a hand, then the table is put back: pending
    # is forgotten, so E2's same-face reroll afterwards still needs its own hand
    session, _ = feed(session, [(5.0, "333/3R33/333 P=4"), (6.0, "hand"), (7.0, START),
                                (8.0, PUSHED_OUT_AS_IT_WAS)])
    assert (session.memo.pending, session.memo.handled, session.moves) == ("E2", False, 0)


def test_handled_events_replay_to_the_same_events(simple: Board) -> None:
    script = [(0.0, START), (5.0, PUSHED_OUT_AS_IT_WAS), (7.0, "hand"),
              (9.0, PUSHED_OUT_AS_IT_WAS)]
    _, live = feed(new_session("unification", "simple", simple), script)
    assert [e.kind for e in live] == ["setup", "timer_start", "pending", "handled", "move"]
    # a record keeps only the events; re-judging feeds their views back (device/replay.py)
    session, again = new_session("unification", "simple", simple), []
    for e in live:
        if "view" in e.data and e.kind != "timer_start":
            session, new = session.observe(view_from_text(e.data["view"]), e.t)
            again += new
    assert again == live


def test_a_move_entered_with_the_buttons_is_judged_like_any_move(simple: Board) -> None:
    session, _ = feed(new_session("unification", "simple", simple), [(0.0, START)])
    session, events = session.enter("S1", 3.0)  # pushes the red die out
    assert [(e.kind, e.data["code"], e.data["input"]) for e in events] == [
        ("warning", "UN-F1", "S1")]
    assert session.warning == ("UN-F1", "red die can't leave") and session.moves == 0
    session, events = session.enter("N1", 4.0)
    assert [e.kind for e in events] == ["warning_cleared", "move", "end"]
    assert all(e.data["input"] == "N1" for e in events)
    assert events[1].data["position"] == "333/3R33/333 P=3 F=S1"
    assert session.outcome == Outcome("success", "UN-E1") and session.last_move == "N1"
    assert session.enter("N1", 5.0) == (session, [])  # the game is over


def test_a_memory_change_on_an_unrecorded_view_is_recorded_so_a_replay_agrees(
        simple: Board) -> None:
    """A push waiting for its reroll, the table put back (the referee forgets the push: no
    event of its own), the same push again: the forgetting is recorded as the view seen, so
    re-judging the record's views gives the same events."""
    script = [(0.0, START), (5.0, PUSHED_OUT_AS_IT_WAS), (6.0, START),
              (7.0, PUSHED_OUT_AS_IT_WAS)]
    _, live = feed(new_session("unification", "simple", simple), script)
    assert [e.kind for e in live] == ["setup", "timer_start", "pending", "seen", "pending"]
    session, again = new_session("unification", "simple", simple), []
    for e in live:
        if "view" in e.data and e.kind != "timer_start":
            session, new = session.observe(view_from_text(e.data["view"]), e.t)
            again += new
    assert again == live
