"""What the frameworks read of a game: its part roles and its ``sample_state``."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import gamenight
from gamenight.engine.plugins import ROLES
from gamenight.engine.registry import game_ids, make_game, plugin
from tests.engine.grab_bag import GrabBag, GrabBagConfig

BUILT_IN = ("toss-up", "toss-your-cookies", "paper-toss", "cover-your-cookies")


def test_roles_are_only_those_a_framework_reads() -> None:
    """A role no framework loads is not offered: the sampler is a method of ``Game`` and the
    browser table is found by its ``web/`` folder."""
    roles = ("bots", "metrics", "terminal", "kernel", "solver", "encode", "coach", "vector")
    assert roles == ROLES
    for game_id in game_ids():
        assert set(plugin(game_id).parts) <= set(ROLES)
    frameworks = Path(gamenight.__file__).parent
    sources = "".join(
        path.read_text()
        for path in frameworks.rglob("*.py")
        if not path.is_relative_to(frameworks / "games") and path.name != "plugins.py"
    )
    for role in ROLES:  # each role is named where a framework loads it
        assert f'"{role}")' in sources, role


@pytest.mark.parametrize("game_id", BUILT_IN)
def test_every_built_in_game_draws_states_from_a_view(game_id: str) -> None:
    """``sample_state`` is declared on ``Game`` and every built-in game overrides it."""
    game = make_game(game_id)
    assert game.draws_states()
    state = game.initial_state()
    view = game.view(state, 0)
    assert game.view(game.sample_state(view, 0, random.Random(1)), 0) == view


def test_a_game_without_its_own_sampler_says_so() -> None:
    """The base ``sample_state`` refuses plainly, and ``draws_states`` is false."""
    game = GrabBag(GrabBagConfig(players=2))
    assert not game.draws_states()
    with pytest.raises(NotImplementedError, match="draws no states"):
        game.sample_state(game.view(game.initial_state(), 0), 0, random.Random(1))
