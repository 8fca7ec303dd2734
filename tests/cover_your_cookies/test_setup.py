"""Components and setup, each test quoting the rule it checks."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from gamenight.engine import CHANCE, Kind, Match
from gamenight.games.cover_your_cookies.cards import CARDS, COOKIES, INFO, MILKS, MIXERS
from gamenight.games.cover_your_cookies.config import CoverYourCookiesConfig
from gamenight.games.cover_your_cookies.state import Draw, DrawOrder
from tests.cover_your_cookies.helpers import FULL_SET, all_cards, game


def test_components_are_data_with_the_ruled_defaults() -> None:
    """Ruling: "90 cookie cards, 12 milk (Fresh and Chocolate), 8 mixers (Rotate x2, Enhance x2
    worth +30 each, Swap x2, Exchange x2)"; default cookies "three with 10 cards worth 5, three
    with 9 cards worth 10, three with 9 cards worth 15, one with 6 cards worth 20"."""
    cookies = [INFO[c] for c in COOKIES]
    assert sum(c.count for c in cookies) == 90
    assert sorted((c.count, c.dough) for c in cookies) == sorted(
        [(10, 5)] * 3 + [(9, 10)] * 3 + [(9, 15)] * 3 + [(6, 20)]
    )
    assert "lemon_glaze" in COOKIES
    assert {(INFO[m].name, INFO[m].count, INFO[m].dough) for m in MILKS} == {
        ("Fresh Milk", 8, 25),
        ("Chocolate Milk", 4, 50),
    }
    effects = Counter(INFO[m].effect for m in MIXERS for _ in range(INFO[m].count))
    assert effects == {"rotate": 2, "enhance": 2, "swap": 2, "exchange": 2}
    assert INFO["enhance"].dough == 30
    assert {INFO[m].direction for m in MIXERS if INFO[m].effect == "exchange"} == {"left", "right"}
    assert sum(c.count for c in CARDS) == 110
    assert CoverYourCookiesConfig().crumb_track == (0, 5, 10, 20, 30, 40, 50)


def deal(players: int, seed: int = 3, **options: object) -> Match:
    g = game(players, **options)
    match = Match(g, seed=seed)
    match.advance_chance()
    return match


def test_deal_five_then_flip_one_to_start_the_discard_pile() -> None:
    """Setup: "Deal a hand of 5 cards to each player." ... "Flip a card from the deck to start
    the discard pile." The player who goes first then takes a turn."""
    for players in (4, 5, 6):
        match = deal(players)
        state = match.state
        assert state.phase == "turn"
        assert [len(h) for h in state.hands] == [5] * players
        assert len(state.discard) == 1
        assert match.pending.players == (0,)
        assert all_cards(state) == FULL_SET
        assert sum(state.deck) == 110 - 5 * players - 1


def test_mixers_are_shuffled_into_the_bottom_half_only() -> None:
    """Setup: "Remove the 8 cards with a Mixer icon" ... "Split the remaining deck into two
    equal(ish) halves. Shuffle the Mixer Cards into one half of the deck. Place the other half on
    top": no mixer can be dealt, flipped or drawn before the top half is used up."""
    g = game(4)
    match = Match(g, seed=0)
    outcomes = g.chance_outcomes(match.state)
    assert not any(isinstance(a, Draw) and a.card in MIXERS for a, _ in outcomes)
    match.advance_chance()
    state = match.state
    rest = 110 - 8 - 20
    assert state.top_half_left == rest // 2 - 1  # the top half, less the flipped card
    assert all(c not in MIXERS for h in state.hands for c in h)
    assert not any(a.card in MIXERS for a, _ in g.chance_outcomes(state))  # type: ignore[union-attr]
    top = state.top_half_left
    match.state = replace(state, phase="draw", draw_queue=(DrawOrder(0, top),), resume="next_turn")
    for _ in range(top):
        (event,) = match.roll_chance()[:1]
        assert event.kind == "drew"
    assert match.state.top_half_left == 0
    after = match.state
    mixers = {a.card: p for a, p in g.chance_outcomes(after) if a.card in MIXERS}  # type: ignore[union-attr]
    assert abs(sum(mixers.values()) - 8 / sum(after.deck)) < 1e-9
    assert sum(after.deck) == rest - rest // 2 + 8


