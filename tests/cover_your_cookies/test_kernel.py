"""The fast kernel draws the same distribution of results as the reference engine.

DESIGN.md: "Bulk simulation may add a fast path ... as long as a test shows it draws the same
distribution as the reference engine." Each case plays the reference engine (seeded) and the
kernel (seeded) with the same rule options and bots, and compares win rates by seat, shared
wins, game length and the game's own figures within their statistical tolerance. The cases
together turn on every option that changes the rules: the 3-player rules (and their absence),
Extra Strength, two actions, both together, no mixers, each longer match, the first player.
"""

from __future__ import annotations

import json
import subprocess
import sys
from math import sqrt
from typing import Any

import pytest
from typer.testing import CliRunner

from gamenight.cli import app
from gamenight.engine.registry import make_game
from gamenight.games.cover_your_cookies.kernel import compiled_available, simulate_fast
from gamenight.sim.kernels import NoKernel, fast_simulate
from gamenight.sim.simulate import simulate

#: (players, bots, options): quick cases, run at every test run.
CASES = [
    (4, ["baker", "random", "random", "random"], []),
    (3, ["random", "first", "baker"], ["extra_strength=true"]),
    (
        5,
        ["baker", "baker", "random", "first", "random"],
        ["two_actions=true", "extra_strength=true"],
    ),
]
#: Larger cases behind the ``statistics`` marker (CI runs them: ``make test`` runs every test).
LARGE_CASES = [
    *CASES,
    (
        3,
        ["random", "random", "baker"],
        ["three_player_rules=false", "mixers=false", "match=rounds", "rounds=2"],
    ),
    (
        6,
        ["baker", "random", "first", "random", "random", "baker"],
        ["match=target", "target=400", "first_player=2"],
    ),
    (4, ["first", "random", "baker", "random"], ["match=wins", "two_actions=true"]),
    (3, ["baker", "baker", "first"], ["match=wins", "wins_needed=3", "first_player=1"]),
]

SEAT_FIGURES = ("dough_per_round", "swipe_attempts_per_game", "swipes_per_game")
FIGURES = (
    "swipe_attempts_per_game",
    "swipes_per_game",
    "mean_duel_length",
    "mean_cards_per_duel",
    "mean_score_spread",
    "mixers_per_game",
)


def close_rates(a: float, n: int, b: float, m: int) -> bool:
    """Two proportions agree within 4.5 standard errors (a false alarm about once in 150,000)."""
    p = (a * n + b * m) / (n + m)
    se = sqrt(max(p * (1 - p), 1e-4) * (1 / n + 1 / m))
    return abs(a - b) < 4.5 * se


def compare(players: int, bots: list[str], options: list[str], n: int, m: int) -> None:
    """Play ``n`` engine games and ``m`` kernel games; every figure agrees. The tolerances of
    the means are relative, a little over four standard errors of ``n`` engine games."""
    game = make_game("cover-your-cookies", options, players=players)
    ref = simulate(game, bots, n, seed=21, workers=2).to_json()
    fast: dict[str, Any] = fast_simulate(game, bots, m, seed=22).to_json()
    assert fast["kernel"] == "numpy"
    loose = 2.0 / sqrt(n)  # 0.115 at 300 games, 0.063 at 1,000
    for r, f in zip(ref["seats"], fast["seats"], strict=True):
        assert close_rates(r["win_rate"], n, f["win_rate"], m), (r, f)
        assert close_rates(r["shared_wins"] / n, n, f["shared_wins"] / m, m), (r, f)
        for key in SEAT_FIGURES:
            assert f[key] == pytest.approx(r[key], rel=loose, abs=0.05), (key, r, f)
    assert fast["mean_turns"] == pytest.approx(ref["mean_turns"], rel=loose / 2)
    for key in FIGURES:
        assert fast[key] == pytest.approx(ref[key], rel=loose / 2, abs=0.05), key
    assert fast["swipe_success_rate"] == pytest.approx(ref["swipe_success_rate"], abs=0.04)


