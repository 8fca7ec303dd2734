"""Cover Your Cookies states drawn from a seat's view: the unseen cookies and milk re-dealt,
every mixer kept where it is known to be, the public standing of every player kept."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from gamenight.engine import make_game
from gamenight.engine.errors import ImpossibleView
from gamenight.games.cover_your_cookies.cards import CARDS
from tests.cover_your_cookies.helpers import FULL_SET, all_cards
from tests.sampling import check_draw, positions, spread_ok

MIXER_IDS = [i for i, c in enumerate(CARDS) if c.kind == "mixer"]
#: The state's fields holding what a seat may not see (others' standing with the first Batch
#: too: see ``sample.py``).
HIDDEN = frozenset({"hands", "deck", "transit", "first_batch"})


@pytest.mark.parametrize(
    ("players", "options"),
    [(3, ()), (4, ()), (5, ("two_actions=true", "extra_strength=true", "match=rounds")), (6, ())],
)
def test_draws_keep_the_view_and_every_card(players: int, options: tuple[str, ...]) -> None:
    """States of seeded random games (the deal, the first discards, turns, duels, draws, mixers,
    Exchanges, new rounds, the end), each seen by a deciding seat: the drawn state shows it the
    same view, asks the same decision, offers the same moves, holds all 110 cards once, and keeps
    the deck's mixers by kind."""
    game = make_game("cover-your-cookies", list(options), players=players)
    phases: set[str] = set()
    for seed in range(3):
        for state, seat in positions(game, seed, every=2, limit=3000):
            drawn = check_draw(game, state, seat, seed, all_cards, hidden=HIDDEN)
            assert +all_cards(drawn) == +FULL_SET
            assert [drawn.deck[i] for i in MIXER_IDS] == [state.deck[i] for i in MIXER_IDS]
            assert drawn.top_half_left == state.top_half_left
            assert drawn.first_batch[seat] == state.first_batch[seat]
            assert drawn.draw_queue == state.draw_queue and drawn.takers == state.takers
            phases.add(state.phase)
    assert {"deal", "turn", "duel", "draw", "mixer", "exchange", "over"} <= phases


def test_unseen_cards_are_spread_uniformly() -> None:
    """Drawn 3,000 times, each cookie and milk sits in another player's hand as often as a
    uniform deal of the unseen cards puts it there."""
    game = make_game("cover-your-cookies", players=4)
    truth, seat = next((s, p) for s, p in positions(game, 4, limit=600) if s.turns >= 4)
    view = game.observe(truth, seat)
    other = (seat + 2) % 4
    pool = Counter({c.id: c.count for c in CARDS if c.kind != "mixer"})
    pool.subtract(view["hand"])
    pool.subtract(view["discard"])
    for stack in view["stacks"]:
        for b in stack:
            pool.subtract(c for c in b["cards"] if c in pool)
    total = sum(pool.values())
    size = len(truth.hands[other])
    expected = {k: size * c / total for k, c in pool.items() if c > 0}
    rng = random.Random(3)
    counts: Counter[str] = Counter()
    for _ in range(3000):
        counts.update(game.sample_state(view, seat, rng).hands[other])
    assert spread_ok(counts, expected, 3000) == []


def test_others_standing_with_the_first_batch_follows_what_is_public() -> None:
    """Before their first turn a player is ``before_first_turn``; with a Batch, ``pairs_only``;
    the seat's own standing is exactly its own."""
    game = make_game("cover-your-cookies", players=4)
    for state, seat in positions(game, 5, every=5, limit=800):
        drawn = game.sample_state(game.observe(state, seat), seat, random.Random(1))
        for p, standing in enumerate(drawn.first_batch):
            if p == seat:
                assert standing == state.first_batch[p]
            elif state.first_batch[p] == "before_first_turn":
                assert standing == "before_first_turn"
            elif state.stacks[p]:
                assert standing == "pairs_only"


def test_views_that_do_not_add_up_are_refused() -> None:
    """Mixers or cards the game does not have, hand sizes the unseen cards cannot fill, a view
    from another game: clear errors, never a traceback."""
    game = make_game("cover-your-cookies", players=4)
    truth, seat = next((s, p) for s, p in positions(game, 4, limit=600) if s.turns >= 2)
    view = game.observe(truth, seat)
    rng = random.Random(0)
    with pytest.raises(ImpossibleView, match="counts 9 mixers in the deck"):
        game.sample_state({**view, "mixers_in_deck": 9}, seat, rng)
    with pytest.raises(ImpossibleView, match="does not have: 'joker'"):
        game.sample_state({**view, "discard": ["joker"]}, seat, rng)
    with pytest.raises(ImpossibleView, match="hidden places hold"):
        game.sample_state({**view, "deck": view["deck"] + 40}, seat, rng)
    other = make_game("paper-toss", players=4)
    paper_view = other.observe(other.initial_state(), seat)
    with pytest.raises(ImpossibleView, match="not a cover-your-cookies view"):
        game.sample_state(paper_view, seat, rng)
