"""Bad input: each gets a precise error, and the match goes on unchanged."""

from __future__ import annotations

from typing import Any

import pytest

from gamenight.engine import ConfigError, IllegalAction, MalformedAction, Match, make_game
from gamenight.games.cover_your_cookies.config import CoverYourCookiesConfig
from gamenight.games.cover_your_cookies.state import (
    YIELD,
    AddToBatch,
    Answer,
    Discard,
    Draw,
    EndTurn,
    FormBatch,
    MixerInPlay,
    SwapBatches,
    Swipe,
)
from tests.cover_your_cookies.helpers import batch, game, match_at, snapshot, table

FULL = ["snickerdoodle"] * 5


def refused(match: Match, player: int, action: Any, *words: str) -> None:
    """Submitting ``action`` raises IllegalAction naming ``words``; nothing changes."""
    before = snapshot(match)
    with pytest.raises(IllegalAction) as info:
        match.submit(player, action, match.version)
    for word in words:
        assert word in str(info.value), str(info.value)
    assert "legal:" in str(info.value)
    assert snapshot(match) == before


@pytest.mark.parametrize("players", [2, 7])
def test_two_or_seven_players_are_refused(players: int) -> None:
    """Cover Your Cookies takes 3 to 6 players."""
    with pytest.raises(ConfigError, match="3 to 6 players"):
        CoverYourCookiesConfig(players=players)
    with pytest.raises(ConfigError, match="3 to 6 players"):
        make_game("cover-your-cookies", players=players)


def test_bad_options_name_what_is_allowed() -> None:
    """Options are checked when the game is built."""
    with pytest.raises(ConfigError, match="single, target, rounds, wins"):
        make_game("cover-your-cookies", ["match=forever"])
    with pytest.raises(ConfigError, match="first_player must be a seat from 0 to 3"):
        make_game("cover-your-cookies", ["first_player=4"])
    with pytest.raises(ConfigError, match="true or false"):
        make_game("cover-your-cookies", ["extra_strength=maybe"])
    with pytest.raises(ConfigError, match="crumb_track"):
        make_game("cover-your-cookies", ["crumb_track=0,-5"])


def turn_match() -> Match:
    g = game()
    hands = [
        ["fresh_milk", "chocolate_milk", "sugar", "sugar", "lemon_glaze"],
        ["lemon_glaze", "sugar", "red_velvet", "red_velvet", "birthday_cake"],
        FULL,
        FULL,
    ]
    stacks = [
        [batch(0, "peanut_butter")],
        [batch(1, "red_velvet"), batch(2, "sugar")],
        [batch(3, "lemon_glaze")],
        [],
    ]
    return match_at(g, table(g, hands, stacks, discard=("birthday_cake",)))


def test_a_batch_of_two_milks() -> None:
    """ "You can't form a Batch with two Milks"."""
    refused(turn_match(), 0, FormBatch(("chocolate_milk", "fresh_milk")), "two milks")


def test_a_batch_of_three_cards() -> None:
    """ "... or with more than two cards"."""
    match = turn_match()
    refused(match, 0, FormBatch(("fresh_milk", "sugar", "sugar")), "exactly two cards")
    refused(match, 0, FormBatch(("sugar", "sugar"), "sugar"), "exactly two cards")


def test_a_pile_card_that_is_not_on_top() -> None:
    """Only the cookie atop the discard pile may be paired."""
    refused(turn_match(), 0, FormBatch(("lemon_glaze",), "lemon_glaze"), "discard pile")


def test_a_single_cookie_batch_without_the_fudge() -> None:
    """A single cookie starts a Batch only as a first Batch after a first turn without one."""
    refused(turn_match(), 0, FormBatch(("lemon_glaze",)), "single cookie")


def test_swiping_a_protected_batch() -> None:
    """ "The first Batch in each player's pile can't be swiped"."""
    refused(turn_match(), 0, Swipe(2, "lemon_glaze"), "first (bottom) Batch can't be swiped")


