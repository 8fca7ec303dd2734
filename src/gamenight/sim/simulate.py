"""Simulation: many seeded games between bots, with win rates, intervals and game metrics.

Game ``i`` of a run has its own seed, derived from the run's seed and ``i`` alone (a hash in
counter mode), so no list of games is built up front, memory stays flat however many games are
asked for, and a run is the same whether it plays in one process, in several (``workers``) or on
a Ray cluster: chunks of games are tallied apart and merged in order. With ``rotate_seats``
every bot plays every seat equally often (game ``i`` shifts the seating by ``i`` seats), and the
report gives figures per bot as well as per seat. ``on_game`` receives one small record per
game, with its seed, seating and the options that differ from the game's defaults, so any single
game can be played again; a game that raises stops the run with
:class:`gamenight.sim.failures.GameFailed`, which says how.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from gamenight.bots import make_bot
from gamenight.bots.registry import bot_label
from gamenight.engine.config import changed_options, config_from_json
from gamenight.engine.game import Game
from gamenight.engine.match import Match
from gamenight.engine.registry import game_class
from gamenight.sim.driver import run
from gamenight.sim.failures import game_failed
from gamenight.sim.metrics import Metrics, add_counts, metrics_for
from gamenight.sim.stats import wilson_interval

#: Games per chunk handed to a worker.
CHUNK = 100

#: A per-game record: index, seed, seating, options (``-o`` values other than the defaults),
#: winners, scores, turns.
GameRecord = dict[str, Any]


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
    rotate_seats: bool = False
    bot_wins: list[float] = field(default_factory=list)
    lengths: dict[int, int] = field(default_factory=dict)
    scores: list[dict[float, int]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """The report as JSON data."""
        seats = []
        for i, bot in enumerate(self.bots):
            low, high = wilson_interval(self.wins[i], self.games)
            seats.append(
                {
                    "seat": i,
                    "bot": "(rotating)" if self.rotate_seats else bot,
                    "wins": self.wins[i],
                    "shared_wins": self.shared[i],
                    "win_rate": self.wins[i] / self.games if self.games else 0.0,
                    "ci95": [low, high],
                    **self.per_seat[i],
                }
            )
        data: dict[str, Any] = {
            "game": self.game,
            "config": self.config,
            "games": self.games,
            "seed": self.seed,
            "mean_turns": self.mean_turns,
            "seats": seats,
            **self.overall,
        }
        if self.rotate_seats:
            data["rotate_seats"] = True
            data["bots"] = [
                {
                    "bot": bot,
                    "entry": i,
                    "wins": self.bot_wins[i],
                    "win_rate": self.bot_wins[i] / self.games if self.games else 0.0,
                    "ci95": list(wilson_interval(self.bot_wins[i], self.games)),
                }
                for i, bot in enumerate(self.bots)
            ]
        return data

    def distributions(self) -> dict[str, Any]:
        """Game lengths and final scores as histograms (for reports)."""
        return {
            "lengths": {str(k): v for k, v in sorted(self.lengths.items())},
            "scores": [{str(k): v for k, v in sorted(s.items())} for s in self.scores],
        }


@dataclass
class Tally:
    """What a chunk of games adds up to (exact fractions, so merging order cannot matter)."""

    wins: list[Fraction]
    shared: list[int]
    turns: int
    metrics: Metrics
    bot_wins: list[Fraction] = field(default_factory=list)
    lengths: dict[int, int] = field(default_factory=dict)
    scores: list[dict[float, int]] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        """Merge a later chunk into this one."""
        self.wins = [a + b for a, b in zip(self.wins, other.wins, strict=True)]
        self.shared = [a + b for a, b in zip(self.shared, other.shared, strict=True)]
        self.bot_wins = [a + b for a, b in zip(self.bot_wins, other.bot_wins, strict=True)]
        self.turns += other.turns
        add_counts(self.lengths, other.lengths)
        for mine, theirs in zip(self.scores, other.scores, strict=True):
            add_counts(mine, theirs)
        self.metrics.merge(other.metrics)


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run: a 63-bit hash of the run's seed and the index.

    >>> game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1)
    True
    """
    digest = hashlib.blake2b(f"gamenight-run:{seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def seating(bots: Sequence[str], index: int, rotate: bool) -> list[str]:
    """Who sits where in game ``index``: the bot list, shifted by ``index`` seats if rotating.

    >>> seating(["a", "b", "c"], 4, rotate=True)
    ['b', 'c', 'a']
    """
    if not rotate:
        return list(bots)
    shift = index % len(bots)
    return list(bots[shift:]) + list(bots[:shift])


def play_games(
    game: Game[Any, Any],
    bots: Sequence[str],
    seed: int,
    indices: range,
    rotate: bool = False,
    progress: Callable[[int], None] | None = None,
    on_game: Callable[[GameRecord], None] | None = None,
) -> Tally:
    """Play games ``indices`` of a run between ``bots``; the tally of results and metrics."""
    n = game.players
    options = changed_options(game.config)  # what `gamenight play` needs as -o to replay a game
    seatings: dict[int, list[Any]] = {}
    metrics = metrics_for(game.id, n)
    tally = Tally(
        [Fraction(0)] * n, [0] * n, 0, metrics, [Fraction(0)] * n, {}, [{} for _ in range(n)]
    )
    for done, index in enumerate(indices, start=1):
        shift = index % n if rotate else 0
        if shift not in seatings:
            specs = seating(bots, index, rotate)
            seatings[shift] = [make_bot(spec, game, seat) for seat, spec in enumerate(specs)]
        match_seed = game_seed(seed, index)
        try:
            outcome = run(
                Match(game, seed=match_seed), seatings[shift], metrics.on_events
            ).outcome()
        except Exception as exc:  # a bot's own code, or a move the rules refuse: say which game
            which = f"game {index} of the run"
            specs = seating(bots, index, rotate)
            agents = seatings[shift]
            raise game_failed(exc, game.id, specs, agents, match_seed, options, which) from exc
        metrics.on_game_end(outcome)
        tally.turns += outcome.turns
        tally.lengths[outcome.turns] = tally.lengths.get(outcome.turns, 0) + 1
        for seat, score in enumerate(outcome.scores):
            tally.scores[seat][score] = tally.scores[seat].get(score, 0) + 1
        share = Fraction(1, len(outcome.winners))
        for w in outcome.winners:
            tally.wins[w] += share
            tally.bot_wins[(w + shift) % n] += share
            if len(outcome.winners) > 1:
                tally.shared[w] += 1
        if on_game is not None:
            on_game(
                {
                    "game": game.id,
                    "index": index,
                    "seed": match_seed,
                    "seats": seating(bots, index, rotate),
                    "options": dict(options),
                    "winners": list(outcome.winners),
                    "scores": list(outcome.scores),
                    "turns": outcome.turns,
                }
            )
        if progress is not None:
            progress(done)
    return tally


@dataclass(frozen=True)
class Job:
    """One simulation, as plain data a worker process or a Ray task can rebuild and play."""

    game_id: str
    config: dict[str, Any]
    bots: tuple[str, ...]
    seed: int
    rotate: bool = False

    def build(self) -> Game[Any, Any]:
        """The game, rebuilt from its id and config."""
        cls = game_class(self.game_id)
        return cls(config_from_json(cls.config_type, self.config))

    def play(self, start: int, stop: int, keep_records: bool = False) -> tuple[Tally, list[Any]]:
        """Play games ``start`` to ``stop``; their tally (and per-game records if asked)."""
        records: list[GameRecord] = []
        tally = play_games(
            self.build(),
            self.bots,
            self.seed,
            range(start, stop),
            self.rotate,
            on_game=records.append if keep_records else None,
        )
        return tally, records


def chunks(games: int, size: int = CHUNK) -> Iterator[tuple[int, int]]:
    """``(start, stop)`` of each chunk of a run, in order."""
    for start in range(0, games, size):
        yield start, min(games, start + size)


def simulate(
    game: Game[Any, Any],
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    progress: Callable[[int], None] | None = None,
    workers: int = 1,
    rotate_seats: bool = False,
    on_game: Callable[[GameRecord], None] | None = None,
    backend: str = "local",
    address: str | None = None,
) -> SimulationReport:
    """Play ``games`` games of ``game`` between ``bots`` (one spec per seat).

    A shared win counts as 1/k of a win for each of the k winners. With ``workers`` > 1 (0: one
    per core) games are played in chunks by worker processes when the game's metrics can merge;
    ``backend="ray"`` plays the chunks as Ray tasks (``address``: a running cluster, else a local
    one). The report is identical whichever way the games are played.
    """
    from gamenight.sim.backends import run_job

    job = Job(game.id, game.config.to_json(), tuple(bots), seed, rotate_seats)
    tally = run_job(job, game, games, progress, workers, on_game, backend, address)
    names = [bot_label(spec, game, seat) for seat, spec in enumerate(bots)]
    report = build_report(game, names, games, seed, tally)
    report.rotate_seats = rotate_seats
    return report


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
        bot_wins=[float(w) for w in tally.bot_wins] or [float(w) for w in tally.wins],
        lengths=dict(tally.lengths),
        scores=[dict(s) for s in tally.scores],
    )
