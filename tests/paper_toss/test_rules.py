"""Scenario tests: one per rule of Paper Toss! (seed 002) and per ruling (RULINGS.md)."""

from __future__ import annotations

from dataclasses import replace

from gamenight.engine import CHANCE, Kind, Match
from gamenight.games.paper_toss.state import (
    DRINK,
    END_TURN,
    FLIP_ONE,
    PASS,
    READY,
    TOSS,
    Bully,
    Choose,
    Counter,
    Discard,
    Draw,
    FlatTire,
    Hazard,
    Sprinkle,
)
from tests.paper_toss.helpers import (
    draw,
    flip,
    game,
    match_at,
    pass_all,
    state_at,
    total_cards,
)

TOSSER_HAND = ["paper_toss", "food", "trick", "energy_drink", "bully"]


def tossed(players: int = 3, hands: list[list[str]] | None = None, **changes: object) -> Match:
    """Player 0 has just played a Paper Toss; the hazard window is open."""
    g = game(players)
    hands = hands or [TOSSER_HAND, ["dog", "kid", "obstacle", "bully", "flat_tire"], ["dog"]]
    match = match_at(g, state_at(g, "main", hands, **changes))
    match.submit(0, TOSS, match.version)
    return match


# ---- setting up ------------------------------------------------------------------------------
def test_decks_come_from_the_components_data() -> None:
    """RULINGS: "Paper deck 60 cards, Toss deck 40 cards", counts from the defaults (data)."""
    g = game(2)
    state = g.initial_state()
    assert sum(state.paper_deck) == 60
    assert sum(state.toss_deck) == 40
    assert state.paper_deck[0] == 20  # paper_toss first in kind order
    custom = game(2, toss_deck=("good_throw:3", "window:1"))
    assert sum(custom.initial_state().toss_deck) == 4


def test_everyone_is_dealt_five_and_no_tokens() -> None:
    """Seed: "everyone draws 5 cards from the Paper deck"; "no one has any when the game
    starts"."""
    match = Match(game(4), seed=3)
    match.advance_chance()
    assert [len(h) for h in match.state.hands] == [5, 5, 5, 5]
    assert match.state.tokens == (0, 0, 0, 0)
    assert sum(match.state.paper_deck) == 40
    assert match.pending.kind is Kind.SINGLE


def test_first_player_is_configurable_and_play_goes_clockwise() -> None:
    """Seed: "The youngest player always goes first, and play continues clockwise"."""
    g = game(3, first_player=2)
    match = Match(g, seed=1)
    match.advance_chance()
    assert match.pending.players == (2,)
    match.submit(2, READY, match.version)
    match.advance_chance()
    match.submit(2, END_TURN, match.version)
    pass_all(match)
    assert match.state.turn == 0
    assert match.pending.players == (0,)


# ---- a turn ----------------------------------------------------------------------------------
def test_discard_any_number_face_up_then_draw_back_to_five() -> None:
    """Seed: "you may discard any number of cards from your hand (put them face-up ...)",
    then "if you have fewer than 5 cards in your hand, draw cards ... until you have 5"."""
    g = game(2)
    match = match_at(g, state_at(g, "discard", [["dog", "kid", "food", "bully", "trick"], []]))
    match.submit(0, Discard("dog"), match.version)
    match.submit(0, Discard("kid"), match.version)
    view = match.view(1)["state"]
    assert view["paper_discard"] == {"dog": 1, "kid": 1}
    match.submit(0, READY, match.version)
    assert match.pending.kind is Kind.CHANCE
    draw(match, "paper_toss", "paper_toss")
    assert len(match.state.hands[0]) == 5
    assert match.state.phase == "main"


def test_paper_toss_is_optional() -> None:
    """Seed: "if you have a Paper Toss card in your hand, you may play it now"."""
    g = game(2)
    match = match_at(g, state_at(g, "main", [["paper_toss", "dog"], []]))
    assert set(g.legal_actions(match.state, 0)) == {TOSS, END_TURN}
    match.submit(0, END_TURN, match.version)
    assert match.state.phase == "after"
    assert "paper_toss" in match.state.hands[0]


def test_paper_toss_only_once_per_turn() -> None:
    """Seed: "(only once during each of your turns)"."""
    match = tossed()
    pass_all(match)
    match.submit(0, FLIP_ONE, match.version)
    flip(match, "bad_throw")
    assert match.state.phase == "after"
    assert TOSS not in match.game.legal_actions(match.state, 0)
    pass_all(match)
    assert match.state.turn == 1


