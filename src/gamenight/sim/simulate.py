"""Simulation: many seeded games between bots, with win rates, intervals and game metrics."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from gamenight.bots import make_bot
from gamenight.engine.game import Game
from gamenight.engine.match import Match
from gamenight.sim.driver import run
from gamenight.sim.metrics import metrics_for
from gamenight.sim.stats import wilson_interval


@dataclass
class SimulationReport:
    """The figures of a simulation run, ready to print or dump as JSON."""

    game: str
    config: dict[str, Any]
    bots: list[str]
    games: int
    seed: int
    wins: list[float] = field(default_factory=list)
    shared: list[int] = field(default_factory=list)
    mean_turns: float = 0.0
    per_seat: list[dict[str, Any]] = field(default_factory=list)
    overall: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The report as JSON data."""
        seats = []
        for i, bot in enumerate(self.bots):
            low, high = wilson_interval(self.wins[i], self.games)
            seats.append(
                {
                    "seat": i,
                    "bot": bot,
                    "wins": self.wins[i],
                    "shared_wins": self.shared[i],
                    "win_rate": self.wins[i] / self.games if self.games else 0.0,
                    "ci95": [low, high],
                    **self.per_seat[i],
                }
            )
        return {
            "game": self.game,
            "config": self.config,
            "games": self.games,
            "seed": self.seed,
            "mean_turns": self.mean_turns,
            "seats": seats,
            **self.overall,
        }


def game_seeds(seed: int, games: int) -> list[int]:
    """The seed of each game of a run, derived from the run's seed."""
    rng = random.Random(seed)
    return [rng.getrandbits(63) for _ in range(games)]


def simulate(
    game: Game[Any, Any],
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    progress: Callable[[int], None] | None = None,
) -> SimulationReport:
    """Play ``games`` games of ``game`` between ``bots`` (one spec per seat).

    A shared win counts as 1/k of a win for each of the k winners.
    """
    agents = [make_bot(spec, game, seat) for seat, spec in enumerate(bots)]
    metrics = metrics_for(game.id, game.players)
    wins = [0.0] * game.players
    shared = [0] * game.players
    turns = 0
    for index, match_seed in enumerate(game_seeds(seed, games)):
        match = run(Match(game, seed=match_seed), agents, metrics.on_events)
        outcome = match.outcome()
        metrics.on_game_end(outcome)
        turns += outcome.turns
        for w in outcome.winners:
            wins[w] += 1 / len(outcome.winners)
            if len(outcome.winners) > 1:
                shared[w] += 1
        if progress is not None:
            progress(index + 1)
    return SimulationReport(
        game=game.id,
        config=game.config.to_json(),
        bots=[a.name for a in agents],
        games=games,
        seed=seed,
        wins=wins,
        shared=shared,
        mean_turns=turns / games if games else 0.0,
        per_seat=metrics.per_seat(),
        overall=metrics.overall(),
    )
