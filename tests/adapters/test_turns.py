"""The turns core: one seat at a time, chance from a seeded RNG, races drawn, rewards zero-sum."""

from __future__ import annotations

import copy
import math
import random

import numpy as np
import pytest

from gamenight.adapters.turns import Turns, forfeit_rewards, win_rewards
from gamenight.engine.core import Kind
from gamenight.engine.errors import ConfigError, GameOver, IllegalAction, MalformedAction
from tests.adapters.helpers import built


def play(turns: Turns, rng: random.Random, record: list[tuple[Kind, tuple[int, ...], int]]) -> None:
    """Random legal play to the end, noting each decision's kind, listed seats and decider."""
    while not turns.over:
        seat = turns.seat
        assert seat is not None
        record.append((turns.pending.kind, turns.pending.players, seat))
        legal = turns.legal(seat)
        turns.play(seat, legal[rng.randrange(len(legal))])


@pytest.mark.parametrize(
    ("players", "reward"), [(2, (1.0, -1.0)), (3, (1.0, -0.5)), (6, (1.0, -0.2))]
)
def test_rewards_sum_to_zero_and_a_lone_winner_gets_one(
    players: int, reward: tuple[float, float]
) -> None:
    """A lone winner gets +1 and each other seat -1 / (n - 1); the sum is 0, shared or not."""
    lone = win_rewards(players, [1])
    assert lone[1] == reward[0] and lone[0] == pytest.approx(reward[1])
    for winners in ([0], [0, 1], list(range(players))):
        assert math.fsum(win_rewards(players, winners)) == pytest.approx(0.0, abs=1e-12)
    assert win_rewards(players, list(range(players))) == [0.0] * players
    # An illegal move: the mover -1, every other seat 0, as PettingZoo's classic games give
    # (its TerminateIllegalWrapper); several movers at once each get -1.
    assert forfeit_rewards(players, [0]) == [-1.0] + [0.0] * (players - 1)
    assert forfeit_rewards(players, [0, 1]) == [-1.0, -1.0] + [0.0] * (players - 2)


def test_same_seed_same_match_other_seed_other_match() -> None:
    """A match is a function of its seed: chance and every drawn quicker hand come from it."""
    game = built("toss-your-cookies", 4)
    runs = []
    for seed in (8, 8, 9):
        turns = Turns(game)
        turns.reset(seed)
        record: list[tuple[Kind, tuple[int, ...], int]] = []
        play(turns, random.Random(0), record)
        runs.append((record, turns.rewards()))
    assert runs[0] == runs[1]
    assert runs[0] != runs[2]


def test_reset_without_a_seed_goes_on_with_the_stream() -> None:
    """``reset()`` after ``reset(seed)`` deals a new match, the same after the same seed."""
    game = built("paper-toss", 2)
    first, second = Turns(game), Turns(game)
    for turns in (first, second):
        turns.reset(3)
        turns.reset()
    assert repr(first.state) == repr(second.state)
    third = Turns(game)
    third.reset(3)
    assert repr(third.state) != repr(first.state)


def test_the_quicker_hand_in_a_race_is_drawn_uniformly() -> None:
    """Toss Your Cookies scrambles: each listed seat is drawn as the quicker hand with chance
    1/k (k listed). Over many races the count of lowest-seat draws matches sum(1/k)."""
    game = built("toss-your-cookies", 4)
    observed, expected, variance, deciders = 0, 0.0, 0.0, set()
    for seed in range(60):
        turns = Turns(game)
        turns.reset(seed)
        record: list[tuple[Kind, tuple[int, ...], int]] = []
        play(turns, random.Random(seed), record)
        for kind, listed, seat in record:
            if kind is Kind.RACE and len(listed) > 1:
                assert seat in listed
                deciders.add(seat)
                observed += seat == min(listed)
                expected += 1 / len(listed)
                variance += (1 / len(listed)) * (1 - 1 / len(listed))
    assert variance > 20, "too few races to judge"
    assert abs(observed - expected) < 4 * math.sqrt(variance)
    assert deciders == {0, 1, 2, 3}


def test_reaction_windows_ask_every_listed_seat_in_a_drawn_order() -> None:
    """Paper Toss! windows: a seat that passes leaves the window and the next is drawn among
    those left, so the first seat asked varies from window to window."""
    game = built("paper-toss", 4)
    firsts = set()
    for seed in range(10):
        turns = Turns(game)
        turns.reset(seed)
        record: list[tuple[Kind, tuple[int, ...], int]] = []
        play(turns, random.Random(seed), record)
        for index, (kind, listed, seat) in enumerate(record):
            previous = record[index - 1] if index else None
            opening = previous is None or previous[0] is not Kind.REACTION
            if kind is Kind.REACTION and len(listed) == 4 and opening:
                firsts.add(listed.index(seat))
    assert firsts == {0, 1, 2, 3}


def test_simultaneous_commitments_are_asked_lowest_seat_first() -> None:
    """Toss Your Cookies passes: the seats still to commit are asked lowest first, and the
    next seat's view does not show the cards already committed."""
    game = built("toss-your-cookies", 3)
    turns = Turns(game)
    for seed in range(20):
        turns.reset(seed)
        while not turns.over and turns.pending.kind is not Kind.SIMULTANEOUS:
            legal = turns.legal(turns.seat or 0)
            turns.play(turns.seat or 0, legal[0])
        if not turns.over:
            break
    assert turns.pending.kind is Kind.SIMULTANEOUS
    first = turns.seat
    assert first == min(turns.pending.players)
    turns.play(first, turns.legal(first)[0])
    assert turns.seat == min(turns.pending.players) and turns.seat != first
    assert turns.view(turns.seat)["my_commit"] is None


