"""Bossa moves as values, each printing itself in the notation (docs/notation/bossa.md).

The turn's parts of the rules: the draw (BO-A1, ``DRAW W2B1``: the tile the table brings, a
chance move the engine never chooses), and exactly one of Place (BO-A2a, ``W4=W1B0+W3B2``),
Redraw (BO-A2b, ``REDRAW W1B0``, its replacement tile then drawn with ``DRAW``), Exchange
(BO-A2c, ``EXCHANGE W2B0<>W0B3``: the mover's tile first) and Stack (BO-A2d,
``STACK W4=W2B0+W2B1``). ``CONCEDE 2`` (player 2 gives up) is a declaration entered with the
buttons, never listed by ``legal_moves``. Tiles of a set print in the canonical order.
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.games.bossa.tiles import Tile, tiles_text


@dataclass(frozen=True)
class Place:
    """BO-A2a: the tiles ``tiles`` laid as the new position ``colour``+``value``."""

    colour: str
    value: int
    tiles: tuple[Tile, ...]

    def __str__(self) -> str:
        return f"{self.colour}{self.value}={tiles_text(self.tiles, '+')}"


@dataclass(frozen=True)
class Redraw:
    """BO-A2b: ``tile`` from the mover's hand face up on the discard pile; a ``Draw`` follows."""

    tile: Tile

    def __str__(self) -> str:
        return f"REDRAW {self.tile}"


@dataclass(frozen=True)
class Exchange:
    """BO-A2c: the mover's ``give`` swapped with the opponent's ``take``."""

    give: Tile
    take: Tile

    def __str__(self) -> str:
        return f"EXCHANGE {self.give}<>{self.take}"


@dataclass(frozen=True)
class StackMove:
    """BO-A2d: ``tiles`` laid as a new layer on the filled position ``colour``+``value``."""

    colour: str
    value: int
    tiles: tuple[Tile, ...]

    def __str__(self) -> str:
        return f"STACK {self.colour}{self.value}={tiles_text(self.tiles, '+')}"


@dataclass(frozen=True)
class Draw:
    """BO-A1 (and Redraw's second half): ``tile`` taken from the deck into the mover's hand."""

    tile: Tile

    def __str__(self) -> str:
        return f"DRAW {self.tile}"


@dataclass(frozen=True)
class Concede:
    """A declaration (buttons): ``player`` gives the game up; the other player wins."""

    player: int

    def __str__(self) -> str:
        return f"CONCEDE {self.player}"


Move = Place | Redraw | Exchange | StackMove | Draw | Concede
"""Every move ``play`` takes."""

ACTION_MARKERS = {Redraw: "R", Exchange: "E", StackMove: "S"}
"""The action marker each action turns face down (BO-S3: R Redraw, E Exchange, S Stack)."""
MARKERS = "RES"
MARKER_NAMES = {"R": "Redraw", "E": "Exchange", "S": "Stack"}
