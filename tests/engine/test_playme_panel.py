"""PlayMe's panel: the scoreboard lines and the button moves (``engine.games.playme.panel``)."""

from __future__ import annotations

from engine.games.playme import GAME


def _state(text: str):
    from calibration.board_files import load_board as load

    return GAME.parse_position(text, load("playme", "standard"))


def test_between_rounds_the_buttons_offer_play_me_and_the_scoreboard_shows_every_seat() -> None:
    state = _state("P1[] P2[] P3[] modes=M,W,W wins=1,0,0 round=ready last=P1")
    panel = GAME.panel(state)
    assert panel.turn == "rabbit phase · press start"
    assert panel.lines == ("P1 Alice M1 stops at 4 until a 5",
                           "P2 Cat W0 cannot be blocked",
                           "P3 Walrus W0 swaps a last die")
    assert [(o.label, o.move) for o in panel.offers] == [("Play me! (start)", "START")]
    assert panel.pages[0] == ("P1 Alice", "Madness, 1 round wins", "stops at 4 until a 5")


def test_during_a_round_only_claims_of_complete_rows_and_a_legal_stop_are_offered() -> None:
    assert GAME.panel(_state("P1[1,2] P2[] P3[]")).offers == ()
    panel = GAME.panel(_state("P1[1,2,3,4,5,6] P2[] P3[1,2,3,4,5,6]"))
    assert [o.move for o in panel.offers] == ["CLAIM P1", "CLAIM P3"]
    jab = GAME.panel(_state("P1[] P2[] P3[1,2,3] modes=W,W,M wins=1,1,2 phase=jabberwock J=P3 "
                            "flags=three"))
    assert [(o.label, o.move) for o in jab.offers] == [("Stop! (Jabberwock)", "STOP")]


def test_after_a_jabberwock_win_the_flips_are_offered_and_start_waits() -> None:
    state = _state("P1[] P2[] P3[] modes=W,W,M wins=1,1,2 phase=jabberwock J=P3 D=0 "
                   "round=ready last=P3 todo=flip")
    assert [o.move for o in GAME.panel(state).offers] == ["FLIP P1", "FLIP P2"]
