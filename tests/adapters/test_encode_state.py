"""Each game's ``encode_state`` and ``encode_seats``: observations read straight from the state,
exactly equal to encoding the seat's view, so they show what that seat may see and nothing
more."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from gamenight.adapters.encoding import encoder_for
from gamenight.adapters.turns import build_game
from gamenight.engine.core import CHANCE, Kind
from gamenight.engine.game import Game
from tests.adapters.helpers import GAMES

#: Every player count of every game, with options that change what is encoded.
VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("toss-up", {}),
    ("toss-up", {"target": 30, "strict": True, "shared_victory": True}),
    ("toss-up", {"target": 20, "dice": 4}),
    ("paper-toss", {}),
    ("paper-toss", {"target": 3, "turn_limit": 12, "hand_size": 4}),
    ("toss-your-cookies", {}),
    ("toss-your-cookies", {"rounds": 3, "free_scramble": True}),
    ("cover-your-cookies", {}),
    ("cover-your-cookies", {"extra_strength": True, "two_actions": True, "mixers": False}),
    ("cover-your-cookies", {"three_player_rules": False, "match": "rounds", "rounds": 2}),
]
PLAYERS = {"toss-up": (2, 6), "paper-toss": (2, 6), "toss-your-cookies": (3, 8)}
PLAYERS["cover-your-cookies"] = (3, 6)
CASES = [
    (game_id, players, options)
    for game_id, options in VARIANTS
    for players in range(PLAYERS[game_id][0], PLAYERS[game_id][1] + 1)
]


def every_state(game: Game[Any, Any], seed: int, limit: int = 300) -> Iterator[Any]:
    """Every state of a seeded random playout: chance nodes, decisions and the end."""
    rng = random.Random(seed)
    state = game.initial_state()
    for _ in range(limit):
        yield state
        pending = game.pending(state)
        if pending.kind is Kind.TERMINAL:
            return
        if pending.kind is Kind.CHANCE:
            state, _ = game.apply(state, CHANCE, game.sample_chance(state, rng))
            continue
        seat = rng.choice(pending.players)
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))


def test_every_builtin_encoder_reads_states() -> None:
    """The four games' encode parts give ``encode_state`` and ``encode_seats``."""
    for game_id, counts in GAMES.items():
        encoder = encoder_for(build_game(game_id, counts[0]))
        assert encoder.state_function is not None
        assert encoder.seats_function is not None
        assert encoder.binder is not None


@pytest.mark.parametrize(
    ("game_id", "players", "options"),
    CASES,
    ids=[f"{g}-{p}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'default'}" for g, p, o in CASES],
)
def test_encode_state_equals_encoding_the_view(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    """For every seat at every state of seeded random playouts (deals, decisions, the end),
    ``encode_state(state, seat)`` and ``encode_seats(state)[seat]`` are exactly
    ``encode(observe(state, seat), seat)``."""
    game = build_game(game_id, players, **options)
    encoder = encoder_for(game)
    from_state = encoder.state_encoder()
    compared = 0
    for seed in range(2):
        for state in every_state(game, seed):
            for seat in range(players):
                expected = encoder(game.observe(state, seat), seat)
                got = encoder.from_state(state, seat)
                assert got.dtype == np.float32 and got.shape == expected.shape
                assert np.array_equal(got, expected), (seed, seat, np.flatnonzero(got != expected))
                assert np.array_equal(from_state(state, seat), expected)
                compared += 1
            for seat, vector in enumerate(encoder.all_seats(state)):
                assert vector.dtype == np.float32 and vector.shape == (encoder.size,)
                assert np.array_equal(vector, encoder(game.observe(state, seat), seat))
    assert compared > 100


@pytest.mark.parametrize(("game_id", "players"), [(g, c[0]) for g, c in GAMES.items()])
def test_encode_state_is_blind_to_what_the_seat_cannot_see(game_id: str, players: int) -> None:
    """Read from the state, seat s's vector is the same on ``shuffle_hidden(state, s, rng)``."""
    game = build_game(game_id, players)
    encoder = encoder_for(game)
    rng = random.Random(8)
    for seed in range(2):
        for state in every_state(game, seed):
            for seat in range(players):
                shuffled = game.shuffle_hidden(state, seat, rng)
                assert np.array_equal(
                    encoder.from_state(state, seat), encoder.from_state(shuffled, seat)
                )


@pytest.mark.parametrize(
    ("game_id", "players", "options"),
    CASES,
    ids=[f"{g}-{p}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'default'}" for g, p, o in CASES],
)
def test_encode_state_in_any_order(game_id: str, players: int, options: dict[str, Any]) -> None:
    """The encoders keep parts made for the fields last met (by identity) and for values met
    before; met in a shuffled order, states of two interleaved playouts (every seat, one at a
    time and all at once, through the bound encoder and the part's own function in turn) still
    give exactly the vectors of their views."""
    game = build_game(game_id, players, **options)
    encoder = encoder_for(game)
    bound = encoder.state_encoder()
    states = [state for seed in (3, 4) for state in every_state(game, seed)]
    asks = [(state, seat) for state in states for seat in (*range(players), None)]
    random.Random(5).shuffle(asks)
    for turn, (state, seat) in enumerate(asks):
        if seat is None:
            for each, vector in enumerate(encoder.all_seats(state)):
                assert np.array_equal(vector, encoder(game.observe(state, each), each))
        else:
            expected = encoder(game.observe(state, seat), seat)
            encode = bound if turn % 2 else encoder.from_state
            assert np.array_equal(encode(state, seat), expected)


@pytest.mark.parametrize(("game_id", "players"), [(g, c[0]) for g, c in GAMES.items()])
def test_vectors_are_new_writable_arrays(game_id: str, players: int) -> None:
    """Each observation is an array of its own: writing into one changes no later one (parts
    are kept between calls, the vectors handed out are never shared)."""
    game = build_game(game_id, players)
    encoder = encoder_for(game)
    state = next(s for s in every_state(game, 0) if game.pending(s).kind is not Kind.CHANCE)
    first = encoder.from_state(state, 0)
    again = encoder.from_state(state, 0)
    seats = encoder.all_seats(state)
    assert first.flags.writeable and seats[0].flags.writeable
    first[:] = 7.0
    seats[0][:] = 7.0
    assert np.array_equal(encoder.from_state(state, 0), again)
    assert np.array_equal(encoder.all_seats(state)[0], again)
