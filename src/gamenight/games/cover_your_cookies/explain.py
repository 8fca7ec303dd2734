"""Why an action is refused, in the rulebook's terms.

:func:`reason` is a pure function of the config, the state, the player, the action and the legal
actions (from ``rules.legal_actions``): it never decides legality itself, it words the rule a
refused action breaks. Actions may come from code with fields of the wrong type, and a card
named may be any text, so nothing here trusts an action's fields, and a card echoed is shortened.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamenight.games.cover_your_cookies.cards import INFO, is_milk, shorten
from gamenight.games.cover_your_cookies.config import CoverYourCookiesConfig
from gamenight.games.cover_your_cookies.rules import deck_size, pile_cookies
from gamenight.games.cover_your_cookies.state import (
    AddToBatch,
    Answer,
    CoverYourCookiesState,
    Discard,
    Draw,
    Duel,
    EndTurn,
    Exchange,
    FormBatch,
    Rotate,
    SwapBatches,
    Swipe,
    Take,
    Yield,
    malformed_field,
)


def reason(
    config: CoverYourCookiesConfig,
    state: CoverYourCookiesState,
    player: int,
    action: Any,
    legal: Sequence[Any],
) -> str | None:
    """Why ``action`` is not legal for ``player`` now (``None`` when no rule is to blame)."""
    bad = malformed_field(action)
    if bad is not None:
        return f"the {bad} of a {type(action).__name__} has the wrong type"
    if isinstance(action, Draw | Take):
        return "cards are drawn from the deck (and taken in an Exchange) by chance, not chosen"
    if action in legal or not 0 <= player < len(state.hands):
        return None
    hand = state.hands[player]
    if state.phase == "duel" and state.duel is not None:
        return _duel_reason(state.duel, hand, action)
    if state.phase == "mixer" and state.mixer is not None:
        return _mixer_reason(state.mixer.card)
    if state.phase != "turn":
        return None
    if isinstance(action, FormBatch):
        return _form_reason(config, state, player, action)
    if isinstance(action, EndTurn):
        if config.two_actions:
            return "you must take at least one action before ending your turn"
        return "you can't pass your turn: take an action (if nothing else, discard a cookie)"
    if isinstance(action, Yield | Answer):
        return "there is no duel in progress"
    if isinstance(action, Rotate | SwapBatches | Exchange):
        return (
            "no mixer is waiting for a choice: Rotate, Swap and Exchange are chosen by their drawer"
        )
    if isinstance(action, AddToBatch):
        return _add_reason(state, player, action, legal)
    if isinstance(action, Discard):
        if action.card not in hand:
            return f"you hold no {shorten(action.card)}"
        return "only cookies may be discarded (a milk only when nothing else is possible)"
    if isinstance(action, Swipe):
        return _swipe_reason(state, player, action.target, action.card)
    return None


def _add_reason(
    state: CoverYourCookiesState, player: int, action: AddToBatch, legal: Sequence[Any]
) -> str:
    if deck_size(state):
        return "you may add to your own top Batch only after the deck runs out"
    if not state.stacks[player]:
        return "you have no Batch to add to"
    if action.card not in state.hands[player]:
        return f"you hold no {shorten(action.card)}"
    if any(isinstance(a, FormBatch | Swipe) for a in legal):
        return "you may add to your top Batch only when you can neither start a Batch nor swipe"
    flavour = state.stacks[player][-1].flavour
    return f"add only a matching card to your top Batch: a {flavour} or a milk"


def _mixer_reason(card: str) -> str:
    effect = INFO[card].effect
    if effect == "rotate":
        return "Rotate: say which way the top Batches move, left or right"
    if effect == "swap":
        return "Swap: choose two other players who each have at least one Batch"
    return "Exchange: say 1 or 2"


def _form_reason(
    config: CoverYourCookiesConfig, state: CoverYourCookiesState, player: int, action: FormBatch
) -> str:
    cards = [*action.cards, *([action.pile] if action.pile is not None else [])]
    if len(cards) > 2:
        return "a Batch is formed with exactly two cards, never more"
    if sum(1 for c in cards if is_milk(c)) >= 2:
        return "a Batch can't be formed with two milks"
    hand = state.hands[player]
    for c in sorted(set(action.cards)):
        if action.cards.count(c) > hand.count(c):
            return f"you don't hold enough {shorten(c)}"
    if action.pile is not None and action.pile not in pile_cookies(config, state.discard):
        where = "discard row" if config.small_table else "top of the discard pile"
        return f"no {shorten(action.pile)} can be taken from the {where}"
    if len(cards) == 1:
        return (
            "a single cookie may start a Batch only as the first Batch of a player who could "
            "not start one on their first turn"
        )
    return "the two cards must be identical cookies, or a cookie and a milk"


def _swipe_reason(state: CoverYourCookiesState, player: int, target: int, card: str) -> str:
    if not state.stacks[player]:
        return "you need a Batch of your own before you can swipe"
    if not 0 <= target < len(state.stacks) or target == player:
        return "swipe another player's top Batch"
    if len(state.stacks[target]) < 2:
        return "a player's first (bottom) Batch can't be swiped; they need two or more Batches"
    if state.stacks[target][-1].id == state.forbidden_batch:
        return "you can't try to swipe the same Batch again this turn"
    if card not in state.hands[player]:
        return f"you hold no {shorten(card)}"
    return f"open with a {state.stacks[target][-1].flavour} or a milk"


def _duel_reason(duel: Duel, hand: tuple[str, ...], action: Any) -> str:
    if not isinstance(action, Answer):
        return "in a duel you may only answer with matching cards or yield"
    for c in action.cards:
        if c not in hand:
            return f"you hold no {shorten(c)}"
        if c != duel.flavour and not is_milk(c):
            return f"{shorten(c)} does not match the Batch: play a {duel.flavour} or a milk"
    if duel.need == 2:
        return "answer an Extra Strength Chocolate Milk with a Chocolate Milk or two matching cards"
    return "answer with exactly one matching card"
