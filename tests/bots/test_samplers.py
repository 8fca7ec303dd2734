"""ISMCTS from the view alone: every game draws its own states (``sample_state``), so the bot
plays whole games with no state source, and nothing it could not see reaches it."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from gamenight.bots import make_bot
from gamenight.bots.base import Agent
from gamenight.bots.ismcts import sampler_for
from gamenight.engine import Kind, Match, View
from gamenight.engine.registry import make_game
from gamenight.sim.driver import run

GAMES = ("toss-up", "paper-toss", "toss-your-cookies", "cover-your-cookies")


class ViewOnly(Agent):
    """Another agent, refusing the state source the driver offers: it gets views and nothing
    else."""

    def __init__(self, inner: Agent) -> None:
        super().__init__(inner.game, inner.seat, inner.name, inner.speed)
        self.inner = inner
        self.asked = 0

    def act(self, view: View, legal: Sequence[Any], rng: random.Random) -> Any:
        """The inner agent's choice, from the view alone."""
        self.asked += 1
        return self.inner.act(view, legal, rng)

    def reaction_time(self, view: View, action: Any, rng: random.Random) -> float:
        """The inner agent's reaction time."""
        return self.inner.reaction_time(view, action, rng)

    def attach(self, state_source: Any) -> None:
        """Refused: this agent never holds the match."""


@pytest.mark.parametrize("game_id", GAMES)
def test_ismcts_plays_whole_games_from_the_view_alone(game_id: str) -> None:
    """Two ISMCTS seats with no state source and two random seats play a seeded 4-player game
    to its end; the searchers were asked to decide and only ever played legal moves (the driver
    checks each one)."""
    game = make_game(game_id, players=4)
    searchers = [ViewOnly(make_bot("ismcts:6", game, seat)) for seat in (0, 1)]
    agents: list[Agent] = [*searchers, *(make_bot("random", game, s) for s in (2, 3))]
    match = run(Match(game, seed=5), agents)
    assert match.pending.kind is Kind.TERMINAL
    assert all(s.asked > 0 for s in searchers)
    assert all(getattr(s.inner, "state_source", None) is None for s in searchers)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_bot_draws_with_the_games_hook(game_id: str) -> None:
    """With no state source at all, the bot's sampler is the game's own ``sample_state``: drawn
    states show the seat its view, and the same RNG seed draws the same states."""
    game = make_game(game_id, players=3)
    match = Match(game, seed=2)
    rng = random.Random(0)
    while match.pending.kind is Kind.CHANCE or match.version < 10:
        pending = match.pending
        if pending.kind is Kind.CHANCE:
            match.apply_trusted(-1, game.sample_chance(match.state, rng))
        else:
            mover = pending.players[0]
            legal = game.legal_actions(match.state, mover)
            match.apply_trusted(mover, legal[rng.randrange(len(legal))])
    seat = match.pending.players[0]
    view = game.observe(match.state, seat)
    sample = sampler_for(game, seat)
    first = [sample(view, random.Random(4)) for _ in range(2)]
    assert first[0] == first[1]
    assert all(game.observe(s, seat) == view for s in first)