@pytest.mark.parametrize(("players", "bots", "options"), CASES)
def test_kernel_matches_the_reference_engine(
    players: int, bots: list[str], options: list[str]
) -> None:
    compare(players, bots, options, 300, 5_000)


@pytest.mark.statistics
@pytest.mark.parametrize(("players", "bots", "options"), LARGE_CASES)
def test_kernel_matches_the_reference_engine_at_scale(
    players: int, bots: list[str], options: list[str]
) -> None:
    compare(players, bots, options, 1_500, 30_000)


@pytest.mark.parametrize(("players", "bots", "options"), LARGE_CASES)
def test_the_compiled_loop_plays_the_very_same_games(
    players: int, bots: list[str], options: list[str]
) -> None:
    """Compiled by numba or run by Python, the loop deals, decides and draws the same: the
    same report to the last figure (so ``--fast`` gives the same answer with or without numba)."""
    game = make_game("cover-your-cookies", options, players=players)
    python = simulate_fast(game, bots, 25, seed=4, compiled=False).to_json()
    compiled = simulate_fast(game, bots, 25, seed=4, compiled=True).to_json()
    assert compiled == python


def test_the_compiled_loop_plays_when_numba_is_installed() -> None:
    """The development install has numba (the ``fast`` extra), so ``--fast`` runs compiled."""
    assert compiled_available()


def test_a_seeded_run_is_repeatable_and_the_seed_matters() -> None:
    game = make_game("cover-your-cookies", players=4)
    bots = ["random", "baker", "first", "random"]
    first = simulate_fast(game, bots, 300, seed=3).to_json()
    assert simulate_fast(game, bots, 300, seed=3).to_json() == first
    assert simulate_fast(game, bots, 300, seed=4).to_json() != first


def test_the_kernel_refuses_the_search_bot_in_one_line() -> None:
    game = make_game("cover-your-cookies", players=3)
    with pytest.raises(NoKernel, match=r"^ismcts searches sampled worlds .* cannot be batched"):
        fast_simulate(game, ["baker", "ismcts:50", "random"], 10, seed=0)
    with pytest.raises(NoKernel, match=r"plays random, first and baker \(default\), not 'wiz'"):
        fast_simulate(game, ["baker", "wiz", "random"], 10, seed=0)


def test_simulate_fast_from_the_command_line() -> None:
    runner = CliRunner()
    args = ["simulate", "cover-your-cookies", "--bots", "default,random,random", "--games", "200"]
    result = runner.invoke(app, [*args, "--fast", "--json"])
    assert result.exit_code == 0, result.output
    assert '"kernel": "numpy"' in result.output
    assert '"games": 200' in result.output
    refused = runner.invoke(
        app,
        ["simulate", "cover-your-cookies", "--bots", "ismcts:20,random,random", "--fast"],
    )
    assert refused.exit_code == 2
    assert "cannot be batched" in refused.output
    assert len(refused.output.strip().splitlines()) == 1


def test_without_numba_installed_the_same_report() -> None:
    """In a process where numba cannot be imported, ``--fast`` plays the Python loop and gives
    the report the compiled loop gives."""
    script = (
        "import sys, json; sys.modules['numba'] = None\n"
        "from gamenight.engine.registry import make_game\n"
        "from gamenight.games.cover_your_cookies.kernel import compiled_available, simulate_fast\n"
        "assert not compiled_available()\n"
        "game = make_game('cover-your-cookies', ['extra_strength=true'], players=5)\n"
        "bots = ['baker', 'random', 'first', 'random', 'baker']\n"
        "print(json.dumps(simulate_fast(game, bots, 20, seed=9).to_json()))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=300
    )
    game = make_game("cover-your-cookies", ["extra_strength=true"], players=5)
    bots = ["baker", "random", "first", "random", "baker"]
    assert json.loads(done.stdout) == simulate_fast(game, bots, 20, seed=9, compiled=True).to_json()
