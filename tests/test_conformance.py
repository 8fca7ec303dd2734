"""The conformance kit over every registered game, every player count, several seeds."""

from __future__ import annotations

import pytest

from gamenight.engine.conformance import check_game
from gamenight.engine.registry import game_class, game_ids
from tests.engine.grab_bag import GrabBag, GrabBagConfig

SEEDS = range(4)

CASES = [
    (game_id, players)
    for game_id in game_ids()
    for players in range(
        game_class(game_id).config_type.min_players, game_class(game_id).config_type.max_players + 1
    )
]


def test_every_game_is_covered() -> None:
    """The kit runs over the registered games (a run that checks no game must fail)."""
    assert "toss-up" in game_ids()
    assert len(CASES) >= 5


@pytest.mark.parametrize(("game_id", "players"), CASES)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_play_conforms(game_id: str, players: int, seed: int) -> None:
    """Random play to the end keeps the whole engine contract at every step."""
    cls = game_class(game_id)
    game = cls(cls.config_type(players=players))
    match = check_game(game, seed=seed * 7919 + players)
    assert match.finished
    assert match.outcome().winners


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(6))
def test_grab_bag_conforms(players: int, seed: int) -> None:
    """The test-only game with simultaneous, race and reaction windows keeps the contract."""
    game = GrabBag(GrabBagConfig(players=players, rounds=3))
    match = check_game(game, seed=seed)
    kinds = {type(step.action).__name__ for step in match.steps}
    assert {"Pot", "Bid"} <= kinds
    assert kinds & {"Pass", "Object"}, "every round ends with a reaction window"
