"""Simulation: many seeded games between bots, with win rates, intervals and game metrics.

Each game's seed is derived from the run's seed and its index, so a run is the same whether it
plays in one process or in several (``workers``): chunks of games are tallied apart and merged
in order.
"""

from __future__ import annotations

import multiprocessing
import os
import random
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from gamenight.bots import make_bot
from gamenight.engine.config import config_from_json
from gamenight.engine.game import Game
from gamenight.engine.match import Match
from gamenight.engine.registry import game_class
from gamenight.sim.driver import run
from gamenight.sim.metrics import Metrics, metrics_for
from gamenight.sim.stats import wilson_interval

CHUNK = 100


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


@dataclass
class Tally:
    """What a chunk of games adds up to (exact fractions, so merging order cannot matter)."""

    wins: list[Fraction]
    shared: list[int]
    turns: int
    metrics: Metrics

    def add(self, other: Tally) -> None:
        """Merge a later chunk into this one."""
        self.wins = [a + b for a, b in zip(self.wins, other.wins, strict=True)]
        self.shared = [a + b for a, b in zip(self.shared, other.shared, strict=True)]
        self.turns += other.turns
        self.metrics.merge(other.metrics)


def game_seeds(seed: int, games: int) -> list[int]:
    """The seed of each game of a run, derived from the run's seed."""
    rng = random.Random(seed)
    return [rng.getrandbits(63) for _ in range(games)]


def play_games(
    game: Game[Any, Any],
    bots: Sequence[str],
    seeds: Sequence[int],
    progress: Callable[[int], None] | None = None,
) -> Tally:
    """Play one game per seed between ``bots``; the tally of results and metrics."""
    agents = [make_bot(spec, game, seat) for seat, spec in enumerate(bots)]
    metrics = metrics_for(game.id, game.players)
    tally = Tally([Fraction(0)] * game.players, [0] * game.players, 0, metrics)
    for index, match_seed in enumerate(seeds):
        outcome = run(Match(game, seed=match_seed), agents, metrics.on_events).outcome()
        metrics.on_game_end(outcome)
        tally.turns += outcome.turns
        share = Fraction(1, len(outcome.winners))
        for w in outcome.winners:
            tally.wins[w] += share
            if len(outcome.winners) > 1:
                tally.shared[w] += 1
        if progress is not None:
            progress(index + 1)
    return tally


def _play_chunk(game_id: str, config: dict[str, Any], bots: list[str], seeds: list[int]) -> Tally:
    """Worker entry point: rebuild the game from its id and config, then play."""
    cls = game_class(game_id)
    return play_games(cls(config_from_json(cls.config_type, config)), bots, seeds)


def resolve_workers(workers: int) -> int:
    """``0`` means one worker per core."""
    return workers if workers > 0 else max(1, os.cpu_count() or 1)


def simulate(
    game: Game[Any, Any],
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    progress: Callable[[int], None] | None = None,
    workers: int = 1,
) -> SimulationReport:
    """Play ``games`` games of ``game`` between ``bots`` (one spec per seat).

    A shared win counts as 1/k of a win for each of the k winners. With ``workers`` > 1 (0: one
    per core) games are played in chunks by worker processes when the game's metrics can merge;
    the report is identical to a one-process run.
    """
    seeds = game_seeds(seed, games)
    workers = resolve_workers(workers)
    if workers > 1 and games > CHUNK and metrics_for(game.id, game.players).mergeable:
        chunks = [seeds[i : i + CHUNK] for i in range(0, games, CHUNK)]
        config = game.config.to_json()
        # Spawned workers (as on macOS and Windows) start from a fresh import of gamenight, so
        # the game is rebuilt there from its id and config; every platform behaves alike.
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
            futures = [
                pool.submit(_play_chunk, game.id, config, list(bots), chunk) for chunk in chunks
            ]
            tally, done = futures[0].result(), len(chunks[0])
            if progress is not None:
                progress(done)
            for future, chunk in zip(futures[1:], chunks[1:], strict=True):
                tally.add(future.result())
                done += len(chunk)
                if progress is not None:
                    progress(done)
    else:
        tally = play_games(game, bots, seeds, progress)
    names = [make_bot(spec, game, seat).name for seat, spec in enumerate(bots)]
    return build_report(game, names, games, seed, tally)


def build_report(
    game: Game[Any, Any],
    names: list[str],
    games: int,
    seed: int,
    tally: Tally,
    extra: dict[str, Any] | None = None,
) -> SimulationReport:
    """The report of a run from its tally (shared by the engine path and the fast kernels)."""
    return SimulationReport(
        game=game.id,
        config=game.config.to_json(),
        bots=names,
        games=games,
        seed=seed,
        wins=[float(w) for w in tally.wins],
        shared=tally.shared,
        mean_turns=tally.turns / games if games else 0.0,
        per_seat=tally.metrics.per_seat(),
        overall={**tally.metrics.overall(), **(extra or {})},
    )
