"""Chance: secret 128-bit seeds, a generator no player can rebuild, exact replay from the seed."""

from __future__ import annotations

import copy
import json
import math
import pickle
import random
from collections import Counter

import pytest

from gamenight.bots.base import RandomBot
from gamenight.engine import ConfigError, MalformedAction, Match, replay
from gamenight.engine.chance import MAX_SEED, SEED_BITS, ChanceRng, new_seed
from gamenight.sim.driver import run
from tests.engine.grab_bag import GrabBag, GrabBagConfig


def chi_square(counts: Counter[int], cells: int, total: int) -> float:
    expected = total / cells
    return sum((counts[c] - expected) ** 2 / expected for c in range(cells))


def test_default_seeds_carry_128_bits_and_never_repeat() -> None:
    """DESIGN: "a seed of at least 128 bits": every bit of the default seed varies.

    The one test that reads unseeded randomness, as the entropy of ``secrets`` is what it
    measures: over 4,000 matches no seed repeats, none is past 128 bits, and each of the 128 bits
    is set in half the seeds within 6 standard deviations (a seed drawn from a smaller space, like
    the old ``randrange(10**9)``, has its high bits always clear and fails at once).
    """
    game = GrabBag()
    seeds = [Match(game).seed for _ in range(4000)]
    assert len(set(seeds)) == len(seeds)
    assert all(0 <= seed < 2**SEED_BITS for seed in seeds)
    sigma = math.sqrt(0.25 / len(seeds))
    for bit in range(SEED_BITS):
        share = sum(seed >> bit & 1 for seed in seeds) / len(seeds)
        assert abs(share - 0.5) < 6 * sigma, f"bit {bit} is set in {share:.1%} of seeds"
    assert max(seed.bit_length() for seed in seeds) == SEED_BITS
    assert new_seed() != new_seed()


def test_the_same_seed_draws_the_same_and_another_seed_draws_otherwise() -> None:
    """Replay stays exact: every kind of draw is a function of the seed alone."""

    def draws(seed: int) -> list[object]:
        rng = ChanceRng(seed)
        cards = list(range(52))
        rng.shuffle(cards)
        return [
            [rng.random() for _ in range(300)],
            [rng.randrange(6) for _ in range(300)],
            cards,
            rng.sample(range(1000), 10),
            rng.choices("abc", weights=[1, 2, 3], k=20),
            rng.getrandbits(300),
            rng.randrange(10**30),
        ]

    assert draws(2**127 + 5) == draws(2**127 + 5)
    assert draws(1) != draws(2)
    first = draws(1)
    assert all(a != b for a, b in zip(first, draws(2), strict=True))


def test_numbers_are_uniform_multiples_of_2_to_the_minus_52() -> None:
    """random() is in [0, 1) with 52 random bits; ten equal bins fill evenly (chi-square)."""
    rng = ChanceRng(2024)
    values = [rng.random() for _ in range(100_000)]
    assert all(0.0 <= v < 1.0 and (v * 2**52).is_integer() for v in values)
    bins = Counter(int(v * 10) for v in values)
    assert chi_square(bins, 10, len(values)) < 27.9  # chi-square, 9 dof, p = 0.001
    mean = sum(values) / len(values)
    assert abs(mean - 0.5) < 5 * math.sqrt(1 / 12 / len(values))
    # Every one of the 52 bits varies (a generator that fills only some of them is caught).
    for bit in range(52):
        share = sum(int(v * 2**52) >> bit & 1 for v in values[:20_000]) / 20_000
        assert abs(share - 0.5) < 0.02, f"bit {bit} is set in {share:.1%} of draws"


