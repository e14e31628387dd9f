"""PlayMe referee step (rules section 9) on hand-written views: each legal event seen, several
changes in one view taken in the documented order, each camera-visible broken rule named (the
state kept), unchanged, pending (clearings, between rounds, moves entered with the buttons) and
untrusted views; the set-up; a session followed from views and buttons.

Colours of the packaged board: Alice blue (B), Queen red (R), Cheshire Cat black (K), Mad
Hatter green (G), Walrus white (W); the round tile white (rabbit) / green (Jabberwock)."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from engine.games.playme import GAME, Board, State, view_from_text, view_to_text
from engine.games.playme.referee import Memo, referee, step
from engine.games.playme.setup import first_round, setup_from_view
from engine.referee import Judgement, Verdict
from engine.session import Session, new_session
from engine.table import Colour, Item, TableView, ViewStatus

from .playme_support import BOARD, BOARD_DATA, board, play, pos, view, view_text

J_TILE = "card_P3=tG"


def judge(state: State | str, *rows: str, extra: str = "tile=tW",
          on: object = None) -> Judgement[State]:
    """The referee's judgement of the rows written (see ``playme_support.view``)."""
    state = pos(state) if isinstance(state, str) else state
    j = referee(state, view(*rows, extra=extra))
    if j.verdict is not Verdict.MOVE:
        assert j.state is state  # a broken rule, a wait or nothing new never changes the state
    return j


def moved(j: Judgement[State]) -> tuple[Verdict, str | None]:
    return j.verdict, j.move


def warned(j: Judgement[State]) -> tuple[Verdict, str | None]:
    return j.verdict, j.code


S = "P1[1,2] P2[1] P3[]"


# --- MOVE: each event seen --------------------------------------------------------------------

@pytest.mark.parametrize(("position", "rows", "move", "after"), [
    (S, ("B1B2B3", "K1"), "ADV P1 3", "P1[1,2,3] P2[1] P3[]"),
    (S, ("B1B2W3", "K1"), "BLK P3>P1 3", "P1[1,2,P3:3] P2[1] P3[]"),
    ("P1[1,2,P3:3] P2[1] P3[]", ("B1B2", "K1"), "UNB P1 3", S),
    ("P1[1,2,3] P2[] P3[]", ("B1B2W3",), "SWAP P3>P1 3", "P1[1,2,P3:3] P2[] P3[]"),
    ("P1[1,2] P2[1,2] P3[] modes=W,M,W wins=0,1,0", ("B1B2", "K1K2W3B4"),
     "BLK P3>P2 3; BLK P1>P2 4", "P1[1,2] P2[1,2,P3:3,P1:4] P3[]"),
])
def test_a_legal_event_seen(position: str, rows: tuple[str, ...], move: str,
                            after: str) -> None:
    j = judge(position, *rows)
    assert moved(j) == (Verdict.MOVE, move)
    assert j.state.position().startswith(after + " chars=")
    assert GAME.expected_view(j.state) == view(*rows)


def test_several_changes_in_one_view_in_seat_order() -> None:
    """Two players acted during one hand over the board: each row's events, rows in seat
    order, each row at its right end (removals first, then additions)."""
    j = judge(S, "B1B2B3W4", "K1K2")
    assert moved(j) == (Verdict.MOVE, "ADV P1 3; BLK P3>P1 4; ADV P2 2")
    assert j.state.position().startswith("P1[1,2,3,P3:4] P2[1,2] P3[] ")
    j = judge("P1[1,2,P3:3] P2[1] P3[]", "B1B2", "K1K2", "W1")
    assert moved(j) == (Verdict.MOVE, "UNB P1 3; ADV P2 2; ADV P3 1")


def test_a_row_waiting_for_another_goes_after_it() -> None:
    """Alice in Madness advancing to 5 in the same view as P2's 5: P2's event first (PM-X5)."""
    j = judge("P1[1,2,3,4] P2[1,2,3,4] P3[] modes=M,W,W wins=1,0,0", "B1B2B3B4B5",
              "K1K2K3K4K5")
    assert moved(j) == (Verdict.MOVE, "ADV P2 5; ADV P1 5")


