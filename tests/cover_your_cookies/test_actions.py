"""The three actions: form a Batch, swipe (the duel), discard and draw; drawing back up."""

from __future__ import annotations

import pytest

from gamenight.engine import IllegalAction, Kind
from gamenight.games.cover_your_cookies.state import (
    YIELD,
    Answer,
    Discard,
    FormBatch,
    Swipe,
)
from tests.cover_your_cookies.helpers import (
    batch,
    begin_turn,
    force_draws,
    game,
    match_at,
    table,
)

OTHERS = [["snickerdoodle"] * 5] * 3


def test_form_two_identical_cookies() -> None:
    """Form a Batch: "Pairing two identical Cookies from your hand." It goes on your stack and
    you draw back up to 5."""
    g = game()
    hands = [["sugar", "sugar", "lemon_glaze", "red_velvet", "birthday_cake"], *OTHERS]
    match = match_at(g, table(g, hands, deck={"peanut_butter": 10}))
    match.submit(0, FormBatch(("sugar", "sugar")), match.version)
    (b,) = match.state.stacks[0]
    assert (b.flavour, sorted(b.cards), b.value) == ("sugar", ["sugar", "sugar"], 10)
    assert match.pending.kind is Kind.CHANCE
    force_draws(match, "peanut_butter", "peanut_butter")
    assert len(match.state.hands[0]) == 5
    assert match.state.turn == 1


def test_form_a_cookie_with_a_milk() -> None:
    """ "You also may use a Milk card (wild) from your hand in place of a Cookie card to form a
    Batch with any Cookie." """
    g = game()
    hands = [["fresh_milk", "lemon_glaze", "sugar", "red_velvet", "birthday_cake"], [], [], []]
    state = table(g, hands)
    legal = g.legal_actions(state, 0)
    assert FormBatch(("fresh_milk", "lemon_glaze")) in legal
    match = match_at(g, state)
    match.submit(0, FormBatch(("fresh_milk", "lemon_glaze")), match.version)
    (b,) = match.state.stacks[0]
    assert b.flavour == "lemon_glaze"
    assert b.cards[-1] == "lemon_glaze"  # a cookie on top
    assert b.value == 35


def test_form_with_the_cookie_atop_the_discard_pile_only() -> None:
    """ "Pairing a Cookie from your hand with an identical Cookie atop the discard pile" (a hand
    milk may stand in for the hand cookie); cookies lower in the pile are out of reach."""
    g = game()
    hands = [["fresh_milk", "lemon_glaze", "sugar", "red_velvet", "birthday_cake"], [], [], []]
    state = table(g, hands, discard=("sugar", "lemon_glaze"))
    legal = g.legal_actions(state, 0)
    assert FormBatch(("lemon_glaze",), "lemon_glaze") in legal
    assert FormBatch(("fresh_milk",), "lemon_glaze") in legal
    assert FormBatch(("sugar",), "sugar") not in legal
    match = match_at(g, state)
    match.submit(0, FormBatch(("lemon_glaze",), "lemon_glaze"), match.version)
    assert match.state.discard == ("sugar",)
    assert match.state.stacks[0][0].cards == ("lemon_glaze", "lemon_glaze")


def test_never_two_milks_nor_three_cards() -> None:
    """ "Important: You can't form a Batch with two Milks or with more than two cards." """
    g = game()
    hands = [["fresh_milk", "chocolate_milk", "sugar", "sugar", "sugar"], [], [], []]
    state = table(g, hands, discard=("sugar",))
    legal = g.legal_actions(state, 0)
    forms = [a for a in legal if isinstance(a, FormBatch)]
    assert all(sum(c.endswith("milk") for c in (*a.cards, a.pile) if c) < 2 for a in forms)
    assert all(len(a.cards) + bool(a.pile) == 2 for a in forms)
    assert FormBatch(("chocolate_milk", "fresh_milk")) not in legal
    assert FormBatch(("sugar", "sugar", "sugar")) not in legal
    assert FormBatch(("sugar", "sugar"), "sugar") not in legal


