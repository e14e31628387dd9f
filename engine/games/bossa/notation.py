"""Bossa text notation: positions and moves (docs/notation/bossa.md).

Position ``w3 b5 W2=W2B1 W4=W1B0+W3B2/W2B0+W2B1 B6=W0B4+W3B2 hand1=W1B1,W5B0 hand2=W0B3
deck=14 m1=RES m2=R to=1 phase=play home1=W discard=W1B0``: the dice (``w`` white, ``b``
black), each filled position with its layers (bottom first, ``/`` between layers, ``+`` between
tiles), the hands (``,`` between tiles, ``-`` for none), the deck's size, each player's unused
action markers (R Redraw, E Exchange, S Stack; ``-`` for none), the player to act, the turn's
phase (``draw``, ``play``, ``redraw``), Regular's ``home1`` (player 1's home line), the discard
pile (optional, ``-``) and ``conceded=<player>`` once a player has conceded. Tokens may come in
any order; ``position()`` prints them in this one.

Moves ``W4=W1B0+W3B2``, ``STACK W4=W2B0+W2B1``, ``REDRAW W1B0``, ``EXCHANGE W2B0<>W0B3``,
``DRAW W2B1`` and the declaration ``CONCEDE 2``; letters in any case.
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from engine.errors import NotationError
from engine.games.bossa.board import Board
from engine.games.bossa.lines import LOW, Line, LinePosition
from engine.games.bossa.moves import (
    MARKERS,
    Concede,
    Draw,
    Exchange,
    Move,
    Place,
    Redraw,
    StackMove,
)
from engine.games.bossa.state import PHASES, REDRAW_PHASE, SIX_POSITIONS, State
from engine.games.bossa.tiles import (
    BLACK,
    COLOUR_NAMES,
    TILES,
    WHITE,
    Tile,
    parse_tile,
    parse_tiles,
    pip_sum,
)

POSITION_EXAMPLE = ("w3 b5 W2=W2B1 hand1=W0B4,W1B0 hand2=W0B3 deck=17 m1=RES m2=RES to=1 "
                    "phase=play home1=W")
FIELDS = ("hand1", "hand2", "deck", "m1", "m2", "to", "phase", "home1", "discard", "conceded")
REQUIRED = ("hand1", "hand2", "deck", "m1", "m2", "to", "phase")
_DIE = re.compile(r"([wb])(\d{1,3})")
_POSITION = re.compile(r"([WB])(\d{1,3})")


# --- positions --------------------------------------------------------------------------------

def parse_position(text: str, board: Board) -> State:
    """A position from its text on ``board`` (the rule level).

    Raises:
        NotationError: a malformed or repeated token, a missing field, equal dice (BO-S4), a
            position that is not one (a gap, a layer not adding up, layers of different
            counts), a tile twice, more tiles than the game has, or a field the level does
            not have; the message says what is wrong.
    """
    dice, positions, fields = _tokens(text)
    for key in REQUIRED:
        if key not in fields:
            raise NotationError(f"position {text!r} lacks {key}=: e.g. {POSITION_EXAMPLE!r}")
    if sorted(dice) != ["b", "w"]:
        raise NotationError(f"position {text!r} needs both dice, e.g. 'w3 b5'")
    if dice["w"] == dice["b"]:
        raise NotationError(f"dice w{dice['w']} b{dice['b']}: equal rolls are rolled again "
                            f"(BO-S4)")
    lines = (_line(WHITE, dice["w"], positions), _line(BLACK, dice["b"], positions))
    state = State(board=board, lines=lines,
                  hands=(_tile_list(fields["hand1"], "hand1"), _tile_list(fields["hand2"],
                                                                          "hand2")),
                  deck=_deck(fields["deck"]), discard=_tile_list(fields.get("discard", "-"),
                                                                 "discard"),
                  markers=(_markers(fields["m1"], "m1"), _markers(fields["m2"], "m2")),
                  to=_player(fields["to"], "to"), phase=_phase(fields["phase"]),
                  home1=_home(fields.get("home1"), board),
                  conceded=_player(fields["conceded"], "conceded") if "conceded" in fields
                  else None)
    _check_whole(state, board)
    return state


def _tokens(text: str) -> tuple[dict[str, int], dict[str, dict[int, str]], dict[str, str]]:
    """The dice, the filled positions by line and value, and the fields of a position text."""
    if not text.split():
        raise NotationError(f"empty position: expected e.g. {POSITION_EXAMPLE!r}")
    dice: dict[str, int] = {}
    positions: dict[str, dict[int, str]] = {WHITE: {}, BLACK: {}}
    fields: dict[str, str] = {}
    for token in text.split():
        key, sep, value = token.partition("=")
        die, place = _DIE.fullmatch(token), _POSITION.fullmatch(key)
        if die and die.group(1) not in dice:
            dice[die.group(1)] = _die_value(die.group(2), token)
        elif sep and place and int(place.group(2)) not in positions[place.group(1)]:
            positions[place.group(1)][int(place.group(2))] = value
        elif sep and key in FIELDS and key not in fields:
            fields[key] = value
        else:
            raise NotationError(f"unexpected {token!r} in {text!r}: expected the dice 'w3 b5', "
                                f"positions such as 'W4=W1B0+W3B2' and the fields "
                                f"{', '.join(k + '=' for k in FIELDS)}, each once")
    return dice, positions, fields


def _die_value(digits: str, token: str) -> int:
    value = int(digits)
    if not 1 <= value <= 6:
        raise NotationError(f"die {token!r}: a die shows 1 to 6")
    return value


def _line(colour: str, die: int, texts: dict[str, dict[int, str]]) -> Line:
    """A line from its positions' texts: values on each side filled outwards from the die with
    no gap, every layer of the line's colour adding up to the value, all layers one count."""
    positions = tuple(_line_position(colour, value, texts[colour][value])
                      for value in sorted(texts[colour]))
    line = Line(colour, die, positions)
    for p in positions:
        name = f"{colour}{p.value}"
        if p.value == die:
            raise NotationError(f"{name} is the {COLOUR_NAMES[colour]} die's value, not a "
                                f"position")
        side = line.side_of(p.value)
        nearer = p.value + 1 if side == LOW else p.value - 1
        if line.distance(p.value) > 1 and line.at(nearer) is None:
            raise NotationError(f"{name} without {colour}{nearer}: positions fill outwards "
                                f"from the die with no gap")
    return line