def test_first_player_is_an_option_and_play_passes_left() -> None:
    """Setup: "The player who ate a cookie most recently goes first. After their turn, play
    passes left." (``first_player``; left is the next seat.)"""
    match = deal(4, first_player=2)
    assert match.pending.players == (2,)
    state = match.state
    match.submit(
        2,
        next(a for a in match.game.legal_actions(state, 2) if "Discard" in repr(a)),
        match.version,
    )
    match.advance_chance()
    assert match.pending.players == (3,)


def test_three_player_rules_six_cards_a_row_of_three_and_no_swap() -> None:
    """3 Player Rules: "remove the 2 Swap cards from the deck" ... "Deal 6 cards to each player.
    Flip 3 cards over beside the deck, side by side to start the Cookie discard row." """
    match = deal(3)
    state = match.state
    assert [len(h) for h in state.hands] == [6, 6, 6]
    assert len(state.discard) == 3
    assert state.box == ("swap", "swap")
    assert state.deck[[c.id for c in CARDS].index("swap")] == 0
    assert all_cards(state) == FULL_SET


def test_three_player_rules_can_be_turned_off() -> None:
    """The 3-player rules are "recommended": ``three_player_rules=false`` plays the standard
    setup with 3 players (5 cards, one discard pile, Swap cards in)."""
    match = deal(3, three_player_rules=False)
    state = match.state
    assert [len(h) for h in state.hands] == [5, 5, 5]
    assert len(state.discard) == 1
    assert state.box == ()


def test_without_mixers_the_mixers_stay_in_the_box() -> None:
    """ "You can simplify the rules by choosing not to use them": ``mixers=false``."""
    match = deal(4, mixers=False)
    assert sorted(match.state.box) == sorted(m for m in MIXERS for _ in range(INFO[m].count))
    assert all(k == 0 for c, k in zip(CARDS, match.state.deck, strict=True) if c.kind == "mixer")


def test_chance_outcomes_are_an_exact_distribution() -> None:
    """Every draw is a chance step whose outcomes are the cards left, weighted by count."""
    g = game(4)
    match = Match(g, seed=1)
    outcomes = g.chance_outcomes(match.state)
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-12
    probs = {a.card: p for a, p in outcomes}  # type: ignore[union-attr]
    assert abs(probs["birthday_cake"] - 6 / 102) < 1e-12
    assert abs(probs["chocolate_milk"] - 4 / 102) < 1e-12
    assert match.pending.kind is Kind.CHANCE
    match.roll_chance()
    assert match.steps[-1].player == CHANCE


def test_sample_chance_follows_the_exact_distribution() -> None:
    """The fast sampler draws cards (and Exchange takes) with the probabilities that
    ``chance_outcomes`` lists (seeded; a generous tolerance)."""
    import random

    from gamenight.games.cover_your_cookies.state import Take

    g = game(4)
    state = Match(g, seed=0).state
    rng = random.Random(12)
    draws = Counter(g.sample_chance(state, rng) for _ in range(20000))
    for outcome, p in g.chance_outcomes(state):
        assert abs(draws[outcome] / 20000 - p) < 0.01, outcome
    exchange = replace(
        state,
        phase="exchange",
        hands=(("sugar", "sugar", "lemon_glaze", "fresh_milk"), (), (), ()),
        takers=((0, 1),),
        exchange_count=2,
    )
    takes = Counter(g.sample_chance(exchange, rng) for _ in range(12000))
    outcomes = dict(g.chance_outcomes(exchange))
    assert set(takes) == set(outcomes)
    assert abs(outcomes[Take(("lemon_glaze", "sugar"))] - 2 / 6) < 1e-12
    for outcome, p in outcomes.items():
        assert abs(takes[outcome] / 12000 - p) < 0.015, outcome
