"""Bad input: each gets a precise error, and the match is left exactly as it was."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from gamenight.engine import (
    ConfigError,
    IllegalAction,
    MalformedAction,
    Match,
    NotYourDecision,
    make_game,
)
from gamenight.games.toss_your_cookies import TossYourCookiesConfig
from gamenight.games.toss_your_cookies.state import Commit, Grab, Pick, Take, Target
from tests.toss_your_cookies.helpers import at_rest, make, match_at, roll, snapshot


def refused(match: Match, error: type[Exception], pattern: str, act: Callable[[], Any]) -> None:
    """``act`` raises ``error`` matching ``pattern`` and changes nothing in ``match``."""
    before = snapshot(match)
    with pytest.raises(error, match=pattern):
        act()
    assert snapshot(match) == before


@pytest.mark.parametrize("players", [2, 9])
def test_two_or_nine_players_are_refused(players: int) -> None:
    """The game is for "3 to 8 players"."""
    with pytest.raises(ConfigError, match="this game takes 3 to 8 players"):
        TossYourCookiesConfig(players=players)
    with pytest.raises(ConfigError, match="3 to 8"):
        make_game("toss-your-cookies", players=players)


def at_pass(number: str = "2") -> Match:
    game = make(4)
    match = match_at(game)
    roll(match, "pass_left", number)
    return match


def test_committing_cards_you_do_not_hold() -> None:
    """Seat 1 holds no sugar and one wild: the error names the missing card, then the legal
    commitments."""
    match = at_pass()
    refused(
        match,
        IllegalAction,
        r"'commit sugar,wild' is not legal now for player 1: you hold no Iced Sugar \(sugar\); "
        "legal: commit ginger,ginger",
        lambda: match.submit(1, Commit(("sugar", "wild")), match.version),
    )
    refused(
        match,
        IllegalAction,
        r"not legal now for player 1: you hold only 1 Wild \(wild\);",
        lambda: match.submit(1, Commit(("wild", "wild")), match.version),
    )
    match.submit(1, Commit(("ginger", "wild")), match.version)  # the match goes on
    assert match.state.commits[1] == ("ginger", "wild")


def test_committing_the_wrong_number_of_cards() -> None:
    """Pass Left / 2 asks for exactly two cards."""
    match = at_pass("2")
    refused(
        match,
        IllegalAction,
        "'commit ginger' is not legal now for player 1: Pass Left / 2 asks for exactly 2 cards "
        "to pass, not 1;",
        lambda: match.submit(1, Commit(("ginger",)), match.version),
    )
    refused(
        match,
        IllegalAction,
        "not legal now for player 1: Pass Left / 2 asks for exactly 2 cards to pass, not 3",
        lambda: match.submit(1, Commit(("ginger", "ginger", "wild")), match.version),
    )


def test_committing_twice_is_not_your_decision() -> None:
    """A commitment is final: once in, the seat is no longer asked."""
    match = at_pass("1")
    match.submit(2, Commit(("half",)), match.version)
    refused(
        match,
        NotYourDecision,
        r"player 2 may not act now \(simultaneous; deciding: 0, 1, 3\): your cards for this "
        "action are already committed, and a commitment is final",
        lambda: match.submit(2, Commit(("fortune",)), match.version),
    )


def test_swapping_with_yourself() -> None:
    """ "Choose any player and swap": another player, never yourself."""
    game = make(4)
    match = match_at(game)
    roll(match, "swap", "1")
    refused(
        match,
        IllegalAction,
        "'target 0' is not legal now for player 0: you cannot swap with yourself: choose another "
        "player; legal: target 1, target 2, target 3",
        lambda: match.submit(0, Target(0), match.version),
    )
    refused(
        match,
        IllegalAction,
        "not legal now for player 0: there is no player 7: players are 0 to 3",
        lambda: match.submit(0, Target(7), match.version),
    )


def test_the_tosser_grabbing_the_milk() -> None:
    """ "The player who tosses the milk may not also try to grab it.\""""
    game = make(4)
    match = match_at(game)
    roll(match, "toss", "milk")
    refused(
        match,
        NotYourDecision,
        r"player 0 may not act now \(race; deciding: 1, 2, 3\): you tossed the milk, and the "
        "player who tosses the milk may not also grab it",
        lambda: match.submit(0, Grab("milk"), match.version),
    )
    match.submit(3, Grab("milk"), match.version)
    assert match.state.target == 3


def test_grabbing_past_the_cap() -> None:
    """RULINGS: "A player may grab at most as many cards as they tossed.\""""
    game = make(4)
    match = match_at(game)
    roll(match, "toss", "1")
    for seat, card in enumerate(["ginger", "sandwich", "half", "fortune"]):
        match.submit(seat, Commit((card,)), match.version)
    match.submit(1, Grab("ginger"), match.version)
    refused(
        match,
        NotYourDecision,
        r"player 1 may not act now \(race; deciding: 0, 2, 3\): you have grabbed back 1 of the "
        "1 card you tossed, and a player may grab back at most as many as they tossed",
        lambda: match.submit(1, Grab("fortune"), match.version),
    )


def test_grabbing_a_card_that_is_not_in_the_middle() -> None:
    """Only the tossed cards are in the middle."""
    game = make(4)
    match = match_at(game)
    roll(match, "toss", "1")
    for seat, card in enumerate(["ginger", "sandwich", "half", "fortune"]):
        match.submit(seat, Commit((card,)), match.version)
    refused(
        match,
        IllegalAction,
        r"'grab milk' is not legal now for player 2: there is no Milk \(milk\) in the middle; "
        "legal: grab fortune, grab ginger",
        lambda: match.submit(2, Grab("milk"), match.version),
    )


