"""Toss Up! states drawn from a seat's view: nothing is hidden, so the draw is the truth."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from gamenight.engine import make_game
from gamenight.engine.errors import ImpossibleView, UnknownSeat
from tests.sampling import check_draw, positions


@pytest.mark.parametrize("players", [2, 4])
def test_the_view_rebuilds_the_state(players: int) -> None:
    """Every state of seeded random games (chance steps, choices, the final round, the end),
    seen from any seat, is rebuilt exactly from its view."""
    game = make_game("toss-up", players=players)
    seen = 0
    for seed in range(3):
        for state, seat in positions(game, seed):
            drawn = check_draw(game, state, seat, seed, lambda s: Counter())
            assert drawn == state
            seen += 1
    assert seen > 100


def test_the_view_says_whether_the_dice_were_rolled() -> None:
    """Before a roll (chance) and after it (the player's choice) differ only in ``rolled``: the
    view tells them apart, so the sampler gives back the right one."""
    game = make_game("toss-up", players=2)
    state = game.initial_state()
    state, _ = game.apply(state, -1, game.sample_chance(state, random.Random(4)))
    rolled = game.observe(state, 0)
    assert rolled["rolled"] is True
    assert game.sample_state(rolled, 1, random.Random(0)).rolled


def test_a_view_of_something_else_is_refused() -> None:
    """A view with a field missing or made up, or a seat that does not exist: clear errors."""
    game = make_game("toss-up", players=2)
    view = game.observe(game.initial_state(), 0)
    with pytest.raises(ImpossibleView, match="no 'turn_points' field"):
        game.sample_state({k: v for k, v in view.items() if k != "turn_points"}, 0, random.Random())
    with pytest.raises(ImpossibleView, match="not a toss-up view of seat 0: ValueError"):
        game.sample_state({**view, "scores": "lots"}, 0, random.Random())
    with pytest.raises(ImpossibleView, match="3 scores for 2 players"):
        game.sample_state({**view, "scores": [0, 0, 0]}, 0, random.Random())
    with pytest.raises(ImpossibleView, match="a dict"):
        game.sample_state(["not", "a", "view"], 0, random.Random())  # type: ignore[arg-type]
    with pytest.raises(UnknownSeat):
        game.sample_state(view, 5, random.Random())
