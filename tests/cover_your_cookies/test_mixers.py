"""Mixers: drawn one card at a time, they act at once and are not a turn."""

from __future__ import annotations

from dataclasses import replace

from gamenight.engine import CHANCE, Kind
from gamenight.games.cover_your_cookies.state import (
    DrawOrder,
    Exchange,
    FormBatch,
    Rotate,
    SwapBatches,
    Take,
)
from tests.cover_your_cookies.helpers import batch, force_draws, game, match_at, table

HAND4 = ["sugar", "lemon_glaze", "red_velvet", "birthday_cake"]
FULL = ["snickerdoodle"] * 5


def drawing(
    mixer: str, stacks: list[list[object]] | None = None, hands: object = None, **kw: object
):  # type: ignore[no-untyped-def]
    """Seat 0 is drawing back up (4 cards) with ``mixer`` in the bottom half of the deck."""
    g = game(**kw)  # type: ignore[arg-type]
    hands = hands or [HAND4, FULL, FULL, FULL]
    state = table(
        g,
        hands,  # type: ignore[arg-type]
        stacks,  # type: ignore[arg-type]
        deck={mixer: 1, "peanut_butter": 5},
        top_half_left=0,
        phase="draw",
        draw_queue=(DrawOrder(0),),
        turns=7,
    )
    return g, match_at(g, state)


STACKS = [
    [batch(0, "sugar"), batch(1, "lemon_glaze")],
    [batch(2, "red_velvet")],
    [],
    [batch(3, "birthday_cake"), batch(4, "peanut_butter")],
]


def test_rotate_moves_every_top_batch_in_the_declared_direction() -> None:
    """ROTATE: "All players simultaneously move their top Batch to their neighbor's stack, in the
    direction you declare (left or right). All players with 1 or more Batches must participate."
    Ruling: "Rotate moves every player's top Batch, a player's only Batch included."
    (Left is the next seat.)"""
    g, match = drawing("rotate", STACKS)
    force_draws(match, "rotate")
    assert match.pending.kind is Kind.SINGLE
    assert match.pending.players == (0,)
    assert set(g.legal_actions(match.state, 0)) == {Rotate("left"), Rotate("right")}
    match.submit(0, Rotate("left"), match.version)
    ids = [[b.id for b in st] for st in match.state.stacks]
    assert ids == [[0, 4], [1], [2], [3]]
    assert match.state.mixer_discard == ("rotate",)
    assert match.state.crumbs == (0, 0, 0, 0)  # mixers never move a Crumb Collector


def test_rotate_right() -> None:
    """Rotate right sends each top Batch to the previous seat."""
    _g, match = drawing("rotate", STACKS)
    force_draws(match, "rotate")
    match.submit(0, Rotate("right"), match.version)
    ids = [[b.id for b in st] for st in match.state.stacks]
    assert ids == [[0, 2], [], [4], [3, 1]]


def test_a_mixer_is_not_a_turn_and_drawing_resumes() -> None:
    """Mixers "take effect immediately, before another card is drawn. They do not count as a
    player's turn." ... "The player who drew the Mixer then resumes replenishing their hand." """
    _g, match = drawing("rotate", STACKS)
    force_draws(match, "rotate")
    match.submit(0, Rotate("left"), match.version)
    assert match.state.turn == 0
    assert match.state.turns == 7
    assert match.pending.kind is Kind.CHANCE
    force_draws(match, "peanut_butter")
    assert len(match.state.hands[0]) == 5
    assert match.state.turn == 1


def test_enhance_joins_the_drawers_top_batch() -> None:
    """ENHANCE: "This wild card is inserted into your top Batch, increasing its value by 30."
    It stays in the Batch (it is not discarded) and goes with it when swiped."""
    _g, match = drawing("enhance", STACKS)
    force_draws(match, "enhance")
    top = match.state.stacks[0][-1]
    assert "enhance" in top.cards
    assert top.value == 20 + 30
    assert match.state.mixer_discard == ()
    assert match.pending.kind is Kind.CHANCE  # no decision, drawing goes on


