"""Cover Your Cookies cards: the catalogue read from ``components.json``, and card words.

Cards are named by their id in ``components.json`` (``lemon_glaze``, ``fresh_milk``, ``rotate``);
all cards of one id are identical, so hands are sorted tuples of ids and the deck is a count per
id. A card joins a hand in its place (:func:`with_card`) and leaves it with :func:`without`;
:func:`laid_out` is how a new Batch's cards lie. A person may type a card by its id, by its
initials or by the start of any word of its name; :func:`card_from_word` reads those words and
refuses a word that fits several cards.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from typing import Any, Literal

from gamenight.engine.config import load_components
from gamenight.engine.errors import MalformedAction

COMPONENTS: dict[str, Any] = load_components(__package__ or "gamenight.games.cover_your_cookies")

#: What a card is: a cookie (forms Batches), a milk (wild) or a mixer (acts when drawn).
CardKind = Literal["cookie", "milk", "mixer"]


@dataclass(frozen=True)
class CardInfo:
    """One kind of card: its id, printed name, kind, how many the deck holds and its Dough.

    ``strong`` marks the milk that counts as two cards with Extra Strength Chocolate Milk;
    ``effect`` names a mixer's effect and ``direction`` an Exchange's side (``None`` for cards
    that have none).
    """

    id: str
    name: str
    kind: CardKind
    count: int
    dough: int
    strong: bool = False
    effect: str | None = None
    direction: str | None = None


def _catalogue() -> tuple[CardInfo, ...]:
    cards = [
        CardInfo(c["id"], c["name"], "cookie", int(c["count"]), int(c["dough"]))
        for c in COMPONENTS["cookies"]
    ]
    cards += [
        CardInfo(
            m["id"], m["name"], "milk", int(m["count"]), int(m["dough"]), bool(m["extra_strength"])
        )
        for m in COMPONENTS["milk"]
    ]
    cards += [
        CardInfo(
            x["id"],
            x["name"],
            "mixer",
            int(x["count"]),
            int(x.get("dough", 0)),
            effect=str(x["effect"]),
            direction=str(x["direction"]) if "direction" in x else None,
        )
        for x in COMPONENTS["mixers"]
    ]
    return tuple(cards)


#: Every kind of card, in a fixed order (cookies, milk, mixers): the deck's count order.
CARDS: tuple[CardInfo, ...] = _catalogue()
INFO: dict[str, CardInfo] = {c.id: c for c in CARDS}
COOKIES: tuple[str, ...] = tuple(c.id for c in CARDS if c.kind == "cookie")
MILKS: tuple[str, ...] = tuple(c.id for c in CARDS if c.kind == "milk")
MIXERS: tuple[str, ...] = tuple(c.id for c in CARDS if c.kind == "mixer")
#: The cards a player can hold, and so name in a move: cookies and milk.
HAND_CARDS: tuple[str, ...] = COOKIES + MILKS
ENHANCE: str = next((c.id for c in CARDS if c.effect == "enhance"), "enhance")
TOTAL_CARDS: int = sum(c.count for c in CARDS)


def dough(card: str) -> int:
    """The Dough (points) a card is worth."""
    return INFO[card].dough


_MILK_SET = frozenset(MILKS)
_COOKIE_SET = frozenset(COOKIES)


def is_milk(card: str) -> bool:
    """Whether the card is a milk (wild)."""
    return card in _MILK_SET


def is_cookie(card: str) -> bool:
    """Whether the card is a cookie."""
    return card in _COOKIE_SET


# ---- hands and Batches --------------------------------------------------------------------


def with_card(hand: tuple[str, ...], card: str) -> tuple[str, ...]:
    """A sorted hand with ``card`` added in its place."""
    at = bisect_right(hand, card)
    return (*hand[:at], card, *hand[at:])


def without(hand: tuple[str, ...], *cards: str) -> tuple[str, ...]:
    """A hand less one of each of ``cards`` (``ValueError`` if one is missing)."""
    if len(cards) == 1:
        at = hand.index(cards[0])
        return hand[:at] + hand[at + 1 :]
    left = list(hand)
    for card in cards:
        left.remove(card)
    return tuple(left)


#: How a new Batch lays out its cards, per hand cards and discard taken: its flavour, and its
#: cards with the milk first and the cookies on top.
_LAYOUTS: dict[tuple[tuple[str, ...], str | None], tuple[str, tuple[str, ...]]] = {}


def laid_out(hand_cards: tuple[str, ...], pile: str | None) -> tuple[str, tuple[str, ...]]:
    """The flavour and the cards of a Batch formed from ``hand_cards`` and ``pile``."""
    key = (hand_cards, pile)
    layout = _LAYOUTS.get(key)
    if layout is None:
        cards = [*hand_cards, pile] if pile is not None else list(hand_cards)
        flavour = next(c for c in cards if is_cookie(c))
        ordered = [c for c in cards if not is_cookie(c)] + [c for c in cards if is_cookie(c)]
        layout = _LAYOUTS[key] = (flavour, tuple(ordered))
    return layout


#: How much of a typed word an error message repeats.
ECHO = 24


def shorten(text: str, limit: int = ECHO) -> str:
    """``text`` cut to ``limit`` characters (with ``...``), for echoing input in a message.

    >>> shorten("x" * 100, 8)
    'xxxxx...'
    """
    return text if len(text) <= limit else text[: max(limit - 3, 1)] + "..."


def _initials(card: str) -> str:
    parts = card.split("_")
    return "".join(p[0] for p in parts) if len(parts) > 1 else ""


def _fits(word: str, card: str) -> bool:
    """Whether ``word``'s parts start consecutive words of ``card`` (``choc_m``: chocolate_milk)."""
    typed = word.split("_")
    parts = card.split("_")
    return any(
        all(parts[start + i].startswith(t) for i, t in enumerate(typed))
        for start in range(len(parts) - len(typed) + 1)
    )