def test_two_blocks_on_one_row_the_die_seen_first_stands() -> None:
    """Rules section 9: two players blocked the same row at once: the die in the lower slot
    (laid first) stands, the other is PM-F2."""
    j = judge(S, "B1B2W3K4", "K1")
    assert (j.verdict, j.code, j.move) == (Verdict.ILLEGAL, "PM-F2", "BLK P2>P1 4")


def test_the_claim_seen_when_the_rows_are_cleared() -> None:
    """PM-A4: the camera does not see who touches the tile; the rows cleared as after the one
    complete row's claim are that claim."""
    state = pos("P1[1,2,3,4,5,6] P2[1,2] P3[1,P1:2]")
    j = judge(state)
    assert moved(j) == (Verdict.MOVE, "CLAIM P1")
    assert j.state.position().startswith("P1[] P2[] P3[] chars=alice,cat,walrus modes=M,W,W")
    assert judge(state, "B1B2B3").verdict is Verdict.PENDING      # being cleared
    two = pos("P1[1,2,3,4,5,6] P2[1,2,3,4,5,6] P3[]")
    j = judge(two)
    assert (j.verdict, j.message) == (Verdict.PENDING,
                                      "who claimed first? enter CLAIM P1 or CLAIM P2")


def test_the_jabberwock_phase_begins_with_the_tile_turned() -> None:
    """PM-E2/J1: the claim seen; the tile still on the White Rabbit side then waits."""
    state = pos("P1[] P2[] P3[1,2,3,4,5,6] modes=M,M,W wins=1,1,0")
    j = judge(state)
    assert moved(j) == (Verdict.MOVE, "CLAIM P3")
    after = j.state
    assert judge(after, extra=J_TILE).verdict is Verdict.UNCHANGED
    j = judge(after, extra="tile=tW")
    assert (j.verdict, j.message) == (Verdict.PENDING, ("turn the round tile to the Jabberwock, "
                                                       "on P3's card"))


def test_the_walrus_reset_is_seen_once_done() -> None:
    """The Walrus in Madness reaching 2: PENDING while his 2 or his blocks still lie there;
    MOVE ``ADV P3 2`` once his row and his blocks are gone; going on without the reset is
    PM-F11."""
    state = pos("P1[1,2,P3:3] P2[1] P3[1] modes=W,W,M wins=0,0,1")
    assert judge(state, "B1B2W3", "K1", "W1W2").verdict is Verdict.PENDING
    assert judge(state, "B1B2W3", "K1", "").verdict is Verdict.PENDING
    j = judge(state, "B1B2", "K1", "")
    assert moved(j) == (Verdict.MOVE, "ADV P3 2")
    assert j.state.flags == ("reset",)
    assert warned(judge(state, "B1B2W3", "K1", "W1W2W3")) == (Verdict.ILLEGAL, "PM-F11")


def test_stop_is_seen_when_the_survivors_rows_are_empty() -> None:
    """PM-J3: every survivor's row emptied after J reached 3 (in the same view too): STOP;
    dice still on a survivor's row: PENDING; before J's 3: PM-F8."""
    state = pos("P1[1,2,P3:3] P2[1] P3[1,2] modes=W,W,M wins=1,1,2 phase=jabberwock J=P3")
    assert moved(judge(state, "", "", "W1W2W3", extra=J_TILE)) == (Verdict.MOVE,
                                                                  "ADV P3 3; STOP")
    assert judge(state, "B1", "", "W1W2W3", extra=J_TILE).verdict is Verdict.PENDING
    j = judge(state, "", "", "W1W2", extra=J_TILE)
    assert warned(j) == (Verdict.ILLEGAL, "PM-F8") and j.move == "STOP"


