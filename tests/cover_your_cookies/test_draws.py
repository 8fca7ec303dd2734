"""Drawing a card by bisection over the deck's running sums picks the card a walk over the
counts would pick for the same random number, and the running sums follow the deck split."""

from __future__ import annotations

import random
from typing import Any

from gamenight.bots import make_bot
from gamenight.engine import CHANCE, Match
from gamenight.games.cover_your_cookies import deck
from gamenight.games.cover_your_cookies.cards import CARDS
from gamenight.games.cover_your_cookies.state import CoverYourCookiesState, Draw
from gamenight.sim.driver import run
from tests.cover_your_cookies.helpers import game


def walk(state: CoverYourCookiesState, rng: random.Random) -> Draw:
    """The draw by walking the counts: the card whose share of ``randrange(total)`` it is."""
    weights = deck.draw_weights(state)
    r = rng.randrange(sum(weights))
    for card, weight in zip(CARDS, weights, strict=True):
        if r < weight:
            return Draw(card.id)
        r -= weight
    raise AssertionError("the walk ran past the deck")


def chance_states(players: int, seed: int, **options: Any) -> list[CoverYourCookiesState]:
    """Every state of a seeded random game where a card comes off the deck."""
    g = game(players, **options)
    match = run(Match(g, seed=seed), [make_bot("random", g, s) for s in range(players)])
    states, state = [], g.initial_state()
    for step in match.steps:
        if step.player == CHANCE and state.phase != "exchange":
            states.append(state)
        state, _ = g.apply(state, step.player, step.action)
    return states


def test_bisection_draws_the_card_the_walk_draws() -> None:
    """Dealing (mixers held back), flips and draws, before and after the top half runs out."""
    g = game(4)  # sampling reads only the state, so one game samples the states of all three
    states = chance_states(4, 3) + chance_states(3, 5) + chance_states(5, 8, mixers=False)
    assert any(s.top_half_left == 0 for s in states)  # both halves of the deck were drawn from
    assert any(s.top_half_left is None for s in states)  # and the deal
    for k, state in enumerate(states):
        assert g.sample_chance(state, random.Random(k)) == walk(state, random.Random(k))


def test_running_sums_leave_mixers_out_above_the_split() -> None:
    """The last running sum is the number of cards that may come off the deck now."""
    for state in chance_states(4, 11):
        sums = deck.cumulative_weights(state)
        assert sums[-1] == sum(deck.draw_weights(state))
        assert sums == sorted(sums)
