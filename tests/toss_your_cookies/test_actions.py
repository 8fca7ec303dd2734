"""Scenario tests: Swap, Pass Left / Right and Toss with a number, each quoting its rule."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from gamenight.engine import Kind, Match
from gamenight.games.toss_your_cookies.state import (
    Commit,
    Draw,
    Grab,
    Phase,
    Pick,
    Target,
)
from tests.toss_your_cookies.helpers import FOUR, at_rest, blind, chance, make, match_at, roll


def hand(match: Match, seat: int) -> Counter[str]:
    """A seat's hand as counts."""
    return Counter(match.state.hands[seat])


def test_swap_n_takes_blind_cards_from_the_hand_as_it_was_before_the_swap() -> None:
    """ "If you roll Swap / 3, choose 3 cards from your hand and place them in front of any
    player. Then select 3 cards from that player's hand without looking." RULINGS: "the roller
    then takes n cards blindly from that player's hand as it was before the swap.\""""
    game = make(4)
    match = match_at(game)
    roll(match, "swap", "2")
    assert match.pending.kind is Kind.SINGLE
    assert match.pending.players == (0,)
    assert match.state.phase == Phase.TARGET
    assert set(game.legal_actions(match.state, 0)) == {Target(1), Target(2), Target(3)}
    match.submit(0, Target(2), match.version)
    assert match.state.phase == Phase.SWAP_CARDS
    match.submit(0, Commit(("fortune", "ginger")), match.version)
    assert match.state.phase == Phase.PICK
    assert match.pending.players == (0,)
    # seven face-down cards in an order that reveals nothing: any position, same chances
    assert game.legal_actions(match.state, 0) == tuple(Pick(i) for i in range(7))
    after = [game.apply(match.state, 0, Pick(i))[0] for i in (0, 6)]
    assert game.chance_outcomes(after[0]) == game.chance_outcomes(after[1])
    match.submit(0, Pick(6), match.version)
    assert match.state.phase == Phase.DRAW
    # the blind draw is from seat 2's own cards: the ginger just placed is not among them
    drawable = dict(game.chance_outcomes(match.state))
    assert drawable == {Draw("fortune"): 4 / 7, Draw("half"): 1 / 7, Draw("sandwich"): 2 / 7}
    chance(match, Draw("fortune"))
    blind(match, "half")
    assert hand(match, 0) == Counter(sugar=4, milk=1, fortune=1, half=1)
    assert hand(match, 2) == Counter(fortune=4, sandwich=2, ginger=1)
    assert match.state.phase == Phase.ROLL
    assert match.state.turn == 1


def test_the_cards_given_in_a_swap_are_seen_only_by_the_giver_until_picked_up() -> None:
    """The swap is face down: "place them in front of any player ... without looking"."""
    game = make(4)
    match = match_at(game)
    roll(match, "swap", "1")
    match.submit(0, Target(3), match.version)
    (offered,) = match.submit(0, Commit(("ginger",)), match.version)
    assert offered.for_viewer(0)["cards"] == ["ginger"]
    assert "cards" not in offered.for_viewer(3)
    assert match.view(3)["state"]["limbo"] is None
    assert match.view(0)["state"]["limbo"] == ["ginger"]
    events = blind(match, "wild")
    drew = next(e for e in events if e.kind == "drew")
    assert drew.for_viewer(0)["card"] == "wild"
    assert drew.for_viewer(3)["card"] == "wild"
    assert "card" not in drew.for_viewer(1)


def test_swap_all_exchanges_whole_hands() -> None:
    """RULINGS: "Swap All exchanges whole hands.\""""
    game = make(4)
    match = match_at(game, at_rest(game, turn=1))
    roll(match, "swap", "all")
    match.submit(1, Target(3), match.version)
    assert match.state.hands[1] == FOUR[3]
    assert match.state.hands[3] == FOUR[1]
    assert match.state.hands[0] == FOUR[0]
    assert match.state.phase == Phase.ROLL
    assert match.state.turn == 2