def test_the_mad_jabberwocks_group_block() -> None:
    """PM-O3: survivors lay their group-block dice, showing n(J), in the Jabberwock's
    set-aside spot; the last one completes the block; J's Unblock clears it. A survivor's die
    on J's row is PM-F9."""
    mad = board(mad_jabberwock="on")
    state = pos("P1[1,2] P2[1] P3[1,2] modes=W,W,M wins=1,1,2 phase=jabberwock J=P3", mad)
    j = judge(state, "B1B2", "K1", "W1W2", extra=f"{J_TILE} aside_P3=B3")
    assert moved(j) == (Verdict.MOVE, "BLK P1>P3 3")
    j = judge(j.state, "B1B2", "K1", "W1W2", extra=f"{J_TILE} aside_P3=B3K3")
    assert moved(j) == (Verdict.MOVE, "BLK P2>P3 3") and j.state.blocked(3)
    assert moved(judge(j.state, "B1B2", "K1", "W1W2", extra=J_TILE)) == (Verdict.MOVE,
                                                                         "UNB P3 3")
    assert warned(judge(state, "B1B2", "K1", "W1W2B3", extra=J_TILE)) == (Verdict.ILLEGAL,
                                                                          "PM-F9")


# --- ILLEGAL: the broken rules the camera sees ------------------------------------------------

@pytest.mark.parametrize(("position", "rows", "code"), [
    (S, ("B1B2B5", "K1"), "PM-F1"),                         # wrong face
    (S, ("B1B2..B5", "K1"), "PM-F1"),                       # not the leftmost empty slot
    ("P1[1,P3:2] P2[] P3[]", ("B1W2B3",), "PM-F1"),         # while blocked
    (S, ("B1B2W4", "K1"), "PM-F2"),                         # wrong face
    (S, ("B1B2", "K1W2"), "PM-F2"),                         # the Cheshire Cat in Wonder
    (S, ("B1B2", "K1", ".K2"), "PM-F2"),                    # not the leftmost empty slot
    ("P1[] P2[1,2,P1:3,P3:4] P3[] modes=W,M,W wins=0,1,0", ("", "K1K2.W4"), "PM-F3"),
    ("P1[1,2,P3:3] P2[] P3[]", ("B1B2B3",), "PM-F3"),       # own die left in the freed slot
    ("P1[1,2,3,4] P2[] P3[] modes=M,W,W wins=1,0,0", ("B1B2B3B4B5",), "PM-F5"),
    ("P1[1,2,3,4,5] P2[1,2] P3[1]", (), "PM-F7"),            # a false claim: all cleared
    (S, ("B1", "K1"), "PM-F11"),                            # an own die left the row
    (S, ("B1.", "K1"), "PM-F11"),
    (S, ("B1B2", "K1", "", "W1"), "PM-F11"),                # a row nobody plays
    (S, ("B1B2", "K1", "R1"), "PM-F11"),                    # a colour nobody plays appears
    (S, ("B1B2", "K1", "W1B3"), "PM-F2"),                   # P1 blocks P3 with a 3 (n is 2)
])
def test_a_broken_rule_seen(position: str, rows: tuple[str, ...], code: str) -> None:
    j = judge(position, *rows)
    assert warned(j) == (Verdict.ILLEGAL, code), j.message
    assert j.message


def test_the_set_aside_spots() -> None:
    """The Mad Hatter in Madness keeps one die aside until slot 4 (PM-F6 when it goes); Alice
    in Wonder may hold one die there; any other die kept aside is PM-F12; another player's die
    in a spot is PM-F11."""
    hatter = pos("P1[1,2,3] P2[] P3[] chars=hatter,cat,walrus modes=M,W,W wins=1,0,0")
    assert judge(hatter, "G1G2G3", extra="tile=tW aside_P1=G5").verdict is Verdict.UNCHANGED
    assert warned(judge(hatter, "G1G2G3")) == (Verdict.ILLEGAL, "PM-F6")
    assert warned(judge(hatter, "G1G2G3G4", extra="tile=tW aside_P1=G2G5")) == (
        Verdict.ILLEGAL, "PM-F12")
    j = judge(hatter, "G1G2G3G4")  # at 4 the die comes back to his hand
    assert moved(j) == (Verdict.MOVE, "ADV P1 4")
    assert judge(j.state, "G1G2G3G4", extra="tile=tW aside_P1=G5").verdict is (
        Verdict.UNCHANGED)
    alice = pos(S)
    assert judge(alice, "B1B2", "K1", extra="tile=tW aside_P1=B6").verdict is Verdict.UNCHANGED
    assert warned(judge(alice, "B1B2", "K1", extra="tile=tW aside_P1=B6B2")) == (
        Verdict.ILLEGAL, "PM-F12")
    assert warned(judge(alice, "B1B2", "K1", extra="tile=tW aside_P2=K4")) == (
        Verdict.ILLEGAL, "PM-F12")
    assert warned(judge(alice, "B1B2", "K1", extra="tile=tW aside_P2=B4")) == (
        Verdict.ILLEGAL, "PM-F11")


