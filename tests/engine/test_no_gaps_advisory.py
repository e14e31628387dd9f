"""No Gaps advisory "no longer winnable" (section 3.6, AMB-NG3): each check proves what it
says, the answer is never wrong on random games, and it is never an end by itself."""

from __future__ import annotations

import random

import pytest

from engine.games.no_gaps import GAME, hopeless_reason, no_longer_winnable

from .no_gaps_support import EMPTY, START, board, grid, position, state

SMALL_TILES = "M1,M1,M1,D2,D2,D2,I3,I3,L3,L3"  # all of side A's tiles of 1 to 3 cells
BUT_T4_S4 = f"{SMALL_TILES},I4,O4,L4,P5,L5,U5,Y5"


@pytest.mark.parametrize(("text", "why"), [
    # the unused tiles cover fewer cells than are empty
    (position(used=f"{SMALL_TILES},I4,O4,T4,S4,L4,P5,L5,U5", fresh="5"),
     "36 empty cells, unused tiles cover 5"),
    # r0c0 is walled in and every M1 is used: nothing fits there
    (position(grid("r0c1", "r1c0"), used="M1,M1,M1", fresh="2"), "no unused tile fits r0c0"),
    # one die and four rerolls draw five tiles at most: the four 5s and a 4
    (position(fresh="1"), "the dice left draw at most 24 of 36 cells"),
    # a 2 x 3 hole and only 4- and 5-cell tiles left: 6 is no sum of 4s and 5s
    (position(grid("r0c0", "r0c1", "r0c2", "r1c0", "r1c1", "r1c2", full=True),
              used=SMALL_TILES, fresh="4,5"), "the 6 empty cells at r0c0 fit no set of tiles"),
    # a 2 x 4 hole and only T4 and S4 left: 8 cells, but a T and an S never tile it
    (position(grid(*[f"r{r}c{c}" for r in (0, 1) for c in range(4)], full=True),
              used=BUT_T4_S4, fresh="4,4"), "the empty cells cannot be tiled with the unused"),
])
def test_each_check_proves_what_it_says(text: str, why: str) -> None:
    s = state(text)
    assert s.outcome is None and s.legal_moves()  # advisory only: the game goes on
    assert hopeless_reason(s).startswith(why) and no_longer_winnable(s)
    assert GAME.panel(s).lines[0] == "no longer winnable"


def test_a_2_x_4_hole_with_an_o4_and_two_d2_left_is_not_hopeless() -> None:
    text = position(grid(*[f"r{r}c{c}" for r in (0, 1) for c in range(4)], full=True),
                    used="M1,M1,M1,I3,I3,L3,L3,I4,T4,S4,L4,P5,L5,U5,Y5", fresh="2,4")
    assert hopeless_reason(state(text)) == ""  # O4 on c0-c1, a D2 standing in c2 and in c3
    assert hopeless_reason(state(START)) == ""


def test_a_finished_game_is_winnable_only_when_won() -> None:
    assert hopeless_reason(state(position(grid(full=True), used="O4", last="O4"))) == ""
    assert hopeless_reason(state(position(spent="1", rerolls=4))) == "the game is lost (NG-E2)"


@pytest.mark.parametrize("side", ["a", "b"])
def test_never_hopeless_before_a_success(side: str) -> None:
    """Random games: once a position is called hopeless, no later position is a success."""
    rng = random.Random(11)
    called = 0
    for _ in range(15):
        s = GAME.random_start(board(side), rng)
        hopeless = False
        while s.outcome is None:
            hopeless = hopeless or no_longer_winnable(s)
            called += hopeless
            s = s.play(rng.choice(s.legal_moves()))
        assert not (hopeless and s.outcome.success)
    assert called > 0


def test_an_empty_grid_with_six_dice_is_never_hopeless() -> None:
    for side in ("a", "b"):
        assert not no_longer_winnable(state(f"{EMPTY} used=- fresh=1,1,1,1,1,1 spent=- "
                                            f"removed=- rerolls=0 last=-", side))
