"""The end of the deck, the end of the game, scoring and the Crumb Collector."""

from __future__ import annotations

from gamenight.engine import GAME_OVER, TURN_STARTED, Kind
from gamenight.games.cover_your_cookies.state import AddToBatch, Discard, EndTurn, FormBatch
from tests.cover_your_cookies.helpers import batch, game, match_at, table

EMPTY: dict[str, int] = {}


def test_add_to_your_top_batch_only_after_the_deck_runs_out() -> None:
    """ "If you can't start a Batch or attempt to swipe one, you may add a matching Cookie from
    your hand to your top Batch—this can only be done after the deck runs out." """
    g = game()
    hands = [["sugar", "lemon_glaze"], ["red_velvet"], [], []]
    stacks = [[batch(0, "sugar")], [batch(1, "red_velvet")], [], []]
    out = table(g, hands, stacks, deck=EMPTY, top_half_left=0)
    legal = g.legal_actions(out, 0)
    assert AddToBatch("sugar") in legal
    assert AddToBatch("lemon_glaze") not in legal
    still = table(g, hands, stacks, deck={"birthday_cake": 1}, top_half_left=0)
    assert not any(isinstance(a, AddToBatch) for a in g.legal_actions(still, 0))
    match = match_at(g, out)
    match.submit(0, AddToBatch("sugar"), match.version)
    assert match.state.stacks[0][0].cards == ("sugar",) * 3
    assert match.state.turn == 1  # nobody draws: the deck is out


def test_adding_is_refused_while_a_batch_or_a_swipe_is_possible() -> None:
    """Adding is allowed only "If you can't start a Batch or attempt to swipe one"."""
    g = game()
    stacks = [[batch(0, "sugar")], [batch(1, "red_velvet"), batch(2, "lemon_glaze")], [], []]
    can_swipe = table(
        g, [["sugar", "lemon_glaze"], ["red_velvet"], [], []], stacks, deck=EMPTY, top_half_left=0
    )
    assert not any(isinstance(a, AddToBatch) for a in g.legal_actions(can_swipe, 0))
    can_form = table(
        g,
        [["sugar", "sugar"], ["red_velvet"], [], []],
        deck=EMPTY,
        top_half_left=0,
        stacks=[[batch(0, "sugar")], [], [], []],
    )
    assert not any(isinstance(a, AddToBatch) for a in g.legal_actions(can_form, 0))


def test_a_player_who_can_do_nothing_else_must_discard_never_pass() -> None:
    """ "If you can't do anything else, you must discard a Cookie—you can't just pass your
    turn." """
    g = game()
    state = table(
        g, [["sugar", "lemon_glaze"], ["red_velvet"], [], []], deck=EMPTY, top_half_left=0
    )
    legal = g.legal_actions(state, 0)
    assert set(legal) == {Discard("sugar"), Discard("lemon_glaze")}
    assert EndTurn() not in legal


def test_play_continues_until_every_hand_is_empty_skipping_empty_hands() -> None:
    """ "After the deck is depleted, play continues until everyone has played all the cards in
    their hand." A player with no cards left is skipped."""
    g = game()
    state = table(g, [["sugar"], [], ["lemon_glaze"], []], deck=EMPTY, top_half_left=0)
    match = match_at(g, state)
    match.submit(0, Discard("sugar"), match.version)
    assert match.pending.players == (2,)
    events = match.submit(2, Discard("lemon_glaze"), match.version)
    assert match.pending.kind is Kind.TERMINAL
    assert match.finished
    # The end is the engine's one game-over event, with the winners, the same in every game;
    # a turn starts with the engine's turn-start event.
    assert [e.kind for e in events][-2:] == ["round_over", GAME_OVER]
    assert events[-1].data["winners"] == list(match.outcome().winners)
    turn = match_at(g, state).submit(0, Discard("sugar"), 0)
    assert [(e.kind, e.data) for e in turn if e.kind == TURN_STARTED] == [
        (TURN_STARTED, {"player": 2})
    ]


def test_score_is_dough_in_the_stack_plus_the_crumb_collector() -> None:
    """ "add up the Dough from your cards and Crumb Collector"; the ruled track by times swiped:
    0, 5, 10, 20, 30, 40, 50 (capped)."""
    g = game()
    stacks = [
        [batch(0, "sugar"), batch(1, "lemon_glaze", "fresh_milk", "enhance")],
        [batch(2, "birthday_cake")],
        [],
        [batch(3, "red_velvet")],
    ]
    state = table(
        g, [["sugar"], [], [], []], stacks, deck=EMPTY, top_half_left=0, crumbs=(0, 2, 9, 1)
    )
    match = match_at(g, state)
    match.submit(0, Discard("sugar"), match.version)
    outcome = match.outcome()
    assert outcome.scores == (10 + 20 + 25 + 30, 40 + 10, 50, 30 + 5)
    assert outcome.winners == (0,)