def test_a_broken_rule_keeps_the_legal_changes_for_later() -> None:
    """A legal Advance and a broken block in one view: ILLEGAL (the state kept); once the
    block is taken back, the Advance is taken."""
    j = judge(S, "B1B2B3", "K1W2")
    assert warned(j) == (Verdict.ILLEGAL, "PM-F2")
    assert moved(judge(S, "B1B2B3", "K1")) == (Verdict.MOVE, "ADV P1 3")


# --- UNCHANGED, PENDING, UNTRUSTED ------------------------------------------------------------

def test_unchanged_and_hand_dice_lying_around() -> None:
    """The table as the position has it; rolled dice in the tile zone, on the card spots or
    outside the zones are not read."""
    assert judge(S, "B1B2", "K1").verdict is Verdict.UNCHANGED
    extra = "tile=tWB3K6 card_P1=B4 out=W2W5"
    assert judge(S, "B1B2", "K1", extra=extra).verdict is Verdict.UNCHANGED
    assert judge(S, "B1B2", "K1", extra="").verdict is Verdict.UNCHANGED  # tile out of sight
    j = judge(S, "B1B2", "K1", extra="tile=tG")
    assert (j.verdict, j.message) == (Verdict.PENDING, "turn the round tile to the White Rabbit")


@pytest.mark.parametrize(("text", "words"), [
    (view_text("B1B2", "K1", extra="tile=tW S=hand"), "hand"),
    (view_text("B1B?", "K1"), "straighten or reroll r0c1"),
    (view_text("B1B2", "K1U3"), "colour is not a character's"),
    (view_text("B1B2", "K1", extra="tile=tB"), "round tile's side is unclear"),
    ("B1B2..../K1...../......", "six rows"),
    (view_text("tWB2", "K1"), "only dice"),
])
def test_untrusted_views(text: str, words: str) -> None:
    j = referee(pos(S), view_from_text(text))
    assert j.verdict is Verdict.UNTRUSTED and words in j.message


def test_a_low_confidence_reading_is_untrusted() -> None:
    v = view("B1B2", "K1")
    grid = list(v.grid)
    grid[1] = (Item(1, Colour.BLACK, confidence=0.3), *grid[1][1:])
    j = referee(pos(S), replace(v, grid=tuple(grid)))
    assert j.verdict is Verdict.UNTRUSTED


def test_a_seven_sided_reading_is_untrusted() -> None:
    v = view("B1B2", "K1")
    grid = list(v.grid)
    grid[1] = (Item(7, Colour.BLACK), *grid[1][1:])
    assert referee(pos(S), replace(v, grid=tuple(grid))).verdict is Verdict.UNTRUSTED


