"""Where a simulation's games are played: in this process, in worker processes, or on Ray.

Every backend plays the same chunks of the same job (see :class:`gamenight.sim.simulate.Job`)
and merges their tallies in chunk order, so the report is the same whichever plays them. Only a
bounded number of chunks is in flight at once, so memory stays flat however many games are asked
for.
"""

from __future__ import annotations

import multiprocessing
import os
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from gamenight.engine.errors import GameError
from gamenight.engine.game import Game
from gamenight.sim.metrics import metrics_for
from gamenight.sim.simulate import GameRecord, Job, Tally, chunks, play_games

BACKENDS = ("local", "ray")


class NoBackend(GameError, ValueError):
    """The backend asked for is unknown or not installed."""


def resolve_workers(workers: int) -> int:
    """``0`` means one worker per core."""
    return workers if workers > 0 else max(1, os.cpu_count() or 1)


def run_job(
    job: Job,
    game: Game[Any, Any],
    games: int,
    progress: Callable[[int], None] | None,
    workers: int,
    on_game: Callable[[GameRecord], None] | None,
    backend: str = "local",
    address: str | None = None,
) -> Tally:
    """Play the job's ``games`` games on ``backend``; their merged tally."""
    if backend not in BACKENDS:
        raise NoBackend(f"unknown backend {backend!r}; backends are: {', '.join(BACKENDS)}")
    workers = resolve_workers(workers)
    mergeable = metrics_for(game.id, game.players).mergeable
    if backend == "local" and (workers == 1 or games <= 0 or not mergeable):
        return play_games(game, job.bots, job.seed, range(games), job.rotate, progress, on_game)
    if not mergeable:
        raise NoBackend(f"{game.id}'s figures cannot be merged, so it plays in one process only")
    parts = (
        _ray_chunks(job, games, on_game is not None, address)
        if backend == "ray"
        else _process_chunks(job, games, on_game is not None, workers)
    )
    tally: Tally | None = None
    done = 0
    for part, records in parts:
        if tally is None:
            tally = part
        else:
            tally.add(part)
        for record in records:
            if on_game is not None:
                on_game(record)
        done += _count(part)
        if progress is not None:
            progress(done)
    if tally is None:
        return play_games(game, job.bots, job.seed, range(0), job.rotate)
    return tally


def _count(tally: Tally) -> int:
    return sum(tally.lengths.values())


def _process_chunks(
    job: Job, games: int, keep: bool, workers: int
) -> Iterator[tuple[Tally, list[GameRecord]]]:
    """Chunks played by spawned worker processes, yielded in order, a few in flight at once."""
    # Spawned workers (as on macOS and Windows) start from a fresh import of gamenight, so the
    # game is rebuilt there from its id and config; every platform behaves alike.
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        pending: deque[Future[tuple[Tally, list[GameRecord]]]] = deque()
        for start, stop in chunks(games):
            pending.append(pool.submit(job.play, start, stop, keep))
            if len(pending) >= 2 * workers:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()


def _ray_chunks(
    job: Job, games: int, keep: bool, address: str | None
) -> Iterator[tuple[Tally, list[GameRecord]]]:
    """Chunks played as Ray tasks (on the cluster at ``address``, else a local Ray)."""
    try:
        import ray
    except ImportError:
        raise NoBackend("the ray backend needs Ray: pip install 'gamenight[ray]'") from None
    if not ray.is_initialized():
        try:
            ray.init(address=address, include_dashboard=False, log_to_driver=False)
        except (ConnectionError, ValueError, RuntimeError) as exc:
            raise NoBackend(f"cannot reach a Ray cluster at {address}: {exc}") from None
    play = ray.remote(_play_chunk)
    cpus = ray.cluster_resources().get("CPU", 1)  # type: ignore[no-untyped-call]
    window = max(2, 2 * int(cpus))
    pending: deque[Any] = deque()
    for start, stop in chunks(games):
        pending.append(play.remote(job, start, stop, keep))
        if len(pending) >= window:
            yield ray.get(pending.popleft())
    while pending:
        yield ray.get(pending.popleft())


def _play_chunk(job: Job, start: int, stop: int, keep: bool) -> tuple[Tally, list[GameRecord]]:
    """A Ray task: play one chunk of the job."""
    return job.play(start, stop, keep)
