"""Studying a game at scale: sweeps, rotating seats, per-game lines, reports, backends."""

from __future__ import annotations

import json
import re
import sys
import textwrap
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from gamenight.bots import make_bot
from gamenight.cli import app
from gamenight.engine.errors import ConfigError
from gamenight.engine.match import Match
from gamenight.engine.registry import make_game
from gamenight.sim.backends import _ray_chunks
from gamenight.sim.driver import run
from gamenight.sim.simulate import CHUNK, Job, simulate
from gamenight.sim.sweep import Variation, rows_to_csv, sweep

runner = CliRunner()


def test_a_sweep_plays_every_combination_with_the_same_seed() -> None:
    """Two varied options with two values each: four rows, in order, each a full simulation;
    a row equals a plain simulation of the same options and seed."""
    rows = sweep(
        "toss-up",
        ["hold:20", "hold:25"],
        [Variation.parse("target=50,100"), Variation.parse("shared_victory=false,true")],
        games=60,
        seed=3,
    )
    assert [r.options for r in rows] == [
        {"target": "50", "shared_victory": "false"},
        {"target": "50", "shared_victory": "true"},
        {"target": "100", "shared_victory": "false"},
        {"target": "100", "shared_victory": "true"},
    ]
    alone = simulate(make_game("toss-up", ["target=50"], 2), ["hold:20", "hold:25"], 60, seed=3)
    assert rows[0].report.to_json() == alone.to_json()
    assert rows[0].report.mean_turns < rows[2].report.mean_turns  # a lower target ends sooner


def test_a_sweep_as_csv_has_one_line_per_variant() -> None:
    """`--csv`: a header naming the options and per-seat win rates with intervals."""
    rows = sweep("toss-up", ["random", "random"], [Variation.parse("target=30,60")], 20, seed=1)
    lines = rows_to_csv(rows).splitlines()
    assert lines[0].startswith("target,games,mean_turns,seat0_win_rate,seat0_ci_low")
    assert [line.split(",")[0] for line in lines[1:]] == ["30", "60"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("target", "option=value1,value2"),
        ("target=", "option=value1,value2"),
        ("target=50,,60", "empty value"),
        ("target=50,50", "names a value twice"),
        ("players=3,4", "set by --bots"),
    ],
)
def test_a_bad_vary_is_refused_with_its_reason(text: str, message: str) -> None:
    """Malformed `--vary` arguments are refused before anything is played."""
    with pytest.raises(ConfigError, match=message):
        Variation.parse(text)


def test_the_sweep_command_refuses_a_bad_value_before_playing() -> None:
    """A value the option cannot take is named, and nothing is simulated."""
    result = runner.invoke(
        app, ["sweep", "toss-up", "--bots", "random,random", "--vary", "target=50,abc"]
    )
    assert result.exit_code == 2
    assert "target" in result.output and "abc" in result.output


def test_rotating_seats_gives_every_bot_every_seat_equally() -> None:
    """With `--rotate-seats` each bot sits in each seat for the same number of games; the
    report gives win rates per bot, which add up to the games played."""
    seen: list[list[str]] = []
    report = simulate(
        make_game("toss-up", players=2),
        ["hold:20", "hold:30"],
        200,
        seed=2,
        rotate_seats=True,
        on_game=lambda record: seen.append(record["seats"]),
    )
    assert seen.count(["hold:20", "hold:30"]) == seen.count(["hold:30", "hold:20"]) == 100
    data = report.to_json()
    assert [b["bot"] for b in data["bots"]] == ["hold:20", "hold:30"]
    assert sum(b["wins"] for b in data["bots"]) == pytest.approx(200)
    assert sum(s["wins"] for s in data["seats"]) == pytest.approx(200)


def test_the_command_prints_rotated_bots_as_a_table_of_win_rates() -> None:
    """``simulate --rotate-seats`` prints the per-bot win rates as a table with intervals, the
    same figures as ``--json``, not the report's raw data."""
    args = ["simulate", "toss-up", "--bots", "hold:20,smart", "--games", "40", "--seed", "3"]
    shown = runner.invoke(app, [*args, "--rotate-seats"], env={"COLUMNS": "120"})
    data = json.loads(runner.invoke(app, [*args, "--rotate-seats", "--json"]).output)
    assert shown.exit_code == 0, shown.output
    assert "per bot (seats rotated)" in shown.output
    assert "{" not in shown.output and "'bot'" not in shown.output
    for row in data["bots"]:
        low, high = row["ci95"]
        line = f"{row['bot']} │ {row['wins']:g} │ {row['win_rate']:.1%} │ {low:.1%}-{high:.1%}"
        assert " ".join(line.split()) in " ".join(shown.output.split())