def test_whole_numbers_are_unbiased_at_every_size() -> None:
    """randrange and getrandbits give every value equally often (chi-square, seeded)."""
    rng = ChanceRng(77)
    dice = Counter(rng.randrange(6) for _ in range(60_000))
    assert chi_square(dice, 6, 60_000) < 20.5  # 5 dof, p = 0.001
    bytes_ = Counter(rng.getrandbits(8) for _ in range(51_200))
    assert chi_square(bytes_, 256, 51_200) < 330.5  # 255 dof, p = 0.001
    big = 3 * 2**60  # past 2**52, drawn from getrandbits
    thirds = Counter(rng.randrange(big) * 3 // big for _ in range(30_000))
    assert chi_square(thirds, 3, 30_000) < 13.8  # 2 dof, p = 0.001
    assert all(rng.getrandbits(k) < 2**k for k in range(0, 200, 7))
    assert rng.getrandbits(0) == 0
    with pytest.raises(ValueError, match="non-negative"):
        rng.getrandbits(-1)


def test_a_copied_or_pickled_generator_goes_on_with_the_same_draws() -> None:
    """getstate/setstate keep the place in both streams, across block boundaries."""
    rng = ChanceRng(9)
    for _ in range(1000):
        rng.random()
        rng.getrandbits(77)
    twins = [copy.deepcopy(rng), pickle.loads(pickle.dumps(rng))]
    expected = [rng.random() for _ in range(600)] + [rng.getrandbits(130) for _ in range(600)]
    for twin in twins:
        got = [twin.random() for _ in range(600)] + [twin.getrandbits(130) for _ in range(600)]
        assert got == expected
    for used in (0, 1, 31, 32, 33, 95, 96, 223, 224, 225, 479, 480, 737):
        rng = ChanceRng(used)
        for _ in range(used):
            rng.random()
        twin = copy.copy(rng)
        assert [twin.random() for _ in range(300)] == [rng.random() for _ in range(300)]
    with pytest.raises(ValueError, match="not a gamenight-chance/1 state"):
        rng.setstate(random.Random(1).getstate())


def _untemper(y: int) -> int:
    """Invert the Mersenne Twister's output tempering of one 32-bit word."""
    y ^= y >> 18
    y ^= (y << 15) & 0xEFC60000
    result = y
    for _ in range(5):
        result = y ^ ((result << 7) & 0x9D2C5680)
    y = result
    result = y
    for _ in range(3):
        result = y ^ (result >> 11)
    return result & 0xFFFFFFFF


def _predict_next(outputs: list[int]) -> int:
    """Rebuild a Mersenne Twister from 624 consecutive 32-bit outputs and predict the next."""
    clone = random.Random()
    clone.setstate((3, (*[_untemper(y) for y in outputs[-624:]], 624), None))
    return clone.getrandbits(32)


def test_past_draws_do_not_give_away_future_ones() -> None:
    """The attack the old generator fell to (rebuild it from what a seat sees) now fails.

    Seen 624 draws of 32 bits, a Mersenne Twister is rebuilt and its next draw foretold; the
    same method against the chance generator foretells nothing, at any point of its stream.
    """
    twister = random.Random(12345)
    seen = [twister.getrandbits(32) for _ in range(624)]
    assert _predict_next(seen) == twister.getrandbits(32)
    rng = ChanceRng(12345)
    hits = 0
    for _ in range(20):
        seen = [rng.getrandbits(32) for _ in range(624)]
        hits += _predict_next(seen) == rng.getrandbits(32)
    assert hits == 0


def test_seeds_out_of_range_are_refused_with_a_short_message() -> None:
    """A seed is a whole number from 0 to 2**256 - 1, by hand or in a record."""
    game = GrabBag()
    Match(game, seed=MAX_SEED)
    for seed in (-1, MAX_SEED + 1, True, "7", 1.5):
        with pytest.raises(ConfigError, match="a seed is a whole number from 0 to 2"):
            Match(game, seed=seed)  # type: ignore[arg-type]
    played = run(Match(game, seed=3), [RandomBot(game, i, "random") for i in range(3)])
    record = played.record()
    for seed in (10**5000, -5, "12", None, 2**256):
        with pytest.raises(MalformedAction, match="seed is a whole number") as caught:
            replay({**record, "seed": seed}, GrabBag)
        assert len(str(caught.value)) < 120


def test_a_record_keeps_its_big_seed_through_json_and_replays() -> None:
    """Records keep the seed as a JSON integer, however many bits it has."""
    game = GrabBag(GrabBagConfig(players=4, rounds=3))
    for seed in (None, MAX_SEED - 12345):
        match = run(Match(game, seed=seed), [RandomBot(game, i, "random") for i in range(4)])
        record = json.loads(json.dumps(match.record()))
        assert record["seed"] == match.seed
        assert replay(record, GrabBag).state == match.state
