"""Scenario tests: the deck, the deal, the dice and what makes a Snickerdoodle."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from gamenight.engine import CHANCE, ConfigError, Kind, Match
from gamenight.games.toss_your_cookies.cards import COOKIES, is_winning
from gamenight.games.toss_your_cookies.config import TossYourCookiesConfig
from gamenight.games.toss_your_cookies.deck import build_deck
from gamenight.games.toss_your_cookies.state import Deal, Dice, Phase
from tests.toss_your_cookies.helpers import make

TABLE = {3: (1, 1), 4: (2, 1), 5: (2, 2), 6: (3, 2), 7: (3, 3), 8: (3, 4)}


@pytest.mark.parametrize("players", range(3, 9))
def test_the_deck_has_one_set_per_player_the_milk_and_the_table_of_wilds(players: int) -> None:
    """ "Choose one full set of cookie cards for each player ... Then add the milk card, and a
    combination of wild and half-eaten cookie cards according to the number of players"
    (RULINGS: wild 1,2,2,3,3,3 and half-eaten 1,1,2,2,3,4 for 3 to 8 players)."""
    deck = Counter(build_deck(players))
    wild, half = TABLE[players]
    assert sum(deck.values()) == 7 * players
    assert {c: deck[c] for c in COOKIES[:players]} == dict.fromkeys(COOKIES[:players], 6)
    assert not set(COOKIES[players:]) & set(deck)
    assert (deck["wild"], deck["half"], deck["milk"]) == (wild, half, 1)


@pytest.mark.parametrize("players", [3, 8])
def test_every_card_is_dealt_seven_to_each(players: int) -> None:
    """ "Turn all of the cards face down and thoroughly mix them. Each player should take
    exactly seven cards." All 7N cards are dealt, one chance step per card."""
    game = make(players)
    match = Match(game, seed=13)
    assert match.pending.kind is Kind.CHANCE
    while match.state.phase == Phase.DEAL:
        match.roll_chance()
    state = match.state
    assert state.phase == Phase.ROLL  # (with these seeds nobody is dealt a winning hand)
    assert state.turn == 0
    assert [len(h) for h in state.hands] == [7] * players
    assert Counter(c for h in state.hands for c in h) == Counter(build_deck(players))


def test_the_deal_is_hidden_card_by_card() -> None:
    """ "Hold them in your hand but make sure to keep them hidden from opponents.\""""
    game = make(4)
    match = Match(game, seed=3)
    events = match.roll_chance()
    (dealt,) = events
    assert "card" in dealt.for_viewer(0)
    assert "card" not in dealt.for_viewer(1)
    assert "card" not in dealt.for_viewer(None)
    assert match.view(1)["state"]["hand"] == []
    assert len(match.view(0)["state"]["hand"]) == 1


def test_the_dice_are_data_and_their_faces_set_the_chances() -> None:
    """RULINGS: "*Default*: action die Swap, Pass Left, Pass Right, Toss, Swap, Toss; number die
    1, 2, 3, All, Milk, Milk" (options ``action_die`` and ``number_die``)."""
    game = make(4)
    state = replace(game.initial_state(), phase=Phase.ROLL)
    chances = dict(game.chance_outcomes(state))
    assert len(chances) == 4 * 5
    assert chances[Dice("toss", "milk")] == pytest.approx(4 / 36)
    assert chances[Dice("pass_left", "1")] == pytest.approx(1 / 36)
    loaded = make(4, action_die=("toss",), number_die=("all",))
    assert dict(loaded.chance_outcomes(state)) == {Dice("toss", "all"): 1.0}


def test_bad_dice_faces_and_round_counts_are_refused() -> None:
    """Options: "set a number of rounds before playing", at least one (and at most 99, a guard
    against typing mistakes); dice faces must be faces the dice have."""
    for rounds in (0, -3, 100):
        with pytest.raises(ConfigError, match=f"rounds must be from 1 to 99, got {rounds}"):
            TossYourCookiesConfig(rounds=rounds)
    with pytest.raises(ConfigError, match="rounds must be a whole number from 1 to 99"):
        TossYourCookiesConfig(rounds=True)
    with pytest.raises(ConfigError, match=r"action_die faces must be from swap.*'juggle' is not"):
        TossYourCookiesConfig(action_die=("swap", "juggle"))
    with pytest.raises(ConfigError, match="action_die needs faces from swap"):
        TossYourCookiesConfig(action_die=())
    with pytest.raises(ConfigError, match="number_die faces must be from 1, 2, 3, all, milk"):
        TossYourCookiesConfig(number_die=("4",))


def test_five_of_a_cookie_plus_the_milk_wins() -> None:
    """ "As soon as you have five of the same cookie (either natural or including wild cards)
    AND the milk card, shout 'Snickerdoodle!' and win the game.\""""
    assert is_winning(["sugar"] * 5 + ["milk", "half"])
    assert is_winning(["sugar"] * 3 + ["wild", "wild", "milk", "chip"])
    assert not is_winning(["sugar"] * 5 + ["wild", "half"])  # no milk
    assert not is_winning(["sugar"] * 4 + ["chip", "milk", "fudge"])  # only four


def test_half_eaten_never_count_and_wilds_never_count_as_the_milk() -> None:
    """ "Wild cards can only be used in place of any cookie. Half-eaten cookies are worthless."
    RULINGS: "Wilds stand for any cookie, never for the milk.\""""
    assert not is_winning(["sugar"] * 4 + ["half", "milk", "chip"])
    assert not is_winning(["sugar"] * 5 + ["wild", "wild"])
    assert not is_winning(["half"] * 4 + ["wild", "milk", "sugar"])


def test_a_hand_dealt_as_a_winner_wins_at_once() -> None:
    """The win "can happen in the middle of an action": the deal moves cards too, and the win
    is checked after every single card movement."""
    game = make(3)
    match = Match(game, seed=1)
    # cards go round the table from seat 0: seat 0 gets every third card
    order = ["sugar", "ginger", "fortune"] * 5 + ["milk"]
    for i, card in enumerate(order):
        assert match.state.phase == Phase.DEAL, i
        match.apply_trusted(CHANCE, Deal(card))
    state = match.state
    assert state.phase == Phase.OVER
    assert state.winner == 0
    assert match.outcome().winners == (0,)
    assert state.last_win is not None
    assert "milk" in state.last_win[1]


def test_sampled_chance_follows_the_listed_outcomes() -> None:
    """Chance is explicit: the faster sampler draws the dice with the listed probabilities."""
    game = make(4)
    state = replace(game.initial_state(), phase=Phase.ROLL)
    rng = random.Random(8)
    draws = 36_000
    seen = Counter(game.sample_chance(state, rng) for _ in range(draws))
    for outcome, p in game.chance_outcomes(state):
        expected = p * draws
        assert abs(seen[outcome] - expected) < 5 * (expected * (1 - p)) ** 0.5, outcome
    assert set(seen) <= {o for o, _ in game.chance_outcomes(state)}