def test_single_cookie_first_batch_after_a_first_turn_without_one() -> None:
    """ "If you weren't able to start a Batch on your first turn then on a subsequent turn you may
    choose to lay down a single Cookie as your first 'Batch.' This is the only time you can start
    a Batch with only one card." """
    g = game()
    no_pair = ["sugar", "lemon_glaze", "red_velvet", "birthday_cake", "snickerdoodle"]
    state = table(
        g,
        [no_pair, [], [], []],
        deck={"peanut_butter": 5},
        first_batch=("before_first_turn",) * 4,
    )
    match = match_at(g, state)
    # First turn: no Batch is possible, so the player discards; the fudge is noted at its end.
    match.state = begin_turn(match, 0)
    assert match.state.first_batch[0] == "first_turn_blocked"
    assert not any(isinstance(a, FormBatch) for a in g.legal_actions(match.state, 0))
    match.submit(0, Discard("snickerdoodle"), match.version)
    force_draws(match, "peanut_butter")
    assert match.state.turn == 0  # every other hand is empty: seat 0 plays again
    assert match.state.first_batch[0] == "single_allowed"
    # A later turn: a single cookie may be laid down as the first Batch.
    assert FormBatch(("sugar",)) in g.legal_actions(match.state, 0)
    match.submit(0, FormBatch(("sugar",)), match.version)
    assert match.state.stacks[0][0].cards == ("sugar",)
    assert match.state.first_batch[0] == "pairs_only"
    # A player who could start a Batch on their first turn never may.
    able = table(g, [no_pair, [], [], []])
    assert able.first_batch[0] == "pairs_only"
    assert FormBatch(("sugar",)) not in g.legal_actions(able, 0)
    # Nor once they have a Batch.
    stacked = table(
        g,
        [no_pair, [], [], []],
        [[batch(0, "sugar")], [], [], []],
        first_batch=("single_allowed",) * 4,
    )
    assert FormBatch(("sugar",)) not in g.legal_actions(stacked, 0)


def test_batches_are_stacked_and_never_combined() -> None:
    """ "Batches are never combined, even if they are both made up of the same kind of
    Cookies." """
    g = game()
    hands = [["sugar", "sugar", "lemon_glaze", "red_velvet", "birthday_cake"], [], [], []]
    state = table(g, hands, [[batch(0, "sugar")], [], [], []])
    match = match_at(g, state)
    match.submit(0, FormBatch(("sugar", "sugar")), match.version)
    assert [b.cards for b in match.state.stacks[0]] == [("sugar",) * 2, ("sugar",) * 2]


def duel_table(**fields: object) -> tuple[object, object]:
    g = game(**fields)  # type: ignore[arg-type]
    hands = [
        ["lemon_glaze", "fresh_milk", "sugar", "red_velvet", "birthday_cake"],
        ["lemon_glaze", "chocolate_milk", "sugar", "sugar", "red_velvet"],
        ["snickerdoodle"] * 5,
        ["snickerdoodle"] * 5,
    ]
    stacks = [
        [batch(0, "peanut_butter")],
        [batch(1, "sugar"), batch(2, "lemon_glaze")],
        [batch(3, "red_velvet")],
        [],
    ]
    return g, table(g, hands, stacks, deck={"oatmeal_raisin": 20})


def test_swipe_the_exposed_top_batch_with_a_matching_cookie_or_milk() -> None:
    """ "The first Batch in each player's pile can't be swiped, but if you have 2 or more Batches,
    the exposed one on top is up for grabs!" ... "another player, who has laid down at least 1
    Batch of their own" opens "by laying down either a Cookie that matches your top Batch, or a
    Milk"."""
    g, state = duel_table()
    swipes = {a for a in g.legal_actions(state, 0) if isinstance(a, Swipe)}  # type: ignore[attr-defined]
    assert swipes == {Swipe(1, "lemon_glaze"), Swipe(1, "fresh_milk")}


def test_the_carmela_and_ginger_example() -> None:
    """The rulebook's example: Carmela opens with a Lemon Glaze, Ginger answers with a Chocolate
    Milk, Carmela plays a Fresh Milk, Ginger has nothing more: "Carmela smugly gathers the three
    cards played, adding them to the Batch she swiped, and places it crosswise atop her own stack."
    Then "Carmela draws back up to 5 cards, then Ginger does the same." """
    g, state = duel_table()
    match = match_at(g, state)  # type: ignore[arg-type]
    match.submit(0, Swipe(1, "lemon_glaze"), match.version)
    assert match.pending.players == (1,)
    assert match.pending.window == "duel"
    match.submit(1, Answer(("chocolate_milk",)), match.version)
    assert match.pending.players == (0,)
    match.submit(0, Answer(("fresh_milk",)), match.version)
    assert Answer(("lemon_glaze",)) in match.game.legal_actions(match.state, 1)
    match.submit(1, YIELD, match.version)
    s = match.state
    assert [b.id for b in s.stacks[1]] == [1]
    top = s.stacks[0][-1]
    assert top.id == 2
    assert sorted(top.cards) == sorted(
        ["lemon_glaze", "lemon_glaze", "lemon_glaze", "chocolate_milk", "fresh_milk"]
    )
    assert top.cards[-1] == "lemon_glaze"  # "Be sure a Cookie (not a Milk) is on top."
    assert s.crumbs == (0, 1, 0, 0)  # Ginger's Crumb Collector moves up
    # Carmela (3 cards left) draws first, then Ginger (4 cards left).
    events = force_draws(match, *["oatmeal_raisin"] * 3)
    assert [e.data["player"] for e in events if e.kind == "drew"] == [0, 0, 1]
    assert [len(h) for h in match.state.hands[:2]] == [5, 5]


