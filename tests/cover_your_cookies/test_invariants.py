"""Invariants over many seeded random games, and the conformance kit over every variant."""

from __future__ import annotations

import random
from typing import Any

import pytest

from gamenight.engine import Kind, Match
from gamenight.engine.conformance import check_game, random_action
from gamenight.games.cover_your_cookies.cards import dough
from gamenight.games.cover_your_cookies.deck import dough_of
from gamenight.games.cover_your_cookies.state import AddToBatch, FormBatch, Swipe
from tests.cover_your_cookies.helpers import check_accounting, game

VARIANTS: list[dict[str, Any]] = [
    {},
    {"extra_strength": True},
    {"two_actions": True},
    {"extra_strength": True, "two_actions": True},
    {"mixers": False},
    {"three_player_rules": False},
    {"match": "target", "target": 500},
    {"match": "rounds", "rounds": 2},
    {"match": "wins"},
]


def variant_id(options: dict[str, Any]) -> str:
    """A readable test id for a variant."""
    return ",".join(f"{k}={v}" for k, v in options.items()) or "standard"


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("options", VARIANTS, ids=variant_id)
def test_conformance_kit_for_every_player_count_and_variant(
    players: int, options: dict[str, Any]
) -> None:
    """The engine contract (legality, immutability, redaction, codecs, replay) holds in every
    variant, with every card accounted for at every step."""
    g = game(players, **options)
    match = check_game(
        g, seed=players * 101 + len(options), invariant=check_accounting, deep_every=3
    )
    assert match.finished
    assert match.outcome().winners


def play_checked(g: Any, seed: int) -> Match:
    """A seeded random game, checking the table's invariants at every step."""
    rng = random.Random(seed)
    match = Match(g, seed=seed)
    limit = g.config.cards_in_hand
    while not match.finished:
        state = match.state
        check_accounting(g, state)
        assert all(len(h) <= limit for h in state.hands), "a hand grew past the limit"
        for stack in state.stacks:
            for b in stack:
                assert b.cards.count(b.flavour) >= 1, "every Batch holds a cookie of its flavour"
        if match.pending.kind is Kind.CHANCE:
            match.roll_chance()
            continue
        player, action = random_action(g, state, rng)
        legal = g.legal_actions(state, player)
        if any(isinstance(a, AddToBatch) for a in legal):
            assert sum(state.deck) == 0, "adding to a Batch before the deck is out"
            assert not any(isinstance(a, FormBatch | Swipe) for a in legal)
        if isinstance(action, Swipe):
            assert len(state.stacks[action.target]) >= 2, "a protected Batch was challenged"
            assert state.stacks[player], "a swipe without a Batch of one's own"
        events = match.submit(player, action, match.version)
        for event in events:
            if event.kind == "duel_over" and event.data["swiped"]:
                bottom = state.stacks[event.data["defender"]][0]
                assert event.data["batch"] != bottom.id, "the bottom Batch was swiped"
                assert match.state.stacks[event.data["defender"]] or match.state.phase == "deal"
    return match


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("options", VARIANTS[:6], ids=variant_id)
def test_random_games_keep_every_card_and_score_the_dough(
    players: int, options: dict[str, Any]
) -> None:
    """Over many seeded random games: all 110 cards accounted for at every step; no bottom
    Batch is ever swiped; the final scores equal the Dough recomputed from the stacks and the
    Crumb Collector track."""
    g = game(players, **options)
    track = g.config.crumb_track
    for seed in range(12):
        match = play_checked(g, seed)
        state = match.state
        recomputed = tuple(
            sum(dough(c) for b in state.stacks[p] for c in b.cards)
            + track[min(state.crumbs[p], len(track) - 1)]
            for p in range(players)
        )
        assert recomputed == tuple(dough_of(g.config, state, p) for p in range(players))
        assert match.outcome().scores == tuple(float(s) for s in recomputed)
        best = max(recomputed)
        assert all(recomputed[w] == best for w in match.outcome().winners)


def test_multi_round_matches_replay_and_total_the_rounds() -> None:
    """Longer games: totals are the sums of the rounds' scores (seen in round_over events)."""
    g = game(4, match="rounds", rounds=3)
    rng = random.Random(5)
    match = Match(g, seed=5)
    rounds: list[list[int]] = []
    while not match.finished:
        if match.pending.kind is Kind.CHANCE:
            events = match.roll_chance()
        else:
            player, action = random_action(g, match.state, rng)
            events = match.submit(player, action, match.version)
        rounds.extend(list(e.data["scores"]) for e in events if e.kind == "round_over")
    assert len(rounds) == 3
    totals = [sum(r[p] for r in rounds) for p in range(4)]
    assert match.outcome().scores == tuple(float(t) for t in totals)
