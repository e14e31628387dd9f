"""Bossa referee step: what a settled table view means for a state (rules section 6).

Order of questions: can the view be trusted (UNTRUSTED: an unread or doubtful piece, a colour
outside the palette, a piece where it does not belong, a tile seen twice, a hand face down);
are the dice as they were (else BO-F12); does the view show the current position (UNCHANGED);
then, from where each tile went (``Change``), what the table did:

- tiles that left a line or the discard pile, or vanished from them (BO-F10), a tile that
  came to the table straight from the deck (BO-F7), the opponent's tiles or markers moving
  (BO-F11), a used marker turned back up or two markers turned (BO-F6);
- before the turn's draw: one new tile in the hand of the player to act is ``DRAW`` (two are
  BO-F7; playing first is BO-F7, after a Redraw BO-F5/BO-F6);
- after the draw: tiles of the mover's hand on one spot are a Place (a new position) or a
  Stack (on a filled one, covering its tiles or lying stacked); one tile on the discard pile
  is a Redraw; one tile each way between the hands is an Exchange; a second draw is BO-F7,
  tiles on two spots or a Place with an action BO-F5. The move is judged by the rules
  (``State.play``): MOVE, or ILLEGAL with the rule broken. An action waits (PENDING) until its
  marker is face down; a placement still short of its value with room for more tiles waits;
  a tile out of sight (in a hand over the table) waits.

Which tiles lie where is compared, not how they lie: a view whose stacked flags differ from
the position's is unchanged (a Stack is recognised by the tiles it covers as well as by its
flags). The state never changes except on MOVE. The referee keeps no memo: a view showing two
steps at once (a Redraw and its draw; the turn's draw and the Place, Redraw, Exchange or
Stack after it, its token turned) gives the first, and the next view the second.
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import IllegalMoveError
from engine.games.bossa.lines import Line
from engine.games.bossa.moves import (
    ACTION_MARKERS,
    MARKER_NAMES,
    Draw,
    Exchange,
    Move,
    Place,
    Redraw,
    StackMove,
)
from engine.games.bossa.pieces import expected_view
from engine.games.bossa.reading import Seen, read_view
from engine.games.bossa.state import DRAW_PHASE, PLAY_PHASE, State, other
from engine.games.bossa.tiles import COLOUR_NAMES, Tile, pip_sum
from engine.games.bossa.zones import (
    BANDS,
    DISCARD,
    HANDS,
    MARKER_ZONES,
    colour_of,
    parse_spot,
    spot_of,
    value_of,
)
from engine.referee import Judgement, RefereeStep, Verdict
from engine.table import MIN_CONFIDENCE, Item, TableView

OUT = "out"
_MARKER_OF_ZONE = {zone: key for key, zone in MARKER_ZONES.items()}


def step(state: State, view: TableView, memo: object,
         min_confidence: float = MIN_CONFIDENCE) -> RefereeStep[State]:
    """The referee step the session runs on every view (no memo, no notes)."""
    return RefereeStep(referee(state, view, min_confidence))


@dataclass(frozen=True)
class Change:
    """How a trusted view differs from the position, tile by tile.

    Attributes:
        moved: tiles seen elsewhere than expected: tile -> (expected place, seen place); a
            place is ``hand_1``, ``hand_2``, a spot's name, ``discard`` or ``out``.
        vanished: tiles expected but not seen (in a hand over the table, or covered by a new
            layer): tile -> expected place.
        appeared: tiles seen but not expected (drawn from the deck, or uncovered).
        markers: marker zones seen otherwise than expected: zone -> seen (True face up, False
            face down, None absent).
        lying: the tiles seen lying on other tiles (stacked).
    """

    moved: dict[Tile, tuple[str, str]]
    vanished: dict[Tile, str]
    appeared: dict[Tile, str]
    markers: dict[str, bool | None]
    lying: frozenset[Tile] = frozenset()

    @property
    def none(self) -> bool:
        return not (self.moved or self.vanished or self.appeared or self.markers)

    def arrived(self, place: str) -> list[Tile]:
        """The tiles that came to ``place`` (moved there or appeared there)."""
        return ([t for t, (_, dst) in self.moved.items() if dst == place]
                + [t for t, dst in self.appeared.items() if dst == place])

    def moves(self, src: str, dst: str) -> list[Tile]:
        return [t for t, (a, b) in self.moved.items() if a == src and b == dst]


def expected_seen(state: State) -> Seen:
    """The reading of the view the position gives (it is always trustworthy)."""
    seen = read_view(expected_view(state), MIN_CONFIDENCE)
    if not isinstance(seen, Seen):  # a bug: expected views hold only readable pieces
        raise TypeError(f"the view of {state} is unreadable: {seen}")
    return seen


def difference(state: State, seen: Seen) -> Change:
    expected = expected_seen(state)
    was, now = expected.places(), seen.places()
    return Change(
        moved={t: (was[t], now[t]) for t in was if t in now and was[t] != now[t]},
        vanished={t: was[t] for t in was if t not in now},
        appeared={t: now[t] for t in now if t not in was},
        markers={z: seen.markers[z] for z in MARKER_ZONES.values()
                 if seen.markers[z] != expected.markers[z]},
        lying=frozenset(t for t, flag in seen.stacked().items() if flag))


def referee(state: State, view: TableView,
            min_confidence: float = MIN_CONFIDENCE) -> Judgement[State]:
    """Judge ``view`` against ``state`` (see the module docstring)."""
    seen = read_view(view, min_confidence)
    if isinstance(seen, str):
        return Judgement(Verdict.UNTRUSTED, state, message=seen)
    if any(seen.hidden):
        return Judgement(Verdict.UNTRUSTED, state, message="hands lie face up (BO-S7)")
    dice = _dice_problem(state, seen)
    if dice:
        return _illegal(state, "BO-F12", dice)
    change = difference(state, seen)
    if change.none:
        return Judgement(Verdict.UNCHANGED, state)
    if state.outcome is not None:
        return _illegal(state, state.outcome.reason, "the game is over")
    return _broken(state, change) or _turn(state, change)


def _illegal(state: State, code: str, message: str, move: Move | None = None) -> Judgement[State]:
    return Judgement(Verdict.ILLEGAL, state, move=None if move is None else str(move),
                     code=code, message=message)


def _pending(state: State, message: str) -> Judgement[State]:
    return Judgement(Verdict.PENDING, state, message=message)


def _dice_problem(state: State, seen: Seen) -> str:
    """BO-F12: each die stays in its line's cell with its rolled value."""
    expected = expected_view(state).grid
    for band, die, (want,) in zip(BANDS, seen.dice, expected, strict=True):
        if not _same_die(die, want):
            name = COLOUR_NAMES[colour_of(state.board, state.home1, band)]
            face = "" if want is None else f" showing {want.face}"
            return f"the {band} cell holds the {name} die{face}"
    return ""


