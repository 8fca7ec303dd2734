"""Where a simulation's games are played: in this process, in worker processes, or on Ray.

Every backend plays chunks of the same job (see :class:`gamenight.sim.simulate.Job`) and merges
their tallies in chunk order; tallies add up exactly, so the report is the same whichever plays
them and however the games are cut into chunks. Only a bounded number of chunks is in flight at
once, so memory stays flat however many games are asked for.

Worker processes start from a fork server on Linux: a fresh interpreter (no threads, nothing of
the parent's state) that imports the simulation modules and the game once, then forks each worker
ready to play, instead of each worker starting Python and importing everything again. Elsewhere
they are spawned. A worker builds the game once and plays every chunk it is given with it;
chunks are sized so that each worker gets a few dozen, which keeps both the per-chunk overhead
and the wait for the last chunk small.

Workers ignore SIGINT: a Ctrl-C (at a terminal, to the whole process group, or to the main
process alone) is the main process's to handle. When a run stops early, by an interrupt or an
error, the main process terminates its workers at once rather than waiting for the chunks in
flight, and the interrupt goes on up to the command.
"""

from __future__ import annotations

import contextlib
import json
import logging
import multiprocessing
import os
import signal
import socket
import sys
import threading
from collections import deque
from collections.abc import Callable, Generator, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import closing, contextmanager
from multiprocessing.context import BaseContext
from typing import Any

from gamenight.engine.errors import GameError
from gamenight.engine.game import Game
from gamenight.sim.metrics import metrics_for
from gamenight.sim.simulate import CHUNK, GameRecord, Job, Tally, chunks, play_games

BACKENDS = ("local", "ray")
#: Chunks per worker a job is cut into (at least ``CHUNK`` games each).
CHUNKS_PER_WORKER = 24
#: Chunks in flight per worker: enough that no worker waits while an earlier chunk finishes.
IN_FLIGHT_PER_WORKER = 4


class NoBackend(GameError, ValueError):
    """The backend asked for is unknown or not installed."""


def resolve_workers(workers: int) -> int:
    """``0`` means one worker per core."""
    return workers if workers > 0 else max(1, os.cpu_count() or 1)


def check_backend(backend: str, address: str | None, workers: int = 1) -> None:
    """Refuse an unknown backend, an address for a backend that takes none, or a number of
    worker processes for Ray, which plays on its cluster's CPUs (:class:`NoBackend`, naming what
    is allowed)."""
    if backend not in BACKENDS:
        raise NoBackend(f"unknown backend {backend!r}; backends are: {', '.join(BACKENDS)}")
    if address is not None and backend != "ray":
        raise NoBackend("--address names a Ray cluster: give it with --backend ray")
    if backend == "ray" and workers != 1:
        raise NoBackend(
            "--workers counts processes on this machine; with --backend ray the games are "
            "played on every CPU of the Ray cluster (a local Ray: every core): leave --workers out"
        )


def reachable(address: str, timeout: float = 5.0) -> str | None:
    """Why a Ray cluster at ``host:port`` (or ``ray://host:port``) cannot be reached, or ``None``
    when something answers there, or the address is not of that form (``auto``, ...): Ray
    itself retries an address where nothing listens for over a minute before it gives up."""
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not host or not port.isdigit():
        return None
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=timeout):
            return None
    except OSError as exc:
        return exc.strerror or str(exc) or type(exc).__name__


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
    check_backend(backend, address, workers)
    workers = resolve_workers(workers)
    mergeable = metrics_for(game.id, game.players).mergeable
    if backend == "local" and (workers == 1 or games <= 0 or not mergeable):
        return play_games(game, job.bots, job.seed, range(games), job.rotate, progress, on_game)
    if not mergeable:
        raise NoBackend(f"{game.id}'s figures cannot be merged, so it plays in one process only")
    parts = (
        _ray_chunks(job, games, on_game is not None, address)
        if backend == "ray"
        else _process_chunks(
            job, games, on_game is not None, workers, [__name__, type(game).__module__]
        )
    )
    tally: Tally | None = None
    done = 0
    with closing(parts):  # stopped early (an interrupt, an error here): the workers stop too
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


