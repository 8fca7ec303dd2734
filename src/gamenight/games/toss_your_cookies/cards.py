"""Toss Your Cookies components and config: the cards, the deck per player count, the dice.

Every number here comes from ``components.json`` (RULINGS.md: the OCR lost the wild / half-eaten
table; the dice layout is a *default*), so a player who owns the game can correct the data.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from gamenight.engine.config import Config, load_components
from gamenight.engine.errors import ConfigError

COMPONENTS: dict[str, Any] = load_components(__package__ or "gamenight.games.toss_your_cookies")

#: Cookie ids in the order the sets are chosen (the first N sets for N players).
COOKIES: tuple[str, ...] = tuple(c["id"] for c in COMPONENTS["cookies"])
WILD = "wild"
HALF = "half"
MILK = "milk"
#: Display names of every card id.
CARD_NAMES: dict[str, str] = {
    **{c["id"]: c["name"] for c in COMPONENTS["cookies"]},
    **COMPONENTS["specials"],
}
SET_SIZE = int(COMPONENTS["set_size"])
HAND_SIZE = int(COMPONENTS["hand_size"])
TO_WIN = int(COMPONENTS["to_win"])

ACTIONS = ("swap", "pass_left", "pass_right", "toss")
NUMBERS = ("1", "2", "3", "all", "milk")
ALL = "all"
MILK_FACE = "milk"


@dataclass(frozen=True)
class CookiesConfig(Config):
    """Toss Your Cookies options. Defaults follow the rulebook and RULINGS.md."""

    min_players = 3
    max_players = 8

    players: int = field(default=4, metadata={"help": "number of players (3 to 8)"})
    rounds: int = field(
        default=1, metadata={"help": "rounds in the match: 1, 3 or 5 (first to a majority)"}
    )
    free_scramble: bool = field(
        default=False,
        metadata={"help": "a toss scramble has no cap; the short choose from over-full hands"},
    )
    action_die: tuple[str, ...] = field(
        default=tuple(COMPONENTS["action_die"]),
        metadata={"help": "faces of the action die: swap, pass_left, pass_right, toss"},
    )
    number_die: tuple[str, ...] = field(
        default=tuple(COMPONENTS["number_die"]),
        metadata={"help": "faces of the number die: 1, 2, 3, all, milk"},
    )

    def validate(self) -> None:
        """Check every option, naming what is allowed."""
        if self.rounds not in (1, 3, 5):
            raise ConfigError(f"rounds must be 1, 3 or 5, got {self.rounds}")
        bad = [f for f in self.action_die if f not in ACTIONS]
        if not self.action_die or bad:
            raise ConfigError(
                f"action_die faces must be from {', '.join(ACTIONS)}; got {self.action_die!r}"
            )
        bad = [f for f in self.number_die if f not in NUMBERS]
        if not self.number_die or bad:
            raise ConfigError(
                f"number_die faces must be from {', '.join(NUMBERS)}; got {self.number_die!r}"
            )


def cookie_kinds(players: int) -> tuple[str, ...]:
    """The cookies in play: one set per player, the first ``players`` of the components."""
    return COOKIES[:players]


def card_kinds(players: int) -> tuple[str, ...]:
    """Every card id in play for ``players``, sorted (the canonical order of hands)."""
    return tuple(sorted((*cookie_kinds(players), WILD, HALF, MILK)))


def build_deck(players: int) -> tuple[str, ...]:
    """The sorted deck for ``players``: six of each chosen cookie, wilds, half-eaten, the milk.

    >>> len(build_deck(3)), len(build_deck(8))
    (21, 56)
    """
    key = str(players)
    cards: list[str] = []
    for cookie in cookie_kinds(players):
        cards += [cookie] * SET_SIZE
    cards += [WILD] * int(COMPONENTS["wild_by_players"][key])
    cards += [HALF] * int(COMPONENTS["half_by_players"][key])
    cards.append(MILK)
    return tuple(sorted(cards))


def best_cookie(hand: Iterable[str]) -> tuple[str | None, int]:
    """The cookie this hand has most of, counting wilds, and that count (half-eaten never)."""
    counts = Counter(hand)
    wilds = counts.get(WILD, 0)
    best: tuple[str | None, int] = (None, wilds)
    for card, count in sorted(counts.items()):
        if card in (WILD, HALF, MILK):
            continue
        if count + wilds > best[1] or best[0] is None:
            best = (card, count + wilds)
    return best


def is_winning(hand: Iterable[str]) -> bool:
    """Five of one cookie (wilds count, half-eaten never, wilds never as milk) and the milk.

    >>> is_winning(["chip"] * 4 + ["wild", "milk", "half"])
    True
    >>> is_winning(["chip"] * 4 + ["wild", "wild", "half"])
    False
    >>> is_winning(["wild"] * 3 + ["chip"] * 2 + ["milk", "half"])
    True
    """
    cards = list(hand)
    if MILK not in cards:
        return False
    cookie, count = best_cookie(cards)
    return cookie is not None and count >= TO_WIN


def add(hand: tuple[str, ...], cards: Iterable[str]) -> tuple[str, ...]:
    """``hand`` with ``cards`` added, sorted."""
    return tuple(sorted((*hand, *cards)))


def remove(hand: tuple[str, ...], cards: Iterable[str]) -> tuple[str, ...]:
    """``hand`` with one copy of each of ``cards`` taken out (they must be there)."""
    left = list(hand)
    for card in cards:
        left.remove(card)
    return tuple(left)
