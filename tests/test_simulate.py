"""Simulation: seeded, repeatable, identical in one process or several; shared wins split."""

from __future__ import annotations

import pytest

from gamenight.engine.registry import make_game
from gamenight.sim.simulate import simulate
from gamenight.sim.stats import wilson_interval


def test_two_workers_give_the_same_report_as_one() -> None:
    game = make_game("toss-up", players=3)
    bots = ["smart", "hold:20", "random"]
    one = simulate(game, bots, 600, seed=5, workers=1).to_json()
    two = simulate(game, bots, 600, seed=5, workers=2).to_json()
    assert one == two
    assert sum(s["wins"] for s in one["seats"]) == 600


@pytest.mark.parametrize(
    ("game_id", "bots"),
    [
        ("toss-your-cookies", ["default", "random", "random"]),
        ("paper-toss", ["default", "random"]),
        ("cover-your-cookies", ["default", "random", "random"]),
    ],
)
def test_every_game_gives_the_same_report_in_two_workers(game_id: str, bots: list[str]) -> None:
    """Every game's figures merge exactly, so --workers never changes a report."""
    game = make_game(game_id, players=len(bots))
    one = simulate(game, bots, 300, seed=4, workers=1).to_json()
    two = simulate(game, bots, 300, seed=4, workers=2).to_json()
    assert one == two


def test_a_shared_win_counts_a_fraction_for_each_winner() -> None:
    game = make_game("toss-up", ["shared_victory=true", "target=5"], players=2)
    report = simulate(game, ["random", "random"], 400, seed=2)
    assert sum(report.shared) > 0, "short races to 5 tie now and then"
    assert sum(report.wins) == 400


def test_progress_is_reported_up_to_the_last_game() -> None:
    seen: list[int] = []
    simulate(make_game("toss-up"), ["random", "random"], 30, seed=1, progress=seen.append)
    assert seen[-1] == 30
    assert seen == sorted(seen)


def test_wilson_interval_contains_the_rate_and_narrows_with_more_games() -> None:
    low, high = wilson_interval(30, 100)
    assert low < 0.3 < high
    low2, high2 = wilson_interval(300, 1000)
    assert high2 - low2 < high - low
    assert wilson_interval(0, 10)[0] == 0.0


@pytest.mark.parametrize(
    "game_id", ["toss-up", "toss-your-cookies", "paper-toss", "cover-your-cookies"]
)
def test_the_per_seat_figures_are_explained_under_their_table(game_id: str) -> None:
    """Each column of the per-seat table is said in words under it (Toss Your Cookies' "wins
    off turn" and "milk scrambled" among them), from the game's metrics."""
    from typer.testing import CliRunner

    from gamenight.cli import app
    from gamenight.sim.metrics import explained

    game = make_game(game_id, [])
    bots = ",".join(["random"] * game.players)
    result = CliRunner().invoke(
        app, ["simulate", game_id, "--bots", bots, "--games", "2"], env={"COLUMNS": "200"}
    )
    assert result.exit_code == 0, result.output
    meanings = explained(game_id)
    report = simulate(game, ["random"] * game.players, games=1)
    assert set(meanings) == set(report.per_seat[0]) != set()
    below = " ".join(result.output.split("per seat", 1)[1].split())  # as wrapped at any width
    for key, meaning in meanings.items():
        assert f"{key.replace('_', ' ')}: {meaning}" in below
    if game_id == "toss-your-cookies":
        assert "wins off turn: rounds the seat won" in below
        assert "milk scrambled: times the seat grabbed the milk" in below
