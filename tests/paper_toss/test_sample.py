"""Paper Toss! states drawn from a seat's view: the unseen Paper cards dealt uniformly."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from gamenight.engine import make_game
from gamenight.engine.errors import ImpossibleView
from gamenight.games.paper_toss.cards import PAPER_KINDS, TOSS_KINDS
from tests.sampling import check_draw, positions, spread_ok

#: The state's fields holding what a seat may not see (and who is still to answer a window).
HIDDEN = frozenset({"hands", "paper_deck", "asked"})


def components(state: Any) -> Counter[str]:
    """Every card of both decks, wherever it is."""
    out: Counter[str] = Counter()
    for hand in state.hands:
        out.update(hand)
    for pile in (state.paper_deck, state.paper_discard):
        out.update(dict(zip(PAPER_KINDS, pile, strict=True)))
    for pile in (state.toss_deck, state.toss_discard):
        out.update({f"toss:{k}": c for k, c in zip(TOSS_KINDS, pile, strict=True)})
    out.update(f"toss:{k}" for k in state.flipped)
    return +out


@pytest.mark.parametrize("players", [2, 3, 5])
def test_draws_keep_the_view_and_every_card(players: int) -> None:
    """States of seeded random games (the deal, discards, tosses, every response window, flips,
    choices, the end), each seen by a deciding seat: the drawn state shows that seat the same
    view, asks the same decision, offers it the same moves and holds every card once."""
    game = make_game("paper-toss", players=players)
    kinds: set[str] = set()
    for seed in range(4):
        for state, seat in positions(game, seed, every=3, limit=1500):
            check_draw(game, state, seat, seed, components, pending_shown=False, hidden=HIDDEN)
            kinds.add(state.phase)
    assert {"deal", "discard", "main", "hazard", "counter", "after", "flip"} <= kinds


def test_a_reaction_window_asks_the_seat_and_those_after_it() -> None:
    """The view does not say who has passed, so a drawn window asks the seat and everyone after
    it in the window's order: exactly the truth when the players answer one by one in order."""
    game = make_game("paper-toss", players=4)
    found = 0
    for state, seat in positions(game, 7, limit=3000):
        if state.phase in ("hazard", "counter", "after") and seat == state.asked[0]:
            drawn = game.sample_state(game.observe(state, seat), seat, random.Random(1))
            order = [(state.turn + i) % 4 for i in range(1, 5)]
            assert drawn.asked == tuple(order[order.index(seat) :])
            found += 1
    assert found > 5


def test_unseen_cards_are_spread_uniformly() -> None:
    """Drawn 3,000 times, each Paper card sits in another player's hand as often as a uniform
    deal of the unseen cards puts it there."""
    game = make_game("paper-toss", players=3)
    truth, seat = next((s, p) for s, p in positions(game, 2, limit=400) if s.turns >= 3)
    view = game.observe(truth, seat)
    other = (seat + 1) % 3
    pool = Counter(dict(zip(PAPER_KINDS, game.config.paper_counts, strict=True)))
    pool.subtract(view["hand"])
    pool.subtract(view["paper_discard"])
    total = sum(pool.values())
    size = len(truth.hands[other])
    expected = {k: size * c / total for k, c in pool.items() if c}
    rng = random.Random(11)
    counts: Counter[str] = Counter()
    draws = 3000
    for _ in range(draws):
        counts.update(game.sample_state(view, seat, rng).hands[other])
    assert spread_ok(counts, expected, draws) == []
    assert set(counts) == set(expected)


def test_views_that_do_not_add_up_are_refused() -> None:
    """More of a card than the deck holds, a hand size the cards cannot fill, a card the game
    does not have: each is a clear ``ImpossibleView``."""
    game = make_game("paper-toss", players=3)
    truth, seat = next((s, p) for s, p in positions(game, 2, limit=400) if s.turns >= 2)
    view = game.observe(truth, seat)
    rng = random.Random(0)
    sizes = [40 if p == seat else k for p, k in enumerate(view["hand_sizes"])]
    with pytest.raises(
        ImpossibleView, match=r"shows \d+ 'paper_toss' cards, more than the Paper deck holds"
    ):
        game.sample_state({**view, "hand": ["paper_toss"] * 40, "hand_sizes": sizes}, seat, rng)
    with pytest.raises(ImpossibleView, match="hidden places hold"):
        game.sample_state({**view, "paper_deck_size": 500}, seat, rng)
    with pytest.raises(ImpossibleView, match="does not have: 'joker'"):
        game.sample_state({**view, "paper_discard": {"joker": 1}}, seat, rng)
    with pytest.raises(ImpossibleView, match="another seat's view"):
        game.sample_state(game.observe(truth, (seat + 1) % 3), seat, rng)
    with pytest.raises(ImpossibleView, match="not a paper-toss view of seat"):
        game.sample_state(game.observe(truth, None), seat, rng)
    with pytest.raises(ImpossibleView, match="no 'tokens' field"):
        game.sample_state({k: v for k, v in view.items() if k != "tokens"}, seat, rng)
