"""PlayMe text notation: positions and moves (docs/notation/playme.md).

Position ``P1[1,2,P3:3] P2[1,2] P3[] chars=alice,cat,walrus modes=W,W,W wins=0,0,0
phase=rabbit round=on`` (printed by ``printing.position_text``); only the rows are required:
``chars`` defaults to the board's seating when it has as many players, ``modes`` to all W,
``wins`` to all 0, ``phase`` to rabbit, ``round`` to on. Moves ``ADV P1 3``, ``BLK P3>P1 3``,
``UNB P1 3``, ``SWAP P3>P1 3``, ``CLAIM P1``, ``STOP``, ``START``, ``FLIP P3``,
``BETRAY P1>P2``, ``RACE P2``; not listed but read: ``ADV P4 3 4``, ``STOP P2`` and events
joined by ``;``. Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from engine.errors import NotationError
from engine.games.playme.board import Board
from engine.games.playme.characters import CHARACTERS, MODES, WONDER
from engine.games.playme.dice import SLOTS, UNUSED, Die, Row
from engine.games.playme.moves import (
    Advance,
    Betray,
    Block,
    Claim,
    Event,
    Events,
    Flip,
    Move,
    Race,
    Start,
    Stop,
    Swap,
    Unblock,
)
from engine.games.playme.position import FLAGS, JABBERWOCK, RABBIT, TODO, Player
from engine.games.playme.state import State

POSITION_EXAMPLE = ("P1[1,2,P3:3] P2[1,2] P3[] chars=alice,cat,walrus modes=W,W,W wins=0,0,0 "
                    "phase=rabbit round=on")
FIELDS = ("chars", "modes", "wins", "phase", "J", "D", "betrayers", "round", "last", "todo",
          "flags", "sealed", "group", "first", "won")
_ROW = re.compile(r"P([1-9])\[([^\]]*)\]")
_DIE = re.compile(r"(?:(P[1-9]|X):)?([1-6])")


# --- positions --------------------------------------------------------------------------------

def parse_position(text: str, board: Board) -> State:
    """A position from its text on ``board``.

    Raises:
        NotationError: a malformed row or field, players not numbered P1..Pn (2 to 6), a row
            the rules cannot produce (a gap, an own die off its slot number, a block not at
            the end, a die of an unseated player), inconsistent phase fields; the message
            says what is wrong.
    """
    if not isinstance(text, str) or not text.split():
        raise NotationError(f"empty position: expected e.g. {POSITION_EXAMPLE!r}")
    rows: dict[int, str] = {}
    fields: dict[str, str] = {}
    for part in text.split():
        _read_part(part, rows, fields, text)
    count = len(rows)
    if sorted(rows) != list(range(1, count + 1)) or not 2 <= count <= 6:
        raise NotationError(f"position {text!r} must have the rows P1[..] to Pn[..] of 2 to 6 "
                            f"players, each once, e.g. {POSITION_EXAMPLE!r}")
    chars = _characters(fields.get("chars"), count, board)
    modes = _list(fields.get("modes", ",".join([WONDER] * count)), "modes", count, MODES)
    wins = _list(fields.get("wins", ",".join(["0"] * count)), "wins", count,
                 tuple(str(n) for n in range(10)))
    players = tuple(Player(chars[p - 1], modes[p - 1], _parse_row(rows[p], p, count),
                           int(wins[p - 1])) for p in range(1, count + 1))
    return _state(board, players, fields)


def _read_part(part: str, rows: dict[int, str], fields: dict[str, str], text: str) -> None:
    m = _ROW.fullmatch(part)
    if m:
        p = int(m.group(1))
        if p in rows:
            raise NotationError(f"row P{p} appears twice in {text!r}")
        rows[p] = m.group(2)
        return
    key, sep, value = part.partition("=")
    if not sep or key not in FIELDS or key in fields:
        raise NotationError(f"unexpected {part!r} in {text!r}: expected rows P1[..] and the "
                            f"fields {', '.join(k + '=' for k in FIELDS)} at most once each")
    fields[key] = value


def _characters(value: str | None, count: int, board: Board) -> tuple[str, ...]:
    if value is None:
        seating = board.options.seating
        if len(seating) != count:
            raise NotationError(f"name the {count} players' characters (chars=alice,cat,...): "
                                f"the board seats {len(seating)}")
        return seating
    names = tuple(_list(value, "chars", count, CHARACTERS))
    if len(set(names)) != count:
        raise NotationError(f"chars={value}: each character plays once")
    return names


def _list(value: str, key: str, count: int, allowed: tuple[str, ...]) -> list[str]:
    items = value.split(",")
    if len(items) != count or any(i not in allowed for i in items):
        raise NotationError(f"{key}= lists {count} values separated by commas, each one of "
                            f"{', '.join(allowed)}; got {value!r}")
    return items


def _parse_row(text: str, p: int, count: int) -> Row:
    """A row's dice, slot 1 first: own dice first, each showing its slot number, then blocks
    (other players' dice or ``X``; a block shows its slot number or 1 when laid, and keeps its
    face when the Walrus reset moves it left); six at most."""
    tokens = text.split(",") if text else []
    if len(tokens) > SLOTS:
        raise NotationError(f"P{p}[{text}]: a row has six slots")
    dice = []
    for slot, token in enumerate(tokens, start=1):
        m = _DIE.fullmatch(token)
        if m is None:
            raise NotationError(f"P{p}[{text}]: {token!r} is not a die: write 3 for P{p}'s "
                                f"own die, P2:3 for P2's, X:1 for a colour nobody plays")
        dice.append(_die(m, p, slot, count, text))
    return _check_order(tuple(dice), p, text)


def _die(m: re.Match[str], p: int, slot: int, count: int, text: str) -> Die:
    who, face = m.group(1), int(m.group(2))
    owner = p if who is None else UNUSED if who == "X" else int(who[1:])
    if owner > count or (who is not None and owner == p):
        raise NotationError(f"P{p}[{text}]: {m.group(0)} is not another seated player's die "
                            f"(write P{p}'s own dice as their face)")
    if owner == UNUSED and count == 6:
        raise NotationError(f"P{p}[{text}]: with six players every colour is played: no X die")
    if owner == p and face != slot:
        raise NotationError(f"P{p}[{text}]: P{p}'s own die in slot {slot} shows {slot}")
    return Die(owner, face)


def _check_order(row: Row, p: int, text: str) -> Row:
    owners = [d.owner for d in row]
    first_block = next((i for i, o in enumerate(owners) if o != p), len(owners))
    if p in owners[first_block:]:
        raise NotationError(f"P{p}[{text}]: blocks lie at the end of a row, after P{p}'s dice")
    blockers = owners[first_block:]
    if len(set(blockers)) != len(blockers):
        raise NotationError(f"P{p}[{text}]: one block die per player on a row")
    return row


def _state(board: Board, players: tuple[Player, ...], fields: dict[str, str]) -> State:
    count = len(players)
    phase = fields.get("phase", RABBIT)
    if phase not in (RABBIT, JABBERWOCK):
        raise NotationError(f"phase= is rabbit or jabberwock, got {phase!r}")
    jabberwock = _player(fields["J"], "J", count) if "J" in fields else None
    if (phase == JABBERWOCK) != (jabberwock is not None):
        raise NotationError("J=Pn names the Jabberwock in the jabberwock phase, and only then")
    if phase == RABBIT and any(k in fields for k in ("D", "betrayers", "group")):
        raise NotationError("D=, betrayers= and group= belong to the jabberwock phase")
    defeats = _defeats(fields.get("D", "0"), count)
    survivors = tuple(p for p in range(1, count + 1) if p != jabberwock)
    betrayers = _players(fields.get("betrayers", ""), "betrayers", count, survivors)
    group = _players(fields.get("group", ""), "group", count, survivors)
    started = _round(fields.get("round", "on"))
    last = _player(fields["last"], "last", count) if "last" in fields else None
    todo = _words(fields.get("todo", ""), "todo", TODO)
    if todo and (started or last is None):
        raise NotationError("todo= is what a round win left: only with round=ready and last=")
    return State(board=board, players=players, phase=phase, jabberwock=jabberwock,
                 defeats=defeats, betrayers=betrayers, started=started, last=last, todo=todo,
                 flags=_words(fields.get("flags", ""), "flags", FLAGS),
                 sealed=_players(fields.get("sealed", ""), "sealed", count),
                 group=group,
                 first=_player(fields["first"], "first", count) if "first" in fields else None,
                 won=_players(fields.get("won", ""), "won", count))


def _player(text: str, key: str, count: int) -> int:
    m = re.fullmatch(r"P([1-9])", text)
    if m is None or int(m.group(1)) > count:
        raise NotationError(f"{key}= names a player P1 to P{count}, got {text!r}")
    return int(m.group(1))


def _players(text: str, key: str, count: int,
             allowed: tuple[int, ...] | None = None) -> tuple[int, ...]:
    """A list ``P1,P3`` (any order, printed in seat order); empty text, none."""
    if not text:
        return ()
    players = [_player(t, key, count) for t in text.split(",")]
    if len(set(players)) != len(players):
        raise NotationError(f"{key}={text}: each player once")
    if allowed is not None and any(p not in allowed for p in players):
        raise NotationError(f"{key}={text}: only survivors (not the Jabberwock)")
    return tuple(sorted(players))


def _words(text: str, key: str, allowed: tuple[str, ...]) -> tuple[str, ...]:
    words = text.split(",") if text else []
    if any(w not in allowed for w in words) or len(set(words)) != len(words):
        raise NotationError(f"{key}= lists some of {', '.join(allowed)} once each, got "
                            f"{text!r}")
    return tuple(w for w in allowed if w in words)


def _defeats(text: str, count: int) -> int:
    if not re.fullmatch(r"[0-9]", text) or int(text) > count:
        raise NotationError(f"D= counts the survivors' round wins, 0 to {count}, got {text!r}")
    return int(text)


def _round(text: str) -> bool:
    if text not in ("on", "ready"):
        raise NotationError(f"round= is on (under way) or ready (before Play me!), got "
                            f"{text!r}")
    return text == "on"


# --- moves ------------------------------------------------------------------------------------

_P = r"P([1-9])"
_F = r"([1-6])"
_EVENTS: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], Event]], ...] = (
    (re.compile(rf"ADV {_P} {_F}(?: {_F})?"),
     lambda m: Advance(int(m[1]), int(m[2]), int(m[3]) if m[3] else None)),
    (re.compile(rf"BLK {_P}>{_P} {_F}"), lambda m: Block(int(m[1]), int(m[2]), int(m[3]))),
    (re.compile(rf"UNB {_P} {_F}"), lambda m: Unblock(int(m[1]), int(m[2]))),
    (re.compile(rf"SWAP {_P}>{_P} {_F}"), lambda m: Swap(int(m[1]), int(m[2]), int(m[3]))),
    (re.compile(rf"CLAIM {_P}"), lambda m: Claim(int(m[1]))),
    (re.compile(rf"STOP(?: {_P})?"), lambda m: Stop(int(m[1]) if m[1] else None)),
    (re.compile(r"START"), lambda m: Start()),
    (re.compile(rf"FLIP {_P}"), lambda m: Flip(int(m[1]))),
    (re.compile(rf"BETRAY {_P}>{_P}"), lambda m: Betray(int(m[1]), int(m[2]))),
    (re.compile(rf"RACE {_P}"), lambda m: Race(int(m[1]))),
)
MOVE_FORMS = ("ADV P1 3", "ADV P4 3 4", "BLK P3>P1 3", "UNB P1 3", "SWAP P3>P1 3", "CLAIM P1",
              "STOP", "STOP P3", "START", "FLIP P3", "BETRAY P1>P2", "RACE P2")


def parse_move(text: str, state: State) -> Move:
    """A move from its text for ``state`` (spaces around words and ``;`` ignored, words in
    capitals); several events joined by ``;`` are one move, played in order.

    Raises:
        NotationError: not one of ``MOVE_FORMS`` (or several joined by ``;``), or a player
            not seated in ``state``.
    """
    parts = [" ".join(p.split()) for p in text.split(";")]
    events = [_parse_event(p, text, state.count) for p in parts]
    return events[0] if len(events) == 1 else Events(tuple(events))


def _parse_event(text: str, whole: str, count: int) -> Event:
    for pattern, build in _EVENTS:
        m = pattern.fullmatch(text)
        if m:
            players = [int(g) for g in re.findall(r"P([1-9])", text)]
            if any(p > count for p in players):
                raise NotationError(f"move {whole!r}: players are P1 to P{count} here")
            return build(m)
    raise NotationError(f"move {whole!r} must be one of {', '.join(MOVE_FORMS)}, or several "
                        f"of them joined by ';'")