def _line_position(colour: str, value: int, text: str) -> LinePosition:
    name = f"{colour}{value}"
    if value < 1:
        raise NotationError(f"{name}: a position's value is at least 1 (BO-F9)")
    layers = tuple(parse_tiles(layer, "+", name) for layer in text.split("/"))
    if len({len(layer) for layer in layers}) > 1:
        raise NotationError(f"{name}={text}: every layer of a position has the same count")
    for layer in layers:
        if not all(t.fits(colour) for t in layer) or pip_sum(layer, colour) != value:
            raise NotationError(f"{name}={text}: each layer's {COLOUR_NAMES[colour]} pips add "
                                f"up to {value}, every tile having some")
    return LinePosition(value, layers)


def _tile_list(text: str, key: str) -> tuple[Tile, ...]:
    return () if text == "-" else parse_tiles(text, ",", f"{key}=")


def _deck(text: str) -> int:
    if not text.isdigit() or not text.isascii() or int(text) > len(TILES):
        raise NotationError(f"deck= is the number of tiles in the deck (0-27), got {text!r}")
    return int(text)


def _markers(text: str, key: str) -> str:
    if text == "-":
        return ""
    if not text or any(ch not in MARKERS for ch in text) or len(set(text)) != len(text):
        raise NotationError(f"{key}= lists the unused action markers R, E, S (or '-'), "
                            f"got {text!r}")
    return "".join(m for m in MARKERS if m in text)


def _player(text: str, key: str) -> int:
    if text not in ("1", "2"):
        raise NotationError(f"{key}= must be player 1 or 2, got {text!r}")
    return int(text)


