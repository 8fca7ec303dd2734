"""Paper Toss! cards: the kinds in both decks, what counters what, what each Toss card is
worth, and pure helpers over hands and count vectors.

Card counts, token values, the counter table, the hand size and the target are data
(``components.json``); the code knows the card kinds by name only. A hand is a sorted tuple of
kind names; a deck or a discard pile is a count per kind, in ``PAPER_KINDS`` or ``TOSS_KINDS``
order.
"""

from __future__ import annotations

from typing import Any

from gamenight.engine.config import load_components

COMPONENTS: dict[str, Any] = load_components(__package__ or "gamenight.games.paper_toss")

#: Every Paper deck card kind, in a fixed order (the order of count vectors and action ids).
PAPER_KINDS: tuple[str, ...] = (
    "paper_toss",
    "dog",
    "kid",
    "obstacle",
    "food",
    "trick",
    "remedy",
    "shortcut",
    "energy_drink",
    "bully",
    "flat_tire",
)
#: Every Toss deck card kind, in a fixed order.
TOSS_KINDS: tuple[str, ...] = ("good_throw", "perfect", "bad_throw", "window", "sprinklers")

PAPER_TOSS = "paper_toss"
ENERGY_DRINK = "energy_drink"
BULLY = "bully"
FLAT_TIRE = "flat_tire"
SPRINKLERS = "sprinklers"
#: Hazard -> its own counter (from the data); the wild counter answers any hazard.
COUNTER_OF: dict[str, str] = dict(COMPONENTS["counters"])
WILD_COUNTER: str = str(COMPONENTS["wild_counter"])
HAZARDS: tuple[str, ...] = tuple(k for k in PAPER_KINDS if k in COUNTER_OF)
COUNTERS: tuple[str, ...] = tuple(
    k for k in PAPER_KINDS if k in COUNTER_OF.values() or k == WILD_COUNTER
)
#: What each Toss card does to the tosser's Paper Tokens (Sprinklers: only with a second
#: Paper Toss discarded).
TOKEN_VALUE: dict[str, int] = {k: int(v) for k, v in COMPONENTS["toss_tokens"].items()}
PAPER_INDEX = {k: i for i, k in enumerate(PAPER_KINDS)}
TOSS_INDEX = {k: i for i, k in enumerate(TOSS_KINDS)}


def counters_for(hazard: str) -> tuple[str, ...]:
    """The counters that cancel ``hazard``: its own and the wild one.

    >>> counters_for("dog")
    ('food', 'shortcut')
    """
    return (COUNTER_OF[hazard], WILD_COUNTER)


def add_card(hand: tuple[str, ...], card: str) -> tuple[str, ...]:
    """The hand with ``card`` added, kept sorted."""
    return tuple(sorted((*hand, card)))


def remove_card(hand: tuple[str, ...], card: str) -> tuple[str, ...]:
    """The hand with one ``card`` taken out.

    >>> remove_card(("dog", "dog", "kid"), "dog")
    ('dog', 'kid')
    """
    cards = list(hand)
    cards.remove(card)
    return tuple(cards)


def bump(counts: tuple[int, ...], index: int, delta: int) -> tuple[int, ...]:
    """A count vector with one entry changed by ``delta``."""
    out = list(counts)
    out[index] += delta
    return tuple(out)


def set_at(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    """A tuple with one entry replaced."""
    out = list(values)
    out[index] = value
    return tuple(out)