# ---- the hazard window -------------------------------------------------------------------------
def test_hazard_window_asks_every_player_not_only_holders() -> None:
    """RULINGS: "a response window asks every player who may respond under the rules, never
    only those who hold a matching card"."""
    g = game(3)
    hands = [["paper_toss"], ["food"], ["trick"]]  # nobody holds a Hazard or Bully
    match = match_at(g, state_at(g, "main", hands))
    match.submit(0, TOSS, match.version)
    pending = match.pending
    assert pending.kind is Kind.REACTION
    assert pending.players == (1, 2, 0)
    assert all(g.legal_actions(match.state, p) == (PASS,) for p in range(3))


def test_any_other_player_may_throw_a_hazard_but_not_the_tosser() -> None:
    """Seed: "When you play a Paper Toss card, any other player may play a Hazard card"."""
    match = tossed()
    assert Hazard("dog") in match.game.legal_actions(match.state, 1)
    assert Hazard("dog") in match.game.legal_actions(match.state, 2)
    assert not any(isinstance(a, Hazard) for a in match.game.legal_actions(match.state, 0))


def test_matching_counter_cancels_the_hazard() -> None:
    """Seed: "If you have a matching Counter card, you may play that card to cancel the
    matching Hazard" (Dog < Food)."""
    match = tossed()
    match.submit(1, Hazard("dog"), match.version)
    assert match.pending.players == (1, 2, 0)
    legal = match.game.legal_actions(match.state, 0)
    assert Counter("food") in legal
    assert Counter("trick") not in legal
    match.submit(0, Counter("food"), match.version)
    assert match.state.hazard is None
    assert match.state.phase == "hazard"


def test_shortcut_counters_any_hazard() -> None:
    """Seed: "Shortcut is a Counter card that can be played against any Hazard card"."""
    for hazard in ("dog", "kid", "obstacle"):
        match = tossed(hands=[["paper_toss", "shortcut"], [hazard], []])
        match.submit(1, Hazard(hazard), match.version)
        assert Counter("shortcut") in match.game.legal_actions(match.state, 0)


def test_hazards_and_counters_go_one_at_a_time_any_number() -> None:
    """Seed: "Any player may play any number of Hazards, if you keep playing Counters to stop
    them, but each Hazard should be played and Countered one at a time"."""
    match = tossed()
    match.submit(1, Hazard("dog"), match.version)
    assert not any(isinstance(a, Hazard) for a in match.game.legal_actions(match.state, 1))
    match.submit(0, Counter("food"), match.version)
    match.submit(1, Hazard("kid"), match.version)
    match.submit(0, Counter("trick"), match.version)
    match.submit(2, Hazard("dog"), match.version)
    assert match.state.hazards_played == 3
    assert match.state.hazard is not None
    assert match.state.hazard.player == 2


def test_all_countered_means_a_single_flip() -> None:
    """Seed: "If nobody played any Hazards ..., or you Countered them all, ... turn over the
    top card of the Toss deck, and do what it says"."""
    match = tossed()
    match.submit(1, Hazard("dog"), match.version)
    match.submit(0, Counter("food"), match.version)
    pass_all(match)
    assert match.state.phase == "launch"
    match.submit(0, FLIP_ONE, match.version)
    flip(match, "good_throw")
    assert match.state.tokens[0] == 1


def test_uncountered_hazard_its_player_flips_two_and_chooses() -> None:
    """Seed: "if a Hazard was played, and you did NOT play a Counter, then the player who
    played the Hazard turns over the top TWO cards ... then chooses one"."""
    match = tossed()
    match.submit(1, Hazard("obstacle"), match.version)
    pass_all(match)  # the tosser passes: no Counter
    assert match.state.chooser == 1
    flip(match, "perfect", "window")
    assert match.pending.players == (1,)
    assert set(match.game.legal_actions(match.state, 1)) == {Choose("perfect"), Choose("window")}
    match.submit(1, Choose("window"), match.version)
    assert match.state.tokens[0] == 0


def test_first_uncountered_hazard_closes_the_window() -> None:
    """RULINGS: "The first Hazard the tosser does not counter closes the window"."""
    match = tossed()
    match.submit(1, Hazard("dog"), match.version)
    pass_all(match)
    assert match.state.phase == "flip"
    assert match.pending.kind is Kind.CHANCE


