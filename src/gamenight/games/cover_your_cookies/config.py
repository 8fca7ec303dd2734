"""Cover Your Cookies options: the players, the printed variants and the longer matches."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal, get_args

from gamenight.engine.config import Config
from gamenight.engine.errors import ConfigError
from gamenight.games.cover_your_cookies.cards import COMPONENTS, shorten

#: How a match ends: one round; rounds until a total ``target``; a number of ``rounds``; or
#: the first to ``wins_needed`` round wins.
MatchMode = Literal["single", "target", "rounds", "wins"]
MATCH_MODES: tuple[MatchMode, ...] = get_args(MatchMode)


@dataclass(frozen=True)
class CoverYourCookiesConfig(Config):
    """Cover Your Cookies options. Defaults follow the rulebook and the rulings on its rules
    page (card values, the Crumb Collector track)."""

    min_players = 3
    max_players = 6

    players: int = field(default=4, metadata={"help": "number of players (3 to 6)"})
    first_player: int = field(default=0, metadata={"help": "seat that takes the first turn"})
    mixers: bool = field(default=True, metadata={"help": "shuffle the 8 Mixer cards into the deck"})
    three_player_rules: bool = field(
        default=True,
        metadata={"help": "with 3 players: no Swap, 6 cards each, a discard row of 3 (3p only)"},
    )
    extra_strength: bool = field(
        default=False, metadata={"help": "Extra Strength Chocolate Milk: it counts as 2 in duels"}
    )
    two_actions: bool = field(default=False, metadata={"help": "take up to two actions per turn"})
    match: MatchMode = field(
        default="single",
        metadata={"help": "single round; target (first to target); rounds; wins (round wins)"},
    )
    target: int = field(default=750, metadata={"help": "match=target: Dough that ends the match"})
    rounds: int = field(default=3, metadata={"help": "match=rounds: rounds to play"})
    wins_needed: int = field(default=2, metadata={"help": "match=wins: round wins that win"})
    hand_size: int = field(
        default=int(COMPONENTS["hand_size"]), metadata={"help": "cards in hand (4 to 6 players)"}
    )
    three_player_hand_size: int = field(
        default=int(COMPONENTS["three_player_hand_size"]),
        metadata={"help": "cards in hand with the 3-player rules"},
    )
    discard_row: int = field(
        default=int(COMPONENTS["three_player_discard_row"]),
        metadata={"help": "cards flipped to start the discard row with the 3-player rules"},
    )
    crumb_track: tuple[int, ...] = field(
        default=tuple(int(v) for v in COMPONENTS["crumb_track"]),
        metadata={"help": "Crumb Collector bonus by times swiped (the last step is the cap)"},
    )

    def validate(self) -> None:
        """Check every option, naming what is allowed."""
        if not 0 <= self.first_player < self.players:
            raise ConfigError(f"first_player must be a seat from 0 to {self.players - 1}")
        if self.match not in MATCH_MODES:
            got = shorten(str(self.match))
            raise ConfigError(f"match must be one of {', '.join(MATCH_MODES)}; got {got!r}")
        if self.target < 1:
            raise ConfigError(f"target must be at least 1, got {self.target}")
        if not 1 <= self.rounds <= 20:
            raise ConfigError(f"rounds must be from 1 to 20, got {self.rounds}")
        if not 1 <= self.wins_needed <= 10:
            raise ConfigError(f"wins_needed must be from 1 to 10, got {self.wins_needed}")
        for name in ("hand_size", "three_player_hand_size"):
            if not 1 <= getattr(self, name) <= 8:
                raise ConfigError(f"{name} must be from 1 to 8, got {getattr(self, name)}")
        if not 1 <= self.discard_row <= 6:
            raise ConfigError(f"discard_row must be from 1 to 6, got {self.discard_row}")
        if not self.crumb_track or any(v < 0 for v in self.crumb_track):
            raise ConfigError("crumb_track must be a non-empty list of bonuses of 0 or more")

    @cached_property
    def small_table(self) -> bool:
        """Whether the 3-player rules are in force (worked out once: every step asks)."""
        return self.players == 3 and self.three_player_rules

    @cached_property
    def cards_in_hand(self) -> int:
        """The hand size players draw back up to (worked out once: every step asks)."""
        return self.three_player_hand_size if self.small_table else self.hand_size
