"""The gamenight command end to end: list, rules, play from a pipe, replay, simulate, bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gamenight.cli import app

runner = CliRunner()
BANK_ALWAYS = "b\n" * 400


def test_list_shows_games_players_options_and_bots() -> None:
    result = runner.invoke(app, ["list"])
    assert result.exit_code == 0
    assert "toss-up" in result.output
    assert "2-6 players" in result.output
    assert "shared_victory" in result.output
    assert "hold:T" in result.output
    assert "smart" in result.output


def test_rules_prints_the_rules_page_with_rulings() -> None:
    result = runner.invoke(app, ["rules", "toss-up"])
    assert result.exit_code == 0
    assert "Red light" in result.output
    assert "Rulings this project follows" in result.output


def test_play_from_a_pipe_to_the_end() -> None:
    result = runner.invoke(
        app, ["play", "toss-up", "--seats", "human,hold:20", "--seed", "1"], input=BANK_ALWAYS
    )
    assert result.exit_code == 0, result.output
    assert "banked" in result.output
    assert "Game over: " in result.output
    assert "Chance the next roll busts" in result.output


def test_an_illegal_move_gets_one_clear_line_and_the_game_goes_on() -> None:
    moves = "fly\n9\n\n" + BANK_ALWAYS
    result = runner.invoke(
        app, ["play", "toss-up", "--seats", "human,random", "--seed", "4"], input=moves
    )
    assert result.exit_code == 0, result.output
    assert "unknown move 'fly': type roll (r) or bank (b)" in result.output
    assert "there is no move 9; type a number from 1 to 2 or one of: roll, bank" in result.output
    assert "no move given" in result.output
    assert "Game over: " in result.output


def test_odd_characters_at_the_prompt_are_refused_and_the_game_goes_on() -> None:
    result = runner.invoke(
        app,
        ["play", "toss-up", "--seats", "human,random", "--seed", "4"],
        input="²\n" + BANK_ALWAYS,
    )
    assert result.exit_code == 0, result.output
    assert "unknown move '²'" in result.output
    assert "Game over: " in result.output


def test_the_seed_is_shown_only_after_the_game_and_default_seats_show_their_bot() -> None:
    result = runner.invoke(
        app, ["play", "toss-up", "--seats", "human,default", "--seed", "12"], input=BANK_ALWAYS
    )
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "smart" in lines[0]
    assert "default" not in lines[0]
    first_seed_line = next(i for i, line in enumerate(lines) if "seed 12" in line)
    game_over_line = next(i for i, line in enumerate(lines) if "Game over: " in line)
    assert first_seed_line > game_over_line


def test_input_ending_early_says_so_and_fails() -> None:
    result = runner.invoke(app, ["play", "toss-up", "--seats", "human,smart"], input="r\n")
    assert result.exit_code == 1
    assert "the input ended before the game did" in result.output


def test_record_and_replay(tmp_path: Path) -> None:
    record = tmp_path / "match.json"
    played = runner.invoke(
        app,
        [
            "play",
            "toss-up",
            "--seats",
            "human,smart,hold:15",
            "--seed",
            "9",
            "--record",
            str(record),
        ],
        input=BANK_ALWAYS,
    )
    assert played.exit_code == 0, played.output
    data = json.loads(record.read_text())
    assert data["game"] == "toss-up"
    assert data["seed"] == 9
    replayed = runner.invoke(app, ["replay", str(record), "--no-step"])
    assert replayed.exit_code == 0, replayed.output
    assert "replay:" in replayed.output
    assert "smart banked " in replayed.output
    assert "Game over: " in replayed.output
    stepped = runner.invoke(app, ["replay", str(record), "--step"], input="\n\nq\n")
    assert stepped.exit_code == 0
    assert "Enter: next step" in stepped.output


def test_replay_of_a_broken_record_names_the_problem(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    result = runner.invoke(app, ["replay", str(bad)])
    assert result.exit_code == 2
    assert "is JSON; this is not" in result.output
    bad.write_text(json.dumps({"format": "gamenight-match/1", "game": "chess"}))
    result = runner.invoke(app, ["replay", str(bad)])
    assert result.exit_code == 2
    assert "unknown game 'chess'" in result.output
    good = tmp_path / "good.json"
    runner.invoke(
        app,
        ["play", "toss-up", "--seats", "human,smart", "--seed", "3", "--record", str(good)],
        input=BANK_ALWAYS,
    )
    data = json.loads(good.read_text())
    result = runner.invoke(app, ["replay", str(good), "--no-step"])
    assert result.exit_code == 0
    data["seat_names"] = ["only one"]
    bad.write_text(json.dumps(data))
    result = runner.invoke(app, ["replay", str(bad), "--no-step"])
    assert result.exit_code == 0, "unusable seat names fall back to Player N"
    assert "Player 0" in result.output and "Player 1" in result.output
    data["config"] = None
    bad.write_text(json.dumps(data))
    result = runner.invoke(app, ["replay", str(bad)])
    assert result.exit_code == 2
    assert "a config must be a JSON object" in result.output


def test_replay_of_per_game_lines_says_how_to_play_a_game_again(tmp_path: Path) -> None:
    """A --jsonl file is not a match record: `replay` (and `play --resume`) say what it is and
    how a game from it is played again, with its first game's seating, seed and options; that
    command plays the very game the line records."""
    lines = tmp_path / "g.jsonl"
    args = ["sweep", "toss-up", "--bots", "hold:20,smart", "--games", "2", "--seed", "4"]
    made = runner.invoke(app, [*args, "--vary", "target=50,60", "--jsonl", str(lines)])
    assert made.exit_code == 0, made.output
    first = json.loads(lines.read_text().splitlines()[0])
    for command in (["replay", str(lines)], ["play", "--resume", str(lines)]):
        result = runner.invoke(app, command)
        assert result.exit_code == 2
        message = " ".join(result.output.split())
        assert message.startswith(f"error: {lines} holds per-game records"), message
        assert "gamenight play toss-up --seats <its seating> --seed <its seed>" in message
        assert "Extra data" not in message
        seats, seed = ",".join(first["seats"]), first["seed"]
        assert message.endswith(
            f"its first game: gamenight play toss-up --seats {seats} --seed {seed} --line "
            "-o target=50"
        )
    again = runner.invoke(
        app, ["play", "toss-up", "--seats", seats, "--seed", str(seed), "--line", "-o", "target=50"]
    )
    assert again.exit_code == 0, again.output
    sheet = " ".join(again.output.split("Score sheet", 1)[1].split())
    for seat, (bot, score) in enumerate(zip(first["seats"], first["scores"], strict=True)):
        assert f"{seat} │ {bot} │ {score:g}" in sheet
    one = tmp_path / "one.jsonl"
    lines.write_text(lines.read_text().splitlines()[0] + "\n")  # a single line is JSON too
    lines.rename(one)
    result = runner.invoke(app, ["replay", str(one)])
    assert result.exit_code == 2 and "holds per-game records" in result.output


def test_simulate_json_is_one_document_with_intervals_and_points_per_turn() -> None:
    result = runner.invoke(
        app,
        [
            "simulate",
            "toss-up",
            "--bots",
            "hold:20,hold:20",
            "--games",
            "300",
            "--seed",
            "1",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 300
    assert sum(s["wins"] for s in data["seats"]) == pytest.approx(300)
    for seat in data["seats"]:
        low, high = seat["ci95"]
        assert 0.35 < low < high < 0.65, "two equal bots: an interval around one half"
        assert high - low < 0.12
        assert 5 < seat["points_per_turn"] < 15
    assert data["mean_turns"] > 5


def test_simulate_is_repeatable_from_its_seed() -> None:
    args = ["simulate", "toss-up", "--bots", "smart,random,hold:25", "--games", "50", "--json"]
    first = runner.invoke(app, [*args, "--seed", "3"])
    second = runner.invoke(app, [*args, "--seed", "3"])
    assert json.loads(first.stdout) == json.loads(second.stdout)


def test_simulate_table() -> None:
    result = runner.invoke(app, ["simulate", "toss-up", "--bots", "smart,random", "--games", "50"])
    assert result.exit_code == 0
    assert "win rate" in result.output
    assert "95% CI" in result.output
    assert "mean game length" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "nope"], "unknown game 'nope'; games are: "),
        (["rules", "nope"], "unknown game 'nope'"),
        (
            ["play", "toss-up", "--seats", "human"],
            "toss-up takes 2 to 6 players, one per entry of --seats; got 'human'",
        ),
        (
            ["simulate", "toss-up", "--bots", "random,random,random,random,random,random,random"],
            "toss-up takes 2 to 6 players, one per entry of --bots; got 'random,random,",
        ),
        (["play", "toss-up", "--seats", "human,wizard"], "unknown bot 'wizard' for toss-up"),
        (["play", "toss-up", "-o", "target=abc"], "option target takes a whole number, got 'abc'"),
        (["play", "toss-up", "-o", "strict=maybe"], "option strict takes true or false"),
        (["play", "toss-up", "-o", "colour=red"], "unknown option 'colour'; options are: "),
        (["play", "toss-up", "-o", "target"], "option 'target' is not of the form key=value"),
        (["play", "toss-up", "--seats", "human,,smart"], "no empty entries"),
        (["play", "toss-up", "-o", "players=3"], "the number of players is set by --seats"),
        (["simulate", "toss-up", "--bots", "smart,wizard", "--fast"], "unknown bot 'wizard'"),
        (["play", "toss-up", "--record", "/nonexistent/dir/x.json"], "cannot write the record"),
        (["simulate", "toss-up", "--bots", "smart,random", "--games", "0"], "--games"),
        (["play", "paper-toss", "--coach"], "Paper Toss! has no coach; games with one: toss-up"),
        (
            ["play", "toss-up", "--coach", "--seats", "human,smart,smart"],
            "no coach at this table: the coach covers 2-player games; this one has 3 players",
        ),
    ],
)
def test_usage_errors_exit_2_with_one_clear_line(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert message in " ".join(result.output.split())
    if not message.startswith("--"):  # typer's own errors keep typer's layout
        assert result.output.strip().count("\n") == 0, result.output


def test_the_installed_command_plays_from_a_real_pipe() -> None:
    """A real process: ``python -m gamenight play`` reading its moves from a pipe."""
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "gamenight",
            "play",
            "toss-up",
            "--seats",
            "human,smart",
            "--seed",
            "2",
        ],
        input=BANK_ALWAYS,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert "Game over: " in proc.stdout


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "toss-up", "--bots", "hold:20,hold:20", "--games", "200", "--json"],
        [
            "sweep",
            "toss-up",
            "--bots",
            "hold:20,hold:20",
            "--games",
            "100",
            "--vary",
            "target=50,60",
        ],
        ["ladder", "toss-up", "--bots", "hold:20,random", "--games", "5", "--json"],
    ],
)
def test_long_runs_write_nothing_to_stderr_when_it_is_not_a_terminal(args: list[str]) -> None:
    """The progress bar is for a terminal: to a pipe or a log file it would leave a blank line."""
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    assert result.stdout.strip()