def test_enhance_with_no_batch_waits_for_the_next_batch() -> None:
    """Ruling: "Enhance drawn with no Batch waits beside the stack and joins the next Batch
    formed." """
    hands = [["sugar", "fresh_milk", "red_velvet", "birthday_cake"], FULL, FULL, FULL]
    _g, match = drawing("enhance", [[], [], [], []], hands)
    force_draws(match, "enhance")
    assert match.state.waiting_enhance == (1, 0, 0, 0)
    force_draws(match, "peanut_butter")
    assert match.state.turn == 1
    # Later, on seat 0's turn, their next Batch takes the waiting Enhance.
    match.state = replace(match.state, phase="turn", turn=0)
    match.submit(0, FormBatch(("fresh_milk", "sugar")), match.version)
    (b,) = match.state.stacks[0]
    assert sorted(b.cards) == ["enhance", "fresh_milk", "sugar"]
    assert b.value == 30 + 25 + 5
    assert match.state.waiting_enhance == (0, 0, 0, 0)


def test_swap_two_other_players_top_batches() -> None:
    """SWAP: "Force any two players with at least one Batch, excluding yourself, to swap their
    top Batch." """
    g, match = drawing("swap", STACKS)
    force_draws(match, "swap")
    assert set(g.legal_actions(match.state, 0)) == {SwapBatches(1, 3)}
    match.submit(0, SwapBatches(1, 3), match.version)
    ids = [[b.id for b in st] for st in match.state.stacks]
    assert ids == [[0, 1], [4], [], [3, 2]]
    assert match.state.mixer_discard == ("swap",)


def test_swap_with_fewer_than_two_eligible_players_has_no_effect() -> None:
    """Swap needs two other players with a Batch; otherwise it is discarded with no effect."""
    _g, match = drawing("swap", [[batch(0, "sugar")], [batch(1, "sugar")], [], []])
    events = force_draws(match, "swap")
    assert any(e.kind == "mixer_no_effect" for e in events)
    assert match.state.mixer_discard == ("swap",)
    assert match.pending.kind is Kind.CHANCE


def test_exchange_everyone_takes_blindly_from_the_printed_side() -> None:
    """EXCHANGE: "say either '1', or '2.' Then, all players will simultaneously take the number of
    cards stated from their neighbor's hand (in the direction indicated on the card) ... Skip
    players with less than three cards." Ruling: one card Left, one Right; players with fewer
    than 3 cards neither give nor take. Exchange Left: take from the next seat."""
    hands = [HAND4, ["fresh_milk"] * 3, ["chocolate_milk"] * 2, ["lemon_glaze"] * 5]
    g, match = drawing("exchange_left", STACKS, hands)
    force_draws(match, "exchange_left")
    assert set(g.legal_actions(match.state, 0)) == {Exchange(1), Exchange(2)}
    match.submit(0, Exchange(2), match.version)
    # Seat 2 (two cards) is skipped: 0 takes from 1, 1 takes from 3, 3 takes from 0.
    assert match.state.takers == ((0, 3), (1, 0), (3, 1))
    assert match.pending.kind is Kind.CHANCE
    outcomes = dict(g.chance_outcomes(match.state))
    assert set(outcomes) == {
        Take(c)
        for c in [
            ("birthday_cake", "lemon_glaze"),
            ("birthday_cake", "red_velvet"),
            ("birthday_cake", "sugar"),
            ("lemon_glaze", "red_velvet"),
            ("lemon_glaze", "sugar"),
            ("red_velvet", "sugar"),
        ]
    }
    match.apply_trusted(CHANCE, Take(("lemon_glaze", "sugar")))
    match.apply_trusted(CHANCE, Take(("fresh_milk", "fresh_milk")))
    match.apply_trusted(CHANCE, Take(("lemon_glaze", "lemon_glaze")))
    hands_after = match.state.hands
    assert hands_after[0] == ("birthday_cake", "fresh_milk", "fresh_milk", "red_velvet")
    assert hands_after[1] == ("fresh_milk", "lemon_glaze", "lemon_glaze")
    assert hands_after[2] == ("chocolate_milk", "chocolate_milk")
    assert hands_after[3] == ("lemon_glaze",) * 4 + ("sugar",)
    assert match.state.mixer_discard == ("exchange_left",)
    assert match.state.phase == "draw"


