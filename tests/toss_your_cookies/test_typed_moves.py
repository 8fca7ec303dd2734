"""Moves as people type them, and moves built badly: a clear, short error, never a traceback."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from gamenight.cli import app
from gamenight.engine import MalformedAction, Match
from gamenight.games.toss_your_cookies.state import (
    Commit,
    Deal,
    Dice,
    Draw,
    Grab,
    Pick,
    Take,
    Target,
)
from tests.toss_your_cookies.helpers import at_rest, make, match_at, roll, snapshot

HUGE = "9" * 5000


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("pick ²", "pick needs a face-down card's number (e.g. pick 1), not '²'"),
        ("swap ³", "swap needs a seat number (e.g. swap 1), not '³'"),
        ("swap ٣", "swap needs a seat number (e.g. swap 1), not '٣'"),
        ("take ² milk", "take needs a seat number (e.g. take 1 milk), not '²'"),
        (f"pick {HUGE}", "pick needs a face-down card's number (e.g. pick 1), not '9999"),
        (f"swap {HUGE}", "swap needs a seat number (e.g. swap 1), not '9999"),
        ("swap smart", "swap needs a seat number (e.g. swap 1), not 'smart'"),
        ("pick 0", "face-down cards are numbered from 1: pick 1, pick 2, ..."),
        ("take 1", "type it as take SEAT CARD (e.g. take 1 milk)"),
        ("swap", "type it as swap SEAT (e.g. swap 1)"),
        ("grab cake", "unknown card 'cake'; cards are: fortune, ginger, half, milk, sandwich"),
        ("pass", "pass needs the cards, e.g. pass fortune"),
    ],
)
def test_numbers_and_words_a_person_might_type(text: str, message: str) -> None:
    """Unicode digits, a 5000-digit number, a name where a seat goes: each is refused with the
    form to type (issue: `pick ²`, `swap ³` and a huge number ended in a traceback, and
    `swap smart` was refused as "unknown action 'swap'")."""
    game = make(4)
    with pytest.raises(MalformedAction) as caught:
        game.action_from_text(text)
    assert str(caught.value).startswith(message)
    assert len(str(caught.value)) < 300


def test_a_stray_word_lists_the_moves_a_person_makes() -> None:
    """A stray word is answered with the moves a person can type, never the internal action
    names or the chance steps nobody makes (deal, draw, dice)."""
    game = make(4)
    with pytest.raises(MalformedAction) as caught:
        game.action_from_text("juggle 2")
    message = str(caught.value)
    assert message.startswith("unknown move 'juggle'; moves: pass CARD ... (also toss, give or ")
    assert "swap SEAT, grab CARD" in message
    assert "seats are 0 to 3; cards: fortune, ginger, half, milk, sandwich, sugar, wild" in message
    words = set(message.replace(",", " ").replace(";", " ").split())
    assert not words & {"deal", "draw", "dice", "roll", "target"}


def test_an_error_never_echoes_a_flood() -> None:
    """Issue: "error messages echo the whole input": a long word is cut short when echoed."""
    game = make(4)
    with pytest.raises(MalformedAction) as caught:
        game.action_from_text("pass " + "x" * 200_000)
    assert len(str(caught.value)) < 200
    with pytest.raises(MalformedAction) as caught:
        game.action_from_text("y" * 200_000)
    assert len(str(caught.value)) < 400


def test_every_canonical_text_form_reads_back() -> None:
    """The canonical forms (the records' text) read back, chance steps included."""
    game = make(4)
    for action in [
        Commit(("ginger", "wild")),
        Target(2),
        Grab("milk"),
        Take(3, "half"),
        Pick(4),
        Deal("sugar"),
        Dice("pass_left", "all"),
        Draw("wild"),
    ]:
        assert game.action_from_text(game.action_to_text(action)) == action
    assert game.action_from_json({"type": "roll", "action": "toss", "number": "2"}) == Dice(
        "toss", "2"
    )


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (Target(None), "the player of a target must be a whole number"),  # type: ignore[arg-type]
        (Target("1"), "the player of a target must be a whole number"),  # type: ignore[arg-type]
        (Target(True), "the player of a target must be a whole number"),
        (Commit(None), "now the roller chooses whom to swap with"),  # type: ignore[arg-type]
    ],
)
def test_a_move_built_with_wrong_types_is_refused_in_words(action: object, reason: str) -> None:
    """Issue: "an action object with wrong-typed fields crashes while its refusal is being
    worded", and "`True` is not seat 1": each is refused, and the match is unchanged."""
    game = make(4)
    match = match_at(game)
    roll(match, "swap", "1")
    before = snapshot(match)
    with pytest.raises(MalformedAction, match="must be"):  # the engine checks types
        match.submit(0, action, match.version)
    why = game.explain_illegal(match.state, 0, action)
    assert why is not None and re.search(reason, why), why  # and the game words it
    assert snapshot(match) == before


