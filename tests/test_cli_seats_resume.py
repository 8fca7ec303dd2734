"""Line mode (pipes, scripts): people with names, going on with a match from its record, and
the answers made for a lone person (and ``--ask-all``, which asks them all the same)."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from gamenight.cli import app
from gamenight.games.paper_toss.state import PASS
from gamenight.terminal.human import HumanAgent
from gamenight.terminal.render import renderer_for
from gamenight.terminal.seats import parse_seats, seat_names
from tests.paper_toss.helpers import game as paper_toss
from tests.paper_toss.helpers import state_at

runner = CliRunner()
BANK_ALWAYS = "b\n" * 400


def play(*args: str, typed: str = "") -> tuple[int, str]:
    """Run ``gamenight play`` with ``typed`` as its input; the exit code and the output."""
    result = runner.invoke(app, ["play", *args], input=typed, env={"COLUMNS": "200"})
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def test_a_person_plays_under_their_name_and_the_record_keeps_it(tmp_path: Path) -> None:
    """``human:Alice`` seats a person called Alice: her prompts carry her name, the table still
    speaks to her as "You", and the record keeps who sat where."""
    record = tmp_path / "game.json"
    code, out = play(
        "toss-up",
        "--seats",
        "human:Alice,hold:20",
        "--seed",
        "1",
        "--record",
        str(record),
        typed=BANK_ALWAYS,
    )
    assert code == 0, out
    assert "Alice (seat 0)" in out
    assert "You bank" in out
    data = json.loads(record.read_text())
    assert data["seat_names"] == ["Alice", "hold:20"]
    assert data["seats"] == ["human:Alice", "hold:20"]


def test_people_sharing_the_screen_are_called_by_name() -> None:
    """Hot seat in line mode: each person is asked to come to the screen by name."""
    code, out = play(
        "paper-toss", "--seats", "human:Ann,human:Bob", "--seed", "2", typed="\n1\n" * 3
    )
    assert code == 1  # the input ends before the game does
    call = "Ann, your move. Press Enter when only you can see the screen (or type quit to leave)."
    assert call in " ".join(out.split())


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        ("human:,smart", "names nobody: write human:NAME"),
        ("human:Ann,human:ann", "two seats are called 'ann'"),
        ("human:You,smart", "'You' is how the table speaks to a lone person"),
        ("human:" + "x" * 30 + ",smart", "is too long: at most 20 letters"),
    ],
)
def test_a_bad_name_is_refused_in_one_line(seats: str, message: str) -> None:
    """A seat that names nobody, two people with one name, "You", a name too long: refused
    before the game starts, in one line."""
    code, out = play("toss-up", "--seats", seats)
    assert code == 2
    assert message in out
    assert len(out.strip().splitlines()) == 1


def test_an_interrupted_match_goes_on_from_its_record(tmp_path: Path) -> None:
    """The input ends mid-game: the record holds the steps so far (no outcome). ``play
    --resume`` seats everyone again from the record, goes on from the last step, and the
    record ends with the outcome; the steps played before are kept as they were."""
    record = tmp_path / "game.json"
    code, out = play(
        "toss-up",
        "--seats",
        "human:Alice,hold:20",
        "--seed",
        "3",
        "--record",
        str(record),
        typed="r\nr\n",
    )
    assert code == 1, out
    before = json.loads(record.read_text())
    assert before["outcome"] is None
    assert before["steps"]
    code, out = play("--resume", str(record), typed=BANK_ALWAYS)
    assert code == 0, out
    assert f"Resuming after {len(before['steps'])} steps." in out
    assert "Alice (seat 0)" in out
    # Alice is asked at once, with the table: it is not shown a second time before that
    opening = out.split("Your move:", 1)[0]
    assert opening.count("Score sheet") == 1, opening
    assert "Game over: " in out
    after = json.loads(record.read_text())
    assert after["outcome"] is not None
    assert after["steps"][: len(before["steps"])] == before["steps"]
    code, out = play("--resume", str(record))
    assert code == 2
    assert "is over; watch it with: gamenight replay" in out


def test_resume_refuses_what_would_not_fit_the_record(tmp_path: Path) -> None:
    """Options that belong to the record (seed, game options), another game, a seat list of
    the wrong size, or no game at all: each refused in one line."""
    record = tmp_path / "game.json"
    play("toss-up", "--seats", "human,hold:20", "--record", str(record), typed="r\n")
    checks = [
        (["--resume", str(record), "--seed", "4"], "--seed and -o come from the record"),
        (["paper-toss", "--resume", str(record)], "is a match of toss-up, not paper-toss"),
        (["--resume", str(record), "--seats", "human"], "has 2 seats, --seats gives 1"),
        ([], "name a game to play"),
    ]
    for args, message in checks:
        code, out = play(*args)
        assert code == 2, (args, out)
        assert message in out, (args, out)
    data = json.loads(record.read_text())
    record.write_text(json.dumps({**data, "seats": ["human"]}))
    code, out = play("--resume", str(record))
    assert code == 2 and "has 2 seats, its list of seats names 1" in out, out
    del data["seats"]
    record.write_text(json.dumps(data))
    code, out = play("--resume", str(record))
    assert (code, "does not say who sat where: give --seats" in out) == (2, True)
    code, out = play("--resume", str(record), "--seats", "human,hold:20", typed=BANK_ALWAYS)
    assert code == 0, out


def test_a_lone_person_is_not_asked_when_a_pass_is_all_they_can_do_unless_they_ask_all() -> None:
    """Paper Toss!: a window where the person holds nothing that could answer is passed for
    them; with ``--ask-all`` (``auto=False``) they are asked, with the pass as the only move."""
    g = paper_toss(3)
    state = state_at(g, "after", [[], ["kid"], ["bully"]], turn=1)
    view, legal = g.observe(state, 0), g.legal_actions(state, 0)
    names = ["You", "B", "C"]
    for auto, typed, asked in ((True, "", False), (False, "1\n", True)):
        out = io.StringIO()
        person = HumanAgent(
            g,
            0,
            "You",
            Console(file=out, width=200),
            io.StringIO(typed),
            renderer_for("paper-toss"),
            names,
            auto=auto,
        )
        assert person.act(view, legal, random.Random(1)) == PASS
        assert ("Your move: 1) pass" in out.getvalue()) is asked


def test_ask_all_asks_more_often_in_a_whole_game_from_a_pipe() -> None:
    """A whole Paper Toss! game typed from a pipe (always the first move listed): without
    ``--ask-all`` no prompt offers a pass alone; with it, some do, so there are more prompts."""
    typed = "1\n" * 3000
    code, quiet = play("paper-toss", "--seats", "human,default", "--seed", "5", typed=typed)
    assert code == 0, quiet
    code, asked = play(
        "paper-toss",
        "--seats",
        "human,default",
        "--seed",
        "5",
        "--ask-all",
        "--line",
        typed=typed,
    )
    assert code == 0, asked
    alone = "Your move: 1) pass\n"
    assert alone not in quiet
    assert alone in asked
    assert asked.count("Your move:") > quiet.count("Your move:")


def test_quit_at_the_prompt_keeps_the_record_to_go_on_later_and_help_lists_the_moves(
    tmp_path: Path,
) -> None:
    """Line mode: ``help`` shows how to answer and the prompt comes back; ``quit`` leaves the
    game (no error), keeping the record and saying how to go on."""
    record = tmp_path / "game.json"
    code, out = play(
        "toss-up", "--seats", "human:Ann,hold:20", "--record", str(record), typed="help\nquit\n"
    )
    assert code == 0, out
    assert "quit leaves the game" in out
    assert out.count("Your move:") == 2
    assert "Ann left the game." in out
    assert f"Go on with: gamenight play --resume {record}" in out
    assert json.loads(record.read_text())["outcome"] is None


@pytest.mark.parametrize(
    ("game", "table"),
    [
        ("toss-up", "Toss Up!: You, smart"),
        ("toss-your-cookies", "Toss Your Cookies: You, smart (1), smart (2)"),
        ("cover-your-cookies", "Cover Your Cookies: You, baker (1), baker (2)"),
    ],
)
def test_without_seats_you_play_the_default_bot_as_many_times_as_the_game_needs(
    game: str, table: str
) -> None:
    """``gamenight play GAME`` with no ``--seats`` seats you against the game's default bot, and
    a game for three or more gets as many of them as it needs at least (Toss Your Cookies and
    Cover Your Cookies take 3 players and up), instead of refusing two players."""
    code, out = play(game, "--seed", "1", typed="quit\n")
    assert code == 0, out
    assert table in out
    assert "You left the game." in out


def test_quit_when_called_to_the_screen_leaves_before_any_hand_is_shown() -> None:
    """Hot seat: ``quit`` typed at the "Press Enter when only you can see the screen" call leaves
    the game there, without showing that person's hand to whoever is at the screen."""
    code, out = play(
        "toss-your-cookies", "--seats", "human,human,smart", "--seed", "1", typed="quit\n"
    )
    assert code == 0, out
    assert "Player 0 left the game." in out
    assert "Your hand:" not in out


def test_unnamed_people_and_repeated_bots_are_numbered_by_their_seat() -> None:
    """The table's seat column and the moves that name a seat (``swap 2``) count seats from 0,
    so an unnamed person's number and a repeated bot's number are that same seat number."""
    seats = parse_seats(["smart", "human", "human", "smart"])
    assert seat_names(seats, "smart") == ["smart (0)", "Player 1", "Player 2", "smart (3)"]