def test_exchange_right_takes_from_the_previous_seat_and_blind_takes_are_weighted() -> None:
    """Exchange Right: everyone takes from the previous seat; a blind take of one card from
    ``sugar, sugar, lemon`` is a sugar two times in three."""
    hands = [HAND4, ["sugar", "sugar", "lemon_glaze"], FULL, FULL]
    g, match = drawing("exchange_right", STACKS, hands)
    force_draws(match, "exchange_right")
    match.submit(0, Exchange(1), match.version)
    assert match.state.takers == ((0, 1), (1, 2), (2, 3), (3, 0))
    match.apply_trusted(CHANCE, Take(("sugar",)))
    outcomes = dict(g.chance_outcomes(match.state))
    assert abs(outcomes[Take(("sugar",))] - 2 / 3) < 1e-12
    assert abs(outcomes[Take(("lemon_glaze",))] - 1 / 3) < 1e-12


def test_mixers_go_to_their_own_discard_pile_except_enhance() -> None:
    """ "Mixer cards (except the Enhance cards) are discarded permanently into their own separate
    discard pile." """
    _g, match = drawing("rotate", STACKS)
    force_draws(match, "rotate")
    match.submit(0, Rotate("left"), match.version)
    assert match.state.mixer_discard == ("rotate",)
    assert "rotate" not in match.state.discard


def test_the_defender_drawing_a_mixer_is_the_one_who_chooses() -> None:
    """ "Carmela draws back up to 5 cards, then Ginger does the same": a mixer drawn while the
    defender draws is the defender's to resolve ("The player who drew the Mixer")."""
    from gamenight.games.cover_your_cookies.state import YIELD, Answer, Swipe

    g = game()
    hands = [
        ["lemon_glaze", "sugar", "sugar", "sugar", "sugar"],
        ["lemon_glaze", *FULL[:4]],
        FULL,
        FULL,
    ]
    stacks = [[batch(0, "sugar")], [batch(1, "sugar"), batch(2, "lemon_glaze")], [], []]
    state = table(g, hands, stacks, deck={"rotate": 1, "peanut_butter": 5}, top_half_left=0)
    match = match_at(g, state)
    match.submit(0, Swipe(1, "lemon_glaze"), match.version)
    match.submit(1, Answer(("lemon_glaze",)), match.version)
    match.submit(0, YIELD, match.version)
    force_draws(match, "peanut_butter", "rotate")
    assert match.pending.players == (1,)
    assert match.state.mixer is not None and match.state.mixer.drawer == 1
    match.submit(1, Rotate("left"), match.version)
    assert [b.id for b in match.state.stacks[2]] == [2]
    force_draws(match, "peanut_butter")
    assert match.state.turn == 1


def test_rotate_with_no_batches_and_exchange_with_too_few_hands_do_nothing() -> None:
    """Rotate moves the Batches of "All players with 1 or more Batches" (none: nothing moves);
    Exchange skips "players with less than three cards" (fewer than two left: nobody swaps)."""
    _g, match = drawing("rotate", [[], [], [], []])
    events = force_draws(match, "rotate")
    assert [e.kind for e in events][-1] == "mixer_no_effect"
    hands = [["sugar", "sugar"], ["sugar"], ["sugar", "lemon_glaze", "sugar"], ["sugar"]]
    _g, match = drawing("exchange_right", STACKS, hands)
    events = force_draws(match, "exchange_right")
    assert [e.kind for e in events][-1] == "mixer_no_effect"
    assert match.state.mixer_discard == ("exchange_right",)
