"""PlayMe rules (PM-*): the worked examples PM-X1..X8 verbatim, the actions and abilities,
every warning code ``play`` gives, the round wins, the phases, every end rule, the optional
rules and the order of ``legal_moves``.

Players as in the rules' section 10: P1 Alice, P2 Cheshire Cat, P3 Walrus (the packaged
board's seating for three players), all on the Wonder side unless stated."""

from __future__ import annotations

import pytest

from engine.games.playme import GAME
from engine.outcome import Outcome

from .playme_support import board, moves_of, play, pos, refused, win_round

START = "P1[] P2[] P3[]"


# --- PM-X1..X8 --------------------------------------------------------------------------------

def test_x1_block_and_unblock() -> None:
    """PM-X1 (PM-A2 Block, PM-A3 Unblock): P1 row 1 2; P3 blocks with a 3: 1 2 P3:3,
    n(P1) = 4; P1 cannot advance while blocked; P1 unblocks with the 3: P3's die returns, P1's
    3 goes back to the hand: 1 2; P1 needs another 3 to advance."""
    state = play(pos("P1[1,2] P2[] P3[]"), "BLK P3>P1 3")
    assert state.row(1) == pos("P1[1,2,P3:3] P2[] P3[]").row(1)
    assert len(state.row(1)) + 1 == 4
    for face in (3, 4, 5, 6):  # P1 rolls 3 5 5 6: no Advance fits while blocked
        assert refused(state, f"ADV P1 {face}").code == "PM-F1"
    state = play(state, "UNB P1 3")
    assert state.position().startswith("P1[1,2] P2[] P3[]")
    assert refused(state, "ADV P1 4").code == "PM-F1"
    assert play(state, "ADV P1 3").position().startswith("P1[1,2,3] ")


def test_x2_the_cat_in_wonder_is_immune() -> None:
    """PM-X2: any die laid on P2's row by P1 or P3 while P2 is on the Wonder side is PM-F2
    (the Walrus's swap counts as a block)."""
    state = pos("P1[] P2[1,2] P3[]")
    for move in ("BLK P1>P2 3", "BLK P3>P2 3", "SWAP P3>P2 2"):
        error = refused(state, move)
        assert (error.code, error.reason) == ("PM-F2", error.reason)
        assert "Cheshire Cat in Wonder" in error.reason
    assert play(pos("P1[] P2[1,2] P3[] modes=W,M,W"), "BLK P1>P2 3").row(2)[-1].owner == 1


def test_x3_walrus_swap() -> None:
    """PM-X3: P1 row 1 2 3 (all P1's); P3 holds a 3 and swaps: P1 row 1 2 P3:3."""
    state = play(pos("P1[1,2,3] P2[] P3[]"), "SWAP P3>P1 3")
    assert state.position().startswith("P1[1,2,P3:3] P2[] P3[]")
    assert state.blocked(1)


def test_x4_cheshire_cat_in_madness_holds_one_block_per_player() -> None:
    """PM-X4: P2 (Madness) 1 2; P1 blocks with 3: 1 2 P1:3; P3 blocks with 4: 1 2 P1:3 P3:4;
    a second P1 block is PM-F2; P2 unblocks P3's 4 first (rightmost), then P1's 3."""
    state = play(pos("P1[] P2[1,2] P3[] modes=W,M,W"), "BLK P1>P2 3", "BLK P3>P2 4")
    assert state.position().startswith("P1[] P2[1,2,P1:3,P3:4] P3[]")
    assert refused(state, "BLK P1>P2 5").code == "PM-F2"
    assert refused(state, "UNB P2 3").code == "PM-F3"
    state = play(state, "UNB P2 4")
    assert state.position().startswith("P1[] P2[1,2,P1:3] P3[]")
    assert play(state, "UNB P2 3").position().startswith("P1[] P2[1,2] P3[]")


