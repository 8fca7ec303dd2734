"""The terminal screen: lines agree with "You", numbers agree with nouns, names are shown as
typed, each round names its winner, and move labels use public facts only."""

from __future__ import annotations

import random
from io import StringIO
from typing import Any

from rich.console import Console

from gamenight.bots import make_bot
from gamenight.engine import Kind, Match
from gamenight.games.cover_your_cookies.state import AddToBatch, Swipe
from gamenight.games.cover_your_cookies.terminal import CoverYourCookiesRenderer
from tests.cover_your_cookies.helpers import batch, game, table

NAMES = ["You", "baker (1)", "baker (2)", "baker (3)"]


def line(event: dict[str, Any], names: list[str] = NAMES) -> str:
    """The line an event prints, as plain text."""
    text = CoverYourCookiesRenderer().describe(event, names)
    assert text is not None
    out = StringIO()
    Console(file=out, width=300).print(text)
    return out.getvalue().strip()


def screen(view: dict[str, Any], seat: int | None, names: list[str] = NAMES) -> str:
    """What ``show`` prints for a view, as plain text."""
    out = StringIO()
    CoverYourCookiesRenderer().show(Console(file=out, width=300), view, seat, names)
    return out.getvalue()


def test_a_round_over_line_names_the_rounds_winner() -> None:
    """ "It's time to add up the Dough ... to see who won!": the round's line names its winner,
    or the players sharing it (a tie on Dough and Batches is shared)."""
    over = {"kind": "round_over", "round": 0, "scores": [40, 95, 10, 0], "crumbs": [0] * 4}
    assert line({**over, "winners": [1]}).endswith("baker (1) wins the round.")
    assert line({**over, "winners": [0]}).endswith("You win the round.")
    assert line({**over, "winners": [1, 2]}).endswith("baker (1) and baker (2) share the round.")


def test_lines_agree_with_you() -> None:
    """The person is "You": "You draw", "You try", "Your turn", never "You draws"."""
    assert line({"kind": "drew", "player": 0, "card": "sugar"}) == "You draw Sugar (5)."
    assert line({"kind": "drew", "player": 1}) == "baker (1) draws a card."
    assert line({"kind": "turn_started", "player": 0}) == "Your turn."
    assert line({"kind": "turn_started", "player": 2}) == "baker (2)'s turn."
    swipe = {
        "kind": "swipe",
        "player": 0,
        "target": 1,
        "batch": 3,
        "flavour": "sugar",
        "value": 10,
        "card": "sugar",
    }
    assert line(swipe).startswith("You try to swipe baker (1)'s Sugar Batch")
    assert line({**swipe, "player": 1, "target": 0}).startswith("baker (1) tries to swipe your")
    added = {"kind": "added", "player": 0, "card": "sugar", "batch": 1}
    assert line(added) == "You add Sugar to your top Batch."
    took = {"kind": "took", "player": 0, "from": 1, "count": 1}
    assert line(took) == "You take 1 card from baker (1)."
    assert line({**took, "player": 2, "count": 2}) == "baker (2) takes 2 cards from baker (1)."
    assert line({"kind": "game_over", "winners": [0]}) == "You win!"


def test_numbers_agree_with_nouns() -> None:
    """ "1 card", "1 mixer", "takes 1 card": never "1 cards" or "card(s)"."""
    g = game()
    state = table(g, [["sugar"], [], [], []], discard=("sugar",), deck={"sugar": 1})
    text = screen(g.observe(state, 0), 0)
    assert "1 card in the deck, 0 mixers in it" in text
    two = table(g, [["sugar"], [], [], []], deck={"sugar": 1, "rotate": 1})
    assert "2 cards in the deck, 1 mixer in it" in screen(g.observe(two, 0), 0)
    assert "(1 card)" in text
    exchange = {"kind": "exchange", "player": 0, "count": 1, "direction": "left", "players": []}
    assert "takes 1 card from" in line(exchange)
    assert "(s)" not in text + line(exchange)