def card_candidates(word: str, cards: tuple[str, ...] = HAND_CARDS) -> tuple[str, ...]:
    """The cards among ``cards`` that a typed word may mean, in catalogue order.

    The id itself wins outright; otherwise a word means every card whose initials it is, or
    whose name has words starting with the word's parts.

    >>> card_candidates("lem")
    ('lemon_glaze',)
    >>> card_candidates("choc")
    ('chocolate_chip', 'double_chocolate', 'chocolate_milk')
    >>> card_candidates("cm"), card_candidates("choc_milk"), card_candidates("milk")
    (('chocolate_milk',), ('chocolate_milk',), ('fresh_milk', 'chocolate_milk'))
    """
    word = word.strip().lower().replace("-", "_")
    if word in cards:
        return (word,)
    if not word or not all(word.split("_")):
        return ()
    return tuple(c for c in cards if word == _initials(c) or _fits(word, c))


def card_from_word(word: str, cards: tuple[str, ...] = HAND_CARDS) -> str:
    """The one card among ``cards`` a typed word means; ``MalformedAction`` names the choices.

    >>> card_from_word("fresh")
    'fresh_milk'
    >>> try:
    ...     card_from_word("milk")
    ... except MalformedAction as error:
    ...     print(error)
    'milk' could be fresh_milk or chocolate_milk: type more of the name
    """
    found = card_candidates(word, cards)
    if len(found) == 1:
        return found[0]
    shown = shorten(word)
    if found:
        options = ", ".join(found[:-1]) + f" or {found[-1]}"
        raise MalformedAction(f"{shown!r} could be {options}: type more of the name")
    mixers = card_candidates(word, MIXERS) if cards == HAND_CARDS else ()
    if mixers:
        named = ", ".join(INFO[m].name for m in mixers)
        raise MalformedAction(
            f"{shown!r} names a mixer ({named}): mixers act when drawn and are never in a hand"
        )
    raise MalformedAction(f"unknown card {shown!r}; cards are: {', '.join(cards)}")
