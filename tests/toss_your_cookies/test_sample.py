"""Toss Your Cookies states drawn from a seat's view: unseen cards re-dealt, the milk kept where
everyone saw it, no hand winning while the round goes on, commitments drawn from drawn hands."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from gamenight.engine import make_game
from gamenight.engine.errors import ImpossibleView
from gamenight.games.toss_your_cookies.cards import MILK, is_winning
from gamenight.games.toss_your_cookies.deck import build_deck
from gamenight.games.toss_your_cookies.rules import commitments
from gamenight.games.toss_your_cookies.state import Phase
from tests.sampling import check_draw, positions, spread_ok
from tests.toss_your_cookies.helpers import at_rest, hands_of, make

#: The state's fields holding what a seat may not see.
HIDDEN = frozenset({"hands", "deck", "commits", "limbo", "transit"})


def components(state: Any) -> Counter[str]:
    """Every card, wherever it is: hands, the deck, the centre, limbo and transit."""
    out: Counter[str] = Counter(state.deck)
    for hand in (*state.hands, *state.transit, state.centre, state.limbo):
        out.update(hand)
    return out


def milk_with_seat_0(game: Any) -> Any:
    """A 3-player state at rest with the milk in seat 0's hand and no winning hand anywhere."""
    return at_rest(
        game,
        hands_of(
            "sugar sugar ginger ginger fortune half milk",
            "sugar sugar ginger ginger fortune fortune wild",
            "sugar sugar ginger ginger fortune fortune fortune",
        ),
    )


@pytest.mark.parametrize(
    ("players", "options"), [(3, ()), (5, ()), (4, ("free_scramble=true", "rounds=3"))]
)
def test_draws_keep_the_view_and_every_card(players: int, options: tuple[str, ...]) -> None:
    """States of seeded random games (the deal, rolls, commitments, scrambles, swaps, blind
    draws, the milk race, evening up, new rounds, the end), each seen by every seat: the
    drawn state shows it the same view, asks the same decision, offers the same moves and
    holds every card once."""
    game = make_game("toss-your-cookies", list(options), players=players)
    phases: set[str] = set()
    for seed in range(3):
        for state, seat in positions(game, seed, every=3, limit=3000, all_seats=True):
            drawn = check_draw(game, state, seat, seed, components, hidden=HIDDEN)
            phases.add(str(state.phase))
            if drawn.phase != Phase.OVER:
                assert not any(is_winning(h) for h in drawn.hands)
            for p, commit in enumerate(drawn.commits):
                if commit is not None:
                    assert commit in [c.cards for c in commitments(drawn.hands[p], len(commit))]
    assert {"deal", "roll", "commit", "scramble", "pick", "draw", "target", "over"} <= phases


def test_unseen_cards_are_spread_uniformly() -> None:
    """With the milk in the seat's own hand no other hand can win, so the deal is uniform:
    drawn 3,000 times, each card sits in another hand as often as a uniform deal puts it there."""
    game = make(3)
    state = milk_with_seat_0(game)
    view = game.observe(state, 0)
    pool = Counter(build_deck(3))
    pool.subtract(view["hand"])
    expected = {k: 7 * c / 14 for k, c in pool.items() if c}
    rng = random.Random(5)
    counts: Counter[str] = Counter()
    for _ in range(3000):
        counts.update(game.sample_state(view, 0, rng).hands[1])
    assert spread_ok(counts, expected, 3000) == []


def test_the_milk_stays_where_it_was_seen_and_never_in_a_winning_hand() -> None:
    """Everyone saw seat 1 take the milk. Dealt blindly, seat 1's other six cards would often be
    five of one cookie (a win that would have ended the round); drawn states keep the milk with
    seat 1 and never give it a winning hand."""
    game = make(3)
    state = at_rest(
        game,
        hands_of(
            "ginger ginger ginger ginger ginger ginger half",
            "sugar sugar sugar sugar fortune fortune milk",
            "sugar sugar fortune fortune fortune fortune wild",
        ),
        milk_seen=1,
    )
    view = game.observe(state, 0)
    rng = random.Random(2)
    drawn = [game.sample_state(view, 0, rng) for _ in range(600)]
    assert all(MILK in s.hands[1] and not is_winning(s.hands[1]) for s in drawn)
    # Without the rule about winning hands, about one deal in eight would be a win.
    shuffled = [game.shuffle_hidden(state, 0, rng).hands[1] for _ in range(600)]
    assert sum(is_winning(h) for h in shuffled) > 30


def test_others_commitments_are_drawn_from_their_drawn_hands() -> None:
    """In a pass, another player's face-down commitment is drawn anew with their hand: always
    cards of that hand, and more than one choice over many draws."""
    game = make_game("toss-your-cookies", players=4)
    found = None
    for state, seat in positions(game, 3, limit=3000):
        others = [p for p, c in enumerate(state.commits) if c is not None and p != seat]
        if state.phase == Phase.COMMIT and others:
            found = state, seat, others[0]
            break
    assert found is not None
    state, seat, other = found
    view = game.observe(state, seat)
    rng = random.Random(9)
    picks: Counter[tuple[str, ...]] = Counter()
    for _ in range(200):
        drawn = game.sample_state(view, seat, rng)
        commit = drawn.commits[other]
        assert commit is not None and not Counter(commit) - Counter(drawn.hands[other])
        picks[commit] += 1
    assert len(picks) > 3


def test_views_that_do_not_add_up_are_refused() -> None:
    """Cards the deck does not hold, or hand sizes the unseen cards cannot fill: a clear
    ``ImpossibleView``."""
    game = make(3)
    state = milk_with_seat_0(game)
    view = game.observe(state, 0)
    rng = random.Random(0)
    with pytest.raises(ImpossibleView, match=r"shows 8 'sugar' cards, more than the deck holds"):
        game.sample_state({**view, "hand": ["sugar"] * 7, "centre": ["sugar"]}, 0, rng)
    with pytest.raises(ImpossibleView, match="hidden places hold"):
        game.sample_state({**view, "hand_sizes": [7, 9, 7]}, 0, rng)
    winning = ["sugar"] * 5 + ["half", "milk"]
    with pytest.raises(ImpossibleView, match="a winning hand, yet the round goes on"):
        game.sample_state({**view, "hand": winning}, 0, rng)
    with pytest.raises(ImpossibleView, match="'moon' is not a valid Phase"):
        game.sample_state({**view, "phase": "moon"}, 0, rng)