def test_x5_alice_in_madness_waits_at_four() -> None:
    """PM-X5: P1 (Madness) 1 2 3 4 holding a 5: PM-F5 while nobody else reached 5; as soon as
    P2 lays its own 5, P1 may advance 5."""
    state = pos("P1[1,2,3,4] P2[1,2,3,4] P3[] modes=M,W,W wins=1,0,0")
    assert refused(state, "ADV P1 5").code == "PM-F5"
    state = play(state, "ADV P2 5")
    assert state.flags == ("five",)
    assert play(state, "ADV P1 5").row(1)[-1].face == 5


def test_x5_the_limit_holds_for_the_rest_of_the_round_only() -> None:
    """PM-X5: after another player's 5, no limit for the rest of the round; a new round
    starts without the flag."""
    state = play(pos("P1[1,2,3] P2[1,2,3,4] P3[] modes=M,W,W wins=1,0,0"), "ADV P1 4",
                 "ADV P2 5", "ADV P2 6", "ADV P1 5", "ADV P1 6")
    assert state.row(1)[-1].face == 6
    again = play(win_round(state, 3), "START")
    assert again.flags == () and again.alice_limited(1)


def test_x6_caterpillar_in_madness() -> None:
    """PM-X6: round start row 1 X:1 (own 1, a foreign 1-block in slot 2): the Caterpillar
    needs a 1 to unblock, then a 2 to advance."""
    state = pos("P1[] P2[] P3[1,X:1] chars=alice,cat,caterpillar modes=W,W,M wins=0,0,1")
    assert refused(state, "ADV P3 2").code == "PM-F1"
    assert refused(state, "UNB P3 2").code == "PM-F3"
    state = play(state, "UNB P3 1")
    assert state.position().startswith("P1[] P2[] P3[1] ")
    assert play(state, "ADV P3 2").position().startswith("P1[] P2[] P3[1,2] ")


def test_x6_the_round_start_puts_the_caterpillars_dice() -> None:
    """PM-R2 / AMB-PM4: the Caterpillar's own 1 in slot 1 on both sides; in Madness a 1-block
    from an unused colour (X), or with six players from the player on his left."""
    three = pos("P1[] P2[] P3[1] chars=alice,cat,caterpillar")
    after = play(win_round(three, 3), "START")
    assert after.position().startswith("P1[] P2[] P3[1,X:1] ")
    six = pos("P1[] P2[] P3[] P4[] P5[] P6[1] chars=alice,cat,walrus,queen,hatter,caterpillar")
    after = play(win_round(six, 6), "START")
    assert after.position().startswith("P1[] P2[] P3[] P4[] P5[] P6[1,P1:1] ")


def test_x7_the_jabberwock_trigger() -> None:
    """PM-X7: round 1 P1 wins (flips), round 2 P2 wins (flips), round 3 P3 wins (flips): all
    on Madness, P3 becomes J, P1 and P2 turn back to Wonder, N = 3. Had P1 won round 3 instead,
    P1 (already on Madness) would have won the game."""
    state = play(win_round(pos(START), 1), "START")
    assert [pl.mode for pl in state.players] == ["M", "W", "W"]
    round3 = play(win_round(state, 2), "START")
    assert [pl.mode for pl in round3.players] == ["M", "M", "W"]
    state = win_round(round3, 3)
    assert (state.phase, state.jabberwock, state.defeats) == ("jabberwock", 3, 0)
    assert [pl.mode for pl in state.players] == ["W", "W", "M"] and state.count == 3
    assert state.outcome is None
    other = play(round3, *(f"ADV P2 {k}" for k in range(1, 6)))  # Alice waits for a 5
    other = win_round(other, 1)
    assert other.outcome == Outcome("win", "PM-E1", 1)
    assert GAME.report(other) == {"winners": [1]}


X8 = ("P1[] P2[] P3[] P4[] chars=alice,cat,walrus,queen modes=W,W,W,M wins=1,1,1,2 "
      "phase=jabberwock J=P4 D=0")