def test_between_rounds() -> None:
    """Round start (PM-R2): PENDING until the table shows the start layout (the Caterpillar's
    dice, the Mad Hatter's die aside) and the choices are entered; then UNCHANGED until START;
    dice laid before START: press start."""
    state = pos("P1[] P2[1,X:1] P3[] chars=hatter,caterpillar,walrus modes=M,M,W wins=1,1,0 "
                "round=ready", _caterpillar_board())
    j = referee(state, view("", "B1", extra="tile=tW aside_P1=G3"))
    assert (j.verdict, j.message) == (Verdict.PENDING, ("set up the round: only the "
                                                       "Caterpillar's start dice on the rows"))
    j = referee(state, view("", "B1R1", extra="tile=tW"))
    assert (j.verdict, j.message) == (Verdict.PENDING, "P1, Mad Hatter: set one die aside")
    assert referee(state, view("", "B1R1", extra="tile=tW aside_P1=G2")).verdict is (
        Verdict.UNCHANGED)
    j = referee(state, view("G1", "B1R1", extra="tile=tW aside_P1=G2"))
    assert (j.verdict, j.message) == (Verdict.PENDING,
                                      "the round has not started: press start (Play me!)")
    flip = pos("P1[] P2[] P3[] modes=W,W,M wins=1,1,3 phase=jabberwock J=P3 round=ready "
               "last=P3 todo=flip")
    j = judge(flip, extra=J_TILE)
    assert (j.verdict, j.message) == (Verdict.PENDING, "P3, Jabberwock: flip a survivor (FLIP)")


def _caterpillar_board() -> Board:
    """The packaged board with a camera colour for the Caterpillar: blue (Alice's, set to
    null); the 1-block of an unused colour then shows the Queen's red."""
    data = json.loads(BOARD_DATA)
    data["characters"]["caterpillar"]["camera"] = "blue"
    data["characters"]["alice"]["camera"] = None
    return GAME.load_board("standard", data)


def test_a_finished_game_referees_nothing() -> None:
    over = pos("P1[] P2[] P3[] modes=M,W,W wins=2,0,0 round=ready last=P1 won=P1")
    assert judge(over).verdict is Verdict.UNCHANGED
    assert judge(over, "B1").verdict is Verdict.PENDING


def test_a_row_facing_north_reads_east_to_west() -> None:
    data = json.loads(BOARD_DATA)
    data["facing"][0] = "north"
    north = GAME.load_board("standard", data)
    state = pos(S, north)
    assert referee(state, view("....B2B1", "K1")).verdict is Verdict.UNCHANGED
    j = referee(state, view("...B3B2B1", "K1"))
    assert (j.verdict, j.move) == (Verdict.MOVE, "ADV P1 3")


# --- the memo: moves entered with the buttons -------------------------------------------------

def test_a_row_a_button_move_shortened_waits_to_be_seen_so() -> None:
    """After ``UNB P1 3`` entered with the buttons, P3's 3 still on P1's row is a leftover
    (PENDING), not a new block; once seen gone the row is followed again."""
    before = pos("P1[1,2,P3:3] P2[1] P3[]")
    memo = step(before, view("B1B2W3", "K1"), None).memo
    after = play(before, "UNB P1 3")
    s = step(after, view("B1B2W3", "K1"), memo)
    assert (s.judgement.verdict, s.judgement.message) == (
        Verdict.PENDING, "P1's row: finish the move entered with the buttons")
    assert isinstance(s.memo, Memo) and s.memo.clearing == ((1, before.row(1)),)
    s = step(after, view("B1B2", "K1"), s.memo)
    assert s.judgement.verdict is Verdict.UNCHANGED and s.memo == Memo(after, ())
    s = step(after, view("B1B2W3", "K1"), s.memo)
    assert s.judgement.move == "BLK P3>P1 3"  # now a new block


def test_an_untrusted_view_keeps_the_memo() -> None:
    before = pos("P1[1,2,P3:3] P2[1] P3[]")
    memo = step(before, view("B1B2W3", "K1"), None).memo
    after = play(before, "UNB P1 3")
    s = step(after, view("B1B2W3", "K1", extra="S=hand"), memo)
    assert s.judgement.verdict is Verdict.UNTRUSTED
    assert step(after, view("B1B2W3", "K1"), s.memo).judgement.verdict is Verdict.PENDING


# --- set-up -----------------------------------------------------------------------------------