# ---- the Toss cards --------------------------------------------------------------------------
def _clean_flip(card: str, tokens: int = 3, hand: list[str] | None = None) -> Match:
    match = tossed(hands=[hand or ["paper_toss"], [], []], tokens=(tokens, 0, 0))
    pass_all(match)
    match.submit(0, FLIP_ONE, match.version)
    flip(match, card)
    return match


def test_good_throw_perfect_bad_throw_window() -> None:
    """Seed: Good Throw "gain 1", Perfect "gain 2", Bad Throw "nothing", Window "lose 1"."""
    assert _clean_flip("good_throw").state.tokens[0] == 4
    assert _clean_flip("perfect").state.tokens[0] == 5
    assert _clean_flip("bad_throw").state.tokens[0] == 3
    assert _clean_flip("window").state.tokens[0] == 2


def test_tokens_never_go_below_zero() -> None:
    """RULINGS: "tokens never go below 0 (Window or Bully at 0 does nothing)"."""
    assert _clean_flip("window", tokens=0).state.tokens[0] == 0
    match = tossed(tokens=(0, 0, 0))
    match.submit(1, Bully(0), match.version)
    assert match.state.tokens[0] == 0


def test_sprinklers_needs_a_second_paper_toss() -> None:
    """Seed: Sprinklers: "you gain 1 Paper Token only if you discard a second Paper Toss"."""
    match = _clean_flip("sprinklers", hand=["paper_toss", "paper_toss"])
    assert match.state.phase == "sprinklers"
    match.submit(0, Sprinkle(True), match.version)
    assert match.state.tokens[0] == 4
    assert "paper_toss" not in match.state.hands[0]
    without = _clean_flip("sprinklers", hand=["paper_toss", "dog"])
    assert without.game.legal_actions(without.state, 0) == (Sprinkle(False),)
    without.submit(0, Sprinkle(False), without.version)
    assert without.state.tokens[0] == 3


def test_energy_drink_after_a_clean_window_flips_two_tosser_chooses() -> None:
    """Seed: "Energy Drink can only be played if you played Paper Toss and no one played a
    Hazard, or you Countered them all. You turn over the top two cards ..., choose one"."""
    match = tossed()
    pass_all(match)
    assert DRINK in match.game.legal_actions(match.state, 0)
    match.submit(0, DRINK, match.version)
    flip(match, "bad_throw", "perfect")
    assert match.pending.players == (0,)
    match.submit(0, Choose("perfect"), match.version)
    assert match.state.tokens[0] == 2
    assert match.state.toss_discard[1] == 1
    assert match.state.toss_discard[2] == 1


def test_energy_drink_not_after_an_uncountered_hazard() -> None:
    """RULINGS: "Energy Drink replaces the single flip after a clean window"."""
    match = tossed()
    match.submit(1, Hazard("kid"), match.version)
    assert DRINK not in match.game.legal_actions(match.state, 0)
    pass_all(match)
    assert match.state.chooser == 1  # the Hazard's thrower will choose, not the tosser
    flip(match, "good_throw", "bad_throw")
    assert match.pending.players == (1,)
    assert match.game.legal_actions(match.state, 0) == ()
    assert match.state.hands[0].count("energy_drink") == 1  # never played


# ---- Bully and Flat Tire ---------------------------------------------------------------------
def test_bully_at_any_window_on_anyone_s_turn() -> None:
    """RULINGS: "Bully and Flat Tire may be played at every response window, on anyone's
    turn"; seed: "that player loses one Paper Token"."""
    match = tossed(tokens=(0, 2, 0))
    match.submit(0, Bully(1), match.version)  # the tosser, in the hazard window of their own turn
    assert match.state.tokens[1] == 1
    assert match.state.phase == "hazard"
    g = game(3)
    hands = [["dog"], ["bully"], []]
    after = match_at(g, state_at(g, "after", hands, turn=2, tokens=(3, 0, 0)))
    after.submit(1, Bully(0), after.version)  # on player 2's turn, as it ends
    assert after.state.tokens[0] == 2


def test_bully_and_flat_tire_in_the_counter_window() -> None:
    """RULINGS: "at every response window": also while a Hazard waits for its Counter, by
    anyone, the Hazard staying in play."""
    match = tossed(tokens=(3, 0, 0))
    match.submit(1, Hazard("dog"), match.version)
    match.submit(1, FlatTire(0), match.version)
    match.submit(0, Bully(1), match.version)
    assert match.state.phase == "counter"
    assert match.state.hazard is not None
    assert match.state.hazard.card == "dog"
    assert match.state.skips == (1, 0, 0)
    assert Counter("food") in match.game.legal_actions(match.state, 0)


