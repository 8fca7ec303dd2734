"""Scenario tests: the milk face, the free scramble, winning mid-action, rounds."""

from __future__ import annotations

from collections import Counter

from gamenight.engine import Kind
from gamenight.games.toss_your_cookies.rules import receiver
from gamenight.games.toss_your_cookies.state import (
    Commit,
    Draw,
    Grab,
    Phase,
    Pick,
    Take,
    Target,
)
from tests.toss_your_cookies.helpers import (
    FOUR,
    at_rest,
    blind,
    chance,
    kinds,
    make,
    match_at,
    roll,
)


def test_pass_left_milk_the_passer_draws_blindly_before_the_receiver_adds_the_milk() -> None:
    """ "Whoever has the milk card must pass it to the player on the left. The recipient must
    then let the passer blindly choose a card from his hand before adding the milk (so that
    both have an equal number again)." The milk has left the passer: the wild drawn makes five
    sugars, but without the milk it is no win."""
    game = make(4)
    match = match_at(game, at_rest(game, turn=2))
    events = roll(match, "pass_left", "milk")
    assert "milk_moving" in kinds(events)
    state = match.state
    assert state.phase == Phase.PICK
    assert (state.draw.drawer, state.draw.source) == (0, 1)
    assert "milk" not in state.hands[0]
    assert state.limbo == ("milk",)
    assert match.view(3)["state"]["limbo"] == ["milk"]  # everyone sees the milk go
    match.submit(0, Pick(3), match.version)
    assert match.state.phase == Phase.DRAW
    outcomes = {o.card for o, _ in game.chance_outcomes(match.state)}
    assert outcomes == {"ginger", "sandwich", "wild"}
    chance(match, Draw("wild"))
    assert Counter(match.state.hands[0]) == Counter(sugar=4, wild=1, ginger=1, fortune=1)
    assert "milk" in match.state.hands[1]
    assert match.state.winner is None
    assert [len(h) for h in match.state.hands] == [7] * 4
    assert match.state.phase == Phase.ROLL
    assert match.state.turn == 3
    assert match.view(2)["state"]["milk_seen"] == 1


def test_the_milk_can_win_on_another_players_turn() -> None:
    """ "This can happen in the middle of an action or during another player's turn." Seat 1
    keeps four gingers and the wild, and the milk arrives on seat 2's roll."""
    game = make(4, rounds=1)
    match = match_at(game, at_rest(game, turn=2))
    roll(match, "pass_left", "milk")
    events = blind(match, "sandwich")
    assert "snickerdoodle" in kinds(events)
    state = match.state
    assert state.phase == Phase.OVER
    assert state.winner == 1
    assert state.last_win == (1, ("ginger",) * 4 + ("milk", "sandwich", "wild"))
    win = next(e for e in events if e.kind == "snickerdoodle")
    assert win.for_viewer(None)["turn"] == 2  # shown to everyone, on seat 2's turn


def test_pass_right_milk_goes_right_even_when_the_roller_holds_it() -> None:
    """ "The same applies for Pass Right." RULINGS: "Pass + milk when the roller holds the milk:
    the milk still moves.\""""
    game = make(4)
    match = match_at(game, at_rest(game, turn=0))
    roll(match, "pass_right", "milk")
    assert (match.state.draw.drawer, match.state.draw.source, match.state.target) == (0, 3, 3)
    blind(match, "sugar")
    assert "milk" in match.state.hands[3]
    assert Counter(match.state.hands[0])["sugar"] == 5
    assert match.state.winner is None


def test_swap_milk_the_holder_swaps_it_with_the_roller() -> None:
    """ "Whoever has the milk card must swap it with the player who rolled the dice. The recipient
    must then let the swapper blindly choose a card from his hand before adding the milk.\""""
    game = make(4)
    match = match_at(game, at_rest(game, turn=2))
    roll(match, "swap", "milk")
    assert (match.state.draw.drawer, match.state.draw.source) == (0, 2)
    match.submit(0, Pick(0), match.version)
    outcomes = {o.card for o, _ in game.chance_outcomes(match.state)}
    assert outcomes == {"fortune", "half", "sandwich"}
    chance(match, Draw("half"))
    assert Counter(match.state.hands[2]) == Counter(fortune=4, sandwich=2, milk=1)
    assert "half" in match.state.hands[0]
    assert match.state.turn == 3


def test_swap_milk_does_nothing_when_the_roller_holds_the_milk() -> None:
    """ "No action if the player who rolled the dice already has the milk card.\""""
    game = make(4)
    match = match_at(game)
    events = roll(match, "swap", "milk")
    assert kinds(events) == ["rolled", "milk_stays", "turn_started"]  # then seat 1 rolls
    assert match.state.hands == FOUR
    assert match.state.phase == Phase.ROLL
    assert match.state.turn == 1


