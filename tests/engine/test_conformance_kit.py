"""The conformance kit catches broken games: each check can fail, and names what broke."""

from __future__ import annotations

import random

import pytest

from gamenight.engine import Kind, View
from gamenight.engine.conformance import ConformanceError, check_game
from tests.engine.grab_bag import GrabBag, GrabBagConfig, GrabBagState


class LeakyBag(GrabBag):
    """Shows every committed bid to everyone before the reveal."""

    def observe(self, state: GrabBagState, viewer: int | None) -> View:
        view = super().observe(state, viewer)
        view["bids"] = list(state.bids)
        return view


class LazyBag(GrabBag):
    """Declares hidden information but never re-deals it."""

    def shuffle_hidden(
        self, state: GrabBagState, viewer: int | None, rng: random.Random
    ) -> GrabBagState:
        return state


class MutatingBag(GrabBag):
    """Changes the state it was given while applying an action."""

    def apply(self, state: GrabBagState, player: int, action: object) -> tuple:  # type: ignore[override]
        new, events = super().apply(state, player, action)  # type: ignore[arg-type]
        state.round += 1
        return new, events


class ForgetfulBag(GrabBag):
    """Draws states from a view without reading it: always the opening table."""

    def sample_state(self, view: View, seat: int, rng: random.Random) -> GrabBagState:
        return self.initial_state()


class UnderstatedBag(GrabBag):
    """Says it asks only single decisions, but its bids are a simultaneous choice."""

    decisions = frozenset({Kind.SINGLE})


@pytest.mark.parametrize(
    ("cls", "message"),
    [
        (UnderstatedBag, "a simultaneous decision, which the game's decisions"),
        (LeakyBag, "changes when hidden information is re-dealt"),
        (LazyBag, "shuffle_hidden never changed a state"),
        (MutatingBag, "apply changed the state it was given"),
        (ForgetfulBag, "a state sample_state draws from seat 0's view shows it another"),
    ],
)
def test_the_kit_catches_a_broken_game(cls: type[GrabBag], message: str) -> None:
    with pytest.raises(ConformanceError, match=message):
        check_game(cls(GrabBagConfig(players=3, rounds=2)), seed=1)


def test_the_kit_passes_the_correct_game() -> None:
    match = check_game(GrabBag(GrabBagConfig(players=3, rounds=2)), seed=1)
    assert match.finished


def test_the_kit_passes_a_game_that_draws_states_from_views() -> None:
    """A ``sample_state`` that rebuilds the state from the view passes the kit's check of it."""
    from tests.bots.test_ismcts import SampledGrabBag

    match = check_game(SampledGrabBag(GrabBagConfig(players=3, rounds=2)), seed=1)
    assert match.finished