def test_player_names_are_shown_as_typed_even_with_markup() -> None:
    """A name may hold rich markup (``[/]``, ``[bold]``): it is printed as typed, and no line or
    screen of a whole seeded game fails on it."""
    names = ["[/]", "[bold]x", "a]b", "[red]"]
    g = game(extra_strength=True, two_actions=True)
    match = Match(g, seed=4)
    bots = [make_bot("default", g, s) for s in range(4)]
    rng = random.Random(4)
    renderer = CoverYourCookiesRenderer()
    lines = []
    kinds = set()
    while not match.finished:
        if match.pending.kind is Kind.CHANCE:
            events = match.roll_chance()
        else:
            seat = match.pending.players[0]
            legal = g.legal_actions(match.state, seat)
            action = bots[seat].act(g.observe(match.state, seat), legal, rng)
            events = match.submit(seat, action, match.version)
        for event in events:
            text = renderer.describe(event.for_viewer(0), names)
            if text is not None:
                kinds.add(event.kind)
                out = StringIO()
                Console(file=out, width=300).print(text)
                lines.append(out.getvalue())
    assert {"turn_started", "formed", "swipe", "duel_over", "round_over", "game_over"} <= kinds
    assert any("[/]" in x for x in lines)
    assert any("[bold]x" in x for x in lines)
    assert "[/]" in screen(g.observe(match.state, 0), 0, names)


def test_move_labels_use_public_facts_only_and_the_same_for_every_seat() -> None:
    """One renderer may serve several people at one screen: what it keeps from the last table
    drawn for its labels is public and the same whichever seat it was drawn for, and a label
    asked for before any table was drawn still reads."""
    g = game()
    hands = [["sugar", "lemon_glaze"], ["red_velvet"], ["birthday_cake"], ["fresh_milk"]]
    stacks = [[batch(0, "sugar")], [batch(1, "sugar"), batch(2, "lemon_glaze")], [], []]
    state = table(g, hands, stacks)
    fresh = CoverYourCookiesRenderer()
    assert fresh.action_label("swipe 1 sugar", Swipe(1, "sugar")) == (
        "swipe player 1's Batch with Sugar"
    )
    labels = []
    facts = []
    for seat in range(4):
        renderer = CoverYourCookiesRenderer()
        renderer.show(Console(file=StringIO()), g.observe(state, seat), seat, NAMES)
        facts.append(renderer.facts)
        labels.append(renderer.action_label("swipe 1 lemon_glaze", Swipe(1, "lemon_glaze")))
    assert labels == ["swipe baker (1)'s Batch (20) with Lemon Glaze"] * 4
    assert all(f == facts[0] for f in facts)
    assert "red_velvet" not in repr(facts[0]) and "birthday_cake" not in repr(facts[0])
    assert fresh.action_label("add sugar", AddToBatch("sugar")) == "add Sugar to your top Batch"


def test_five_stacks_at_80_columns_take_a_line_each_unless_a_batch_is_long() -> None:
    """At 80 columns (the smallest common terminal) the board's table is narrowed: the seat
    joins the player's column and an exposed top Batch (one with Batches below it) is not
    marked in words, so a stack takes one line unless its top Batch is long; a Batch lists
    each other card once with its count. At 120 columns the table has every column and mark."""
    g = game(5)
    milky = batch(9, "snickerdoodle", "fresh_milk", "fresh_milk", "fresh_milk", count=6)
    stacks = [
        [batch(1, "sugar"), batch(2, "white_chip_macadamia")],
        [batch(3, "sugar"), batch(4, "sugar")],
        [batch(5, "lemon_glaze")],
        [],
        [batch(6, "sugar"), batch(7, "sugar"), milky],
    ]
    hands = [["sugar", "sugar", "lemon_glaze"]] * 5
    view = g.observe(table(g, hands, stacks), 0)
    names = ["You", "baker (1)", "baker (2)", "baker (3)", "baker (4)"]

    def rows(width: int) -> list[str]:
        out = StringIO()
        CoverYourCookiesRenderer().show(Console(file=out, width=width), view, 0, names)
        lines = out.getvalue().splitlines()
        head = next(i for i, text in enumerate(lines) if "stack (bottom" in text)
        end = next(i for i, text in enumerate(lines) if text.startswith("Discard"))
        return lines[head + 2 : end]

    narrow = rows(80)
    starts = [i for i, text in enumerate(narrow) if text[1:2].isdigit()]
    assert [narrow[i].split("│")[0].strip() for i in starts] == [
        "▶0 You",
        "1 baker (1)",
        "2 baker (2)",
        "3 baker (3)",
        "4 baker (4)",
    ]
    assert starts[1:4] == [starts[1], starts[1] + 1, starts[1] + 2]  # one line each
    assert len(narrow) <= 7, "\n".join(narrow)  # the long Batches take a second line
    joined = " ".join(" ".join(text.split("│")[-1].split()) for text in narrow[starts[4] :])
    assert "2 below [20] | Snickerdoodle x6 + Fresh Milk x3 [105]" in joined
    assert "(exposed)" not in "\n".join(narrow)
    assert "Lemon Glaze x2 [20] (protected)" in narrow[starts[2]]
    wide = "\n".join(rows(120))
    assert "(exposed)" in wide and "baker (4) │" in wide
