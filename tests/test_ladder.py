"""The ladder: seatings, standings with Wilson intervals, head to head, Elo, determinism."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from gamenight.bots import UnknownBot
from gamenight.engine.registry import make_game
from gamenight.sim.ladder import (
    LadderError,
    LadderReport,
    fit_elo,
    ladder,
    ladder_table,
    pairs_table,
    plan_ladder,
    seating_count,
    seatings,
)

TOSS_UP = make_game("toss-up", [], players=2)
BOTS = ["hold:20", "random", "hold:30"]


@pytest.fixture(scope="module")
def report() -> LadderReport:
    return ladder(TOSS_UP, BOTS, games=150, seed=3)


def test_seatings_cover_every_seat_order_evenly() -> None:
    two = seatings(["a", "b", "c"], 2)
    assert sorted(two) == sorted(
        [("a", "b"), ("b", "a"), ("a", "c"), ("c", "a"), ("b", "c"), ("c", "b")]
    )
    four = seatings(["a", "b"], 4)
    assert len(four) == 6 and all(s.count("a") == 2 for s in four)
    three_of_four = seatings(["a", "b", "c"], 4)
    assert len(three_of_four) == 36
    assert all(sorted(s.count(b) for b in "abc") == [1, 1, 2] for s in three_of_four)
    assert len(seatings(list("abcde"), 2)) == 20


@pytest.mark.parametrize(("bots", "players"), [(b, p) for b in range(2, 7) for p in range(2, 7)])
def test_the_seatings_are_counted_without_listing_them(bots: int, players: int) -> None:
    assert seating_count(bots, players) == len(seatings([str(i) for i in range(bots)], players))


def test_too_many_seatings_are_refused_naming_the_limit_and_what_to_do() -> None:
    """Five bots at eight seats make 50,400 seatings: the refusal gives that count, the limit
    and the ways out, before any bot is built (``nobot`` would be refused later)."""
    game = make_game("toss-your-cookies", [], players=8)
    with pytest.raises(LadderError) as refused:
        plan_ladder(game, ["random", "smart", "ismcts:5", "ismcts:6", "nobot"], 1)
    message = str(refused.value)
    assert message.startswith(
        "5 bots at 8 seats make 50,400 seatings; a ladder plays at most 5,000"
    )
    assert "fewer bots" in message and "fewer seats (--players)" in message
    assert "simulate --rotate-seats" in message
    assert len(plan_ladder(game, ["random", "smart"], 1)) == seating_count(2, 8) == 70


def test_ladder_orders_hold_bots_above_random(report: LadderReport) -> None:
    """Both hold bots beat random head to head, with intervals clear of one half; random is
    last and anchored at 1000."""
    assert report.standings[-1].bot == "random"
    assert report.standings[-1].elo == pytest.approx(1000.0)
    for bot in ("hold:20", "hold:30"):
        low, _high = report.pair(bot, "random").interval()
        assert low > 0.5
        assert report.pair(bot, "random").rate + report.pair("random", bot).rate == 1.0


def test_every_bot_plays_every_seat_order(report: LadderReport) -> None:
    assert len(report.seatings) == 6
    for line in report.standings:
        assert line.seats == 4 * 150  # two opponents, two seat orders each
    assert sum(line.wins for line in report.standings) == 6 * 150
    assert report.pair("hold:20", "hold:30").results == 2 * 150


def test_elo_is_the_maximum_likelihood_fit_of_the_results(report: LadderReport) -> None:
    """At the maximum of the Bradley–Terry likelihood each bot's expected score equals its
    observed one (with the virtual draw per pair): the ratings agree with the win rates."""
    elo = {line.bot: line.elo for line in report.standings}
    for bot in BOTS:
        observed = expected = 0.0
        for other in BOTS:
            if other == bot:
                continue
            line = report.pair(bot, other)
            observed += line.score + 0.5
            expected += (line.results + 1) / (1 + 10 ** ((elo[other] - elo[bot]) / 400))
        assert expected == pytest.approx(observed, abs=1e-6)


def test_two_bot_elo_gap_is_the_log_odds_of_the_score() -> None:
    two = ladder(TOSS_UP, ["hold:25", "random"], games=100, seed=1)
    line = two.pair("hold:25", "random")
    gap = two.standings[0].elo - two.standings[1].elo
    odds = (line.score + 0.5) / (line.results - line.score + 0.5)
    assert gap == pytest.approx(400 * math.log10(odds), abs=1e-6)


def test_fit_elo_recovers_known_ratings() -> None:
    truth = {"a": 200.0, "b": 0.0, "c": -200.0}
    bots = list(truth)
    score, results = {}, {}
    for x in bots:
        for y in bots:
            if x != y:
                n = 1_000_000.0
                score[x, y] = n / (1 + 10 ** ((truth[y] - truth[x]) / 400))
                results[x, y] = n
    fitted = fit_elo(bots, score, results, prior=0.0)
    for bot in bots:
        assert fitted[bot] == pytest.approx(truth[bot], abs=1e-6)


def test_a_seed_replays_the_ladder_and_another_seed_differs(report: LadderReport) -> None:
    again = ladder(TOSS_UP, BOTS, games=150, seed=3)
    assert again.to_json() == report.to_json()
    other = ladder(TOSS_UP, BOTS, games=150, seed=4)
    assert other.to_json()["seatings"] != report.to_json()["seatings"]


def test_json_form_carries_standings_pairs_and_seatings(report: LadderReport) -> None:
    data = json.loads(json.dumps(report.to_json()))
    assert data["game"] == "toss-up" and data["games_per_seating"] == 150
    assert data["elo_anchor"] == "random = 1000"
    assert [row["bot"] for row in data["standings"]] == [s.bot for s in report.standings]
    row = data["standings"][0]
    assert set(row) == {"bot", "elo", "seats", "wins", "win_rate", "ci95"}
    assert row["ci95"][0] < row["win_rate"] < row["ci95"][1]
    assert len(data["head_to_head"]) == 6 and len(data["seatings"]) == 6


def test_the_pages_api_example_runs_and_its_json_is_that_ladders(report: LadderReport) -> None:
    """docs/ladder.md: the API example runs as written, and the JSON shown above it quotes the
    report of that same ladder (the first line of each list, rounded to four places)."""
    page = (Path(__file__).resolve().parent.parent / "docs" / "ladder.md").read_text("utf-8")
    (example,) = re.findall(r"```python\n(.*?)```", page, re.S)
    namespace: dict[str, Any] = {}
    exec(compile(example, "docs/ladder.md API example", "exec"), namespace)
    data = namespace["report"].to_json()
    assert data == report.to_json()
    top, pair, seating = data["standings"][0], data["head_to_head"][0], data["seatings"][0]
    quoted = [
        f'"bot": "{top["bot"]}", "elo": {top["elo"]}, "seats": {top["seats"]}, '
        f'"wins": {top["wins"]}',
        f'"win_rate": {round(top["win_rate"], 4)}, "ci95": {[round(x, 4) for x in top["ci95"]]}',
        f'"bot": "{pair["bot"]}", "opponent": "{pair["opponent"]}", "score": {pair["score"]}, '
        f'"results": {pair["results"]}',
        f'"rate": {round(pair["rate"], 4)}, "ci95": {[round(x, 4) for x in pair["ci95"]]}',
        f'{{"bots": {json.dumps(seating["bots"])}, "seed": {seating["seed"]}, '
        f'"wins": {seating["wins"]}}}',
    ]
    for text in quoted:
        assert text in page


def test_tables_show_every_bot(report: LadderReport) -> None:
    console = Console(record=True, width=140)
    console.print(ladder_table(report))
    console.print(pairs_table(report))
    text = console.export_text()
    for bot in BOTS:
        assert bot in text
    assert "random = 1000" in text
    # the title says how many players, seatings and games in all
    seatings = len(report.seatings)
    assert f"2 players, {seatings * 150} games ({seatings} seatings x 150)" in text
    assert "two seats at one table" not in text  # no bot sits twice at 2 players, 3 bots
    top = report.standings[0]
    assert f"{top.elo:.0f}" in text


def test_multiplayer_ladder_without_random_averages_1500() -> None:
    """Three seats, two bots: each bot sits once or twice in every seating; a game with one
    winner gives that seat a point against every other bot at the table."""
    game = make_game("toss-up", [], players=3)
    three = ladder(game, ["hold:15", "hold:35"], games=40, seed=2)
    assert len(three.seatings) == 6
    assert sum(s.elo for s in three.standings) / 2 == pytest.approx(1500.0)
    assert three.anchor == "mean = 1500"
    assert sum(s.seats for s in three.standings) == 6 * 40 * 3
    console = Console(record=True, width=200)
    console.print(ladder_table(three))
    assert "two seats at one table win at most one game" in " ".join(console.export_text().split())


@pytest.mark.parametrize(
    ("bots", "games", "message"),
    [
        (["random"], 10, "at least 2 bots, got 1"),
        (["random", "random"], 10, "listed twice: random"),
        (["random", "hold:20"], 0, "at least 1, got 0"),
    ],
)
def test_ladder_refuses_a_bad_line_up(bots: list[str], games: int, message: str) -> None:
    with pytest.raises(LadderError, match=message):
        ladder(TOSS_UP, bots, games)


def test_ladder_refuses_an_unknown_bot() -> None:
    with pytest.raises(UnknownBot, match="unknown bot 'nobot'"):
        ladder(TOSS_UP, ["random", "nobot"], 10)


def test_the_command_refuses_a_bad_line_up_on_one_line() -> None:
    """`gamenight ladder` with one bot says why on a single `error:` line, nothing before it."""
    from typer.testing import CliRunner

    from gamenight.cli import app

    result = CliRunner().invoke(app, ["ladder", "toss-up", "--bots", "smart", "--games", "5"])
    assert result.exit_code == 2
    assert result.output.startswith("error: a ladder needs at least 2 bots, got 1")


def test_progress_counts_games_over_the_whole_ladder() -> None:
    """The progress hook (the command's progress bar) counts games, not seatings: 6 seatings of
    4 games are told 1, 2, ..., 24 of 24."""
    told: list[tuple[int, int]] = []
    ladder(TOSS_UP, BOTS, games=4, seed=1, progress=lambda done, total: told.append((done, total)))
    assert told == [(done, 24) for done in range(1, 25)]
