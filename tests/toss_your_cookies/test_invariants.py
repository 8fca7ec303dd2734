"""Invariants after every action of many seeded games (random play and bots)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from gamenight.bots import make_bot
from gamenight.engine import Match
from gamenight.engine.conformance import check_game
from gamenight.games.toss_your_cookies import TossYourCookies, TossYourCookiesState
from gamenight.games.toss_your_cookies.cards import HAND_SIZE, MILK, is_winning
from gamenight.games.toss_your_cookies.deck import build_deck
from gamenight.games.toss_your_cookies.state import Phase
from gamenight.sim.driver import agent_rngs, step
from tests.toss_your_cookies.helpers import make


def invariant(game: Any, state: TossYourCookiesState) -> None:
    """Every card accounted for; seven each at rest; only the milk holder ever wins, at once."""
    n = game.players
    where = [*state.deck, *state.centre, *state.limbo]
    where += [c for h in (*state.hands, *state.transit) for c in h]
    assert Counter(where) == Counter(build_deck(n)), "a card was lost or made up"
    if state.phase != Phase.OVER:
        assert not any(state.transit), "cards left in transit between steps"
    if state.phase == Phase.ROLL:
        assert [len(h) for h in state.hands] == [HAND_SIZE] * n, "not seven each at rest"
    if not game.config.free_scramble:
        assert max(len(h) for h in state.hands) <= HAND_SIZE, "a hand over seven with the cap"
    if state.phase == Phase.SCRAMBLE and not game.config.free_scramble:
        assert all(g <= q for g, q in zip(state.grabbed, state.quota, strict=True))
    winners = [p for p, h in enumerate(state.hands) if is_winning(h)]
    if state.phase == Phase.OVER:
        assert winners == [state.winner], "the match winner must be the one winning hand"
        assert MILK in state.hands[state.winner]
    else:
        assert not winners, f"a winning hand {winners} was not called at once"
    if state.last_win is not None:
        assert MILK in state.last_win[1]
        assert is_winning(state.last_win[1])


CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (3, {}),
    (4, {"free_scramble": True}),
    (5, {"rounds": 3}),
    (6, {"free_scramble": True, "rounds": 3}),
    (7, {}),
    (8, {"free_scramble": True}),
    (3, {"free_scramble": True, "rounds": 5}),
    (4, {"number_die": ("all", "milk")}),
    (3, {"rounds": 2}),
    (5, {"rounds": 4, "free_scramble": True}),
]


@pytest.mark.parametrize(("players", "options"), CONFIGS)
@pytest.mark.parametrize("seed", range(5))
def test_random_play_keeps_the_invariants(players: int, options: dict[str, Any], seed: int) -> None:
    """Random play under the conformance kit, with the game's invariants after every step."""
    game = make(players, **options)
    match = check_game(game, seed=1000 + seed, invariant=invariant, deep_every=4)
    assert match.finished
    state = match.state
    assert state.round_wins[state.winner] == game.config.rounds // 2 + 1
    assert state.round_wins[state.winner] > game.config.rounds / 2  # more than half
    assert match.outcome().winners == (state.winner,)


@pytest.mark.parametrize("players", [3, 5, 8])
@pytest.mark.parametrize("seed", range(4))
def test_bot_play_keeps_the_invariants(players: int, seed: int) -> None:
    """Smart and random bots driven as in simulation: invariants after every step, and every
    Snickerdoodle is called by the milk holder."""
    game = TossYourCookies(make(players, free_scramble=seed % 2 == 1).config)
    specs = ["smart", "random"] * 4
    agents = [make_bot(specs[i], game, i) for i in range(players)]
    match = Match(game, seed=seed)
    rngs = agent_rngs(match.seed, players)
    wins = 0
    while not match.finished:
        _seat, events = step(match, agents, rngs)
        invariant(game, match.state)
        for event in events:
            if event.kind == "snickerdoodle":
                wins += 1
                assert MILK in event.data["hand"]
    assert wins == 1
