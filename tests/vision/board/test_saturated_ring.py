"""Light pips found in saturation (the pips of blue and green dice) need a lower ring level
only on boards whose palette holds blue or green dice (PlayMe's A3 board); white and red
boards keep theirs, so their readings do not change."""

from __future__ import annotations

from calibration.board_files import load_layout
from vision.board.config import DICE
from vision.board.dice import saturated_ring
from vision.board.geometry import BoardGeometry


def test_the_lower_ring_only_where_blue_or_green_dice_play() -> None:
    playme = BoardGeometry(load_layout("playme", "standard"))
    assert saturated_ring(playme) == DICE.saturated_ring < DICE.bright_ring
    for game, side in (("unification", "simple"), ("unification", "complex")):
        assert saturated_ring(BoardGeometry(load_layout(game, side))) == DICE.bright_ring