def test_toss_milk_everyone_but_the_tosser_races_and_the_winner_gives_a_blind_card() -> None:
    """ "Whoever has the milk card must toss it into the center of the playing area. Everyone else
    scrambles to be the first to grab it. Whoever ends up with the milk must let the tosser
    blindly choose a card from his hand before adding the milk." "The player who tosses the
    milk may not also try to grab it.\""""
    game = make(4)
    match = match_at(game, at_rest(game, turn=1))
    roll(match, "toss", "milk")
    assert match.state.phase == Phase.MILK_RACE
    assert match.state.centre == ("milk",)
    assert match.pending.kind is Kind.RACE
    assert match.pending.players == (1, 2, 3)
    assert game.legal_actions(match.state, 0) == ()
    match.submit(2, Grab("milk"), match.version)
    assert (match.state.draw.drawer, match.state.draw.source) == (0, 2)
    assert "milk" not in match.state.hands[2]  # added only after the tosser's draw
    blind(match, "fortune")
    assert "milk" in match.state.hands[2]
    assert Counter(match.state.hands[0])["fortune"] == 2
    assert [len(h) for h in match.state.hands] == [7] * 4


def test_a_win_in_the_middle_of_a_scramble_ends_the_round_at_once() -> None:
    """The win is "checked after every single card movement ... mid-action included": seat 0
    grabs a fifth sugar while cards are still in the middle."""
    game = make(4)
    match = match_at(game)
    roll(match, "toss", "1")
    for seat, card in enumerate(["ginger", "wild", "half", "sugar"]):
        match.submit(seat, Commit((card,)), match.version)
    events = match.submit(0, Grab("sugar"), match.version)
    assert "snickerdoodle" in kinds(events)
    assert match.state.phase == Phase.OVER
    assert match.state.winner == 0
    assert match.pending.kind is Kind.TERMINAL


def test_a_win_in_the_middle_of_a_swap_stops_the_swap() -> None:
    """Checked after every single card movement: the roller's first blind draw is the fifth
    sugar, so the second draw never happens."""
    game = make(4)
    match = match_at(game)
    roll(match, "swap", "2")
    match.submit(0, Target(3), match.version)
    match.submit(0, Commit(("fortune", "ginger")), match.version)
    blind(match, "sugar")
    assert match.state.phase == Phase.OVER
    assert match.state.winner == 0


def test_a_pass_can_win_for_the_milk_holder_on_someone_elses_turn() -> None:
    """ "This can happen ... during another player's turn": seat 0 is passed a fifth sugar."""
    game = make(4)
    match = match_at(game, at_rest(game, turn=2))
    roll(match, "pass_left", "1")
    for seat, card in enumerate(["ginger", "wild", "half", "sugar"]):
        match.submit(seat, Commit((card,)), match.version)
    assert match.state.winner == 0
    assert match.outcome().winners == (0,)


def test_only_the_milk_holder_can_win() -> None:
    """RULINGS: "Only the milk holder can qualify, so there is never a tie." Seat 1 is passed a
    fifth ginger (with its wild) but has no milk: play goes on."""
    game = make(4)
    match = match_at(game)
    roll(match, "pass_left", "1")
    for seat, card in enumerate(["ginger", "sandwich", "half", "fortune"]):
        match.submit(seat, Commit((card,)), match.version)
    assert Counter(match.state.hands[1]) == Counter(ginger=5, wild=1, sandwich=1)
    assert match.state.winner is None
    assert match.state.phase == Phase.ROLL


def test_free_scramble_lifts_the_cap_and_the_short_choose_from_shown_hands() -> None:
    """House option ``free_scramble``: no cap; then "If you end up with fewer than seven cards,
    whoever collected more than seven must show their entire hand and let you choose whichever
    cards you want to make your hand equal seven.\""""
    game = make(4, free_scramble=True)
    match = match_at(game)
    roll(match, "toss", "1")
    for seat, card in enumerate(["ginger", "sandwich", "half", "fortune"]):
        match.submit(seat, Commit((card,)), match.version)
    match.submit(1, Grab("fortune"), match.version)
    assert match.pending.players == (0, 1, 2, 3)  # no cap: seat 1 may grab again
    match.submit(1, Grab("ginger"), match.version)
    match.submit(2, Grab("half"), match.version)
    match.submit(1, Grab("sandwich"), match.version)
    state = match.state
    assert state.phase == Phase.EVEN_UP
    assert [len(h) for h in state.hands] == [6, 9, 7, 6]
    shown = match.view(3)["state"]["shown_hands"]
    assert shown[1] == list(state.hands[1])
    assert shown[0] is None
    assert shown[2] is None
    assert match.pending.players == (0,)  # the short, in seat order from the roller
    assert {a.player for a in game.legal_actions(state, 0)} == {1}
    match.submit(0, Take(1, "ginger"), match.version)
    assert match.pending.players == (3,)
    match.submit(3, Take(1, "wild"), match.version)
    assert [len(h) for h in match.state.hands] == [7] * 4
    assert match.state.phase == Phase.ROLL
    assert match.state.turn == 1
    assert match.view(3)["state"]["shown_hands"] == [None] * 4


