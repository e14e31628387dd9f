"""No Gaps referee step on hand-written views: set-up, moves seen, the table catching up with
a move entered with the buttons, dead dice announced, every camera-visible broken rule, views
not to be trusted; and the session driving a game from views and button entries."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engine.games.no_gaps import GAME, State, parse_move, view_from_text
from engine.games.no_gaps.picture import expected_view, picture_of
from engine.games.no_gaps.referee import Memo, referee, step
from engine.games.no_gaps.setup import setup_from_view
from engine.referee import Judgement, Verdict
from engine.session import Event, Session, new_session
from engine.table import Colour, Item, ItemKind, TableView, ViewStatus

from .no_gaps_support import EMPTY, START, board, board_data, grid, position, state, view

O4 = grid("r0c0", "r0c1", "r1c0", "r1c1")
G1 = grid("r0c0")
REROLL = position(G1, used="M1", spent="1,2,6", removed="3", last="M1")  # fresh zone empty
# NG-X2: the 4 is dead (removed at parse time); the 1 may draw M1 on r5c0 or r5c5
X2_GRID = grid("r5c0", "r5c5", full=True)
X2 = position(X2_GRID, used="D2,D2,I3,I3,I4,L3,L3,L4,M1,O4,P5", fresh="1,4", spent="2,5,6",
              removed="3", rerolls=2, last="P5")


def judge(text: str, grid_text: str, fresh: str = "-", spent: str = "-", removed: str = "-",
          shown: State | None = None) -> Judgement[State]:
    """The referee on a view, the table having last agreed with ``shown`` (default: with the
    state itself, as in a session once the table was seen)."""
    s = state(text)
    before = picture_of(s if shown is None else shown)
    return referee(s, view(grid_text, fresh, spent, removed), shown=before)


def verdict(j: Judgement[State]) -> tuple[str, str | None, str]:
    return j.verdict.value, j.code, j.message


# --- set-up (NG-S1, FA-P1) --------------------------------------------------------------------

@pytest.mark.parametrize(("text", "why"), [
    (f"{EMPTY} fresh=1,3,3,4 spent=- removed=-", "roll the six dice into the fresh zone: 4 there"),
    (f"{EMPTY} fresh=1,3,3,4,6 spent=5 removed=-", "roll all six dice into the fresh zone"),
    (f"{G1} fresh=1,3,3,4,6,5 spent=- removed=-", "wipe the grid: ink on r0c0"),
    (f"{EMPTY} fresh=1,3,3,4,6,? spent=- removed=-", "straighten or reroll a die in the fresh"),
    (f"{EMPTY} fresh=1,3,3,4,6,R5 spent=- removed=-", "No Gaps uses white dice only"),
    (f"{EMPTY} fresh=1,3,3,4,6,5 spent=- removed=- S=hand", "hand"),
])
def test_setup_waits_with_a_reason(text: str, why: str) -> None:
    s, message = setup_from_view(view_from_text(text), board("a"), 0.6)
    assert s is None and message.startswith(why)


def test_setup_from_the_first_roll() -> None:
    s, message = setup_from_view(view(EMPTY, "1,3,3,4,6,5"), board("a"), 0.6)
    assert message == "" and s is not None and s.position() == START


# --- moves seen ---------------------------------------------------------------------------------

def test_a_tile_drawn_and_its_die_spent_is_seen() -> None:
    j = judge(START, O4, "1,3,3,5,6", "4")
    assert (j.verdict, j.move) == (Verdict.MOVE, "4:O4@r0c0,r0c1,r1c0,r1c1")
    assert j.state.position() == position(O4, used="O4", fresh="1,3,3,5,6", spent="4",
                                          last="O4")


def test_a_6_set_aside_is_seen() -> None:
    j = judge(START, EMPTY, "1,3,3,4,5", "6")
    assert (j.verdict, j.move) == (Verdict.MOVE, "6:aside")


def test_a_reroll_is_the_spent_dice_back_in_the_fresh_zone() -> None:
    j = judge(REROLL, G1, "2,4,5", "-", "3")
    assert (j.verdict, j.move, j.state.rerolls) == (Verdict.MOVE, "reroll=2,4,5", 1)


def test_every_legal_move_is_seen_from_the_table_it_leaves() -> None:
    rng = random.Random(5)
    for side in ("a", "b"):
        s = GAME.random_start(board(side), rng)
        while s.outcome is None:
            for move in s.legal_moves()[:: max(1, len(s.legal_moves()) // 40)]:
                after = s.play(move)
                j = referee(s, expected_view(after))
                assert (j.verdict, j.move, j.state) == (Verdict.MOVE, str(move), after)
            s = s.play(rng.choice(s.legal_moves()))


def test_two_congruent_tiles_of_one_face_wait_for_the_buttons() -> None:
    custom = board_data("a")
    custom["shapes"] = {**custom["shapes"], "Q4": [[0, 0], [0, 1], [1, 0], [1, 1]]}  # type: ignore[dict-item]
    custom["chart"]["4"] = [*custom["chart"]["4"], {"tile": "Q4"}]  # type: ignore[index]
    twin = GAME.load_board("a", custom)
    s = GAME.parse_position(START, twin)
    j = referee(s, view(O4, "1,3,3,5,6", "4"))
    assert verdict(j) == ("pending", None, "enter the tile: O4 or Q4")
    assert twin.tile("Q4").bonus == 3  # type: ignore[union-attr]  # AMB-NG1 default


# --- NG-A3: dead dice announced -----------------------------------------------------------------

def test_dead_dice_are_announced_the_moment_they_are_seen() -> None:
    s = state(X2)
    # the table still shows the 4 in the fresh zone: the state has removed it
    assert verdict(referee(s, view(X2_GRID, "1,4", "2,5,6", "3"))) == (
        "pending", None, "dead 4: to the removed zone")
    first = step(s, view(X2_GRID, "1,4", "2,5,6", "3"), None)
    assert [(n.kind, n.data["faces"]) for n in first.notes] == [("dead", [4])]
    again = step(s, view(X2_GRID, "1,4", "2,5,6", "3"), first.memo)
    assert again.notes == () and again.judgement.verdict is Verdict.PENDING
    done = step(s, view(X2_GRID, "1", "2,5,6", "3,4"), again.memo)
    assert done.judgement.verdict is Verdict.UNCHANGED


def test_a_move_that_kills_a_die_is_seen_before_the_die_is_removed() -> None:
    # the 3 takes the row where the 2 could go; only r0c0 is left, for a 1
    s = state(position(grid("r0c0", "r5c0", "r5c1", "r5c2", full=True), fresh="2,3", spent="1"))
    seen = view(grid("r0c0", full=True), "2", "1,3")
    stepped = step(s, seen, None)
    j = stepped.judgement
    assert (j.verdict, j.move) == (Verdict.MOVE, "3:I3@r5c0,r5c1,r5c2")
    assert j.message == "3:I3@r5c0,r5c1,r5c2; dead 2: to the removed zone"
    assert j.state.removed == (2,) and j.state.outcome is None
    assert [n.data["faces"] for n in stepped.notes] == [[2]]
    assert step(j.state, seen, stepped.memo).judgement.message == "dead 2: to the removed zone"


# --- a move entered with the buttons -------------------------------------------------------------

def test_a_tile_entered_first_is_then_drawn_and_spent_on_the_table() -> None:
    before = state(START)
    after = before.play(parse_move("4:O4@r0c0,r0c1,r1c0,r1c1", before.board))
    memo = step(before, view(EMPTY, "1,3,3,4,5,6"), None).memo
    assert isinstance(memo, Memo) and memo.shown == picture_of(before)
    steps = [(EMPTY, "1,3,3,4,5,6", "-", "draw r0c0 r0c1 r1c0 r1c1; 4 to the spent zone"),
             (grid("r0c0", "r0c1"), "1,3,3,4,5,6", "-", "draw r1c0 r1c1; 4 to the spent zone"),
             (O4, "1,3,3,4,5,6", "-", "4 to the spent zone")]
    for grid_text, fresh, spent, message in steps:
        j = step(after, view(grid_text, fresh, spent), memo).judgement
        assert verdict(j) == ("pending", None, message)
    # the die is spent: now the camera checks that ink covers the cells entered
    j = step(after, view(grid("r0c0"), "1,3,3,5,6", "4"), memo).judgement
    assert verdict(j) == (
        "illegal", "NG-F3", "ink missing on r0c1 r1c0 r1c1: draw the tile entered")
    assert step(after, view(O4, "1,3,3,5,6", "4"), memo).judgement.verdict is Verdict.UNCHANGED


def test_ink_outside_the_cells_entered_is_f3() -> None:
    before = state(START)
    after = before.play(parse_move("4:O4@r0c0,r0c1,r1c0,r1c1", before.board))
    wrong = grid("r2c0", "r2c1", "r3c0", "r3c1")
    assert verdict(judge(after.position(), wrong, "1,3,3,5,6", "4", shown=before)) == (
        "illegal", "NG-F3", "ink outside the tile entered: r2c0 r2c1 r3c0 r3c1")
    extra = grid("r0c0", "r0c1", "r1c0", "r1c1", "r2c2")
    assert judge(after.position(), extra, "1,3,3,5,6", "4", shown=before).code == "NG-F3"


def test_a_move_entered_before_the_first_view_after_the_set_up() -> None:
    """The memo knows no table yet: anything between the set-up and the state waits."""
    before = state(START)
    after = before.play(parse_move("4:O4@r0c0,r0c1,r1c0,r1c1", before.board))
    j = step(after, view(EMPTY, "1,3,3,4,5,6"), None).judgement
    assert verdict(j) == ("pending", None, "draw r0c0 r0c1 r1c0 r1c1; 4 to the spent zone")


def test_a_reroll_entered_first_waits_for_the_roll() -> None:
    before = state(REROLL)
    after = before.play(parse_move("reroll=2,4,5", before.board))
    assert verdict(judge(after.position(), G1, "-", "1,2,6", "3", shown=before)) == (
        "pending", None, "roll the spent dice")
    assert judge(after.position(), G1, "2,4,5", "-", "3", shown=before).verdict is (
        Verdict.UNCHANGED)


# --- a move under way, seen by the camera -------------------------------------------------------

@pytest.mark.parametrize(("grid_text", "message"), [
    (O4, "move the 4 to the spent zone"),
    (grid("r0c0", "r0c1", "r1c0"), "move the 3 to the spent zone"),  # an L3
    (grid("r0c0", "r0c1"), "finish drawing the tile"),
])
def test_ink_drawn_while_the_die_waits(grid_text: str, message: str) -> None:
    assert verdict(judge(START, grid_text, "1,3,3,4,5,6")) == ("pending", None, message)


def test_a_half_drawn_tile_with_its_die_spent_waits() -> None:
    assert verdict(judge(START, grid("r0c0", "r0c1", "r1c0"), "1,3,3,5,6", "4")) == (
        "pending", None, "finish drawing the tile")


# --- broken rules the camera sees ---------------------------------------------------------------

@pytest.mark.parametrize(("text", "seen", "code", "message"), [
    # NG-F1: an O4 shape drawn for a 4 when O4 is crossed out
    (position(O4, used="O4", fresh="4", spent="4", last="O4"),
     (grid("r0c0", "r0c1", "r1c0", "r1c1", "r2c0", "r2c1", "r3c0", "r3c1"), "-", "4,4"),
     "NG-F1", "O4 is crossed out"),
    # NG-F2: the 1 drew a D2 (a 2's tile); a 6 draws no tile; ink for a face no die shows
    (START, (grid("r0c0", "r0c1"), "3,3,4,5,6", "1"), "NG-F2", "D2 is drawn by a 2"),
    (START, (O4, "1,3,3,4,5", "6"), "NG-F2", "a 6 draws no tile: r0c0 r0c1 r1c0 r1c1"),
    (position(fresh="1,6", spent="2"), (grid("r0c0", "r0c1"), "1,6", "2"), "NG-F2",
     "D2 is drawn by a 2"),
    (position(fresh="3,1", spent="2,4"), (EMPTY, "1,2,3", "4"), "NG-F2",
     "the 2 is spent: use a fresh die"),
    # NG-F3: a shape that is no tile
    (START, (grid("r0c0", "r0c1", "r0c2", "r0c3", "r0c4"), "1,3,3,4,6", "5"), "NG-F3",
     "the ink on r0c0 r0c1 r0c2 r0c3 r0c4 is not a tile"),
    (START, (grid("r0c0", "r0c1", "r0c2", "r0c3", "r0c4"), "1,3,3,4,5,6"), "NG-F3",
     "the ink on r0c0 r0c1 r0c2 r0c3 r0c4 is not a tile"),
    # NG-F4: the spent dice rolled while a fresh die remains (a dead one included)
    (position(G1, used="M1", fresh="5", spent="1,2", removed="3", last="M1"),
     (G1, "5,1,4", "-", "3"), "NG-F4", "fresh dice remain: use or set them aside before a reroll"),
    (position(grid("r0c0", "r5c5", full=True), used="M1,M1", fresh="4", spent="1,2"),
     (grid("r0c0", "r5c5", full=True), "4,3,5"), "NG-F4",
     "the dead 4 goes to the removed zone before a reroll"),
    # NG-F5: a fifth reroll
    (position(G1, used="M1", spent="1,2", rerolls=4, last="M1"), (G1, "3,4"), "NG-F5",
     "all 4 rerolls are used"),
    # NG-F6: a partial reroll, a removed die rolled again, a dead die kept, a live one removed
    (REROLL, (G1, "2,4", "6", "3"), "NG-F6", "reroll all 3 spent dice"),
    (REROLL, (G1, "2,4,5,1"), "NG-F6", "a removed die is never rerolled: put the 3 back"),
    (X2, (X2_GRID, "1", "2,4,5,6", "3"), "NG-F6", "the 4 is dead: put it in the removed zone"),
    (START, (EMPTY, "1,3,3,4,6", "-", "5"), "NG-F6",
     "the 5 is not dead: it goes to the fresh zone to draw"),
    (position(fresh="3,6", spent="1"), (EMPTY, "3", "1", "6"), "NG-F6",
     "the 6 is not dead: it goes to the spent zone"),
    (REROLL, (G1, "-", "1,2", "3,6"), "NG-F6", "spent dice are rerolled, not removed"),
    # NG-F7: a die turned by hand, in each zone
    (START, (EMPTY, "1,3,3,4,5,5"), "NG-F7", "the 6 was turned to 5: turn it back"),
    (START, (O4, "1,3,3,5,6", "5"), "NG-F7", "the 4 was turned to 5: turn it back"),
    (REROLL, (G1, "-", "1,2,5", "3"), "NG-F7", "the 6 was turned to 5: turn it back"),
    (REROLL, (G1, "-", "1,2,6", "4"), "NG-F7", "the 3 was turned to 4: turn it back"),
    # NG-F8: a die spent without its tile, two dice for one tile, two tiles for one die
    (START, (EMPTY, "1,3,3,5,6", "4"), "NG-F8",
     "the 4 went to the spent zone without a tile: draw it or enter it"),
    (START, (O4, "1,3,3,5", "4,6"), "NG-F8", "one die per tile: move one die at a time"),
    (START, (grid("r0c0", "r2c2"), "1,3,3,4,5,6"), "NG-F8", "one tile per die: r0c0 r2c2"),
])
def test_broken_rules_are_named(text: str, seen: tuple[str, ...], code: str,
                                message: str) -> None:
    j = judge(text, *seen)
    assert verdict(j) == ("illegal", code, message)
    assert j.state == state(text)  # a broken rule never changes the state


# --- views not to be trusted --------------------------------------------------------------------

def _with(v: TableView, **changes: object) -> TableView:
    return replace(v, **changes)  # type: ignore[arg-type]


def test_views_that_cannot_be_refereed() -> None:
    s = state(START)
    good = expected_view(s)
    fresh = good.zone("fresh")
    cases = {
        "hand over board": TableView.unsettled(ViewStatus.HAND, "hand over board"),
        "straighten or reroll a die in the fresh": _with(
            good, zones=(("fresh", fresh[:-1] + (Item(None),)),) + good.zones[1:]),
        "a die is hard to read": _with(
            good, zones=(("fresh", fresh[:-1] + (Item(6, confidence=0.3),)),) + good.zones[1:]),
        "a die's colour is unclear": _with(
            good, zones=(("fresh", fresh[:-1] + (Item(6, Colour.UNKNOWN),)),) + good.zones[1:]),
        "No Gaps uses white dice only": _with(
            good, zones=(("fresh", fresh[:-1] + (Item(6, Colour.RED),)),) + good.zones[1:]),
        "a die lies outside the zones": _with(
            good, zones=(("fresh", fresh[:-1]),) + good.zones[1:], outside=(Item(6),)),
        "5 of 6 dice seen": _with(good, zones=(("fresh", fresh[:-1]),) + good.zones[1:]),
        "a die lies on the grid: put it in its zone": _with(
            good, grid=((Item(6),) + good.grid[0][1:],) + good.grid[1:],
            zones=(("fresh", fresh[:-1]),) + good.zones[1:]),
        "the camera sees a 3 x 6 grid, not 6 x 6": _with(good, grid=good.grid[:3]),
        "a die is not a d6": _with(
            good, zones=(("fresh", fresh[:-1] + (Item(8),)),) + good.zones[1:]),
    }
    for why, seen in cases.items():
        j = referee(s, seen)
        assert (j.verdict, j.message.startswith(why)) == (Verdict.UNTRUSTED, True), (why, j)


def test_ink_missing_from_drawn_cells_is_not_trusted() -> None:
    text = position(O4, used="O4", fresh="1,3,3,5,6", spent="4", last="O4")
    memo = Memo(shown=picture_of(state(text)))
    seen = view(grid("r0c0", "r0c1", "r1c0"), "1,3,3,5,6", "4")
    j = step(state(text), seen, memo).judgement
    assert verdict(j) == ("untrusted", None, "ink not seen on r1c1")


def test_ink_items_in_a_zone_and_an_unknown_empty_zone_are_ignored() -> None:
    s = state(START)
    good = expected_view(s)
    scribble = Item(None, kind=ItemKind.INK)
    seen = _with(good, zones=good.zones + (("tray", ()),), outside=(scribble,))
    assert referee(s, seen).verdict is Verdict.UNCHANGED


# --- the session -------------------------------------------------------------------------------

def _feed(session: Session, script: list[tuple[float, str]]) -> tuple[Session, list[Event]]:
    """Views (view text) and button entries (``enter <move>``) at their times."""
    events: list[Event] = []
    for t, text in script:
        if text.startswith("enter "):
            session, new = session.enter(text[6:], t)
        else:
            session, new = session.observe(view_from_text(text), t)
        events += new
    return session, events


def test_session_timer_starts_at_the_first_settled_roll_and_follows_both_paths() -> None:
    session = new_session("no-gaps", "a", board("a"))
    assert session.status == "set up the dice"
    roll = f"{EMPTY} fresh=1,3,3,4,6,5 spent=- removed=-"
    session, events = _feed(session, [(1.0, f"{EMPTY} fresh=1,3 spent=- removed=-"),
                                      (2.0, roll)])
    assert [e.kind for e in events] == ["setup", "timer_start"] and events[1].t == 2.0
    spent4 = f"{O4} fresh=1,3,3,5,6 spent=4 removed=-"
    session, events = _feed(session, [
        (10.0, spent4),                                   # camera: the O4 and its die
        (20.0, "enter 6:aside"),                          # buttons first ...
        (21.0, spent4),                                   # ... the table catches up
        (22.0, f"{O4} fresh=1,3,3,5 spent=4,6 removed=-"),
        (30.0, f"{O4} fresh=1,3,5 spent=3,4,6 removed=-"),  # a 3 spent without a tile
    ])
    kinds = [(e.kind, e.data.get("move") or e.data.get("code")) for e in events
             if e.kind != "seen"]  # the table catching up is seen (recorded for a replay)
    assert kinds == [("move", "4:O4@r0c0,r0c1,r1c0,r1c1"), ("move", "6:aside"),
                     ("warning", "NG-F8")]
    assert session.status == "put the dice back"
    assert session.warning == (
        "NG-F8", "the 3 went to the spent zone without a tile: draw it or enter it")
    i3 = grid("r0c0", "r0c1", "r1c0", "r1c1", "r2c0", "r2c1", "r2c2")
    session, events = _feed(session, [(35.0, f"{i3} fresh=1,3,5 spent=3,4,6 removed=-")])
    assert [e.kind for e in events] == ["warning_cleared", "move"]
    assert events[1].data["move"] == "3:I3@r2c0,r2c1,r2c2"


def test_session_ends_in_success_with_the_last_tile_bonus() -> None:
    text = position(grid("r5c2", "r5c3", "r5c4", "r4c4", full=True), used="M1", fresh="4",
                    spent="1", last="M1")
    fresh = new_session("no-gaps", "a", board("a"))
    session = replace(fresh, state=state(text), clock=fresh.clock.start(0.0))  # mid-game
    session, events = session.enter("4:L4@r4c4,r5c2,r5c3,r5c4", 170.0)
    end = events[-1]
    assert (end.kind, end.data["outcome"], end.data["reason"], end.data["score"]) == (
        "end", "success", "NG-E1", 2 + 3)
    assert end.data["summary"] == "no-gaps (a): success with 2:10 left, score 5"


def test_session_times_out_as_a_failure_scoring_0() -> None:
    session = new_session("no-gaps", "a", board("a"))
    session, _ = _feed(session, [(5.0, f"{EMPTY} fresh=1,3,3,4,6,5 spent=- removed=-")])
    session, events = session.tick(305.0)
    assert [(e.kind, e.data["reason"], e.data["score"]) for e in events] == [
        ("end", "FA-E1", 0)]
    assert session.summary(400.0) == "no-gaps (a): failure (FA-E1 time is up), score 0"


def _perturbed(rng: random.Random, s: State) -> TableView:
    """The table of ``s`` with one to three random changes: ink added or wiped, a die moved to
    another zone, a die showing another face."""
    ink = s.covered
    zones = {"fresh": list(s.fresh), "spent": list(s.spent), "removed": list(s.removed)}
    for _ in range(rng.randint(1, 3)):
        kind = rng.choice(["ink", "move", "face"])
        full = [z for z in zones if zones[z]]
        if kind == "ink":
            ink ^= 1 << rng.randrange(36)
        elif full:
            source = rng.choice(full)
            face = zones[source].pop(rng.randrange(len(zones[source])))
            target = rng.choice(list(zones)) if kind == "move" else source
            zones[target].append(face if kind == "move" else rng.randint(1, 6))
    cells = [f"r{i // 6}c{i % 6}" for i in range(36) if ink >> i & 1]
    return view(grid(*cells), *(",".join(map(str, zones[z])) or "-" for z in zones))


def test_any_change_of_the_table_is_judged_without_changing_the_state_unless_a_move() -> None:
    rng = random.Random(23)
    verdicts: set[Verdict] = set()
    for side in ("a", "b"):
        for _ in range(8):
            s = GAME.random_start(board(side), rng)
            memo: object = None
            while s.outcome is None:
                stepped = step(s, _perturbed(rng, s), memo)
                j = stepped.judgement
                verdicts.add(j.verdict)
                if j.verdict is Verdict.MOVE:
                    assert j.move is not None and j.state == s.play(parse_move(j.move, s.board))
                else:
                    assert j.state is s and (j.verdict is not Verdict.ILLEGAL or j.code)
                # the table agreed with this state; the next one is "entered with the
                # buttons", so the next views are judged as the table catching up too
                memo = step(s, expected_view(s), stepped.memo).memo
                s = s.play(rng.choice(s.legal_moves()))
    assert verdicts == set(Verdict)