def test_x8_betrayal() -> None:
    """PM-X8: J = P4, N = 4. P1 wins (D = 1) and betrays P2. P3 wins (D = 2). J wins and flips
    P3. P1 wins (D = 3). P2 wins (D = 4): P1, a betrayer, is the only Wonder-side survivor, so
    P1 alone is the winner."""
    state = win_round(pos(X8), 1)
    assert (state.defeats, state.todo) == (1, ("betray",))
    state = play(state, "BETRAY P1>P2", "START")
    assert (state.player(2).mode, state.betrayers) == ("M", (1,))
    state = play(win_round(state, 3), "START")
    assert state.defeats == 2
    state = win_round(state, 4)
    assert state.todo == ("flip",) and state.defeats == 2
    before_last = play(state, "FLIP P3", "START")
    state = play(win_round(before_last, 1), "START")
    assert state.defeats == 3
    state = win_round(state, 2)
    assert state.defeats == 4
    assert state.outcome == Outcome("win", "PM-E3", 1)
    assert GAME.report(state) == {"winners": [1]}


def test_x8_if_the_jabberwock_flips_the_betrayer_the_jabberwock_wins() -> None:
    """PM-X8 / PM-E4: if instead J had then won a round and flipped P1, every survivor would
    be on Madness and J would win."""
    state = play(win_round(pos(X8), 1), "BETRAY P1>P2", "START")
    state = play(win_round(state, 3), "START")
    state = play(win_round(state, 4), "FLIP P3", "START")
    state = play(win_round(state, 4), "FLIP P1")
    assert state.outcome == Outcome("win", "PM-E4", 4)
    assert state.legal_moves() == []
    assert GAME.end_text(state, state.outcome, None, None, 0) == (
        "P4 (Queen of Hearts) wins: every survivor went mad")


# --- the actions and their warnings (PM-A1..A4, PM-F1..F11) ----------------------------------

@pytest.mark.parametrize(("position", "move", "words"), [
    ("P1[1,2] P2[] P3[]", "ADV P1 4", "slot 3 with a 3, not a 4"),     # wrong face
    ("P1[1,P3:2] P2[] P3[]", "ADV P1 3", "blocked"),                      # while blocked
    ("P1[1,2,3,4,5,6] P2[] P3[]", "ADV P1 6", "complete"),                # nowhere to go
])
def test_f1_advancing_wrongly(position: str, move: str, words: str) -> None:
    """PM-F1: the wrong face, not in the leftmost empty slot (the face says which), or while
    blocked."""
    error = refused(pos(position), move)
    assert error.code == "PM-F1" and words in error.reason
    assert error.position == pos(position).position() and error.move == move


@pytest.mark.parametrize(("position", "move", "words"), [
    ("P1[1,2] P2[] P3[]", "BLK P3>P1 4", "shows 3"),                     # wrong face
    ("P1[1,2,P3:3] P2[] P3[]", "BLK P2>P1 4", "already blocked"),         # a second block
    ("P1[] P2[1] P3[]", "BLK P1>P2 2", "Cheshire Cat in Wonder"),         # immune cat
    ("P1[] P2[1,2,P1:3] P3[] modes=W,M,W", "BLK P1>P2 4", "already blocks"),
    ("P1[1,2,3,4,5,6] P2[] P3[]", "BLK P3>P1 1", "complete"),
    ("P1[] P2[] P3[]", "BLK P1>P1 1", "own row"),
])
def test_f2_blocking_wrongly(position: str, move: str, words: str) -> None:
    """PM-F2 (AMB-PM3: one block per row, on the Cat in Madness one per other player): the
    wrong face, a row already blocked, the Cheshire Cat in Wonder, a second block by the same
    player on the Cat in Madness."""
    error = refused(pos(position), move)
    assert error.code == "PM-F2" and words in error.reason


