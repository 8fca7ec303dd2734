"""Each game's ``encode`` part: a fixed float32 vector of what one seat may see, nothing more."""

from __future__ import annotations

import random

import numpy as np
import pytest

from gamenight.adapters.encoding import NoEncoder, encodable_games, encoder_for
from gamenight.engine.codec import float32_bytes
from gamenight.engine.core import CHANCE, Kind
from gamenight.engine.registry import make_game
from tests.adapters.helpers import CASES, GAMES, built, decision_states


def test_every_builtin_game_has_an_encoder() -> None:
    """The four games name an ``encode`` part; the test plug-in game (no encoder) does not."""
    found = encodable_games()
    assert set(GAMES) <= set(found)
    assert "grab-bag" not in found


def test_a_game_without_an_encoder_is_refused_by_name() -> None:
    """Asking to encode a game with no ``encode`` part names the game and what to add."""
    with pytest.raises(NoEncoder, match="'grab-bag' has no encode part"):
        encoder_for(make_game("grab-bag", players=2))


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_vectors_have_the_declared_size_and_range(game_id: str, players: int) -> None:
    """At every decision of random games, every seat's vector is float32, of the declared
    size, finite and in [0, 1]."""
    game = built(game_id, players)
    encoder = encoder_for(game)
    seen = 0
    for seed in range(3):
        for state, _ in decision_states(game, seed):
            for seat in range(players):
                vector = encoder(game.observe(state, seat), seat)
                assert vector.dtype == np.float32
                assert vector.shape == (encoder.size,)
                assert np.isfinite(vector).all()
                assert vector.min() >= 0.0 and vector.max() <= 1.0
                assert vector.any()
                seen += 1
    assert seen > 50


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_encoding_is_blind_to_what_the_seat_cannot_see(game_id: str, players: int) -> None:
    """The encoding of seat s is identical on ``game.shuffle_hidden(state, s, rng)``: a state
    that differs only in what s cannot see (other hands, deck order, others' commitments)."""
    game = built(game_id, players)
    encoder = encoder_for(game)
    rng = random.Random(5)
    changed = 0
    for state, seat in decision_states(game, seed=11):
        shuffled = game.shuffle_hidden(state, seat, rng)
        mine = encoder(game.observe(state, seat), seat)
        assert np.array_equal(mine, encoder(game.observe(shuffled, seat), seat))
        other = (seat + 1) % players
        changed += not np.array_equal(
            encoder(game.observe(state, other), other),
            encoder(game.observe(shuffled, other), other),
        )
    if game.hidden_information:
        assert changed, "a reshuffle of what seat s cannot see changed no other seat's vector"


@pytest.mark.parametrize("game_id", ["paper-toss", "toss-your-cookies", "cover-your-cookies"])
def test_own_hand_is_in_the_vector(game_id: str) -> None:
    """What a seat may see is encoded: when its own hand differs (a reshuffle made for another
    seat deals it new cards), its vector differs too."""
    game = built(game_id, GAMES[game_id][0])
    encoder = encoder_for(game)
    rng = random.Random(3)
    compared = 0
    for state, seat in decision_states(game, seed=2):
        viewer = (seat + 1) % game.players
        shuffled = game.shuffle_hidden(state, viewer, rng)
        before, after = game.observe(state, seat), game.observe(shuffled, seat)
        if sorted(before["hand"] or []) != sorted(after["hand"] or []):
            assert not np.array_equal(encoder(before, seat), encoder(after, seat))
            compared += 1
    assert compared > 5


def test_seat_blocks_start_with_the_viewer() -> None:
    """Toss Up!: block 0 holds the viewer's own score, block 1 the next seat's."""
    game = built("toss-up", 3)
    encoder = encoder_for(game)
    view = next(
        v
        for v in (game.observe(s, 1) for s, _ in decision_states(game, 1))
        if len(set(v["scores"])) == 3
    )
    vector = encoder(view, 1)
    assert vector[0] == pytest.approx(view["scores"][1] / 200)
    assert vector[6] == pytest.approx(view["scores"][2] / 200)
    assert vector[12] == pytest.approx(view["scores"][0] / 200)


@pytest.mark.parametrize(
    ("game_id", "players", "fields"),
    [
        ("toss-up", 3, ("trigger",)),
        ("paper-toss", 3, ("chooser", "winner")),
        ("cover-your-cookies", 3, ("forbidden_batch",)),
        ("toss-your-cookies", 3, ("tosser", "limbo_owner", "target", "drawer", "milk_seen")),
    ],
)
def test_absent_seat_fields_read_alike_as_none_or_minus_one(
    game_id: str, players: int, fields: tuple[str, ...]
) -> None:
    """A seat field that is absent reads the same whether the view says ``None`` or ``-1``
    (older views used -1, newer ones None)."""
    game = built(game_id, players)
    encoder = encoder_for(game)
    for state, seat in decision_states(game, seed=4, limit=60):
        view = game.observe(state, seat)
        as_none = {**view, **{f: None for f in fields if view.get(f) in (None, -1)}}
        as_minus = {**view, **{f: -1 for f in fields if view.get(f) in (None, -1)}}
        assert np.array_equal(encoder(as_none, seat), encoder(as_minus, seat))


@pytest.mark.parametrize(("game_id", "players"), [(g, c[0]) for g, c in GAMES.items()])
def test_chance_bound_covers_every_chance_step(game_id: str, players: int) -> None:
    """``max_chance_outcomes`` bounds the outcomes of every chance step met in random play."""
    game = built(game_id, players)
    bound = encoder_for(game).chance_bound
    assert bound is not None
    rng = random.Random(0)
    most = 0
    for _ in range(5):
        state = game.initial_state()
        while (pending := game.pending(state)).kind is not Kind.TERMINAL:
            if pending.kind is Kind.CHANCE:
                most = max(most, len(game.chance_outcomes(state)))
                state, _ = game.apply(state, CHANCE, game.sample_chance(state, rng))
            else:
                seat = rng.choice(pending.players)
                state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    assert 1 < most <= bound


def test_vectors_packed_through_struct_equal_numpy_arrays() -> None:
    """The encoders pack their values with ``float32_bytes``: the same float32 values, bit for
    bit, as ``numpy.array(values, float32)`` (rounding included), in a writable array of its
    own."""
    rng = random.Random(4)
    values = [0.0, 1.0, 1 / 3, 2 / 7, 1e-40, 0.1 + 0.2] + [rng.random() for _ in range(200)]
    packed = np.frombuffer(float32_bytes(values), np.float32)
    expected = np.array(values, np.float32)
    assert packed.tobytes() == expected.tobytes()
    assert packed.flags.writeable
    packed[0] = 0.5
    again = np.frombuffer(float32_bytes(values), np.float32)
    assert again[0] == 0.0