def test_bad_ids_are_refused_precisely() -> None:
    """Action ids outside the codec, booleans and other types are malformed; a legal-looking id
    that the rules refuse is illegal with the reason; a finished match takes no more."""
    game = built("paper-toss", 2)
    turns = Turns(game)
    turns.reset(1)
    seat = turns.seat
    assert seat is not None
    for bad in (-1, game.num_actions, True, "3", 2.0, None):
        with pytest.raises(MalformedAction):
            turns.decode(seat, bad)
    legal_ids = set(np.flatnonzero(turns.mask(seat)))
    assert legal_ids
    illegal = next(i for i in range(game.num_actions) if i not in legal_ids)
    with pytest.raises(IllegalAction, match="is not legal now for player"):
        turns.decode(seat, illegal)
    chosen = min(legal_ids)
    assert turns.decode(seat, np.int64(chosen)) == turns.decode(seat, chosen)
    turns.forfeit(seat)
    assert turns.legal(seat) == () and not turns.mask(seat).any()  # nothing kept past the end
    with pytest.raises(GameOver):
        turns.decode(seat, chosen)
    assert turns.rewards()[seat] == -1.0


def test_a_step_limit_truncates_with_no_reward() -> None:
    """``max_steps`` ends the match after that many decisions, everyone's reward 0."""
    game = built("paper-toss", 3)
    turns = Turns(game, max_steps=10)
    turns.reset(0)
    record: list[tuple[Kind, tuple[int, ...], int]] = []
    play(turns, random.Random(0), record)
    assert len(record) == 10
    assert turns.truncated and turns.over
    assert turns.rewards() == [0.0, 0.0, 0.0]


@pytest.mark.parametrize(
    ("value", "words"),
    [
        (0, "at least 1"),
        (2.5, "whole number"),
        ("10", "whole number"),
        (True, "whole number"),
    ],
)
def test_a_bad_step_limit_is_named(value: object, words: str) -> None:
    """A step limit that is not a whole number of at least 1 is refused, saying what it got."""
    with pytest.raises(ConfigError, match=words):
        Turns(built("toss-up", 2), max_steps=value)


def test_a_step_limit_or_seed_given_as_a_numpy_integer_works() -> None:
    """Counts and seeds from numpy (``np.int64``) are whole numbers like any other."""
    turns = Turns(built("toss-up", 2), max_steps=np.int64(3))
    turns.reset(np.int64(5))
    again = Turns(built("toss-up", 2), max_steps=3)
    again.reset(5)
    assert turns.max_steps == 3 and turns.state == again.state


@pytest.mark.parametrize("seed", ["5", 2.0, False])
def test_a_seed_that_is_not_a_whole_number_is_named(seed: object) -> None:
    """``reset`` takes a whole number or None as its seed, and names anything else."""
    turns = Turns(built("toss-up", 2))
    with pytest.raises(ConfigError, match="a seed is a whole number"):
        turns.reset(seed)


def test_the_mask_is_the_legal_actions() -> None:
    """The action mask has a 1 exactly at the ids of ``legal_actions``, 0 for other seats."""
    game = built("cover-your-cookies", 3)
    turns = Turns(game)
    turns.reset(2)
    seat = turns.seat
    assert seat is not None
    ids = sorted(game.action_id(a) for a in game.legal_actions(turns.state, seat))
    assert list(np.flatnonzero(turns.mask(seat))) == ids
    assert not turns.mask((seat + 1) % 3).any()


def test_a_match_won_in_the_deal_is_dealt_again() -> None:
    """Toss Your Cookies: a hand dealt as a winner ends the match before anyone decides; a reset
    deals again (with the RNG's next draws), so there is always a decision to make."""
    game = built("toss-your-cookies", 5)
    probe = random.Random()
    won_in_deal = None
    for seed in range(500):
        probe.seed(seed)
        state = game.initial_state()
        while game.pending(state).kind is Kind.CHANCE:
            state, _ = game.apply(state, -1, game.sample_chance(state, probe))
        if game.pending(state).kind is Kind.TERMINAL:
            won_in_deal = seed
            break
    assert won_in_deal is not None
    turns = Turns(game)
    turns.reset(won_in_deal)
    assert not turns.over and turns.seat is not None and turns.steps == 0


@pytest.mark.parametrize("game_id", ["paper-toss", "cover-your-cookies"])
def test_action_ids_are_the_same_for_equal_action_objects_never_met(game_id: str) -> None:
    """``ActionIds`` finds most ids by the action objects' identity; an equal action that is a
    new object (never met) gets the same id, mask and legality as the table's own object."""
    turns = Turns(built(game_id, 4))
    codes = turns.codes
    rng = random.Random(3)
    turns.reset(seed=3)
    for _ in range(200):
        if turns.over:
            break
        seat = turns.seat
        assert seat is not None
        legal = turns.legal(seat)
        fresh = tuple(copy.copy(action) for action in legal)
        assert all(a is not b for a, b in zip(fresh, legal, strict=True))
        expected = [codes.ids[action] for action in legal]
        assert codes.id_list(fresh) == expected == codes.id_list(legal)
        assert np.array_equal(codes.mask(fresh), codes.mask(legal))
        assert codes.sorted_ids(fresh) == sorted(expected)
        for index in range(codes.size):
            assert codes.allows(fresh, index) == (index in expected)
        turns.play(seat, legal[rng.randrange(len(legal))])