def _same_die(die: Item | None, want: Item | None) -> bool:
    return (die is not None and want is not None and die.face == want.face
            and die.colour is want.colour)


def _where(place: str) -> str:
    return "the discard pile" if place == DISCARD else place.replace("_", " ")


def _on_table(place: str) -> bool:
    return place not in HANDS


# --- rules the table breaks whatever the turn ---------------------------------------------------

def _broken(state: State, change: Change) -> Judgement[State] | None:
    """BO-F10 (tiles on the table moved), BO-F7 (a tile from the deck straight to the table),
    BO-F11 (the opponent acting), BO-F6 (a marker turned back up, two turned)."""
    for tile, (src, _) in change.moved.items():
        if _on_table(src):
            return _illegal(state, "BO-F10", f"{tile} left {_where(src)}: put it back")
    for tile, src in change.vanished.items():
        if _on_table(src) and not change.arrived(src):
            return _illegal(state, "BO-F10", f"{tile} is missing from {_where(src)}")
    covered = {t for line in state.lines for p in line.positions for t in p.tiles()}
    for tile, dst in change.appeared.items():
        if _on_table(dst) and tile in covered:
            return _illegal(state, "BO-F10", f"{tile} was under a Stack: put it back")
        if _on_table(dst):
            return _illegal(state, "BO-F7", f"{tile} came from the deck: play from the hand")
    return _opponent(state, change) or _markers(state, change)