def chunk_size(games: int, workers: int) -> int:
    """Games per chunk: about ``CHUNKS_PER_WORKER`` chunks per worker, never below ``CHUNK``.

    >>> chunk_size(1000, 2), chunk_size(100_000, 2)
    (100, 2084)
    """
    return max(CHUNK, -(-games // (workers * CHUNKS_PER_WORKER)))


def worker_context(preload: list[str]) -> BaseContext:
    """How worker processes start: from a fork server on Linux (which imports ``preload`` once,
    and the parent's main module), else spawned. Either way a worker shares nothing with the
    parent but the job it is sent, so every platform plays alike."""
    if sys.platform.startswith("linux") and "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["__main__", *preload])
        _start_forkserver()
        return context
    return multiprocessing.get_context("spawn")


def _start_forkserver() -> None:
    """Start the fork server, if it is not running yet, with SIGINT blocked: a process inherits
    the signals its parent blocks, so the server and every worker it forks are deaf to a Ctrl-C
    sent to the process group from their first instruction (a worker's initializer, which
    ignores SIGINT too, comes later). The resource tracker is started the same way by
    ``multiprocessing`` itself. A Ctrl-C meanwhile is not lost: another thread of this process
    takes it, or it waits until SIGINT is unblocked, and is acted on once the server is
    started."""
    from multiprocessing import forkserver, resource_tracker  # POSIX only

    if threading.current_thread() is not threading.main_thread():
        return  # a worker's initializer is enough where this process's signals are not ours
    resource_tracker.ensure_running()  # first: it unblocks SIGINT once it has started
    with _interrupts_deferred():
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            forkserver.ensure_running()
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, blocked)


@contextmanager
def _interrupts_deferred() -> Iterator[None]:
    """Act on a Ctrl-C at the end of the block rather than in the middle of it: a worker started
    by the block and interrupted half started would be one the pool does not know of."""
    previous = signal.getsignal(signal.SIGINT)
    if threading.current_thread() is not threading.main_thread() or previous is None:
        yield
        return
    heard: list[int] = []
    signal.signal(signal.SIGINT, lambda signum, frame: heard.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if heard:
            signal.raise_signal(signal.SIGINT)


#: Games built in this worker process, by job (a worker plays many chunks of one job).
_BUILT: dict[tuple[str, str], Game[Any, Any]] = {}


def play_chunk(job: Job, start: int, stop: int, keep: bool) -> tuple[Tally, list[GameRecord]]:
    """A worker's task: play games ``start`` to ``stop`` of ``job`` (as ``Job.play`` does), with
    the game built once per worker process."""
    key = (job.game_id, json.dumps(job.config, sort_keys=True))
    game = _BUILT.get(key)
    if game is None:
        game = _BUILT[key] = job.build()
    records: list[GameRecord] = []
    tally = play_games(
        game,
        job.bots,
        job.seed,
        range(start, stop),
        job.rotate,
        on_game=records.append if keep else None,
    )
    return tally, records


def _process_chunks(
    job: Job, games: int, keep: bool, workers: int, preload: list[str]
) -> Generator[tuple[Tally, list[GameRecord]], None, None]:
    """Chunks played by worker processes, yielded in order, a few per worker in flight.

    If the run stops before the last chunk (an interrupt, an error, the generator closed), the
    workers are terminated before the exception goes on: chunks in flight are not waited for."""
    pool = ProcessPoolExecutor(
        max_workers=workers, mp_context=worker_context(preload), initializer=ignore_interrupts
    )
    try:
        pending: deque[Future[tuple[Tally, list[GameRecord]]]] = deque()
        for start, stop in chunks(games, chunk_size(games, workers)):
            with _interrupts_deferred():  # a submit may start a worker
                pending.append(pool.submit(play_chunk, job, start, stop, keep))
            if len(pending) >= IN_FLIGHT_PER_WORKER * workers:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
        pool.shutdown()
    except BaseException:
        stop_workers(pool)
        raise


def ignore_interrupts() -> None:
    """A worker's first step: SIGINT is ignored, so that Ctrl-C at a terminal (sent to the whole
    process group) leaves it to the main process to stop the run and its workers."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def stop_workers(pool: ProcessPoolExecutor) -> None:
    """Terminate ``pool``'s worker processes now and drop the work not yet done.

    ``shutdown`` alone lets every chunk already handed out finish first, and left to the
    interpreter's exit it can wait forever for workers that are idle. Once the workers are gone
    the pool's management thread sees it at once, fails what was pending and ends; it is waited
    for here so that nothing of the pool is still closing when the interpreter exits."""
    processes = list((pool._processes or {}).values())  # the pool has no public way to them
    for process in processes:
        process.terminate()
    pool.shutdown(wait=True, cancel_futures=True)


def _ray_chunks(
    job: Job, games: int, keep: bool, address: str | None
) -> Generator[tuple[Tally, list[GameRecord]], None, None]:
    """Chunks played as Ray tasks (on the cluster at ``address``, else a local Ray)."""
    try:
        import ray
    except ImportError:
        raise NoBackend("the ray backend needs Ray: pip install 'gamenight[ray]'") from None
    if not ray.is_initialized():
        why = reachable(address) if address is not None else None
        if why is not None:
            raise NoBackend(f"cannot reach a Ray cluster at {address}: {why}")
        try:
            # Ray's own start-up lines (INFO, a WARNING about tokens) are not the job's output
            ray.init(
                address=address,
                include_dashboard=False,
                log_to_driver=False,
                logging_level=logging.ERROR,
            )
        except (ConnectionError, ValueError, RuntimeError) as exc:
            raise NoBackend(f"cannot reach a Ray cluster at {address}: {exc}") from None
    play = ray.remote(_play_chunk)
    cpus = ray.cluster_resources().get("CPU", 1)  # type: ignore[no-untyped-call]
    window = max(2, 2 * int(cpus))
    pending: deque[Any] = deque()
    try:
        for start, stop in chunks(games):
            pending.append(play.remote(job, start, stop, keep))
            if len(pending) >= window:
                yield _ray_result(ray, pending)
        while pending:
            yield _ray_result(ray, pending)
    finally:  # stopped early (Ctrl-C, an error, the caller closing): nothing left running
        _cancel(ray, pending)


def _cancel(ray: Any, pending: deque[Any]) -> None:
    """Stop the chunks still pending (their workers killed if they are playing) and collect
    them, so that Ray neither goes on playing them nor logs their errors as unhandled."""
    for ref in pending:
        ray.cancel(ref, force=True)
    for ref in pending:
        with contextlib.suppress(ray.exceptions.RayError):
            ray.get(ref, timeout=10)
    pending.clear()


def _ray_result(ray: Any, pending: deque[Any]) -> tuple[Tally, list[GameRecord]]:
    """The first pending chunk's result. A chunk that raised a ``GameError`` (a game that
    failed: :class:`gamenight.sim.failures.GameFailed`) raises it as it is, not wrapped in
    Ray's error with the worker's traceback, and the chunks still in flight are cancelled and
    collected (so Ray does not log their errors as unhandled)."""
    try:
        result: tuple[Tally, list[GameRecord]] = ray.get(pending.popleft())
        return result
    except ray.exceptions.RayTaskError as exc:
        cause = getattr(exc, "cause", None)
        if not isinstance(cause, GameError):
            raise
        _cancel(ray, pending)
        raise cause from None


def _play_chunk(job: Job, start: int, stop: int, keep: bool) -> tuple[Tally, list[GameRecord]]:
    """A Ray task: play one chunk of the job."""
    return job.play(start, stop, keep)