def test_swiping_without_a_batch_of_your_own() -> None:
    """The swiper is "another player, who has laid down at least 1 Batch of their own"."""
    g = game()
    hands = [FULL, ["sugar"] * 5, FULL, ["sugar", "fresh_milk", "sugar", "sugar", "sugar"]]
    stacks = [[batch(0, "sugar"), batch(1, "sugar")], [], [], []]
    match = match_at(g, table(g, hands, stacks, turn=3))
    refused(match, 3, Swipe(0, "sugar"), "need a Batch of your own")


def test_swiping_yourself_or_with_a_wrong_card() -> None:
    """Open with "a Cookie that matches your top Batch, or a Milk"."""
    match = turn_match()
    refused(match, 0, Swipe(1, "lemon_glaze"), "open with a sugar or a milk")
    refused(match, 0, Swipe(0, "sugar"), "another player's top Batch")


def test_a_non_matching_card_in_a_duel() -> None:
    """The defender plays "a matching Cookie or a Milk (wild)"."""
    match = turn_match()
    match.submit(0, Swipe(1, "sugar"), match.version)
    refused(match, 1, Answer(("red_velvet",)), "does not match", "sugar")
    refused(match, 1, Answer(("sugar", "lemon_glaze")), "does not match")
    refused(match, 1, Answer(("sugar", "sugar")), "exactly one matching card")
    refused(match, 1, FormBatch(("red_velvet", "red_velvet")), "only answer")
    match.submit(1, Answer(("sugar",)), match.version)
    refused(match, 0, Answer(("chocolate_milk", "fresh_milk")), "exactly one")


def test_adding_to_your_batch_before_the_deck_is_out() -> None:
    """Adding to your top Batch "can only be done after the deck runs out"."""
    refused(turn_match(), 0, AddToBatch("fresh_milk"), "only after the deck runs out")


def test_passing_when_you_must_discard() -> None:
    """ "If you can't do anything else, you must discard a Cookie—you can't just pass your
    turn." """
    g = game()
    state = table(g, [["sugar", "lemon_glaze"], ["red_velvet"], [], []], deck={}, top_half_left=0)
    match = match_at(g, state)
    refused(match, 0, EndTurn(), "can't pass your turn")
    refused(match, 0, YIELD, "no duel")


def test_ending_a_two_action_turn_before_any_action() -> None:
    """With two actions, "You only have to take one action each turn"."""
    g = game(two_actions=True)
    match = match_at(g, table(g, [["sugar", "sugar"], FULL, FULL, FULL]))
    refused(match, 0, EndTurn(), "at least one action")


def test_malformed_moves_are_refused_by_the_codecs() -> None:
    """Typed and wire moves with unknown cards or the wrong shape are MalformedAction."""
    g = game()
    with pytest.raises(MalformedAction, match="unknown card 'cupcake'"):
        g.action_from_text("form cupcake cupcake")
    with pytest.raises(MalformedAction, match="could be"):
        g.action_from_text("discard s")
    with pytest.raises(MalformedAction, match="swipe takes 2"):
        g.action_from_text("swipe 1")
    with pytest.raises(MalformedAction, match="player number"):
        g.action_from_text("swipe one sugar")
    with pytest.raises(MalformedAction, match="unknown move"):
        g.action_from_text("bake")
    with pytest.raises(MalformedAction, match="unknown card"):
        g.action_from_json({"type": "discard", "card": "cupcake"})
    assert g.action_from_text("form fresh lem") == FormBatch(("fresh_milk", "lemon_glaze"))
    wire = {"type": "form_batch", "cards": ["lemon_glaze", "fresh_milk"], "pile": None}
    assert g.action_from_json(wire) == FormBatch(("fresh_milk", "lemon_glaze"))
    # Records written before absence was null say "" for "no card from the discards".
    assert g.action_from_json({**wire, "pile": ""}) == FormBatch(("fresh_milk", "lemon_glaze"))
    # "choc" fits three cards (see test_text_abbreviations_are_never_ambiguous); "choc_milk"
    # and the initials "cm" fit Chocolate Milk alone.
    assert g.action_from_text("form choc_milk +sugar") == FormBatch(("chocolate_milk",), "sugar")
    assert g.action_from_text("form cm +sugar") == FormBatch(("chocolate_milk",), "sugar")


