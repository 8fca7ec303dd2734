"""Bad files and arguments at the command line: one clear line each, nothing lost, no traceback."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gamenight.cli import app

runner = CliRunner()


def invoke(*args: str, columns: int = 200) -> tuple[int, str]:
    """Run the command at a given terminal width; its exit code and everything it printed."""
    result = runner.invoke(app, list(args), env={"COLUMNS": str(columns)})
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


@pytest.fixture
def record(tmp_path: Path) -> Path:
    """A finished two-player Toss Up! record."""
    path = tmp_path / "game.json"
    code, out = invoke("play", "toss-up", "--seats", "hold:20,hold:25", "--record", str(path))
    assert code == 0, out
    return path


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"\x89PNG\r\n\x1a\n\x00\x00\xff\xfe", "is UTF-8 text"),
        ('{"game": "toss-up", "x": "caf\xe9"}'.encode("latin-1"), "is UTF-8 text"),
        (b"[" * 100_000 + b"]" * 100_000, "not nested this deeply"),
        (b'{"game": "toss-up", "seed": ' + b"9" * 5000 + b"}", "a number too long to read"),
        (b"{}", "it names no game"),
        (b'{"game": null}', "it names no game"),
        (b"not json at all", "a match record is JSON; this is not"),
        (b"[1, 2]", "is a JSON object, not list"),
    ],
)
def test_replay_refuses_a_bad_file_in_one_line(
    tmp_path: Path, content: bytes, message: str
) -> None:
    """A binary file, bad encoding, deep nesting, a huge number or an empty object: one line."""
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    code, out = invoke("replay", str(path))
    assert code == 2
    assert message in out
    assert "Traceback" not in out
    assert len(out.splitlines()) <= 2


@pytest.mark.parametrize("seat", ["2", "-1", "5"])
def test_replay_refuses_a_seat_that_is_not_in_the_match(record: Path, seat: str) -> None:
    """`--seat` names a seat of the recorded match, or is refused saying which seats exist."""
    code, out = invoke("replay", str(record), "--seat", seat)
    assert code == 2
    assert f"there is no seat {seat} in this match; seats are 0 to 1" in out


def test_replay_shows_a_seat_that_is_in_the_match(record: Path) -> None:
    """A seat that exists is accepted."""
    code, out = invoke("replay", str(record), "--seat", "1")
    assert code == 0, out


def test_a_lone_person_recorded_as_you_is_you_only_from_their_own_seat(tmp_path: Path) -> None:
    """A lone person is recorded as "You". Watched from their seat, or by nobody (a plain
    ``replay FILE``, as the record names them), they stay "You"; watched from another seat they
    are "Player 0" (their seat), so "You" never names another seat than the one watched: the
    seat watched is the one told as "you" ("You banked", docs/words.md)."""
    path = tmp_path / "game.json"
    result = runner.invoke(
        app,
        ["play", "toss-up", "--seats", "human,hold:20", "--seed", "4", "--record", str(path)],
        input="b\n" * 300,
    )
    assert result.exit_code == 0, result.output
    assert json.loads(path.read_text())["seat_names"][0] == "You"
    own = invoke("replay", str(path), "--seat", "0", "--line")[1]
    other = invoke("replay", str(path), "--seat", "1", "--line")[1]
    public = invoke("replay", str(path), "--line")[1]
    for out in (own, public):
        assert "You bank" in out and "Player 0" not in out
    assert "Player 0 banked" in other
    assert "hold:20 banked" not in other and "You banked" in other


def test_a_failed_start_keeps_an_earlier_record(record: Path) -> None:
    """`play --record FILE` with a bad bot is refused before the file is touched."""
    before = record.read_bytes()
    code, out = invoke("play", "toss-up", "--seats", "hold:20,nobody", "--record", str(record))
    assert code == 2
    assert "unknown bot 'nobody'" in out
    assert record.read_bytes() == before


def test_a_record_into_a_missing_folder_is_refused_before_playing(tmp_path: Path) -> None:
    """The record's folder is checked before the game starts."""
    path = tmp_path / "nowhere" / "game.json"
    code, out = invoke("play", "toss-up", "--seats", "hold:20,hold:20", "--record", str(path))
    assert code == 2
    assert "no folder" in out


def test_player_names_with_markup_replay_as_written(record: Path) -> None:
    """Names come from the record; markup in them is shown as text, never interpreted."""
    data = json.loads(record.read_text())
    data["seat_names"] = ["[/]", "[bold red]Bob"]
    record.write_text(json.dumps(data))
    code, out = invoke("replay", str(record))
    assert code == 0, out
    assert "[/]" in out


def test_list_shows_every_default_whole_at_80_columns() -> None:
    """At 80 columns `gamenight list` wraps meanings but never cuts an option's default."""
    code, out = invoke("list", columns=80)
    assert code == 0
    assert "…" not in out
    assert all(len(line) <= 80 for line in out.splitlines())
    assert " single " in out  # Cover Your Cookies' match default
    assert "obstacle:5," in out and "bully:3," in out  # a list wraps between its entries
    # a game's summary, wrapped or not, stays indented under its title line
    for title in ("paper-toss  Paper Toss!", "toss-up  Toss Up!"):
        after = out.split(title, 1)[1].splitlines()[1:3]
        assert all(line.startswith("  ") for line in after), after


def test_simulate_shows_the_whole_interval_at_80_columns() -> None:
    """At 80 columns the 95% interval column is never cut."""
    code, out = invoke(
        "simulate",
        "toss-your-cookies",
        "--bots",
        "smart,random,random",
        "--games",
        "30",
        columns=80,
    )
    assert code == 0, out
    assert "…" not in out
    rows = [line for line in out.splitlines() if "smart" in line and "%" in line]
    assert rows and "-" in rows[0].split("%")[-2] + rows[0].split("%")[-1]
    # a figure made of many entries (the share of each roll) wraps between entries, never
    # inside one: every entry "name: 0.123" stands whole on its line
    shares = out.split("roll shares:", 1)[1].split("rounds won during:", 1)[0]
    lines = [line.strip() for line in shares.splitlines() if line.strip()]
    assert len(lines) >= 2
    for line in lines:
        assert re.fullmatch(r"([a-z_]+( [a-z0-9_]+)?: \d\.\d{3}\s*)+", line), line


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["play", "toss-up", "--seat", "human,smart"], "No such option: --seat"),
        (["simulate", "toss-up", "--bots", "random,random", "--games", "0"], "'--games'"),
        (["sweep", "toss-up"], "Missing option '--bots'"),
        (["replay", "game.json", "--seat", "x"], "'--seat'"),
    ],
)
def test_a_mistake_in_the_command_line_is_one_error_line(
    args: list[str], said: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The `gamenight` command answers a misspelt option or a value of the wrong kind as it
    answers every other usage error: one `error:` line naming the help to read, status 2."""
    from gamenight.cli import main

    monkeypatch.setattr(sys, "argv", ["gamenight", *args])
    with pytest.raises(SystemExit) as ended:
        main()
    assert ended.value.code == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), lines
    assert said in lines[0] and f"(see: gamenight {args[0]} --help)" in lines[0]