def test_a_played_card_reopens_the_window_for_everyone() -> None:
    """Our ruling: playing a Bully or Flat Tire leaves the window open and everyone is asked
    again; it closes only when all have passed."""
    match = tossed(tokens=(0, 2, 0))
    match.submit(1, PASS, match.version)
    match.submit(2, PASS, match.version)
    assert match.pending.players == (0,)
    match.submit(0, Bully(1), match.version)
    assert match.pending.players == (1, 2, 0)


def test_flat_tire_skips_the_next_turn() -> None:
    """Seed: Flat Tire: "that player skips their next turn"."""
    g = game(3)
    match = match_at(g, state_at(g, "after", [[], ["flat_tire"], []], turn=0))
    match.submit(1, FlatTire(2), match.version)
    pass_all(match)
    assert match.state.turn == 1
    match.submit(1, READY, match.version)
    match.advance_chance()
    match.submit(1, END_TURN, match.version)
    pass_all(match)
    assert match.state.turn == 0  # player 2 was skipped
    assert match.state.skips == (0, 0, 0)


def test_flat_tires_stack() -> None:
    """RULINGS: "Flat Tires stack, one skipped turn each"."""
    g = game(2)
    match = match_at(g, state_at(g, "after", [["flat_tire", "flat_tire"], []], turn=0))
    match.submit(0, FlatTire(1), match.version)
    match.submit(0, FlatTire(1), match.version)
    assert match.state.skips == (0, 2)
    pass_all(match)
    assert match.state.turn == 0  # player 1 skipped
    assert match.state.skips == (0, 1)
    match.submit(0, READY, match.version)
    match.advance_chance()
    match.submit(0, END_TURN, match.version)
    pass_all(match)
    assert match.state.turn == 0  # skipped again
    assert match.state.skips == (0, 0)


def test_flat_tire_on_the_active_player_costs_the_next_turn() -> None:
    """Our ruling: a Flat Tire on the player whose turn it is costs their next turn."""
    match = tossed()
    match.submit(1, FlatTire(0), match.version)
    pass_all(match)
    assert match.state.phase == "launch"  # the current turn goes on
    assert match.state.skips[0] == 1
    match.submit(0, FLIP_ONE, match.version)
    flip(match, "good_throw")
    assert match.state.tokens[0] == 1  # the toss still scored
    pass_all(match)
    for player in (1, 2):
        assert match.state.turn == player
        match.submit(player, READY, match.version)
        match.advance_chance()
        match.submit(player, END_TURN, match.version)
        pass_all(match)
    assert match.state.turn == 1  # player 0's next turn was the one skipped
    assert match.state.skips == (0, 0, 0)


# ---- decks and the win -----------------------------------------------------------------------
def test_empty_paper_deck_is_rebuilt_from_its_discards() -> None:
    """Seed: "if you ever get to the bottom of either of these decks, simply shuffle the
    discarded cards back in"."""
    g = game(2)
    state = state_at(g, "discard", [["dog"], []])
    state = replace(state, paper_discard=state.paper_deck, paper_deck=(0,) * 11)
    match = match_at(g, state)
    match.submit(0, READY, match.version)
    assert sum(match.state.paper_discard) == 0
    assert sum(match.state.paper_deck) == 59
    draw(match, "kid")
    assert total_cards(match.state) == 100


def test_empty_toss_deck_is_rebuilt_from_its_discards() -> None:
    """RULINGS: "an empty deck is rebuilt from its own discards"."""
    g = game(2)
    full = g.config.toss_counts
    state = state_at(g, "main", [["paper_toss"], []], toss_deck=(0, 0, 0, 0, 0), toss_discard=full)
    match = match_at(g, state)
    match.submit(0, TOSS, match.version)
    pass_all(match)
    match.submit(0, FLIP_ONE, match.version)
    assert sum(match.state.toss_deck) == 40
    flip(match, "perfect")
    assert sum(match.state.toss_discard) == 1


def test_ten_tokens_win_at_once() -> None:
    """Seed: "The first player to collect 10 Paper Tokens wins the game!"; RULINGS: "Reaching
    10 wins at once, whenever it happens"."""
    match = tossed(tokens=(9, 0, 0))
    pass_all(match)
    match.submit(0, FLIP_ONE, match.version)
    flip(match, "good_throw")
    assert match.finished
    assert match.outcome().winners == (0,)
    assert all(match.game.legal_actions(match.state, p) == () for p in range(3))