def test_queen_of_hearts_1_blocks() -> None:
    """Queen in Wonder blocks anyone with a 1 whatever n is; everyone blocks the Queen in
    Madness with a 1; otherwise a block shows n (PM-F2)."""
    queen = "chars=queen,alice,walrus"
    state = pos(f"P1[] P2[1,2,3] P3[] {queen}")
    assert play(state, "BLK P1>P2 1").row(2)[-1].face == 1
    assert play(state, "BLK P1>P2 4").row(2)[-1].face == 4
    assert refused(state, "BLK P3>P2 1").code == "PM-F2"
    mad = pos(f"P1[1,2] P2[] P3[] {queen} modes=M,W,W wins=1,0,0")
    assert play(mad, "BLK P3>P1 1").row(1)[-1].face == 1
    assert refused(pos(f"P1[1,2] P2[] P3[] {queen}"), "BLK P3>P1 1").code == "PM-F2"
    assert moves_of(mad) == ["ADV P1 3", "ADV P2 1", "ADV P3 1", "BLK P1>P2 1", "BLK P1>P3 1",
                             "BLK P2>P1 1", "BLK P2>P1 3", "BLK P2>P3 1", "BLK P3>P1 1",
                             "BLK P3>P1 3", "BLK P3>P2 1", "SWAP P3>P1 2"]


def test_a_1_block_is_unblocked_with_a_1() -> None:
    """AMB-PM2: the Unblock die shows the blocking die's face: 1 for a 1-block."""
    state = play(pos("P1[] P2[1,2,3] P3[] chars=queen,alice,walrus"), "BLK P1>P2 1")
    assert refused(state, "UNB P2 4").code == "PM-F3"
    assert play(state, "UNB P2 1").row(2) == pos("P1[] P2[1,2,3] P3[] chars=queen,alice,"
                                                 "walrus").row(2)


@pytest.mark.parametrize(("position", "move", "words"), [
    ("P1[1,2] P2[] P3[]", "UNB P1 3", "not blocked"),
    ("P1[1,2,P3:3] P2[] P3[]", "UNB P1 4", "shows 3"),
])
def test_f3_unblocking_wrongly(position: str, move: str, words: str) -> None:
    """PM-F3: nothing to unblock, or a face that does not match the rightmost block."""
    error = refused(pos(position), move)
    assert error.code == "PM-F3" and words in error.reason


def test_the_unblocking_die_goes_back_to_the_hand() -> None:
    """AMB-PM1: after an Unblock the slot is empty: the own die does not take it."""
    state = play(pos("P1[1,2,P3:3] P2[] P3[]"), "UNB P1 3")
    assert state.row(1) == pos("P1[1,2] P2[] P3[]").row(1)
    assert moves_of(state)[0] == "ADV P1 3"


def test_f4_two_advances_after_one_roll_are_the_mad_hatters_only() -> None:
    """PM-F4 and the Mad Hatter in Wonder: up to two Advances after one roll (``ADV P4 3 4``,
    a form ``moves`` never lists); anyone else: PM-F4. Each Advance is checked (PM-F1)."""
    hatter = "P1[1,2] P2[] P3[] chars=hatter,cat,walrus"
    assert play(pos(hatter), "ADV P1 3 4").position().startswith("P1[1,2,3,4] ")
    assert refused(pos(hatter), "ADV P1 3 5").code == "PM-F1"
    assert refused(pos(f"{hatter} modes=M,W,W wins=1,0,0"), "ADV P1 3 4").code == "PM-F4"
    assert refused(pos("P1[1,2] P2[] P3[]"), "ADV P1 3 4").code == "PM-F4"
    assert not any(len(m.split()) > 3 for m in moves_of(pos(hatter)))


def test_f7_a_claim_without_a_complete_row_is_void() -> None:
    """PM-F7; PM-A4 with a complete row wins the round."""
    state = pos("P1[1,2,3,4,5] P2[] P3[]")
    assert refused(state, "CLAIM P1").code == "PM-F7"
    assert refused(pos("P1[1,2,3,4,5,P2:6] P2[] P3[]"), "CLAIM P1").code == "PM-F7"
    assert play(state, "ADV P1 6", "CLAIM P1").last == 1