@pytest.mark.parametrize(
    "action",
    [
        Commit(None),  # type: ignore[arg-type]
        Commit(("ginger", 3)),  # type: ignore[arg-type]
        Commit(["ginger", "ginger"]),  # type: ignore[arg-type]
    ],
)
def test_a_commitment_of_the_wrong_type_is_refused_in_words(action: Commit) -> None:
    """A commitment is a tuple of card ids."""
    game = make(4)
    match = match_at(game)
    roll(match, "pass_left", "2")
    with pytest.raises(MalformedAction, match="must be"):  # the engine checks types
        match.submit(1, action, match.version)
    why = game.explain_illegal(match.state, 1, action)
    assert why is not None and re.search(
        "the cards of a commit must be a tuple of card ids", why
    ), why  # and the game words it


@pytest.mark.parametrize(
    "action",
    [Pick("x"), Pick(None), Pick(1.0)],  # type: ignore[arg-type]
)
def test_a_blind_pick_of_the_wrong_type_is_refused_in_words(action: Pick) -> None:
    """A face-down card is chosen by its position, a whole number."""
    game = make(4)
    match = match_at(game, at_rest(game, turn=2))
    roll(match, "swap", "milk")
    with pytest.raises(MalformedAction, match="must be"):  # the engine checks types
        match.submit(0, action, match.version)
    why = game.explain_illegal(match.state, 0, action)
    assert why is not None and re.search("the position of a pick must be a whole number", why), (
        why
    )  # and the game words it


def test_a_scramble_grab_or_take_of_the_wrong_type_is_refused_in_words() -> None:
    """Grabs name a card; takes name a seat and a card."""
    game = make(4, free_scramble=True)
    match = match_at(game)
    roll(match, "toss", "1")
    for seat, card in enumerate(["ginger", "sandwich", "half", "fortune"]):
        match.submit(seat, Commit((card,)), match.version)
    with pytest.raises(MalformedAction, match="must be"):  # the engine checks types
        match.submit(1, Grab(None), match.version)  # type: ignore[arg-type]
    why = game.explain_illegal(match.state, 1, Grab(None))  # type: ignore[arg-type]
    assert why is not None and re.search("the card of a grab must be a card id", why), (
        why
    )  # and the game words it
    for seat, card in [(1, "fortune"), (1, "ginger"), (2, "half"), (1, "sandwich")]:
        match.submit(seat, Grab(card), match.version)
    with pytest.raises(MalformedAction, match="must be"):  # the engine checks types
        match.submit(0, Take(None, "ginger"), match.version)  # type: ignore[arg-type]
    why = game.explain_illegal(match.state, 0, Take(None, "ginger"))  # type: ignore[arg-type]
    assert why is not None and re.search("the player of a take must be a whole number", why), (
        why
    )  # and the game words it
    with pytest.raises(MalformedAction, match="must be"):  # the engine checks types
        match.submit(0, Take(1, 3), match.version)  # type: ignore[arg-type]
    why = game.explain_illegal(match.state, 0, Take(1, 3))  # type: ignore[arg-type]
    assert why is not None and re.search("the card of a take must be a card id", why), (
        why
    )  # and the game words it
    match.submit(0, Take(1, "ginger"), match.version)  # the match goes on


def test_unicode_digits_at_the_prompt_get_one_line_and_the_game_goes_on() -> None:
    """At the terminal, `swap ³`, `swap smart` and a 5000-digit seat are each answered with
    one line, and the game goes on (seed 5 opens with Swap / 2 for the person)."""
    runner = CliRunner()
    moves = f"swap ³\nswap smart\nswap {HUGE}\npick ²\n" + "1\n" * 3000
    result = runner.invoke(
        app,
        ["play", "toss-your-cookies", "--seats", "human,default,default", "--seed", "5"],
        input=moves,
    )
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "swap needs a seat number (e.g. swap 1), not '³'" in text
    assert "swap needs a seat number (e.g. swap 1), not 'smart'" in text
    assert "pick needs a face-down card's number (e.g. pick 1), not '²'" in text
    assert "Traceback" not in text


def test_a_match_over_refuses_further_moves() -> None:
    """After the winning card nobody moves again."""
    game = make(4)
    match: Match = match_at(game)
    roll(match, "toss", "1")
    for seat, card in enumerate(["ginger", "wild", "half", "sugar"]):
        match.submit(seat, Commit((card,)), match.version)
    match.submit(0, Grab("sugar"), match.version)
    assert game.legal_actions(match.state, 1) == ()
