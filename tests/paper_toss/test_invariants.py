"""Invariants over many seeded random games: cards, tokens, hands, turn order, skipped turns."""

from __future__ import annotations

import itertools
import random

import pytest

from gamenight.engine import CHANCE, Kind, Match
from gamenight.engine.conformance import random_action
from gamenight.games.paper_toss.state import PaperTossState
from tests.paper_toss.helpers import game, total_cards

GAMES = [(players, seed) for players in range(2, 7) for seed in range(20)]


def check_state(state: PaperTossState, hand_size: int) -> None:
    """All 100 cards accounted for; tokens never negative; hands never over five."""
    assert total_cards(state) == 100
    assert min(state.tokens) >= 0
    assert min(state.paper_deck + state.paper_discard + state.toss_deck + state.toss_discard) >= 0
    assert max(len(h) for h in state.hands) <= hand_size
    assert state.hands == tuple(tuple(sorted(h)) for h in state.hands)


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_random_games_keep_the_invariants(players: int, seed: int) -> None:
    """Over a whole random game: the state invariants hold at every step; turns follow seat
    order with each skipped turn really skipped, one per Flat Tire; one toss per turn."""
    g = game(players)
    rng = random.Random(seed)
    match = Match(g, seed=seed)
    order: list[tuple[str, int]] = []  # turn_started / turn_skipped, in order
    flat_tires = [0] * players
    tosses_this_turn = 0
    while not match.finished:
        check_state(match.state, 5)
        if match.pending.kind is Kind.CHANCE:
            events = match.roll_chance()
        else:
            player, action = random_action(g, match.state, rng)
            assert player in match.pending.players
            events = match.submit(player, action, match.version)
        for event in events:
            if event.kind in ("turn_started", "turn_skipped"):
                order.append((event.kind, event.data["player"]))
                if event.kind == "turn_started":
                    tosses_this_turn = 0
            elif event.kind == "flat_tire":
                flat_tires[event.data["target"]] += 1
            elif event.kind == "tossed":
                tosses_this_turn += 1
                assert tosses_this_turn == 1, "a second Paper Toss in one turn"
    check_state(match.state, 5)
    state = match.state
    (winner,) = state.winners
    assert state.tokens[winner] >= 10
    assert sorted(state.tokens)[-2] < 10, "only the winner reached ten"
    seats = [p for _, p in order]
    assert seats[0] == 0
    for before, after in itertools.pairwise(seats):
        assert after == (before + 1) % players, "turns (taken or skipped) go round in order"
    for p in range(players):
        skipped = sum(1 for kind, q in order if kind == "turn_skipped" and q == p)
        assert skipped == flat_tires[p] - state.skips[p]
    assert state.turns == sum(1 for kind, _ in order if kind == "turn_started")


def test_chance_is_only_ever_a_deck_card() -> None:
    """Sampling draws exactly the cards left: over a whole game no count goes negative, and
    sampled outcomes are always among the listed ones."""
    g = game(4)
    match = Match(g, seed=11)
    rng = random.Random(11)
    while not match.finished:
        if match.pending.kind is Kind.CHANCE:
            listed = {a for a, _ in g.chance_outcomes(match.state)}
            match.roll_chance()
            assert match.steps[-1].player == CHANCE
            assert match.steps[-1].action in listed
        else:
            player, action = random_action(g, match.state, rng)
            match.submit(player, action, match.version)


@pytest.mark.parametrize("players", range(2, 7))
def test_games_with_a_turn_limit_pass_the_conformance_kit(players: int) -> None:
    """The ``turn_limit`` house option ends every game at the limit (or earlier at ten), and
    the whole match still passes the engine's conformance checks (views, replay, codecs)."""
    from gamenight.engine.conformance import check_game

    match = check_game(game(players, turn_limit=8), seed=players)
    assert match.finished
    assert match.state.turns <= 8
    winners = match.outcome().winners
    assert winners
    assert all(match.state.tokens[w] == max(match.state.tokens) for w in winners)