def test_a_tie_goes_to_more_batches_then_is_shared() -> None:
    """Ruling: "a tie at game end goes to the player with more Batches, then is shared." """
    g = game()
    stacks = [
        [batch(0, "sugar"), batch(1, "sugar")],
        [batch(2, "peanut_butter")],
        [batch(3, "chocolate_chip")],
        [],
    ]
    match = match_at(g, table(g, [["sugar"], [], [], []], stacks, deck=EMPTY, top_half_left=0))
    match.submit(0, Discard("sugar"), match.version)
    assert match.outcome().scores[:3] == (20.0, 20.0, 20.0)
    assert match.outcome().winners == (0,)
    stacks[0] = [batch(0, "double_chocolate", count=1), batch(1, "sugar", count=1)]
    match = match_at(g, table(g, [["sugar"], [], [], []], stacks, deck=EMPTY, top_half_left=0))
    match.submit(0, Discard("sugar"), match.version)
    assert match.outcome().winners == (0,)
    stacks[0] = [batch(0, "peanut_butter")]
    match = match_at(g, table(g, [["sugar"], [], [], []], stacks, deck=EMPTY, top_half_left=0))
    match.submit(0, Discard("sugar"), match.version)
    assert match.outcome().winners == (0, 1, 2)


def test_an_enhance_still_waiting_at_the_end_scores_nothing() -> None:
    """Ruling (rules.md): an Enhance that never joined a Batch is not in the stack."""
    g = game()
    match = match_at(
        g,
        table(
            g, [["sugar"], [], [], []], deck=EMPTY, top_half_left=0, waiting_enhance=(1, 0, 0, 0)
        ),
    )
    match.submit(0, Discard("sugar"), match.version)
    assert match.outcome().scores[0] == 0


def test_only_swipes_move_the_crumb_collector() -> None:
    """Ruling: "only successful swipes move a Crumb Collector token; mixer moves do not"; and
    "Each time one of your Batches is swiped, move your Cookie Token up one spot." """
    from gamenight.games.cover_your_cookies.state import YIELD, Swipe

    g = game()
    stacks = [[batch(0, "sugar")], [batch(1, "sugar"), batch(2, "lemon_glaze")], [], []]
    hands = [["lemon_glaze", "sugar"], ["sugar"], ["sugar"], ["sugar"]]
    match = match_at(g, table(g, hands, stacks, deck=EMPTY, top_half_left=0))
    match.submit(0, Swipe(1, "lemon_glaze"), match.version)
    match.submit(1, YIELD, match.version)
    assert match.state.crumbs == (0, 1, 0, 0)


def test_forming_still_possible_after_the_deck_is_out() -> None:
    """The end game keeps every action: forming a Batch from the hand still works."""
    g = game()
    state = table(g, [["sugar", "sugar"], ["lemon_glaze"], [], []], deck=EMPTY, top_half_left=0)
    assert FormBatch(("sugar", "sugar")) in g.legal_actions(state, 0)


def test_milk_is_wild_when_adding_and_discarded_only_from_an_all_milk_hand() -> None:
    """Rulings (rules.md) where the rulebook is silent: "Milk: Wild cards which can be played in
    place of any kind of Cookie", so a milk may be added to your top Batch at the end (it goes
    under the cookies: "Be sure a Cookie (not a Milk) is on top"); and a hand of nothing but milk
    with nothing else to do discards a milk, since "you can't just pass your turn"."""
    g = game()
    stacks = [[batch(0, "sugar")], [], [], []]
    hands = [["fresh_milk", "fresh_milk"], ["red_velvet"], [], []]
    state = table(g, hands, stacks, deck=EMPTY, top_half_left=0)
    # Adding the milk is possible, so discarding a milk is not "nothing else".
    assert set(g.legal_actions(state, 0)) == {AddToBatch("fresh_milk")}
    match = match_at(g, state)
    match.submit(0, AddToBatch("fresh_milk"), match.version)
    assert match.state.stacks[0][0].cards == ("fresh_milk", "sugar", "sugar")
    only_milk = table(g, [["chocolate_milk"], ["red_velvet"], [], []], deck=EMPTY, top_half_left=0)
    assert set(g.legal_actions(only_milk, 0)) == {Discard("chocolate_milk")}
    match = match_at(g, only_milk)
    match.submit(0, Discard("chocolate_milk"), match.version)
    assert match.state.discard == ("chocolate_milk",)
    assert match.pending.players == (1,)