def _opponent(state: State, change: Change) -> Judgement[State] | None:
    """BO-F11: the player not to act draws or lays tiles."""
    them = HANDS[other(state.to) - 1]
    acted = (any(src == them and _on_table(dst) for src, dst in change.moved.values())
             or them in change.appeared.values())
    if acted:
        return _illegal(state, "BO-F11", f"it is player {state.to}'s turn")
    return None


def _markers(state: State, change: Change) -> Judgement[State] | None:
    """BO-F6 for a used marker turned back up or two markers turned in a turn, BO-F11 for
    the opponent's marker; PENDING while a marker is off its place."""
    turned = []
    for zone, now in change.markers.items():
        player, marker = _MARKER_OF_ZONE[zone]
        name = f"player {player}'s {MARKER_NAMES[marker]} marker"
        if now is True:
            return _illegal(state, "BO-F6", f"{name} is used: face down")
        if now is False and player != state.to:
            return _illegal(state, "BO-F11", f"it is player {state.to}'s turn")
        if now is False:
            turned.append(marker)
    if len(turned) > 1:
        return _illegal(state, "BO-F6", "one action per turn")
    missing = [_MARKER_OF_ZONE[z] for z, now in change.markers.items() if now is None]
    if missing:
        player, marker = missing[0]
        return _pending(state, f"put player {player}'s {MARKER_NAMES[marker]} marker back")
    return None


def _turned(change: Change) -> set[str]:
    """The markers the player to act turned face down (R, E, S)."""
    return {_MARKER_OF_ZONE[z][1] for z, now in change.markers.items() if now is False}


# --- the turn -----------------------------------------------------------------------------------

def _turn(state: State, change: Change) -> Judgement[State]:
    mine, theirs = HANDS[state.to - 1], HANDS[other(state.to) - 1]
    drawn = [t for t, dst in change.appeared.items() if dst == mine]
    played = {t: dst for t, (src, dst) in change.moved.items() if src == mine and _on_table(dst)}
    swapped = change.moves(mine, theirs) + change.moves(theirs, mine)
    if state.phase != PLAY_PHASE:
        return _before_draw(state, change, drawn, bool(played or swapped or _turned(change)),
                            played)
    if drawn and set(played.values()) != {DISCARD}:  # a Redraw's draw is judged after it
        return _illegal(state, "BO-F7", "one draw per turn (a second one only by Redraw)")
    if any(src in HANDS for src in change.vanished.values()):
        return _pending(state, "a tile is out of sight")
    if swapped:
        return _exchange(state, change, mine, theirs, played)
    if played:
        return _played(state, change, played)
    turned = _turned(change)
    if turned:
        return _pending(state, f"{MARKER_NAMES[min(turned)]}: do the action")
    return _pending(state, "finish the move")


def _before_draw(state: State, change: Change, drawn: list[Tile], acted: bool,
                 played: dict[Tile, str]) -> Judgement[State]:
    """The turn's draw (or a Redraw's): one new tile in the hand of the player to act. A
    token of theirs turned with the turn's draw is the action that follows it, judged on the
    next view (two tokens turned are BO-F6 already)."""
    if len(drawn) == 1:
        return _judge(state, change, Draw(drawn[0]),
                      action_follows=state.phase == DRAW_PHASE)
    if drawn:
        return _illegal(state, "BO-F7", "draw one tile")
    if acted and state.phase == DRAW_PHASE:
        return _illegal(state, "BO-F7", f"player {state.to} draws a tile first (BO-A1)")
    if acted and any(dst != DISCARD for dst in played.values()):
        return _illegal(state, "BO-F5", "no Place in a turn with a Redraw: draw a tile")
    if acted:
        return _illegal(state, "BO-F6", "one action per turn: draw the Redraw's tile")
    if any(src in HANDS for src in change.vanished.values()):
        return _pending(state, "a tile is out of sight")
    return _pending(state, "finish the move")


def _exchange(state: State, change: Change, mine: str, theirs: str,
              played: dict[Tile, str]) -> Judgement[State]:
    """BO-A2c seen: one tile from each hand in the other."""
    if played:
        return _illegal(state, "BO-F5", "no Place in a turn with an Exchange")
    given, taken = change.moves(mine, theirs), change.moves(theirs, mine)
    if len(given) > 1 or len(taken) > 1:
        return _illegal(state, "BO-A2", "an Exchange swaps one tile of each hand")
    if not given or not taken:
        return _pending(state, "finish the exchange")
    return _judge(state, change, Exchange(given[0], taken[0]))


