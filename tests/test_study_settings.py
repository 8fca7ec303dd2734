"""What a study's settings amount to: game lines that name their options (so a game from a run
with ``-o`` or ``--vary`` replays as the same game), settings that contradict each other or
repeat a variant refused before anything plays, and a note when rotating seats cannot be even."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from gamenight.cli import app
from gamenight.engine.errors import ConfigError
from gamenight.engine.registry import make_game
from gamenight.sim.simulate import simulate
from gamenight.sim.sweep import Variation, check_variations, sweep

runner = CliRunner()


def game_lines(path: Path) -> list[dict[str, Any]]:
    """The game lines a run wrote."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def replayed(line: dict[str, Any], game: str, tmp_path: Path) -> dict[str, Any]:
    """The outcome of ``gamenight play`` given a game line as the README says: its seating,
    its seed, ``--line`` and ``-o`` for each of its options."""
    record = tmp_path / f"replay-{line['index']}.json"
    options = [arg for name, value in line["options"].items() for arg in ("-o", f"{name}={value}")]
    seats = ",".join(line["seats"])
    args = ["play", game, "--seats", seats, "--seed", str(line["seed"]), "--line", *options]
    result = runner.invoke(app, [*args, "--record", str(record)])
    assert result.exit_code == 0, result.output
    outcome: dict[str, Any] = json.loads(record.read_text(encoding="utf-8"))["outcome"]
    return outcome


def test_a_game_line_of_a_run_with_options_replays_as_the_same_game(tmp_path: Path) -> None:
    """``simulate -o ...``: every line names the options that differ from the defaults, as
    ``-o`` takes them, and ``gamenight play`` given them plays the same game (same winners,
    same scores, same length) as the line says; without them it would be another game."""
    lines = tmp_path / "games.jsonl"
    options = ["-o", "target=50", "-o", "dice=8", "-o", "strict=False"]
    args = ["simulate", "toss-up", "--bots", "hold:20,random", "--games", "6", "--seed", "5"]
    result = runner.invoke(app, [*args, *options, "--jsonl", str(lines)])
    assert result.exit_code == 0, result.output
    written = game_lines(lines)
    assert all(w["options"] == {"target": "50", "dice": "8", "strict": "false"} for w in written)
    for line in written[:3]:
        outcome = replayed(line, "toss-up", tmp_path)
        assert outcome["winners"] == line["winners"]
        assert outcome["scores"] == line["scores"]
        assert outcome["turns"] == line["turns"]
    plain = replayed({**written[0], "options": {}}, "toss-up", tmp_path)
    assert (plain["scores"], plain["turns"]) != (written[0]["scores"], written[0]["turns"])


def test_a_sweep_line_names_the_base_options_and_the_variant(tmp_path: Path) -> None:
    """``sweep -o dice=8 --vary target=50,100``: each line has ``dice`` as well as its
    ``target`` (even the default 100, since it was varied), and replays as that game."""
    lines = tmp_path / "sweep.jsonl"
    args = ["sweep", "toss-up", "--bots", "random,smart", "--games", "3", "--seed", "2"]
    result = runner.invoke(
        app, [*args, "-o", "dice=8", "--vary", "target=50,100", "--jsonl", str(lines)]
    )
    assert result.exit_code == 0, result.output
    written = game_lines(lines)
    assert [w["options"] for w in written] == [{"target": "50", "dice": "8"}] * 3 + [
        {"target": "100", "dice": "8"}
    ] * 3
    for line in (written[1], written[4]):
        outcome = replayed(line, "toss-up", tmp_path)
        assert (outcome["winners"], outcome["scores"]) == (line["winners"], line["scores"])


