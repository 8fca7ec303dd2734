"""The numpy fast path draws the same distribution of results as the reference engine.

DESIGN.md: "Bulk simulation may add a fast path ... as long as a test shows it draws the same
distribution as the reference engine." Each case plays the reference engine (seeded) and the
kernel (seeded) and compares every figure of the report within its statistical tolerance.
"""

from __future__ import annotations

from math import sqrt

import pytest

from gamenight.engine.registry import make_game
from gamenight.games.toss_up.kernel import compiled_available, simulate_fast
from gamenight.sim.kernels import NoKernel, fast_simulate
from gamenight.sim.simulate import simulate

CASES = [
    (2, ["hold:20", "smart"], []),
    (3, ["random", "smart", "hold:25"], ["target=40", "strict=false", "first_player=1"]),
    (3, ["random", "random", "random"], ["target=12"]),
    (4, ["hold:10", "random", "hold:10", "smart"], ["target=15", "shared_victory=true"]),
]


def close_rates(a: float, n: int, b: float, m: int) -> bool:
    """Two proportions agree within 4.5 standard errors (a false alarm about once in 150,000)."""
    p = (a * n + b * m) / (n + m)
    se = sqrt(max(p * (1 - p), 1e-4) * (1 / n + 1 / m))
    return abs(a - b) < 4.5 * se


@pytest.mark.parametrize(("players", "bots", "options"), CASES)
def test_kernel_matches_the_reference_engine(
    players: int, bots: list[str], options: list[str]
) -> None:
    game = make_game("toss-up", options, players=players)
    n, m = 2500, 40_000
    ref = simulate(game, bots, n, seed=21, workers=2).to_json()
    fast = fast_simulate(game, bots, m, seed=22).to_json()
    assert fast["kernel"] == "numpy"
    for r, f in zip(ref["seats"], fast["seats"], strict=True):
        assert close_rates(r["win_rate"], n, f["win_rate"], m), (r, f)
        assert close_rates(r["shared_wins"] / n, n, f["shared_wins"] / m, m), (r, f)
        assert f["points_per_turn"] == pytest.approx(r["points_per_turn"], rel=0.04)
        assert f["bust_rate"] == pytest.approx(r["bust_rate"], abs=0.025)
    assert fast["mean_turns"] == pytest.approx(ref["mean_turns"], rel=0.04)
    assert fast["rolls_per_turn"] == pytest.approx(ref["rolls_per_turn"], rel=0.04)


def test_ties_and_sudden_death_happen_in_the_tested_cases() -> None:
    """The short races above really exercise shared wins (and so the tie rules)."""
    game = make_game("toss-up", ["target=15", "shared_victory=true"], players=4)
    report = fast_simulate(game, ["hold:10", "random", "hold:10", "smart"], 20_000, seed=1)
    assert sum(report.shared) > 100
    assert sum(report.wins) == pytest.approx(20_000)


def test_the_kernel_refuses_what_it_does_not_play() -> None:
    game = make_game("toss-up", players=2)
    expected = r"plays random, hold:T \(T from 1 to 200\) and smart, not 'wizard'"
    with pytest.raises(NoKernel, match=expected):
        fast_simulate(game, ["smart", "wizard"], 10, seed=0)


#: Rule options and bots that take every path of the compiled loop: sudden death among several,
#: shared wins, "at least" targets, 30 dice (the largest binomials), a face list with no yellow
#: (a colour with no chance), a die of greens only (no red light ever), six seats.
EXACT_CASES = [
    (2, ["random", "random"], []),
    (3, ["random", "smart", "hold:25"], ["target=40", "strict=false", "first_player=1"]),
    (4, ["hold:10", "random", "hold:10", "smart"], ["target=15", "shared_victory=true"]),
    (3, ["hold:8", "hold:8", "hold:8"], ["target=12"]),
    (5, ["random", "hold:30", "smart", "random", "hold:5"], ["dice=30", "faces=green,red,red"]),
    (3, ["random", "random", "hold:7"], ["faces=green"]),
    (6, ["random"] * 6, ["dice=3", "first_player=2"]),
]


@pytest.mark.parametrize(("players", "bots", "options"), EXACT_CASES)
def test_the_compiled_loop_plays_the_very_same_games(
    players: int, bots: list[str], options: list[str]
) -> None:
    """The numba loop draws what the array loop draws, in the same order: the same report to
    the last figure (so ``--fast`` gives the same answer with or without numba)."""
    game = make_game("toss-up", options, players=players)
    arrays = simulate_fast(game, bots, 3_000, seed=4, compiled=False).to_json()
    compiled = simulate_fast(game, bots, 3_000, seed=4, compiled=True).to_json()
    assert compiled == arrays


def test_the_compiled_loop_plays_when_numba_is_installed() -> None:
    """The development install has numba (the ``fast`` extra), so ``--fast`` runs compiled."""
    assert compiled_available()
