"""How much a second worker process speeds up a simulation: ``--workers 2`` against ``1``.

Plays the same seeded job (by default random Toss Your Cookies, 4 players, sized to take about a
minute in one process) with one worker and with two, in alternating rounds, and prints the wall
time of each, their medians and the speed-up, with the load average before and after (the
speed-up means something only when the machine has two cores to spare). Beside the wall time it
prints the CPU time of every process of the run (this one, its workers, a fork server's
workers), which a busy machine does not disturb: what a second worker costs shows there. It also
checks that the two reports are identical, as they must be.

Run: ``.venv/bin/python bench/bench_workers.py [--games N] [--rounds R]``.
"""

from __future__ import annotations

import argparse
import multiprocessing.forkserver
import os
import resource
import statistics
import time

from gamenight.engine.registry import make_game
from gamenight.sim.simulate import simulate


def cpu_seconds() -> float:
    """CPU time of this process, its finished children, and a fork server's finished children
    (the fork server's own clock ticks are read from ``/proc``)."""
    total = time.process_time()
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    total += children.ru_utime + children.ru_stime
    server = getattr(multiprocessing.forkserver._forkserver, "_forkserver_pid", None)
    if server is not None:
        try:
            with open(f"/proc/{server}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            total += (int(fields[13]) + int(fields[14])) / os.sysconf("SC_CLK_TCK")
        except OSError:
            pass
    return total


def timed(game_id: str, games: int, workers: int) -> tuple[float, float, dict[str, object]]:
    """Wall seconds and CPU seconds of one run, and its report."""
    game = make_game(game_id, players=4)
    start, cpu = time.perf_counter(), cpu_seconds()
    report = simulate(game, ["random"] * 4, games, seed=1, workers=workers)
    return time.perf_counter() - start, cpu_seconds() - cpu, report.to_json()


def main() -> None:
    """Alternate one and two workers; print medians and the speed-up."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="toss-your-cookies")
    parser.add_argument("--games", type=int, default=12_000)
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores", flush=True)
    times: dict[int, list[float]] = {1: [], 2: []}
    cpus: dict[int, list[float]] = {1: [], 2: []}
    reports: dict[int, dict[str, object]] = {}
    for _ in range(args.rounds):
        for workers in (1, 2):
            seconds, cpu, reports[workers] = timed(args.game, args.games, workers)
            times[workers].append(seconds)
            cpus[workers].append(cpu)
            print(f"workers {workers}: {seconds:7.1f} s wall, {cpu:7.1f} s CPU", flush=True)
    one, two = statistics.median(times[1]), statistics.median(times[2])
    cpu_one, cpu_two = statistics.median(cpus[1]), statistics.median(cpus[2])
    print(f"{args.game}, {args.games:,} games: 1 worker {one:.1f} s, 2 workers {two:.1f} s")
    print(
        f"CPU: 1 worker {cpu_one:.1f} s, 2 workers {cpu_two:.1f} s "
        f"(the second worker costs {cpu_two - cpu_one:+.1f} s)"
    )
    same = reports[1] == reports[2]
    print(f"speed-up with 2 workers: {one / two:.2f}x; reports identical: {same}")
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