def _phase(text: str) -> str:
    if text not in PHASES:
        raise NotationError(f"phase= must be one of {', '.join(PHASES)}, got {text!r}")
    return text


def _home(text: str | None, board: Board) -> str | None:
    if not board.regular:
        if text is not None:
            raise NotationError("home1=: Novice has no home lines")
        return None
    if text not in (WHITE, BLACK):
        raise NotationError(f"home1= must be W or B (player 1's home line in Regular), "
                            f"got {text!r}")
    return text


def _check_whole(state: State, board: Board) -> None:
    """What only the whole position shows: each tile once, no more tiles than the game has,
    a Redraw's phase with its marker used, Regular lines of at most six positions."""
    seen = state.visible()
    twice = next((t for t in seen if seen.count(t) > 1), None)
    if twice is not None:
        raise NotationError(f"{twice} is named twice: there is one tile of each kind")
    if len(seen) + state.deck > len(TILES):
        raise NotationError(f"{len(seen)} tiles on the table and deck={state.deck}: the game "
                            f"has {len(TILES)} tiles")
    if state.phase == REDRAW_PHASE and "R" in state.unused(state.to):
        raise NotationError(f"phase=redraw: player {state.to}'s Redraw marker is used (not in "
                            f"m{state.to}=)")
    sizes = [len(line.positions) for line in state.lines]
    if board.regular and (max(sizes) > SIX_POSITIONS or min(sizes) == SIX_POSITIONS):
        raise NotationError("a Regular game ends when a line reaches six positions (BO-E2)")


# --- moves ------------------------------------------------------------------------------------

_TILE = r"(W\d+B\d+)"
_SET = r"(W\d+B\d+(?:\+W\d+B\d+)*)"


def _place(m: re.Match[str]) -> Move:
    return Place(m.group(1), int(m.group(2)), parse_tiles(m.group(3), "+", "the move"))


def _stack(m: re.Match[str]) -> Move:
    return StackMove(m.group(1), int(m.group(2)), parse_tiles(m.group(3), "+", "the move"))


def _redraw(m: re.Match[str]) -> Move:
    return Redraw(parse_tile(m.group(1)))


def _exchange(m: re.Match[str]) -> Move:
    return Exchange(parse_tile(m.group(1)), parse_tile(m.group(2)))


def _draw(m: re.Match[str]) -> Move:
    return Draw(parse_tile(m.group(1)))


def _concede(m: re.Match[str]) -> Move:
    return Concede(int(m.group(1)))


_MOVES: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], Move]], ...] = (
    (re.compile(rf"([WB])(\d{{1,3}}) *= *{_SET}"), _place),
    (re.compile(rf"STACK +([WB])(\d{{1,3}}) *= *{_SET}"), _stack),
    (re.compile(rf"REDRAW +{_TILE}"), _redraw),
    (re.compile(rf"EXCHANGE +{_TILE} *<> *{_TILE}"), _exchange),
    (re.compile(rf"DRAW +{_TILE}"), _draw),
    (re.compile(r"CONCEDE +([12])"), _concede),
)


def parse_move(text: str) -> Move:
    """A move from its text (spaces around it ignored, letters in any case).

    Raises:
        NotationError: not one of ``W4=W1B0+W3B2``, ``STACK W4=W2B0+W2B1``, ``REDRAW W1B0``,
            ``EXCHANGE W2B0<>W0B3``, ``DRAW W2B1``, ``CONCEDE 2``, or a tile that does not
            exist or is named twice.
    """
    stripped = text.strip().upper()
    for pattern, build in _MOVES:
        m = pattern.fullmatch(stripped)
        if m:
            return build(m)
    raise NotationError(f"move {text!r} must be a Place 'W4=W1B0+W3B2', 'STACK W4=W2B0+W2B1', "
                        f"'REDRAW W1B0', 'EXCHANGE W2B0<>W0B3', a draw 'DRAW W2B1' or "
                        f"'CONCEDE 2'")

