"""Paper Toss! options: the frozen, validated config, with both decks as data.

The decks' contents are not published; the defaults come from ``components.json`` and can be
changed with the ``paper_deck`` and ``toss_deck`` options, as ``name:count`` lists.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from gamenight.engine.config import Config
from gamenight.engine.errors import ConfigError
from gamenight.games.paper_toss.cards import (
    COMPONENTS,
    PAPER_INDEX,
    PAPER_KINDS,
    PAPER_TOSS,
    TOKEN_VALUE,
    TOSS_INDEX,
    TOSS_KINDS,
)

#: How much of a typed option value an error message repeats.
_ECHO = 40


def _deck_text(counts: dict[str, int]) -> tuple[str, ...]:
    return tuple(f"{name}:{count}" for name, count in counts.items())


def _shown(text: str) -> str:
    """``text`` quoted, cut short if long (messages never repeat a whole input)."""
    return repr(text if len(text) <= _ECHO else text[: _ECHO - 3] + "...")


def parse_deck(option: str, entries: tuple[str, ...], kinds: tuple[str, ...]) -> tuple[int, ...]:
    """Counts per kind (in ``kinds`` order) from ``name:count`` entries; unnamed kinds are 0.

    >>> parse_deck("toss_deck", ("perfect:3", "window:1"), ("perfect", "window", "bad_throw"))
    (3, 1, 0)
    """
    counts = dict.fromkeys(kinds, 0)
    seen: set[str] = set()
    for entry in entries:
        name, sep, number = entry.partition(":")
        name = name.strip()
        if not sep or name not in counts:
            raise ConfigError(
                f"{option} entries are name:count with a name from {', '.join(kinds)}; "
                f"got {_shown(entry)}"
            )
        if name in seen:
            raise ConfigError(f"{option} names {name} twice")
        seen.add(name)
        number = number.strip()
        if not (number.isascii() and number.isdigit() and len(number) <= 2):
            raise ConfigError(
                f"{option}: the count of {name} must be a whole number from 0 to 99, "
                f"got {_shown(number)}"
            )
        counts[name] = int(number)
    return tuple(counts[k] for k in kinds)


@dataclass(frozen=True)
class PaperTossConfig(Config):
    """Paper Toss! options. Defaults follow the rulebook and the deck contents in
    ``components.json``."""

    min_players = 2
    max_players = 6

    players: int = field(default=2, metadata={"help": "number of players (2 to 6)"})
    paper_deck: tuple[str, ...] = field(
        default=_deck_text(COMPONENTS["paper_deck"]),
        metadata={"help": "Paper deck as name:count entries"},
    )
    toss_deck: tuple[str, ...] = field(
        default=_deck_text(COMPONENTS["toss_deck"]),
        metadata={"help": "Toss deck as name:count entries"},
    )
    hand_size: int = field(
        default=int(COMPONENTS["hand_size"]), metadata={"help": "cards in hand after drawing"}
    )
    target: int = field(
        default=int(COMPONENTS["target"]), metadata={"help": "Paper Tokens that win at once"}
    )
    first_player: int = field(
        default=0, metadata={"help": "seat that goes first (the rulebook: the youngest)"}
    )
    turn_limit: int = field(
        default=0,
        metadata={"help": "end after this many turns, most tokens winning (0: play to target)"},
    )

    def validate(self) -> None:
        """Check every option, naming what is allowed."""
        paper = self.paper_counts
        toss = self.toss_counts
        if not 1 <= self.hand_size <= 10:
            raise ConfigError(f"hand_size must be from 1 to 10, got {self.hand_size}")
        if paper[PAPER_INDEX[PAPER_TOSS]] < 1:
            raise ConfigError("paper_deck needs at least one paper_toss card, or nobody can score")
        if sum(paper) < self.players * self.hand_size:
            cards = f"{sum(paper)} card{'' if sum(paper) == 1 else 's'}"
            raise ConfigError(
                f"paper_deck has {cards}; {self.players} players need at least "
                f"{self.players * self.hand_size} to fill their hands"
            )
        if sum(toss) < 2:
            raise ConfigError("toss_deck needs at least 2 cards (some flips turn over two)")
        gains = [k for k in TOSS_KINDS if TOKEN_VALUE[k] > 0]
        if not any(toss[TOSS_INDEX[k]] for k in gains):
            raise ConfigError(
                f"toss_deck needs a card that gains tokens ({', '.join(gains)}), "
                "or nobody can ever win"
            )
        if not 1 <= self.target <= 100:
            raise ConfigError(f"target must be from 1 to 100, got {self.target}")
        if not 0 <= self.turn_limit <= 10_000:
            raise ConfigError(f"turn_limit must be from 0 (none) to 10000, got {self.turn_limit}")
        if not 0 <= self.first_player < self.players:
            raise ConfigError(f"first_player must be a seat from 0 to {self.players - 1}")

    @cached_property
    def paper_counts(self) -> tuple[int, ...]:
        """The Paper deck as a count per kind, in ``PAPER_KINDS`` order."""
        return parse_deck("paper_deck", self.paper_deck, PAPER_KINDS)

    @cached_property
    def toss_counts(self) -> tuple[int, ...]:
        """The Toss deck as a count per kind, in ``TOSS_KINDS`` order."""
        return parse_deck("toss_deck", self.toss_deck, TOSS_KINDS)