def test_the_python_api_gives_the_options_in_every_record() -> None:
    """``simulate`` and ``sweep`` called from Python give each record its options too: none
    for a game at its defaults."""
    records: list[dict[str, Any]] = []
    simulate(make_game("toss-up", players=2), ["random", "random"], 2, on_game=records.append)
    game = make_game("paper-toss", ["hand_size=6"], players=2)
    simulate(game, ["random", "random"], 2, on_game=records.append)
    sweep(
        "toss-up",
        ["random", "random"],
        [Variation.parse("shared-victory=true,false")],
        1,
        on_game=records.append,
    )
    at_defaults, hand_size = {}, {"hand_size": "6"}
    varied = [{"shared_victory": "true"}, {"shared_victory": "false"}]
    assert [r["options"] for r in records] == [at_defaults] * 2 + [hand_size] * 2 + varied


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["-o", "target=20", "--vary", "target=50,100"],
            "target is set by -o target=20 and varied by --vary target=...: the -o value would "
            "never be played; give target in one of them",
        ),
        (
            ["--vary", "shared_victory=true,True"],
            "--vary shared_victory= gives one value twice: 'true' and 'True' are both true",
        ),
        (
            ["--vary", "target=500,0500"],
            "--vary target= gives one value twice: '500' and '0500' are both 500",
        ),
        (
            ["--vary", "shared-victory=true,false", "--vary", "shared_victory=false"],
            "each option may be varied once",
        ),
        (
            ["--vary", "target=50,60", "--backend", "ray", "--workers", "2"],
            "--workers counts processes on this machine; with --backend ray",
        ),
    ],
)
@pytest.mark.parametrize("command", ["sweep", "report"])
def test_settings_that_contradict_each_other_are_refused(
    args: list[str], message: str, command: str, tmp_path: Path
) -> None:
    """Refused with exit 2 and one line saying why, before anything is played or written."""
    page = tmp_path / "report.html"
    lines = tmp_path / "games.jsonl"
    extra = ["--out", str(page)] if command == "report" else []
    base = [command, "toss-up", "--bots", "random,random", "--games", "4", "--jsonl", str(lines)]
    result = runner.invoke(app, [*base, *extra, *args])
    assert result.exit_code == 2, result.output
    assert message in " ".join(result.stderr.split())
    assert not page.exists() and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--backend", "ray", "--workers", "2"], "--workers counts processes on this machine"),
        (["--backend", "ray", "--workers", "0"], "leave --workers out"),
        (["--fast", "--workers", "2"], "no --rotate-seats, --jsonl, --backend or --workers"),
    ],
)
def test_simulate_refuses_workers_it_would_ignore(args: list[str], message: str) -> None:
    """Ray plays on its cluster's CPUs and ``--fast`` in one process: ``--workers`` with either
    is refused, not ignored."""
    result = runner.invoke(app, ["simulate", "toss-up", "--bots", "random,smart", *args])
    assert result.exit_code == 2, result.output
    assert message in " ".join(result.stderr.split())


def test_check_variations_reads_values_as_the_option_does() -> None:
    """The same value written two ways is refused whatever the option's type (a list of
    colours written with and without spaces); different values of a list are not."""
    two_ways = [Variation.parse("faces=green,green,red|green, green, red")]
    with pytest.raises(ConfigError, match="gives one value twice"):
        check_variations("toss-up", [], two_ways)
    check_variations("toss-up", ["dice=8"], [Variation.parse("faces=green,red|green,yellow")])
    with pytest.raises(ConfigError, match="set by -o shared-victory=true"):
        check_variations(
            "toss-up", ["shared-victory=true"], [Variation.parse("shared_victory=true,false")]
        )


@pytest.mark.parametrize(
    ("command", "games", "note"),
    [
        (
            ["simulate"],
            "10",
            "note: --rotate-seats with 10 games and 3 bots: each bot takes each seat 3 or 4 "
            "times, as evenly as 10 games allow; a multiple of 3 (9 or 12) makes the seats even",
        ),
        (["simulate"], "9", None),
        (
            ["sweep", "--vary", "target=50,60"],
            "4",
            "note: --rotate-seats with 4 games per variant and 3 bots: each bot takes each seat "
            "1 or 2 times, as evenly as 4 games allow; a multiple of 3 (3 or 6) makes",
        ),
    ],
)
def test_uneven_rotated_seats_get_a_note(command: list[str], games: str, note: str | None) -> None:
    """With ``--rotate-seats`` and games not a multiple of the bots, a note on stderr says the
    seats are as even as the count allows and which counts make them even; stdout keeps its
    JSON whole."""
    bots = ["--bots", "hold:20,smart,random", "--rotate-seats", "--games", games, "--json"]
    result = runner.invoke(app, [command[0], "toss-up", *bots, *command[1:]])
    assert result.exit_code == 0, result.output
    json.loads(result.stdout)
    said = " ".join(result.stderr.split())
    if note is None:
        assert "note:" not in said
    else:
        assert note in said


@pytest.mark.parametrize(
    "command",
    [
        ["simulate", "toss-up", "--bots", "random,random", "--games", "3"],
        ["sweep", "toss-up", "--bots", "random,random", "--games", "3", "--vary", "dice=8,10"],
        ["play", "toss-up", "--seats", "random,random", "--line"],
    ],
)
def test_an_option_given_twice_is_refused(command: list[str]) -> None:
    """``-o target=50 -o target=60`` would play only the last: it is refused before anything
    plays, naming both (``shared-victory`` and ``shared_victory`` are one option)."""
    result = runner.invoke(app, [*command, "-o", "target=50", "-o", "target=60"])
    assert result.exit_code == 2, result.output
    assert "target is given twice, by -o target=50 and -o target=60: give it once" in result.output
    again = runner.invoke(
        app, [*command, "-o", "shared-victory=true", "-o", "shared_victory=false"]
    )
    assert again.exit_code == 2 and "shared_victory is given twice" in again.output