def test_every_game_line_replays_as_the_same_game() -> None:
    """A per-game line's seed and seating play the very same game again."""
    lines: list[dict[str, object]] = []
    game = make_game("paper-toss", players=3)
    simulate(
        game, ["smart", "random", "tosser"], 12, seed=9, rotate_seats=True, on_game=lines.append
    )
    for line in lines[::5]:
        seats = line["seats"]
        assert isinstance(seats, list)
        agents = [make_bot(spec, game, seat) for seat, spec in enumerate(seats)]
        outcome = run(Match(game, seed=int(str(line["seed"]))), agents).outcome()
        assert list(outcome.winners) == line["winners"]
        assert list(outcome.scores) == line["scores"]


def test_worker_processes_give_the_same_report_and_lines() -> None:
    """Two processes, rotating seats and per-game lines: the same as one process."""
    game = make_game("toss-up", players=3)
    bots = ["hold:20", "random", "smart"]
    lines_one: list[object] = []
    lines_two: list[object] = []
    one = simulate(game, bots, 250, 4, rotate_seats=True, on_game=lines_one.append)
    two = simulate(game, bots, 250, 4, workers=2, rotate_seats=True, on_game=lines_two.append)
    assert one.to_json() == two.to_json()
    assert lines_one == lines_two


def test_memory_stays_flat_however_many_games() -> None:
    """Thirty times the games do not take twice the memory (no per-game list up front).

    The peak holds one match's record at a time, so it grows with the longest game played:
    short games (a target of 1) keep that small beside what a list of 3,000 games would take.
    The first run fills the bounded caches (and imports what it needs); the runs compared come
    after it."""
    game = make_game("toss-up", ["target=1"], players=2)

    def peak(games: int) -> int:
        tracemalloc.start()
        simulate(game, ["hold:20", "hold:20"], games, seed=1)
        _, top = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        return top

    peak(1000)
    small, large = peak(100), peak(3000)
    assert large < 2 * small, (small, large)