def test_drawing_is_a_chance_step_with_the_deck_s_odds() -> None:
    """Every draw is a chance node whose odds are the cards left in the deck."""
    g = game(2)
    outcomes = dict(g.chance_outcomes(g.initial_state()))
    assert outcomes[Draw("paper_toss")] == 20 / 60
    assert abs(sum(outcomes.values()) - 1) < 1e-12
    match = Match(g, seed=9)
    match.advance_chance()
    assert match.steps[0].player == CHANCE


# ---- choices this project made where the rules are silent ------------------------------------
def test_every_turn_ends_with_a_window_that_asks_everyone() -> None:
    """Our ruling: an end-of-turn window asks every player as each turn ends, tossed or not,
    so Bully and Flat Tire can be played on anyone's turn."""
    g = game(4)
    match = match_at(g, state_at(g, "main", [["dog"], [], [], []], turn=1))
    match.submit(1, END_TURN, match.version)
    assert match.pending.kind is Kind.REACTION
    assert match.pending.window == "after"
    assert match.pending.players == (2, 3, 0, 1)


def test_the_tosser_is_always_asked_flip_or_drink() -> None:
    """Our ruling: after a clean window the tosser is asked even without an Energy Drink, so
    being asked shows nothing of the hand."""
    match = tossed(hands=[["paper_toss", "dog"], [], []])
    pass_all(match)
    assert match.pending.players == (0,)
    assert match.game.legal_actions(match.state, 0) == (FLIP_ONE,)


def test_sprinklers_chosen_by_the_hazard_thrower_still_lets_the_tosser_discard() -> None:
    """Seed: the Hazard's player "chooses one ..., and you do what THAT card says"; with
    Sprinklers, the tosser decides whether to discard a second Paper Toss."""
    match = tossed(hands=[["paper_toss", "paper_toss"], ["dog"], []])
    match.submit(1, Hazard("dog"), match.version)
    pass_all(match)
    flip(match, "sprinklers", "perfect")
    match.submit(1, Choose("sprinklers"), match.version)
    assert match.pending.players == (0,)
    match.submit(0, Sprinkle(True), match.version)
    assert match.state.tokens[0] == 1


def test_only_the_tosser_counters() -> None:
    """Seed: "If you have a matching Counter card" - you, the tosser."""
    match = tossed(hands=[["paper_toss"], ["dog"], ["food", "shortcut"]])
    match.submit(1, Hazard("dog"), match.version)
    assert match.game.legal_actions(match.state, 2) == (PASS,)


# ---- a game that could stall -----------------------------------------------------------------
def test_a_toss_deck_that_can_never_score_is_refused() -> None:
    """Seed: "The first player to collect 10 Paper Tokens wins": a Toss deck with no card that
    gains tokens could never end, so it is refused, naming the cards that gain."""
    import pytest

    from gamenight.engine import ConfigError
    from gamenight.games.paper_toss import PaperTossConfig

    with pytest.raises(ConfigError, match="needs a card that gains tokens"):
        PaperTossConfig(toss_deck=("window:20", "bad_throw:20"))
    PaperTossConfig(toss_deck=("window:20", "sprinklers:1"))  # one gaining card is enough


def test_turn_limit_ends_the_game_most_tokens_win_ties_shared() -> None:
    """Our house option (the rules are silent; off by default): with ``turn_limit`` the game
    ends once that many turns are played; the most tokens win, ties shared."""
    g = game(3, turn_limit=5)
    match = match_at(g, state_at(g, "after", [[], [], []], turns=5, tokens=(4, 1, 4)))
    pass_all(match)
    assert match.finished
    assert match.outcome().winners == (0, 2)
    early = match_at(g, state_at(g, "after", [[], [], []], turns=4, tokens=(4, 1, 4)))
    pass_all(early)
    assert not early.finished
    assert early.state.turn == 1


def test_without_a_turn_limit_play_goes_on_to_the_target() -> None:
    """By default there is no limit: the rulebook plays until someone holds ten tokens."""
    g = game(2)
    assert g.config.turn_limit == 0
    match = match_at(g, state_at(g, "after", [[], []], turns=5000))
    pass_all(match)
    assert not match.finished
