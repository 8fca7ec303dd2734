"""The deck per player count, and every chance step: the deal, the dice, blind draws."""

from __future__ import annotations

import random
from collections import Counter

from gamenight.engine.errors import NotYourDecision
from gamenight.games.toss_your_cookies.cards import (
    COMPONENTS,
    HALF,
    MILK,
    SET_SIZE,
    WILD,
    cookie_kinds,
)
from gamenight.games.toss_your_cookies.config import TossYourCookiesConfig
from gamenight.games.toss_your_cookies.state import (
    Action,
    Deal,
    Dice,
    Draw,
    Phase,
    TossYourCookiesState,
)


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


def dice_odds(config: TossYourCookiesConfig) -> tuple[tuple[Dice, float], ...]:
    """Every roll of the two dice with its chance (faces may repeat on a die)."""
    rolls = Counter((a, b) for a in config.action_die for b in config.number_die)
    total = sum(rolls.values())
    return tuple((Dice(a, b), count / total) for (a, b), count in sorted(rolls.items()))


def chance_outcomes(
    state: TossYourCookiesState, dice: tuple[tuple[Dice, float], ...]
) -> tuple[tuple[Action, float], ...]:
    """The next card dealt, the dice (``dice``: from :func:`dice_odds`), or the card drawn
    blindly: each with its chance. Every card of the deck or hand is equally likely."""
    if state.phase == Phase.ROLL:
        return dice
    cards = _pile(state)
    if not cards:
        return ()
    counts = Counter(cards)
    total = len(cards)
    make = Deal if state.phase == Phase.DEAL else Draw
    return tuple((make(c), k / total) for c, k in sorted(counts.items()))


def sample_chance(
    config: TossYourCookiesConfig, state: TossYourCookiesState, rng: random.Random
) -> Action:
    """One draw with the same law as :func:`chance_outcomes`: a uniform card, or each die."""
    if state.phase == Phase.ROLL:
        return Dice(rng.choice(config.action_die), rng.choice(config.number_die))
    cards = _pile(state)
    if not cards:
        raise NotYourDecision(f"no chance step is pending (phase {state.phase})")
    card = cards[rng.randrange(len(cards))]
    return Deal(card) if state.phase == Phase.DEAL else Draw(card)


def _pile(state: TossYourCookiesState) -> tuple[str, ...]:
    """The cards a chance step draws from: the deck while dealing, the other hand in a blind
    draw, none in any other phase."""
    if state.phase == Phase.DEAL:
        return state.deck
    if state.phase == Phase.DRAW and state.draw is not None:
        return state.hands[state.draw.source]
    return ()