def test_acting_when_it_is_not_your_decision() -> None:
    """Only the roller chooses a swap partner; nobody acts while the dice are rolling."""
    game = make(4)
    match = match_at(game, at_rest(game, turn=1))
    refused(
        match,
        NotYourDecision,
        r"player 1 may not act now \(chance; deciding: chance\)",
        lambda: match.submit(1, Target(2), match.version),
    )
    roll(match, "swap", "2")
    refused(
        match,
        NotYourDecision,
        r"player 2 may not act now \(single; deciding: 1\): only the roller \(player 1\) "
        "chooses the swap",
        lambda: match.submit(2, Target(3), match.version),
    )
    refused(
        match,
        NotYourDecision,
        "there is no player 4; players are 0 to 3",
        lambda: match.submit(4, Target(3), match.version),
    )


def test_malformed_moves_say_what_is_allowed() -> None:
    """Typed moves name the cards and moves that exist."""
    game = make(4)
    with pytest.raises(
        MalformedAction, match=r"unknown card.*cake.*cards are: fortune, ginger, half, milk"
    ):
        game.action_from_text("pass cake")
    with pytest.raises(MalformedAction, match=r"unknown move .juggle.; moves: pass CARD"):
        game.action_from_text("juggle 2")
    with pytest.raises(MalformedAction, match="field 'cards' of 'commit' must be a list"):
        game.action_from_json({"type": "commit", "cards": "chip"})


def test_friendly_text_forms_decode_to_the_canonical_moves() -> None:
    """``pass wild ginger`` is the same move as ``commit ginger,wild``; ``swap 2`` a target."""
    game = make(4)
    assert game.action_from_text("pass wild ginger") == Commit(("ginger", "wild"))
    assert game.action_from_text("commit ginger,wild") == Commit(("ginger", "wild"))
    assert game.action_from_text("swap 2") == Target(2)
    assert game.action_from_text("grab milk") == Grab("milk")
    assert game.action_from_text("grab_milk") == Grab("milk")  # one move for the milk
    assert game.action_from_text("GRAB Milk") == Grab("milk")
    assert game.action_from_json({"type": "grab_milk"}) == Grab("milk")
    assert game.action_from_json({"type": "commit", "cards": ["wild", "ginger"]}) == Commit(
        ("ginger", "wild")
    )


def test_picking_a_face_down_card_that_is_not_there() -> None:
    """A blind draw points at one of the other hand's seven face-down cards, no other."""
    game = make(4)
    match = match_at(game, at_rest(game, turn=2))
    roll(match, "swap", "milk")  # seat 0 holds the milk and draws blindly from seat 2
    refused(
        match,
        IllegalAction,
        "'pick 8' is not legal now for player 0: there is no face-down card 8: player 2 holds 7, "
        "so pick 1 to 7; legal: pick 1, pick 2",
        lambda: match.submit(0, game.action_from_text("pick 8"), match.version),
    )
    refused(
        match,
        NotYourDecision,
        r"player 2 may not act now \(single; deciding: 0\): player 0 is drawing blindly from "
        "player 2",
        lambda: match.submit(2, Pick(0), match.version),
    )
    match.submit(0, Pick(0), match.version)
    assert match.state.phase == "draw"


def test_a_move_of_the_wrong_kind_names_what_the_phase_asks_for() -> None:
    """In a scramble a pass is refused with what to do instead; in the race for the milk only
    the milk can be grabbed."""
    game = make(4)
    match = match_at(game)
    roll(match, "toss", "1")
    for seat, card in enumerate(["ginger", "sandwich", "half", "fortune"]):
        match.submit(seat, Commit((card,)), match.version)
    refused(
        match,
        IllegalAction,
        "not legal now for player 2: now everyone scrambles for the tossed cards, one at a time "
        r"\(grab CARD\)",
        lambda: match.submit(2, Commit(("half",)), match.version),
    )
    match = match_at(game, at_rest(game, turn=1))
    roll(match, "toss", "milk")
    refused(
        match,
        IllegalAction,
        "'grab sugar' is not legal now for player 2: only the milk is in the middle: grab milk",
        lambda: match.submit(2, Grab("sugar"), match.version),
    )


def test_evening_up_names_the_hand_to_take_from() -> None:
    """Free scramble: "whoever collected more than seven must show their entire hand and let you
    choose": only a shown, over-full hand can be taken from, and only its cards."""
    game = make(4, free_scramble=True)
    match = match_at(game)
    roll(match, "toss", "1")
    for seat, card in enumerate(["ginger", "sandwich", "half", "fortune"]):
        match.submit(seat, Commit((card,)), match.version)
    for seat, card in [(1, "fortune"), (1, "ginger"), (2, "half"), (1, "sandwich")]:
        match.submit(seat, Grab(card), match.version)
    assert match.pending.players == (0,)
    refused(
        match,
        IllegalAction,
        "'take 2 half' is not legal now for player 0: player 2 holds no more than seven cards",
        lambda: match.submit(0, Take(2, "half"), match.version),
    )
    refused(
        match,
        IllegalAction,
        r"player 1's shown hand has no Milk \(milk\)",
        lambda: match.submit(0, Take(1, "milk"), match.version),
    )
    refused(
        match,
        NotYourDecision,
        "you already hold seven or more cards; only a player left short takes cards",
        lambda: match.submit(1, Take(1, "ginger"), match.version),
    )
    refused(
        match,
        NotYourDecision,
        "another player left short chooses first, in seat order from the roller",
        lambda: match.submit(3, Take(1, "ginger"), match.version),
    )