def test_pass_left_everyone_commits_at_once_then_all_passes_resolve_together() -> None:
    """ "If you roll Pass Left / 2, all players choose 2 cards from their hands and pass them face
    down to the person on their left." RULINGS: "everyone commits their n cards at once, then
    all passes resolve together." Left is the next seat in turn order."""
    game = make(4)
    match = match_at(game)
    roll(match, "pass_left", "2")
    assert match.pending.kind is Kind.SIMULTANEOUS
    assert match.pending.players == (0, 1, 2, 3)
    assert len(game.legal_actions(match.state, 0)) == 7  # distinct pairs from seat 0's hand
    match.submit(2, Commit(("half", "sandwich")), match.version)
    view = match.view(1)["state"]
    assert view["committed"] == [False, False, True, False]
    assert view["my_commit"] is None
    assert match.view(2)["state"]["my_commit"] == ["half", "sandwich"]
    assert match.state.hands == FOUR  # nothing moves until the last commitment is in
    match.submit(0, Commit(("fortune", "ginger")), match.version)
    match.submit(1, Commit(("sandwich", "sandwich")), match.version)
    match.submit(3, Commit(("fortune", "ginger")), match.version)
    assert hand(match, 1) == Counter(ginger=5, wild=1, fortune=1)  # from seat 0
    assert hand(match, 2) == Counter(fortune=4, sandwich=3)  # from seat 1
    assert hand(match, 3) == Counter(sugar=2, sandwich=3, wild=1, half=1)  # from seat 2
    assert hand(match, 0) == Counter(FOUR[0])  # seat 3 gave what seat 0 gave away
    assert match.state.phase == Phase.ROLL
    assert match.state.turn == 1
    # seat 1 holds five gingers (with the wild) but not the milk: no Snickerdoodle
    assert match.state.winner is None


def test_pass_right_goes_to_the_previous_seat() -> None:
    """ "All players pass the number of cards shown on the other die face down to the right.\""""
    game = make(4)
    match = match_at(game)
    roll(match, "pass_right", "1")
    for seat, card in enumerate(["fortune", "sandwich", "half", "sugar"]):
        match.submit(seat, Commit((card,)), match.version)
    assert hand(match, 3)["fortune"] == 2  # from seat 0, to its right
    assert hand(match, 2)["sugar"] == 1  # from seat 3
    assert hand(match, 0)["sandwich"] == 1  # from seat 1
    assert hand(match, 1)["half"] == 1  # from seat 2
    assert [len(h) for h in match.state.hands] == [7] * 4


def test_pass_all_passes_whole_hands() -> None:
    """ "If you roll Pass Right / All, then all players must pass their entire hand of cards
    face down to the person on their right." (No choice is asked for: every card goes.)"""
    game = make(4)
    match = match_at(game, at_rest(game, milk_seen=0))
    roll(match, "pass_left", "all")
    assert match.state.hands == (FOUR[3], FOUR[0], FOUR[1], FOUR[2])
    assert match.state.phase == Phase.ROLL
    # everyone saw the known milk holder pass their whole hand: the milk is known to be at 1
    assert match.view(2)["state"]["milk_seen"] == 1


