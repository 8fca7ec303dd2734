"""Bad input: each gets a precise error, and the match goes on unchanged."""

from __future__ import annotations

import pytest

from gamenight.engine import (
    ConfigError,
    IllegalAction,
    MalformedAction,
    Match,
    NotYourDecision,
    make_game,
)
from gamenight.games.paper_toss import PaperTossConfig
from gamenight.games.paper_toss.state import (
    DRINK,
    FLIP_ONE,
    PASS,
    TOSS,
    Bully,
    Counter,
    FlatTire,
    Hazard,
    Sprinkle,
)
from tests.paper_toss.helpers import flip, game, match_at, pass_all, snapshot, state_at


def refused(match: Match, player: int, action: object, error: type[Exception], words: str) -> None:
    """Submitting ``action`` raises ``error`` naming ``words``; nothing changes."""
    before = snapshot(match)
    with pytest.raises(error) as caught:
        match.submit(player, action, match.version)
    assert words in str(caught.value)
    assert snapshot(match) == before


def tossed() -> Match:
    g = game(3)
    hands = [
        ["paper_toss", "paper_toss", "food", "energy_drink", "bully"],
        ["kid", "dog", "flat_tire"],
        ["obstacle"],
    ]
    match = match_at(g, state_at(g, "main", hands))
    match.submit(0, TOSS, match.version)
    return match


@pytest.mark.parametrize("players", [1, 7])
def test_one_or_seven_players(players: int) -> None:
    """2 to 6 players: 1 or 7 is refused, naming the allowed range."""
    with pytest.raises(ConfigError, match="takes 2 to 6 players"):
        PaperTossConfig(players=players)
    with pytest.raises(ConfigError, match="takes 2 to 6 players"):
        make_game("paper-toss", players=players)


def test_bad_deck_options() -> None:
    """Deck options name the card kinds that exist."""
    with pytest.raises(ConfigError, match="name:count with a name from paper_toss"):
        PaperTossConfig(paper_deck=("cat:3",))
    with pytest.raises(ConfigError, match="at least one paper_toss"):
        PaperTossConfig(paper_deck=("dog:60",))
    with pytest.raises(ConfigError, match="first_player must be a seat from 0 to 1"):
        PaperTossConfig(first_player=2)


def test_a_counter_that_does_not_match() -> None:
    """Food counters Dog, not Kid."""
    match = tossed()
    match.submit(1, Hazard("kid"), match.version)
    refused(match, 0, Counter("food"), IllegalAction, "food does not counter kid")
    match.submit(0, PASS, match.version)  # the match goes on


def test_energy_drink_after_an_uncountered_hazard() -> None:
    """Energy Drink needs a clean window."""
    match = tossed()
    match.submit(1, Hazard("dog"), match.version)
    refused(match, 0, DRINK, IllegalAction, "Energy Drink needs a clean window")
    pass_all(match)
    flip(match, "perfect", "window")
    refused(match, 0, DRINK, NotYourDecision, "player 0 may not act now")


def test_a_second_paper_toss_in_one_turn() -> None:
    """Only once during each of your turns."""
    match = tossed()
    refused(match, 0, TOSS, IllegalAction, "only one Paper Toss per turn")
    pass_all(match)
    match.submit(0, FLIP_ONE, match.version)
    flip(match, "good_throw")
    refused(match, 0, TOSS, IllegalAction, "only one Paper Toss per turn")


def test_sprinklers_with_no_second_paper_toss() -> None:
    """Sprinklers pays only for a second Paper Toss card."""
    g = game(2)
    match = match_at(g, state_at(g, "main", [["paper_toss", "dog"], []]))
    match.submit(0, TOSS, match.version)
    pass_all(match)
    match.submit(0, FLIP_ONE, match.version)
    flip(match, "sprinklers")
    refused(match, 0, Sprinkle(True), IllegalAction, "no second Paper Toss card")
    match.submit(0, Sprinkle(False), match.version)


def test_targeting_a_player_not_in_the_game() -> None:
    """Bully and Flat Tire must name a seat at the table (and not yourself)."""
    match = tossed()
    refused(match, 0, Bully(5), IllegalAction, "there is no player 5: players are 0 to 2")
    refused(match, 1, FlatTire(-1), IllegalAction, "there is no player -1")
    refused(match, 0, Bully(0), IllegalAction, "must target another player")


def test_acting_outside_a_window() -> None:
    """Responses need an open window; players not asked may not act at all."""
    g = game(3)
    match = match_at(g, state_at(g, "main", [["paper_toss", "bully"], ["dog"], []]))
    refused(match, 1, Hazard("dog"), NotYourDecision, "player 1 may not act now")
    refused(match, 0, PASS, IllegalAction, "no response window open")
    refused(match, 0, Bully(1), IllegalAction, "none is open now")
    refused(match, 0, Hazard("dog"), IllegalAction, "only right after another player's")
    match.submit(0, TOSS, match.version)
    refused(match, 0, Hazard("dog"), IllegalAction, "cannot play a Hazard on your own")
    refused(match, 2, Hazard("dog"), IllegalAction, "you hold no dog card")


def test_malformed_text() -> None:
    """Typed moves that cannot be read say what moves look like."""
    g = game(2)
    with pytest.raises(MalformedAction, match="moves look like"):
        g.action_from_text("hazard")
    with pytest.raises(MalformedAction, match="moves look like"):
        g.action_from_text("juggle 3")
    with pytest.raises(MalformedAction, match="whole number"):
        g.action_from_text("bully two")


def test_card_names_that_do_not_exist() -> None:
    """A card that is no card of the game is named as such, with the cards that exist."""
    g = game(3)
    match = match_at(g, state_at(g, "discard", [["paper_toss", "dog"], ["kid"], []]))
    refused(match, 0, g.action_from_text("discard cat"), IllegalAction, "there is no 'cat' card")
    refused(match, 0, g.action_from_text("choose cat"), IllegalAction, "no 'cat' Toss card")
    refused(match, 0, g.action_from_text("counter dog"), IllegalAction, "dog is not a Counter")


def test_sprinkle_takes_yes_or_no_only() -> None:
    """``sprinkle maybe`` is not read as a no: it is refused, saying what is allowed."""
    g = game(2)
    with pytest.raises(MalformedAction, match="sprinkle takes yes or no"):
        g.action_from_text("sprinkle maybe")
    assert g.action_from_text("sprinkle n") == Sprinkle(False)
    assert g.action_from_text("sprinkle Yes") == Sprinkle(True)


def test_flipping_or_ending_before_drawing_up() -> None:
    """In the discard step, flip and end name the step they belong to."""
    g = game(2)
    match = match_at(g, state_at(g, "discard", [["paper_toss"], []]))
    refused(match, 0, FLIP_ONE, IllegalAction, "only after your Paper Toss comes through")
    refused(match, 0, g.action_from_text("end"), IllegalAction, "draw back up (type ready)")


def test_a_paper_toss_after_ending_the_turn() -> None:
    """Draw up, then toss or end: once the turn is ending, the toss is gone."""
    g = game(2)
    match = match_at(g, state_at(g, "main", [["paper_toss", "bully"], []]))
    match.submit(0, g.action_from_text("end"), match.version)
    refused(match, 0, TOSS, IllegalAction, "only right after you draw up")


def test_choosing_the_card_to_draw() -> None:
    """``draw dog`` reads as a chance outcome: players may not pick the deck's cards."""
    g = game(2)
    match = match_at(g, state_at(g, "discard", [["paper_toss"], []]))
    refused(match, 0, g.action_from_text("draw dog"), IllegalAction, "the decks decide")