def _played(state: State, change: Change, played: dict[Tile, str]) -> Judgement[State]:
    """Tiles from the hand on the table: a Redraw (the discard pile) or a Place or Stack."""
    places = set(played.values())
    if DISCARD in places and len(places) > 1:
        return _illegal(state, "BO-F5", "no Place in a turn with a Redraw")
    if places == {DISCARD}:
        if len(played) > 1:
            return _illegal(state, "BO-A2", "Redraw discards one tile")
        return _judge(state, change, Redraw(next(iter(played))))
    if len(places) > 1:
        return _illegal(state, "BO-F5", "one position per turn")
    place = places.pop()
    tiles = tuple(sorted(played))
    move = _beyond(state, tiles) if place == OUT else _at_spot(state, change, place, tiles)
    if move is None:
        return Judgement(Verdict.UNTRUSTED, state,
                         message="lay tiles on a spot, or enter the move with the buttons")
    return _judge(state, change, move)


def _at_spot(state: State, change: Change, spot: str, tiles: tuple[Tile, ...]) -> Move | None:
    """A Place at the spot's position, or a Stack when the position is filled and the new
    tiles cover it or lie stacked (a Place there is BO-F1)."""
    where = parse_spot(spot)
    if where is None:
        return None
    colour = colour_of(state.board, state.home1, where[0])
    line = state.line(colour)
    value = value_of(state.board, where, line.die)
    if value < 1 or line.at(value) is None:
        return Place(colour, max(value, 0), tiles)
    covered = any(src == spot for src in change.vanished.values())
    lying = any(t in change.lying for t in tiles)
    return StackMove(colour, value, tiles) if covered or lying else Place(colour, value, tiles)


def _beyond(state: State, tiles: tuple[Tile, ...]) -> Move | None:
    """Tiles outside every zone: a Place at the one playable position without a printed spot
    (a Novice line longer than the board), else None."""
    found = [(line, v) for line in state.lines for v in line.playable()
             if spot_of(state.board, _band(state, line), line, v) is None]
    if len(found) != 1:
        return None
    line, value = found[0]
    return Place(line.colour, value, tiles)


def _band(state: State, line: Line) -> str:
    return next(b for b in BANDS if colour_of(state.board, state.home1, b) == line.colour)


def _judge(state: State, change: Change, move: Move,
           action_follows: bool = False) -> Judgement[State]:
    """MOVE when the rules allow ``move`` and its marker (if any) is turned; PENDING while the
    marker is not turned or a placement is short of its value with room for more tiles;
    ILLEGAL with the rule broken otherwise. With ``action_follows`` (the turn's draw seen
    with the action after it) a turned marker is the next step's, not this move's."""
    try:
        after = state.play(move)
    except IllegalMoveError as exc:
        short = _short(state, move)
        if exc.code in ("BO-F2", "BO-F4", "BO-F8") and short:
            return _pending(state, short)
        return _illegal(state, exc.code, exc.reason, move)
    needed = ACTION_MARKERS.get(type(move))
    turned = set() if action_follows else _turned(change)
    if turned - {needed}:
        return _illegal(state, "BO-F6", "one action per turn", move)
    if needed is not None and needed not in turned:
        return _pending(state, f"turn the {MARKER_NAMES[needed]} marker face down")
    return Judgement(Verdict.MOVE, after, move=str(move), message=str(move))


def _short(state: State, move: Move) -> str:
    """For a Place or Stack still short of its value, with each tile of the line's colour and
    fewer tiles than the most the position takes: what it lacks; else ''."""
    if not isinstance(move, Place | StackMove) or move.value < 1:
        return ""
    line = state.line(move.colour)
    target = line.at(move.value)
    if isinstance(move, StackMove):
        most = 0 if target is None else target.count
    elif move.value in line.playable():
        most = max(state.counts_at(line, move.value))
    else:
        return ""
    laid = pip_sum(move.tiles, move.colour)
    fits = all(t.fits(move.colour) for t in move.tiles)
    if not fits or laid >= move.value or len(move.tiles) >= most:
        return ""
    return f"{move.colour}{move.value}: {laid} of {move.value} pips laid"