def test_f11_only_the_walrus_in_wonder_swaps() -> None:
    """PM-F11 for a swap by anyone else or on an empty row; a swap on a blocked row or with
    another face is PM-F2 (a swap counts as a block, AMB-PM8)."""
    assert refused(pos("P1[1] P2[] P3[1,2]"), "SWAP P1>P3 2").code == "PM-F11"
    assert refused(pos("P1[1] P2[] P3[1,2] modes=W,W,M wins=0,0,1"), "SWAP P3>P1 1").code == (
        "PM-F11")
    assert refused(pos("P1[] P2[] P3[]"), "SWAP P3>P1 1").code == "PM-F11"
    assert refused(pos("P1[1,2,P2:3] P2[] P3[]"), "SWAP P3>P1 3").code == "PM-F2"
    assert refused(pos("P1[1,2] P2[] P3[]"), "SWAP P3>P1 3").code == "PM-F2"
    full = play(pos("P1[1,2,3,4,5,6] P2[] P3[]"), "SWAP P3>P1 6")  # even a complete row
    assert full.blocked(1) and refused(full, "CLAIM P1").code == "PM-F7"


def test_walrus_reset_in_madness() -> None:
    """The Walrus in Madness: the first time in a round he reaches 2, his row empties and his
    blocks come back (once per round, automatic in his ``ADV``); a Walrus die right of another
    block on the Cat in Madness leaves its slot to the die right of it."""
    state = pos("P1[1,2,P3:3] P2[1,P3:2,P1:3] P3[1] modes=W,M,M wins=0,1,1")
    state = play(state, "ADV P3 2")
    assert state.position().startswith("P1[1,2] P2[1,P1:3] P3[] ")
    assert state.flags == ("reset",)
    again = play(state, "ADV P3 1", "ADV P3 2")
    assert again.row(3) == pos("P1[] P2[] P3[1,2]").row(3)


def test_the_mad_hatter_keeps_a_die_aside_until_four() -> None:
    """The Mad Hatter in Madness keeps one die aside until he reached 4 (the ``four`` flag);
    the referee checks the spot (PM-F6, see the referee tests)."""
    state = pos("P1[1,2,3] P2[] P3[] chars=hatter,cat,walrus modes=M,W,W wins=1,0,0")
    assert state.keeps_aside(1)
    after = play(state, "ADV P1 4")
    assert not after.keeps_aside(1) and after.flags == ("four",)


def test_pm_r1_nothing_happens_on_the_rows_before_play_me() -> None:
    """PM-R1: between rounds the row events wait for START; START during a round is out of
    place."""
    ready = pos("P1[] P2[] P3[] round=ready")
    for move in ("ADV P1 1", "BLK P1>P3 1", "CLAIM P1", "STOP"):
        assert refused(ready, move).code == "PM-R1"
    assert moves_of(ready) == ["START"]
    assert refused(play(ready, "START"), "START").code == "PM-R1"


# --- the Jabberwock phase (PM-J1..J4, PM-F8, PM-F10) ------------------------------------------

J = "P1[1] P2[] P3[1,2] modes=W,W,M wins=1,1,2 phase=jabberwock J=P3 D=0"


def test_j2_the_jabberwock_has_its_own_wonder_ability() -> None:
    """PM-J2: J (the Walrus, card on Madness) swaps as in Wonder; survivors block J and each
    other; J blocks anyone."""
    state = pos(J)
    assert state.ability(3) == ("walrus", "W")
    assert play(state, "SWAP P3>P1 1").row(1)[-1].owner == 3
    assert play(state, "BLK P1>P3 3").blocked(3)
    assert play(state, "BLK P3>P1 2").blocked(1)


def test_j3_stop() -> None:
    """PM-J3: after J reached 3, once per round, every die on every survivor's row goes back
    (J's row and the blocks on it stay)."""
    state = play(pos("P1[1,2,P3:3] P2[1] P3[1,2,P1:3] " + J.split(" ", 3)[3]), "UNB P3 3",
                 "ADV P3 3", "STOP")
    assert state.position().startswith("P1[] P2[] P3[1,2,3] ")
    assert state.flags == ("stop", "three")
    assert refused(state, "STOP").code == "PM-F8"


