"""The ``gamenight`` command with Toss Your Cookies: play (piped input), simulate, rules."""

from __future__ import annotations

import json
import re

from typer.testing import CliRunner

from gamenight.cli import app

runner = CliRunner()


def test_play_against_bots_with_piped_input_runs_to_the_end() -> None:
    """`gamenight play toss-your-cookies --seats human,default,default` reads moves from a
    pipe (here always the first listed move) and plays the match out, seeded."""
    result = runner.invoke(
        app,
        ["play", "toss-your-cookies", "--seats", "human,default,default", "--seed", "0"],
        input="1\n" * 3000,
    )
    assert result.exit_code == 0, result.output
    assert "Toss Your Cookies: You, smart (1), smart (2)" in result.output
    assert "Snickerdoodle!" in result.output
    assert "Your hand:" in result.output
    assert "Your move: 1)" in result.output
    # a choice of cards says how to type it as well as by number
    assert "Type a number below, or the cards: e.g. toss fortune ginger" in result.output


def test_hot_seat_hides_each_hand_until_its_owner_is_at_the_screen() -> None:
    """ "Hot-seat play with several humans on one terminal hides each hand until its owner is
    at the screen.\""""
    result = runner.invoke(
        app,
        ["play", "toss-your-cookies", "--seats", "human,human,random", "--seed", "2"],
        input="1\n" * 6000,
    )
    assert result.exit_code == 0, result.output
    out = result.output
    call = (
        "Player 0, your move. Press Enter when only you can see the screen (or type quit to leave)."
    )
    assert call in " ".join(out.split())
    assert "Player 1, your move." in out
    # every hand shown is preceded by its owner's "only you can see the screen" call
    shown = out.split("Your hand:")
    assert len(shown) > 2
    for before in shown[:-1]:
        assert "Press Enter when only you can see the screen" in before
        shown_for = before.rsplit("your move. Press Enter", 1)[0].rsplit("\n", 1)[-1]
        assert shown_for.startswith(("Player 0,", "Player 1,")), shown_for
    # the table lines between turns are for everyone: no secret card is printed
    assert "You commit" not in out
    assert not re.search(r"^\S.* gets .* from ", out, re.M)


def test_a_bad_typed_move_gets_one_line_and_the_game_goes_on() -> None:
    """A wrong move gets one line saying what is allowed; the prompt comes back."""
    result = runner.invoke(
        app,
        ["play", "toss-your-cookies", "--seats", "human,random,random", "--seed", "1"],
        input="pass cake\n" + "1\n" * 3000,
    )
    assert result.exit_code == 0, result.output
    assert "unknown card 'cake'" in result.output


def test_simulate_json_reports_win_rates_rolls_and_action_shares() -> None:
    """`gamenight simulate ... --json`: win rates with intervals, how often each action came up
    and game length in rolls."""
    result = runner.invoke(
        app,
        [
            "simulate",
            "toss-your-cookies",
            "--bots",
            "default,random,random",
            "--games",
            "40",
            "--seed",
            "3",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["games"] == 40
    assert [s["bot"] for s in data["seats"]] == ["smart", "random", "random"]
    assert sum(s["wins"] for s in data["seats"]) == 40
    assert abs(sum(data["roll_shares"].values()) - 1) < 1e-9
    assert data["rolls_per_game"] == data["mean_turns"] > 0
    assert "milk_races_won" in data["seats"][0]


def test_simulate_refuses_nine_players_with_one_line() -> None:
    """9 players: a usage error naming the allowed range."""
    result = runner.invoke(
        app, ["simulate", "toss-your-cookies", "--bots", ",".join(["random"] * 9), "--games", "1"]
    )
    assert result.exit_code == 2
    assert "3 to 8 players" in result.output


def test_rules_page_has_the_rulings_and_how_to_play() -> None:
    """`gamenight rules toss-your-cookies` prints the rules page."""
    result = runner.invoke(app, ["rules", "toss-your-cookies"])
    assert result.exit_code == 0
    for heading in ("Toss Your Cookies", "Rulings this project follows", "In gamenight"):
        assert heading in result.output


def test_simulate_takes_the_rounds_and_free_scramble_options() -> None:
    """Options: "set a number of rounds before playing (suggested 3 or 5)" and
    ``free_scramble``, from ``-o key=value``; a number of rounds below 1 is refused."""
    args = ["simulate", "toss-your-cookies", "--bots", "default,default,random,random"]
    args += ["--games", "10", "--seed", "1", "-o", "rounds=3", "-o", "free_scramble=true"]
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["config"]["rounds"] == 3
    assert data["config"]["free_scramble"] is True
    assert sum(s["wins"] for s in data["seats"]) == 10
    bad = runner.invoke(
        app,
        ["simulate", "toss-your-cookies", "--bots", "random,random,random", "-o", "rounds=0"],
    )
    assert bad.exit_code == 2
    assert "rounds must be from 1 to 99, got 0" in bad.output


def test_a_typed_move_that_breaks_a_rule_is_told_which_rule() -> None:
    """At the prompt, a move that parses but is illegal gets the game's own reason."""
    moves = "toss fortune fortune fortune\ntoss milk milk\n" + "1\n" * 3000
    result = runner.invoke(
        app,
        ["play", "toss-your-cookies", "--seats", "human,default,default", "--seed", "38"],
        input=moves,
    )
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "Toss / 2 asks for exactly 2 cards to toss, not 3" in text
    assert "you hold only 1 Milk (milk)" in text
