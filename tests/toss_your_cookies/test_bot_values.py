"""The ``smart`` bot's card values, worked out once per decision, equal the plain definition.

The definition (``bots.card_value``'s docstring): the milk, then wilds, then the target cookie
(the one the hand holds most of; ties to the one most plentiful within reach, then to the first
in play), then the other cookies by how many the hand holds; half-eaten cards are worth nothing.
The reference below computes it card by card, as the bot once did for every move it compared.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from hypothesis import given
from hypothesis import strategies as st

from gamenight.games.toss_your_cookies.bots import card_value, card_values, target_cookie
from gamenight.games.toss_your_cookies.cards import COOKIES, HALF, MILK, WILD

CARDS = (*COOKIES[:5], WILD, HALF, MILK)
cards = st.lists(st.sampled_from(CARDS), max_size=9)


def reference_target(hand: Sequence[str], cookies: Sequence[str], reach: Sequence[str]) -> str:
    counts, near = Counter(hand), Counter(reach)
    return max(cookies, key=lambda c: (counts[c], near[c], -cookies.index(c)))


def reference_value(
    card: str, hand: Sequence[str], cookies: Sequence[str], reach: Sequence[str]
) -> float:
    if card == MILK:
        return 100.0
    if card == WILD:
        return 50.0
    if card == HALF:
        return -10.0
    held = Counter(hand)[card]
    return 30.0 + held if card == reference_target(hand, cookies, reach) else float(held)


@given(hand=cards, reach=cards, wanted=cards, cookie_count=st.integers(3, 5))
def test_values_once_per_decision_equal_the_card_by_card_definition(
    hand: list[str], reach: list[str], wanted: list[str], cookie_count: int
) -> None:
    cookies = COOKIES[:cookie_count]
    values = card_values(wanted, hand, cookies, reach)
    assert set(values) == set(wanted)
    for card in wanted:
        assert values[card] == reference_value(card, hand, cookies, reach)
        assert card_value(card, hand, cookies, reach) == values[card]
    assert target_cookie(hand, cookies, reach) == reference_target(hand, cookies, reach)
    assert target_cookie(hand, cookies) == reference_target(hand, cookies, ())