@pytest.mark.parametrize(("position", "move", "words"), [
    ("P1[] P2[] P3[1,2,3] flags=three", "STOP", "Jabberwock phase"),
    (J, "STOP", "not reached 3"),
    (J + " flags=three", "STOP P1", "only the Jabberwock"),
    (J + " flags=stop,three", "STOP", "once per round"),
])
def test_f8_stop_out_of_place(position: str, move: str, words: str) -> None:
    """PM-F8: Stop! by anyone but J, before J reached 3, twice in a round (and outside the
    Jabberwock phase)."""
    error = refused(pos(position), move)
    assert error.code == "PM-F8" and words in error.reason


def test_stop_naming_the_jabberwock_is_stop() -> None:
    state = pos(J + " flags=three")
    assert play(state, "STOP P3") == play(state, "STOP")


def test_j4_a_survivors_win_and_betrayal() -> None:
    """PM-J4: a survivor's win counts D + 1 without a flip and, on the Wonder side, allows
    one betrayal before the next round; PM-F10 otherwise."""
    state = win_round(pos(J), 1)
    assert (state.defeats, state.player(1).mode, state.todo) == (1, "W", ("betray",))
    assert moves_of(state) == ["START", "BETRAY P1>P2"]
    assert refused(state, "BETRAY P2>P1").code == "PM-F10"     # not the round's winner
    assert refused(state, "BETRAY P1>P3").code == "PM-F10"     # the Jabberwock
    assert refused(state, "BETRAY P1>P1").code == "PM-F10"
    assert refused(play(state, "START"), "BETRAY P1>P2").code == "PM-F10"  # too late
    betrayed = play(state, "BETRAY P1>P2")
    assert betrayed.betrayers == (1,) and betrayed.player(2).mode == "M"
    assert refused(betrayed, "BETRAY P1>P2").code == "PM-F10"  # once


def test_f10_a_madness_side_winner_cannot_betray() -> None:
    state = win_round(pos("P1[] P2[] P3[] chars=queen,cat,walrus modes=M,W,M wins=1,1,2 "
                          "phase=jabberwock J=P3"), 1)
    assert state.todo == ()
    error = refused(state, "BETRAY P1>P2")
    assert error.code == "PM-F10" and "Madness" in error.reason
    assert refused(pos("P1[] P2[] P3[] round=ready last=P1"), "BETRAY P1>P2").code == "PM-F10"


def test_j4_the_jabberwocks_win_leaves_a_flip() -> None:
    """PM-J4 (AMB-PM5): J's win flips one Wonder-side survivor of J's choice, entered before
    the next round (START waits, PM-J4)."""
    state = win_round(pos(J), 3)
    assert state.todo == ("flip",) and moves_of(state) == ["FLIP P1", "FLIP P2"]
    assert refused(state, "START").code == "PM-J4"
    assert refused(state, "FLIP P3").code == "PM-J4"
    assert refused(pos(J + " round=ready last=P1"), "FLIP P1").code == "PM-J4"
    flipped = play(state, "FLIP P2")
    assert flipped.player(2).mode == "M" and moves_of(flipped) == ["START"]


def test_e3_the_survivors_win_together() -> None:
    """PM-E3: D reaches N with more than one Wonder-side survivor (or none a betrayer): the
    survivors win together (``team``, no single winner)."""
    state = win_round(pos("P1[] P2[] P3[] modes=W,W,M wins=1,1,2 phase=jabberwock J=P3 D=2"),
                      2)
    assert state.outcome == Outcome("team", "PM-E3")
    assert GAME.report(state) == {"winners": [1, 2]}
    assert GAME.end_text(state, state.outcome, None, None, 0) == (
        "the survivors P1, P2 win: the survivors beat the Jabberwock")


