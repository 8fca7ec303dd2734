"""What each seat may see: its own hand, the public table, never another hand."""

from __future__ import annotations

import json

import pytest

from gamenight.engine import Match
from gamenight.engine.errors import UnknownSeat
from gamenight.games.cover_your_cookies.state import FormBatch
from tests.cover_your_cookies.helpers import batch, game, match_at, table


def test_a_player_sees_their_hand_and_only_the_size_of_the_others() -> None:
    """Hands are secret; stacks, the discard pile, Crumb Collectors and the deck size are
    public."""
    g = game()
    hands = [["sugar", "sugar"], ["lemon_glaze"], ["red_velvet"] * 3, []]
    stacks = [[batch(0, "sugar")], [], [], []]
    state = table(g, hands, stacks, discard=("birthday_cake",), crumbs=(0, 1, 0, 0))
    view = g.observe(state, 1)
    assert view["hand"] == ["lemon_glaze"]
    assert view["hand_sizes"] == [2, 1, 3, 0]
    assert view["stacks"][0] == [
        {"id": 0, "flavour": "sugar", "cards": ["sugar", "sugar"], "value": 10}
    ]
    assert view["discard"] == ["birthday_cake"]
    assert view["crumbs"] == [0, 1, 0, 0]
    assert view["dough"] == [10, 5, 0, 0]
    assert view["deck"] == 10
    text = json.dumps(view)
    assert "red_velvet" not in text
    assert g.observe(state, None)["hand"] is None
    assert "red_velvet" not in json.dumps(g.observe(state, None))


def test_draws_are_secret_to_the_drawer_but_formed_batches_are_public() -> None:
    """A drawn card goes into a hand (secret); a Batch is laid on the table (public)."""
    g = game()
    hands = [["sugar", "sugar", "lemon_glaze"], ["lemon_glaze"], ["lemon_glaze"], ["lemon_glaze"]]
    match = match_at(g, table(g, hands, deck={"birthday_cake": 5}))
    events = match.submit(0, FormBatch(("sugar", "sugar")), match.version)
    assert events[0].for_viewer(2)["cards"] == ["sugar", "sugar"]
    drew = match.roll_chance()[0]
    assert drew.for_viewer(0)["card"] == "birthday_cake"
    assert "card" not in drew.for_viewer(1)
    assert "card" not in drew.for_viewer(None)


def test_a_seeded_match_replays_exactly() -> None:
    """Seed + action log replays a match exactly (the match record)."""
    from gamenight.bots import make_bot
    from gamenight.engine import replay
    from gamenight.games.cover_your_cookies import CoverYourCookies
    from gamenight.sim.driver import run

    g = game(5, extra_strength=True, two_actions=True)
    agents = [make_bot("default", g, s) for s in range(5)]
    match = run(Match(g, seed=42), agents)
    again = replay(json.loads(json.dumps(match.record())), CoverYourCookies)
    assert again.state == match.state
    assert again.outcome() == match.outcome()


def test_a_viewer_that_is_not_a_seat_is_a_spectator() -> None:
    """Hands are secret: a viewer outside the table (``-1``, a seat past the last, ``True``,
    text) sees what a spectator sees, never a hand (``-1`` used to show the last seat's)."""
    import random

    g = game()
    hands = [["sugar", "sugar"], ["lemon_glaze"], ["red_velvet"] * 3, ["birthday_cake"]]
    state = table(g, hands, [[batch(0, "sugar")], [], [], []])
    spectator = g.observe(state, None)
    for viewer in (-1, 4, 99, True, "1"):
        seen = g.observe(state, viewer)  # type: ignore[arg-type]
        assert seen == spectator
        assert seen["hand"] is None and seen["you"] is None
        assert "birthday_cake" not in json.dumps(seen)
        shuffled = g.shuffle_hidden(state, viewer, random.Random(3))  # type: ignore[arg-type]
        assert g.observe(shuffled, None) == spectator
    match = match_at(g, state)
    with pytest.raises(UnknownSeat, match="there is no seat -1; seats are 0 to 3"):
        match.view(-1)  # through a match, every game refuses a seat that does not exist