def test_rounds_first_to_a_majority_wins_the_match() -> None:
    """ "For a longer game, set a number of rounds before playing (suggested 3 or 5). First
    player to win a majority of rounds wins the game.\""""
    game = make(4, rounds=3)
    match = match_at(game)
    roll(match, "toss", "1")
    for seat, card in enumerate(["ginger", "wild", "half", "sugar"]):
        match.submit(seat, Commit((card,)), match.version)
    match.submit(0, Grab("sugar"), match.version)
    state = match.state
    assert state.round_wins == (1, 0, 0, 0)
    assert state.phase == Phase.DEAL
    assert state.round == 1
    assert state.starter == 1
    assert receiver(state) == 1
    assert all(not h for h in state.hands)
    assert len(state.deck) == 28
    assert match.pending.kind is Kind.CHANCE
    # a second round won by seat 0 decides the match (2 of 3)
    match.state = at_rest(game, turn=1, round=1, starter=1, round_wins=(1, 0, 0, 0))
    roll(match, "pass_left", "1")
    for seat, card in enumerate(["ginger", "wild", "half", "sugar"]):
        match.submit(seat, Commit((card,)), match.version)
    assert match.state.phase == Phase.OVER
    assert match.outcome().winners == (0,)
    assert match.outcome().scores == (2.0, 0.0, 0.0, 0.0)


def test_a_scramble_without_the_milk_keeps_a_known_holder_known() -> None:
    """The tossed cards are face up, so when the milk is not among them everyone still knows
    where it is (this project's public-knowledge rule)."""
    game = make(4)
    match = match_at(game, at_rest(game, milk_seen=0))
    roll(match, "toss", "1")
    for seat, card in enumerate(["ginger", "wild", "half", "fortune"]):
        match.submit(seat, Commit((card,)), match.version)
    assert match.state.phase == Phase.SCRAMBLE
    assert match.view(2)["state"]["milk_seen"] == 0


def test_the_swap_partner_wins_on_the_first_card_picked_up() -> None:
    """Checked after every single card movement: seat 0 (milk, four sugars) picks up the two
    sugars seat 3 gave, one at a time; the first makes five and wins at once, and the second
    stays face down where it was."""
    game = make(4)
    match = match_at(game, at_rest(game, turn=3))
    roll(match, "swap", "2")
    match.submit(3, Target(0), match.version)
    match.submit(3, Commit(("sugar", "sugar")), match.version)
    blind(match, "ginger")
    events = blind(match, "fortune")
    state = match.state
    assert kinds(events)[-2:] == ["snickerdoodle", "game_over"]
    assert state.winner == 0
    assert Counter(state.hands[0]) == Counter(sugar=5, milk=1)
    assert state.limbo == ("sugar",)
    everything = [*state.limbo] + [c for h in state.hands for c in h]
    assert Counter(everything) == Counter(c for h in FOUR for c in h)


def test_the_milk_tossed_in_an_ordinary_toss_is_a_card_like_any_other() -> None:
    """This project's choice (rules page): "The player who tosses the milk may not also try to
    grab it" belongs to the milk face; in Toss / 1 the milk's tosser may grab it back, and no
    blind card changes hands."""
    game = make(4)
    match = match_at(game)
    roll(match, "toss", "1")
    for seat, card in enumerate(["milk", "wild", "half", "fortune"]):
        match.submit(seat, Commit((card,)), match.version)
    assert match.state.phase == Phase.SCRAMBLE
    assert 0 in match.pending.players
    assert Grab("milk") in game.legal_actions(match.state, 0)
    match.submit(0, Grab("milk"), match.version)
    for seat, card in [(1, "wild"), (2, "half"), (3, "fortune")]:
        match.submit(seat, Grab(card), match.version)
    assert match.state.phase == Phase.ROLL
    assert match.state.hands == FOUR
    assert match.view(2)["state"]["milk_seen"] == 0