def test_e3_a_lone_wonder_survivor_who_never_betrayed_shares_the_win() -> None:
    """AMB-PM6 only crowns a betrayer."""
    state = win_round(pos("P1[] P2[] P3[] modes=W,M,M wins=1,1,2 phase=jabberwock J=P3 D=2"),
                      2)
    assert state.outcome == Outcome("team", "PM-E3")


def test_a_rabbit_round_win_flips_and_clears_the_rows() -> None:
    """PM-E1: the winner flips to Madness; all dice return (the next round's start layout);
    the round waits for START."""
    state = win_round(pos("P1[1,2] P2[1,2,3,4,5] P3[1,P2:2]"), 2)
    assert state.position() == ("P1[] P2[] P3[] chars=alice,cat,walrus modes=W,M,W wins=0,1,0 "
                                "phase=rabbit round=ready last=P2 first=P2")
    assert moves_of(state) == ["START"]


# --- the optional rules -----------------------------------------------------------------------

def test_o1_the_play_me_race() -> None:
    """PM-O1: after a rabbit-phase round win the race's last player (``RACE``) turns back to
    Wonder and has no ability until they next win a round (AMB-PM7)."""
    racing = board(play_me_race="on")
    state = win_round(pos("P1[] P2[] P3[] modes=W,M,W wins=0,1,0", racing), 3)
    assert state.todo == ("race",) and moves_of(state) == ["RACE P1", "RACE P2"]
    assert refused(state, "START").code == "PM-O1"
    assert refused(state, "RACE P3").code == "PM-O1"
    state = play(state, "RACE P2", "START")
    assert (state.player(2).mode, state.sealed, state.ability(2)) == ("W", (2,), None)
    assert play(state, "BLK P1>P2 1").blocked(2)  # a sealed Cheshire Cat can be blocked
    state = win_round(state, 2)
    assert state.sealed == () and state.player(2).mode == "M"


def test_o1_off_by_default() -> None:
    state = win_round(pos(START), 1)
    assert state.todo == () and refused(state, "RACE P2").code == "PM-O1"


def test_o3_the_mad_jabberwock() -> None:
    """PM-O3: J has no ability; blocking J takes every survivor's die showing n(J) (pending
    until the last; J may still advance that number, which sends them back; complete, J clears
    it with one die of that face); J blocks as usual; survivors cannot block each other
    (PM-F9)."""
    mad = board(mad_jabberwock="on")
    state = pos("P1[1] P2[] P3[1,2] modes=W,W,M wins=1,1,2 phase=jabberwock J=P3 first=P2",
                mad)
    assert state.ability(3) is None
    assert refused(state, "SWAP P3>P1 1").code == "PM-F11"
    assert refused(state, "BLK P1>P2 1").code == "PM-F9"
    assert refused(state, "BLK P1>P3 4").code == "PM-F2"
    pending = play(state, "BLK P1>P3 3")
    assert pending.group == (1,) and not pending.blocked(3)
    assert refused(pending, "BLK P1>P3 3").code == "PM-F2"
    assert play(pending, "ADV P3 3").group == ()
    blocked = play(pending, "BLK P2>P3 3")
    assert blocked.blocked(3) and refused(blocked, "ADV P3 3").code == "PM-F1"
    assert moves_of(blocked) == ["ADV P1 2", "ADV P2 1", "BLK P3>P1 2", "UNB P3 3"]
    assert play(blocked, "UNB P3 3").group == ()
    assert play(state, "BLK P3>P1 2").blocked(1)


def test_o3_two_survivor_wins_make_the_first_round_winner_win() -> None:
    """PM-O3: the survivors need 2 round wins; then the first round's winner wins."""
    mad = board(mad_jabberwock="on")
    state = pos("P1[] P2[] P3[] modes=W,W,M wins=1,1,2 phase=jabberwock J=P3 D=1 first=P2", mad)
    state = win_round(state, 1)
    assert state.outcome == Outcome("win", "PM-O3", 2)


