"""What PlayMe adds to the OLED (``engine.panel.Panel``): the scoreboard and the moves the
buttons enter.

The turn words: the phase (``scoreboard.phase_line``; nobody has the turn in a real-time
game). Lines: one per seat: player, character, card side (W/M), round wins and the current
ability in a few words (the device shows as many as its screen holds). Offers: the moves the camera
cannot see (docs/notation/playme.md "What the camera cannot see"): between rounds "Play me!"
(START), the Jabberwock's flip, the race's last player, a betrayal; during a round the
Jabberwock's Stop! when it is legal and, as disputes, the claims a complete row allows (the
camera cannot tell who touched the tile first). Each offer is a legal move of the state, so
entering it never breaks a rule. Pages (after the end): the scoreboard, one page per seat.
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from engine.games.playme.moves import Betray, Claim, Flip, Race, Start, Stop
from engine.games.playme.scoreboard import phase_line, scoreboard
from engine.games.playme.state import State
from engine.panel import Offer, Panel

OFFERED = (Start, Flip, Race, Betray, Stop, Claim)
"""The legal events the buttons offer, in the order the list shows them."""


def panel(state: State) -> Panel:
    """The scoreboard lines, the button moves legal now, the scoreboard pages."""
    seats = scoreboard(state)
    lines = (phase_line(state),) + tuple(
        f"P{s.player} {s.character.split()[-1][:6]} {s.side[0]}{s.wins} {s.ability}"
        for s in seats)
    offers = tuple(Offer(offer_label(e), str(e)) for kind in OFFERED
                   for e in state.legal_moves() if isinstance(e, kind))
    pages = tuple((f"P{s.player} {s.character}", f"{s.side}, {s.wins} round wins",
                   s.role or s.ability) for s in seats)
    return Panel(lines=lines[1:], offers=offers, pages=pages, turn=lines[0])


def offer_label(event: object) -> str:
    """What the actions list calls a button move (``Play me! (start)``, ``P2 claims``)."""
    if isinstance(event, Start):
        return "Play me! (start)"
    if isinstance(event, Flip):
        return f"J flips P{event.survivor}"
    if isinstance(event, Race):
        return f"P{event.player} last (race)"
    if isinstance(event, Betray):
        return f"P{event.traitor} betrays P{event.victim}"
    if isinstance(event, Stop):
        return "Stop! (Jabberwock)"
    if isinstance(event, Claim):
        return f"P{event.player} claims"
    return str(event)