def test_setup_from_view() -> None:
    """PM-S1..S3 / PM-R2: the rows empty but for the Caterpillar's 1, the tile White Rabbit
    up: the first round, every card on Wonder, waiting for START."""
    state, why = setup_from_view(view(), BOARD, 0.6)
    assert why == "" and state == first_round(BOARD)
    assert state.position() == ("P1[] P2[] P3[] chars=alice,cat,walrus modes=W,W,W "
                                "wins=0,0,0 phase=rabbit round=ready")
    assert setup_from_view(view("B1"), BOARD, 0.6) == (None, "clear the rows")
    assert setup_from_view(view(extra=""), BOARD, 0.6) == (
        None, "lay the round tile, White Rabbit up, in its place")
    assert setup_from_view(view(extra="tile=tW card_P1=tG"), BOARD, 0.6)[0] is None
    assert setup_from_view(view(extra="S=hand"), BOARD, 0.6) == (None, "hand")


def test_setup_with_the_caterpillar() -> None:
    cat = _caterpillar_board().with_options(characters="walrus,caterpillar,cat")
    state, why = setup_from_view(view("", "B1"), cat, 0.6)
    assert why == "" and state is not None and state.row(2) == pos("P1[] P2[1] P3[]").row(2)
    assert setup_from_view(view(), cat, 0.6) == (
        None, "only P2's 1 (Caterpillar) in slot 1 on the rows")


def test_setup_needs_a_camera_colour_for_every_seated_character() -> None:
    data = json.loads(BOARD_DATA)
    data["characters"]["caterpillar"]["camera"] = None  # dice the camera has no name for
    six = GAME.load_board("standard", data, {"players": "6"})
    assert setup_from_view(view(), six, 0.6) == (
        None, "give the Caterpillar a camera colour in the board file")


def test_the_shipped_board_gives_every_character_a_camera_colour() -> None:
    six = board(players="6")
    assert [c.camera for c in six.characters if c.camera is None] == []
    assert six.character("caterpillar").camera is Colour.YELLOW
    assert setup_from_view(view(""), six, 0.6) == (
        None, "only P6's 1 (Caterpillar) in slot 1 on the rows")


# --- a session --------------------------------------------------------------------------------

def test_a_session_followed_from_views_and_buttons() -> None:
    """Set-up, START with the buttons, events seen (several at once), a hand over the board,
    a warning and its clearing, a claim seen, the round tile, the next round."""
    session: Session = new_session("playme", "standard", BOARD)
    t = 0.0

    def see(*rows: str, extra: str = "tile=tW") -> list[str]:
        nonlocal session, t
        t += 1.0
        session, events = session.observe(view(*rows, extra=extra), t)
        return [e.kind for e in events]

    def press(text: str) -> list[str]:
        nonlocal session, t
        t += 1.0
        session, events = session.enter(text, t)
        return [e.kind for e in events]

    assert see() == ["setup"]
    assert see("B1") == ["seen"] and "press start" in session.status  # its memo: recorded
    assert press("START") == ["move"] and session.moves == 0
    assert see("B1") == ["move"] and session.last_move == "ADV P1 1"
    assert see("B1", "K1", "W1", extra="S=hand") == [] and session.status == "hand"
    assert see("B1B2", "K1", "W1") == ["move"]
    assert session.last_move == "ADV P1 2; ADV P2 1; ADV P3 1" and session.moves == 2
    assert see("B1B2", "K1W2", "W1") == ["warning"] and session.warning is not None
    assert session.warning[0] == "PM-F2"
    assert see("B1B2", "K1", "W1") == ["warning_cleared"]
    rows = ("B1B2B3B4B5B6", "K1K2K3K4K5", "W1")
    assert see(*rows) == ["move"]
    assert see() == ["move"] and session.last_move == "CLAIM P1"
    assert session.state.started is False and session.state.player(1).mode == "M"
    assert press("START") == ["move"] and session.state.started
    assert session.summary(t) == "playme: 3 actions"  # a view's events count as one move


def test_a_game_won_ends_the_session() -> None:
    state = pos("P1[] P2[1,2,3,4,5,6] P3[] modes=W,M,W wins=0,1,0")
    session = replace(new_session("playme", "standard", BOARD), state=state)
    session, events = session.observe(view(), 1.0)
    assert [e.kind for e in events] == ["move", "end"]
    assert session.outcome is not None and session.outcome.winner == 2
    assert events[-1].data["winner"] == 2
    assert session.summary(1.0) == "playme: P2 (Cheshire Cat) wins: two round wins"


