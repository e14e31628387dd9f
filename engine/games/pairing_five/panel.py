"""What Pairing Five adds to the device's screen (``engine.panel.Panel``).

Under the clock: the effect to apply now (the area and what it does), or, between turns, how
many dice are left and how many pairs are complete. Once the game is over, a page with each
area's dice and effect. While a reroll is pending, the buttons may say it was made and kept the
faces (the camera cannot tell that from a reroll not made yet unless it saw a hand).
Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

from engine.games.pairing_five.board import AREAS, EFFECT_LABELS
from engine.games.pairing_five.layout import PRINTED
from engine.games.pairing_five.referee import kept_faces_move
from engine.games.pairing_five.state import State
from engine.panel import Offer, Panel


def panel(state: State) -> Panel:
    """The panel for ``state`` (see the module docstring)."""
    if state.outcome is not None:
        return Panel(lines=(tally_line(state),), pages=(areas_page(state),))
    if state.pending is None:
        return Panel(lines=(tally_line(state),))
    code = state.effect or ""
    kept = kept_faces_move(state)
    offers = (Offer("rerolled, same faces", str(kept)),) if kept is not None else ()
    return Panel(lines=(f"{state.pending}: {EFFECT_LABELS.get(code, code)}",
                        tally_line(state)), offers=offers)


def tally_line(state: State) -> str:
    """``unused 6, pairs 1/5``."""
    pairs = sum(second is not None for _, second in state.areas)
    return f"unused {len(state.unused)}, pairs {pairs}/{len(AREAS)}"


def areas_page(state: State) -> tuple[str, ...]:
    """One line per area: its letter, its dice (``.`` empty) and its effect."""
    return tuple(f"{area} {'.' if first is None else first.face} "
                 f"{'.' if second is None else second.face}  "
                 f"{PRINTED.get(state.board.effect(area), state.board.effect(area))}"
                 for area, (first, second) in zip(AREAS, state.areas))