def test_a_player_out_of_turn() -> None:
    """Only the player whose turn it is may act (the engine's NotYourDecision)."""
    from gamenight.engine import NotYourDecision

    match = turn_match()
    before = snapshot(match)
    with pytest.raises(NotYourDecision, match="may not act now"):
        match.submit(1, FormBatch(("red_velvet", "red_velvet")), match.version)
    assert snapshot(match) == before


def test_a_wrong_mixer_choice() -> None:
    """Swap: "Force any two players with at least one Batch, excluding yourself"; Exchange: "say
    either '1', or '2'"."""
    from gamenight.games.cover_your_cookies.state import Exchange, SwapBatches

    g = game()
    stacks = [[batch(0, "sugar")], [batch(1, "sugar")], [batch(2, "sugar")], []]
    state = table(
        g, [FULL] * 4, stacks, phase="mixer", mixer=MixerInPlay("swap", 0), top_half_left=0
    )
    match = match_at(g, state)
    refused(match, 0, SwapBatches(0, 1), "two other players")
    refused(match, 0, SwapBatches(1, 3), "two other players")
    match.submit(0, SwapBatches(1, 2), match.version)
    state = table(
        g, [FULL] * 4, phase="mixer", mixer=MixerInPlay("exchange_left", 0), top_half_left=0
    )
    refused(match_at(g, state), 0, Exchange(3), "say 1 or 2")


def test_mixer_choices_and_chance_outcomes_outside_their_moment() -> None:
    """Mixers "take effect immediately" when drawn, chosen by their drawer: outside that moment a
    mixer choice is refused with the reason, and nobody may pick the card they draw."""
    from gamenight.games.cover_your_cookies.state import Draw, Exchange, Rotate, SwapBatches, Take

    match = turn_match()
    for action in (Rotate("left"), SwapBatches(1, 2), Exchange(1)):
        refused(match, 0, action, "no mixer is waiting for a choice")
    refused(match, 0, Draw("birthday_cake"), "by chance, not chosen")
    refused(match, 0, Take(("sugar",)), "by chance, not chosen")


def test_text_abbreviations_are_never_ambiguous() -> None:
    """A card may be typed by its id, its initials or the start of a word of its name; a word
    that fits several cards names them and is refused, whatever the hand holds: "choc" fits
    Chocolate Chip, Double Chocolate and Chocolate Milk, "milk" both milks."""
    g = game()
    for text in ("form choc choc", "play choc", "form chocolate +sugar", "swipe 1 choc"):
        with pytest.raises(MalformedAction) as info:
            g.action_from_text(text)
        assert "chocolate_chip, double_chocolate or chocolate_milk" in str(info.value)
    with pytest.raises(MalformedAction, match="could be fresh_milk or chocolate_milk"):
        g.action_from_text("form milk +sugar")
    assert g.action_from_text("form choc_chip choc_chip") == FormBatch(("chocolate_chip",) * 2)
    assert g.action_from_text("form cc cc") == FormBatch(("chocolate_chip",) * 2)
    assert g.action_from_text("play cm") == Answer(("chocolate_milk",))
    assert g.action_from_text("play choc_milk") == Answer(("chocolate_milk",))
    assert g.action_from_text("form fresh +lem") == FormBatch(("fresh_milk",), "lemon_glaze")
    assert g.action_from_text("discard velvet") == Discard("red_velvet")


def test_every_move_the_game_suggests_can_be_typed() -> None:
    """The hints in the game's messages and every typed example on its rules page parse (the
    old hint ``form milk +sugar`` was refused as "unknown card 'milk'")."""
    import re

    g = game()
    with pytest.raises(MalformedAction) as info:
        g.action_from_text("form")
    hints = re.findall(r"form [a-z_ +]+?(?=,| \(|$)", str(info.value))
    assert "form fresh +sugar" in hints
    for hint in hints:
        g.action_from_text(hint)
    page = g.rules_text()
    verbs = ("form ", "swipe ", "play ", "discard ", "add ", "rotate ", "swap ", "exchange ")
    typed = [t for t in re.findall(r"`([^`]+)`", page) if t.startswith(verbs)]
    assert len(typed) >= 10, typed
    for text in typed:
        g.action_from_text(text)