def test_expected_views_are_unchanged_for_random_positions() -> None:
    """Seeded random games (several boards): the table showing the position is UNCHANGED
    (or PENDING between rounds / for the tile), and each move seen is MOVE or PENDING."""
    import random

    for on in (BOARD, board(mad_jabberwock="on"), board(play_me_race="on")):
        rng = random.Random(17)
        state = GAME.random_start(on, rng)
        for _ in range(150):
            legal = state.legal_moves()
            if not legal:
                state = GAME.random_start(on, rng)
                continue
            after = state.play(rng.choice(legal))
            v = GAME.expected_view(after)
            assert view_from_text(view_to_text(v)) == v
            j = referee(state, v)
            assert j.verdict in (Verdict.MOVE, Verdict.PENDING, Verdict.UNCHANGED), (
                state.position(), str(j))
            if j.verdict is Verdict.MOVE:
                assert GAME.expected_view(j.state) == v
            assert referee(after, v).verdict in (Verdict.UNCHANGED, Verdict.PENDING)
            state = after


def test_view_helpers() -> None:
    assert isinstance(view(), TableView) and view(extra="S=hand").status is ViewStatus.HAND


def test_a_block_laid_after_stop_in_the_same_view_is_new() -> None:
    """After Stop! (survivors' rows cleared), a Jabberwock die on an emptied row where no die
    lay before is a new block, taken with the Stop!; an own die beyond the old dice means the
    row went on without clearing (PM-F11)."""
    state = pos("P1[1,2] P2[1] P3[1,2,3] modes=W,W,M wins=1,1,2 phase=jabberwock J=P3 "
                "flags=three")
    j = judge(state, "W1", "", "W1W2W3", extra=J_TILE)
    assert moved(j) == (Verdict.MOVE, "STOP; BLK P3>P1 1")
    assert warned(judge(state, "B1B2B3", "", "W1W2W3", extra=J_TILE)) == (Verdict.ILLEGAL,
                                                                         "PM-F11")


def test_several_legal_events_in_one_view_are_explained() -> None:
    """Seeded random positions (three boards), then 1 to 4 random legal events (no claim, no
    START) seen in one view: MOVE leaving the same table, except two sequences the camera
    cannot tell from a broken rule, by design: an Unblock and an Advance of that face in the
    freed slot (PM-F3: the own die left in the freed slot) and a Swap undone by its Unblock
    (PM-F11: an own die vanished)."""
    import random

    seen = {"MOVE": 0, "PM-F3": 0, "PM-F11": 0}
    for on in (BOARD, board(mad_jabberwock="on"), board(players="4",
                                                           characters="queen,walrus,cat,alice")):
        rng = random.Random(1)
        for _ in range(60):
            state = GAME.random_start(on, rng)
            for _ in range(rng.randint(0, 50)):
                legal = state.legal_moves()
                state = state.play(rng.choice(legal)) if legal else state
            if state.outcome is not None or not state.started:
                continue
            events, after = [], state
            for _ in range(rng.randint(1, 4)):
                legal = [m for m in after.legal_moves() if not str(m).startswith("CLAIM")]
                if legal:
                    events.append(rng.choice(legal))
                    after = after.play(events[-1])
            j = referee(state, GAME.expected_view(after))
            texts = [str(e) for e in events]
            if j.verdict is Verdict.MOVE:
                assert GAME.expected_view(j.state) == GAME.expected_view(after), texts
                seen["MOVE"] += 1
            elif j.verdict is Verdict.ILLEGAL:
                assert j.code in ("PM-F3", "PM-F11"), (state.position(), texts, j)
                kinds = {t.split()[0] for t in texts}
                assert ("UNB" in kinds and "ADV" in kinds) if j.code == "PM-F3" else (
                    {"SWAP", "UNB"} <= kinds), (state.position(), texts, j)
                seen[j.code or ""] += 1
            else:
                assert j.verdict in (Verdict.UNCHANGED, Verdict.PENDING), (texts, j)
    assert seen["MOVE"] > 5 * (seen["PM-F3"] + seen["PM-F11"]), seen
