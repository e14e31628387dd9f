"""PlayMe's scoreboard on the turn screen (``device.screens``' further lines): the seats under
the first, unless a status needs the room."""

from __future__ import annotations

from device.screens import Game, render

SEATS = ("P1 Alice W0 may hold one die", "P2 Cat W0 cannot be blocked",
         "P3 Walrus W0 swaps a last die")


def _ink_rows(image, top: int, bottom: int) -> int:
    return sum(1 for y in range(top, bottom) if any(image.getpixel((x, y)) for x in range(128)))


def _game(**kw) -> Game:
    return Game(title="PlayMe", remaining_s=None, moves=2, counter="A", **kw)


def test_the_seats_fill_the_screen_under_the_first() -> None:
    shown = render(_game(turn="rabbit phase · round on", lines=SEATS))
    first_only = render(_game(turn="rabbit phase · round on", lines=SEATS[:1]))
    assert _ink_rows(shown, 38, 64) >= 10
    assert _ink_rows(first_only, 38, 64) == 0


def test_a_status_takes_the_room_as_before() -> None:
    with_status = render(_game(turn="rabbit phase · round on", lines=SEATS,
                               status="hand over board"))
    status_only = render(_game(turn="rabbit phase · round on", lines=SEATS[:1],
                               status="hand over board"))
    assert with_status.tobytes() == status_only.tobytes()

