"""Variants: 3-player rules, Extra Strength Chocolate Milk, two actions, longer games."""

from __future__ import annotations

from dataclasses import replace

from gamenight.engine import Kind, Match
from gamenight.games.cover_your_cookies import CoverYourCookies
from gamenight.games.cover_your_cookies.state import (
    END_TURN,
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

FULL = ["snickerdoodle"] * 5


def test_three_player_discard_row_any_cookie_usable_discards_to_the_right() -> None:
    """3 Player Rules: "cards are discarded in a row. When you discard a Cookie, place it to the
    right of any other Cookies in the row" ... "Any cookie in the row is accessible and may be
    used to start a Batch by pairing it with a matching Cookie or Milk Card (wild)." """
    g = game(3)
    hand = ["sugar", "fresh_milk", "red_velvet", "birthday_cake", "lemon_glaze", "snickerdoodle"]
    state = table(g, [hand, [*FULL, "sugar"], [*FULL, "sugar"]], discard=("sugar", "red_velvet"))
    legal = g.legal_actions(state, 0)
    assert FormBatch(("sugar",), "sugar") in legal
    assert FormBatch(("red_velvet",), "red_velvet") in legal
    assert FormBatch(("fresh_milk",), "sugar") in legal
    match = match_at(g, state)
    match.submit(0, FormBatch(("sugar",), "sugar"), match.version)
    assert match.state.discard == ("red_velvet",)
    match = match_at(g, state)
    match.submit(0, Discard("lemon_glaze"), match.version)
    assert match.state.discard == ("sugar", "red_velvet", "lemon_glaze")


def esc_duel() -> tuple[object, object]:
    g = game(extra_strength=True)
    hands = [
        ["lemon_glaze", "chocolate_milk", "fresh_milk", "sugar", "red_velvet"],
        ["lemon_glaze", "fresh_milk", "chocolate_milk", "sugar", "red_velvet"],
        FULL,
        FULL,
    ]
    stacks = [[batch(0, "sugar")], [batch(1, "sugar"), batch(2, "lemon_glaze")], [], []]
    return g, match_at(g, table(g, hands, stacks, deck={"sugar": 10}))


def test_extra_strength_chocolate_milk_counts_as_two() -> None:
    """Extra Strength Chocolate Milk: "if another player lays down a Chocolate Milk during a
    challenge you'll have to play either another Chocolate Milk card to counter theirs, or 2 other
    eligible cards—any combination of 2 Fresh Milk or Cookie Cards (that match the targeted
    Batch)." """
    _g, match = esc_duel()
    match.submit(0, Swipe(1, "chocolate_milk"), match.version)  # type: ignore[attr-defined]
    legal = set(match.game.legal_actions(match.state, 1))  # type: ignore[attr-defined]
    assert legal == {
        Answer(("chocolate_milk",)),
        Answer(("fresh_milk", "lemon_glaze")),
        YIELD,
    }
    assert match.state.duel.need == 2  # type: ignore[attr-defined]
    match.submit(1, Answer(("fresh_milk", "lemon_glaze")), match.version)  # type: ignore[attr-defined]
    # After a two-card answer, one matching card answers again (ruling).
    legal = set(match.game.legal_actions(match.state, 0))  # type: ignore[attr-defined]
    assert Answer(("lemon_glaze",)) in legal
    match.submit(0, Answer(("lemon_glaze",)), match.version)  # type: ignore[attr-defined]
    match.submit(1, Answer(("chocolate_milk",)), match.version)  # type: ignore[attr-defined]
    legal = set(match.game.legal_actions(match.state, 0))  # type: ignore[attr-defined]
    assert legal == {YIELD}  # one Fresh Milk is not enough against Chocolate
    match.submit(0, YIELD, match.version)  # type: ignore[attr-defined]
    top = match.state.stacks[1][-1]  # type: ignore[attr-defined]
    assert top.id == 2
    assert len(top.cards) == 2 + 5


def test_without_extra_strength_any_single_card_answers_chocolate() -> None:
    """The standard rule: both milks "function as a substitute for any Cookie card"."""
    g = game()
    hands = [["chocolate_milk", "sugar"], ["fresh_milk", "sugar"], FULL, FULL]
    stacks = [[batch(0, "sugar")], [batch(1, "sugar"), batch(2, "lemon_glaze")], [], []]
    match = match_at(g, table(g, hands, stacks))
    match.submit(0, Swipe(1, "chocolate_milk"), match.version)
    assert set(g.legal_actions(match.state, 1)) == {Answer(("fresh_milk",)), YIELD}


def two_action_table(**kw: object):  # type: ignore[no-untyped-def]
    g = game(two_actions=True, **kw)  # type: ignore[arg-type]
    hands = [
        ["sugar", "sugar", "lemon_glaze", "lemon_glaze", "red_velvet"],
        ["red_velvet"] * 5,
        FULL,
        FULL,
    ]
    stacks = [[batch(0, "peanut_butter")], [batch(1, "sugar"), batch(2, "lemon_glaze")], [], []]
    return g, match_at(g, table(g, hands, stacks, deck={"birthday_cake": 20}))


def test_two_actions_second_is_optional_and_drawing_ends_the_turn() -> None:
    """Take up to two actions per turn: "You only have to take one action each turn, the second
    action is optional." "If you take two actions they can be any two, including taking the same
    action two times." Drawing comes after."""
    g, match = two_action_table()
    match.submit(0, FormBatch(("sugar", "sugar")), match.version)
    assert match.pending.players == (0,)
    assert END_TURN in g.legal_actions(match.state, 0)
    match.submit(0, FormBatch(("lemon_glaze", "lemon_glaze")), match.version)
    assert match.pending.kind is Kind.CHANCE
    force_draws(match, *["birthday_cake"] * 4)
    assert match.state.turn == 1
    g, match = two_action_table()
    match.submit(0, FormBatch(("sugar", "sugar")), match.version)
    match.submit(0, END_TURN, match.version)
    force_draws(match, "birthday_cake", "birthday_cake")
    assert match.state.turn == 1


def test_two_actions_discard_first_draws_then_acts_again() -> None:
    """ "Drawing normally ends your turn. The exception to this is when, for your first action,
    you discard and draw. You can still take a second action after that." """
    g, match = two_action_table()
    match.submit(0, Discard("red_velvet"), match.version)
    force_draws(match, "birthday_cake")
    assert match.pending.players == (0,)
    assert match.state.phase == "turn"
    assert len(match.state.hands[0]) == 5
    assert END_TURN in g.legal_actions(match.state, 0)


def test_two_actions_swipe_twice_but_not_the_same_batch_after_failing() -> None:
    """ "You can swipe from the same player twice in a turn." "If you use your first action to
    attempt to swipe a Batch and fail, you can't attempt to swipe that same Batch again with your
    second action. (This only would apply while playing with both optional rules)." """
    # Fail case, both optional rules: the defender keeps the Batch, so the same Batch is off
    # limits this turn.
    g = game(two_actions=True, extra_strength=True)
    hands = [["lemon_glaze", "lemon_glaze", "red_velvet", "sugar"], ["lemon_glaze"] * 3, FULL, FULL]
    stacks = [
        [batch(0, "peanut_butter")],
        [batch(1, "sugar"), batch(2, "red_velvet"), batch(3, "lemon_glaze")],
        [],
        [],
    ]
    match = match_at(g, table(g, hands, stacks, deck={"birthday_cake": 20}))
    match.submit(0, Swipe(1, "lemon_glaze"), match.version)
    match.submit(1, Answer(("lemon_glaze",)), match.version)
    match.submit(0, YIELD, match.version)
    assert match.state.forbidden_batch == 3
    assert not any(isinstance(a, Swipe) for a in g.legal_actions(match.state, 0))
    unblocked = replace(match.state, forbidden_batch=None)
    assert Swipe(1, "lemon_glaze") in g.legal_actions(unblocked, 0)
    # Two actions without Extra Strength: the limit does not apply, the same Batch may be tried
    # again with the second action.
    plain = game(two_actions=True)
    match = match_at(plain, table(plain, hands, stacks, deck={"birthday_cake": 20}))
    match.submit(0, Swipe(1, "lemon_glaze"), match.version)
    match.submit(1, Answer(("lemon_glaze",)), match.version)
    match.submit(0, YIELD, match.version)
    assert match.state.forbidden_batch is None
    assert match.state.phase == "turn" and match.state.turn == 0
    assert Swipe(1, "lemon_glaze") in plain.legal_actions(match.state, 0)
    # A successful first swipe leaves the next Batch open to a second swipe from the same player.
    match = match_at(plain, table(plain, hands, stacks, deck={"birthday_cake": 20}))
    match.submit(0, Swipe(1, "lemon_glaze"), match.version)
    match.submit(1, YIELD, match.version)
    assert [b.id for b in match.state.stacks[0]] == [0, 3]
    assert Swipe(1, "red_velvet") in plain.legal_actions(match.state, 0)
    match.submit(0, Swipe(1, "red_velvet"), match.version)
    match.submit(1, YIELD, match.version)
    assert [b.id for b in match.state.stacks[0]] == [0, 3, 2]


def test_two_actions_defender_draws_after_the_turn() -> None:
    """ "If someone else played cards to defend a Batch from you, they'll draw as well after you
    finish." With two actions, that is after your last action."""
    _g, match = two_action_table()
    match.submit(0, Swipe(1, "lemon_glaze"), match.version)
    match.submit(1, YIELD, match.version)
    match.submit(0, END_TURN, match.version)
    events = force_draws(match, "birthday_cake")
    assert [e.data["player"] for e in events if e.kind == "drew"] == [0]
    assert match.state.turn == 1


def end_round(g, stacks, **fields):  # type: ignore[no-untyped-def]
    """Finish a round at once: seat 0 discards the last card in play."""
    state = table(g, [["sugar"], [], [], []], stacks, deck={}, top_half_left=0, **fields)
    match = match_at(g, state)
    match.submit(0, Discard("sugar"), match.version)
    return match


STACKS = [[batch(0, "birthday_cake")], [batch(1, "sugar")], [], []]


def test_first_to_750_plays_rounds_until_someone_reaches_it() -> None:
    """Options for longer games: "First to 750: Play as many rounds as needed, tallying scores
    after each, until someone reaches 750 Dough." """
    g = game(match="target")
    match = end_round(g, STACKS)
    s = match.state
    assert s.phase == "deal"
    assert s.round == 1
    assert s.totals == (40, 10, 0, 0)
    assert s.first == 1  # the first player moves one seat left each round (ruling)
    assert match.pending.kind is Kind.CHANCE
    match = end_round(g, STACKS, totals=(720, 10, 0, 0))
    assert match.finished
    assert match.outcome().winners == (0,)
    assert match.outcome().scores == (760, 20, 0, 0)


def test_highest_score_after_three_rounds() -> None:
    """ "Highest score after 3 rounds: Record scores after each round. After 3 rounds, the highest
    score wins!" """
    g = game(match="rounds")
    assert not end_round(g, STACKS, round=1).finished
    match = end_round(g, STACKS, round=2, totals=(0, 100, 0, 0))
    assert match.finished
    assert match.outcome().winners == (1,)
    assert match.outcome().scores == (40, 110, 0, 0)


def test_first_to_win_two_rounds() -> None:
    """ "First to win 2 rounds: Record only which player has the highest score each round. First
    to win 2 rounds wins!" """
    g = game(match="wins")
    match = end_round(g, STACKS)
    assert not match.finished
    assert match.state.round_wins == (1, 0, 0, 0)
    match = end_round(g, STACKS, round_wins=(1, 1, 0, 0))
    assert match.finished
    assert match.outcome().winners == (0,)
    assert match.outcome().scores == (2, 1, 0, 0)


def test_three_player_hands_are_drawn_back_up_to_six() -> None:
    """3 Player Rules: "Deal 6 cards to each player" (and so draw back up to 6)."""
    g = game(3)
    hand = ["sugar", "sugar", "red_velvet", "birthday_cake", "lemon_glaze", "snickerdoodle"]
    match = match_at(g, table(g, [hand, FULL, FULL], deck={"peanut_butter": 5}))
    match.submit(0, FormBatch(("sugar", "sugar")), match.version)
    force_draws(match, "peanut_butter", "peanut_butter")
    assert len(match.state.hands[0]) == 6
    assert match.state.turn == 1


def first_turn_table(drawn: str) -> tuple[CoverYourCookies, Match]:
    """Two actions; seat 0's first turn of the round, a hand with no Batch in it, and the deck
    holding only ``drawn``; every other hand is empty (so seat 0 plays every turn)."""
    g = game(two_actions=True)
    no_pair = ["sugar", "lemon_glaze", "red_velvet", "birthday_cake", "snickerdoodle"]
    state = table(g, [no_pair, [], [], []], deck={drawn: 5}, first_batch=("before_first_turn",) * 4)
    match = match_at(g, state)
    match.state = begin_turn(match, 0)
    return g, match


def test_two_actions_a_first_discard_that_makes_a_batch_possible_counts_as_able() -> None:
    """ "If you weren't able to start a Batch on your first turn then on a subsequent turn you may
    choose to lay down a single Cookie as your first 'Batch.'" With two actions, "for your first
    action, you discard and draw. You can still take a second action after that." Ruling (rules
    page): unable means at no moment of that turn could they form one, so a discard and draw
    that brings a pair makes them able, even if they then end the turn without a Batch."""
    g, match = first_turn_table("sugar")
    assert match.state.first_batch[0] == "first_turn_blocked"
    match.submit(0, Discard("snickerdoodle"), match.version)
    force_draws(match, "sugar")
    state = match.state
    assert state.phase == "turn" and state.actions_taken == 1
    assert FormBatch(("sugar", "sugar")) in g.legal_actions(state, 0)
    assert state.first_batch[0] == "pairs_only"
    match.submit(0, END_TURN, match.version)  # a full hand: nothing to draw
    later = match.state
    assert later.turn == 0 and later.turns == state.turns + 1
    assert later.first_batch[0] == "pairs_only"
    forms = [a for a in g.legal_actions(later, 0) if isinstance(a, FormBatch)]
    assert forms and all(len(a.cards) + (a.pile is not None) == 2 for a in forms)


def test_two_actions_a_first_turn_with_no_batch_at_any_moment_allows_a_single() -> None:
    """The same first turn, but the card drawn after the discard makes no pair either: at no
    moment of the turn could a Batch be started, so a single cookie may start one later."""
    g, match = first_turn_table("peanut_butter")
    match.submit(0, Discard("snickerdoodle"), match.version)
    force_draws(match, "peanut_butter")
    assert match.state.first_batch[0] == "first_turn_blocked"
    match.submit(0, Discard("peanut_butter"), match.version)
    force_draws(match, "peanut_butter")
    later = match.state
    assert later.turn == 0 and later.first_batch[0] == "single_allowed"
    assert FormBatch(("sugar",)) in g.legal_actions(later, 0)