def test_unknown_cards_list_only_the_cards_a_hand_can_hold() -> None:
    """Mixers act the moment they are drawn and are never in a hand, so an unknown card's error
    lists cookies and milk only, and a mixer named in a move says what mixers do."""
    g = game()
    with pytest.raises(MalformedAction) as info:
        g.action_from_text("form cupcake cupcake")
    message = str(info.value)
    assert "sugar" in message and "chocolate_milk" in message
    for mixer in ("rotate", "enhance", "swap", "exchange_left"):
        assert mixer not in message
    with pytest.raises(MalformedAction, match="mixers act when drawn and are never in a hand"):
        g.action_from_text("discard rotate")
    assert g.action_from_text("draw rotate") == Draw("rotate")  # a chance move's text form


def test_numbers_are_ascii_digits_and_short() -> None:
    """Unicode digits, signs and huge numbers are refused with a short message, never a
    traceback."""
    g = game()
    for word in ("²", "٣", "-1", "1e3", "9" * 5000):
        with pytest.raises(MalformedAction) as info:
            g.action_from_text(f"swipe {word} sugar")
        assert len(str(info.value)) < 120
    with pytest.raises(MalformedAction, match="exchange needs 1 or 2"):
        g.action_from_text("exchange ²")
    assert g.action_from_text("swap 3 1") == SwapBatches(1, 3)


def test_errors_echo_a_short_part_of_huge_input() -> None:
    """A huge move gets a message of a few lines, whatever its size."""
    g = game()
    for text in ("form " + "sugar " * 200_000, "x" * 200_000, "discard " + "q" * 200_000):
        with pytest.raises(MalformedAction) as info:
            g.action_from_text(text)
        assert len(str(info.value)) < 400
    with pytest.raises(MalformedAction) as info:
        g.action_from_json({"type": "discard", "card": "q" * 200_000})
    assert len(str(info.value)) < 200
    match = turn_match()
    with pytest.raises(IllegalAction) as refused_info:
        match.submit(0, FormBatch(("sugar",) * 200_000), match.version)
    assert len(str(refused_info.value)) < 1000
    assert "exactly two cards" in str(refused_info.value)


@pytest.mark.parametrize(
    "action",
    [
        Swipe(target=None, card="sugar"),  # type: ignore[arg-type]
        Swipe(target=1, card=None),  # type: ignore[arg-type]
        FormBatch(cards=None),  # type: ignore[arg-type]
        FormBatch(cards=("sugar", 5)),  # type: ignore[arg-type]
        FormBatch(cards=("sugar",), pile=7),  # type: ignore[arg-type]
        Answer(cards="sugar"),  # type: ignore[arg-type]
        Discard(card=["sugar"]),  # type: ignore[arg-type]
        SwapBatches(first="1", second=2),  # type: ignore[arg-type]
    ],
)
def test_wrong_typed_fields_are_refused_with_a_reason(action: Any) -> None:
    """``Match.submit`` is the checked way in: an action built in code with fields of the wrong
    type is refused with its reason (by the engine, for every game alike), and the match goes on
    unchanged."""
    match = turn_match()
    before = snapshot(match)
    with pytest.raises(MalformedAction, match="must be"):
        match.submit(0, action, match.version)
    assert snapshot(match) == before


def test_a_refusal_reads_the_same_in_every_process() -> None:
    """Which card a refusal names must not depend on the order of a set (hash seeds differ
    between processes): the first card missing, in alphabetical order, is named."""
    import subprocess
    import sys

    program = (
        "from tests.cover_your_cookies.test_bad_input import missing_cards_reason;"
        "print(missing_cards_reason())"
    )
    seen = {
        subprocess.run(
            [sys.executable, "-c", program],
            env={"PYTHONHASHSEED": seed, "PATH": ""},
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        for seed in ("1", "2", "3")
    }
    assert seen == {"you don't hold enough lemon_glaze"}


def missing_cards_reason() -> str | None:
    """The reason for forming a Batch of two cards the player holds neither of."""
    g = game()
    state = table(g, [FULL, FULL, FULL, FULL])
    action = FormBatch(("lemon_glaze", "sugar"))
    return g.explain_illegal(state, 0, action)