def test_a_bot_of_ones_own_plays_by_module_and_class(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`module:Class` names a bot in a module beside you, without editing gamenight."""
    (tmp_path / "mybots.py").write_text(
        textwrap.dedent(
            """
            from gamenight import Agent

            class Banker(Agent):
                def act(self, view, legal, rng):
                    texts = [self.game.action_to_text(a) for a in legal]
                    if "bank" in texts and view["turn_points"] >= 20:
                        return legal[texts.index("bank")]
                    return legal[texts.index("roll")] if "roll" in texts else legal[0]
            """
        )
    )
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))
    result = runner.invoke(
        app, ["simulate", "toss-up", "--bots", "mybots:Banker,random", "--games", "50", "--json"]
    )
    assert result.exit_code == 0, result.output
    seats = json.loads(result.output)["seats"]
    assert seats[0]["bot"] == "mybots:Banker"  # as typed, as the game lines and ladder say
    assert seats[0]["wins"] > seats[1]["wins"]
    missing = runner.invoke(app, ["simulate", "toss-up", "--bots", "mybots:Nobody,random"])
    assert missing.exit_code == 2
    assert "module 'mybots' has no 'Nobody'" in missing.output.replace("\n", " ")


def test_the_report_is_one_self_contained_page(tmp_path: Path) -> None:
    """`gamenight report` writes one HTML file with its charts inside it."""
    page = tmp_path / "report.html"
    result = runner.invoke(
        app,
        [
            "report",
            "toss-up",
            "--bots",
            "hold:20,hold:25",
            "--games",
            "80",
            "--out",
            str(page),
            "--vary",
            "target=50,100",
        ],
    )
    assert result.exit_code == 0, result.output
    text = page.read_text()
    assert text.startswith("<!doctype html>")
    assert len(re.findall(r'src="data:image/png;base64,', text)) == 1 + 2 * 3
    assert "http://" not in text and "https://" not in text
    assert "target=50" in text
    # the figures are in numbers too, not only in charts: the comparison of the variants, each
    # variant's game figures; every chart says in words what it shows
    words = re.sub(r"<[^>]+>", "|", text)
    assert re.search(r"\|target=50\|\|\d+\.\d\d\|\|\d+\.\d%", words), "comparison row"
    assert "points per turn" in text and "rolls per turn" in text
    assert 'alt="chart"' not in text and 'alt="Game length"' in text


def test_a_report_gives_each_bot_in_numbers_and_the_options_as_typed(tmp_path: Path) -> None:
    """With --rotate-seats the report has each bot's win rate as a table (the point of
    rotating), and it names the options as `-o` takes them, not as program data."""
    page = tmp_path / "report.html"
    args = ["report", "toss-up", "--bots", "hold:20,smart", "--games", "40", "--out", str(page)]
    result = runner.invoke(app, [*args, "--rotate-seats"])
    assert result.exit_code == 0, result.output
    words = re.sub(r"<[^>]+>", "|", page.read_text())
    assert re.search(r"\|smart \(1\)\|\|\d+\|\|\d+\.\d%\|\|\d+\.\d% to \d+\.\d%", words)
    assert "strict=true" in words and "faces=green,green,green,yellow,yellow,red" in words
    assert "{" not in words.split("options", 1)[1].split(";", 1)[0]


def test_the_ray_backend_gives_the_same_report() -> None:
    """A local Ray instance, started by the test, plays the same games as one process."""
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        game = make_game("toss-up", players=2)
        local = simulate(game, ["hold:20", "smart"], 300, seed=6, rotate_seats=True)
        on_ray = simulate(game, ["hold:20", "smart"], 300, seed=6, rotate_seats=True, backend="ray")
        assert on_ray.to_json() == local.to_json()
        _a_ray_run_stopped_early_cancels_its_chunks_in_flight(ray)
    finally:
        ray.shutdown()


def _a_ray_run_stopped_early_cancels_its_chunks_in_flight(ray: Any) -> None:
    """A Ray run stopped early (Ctrl-C or an error while chunks are in flight: the caller closes
    the chunks' generator) cancels every chunk still pending, so the cluster stops playing
    them, and collects them."""
    game = make_game("cover-your-cookies", players=4)
    job = Job(game.id, game.config.to_json(), ("random",) * 4, 1)
    cancelled: list[Any] = []
    real_cancel = ray.cancel

    def cancel(ref: Any, **kwargs: Any) -> None:
        cancelled.append(ref)
        real_cancel(ref, **kwargs)

    ray.cancel = cancel
    try:
        parts = _ray_chunks(job, 100 * CHUNK, False, None)
        first, _records = next(parts)
        assert sum(first.lengths.values()) == CHUNK  # one chunk of games played
        parts.close()
    finally:
        ray.cancel = real_cancel
    window = 2 * int(ray.cluster_resources()["CPU"])
    assert len(cancelled) == window - 1  # every chunk sent but the one played
    stopped = 0
    for ref in cancelled:
        try:
            ray.get(ref, timeout=10)  # settled at once: played before the cancel, or stopped
        except (ray.exceptions.TaskCancelledError, ray.exceptions.WorkerCrashedError):
            stopped += 1
    assert stopped >= 1  # two CPUs: chunks were waiting for one when the run stopped


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--backend", "foo"], "unknown backend 'foo'; backends are: local, ray"),
        (["--address", "10.0.0.1:6379"], "--address names a Ray cluster: give it with --backend"),
    ],
)
def test_a_backend_that_cannot_work_is_a_usage_error(args: list[str], message: str) -> None:
    """A bad ``--backend``, or an ``--address`` without Ray, is refused before anything plays,
    with exit status 2, in simulate and sweep alike."""
    for command in (["simulate"], ["sweep", "--vary", "target=50,60"]):
        result = runner.invoke(
            app,
            [command[0], "toss-up", "--bots", "random,random", "--games", "2", *command[1:], *args],
        )
        assert result.exit_code == 2, result.output
        assert message in " ".join(result.output.split())


def test_a_ray_address_where_nothing_listens_is_refused_at_once() -> None:
    """Ray retries an address where nothing listens for over a minute; the backend asks first,
    so ``--backend ray --address`` at a closed port fails at once, naming the address."""
    import socket

    from gamenight.sim.backends import NoBackend, reachable

    with socket.socket() as listening:
        listening.bind(("127.0.0.1", 0))
        listening.listen()
        port = listening.getsockname()[1]
        assert reachable(f"127.0.0.1:{port}") is None
        assert reachable(f"ray://127.0.0.1:{port}") is None
    assert reachable(f"127.0.0.1:{port}") is not None  # closed now
    assert reachable("auto") is None  # not host:port: left to Ray
    game = make_game("toss-up", players=2)
    with pytest.raises(NoBackend, match=f"cannot reach a Ray cluster at 127.0.0.1:{port}"):
        simulate(game, ["random", "random"], 10, seed=1, backend="ray", address=f"127.0.0.1:{port}")


def test_the_sweep_table_names_the_bot_in_each_seat() -> None:
    """The sweep's columns say which bot sat in each seat, not only the seat's number, and at
    80 columns every column keeps its heading whole."""
    bots = ["--bots", "smart,random,random,random", "--games", "2"]
    args = ["sweep", "toss-your-cookies", *bots, "--vary", "rounds=1,2"]
    result = runner.invoke(app, args, env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    head = result.output.split("┡", 1)[0]
    assert "…" not in head
    assert "rounds" in head and "seat 0" in head and "smart" in head and "random" in head


def test_a_report_draws_scores_only_when_they_say_more_than_the_wins(tmp_path: Path) -> None:
    """One round of Toss Your Cookies scores 1 for the winner and 0 for the rest: a chart of
    those scores would repeat the win rates, so the report leaves it out; Toss Up!'s points
    get theirs."""

    def charts(game: str, bots: str) -> str:
        page = tmp_path / f"{game}.html"
        args = ["report", game, "--bots", bots, "--games", "20", "--out", str(page)]
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
        return page.read_text()

    assert 'alt="Final scores by seat"' not in charts("toss-your-cookies", "smart,random,random")
    assert 'alt="Final scores by seat"' in charts("toss-up", "hold:20,smart")


def test_a_report_gives_named_figures_as_tables_not_program_text(tmp_path: Path) -> None:
    """A figure made of named values (Toss Your Cookies' share of each roll, Cover Your
    Cookies' duels of each length) is a table of names and values, rounded as the terminal
    rounds them, never a Python dict."""

    def words(game: str, bots: str) -> str:
        page = tmp_path / f"{game}.html"
        args = ["report", game, "--bots", bots, "--games", "10", "--seed", "2", "--out", str(page)]
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
        body = page.read_text().split("</style>", 1)[1]
        assert "{" not in body  # (the style sheet's braces are in the head)
        return re.sub(r"<[^>]+>", "|", body)

    rolls = words("toss-your-cookies", "smart,random,random")
    assert "|roll shares||value|" in rolls
    assert re.search(r"\|pass_left 1\|\|0\.\d\d\d\|", rolls)
    duels = words("cover-your-cookies", "baker,first,random")
    assert "|duel lengths||value|" in duels
    assert re.search(r"\|duel lengths\|\|value\|+1\|\|\d+\|", duels)


def test_the_scores_chart_draws_a_bar_per_score_not_a_band() -> None:
    """Exact scores far apart (100 and 110 points) are two bars with nothing between them:
    each bar's height is the share of the seat's games that ended on that score. (A line
    joining them drew 100 as a flat band reaching towards 110.)"""
    import matplotlib.pyplot as plt

    from gamenight.sim.report import scores_figure

    figure = scores_figure([{100.0: 3, 110.0: 1}, {100.0: 1, 105.0: 1}], ["seat 0", "seat 1"])
    axes = figure.axes[0]
    assert len(axes.lines) == 0
    seats = [[(b.get_x() + b.get_width() / 2, b.get_height()) for b in c] for c in axes.containers]
    assert len(seats) == 2

    def shares(bars: list[tuple[float, float]]) -> dict[float, float]:
        """The bars drawn (of some height), by the score of the bin they stand in (bins of 5
        points centred on the scores, the seats' bars side by side within a bin)."""
        drawn = [(centre, height) for centre, height in bars if height > 0]
        found = {round(centre / 5) * 5.0: height for centre, height in drawn}
        assert len(found) == len(drawn)
        return found

    assert shares(seats[0]) == {100.0: 0.75, 110.0: 0.25}
    assert shares(seats[1]) == {100.0: 0.5, 105.0: 0.5}
    assert axes.get_xlabel() == "final score"
    plt.close(figure)
    wide = scores_figure([{float(s): 1 for s in range(0, 1000, 5)}], ["seat 0"])
    assert len(wide.axes[0].patches) <= 40  # many scores: bins of several, and the axis says so
    assert wide.axes[0].get_xlabel() == "final score, in bins of 25"
    plt.close(wide)


def test_the_game_length_chart_ticks_whole_turns_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Game lengths are whole numbers of turns: the chart's axis is marked at whole numbers
    only (no "72.5 turns")."""
    from gamenight.sim import report

    drawn: list[object] = []
    real_png = report._png

    def keep(figure: object) -> str:
        figure.canvas.draw()  # type: ignore[attr-defined]
        drawn.append([t.get_text() for t in figure.axes[0].get_xticklabels()])  # type: ignore[attr-defined]
        return real_png(figure)

    monkeypatch.setattr(report, "_png", keep)
    report._histogram("Game length", {70: 1, 72: 3, 73: 6, 80: 27, 87: 4}, "turns")
    (labels,) = drawn
    assert labels and all(re.fullmatch(r"−?\d+", text) for text in labels), labels


def test_a_report_without_matplotlib_is_refused_before_any_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without matplotlib a report cannot be drawn: it is refused at once, with the install
    command, before a single game is played (no game lines are written)."""
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib: ImportError
    lines, page = tmp_path / "games.jsonl", tmp_path / "r.html"
    args = ["report", "toss-up", "--bots", "hold:20,random", "--games", "50", "--out", str(page)]
    result = runner.invoke(app, [*args, "--jsonl", str(lines)])
    assert result.exit_code == 2, result.output
    assert "reports need matplotlib: pip install 'gamenight[study]'" in result.output
    assert sorted(tmp_path.iterdir()) == []