def test_toss_lands_face_up_and_each_grabs_back_as_many_as_tossed() -> None:
    """ "All players toss the number of cards shown on the other die face up into the center
    playing area at the same time and then scramble to grab the same number back." RULINGS:
    "each grab takes one card, first grab wins it, a player may take back as many as they
    tossed.\""""
    game = make(4)
    match = match_at(game)
    roll(match, "toss", "2")
    assert match.state.phase == Phase.COMMIT
    commits = [("fortune", "ginger"), ("sandwich", "sandwich"), ("half", "sandwich")]
    for seat, cards in enumerate(commits):
        match.submit(seat, Commit(cards), match.version)
    events = match.submit(3, Commit(("fortune", "ginger")), match.version)
    tossed = next(e for e in events if e.kind == "tossed")
    assert tossed.for_viewer(None)["cards"][1] == ["sandwich", "sandwich"]  # face up: public
    state = match.state
    assert state.phase == Phase.SCRAMBLE
    assert match.pending.kind is Kind.RACE
    assert Counter(state.centre) == Counter(fortune=2, ginger=2, half=1, sandwich=3)
    assert [len(h) for h in state.hands] == [5] * 4
    match.submit(0, Grab("sandwich"), match.version)
    match.submit(0, Grab("sandwich"), match.version)
    assert match.pending.players == (1, 2, 3)  # seat 0 has grabbed back its two
    for seat, card in [(1, "ginger"), (2, "fortune"), (1, "ginger"), (3, "half"), (2, "fortune")]:
        match.submit(seat, Grab(card), match.version)
    assert match.pending.players == (3,)
    assert game.legal_actions(match.state, 3) == (Grab("sandwich"),)
    match.submit(3, Grab("sandwich"), match.version)
    assert match.state.phase == Phase.ROLL
    assert match.state.turn == 1
    assert [len(h) for h in match.state.hands] == [7] * 4


def test_toss_all_throws_every_hand_in_and_everyone_ends_with_seven() -> None:
    """ "If you roll Toss / All, everyone must simultaneously toss all of their cards face up
    into the middle and then quickly collect the same number of cards again. All players should
    end up with seven cards.\""""
    game = make(4)
    match = match_at(game, at_rest(game, turn=2))
    roll(match, "toss", "all")
    state = match.state
    assert state.phase == Phase.SCRAMBLE
    assert len(state.centre) == 28
    assert state.quota == (7, 7, 7, 7)
    assert all(not h for h in state.hands)
    while match.state.phase == Phase.SCRAMBLE:
        seat = match.pending.players[-1]  # the last listed player is always fastest here
        match.submit(seat, game.legal_actions(match.state, seat)[0], match.version)
    state = match.state
    if state.phase == Phase.OVER:
        assert state.last_win is not None
        assert "milk" in state.last_win[1]
    else:
        assert [len(h) for h in state.hands] == [7] * 4
        assert state.turn == 3


def test_the_turn_passes_to_the_left() -> None:
    """ "play continues to the left": after an action the next seat up rolls."""
    game = make(4)
    match = match_at(game, at_rest(game, turn=3))
    roll(match, "swap", "milk")  # seat 0 holds the milk and swaps it with seat 3
    blind(match, "sugar")
    assert match.state.phase == Phase.ROLL
    assert match.state.turn == 0


def test_the_blind_draw_shows_the_drawer_nothing_of_the_other_hand() -> None:
    """ "select 3 cards from that player's hand without looking": while the roller points at a
    face-down card, what they see and may do is the same whatever that hand holds."""
    game = make(4)
    match = match_at(game)
    roll(match, "swap", "1")
    match.submit(0, Target(2), match.version)
    match.submit(0, Commit(("ginger",)), match.version)
    state = match.state
    assert state.phase == Phase.PICK
    other = replace(state, hands=(state.hands[0], state.hands[1], state.hands[3], state.hands[2]))
    assert game.observe(state, 0) == game.observe(other, 0)
    assert game.legal_actions(state, 0) == game.legal_actions(other, 0)
    (picked,) = match.submit(0, Pick(2), match.version)
    assert picked.for_viewer(0) == {"kind": "picked", "player": 0, "from": 2, "position": 2}


def test_a_commitment_stays_hidden_until_every_one_is_in() -> None:
    """RULINGS: "everyone commits their n cards at once": a commitment tells the others only
    that it is in, never which cards, until all of them resolve together."""
    game = make(4)
    match = match_at(game)
    roll(match, "toss", "2")
    (event,) = match.submit(3, Commit(("sandwich", "wild")), match.version)
    assert event.for_viewer(3)["cards"] == ["sandwich", "wild"]
    for viewer in (0, 1, 2, None):
        assert "cards" not in event.for_viewer(viewer)
        view = match.view(viewer)["state"]
        assert view["my_commit"] is None
        assert view["committed"] == [False, False, False, True]
        assert view["centre"] == []
    assert match.state.hands == FOUR
