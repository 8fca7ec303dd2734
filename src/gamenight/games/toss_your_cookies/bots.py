"""Toss Your Cookies bots: ``smart`` (the default), a collector that keeps the milk close.

``random`` (every game) is in ``generic.py``. The smart bot sees only its view: its hand, the
centre, hand sizes and who is publicly known to hold the milk.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from gamenight.bots.base import Agent
from gamenight.bots.halving import SearchSettings
from gamenight.bots.registry import BotSpec
from gamenight.engine.core import View
from gamenight.engine.game import Game
from gamenight.games.toss_your_cookies.cards import HALF, MILK, WILD
from gamenight.games.toss_your_cookies.state import Commit, Grab, Pick, Take, Target


def target_cookie(
    hand: Sequence[str], cookies: Sequence[str], within_reach: Sequence[str] = ()
) -> str:
    """The cookie to collect: the one the hand holds most of; ties go to the one most plentiful
    ``within_reach`` (the middle of a scramble), then to the first in play."""
    return _target(Counter(hand), cookies, within_reach)


def _target(counts: Counter[str], cookies: Sequence[str], within_reach: Sequence[str]) -> str:
    """:func:`target_cookie` of the hand counted in ``counts``."""
    if not within_reach:  # no tie-break by reach: the first cookie held most, as ``max`` picks
        return max(cookies, key=lambda c: counts.get(c, 0))
    reach = Counter(within_reach)
    return max(cookies, key=lambda c: (counts.get(c, 0), reach.get(c, 0), -cookies.index(c)))


def card_value(
    card: str, hand: Sequence[str], cookies: Sequence[str], within_reach: Sequence[str] = ()
) -> float:
    """How much the bot wants ``card``: milk, then wilds, then the target cookie, then the
    other cookies by how many the hand holds; half-eaten cards are worth nothing. In a
    scramble ``within_reach`` (the middle) breaks ties, so an emptied hand after Toss All
    goes for the cookie it can collect most of."""
    return card_values((card,), hand, cookies, within_reach)[card]


def card_values(
    cards: Iterable[str],
    hand: Sequence[str],
    cookies: Sequence[str],
    within_reach: Sequence[str] = (),
) -> dict[str, float]:
    """:func:`card_value` of each of ``cards``, the hand counted and its target found once."""
    counts = Counter(hand)
    target = _target(counts, cookies, within_reach)
    values: dict[str, float] = {}
    for card in cards:
        if card == MILK:
            values[card] = 100.0
        elif card == WILD:
            values[card] = 50.0
        elif card == HALF:
            values[card] = -10.0
        elif card == target:
            values[card] = 30.0 + counts.get(card, 0)
        else:
            values[card] = float(counts.get(card, 0))
    return values


class CookieBot(Agent):
    """Collects one cookie: keeps wilds and the milk, gives away the rest, races for the milk.

    - passing, tossing or giving in a swap: the cards of least value;
    - a scramble or evening up: the card of most value;
    - swap partner: the player known to hold the milk, else anyone at random;
    - reaction: fast (``milk_speed``) when the milk is at stake, ``speed`` otherwise.
    """

    def __init__(
        self, game: Game[Any, Any], seat: int, name: str, milk_speed: float = 0.45
    ) -> None:
        super().__init__(game, seat, name)
        self.milk_speed = milk_speed

    def act(self, view: View, legal: Sequence[Any], rng: random.Random) -> Any:
        """The move the heuristic prefers among ``legal``."""
        first = legal[0]
        hand: list[str] = list(view["hand"] or [])
        cookies: list[str] = list(view["cookies"])
        if isinstance(first, Commit):  # every commitment is made of cards in hand
            values = card_values(set(hand), hand, cookies)
            return min(legal, key=lambda a: sum(values[c] for c in a.cards))
        if isinstance(first, Grab):
            middle: list[str] = list(view.get("centre") or [])
            values = card_values({a.card for a in legal}, hand, cookies, middle)
            return max(legal, key=lambda a: values[a.card])
        if isinstance(first, Take):
            values = card_values({a.card for a in legal}, hand, cookies)
            return max(legal, key=lambda a: values[a.card])
        if isinstance(first, Target):
            return self.choose_target(view, legal, hand, rng)
        return legal[rng.randrange(len(legal))]

    def choose_target(
        self, view: View, legal: Sequence[Any], hand: list[str], rng: random.Random
    ) -> Any:
        """Swap with the known milk holder when we lack the milk; otherwise anyone."""
        seen = view["milk_seen"]
        if MILK not in hand and seen is not None:
            for action in legal:
                if action.player == seen:
                    return action
        return legal[rng.randrange(len(legal))]

    def reaction_time(self, view: View, action: Any, rng: random.Random) -> float:
        """Quick for the milk (the race for the tossed milk, or the milk card in a scramble)."""
        if isinstance(action, Grab) and action.card == MILK:
            return self.milk_speed * (0.5 + rng.random())
        return self.speed * (0.5 + rng.random())


def _smart(game: Game[Any, Any], seat: int, arg: str | None) -> Agent:
    return CookieBot(game, seat, "smart")


#: The bots of this game (the ``bots`` part of its plugin), and the one ``default`` means.
BOTS = (
    BotSpec(
        "smart",
        "collects its best cookie, keeps wilds and the milk, races for the milk",
        _smart,
    ),
)
DEFAULT_BOT = "smart"


def worth_searching(view: View, legal: Sequence[Any]) -> bool:
    """Whether the searching bot searches this decision: not a blind draw, where every face-down
    position is the same chance step and no playout can tell them apart."""
    return not isinstance(legal[0], Pick)


#: The searching bot's default level in Toss Your Cookies (see docs/ismcts.md): the usual 100
#: playouts of ``smart`` a move, blind draws answered at once. (300 and 400 playouts were tried:
#: over about a hundred paired games each, no edge over 100 could be told from noise.)
SEARCH = SearchSettings(searches=worth_searching)