def test_the_defender_keeps_the_batch_with_every_card_played() -> None:
    """ "The last to lay down a card takes (or keeps) the Batch, adding all cards played by both
    players to the Batch that was targeted." """
    g, state = duel_table()
    match = match_at(g, state)  # type: ignore[arg-type]
    match.submit(0, Swipe(1, "lemon_glaze"), match.version)
    match.submit(1, Answer(("lemon_glaze",)), match.version)
    match.submit(0, YIELD, match.version)
    top = match.state.stacks[1][-1]
    assert top.id == 2
    assert top.cards.count("lemon_glaze") == 4
    assert match.state.crumbs == (0, 0, 0, 0)
    assert match.state.stacks[0] == state.stacks[0]  # type: ignore[attr-defined]


def test_chocolate_milk_does_not_outrank_fresh_milk() -> None:
    """ "Chocolate Milk cards are worth more points than Fresh Milk, but they do not outrank or
    trump Fresh Milk." Without Extra Strength, any matching card answers a Chocolate Milk."""
    g, state = duel_table()
    match = match_at(g, state)  # type: ignore[arg-type]
    match.submit(0, Swipe(1, "fresh_milk"), match.version)
    match.submit(1, Answer(("chocolate_milk",)), match.version)
    legal = match.game.legal_actions(match.state, 0)
    assert Answer(("lemon_glaze",)) in legal


def test_swipe_needs_your_own_batch_and_their_second_batch() -> None:
    """A swiper must have "laid down at least 1 Batch of their own"; a lone Batch is protected."""
    g, state = duel_table()
    assert not any(isinstance(a, Swipe) for a in g.legal_actions(state, 3))  # type: ignore[attr-defined]
    swipes = [a for a in g.legal_actions(state, 2) if isinstance(a, Swipe)]  # type: ignore[attr-defined]
    assert all(a.target == 1 for a in swipes)


def test_discard_a_cookie_then_draw() -> None:
    """Option 3: "place a Cookie Card, face up, in the Cookie discard pile. Then, draw a card to
    replace it. This ends your turn." """
    g = game()
    hands = [["sugar", "lemon_glaze", "red_velvet", "birthday_cake", "fresh_milk"], *OTHERS]
    match = match_at(g, table(g, hands, deck={"peanut_butter": 3}))
    assert Discard("fresh_milk") not in g.legal_actions(match.state, 0)
    match.submit(0, Discard("sugar"), match.version)
    assert match.state.discard[-1] == "sugar"
    force_draws(match, "peanut_butter")
    assert "peanut_butter" in match.state.hands[0]
    assert match.state.turn == 1


def test_drawing_is_one_card_at_a_time() -> None:
    """ "As you draw cards, pick them up 1 at a time": each draw is its own chance step."""
    g = game()
    hands = [["sugar", "sugar", "lemon_glaze", "red_velvet", "birthday_cake"], [], [], []]
    match = match_at(g, table(g, hands, deck={"peanut_butter": 3, "sugar": 3}))
    match.submit(0, FormBatch(("sugar", "sugar")), match.version)
    steps = 0
    while match.pending.kind is Kind.CHANCE:
        assert len(match.roll_chance()) >= 1
        steps += 1
    assert steps == 2


def test_a_milk_flipped_onto_the_pile_cannot_be_paired() -> None:
    """Ruling (rules.md): only a cookie on the discard pile can be paired ("an identical Cookie
    atop the discard pile")."""
    g = game()
    hands = [["sugar", "lemon_glaze", "red_velvet", "birthday_cake", "fresh_milk"], [], [], []]
    state = table(g, hands, discard=("fresh_milk",))
    assert not any(isinstance(a, FormBatch) and a.pile for a in g.legal_actions(state, 0))


def test_only_the_current_player_may_act() -> None:
    """Play passes left; others wait their turn."""
    g = game()
    hands = [["sugar"] * 5, ["sugar"] * 5, [], []]
    match = match_at(g, table(g, hands))
    with pytest.raises(Exception, match="may not act now"):
        match.submit(1, FormBatch(("sugar", "sugar")), match.version)
    with pytest.raises(IllegalAction):
        match.submit(0, Discard("lemon_glaze"), match.version)
