"""Toss Your Cookies card and dice vocabulary, and pure helpers over hands.

Every number here comes from ``components.json`` (the deck per player count is forced by the
rules' arithmetic; the dice layout is a *default*), so a player who owns the game can correct the
data without touching the code.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from gamenight.engine.config import load_components

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

#: The faces of the action die, and of the number die.
ACTIONS = ("swap", "pass_left", "pass_right", "toss")
NUMBERS = ("1", "2", "3", "all", "milk")
ALL = "all"
MILK_FACE = "milk"
#: The action die's faces in words.
ACTION_WORDS = {
    "swap": "Swap",
    "pass_left": "Pass Left",
    "pass_right": "Pass Right",
    "toss": "Toss",
}
#: The number die's faces in words.
NUMBER_WORDS = {"1": "1", "2": "2", "3": "3", ALL: "All", MILK_FACE: "Milk"}


def cookie_kinds(players: int) -> tuple[str, ...]:
    """The cookies in play: one set per player, the first ``players`` of the components."""
    return COOKIES[:players]


def card_kinds(players: int) -> tuple[str, ...]:
    """Every card id in play for ``players``, sorted (the canonical order of hands)."""
    return tuple(sorted((*cookie_kinds(players), WILD, HALF, MILK)))


def card_name(card: str) -> str:
    """A card's display name (an unknown id is shown as it is)."""
    return CARD_NAMES.get(card, card)


def dice_words(action: str, number: str) -> str:
    """The two dice in words, as everyone at the table says them.

    >>> dice_words("pass_left", "2"), dice_words("toss", "milk")
    ('Pass Left / 2', 'Toss / Milk')
    """
    return f"{ACTION_WORDS.get(action, action)} / {NUMBER_WORDS.get(number, number)}"


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


_NOT_COOKIES = frozenset({WILD, HALF, MILK})


def is_winning(hand: Iterable[str]) -> bool:
    """Five of one cookie (wilds count, half-eaten never, wilds never as milk) and the milk.

    >>> is_winning(["chip"] * 4 + ["wild", "milk", "half"])
    True
    >>> is_winning(["chip"] * 4 + ["wild", "wild", "half"])
    False
    >>> is_winning(["wild"] * 3 + ["chip"] * 2 + ["milk", "half"])
    True
    """
    cards = hand if isinstance(hand, tuple) else tuple(hand)
    if MILK not in cards:
        return False
    # The best cookie (wilds added) reaches five exactly when some cookie does.
    wilds = cards.count(WILD)
    return any(
        card not in _NOT_COOKIES and cards.count(card) + wilds >= TO_WIN for card in set(cards)
    )


#: ``(hand, card)`` -> the hand with the card added and whether it wins: a game deals and moves
#: cards between a few thousand distinct hands, so each is worked out once (the memory is
#: emptied past ``_GAINS_LIMIT``).
_GAINS: dict[tuple[tuple[str, ...], str], tuple[tuple[str, ...], bool]] = {}
_GAINS_LIMIT = 200_000


def gain(hand: tuple[str, ...], card: str) -> tuple[tuple[str, ...], bool]:
    """``hand`` with ``card`` added (sorted), and whether that hand wins (:func:`is_winning`).

    >>> gain(("chip",) * 4 + ("half", "wild"), "milk")
    (('chip', 'chip', 'chip', 'chip', 'half', 'milk', 'wild'), True)
    """
    key = (hand, card)
    known = _GAINS.get(key)
    if known is None:
        if len(_GAINS) >= _GAINS_LIMIT:
            _GAINS.clear()
        new = add(hand, (card,))
        known = _GAINS[key] = (new, is_winning(new))
    return known


def add(hand: tuple[str, ...], cards: Iterable[str]) -> tuple[str, ...]:
    """``hand`` with ``cards`` added, sorted."""
    return tuple(sorted((*hand, *cards)))


def remove_one(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    """``cards`` with the first copy of ``card`` taken out (``ValueError`` if there is none).

    >>> remove_one(("chip", "milk", "chip"), "chip")
    ('milk', 'chip')
    """
    at = cards.index(card)
    return cards[:at] + cards[at + 1 :]


def remove(hand: tuple[str, ...], cards: Iterable[str]) -> tuple[str, ...]:
    """``hand`` with one copy of each of ``cards`` taken out (they must be there)."""
    left = list(hand)
    for card in cards:
        left.remove(card)
    return tuple(left)
