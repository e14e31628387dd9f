"""Dice of four colours on rendered 2 1 6 boards: black and blue dice (a third and fourth
player) are read, by face and colour, where the board's palette holds them, and nowhere else.

Measured on renders (``calibration.synthetic``): 12x12 A3 boards for four players, dice placed
at random in about half the cells, white, red, black and blue. A die's owner is its colour, so
the measure that matters is that no die is given another player's colour; an unread die (face
None) only makes the referee wait.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pytest

from calibration.board_files import load_board_data
from calibration.synthetic import Die, Pose, Scene, render_scene
from engine.games import find_game
from engine.layout import Layout
from engine.table import Cell, Colour
from vision.board import BoardGeometry, BoardReader
from vision.top.colour import classify_colour

COLOURS = ("white", "red", "black", "blue")
GAME = find_game("two-one-six")


def layout(players: str, side: str = "12x12") -> Layout:
    board = GAME.load_board(side, load_board_data("two-one-six", side), {"players": players})
    return GAME.layout(board)


@dataclass
class Tally:
    right: int = 0       # face and colour both right
    unread: int = 0      # reported without a face (the referee waits)
    wrong_colour: int = 0
    wrong_face: int = 0
    missed: int = 0      # no die reported on the cell

    @property
    def dice(self) -> int:
        return self.right + self.unread + self.wrong_colour + self.wrong_face + self.missed


def scene(board: Layout, seed: int, size: tuple[int, int]) -> tuple[Scene, dict]:
    rng = np.random.default_rng(seed)
    dice, truth = {}, {}
    for r in range(board.rows):
        for c in range(board.cols):
            if rng.random() < 0.5:
                cx, cy = board.cell_centre_mm(Cell(r, c))
                colour, face = COLOURS[int(rng.integers(4))], int(rng.integers(1, 7))
                dice[(r, c)] = Die(face, colour, cx + float(rng.uniform(-1.5, 1.5)),
                                   cy + float(rng.uniform(-1.5, 1.5)),
                                   float(rng.uniform(-30, 30)), style_seed=int(rng.integers(999)))
                truth[(r, c)] = (face, colour)
    grid = tuple(tuple(dice[(r, c)].face if (r, c) in dice else None for c in range(board.cols))
                 for r in range(board.rows))
    centre = board.size_mm / 2
    return Scene(board=board, grid=grid, grid_overrides=dice, size=size, table="cloth",
                 pose=Pose(height_mm=600.0, target_mm=(centre, centre)),
                 noise=2.0, layout_seed=seed), truth


def measure(board: Layout, seeds: range, size: tuple[int, int]) -> dict[str, Tally]:
    """Per colour, how the board reader read the dice of the rendered scenes."""
    tallies = {c: Tally() for c in COLOURS}
    reader = BoardReader(BoardGeometry(board))
    for seed in seeds:
        drawn, truth = scene(board, seed, size)
        view = reader.read(render_scene(drawn, seed=seed))
        for (r, c), (face, colour) in truth.items():
            item, tally = view.grid[r][c], tallies[colour]
            if item is None:
                tally.missed += 1
            elif item.colour.value != colour and item.colour is not Colour.UNKNOWN:
                tally.wrong_colour += 1
            elif item.face is None or item.colour is Colour.UNKNOWN:
                tally.unread += 1
            elif item.face != face:
                tally.wrong_face += 1
            else:
                tally.right += 1
    return tallies


@pytest.fixture(scope="module")
def four_colours() -> dict[str, Tally]:
    return measure(layout("4"), range(2), (1280, 960))


def test_no_die_is_given_another_players_colour(four_colours) -> None:
    assert sum(t.right for t in four_colours.values()) >= 100      # the boards were read
    assert all(t.wrong_colour == 0 and t.wrong_face == 0 for t in four_colours.values())


def test_black_and_blue_dice_are_read_and_none_is_missed(four_colours) -> None:
    def rate(colours: tuple[str, ...]) -> float:
        return (sum(four_colours[c].right for c in colours)
                / sum(four_colours[c].dice for c in colours))
    assert rate(("black",)) >= 0.8 and rate(("blue",)) >= 0.9   # the rest unread: a wait
    assert rate(("white", "red")) >= 0.95
    assert all(t.missed == 0 for t in four_colours.values())


def test_without_black_and_blue_in_the_palette_they_stay_unknown() -> None:
    two = measure(layout("2"), range(1), (1280, 960))
    assert two["black"].right == two["blue"].right == 0
    assert two["black"].wrong_colour == two["blue"].wrong_colour == 0


def test_the_classifier_names_the_new_colours_only_for_a_palette_that_holds_them() -> None:
    lab = {"black": (30, 128, 128), "blue": (90, 150, 60), "green": (120, 80, 170),
           "red": (110, 190, 160), "white": (240, 128, 128)}
    crop = np.zeros((8, 8, 3), np.uint8)
    every = ("white", "red", "black", "blue", "green")
    for name, value in lab.items():
        body = np.array(value, np.float32)
        assert classify_colour(crop, body, every) == name
        assert classify_colour(crop, body) == (name if name in ("white", "red") else "unknown")
