"""PlayMe game options: the number of players, who plays which character, and the optional
rules PM-O1 and PM-O3, each a named option whose default is the rules' DEFAULT.

PM-O2 (Challenge) is not an option of one game: it is a match of several games (every player
plays every character), ranked by games won; the device plays one game at a time, so asking
for it is refused with that explanation. Pure standard library; imports only ``engine``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from engine.errors import BoardDataError
from engine.games.playme.characters import CHARACTERS, SEATING

OPTION_NAMES = ("players", "characters", "play_me_race", "mad_jabberwock")
SWITCH = {"on": True, "off": False}
AUTO = "auto"
MATCH_LEVEL = {
    "challenge": "challenge (PM-O2) is a match of several games, ranked by games won, not an "
                 "option of one game: play the games one by one and keep the ranking",
}


@dataclass(frozen=True)
class Options:
    """The options of one game.

    Attributes:
        players: how many play, 2 to 6 (DEFAULT 3); a position text carries its own players.
        characters: the characters in seat order (P1 first); empty for ``auto``, the first
            ``players`` of ``characters.SEATING``.
        play_me_race: PM-O1, the "Play Me!" race after each rabbit-phase round win (DEFAULT
            off).
        mad_jabberwock: PM-O3, the Mad Jabberwock (DEFAULT off).
    """

    players: int = 3
    characters: tuple[str, ...] = ()
    play_me_race: bool = False
    mad_jabberwock: bool = False

    @property
    def seating(self) -> tuple[str, ...]:
        """The characters of P1, P2, ... for a new game."""
        return self.characters or SEATING[:self.players]

    def as_texts(self) -> dict[str, str]:
        """The options as ``--option`` texts."""
        words = {True: "on", False: "off"}
        return {"players": str(self.players),
                "characters": ",".join(self.characters) or AUTO,
                "play_me_race": words[self.play_me_race],
                "mad_jabberwock": words[self.mad_jabberwock]}


def parse_options(values: Mapping[str, object]) -> Options:
    """Options from their texts (an int is also taken for ``players``); an option not given
    keeps its DEFAULT.

    Raises:
        BoardDataError: an unknown option (naming it and the known ones), PM-O2 asked as an
            option, a value not allowed (naming the option and its values), characters that
            do not match the number of players.
    """
    for name in values:
        if name in MATCH_LEVEL:
            raise BoardDataError(MATCH_LEVEL[name])
        if name not in OPTION_NAMES:
            raise BoardDataError(f"unknown option {name!r}; known options: "
                                 f"{', '.join(OPTION_NAMES)}")
    given = {**Options().as_texts(), **values}
    options = Options(players=_players(given["players"]),
                      characters=_characters(given["characters"]),
                      play_me_race=_switch("play_me_race", given["play_me_race"]),
                      mad_jabberwock=_switch("mad_jabberwock", given["mad_jabberwock"]))
    if options.characters and len(options.characters) != options.players:
        raise BoardDataError(f"option characters names {len(options.characters)} characters "
                             f"but players={options.players}: name one per player, or set "
                             f"players={len(options.characters)}")
    return options


def _switch(name: str, value: object) -> bool:
    if not isinstance(value, str) or value not in SWITCH:
        raise BoardDataError(f"option {name} must be on or off, got {value!r}")
    return SWITCH[value]


def _players(value: object) -> int:
    number = value if isinstance(value, int) and not isinstance(value, bool) else None
    if isinstance(value, str) and re.fullmatch(r"[2-6]", value.strip()):
        number = int(value)
    if number is None or not 2 <= number <= 6:
        raise BoardDataError(f"option players must be 2, 3, 4, 5 or 6, got {value!r}")
    return number


def _characters(value: object) -> tuple[str, ...]:
    if not isinstance(value, str):
        raise BoardDataError(f"option characters must be 'auto' or names separated by commas, "
                             f"got {value!r}")
    if value.strip() == AUTO:
        return ()
    names = tuple(n.strip() for n in value.split(","))
    for name in names:
        if name not in CHARACTERS:
            raise BoardDataError(f"option characters: unknown character {name!r}; known: "
                                 f"{', '.join(CHARACTERS)} (or auto)")
    if len(set(names)) != len(names):
        raise BoardDataError(f"option characters: each character plays once, got {value!r}")
    if not 2 <= len(names) <= 6:
        raise BoardDataError(f"option characters must name 2 to 6 characters, got {value!r}")
    return names