def test_o3_a_swap_on_the_mad_jabberwock_is_a_single_block() -> None:
    mad = board(mad_jabberwock="on")
    state = pos("P1[1] P2[] P3[1,2] chars=walrus,cat,alice modes=W,W,M wins=1,1,2 "
                "phase=jabberwock J=P3", mad)
    assert refused(state, "SWAP P1>P3 2").code == "PM-F9"


def test_the_game_over_refuses_every_move() -> None:
    """Once over (PM-E1 here), no move: the end rule is the code."""
    state = pos("P1[1,2,3,4,5] P2[1,2,3,4,5] P3[] modes=M,W,W wins=1,0,0 flags=five")
    done = win_round(state, 1)
    assert done.outcome == Outcome("win", "PM-E1", 1) and done.legal_moves() == []
    assert done.position() == ("P1[] P2[] P3[] chars=alice,cat,walrus modes=M,W,W wins=2,0,0 "
                               "phase=rabbit round=ready last=P1 first=P1 won=P1")
    assert refused(done, "START").code == "PM-E1"


# --- legal moves ------------------------------------------------------------------------------

def test_moves_in_the_documented_order() -> None:
    """Advances (seat order), Blocks (blocker, target, face), Unblocks, Swaps, Claims, Stop!"""
    state = pos("P1[1,2,P3:3] P2[1,2,3,4,5,6] P3[] modes=W,M,W wins=0,1,0")
    assert moves_of(state) == ["ADV P3 1", "BLK P1>P3 1", "BLK P2>P3 1", "UNB P1 3",
                               "SWAP P3>P2 6", "CLAIM P2"]
    jab = pos("P1[1] P2[] P3[1,2,3] modes=W,W,M wins=1,1,2 phase=jabberwock J=P3 flags=three")
    assert moves_of(jab) == ["ADV P1 2", "ADV P2 1", "ADV P3 4", "BLK P1>P3 4", "BLK P2>P1 2",
                             "BLK P2>P3 4", "BLK P3>P1 2", "SWAP P3>P1 1", "STOP"]
    # P2 is the Cheshire Cat in Wonder: nobody blocks or swaps her


def test_every_listed_move_plays_in_a_seeded_random_game() -> None:
    """Each move ``legal_moves`` lists plays, all along a seeded random game."""
    import random

    rng = random.Random(5)
    state = play(pos(START), "ADV P1 1")
    for _ in range(120):
        legal = state.legal_moves()
        if not legal:
            break
        for move in legal:
            state.play(move)
        state = state.play(rng.choice(legal))
    assert state.outcome is not None or state.legal_moves()


# --- the scoreboard the OLED shows ------------------------------------------------------------

def test_the_scoreboard_follows_the_state() -> None:
    """Round wins, card sides, the phase and each current ability (spent ones said so)."""
    from engine.games.playme.scoreboard import Seat, phase_line, scoreboard

    state = pos("P1[1,2,3,4] P2[] P3[1] modes=M,W,M wins=1,0,1")
    assert scoreboard(state) == (
        Seat(1, "Alice", "Madness", 1, "stops at 4 until a 5"),
        Seat(2, "Cheshire Cat", "Wonder", 0, "cannot be blocked"),
        Seat(3, "Walrus", "Madness", 1, "resets at 2"))
    later = play(state, "ADV P3 2")
    assert scoreboard(later)[2].ability == "reset done"
    assert phase_line(state) == "rabbit phase · round on"
    jab = pos("P1[] P2[] P3[] modes=W,W,M wins=1,1,2 phase=jabberwock J=P3 D=1 betrayers=P1 "
              "round=ready last=P1", board(mad_jabberwock="on"))
    seats = scoreboard(jab)
    assert (seats[0].role, seats[0].betrayer, seats[2].role, seats[2].ability) == (
        "survivor", True, "Jabberwock", "no ability")
    assert phase_line(jab) == "Jabberwock P3 · D 1/2 · press start"
