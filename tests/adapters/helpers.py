"""Shared pieces of the adapter tests: the games with encoders and seeded random playouts."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from gamenight.engine.core import CHANCE, Kind
from gamenight.engine.game import Game
from gamenight.engine.registry import make_game

#: Every built-in game with player counts to test at: the smallest, a middle and the largest.
GAMES = {
    "toss-up": (2, 3, 6),
    "paper-toss": (2, 4, 6),
    "toss-your-cookies": (3, 5, 8),
    "cover-your-cookies": (3, 4, 6),
}
CASES = [(game_id, players) for game_id, counts in GAMES.items() for players in counts]
#: One smaller case per game, for the slower library checks.
SMALL = [(game_id, counts[0]) for game_id, counts in GAMES.items()]


def decision_states(game: Game[Any, Any], seed: int, limit: int = 400) -> Iterator[tuple[Any, int]]:
    """States of a seeded random playout where a seat decides, with that seat (up to ``limit``)."""
    rng = random.Random(seed)
    state = game.initial_state()
    for _ in range(limit):
        pending = game.pending(state)
        if pending.kind is Kind.TERMINAL:
            return
        if pending.kind is Kind.CHANCE:
            state, _ = game.apply(state, CHANCE, game.sample_chance(state, rng))
            continue
        seat = rng.choice(pending.players)
        yield state, seat
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))


def built(game_id: str, players: int) -> Game[Any, Any]:
    """The game with default options for ``players``."""
    return make_game(game_id, players=players)
