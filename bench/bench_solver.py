"""Time the exact Toss Up! solver (2 players, the printed dice) on one core.

Prints the solve time from scratch (no cache), its median over ``--repeat`` runs, the size of
the solved policy, and the first player's chance of winning under optimal play, to 6 decimals.
The issue's target: under a minute at target 100.

Run: ``.venv/bin/python bench/bench_solver.py [--target 100] [--repeat 3]``.
"""

from __future__ import annotations

import os

# One core: numpy's linear-algebra threads are pinned before numpy is imported.
for _name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import argparse  # noqa: E402
import statistics  # noqa: E402
import time  # noqa: E402

from gamenight.games.toss_up.solver import compute, solver_config  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    config = solver_config(target=args.target)
    times = []
    solution = None
    for _ in range(args.repeat):
        start = time.perf_counter()
        solution = compute(config)
        times.append(time.perf_counter() - start)
    assert solution is not None
    positions = (solution.top + 1) ** 2
    print(f"Toss Up! solver, 2 players, target {args.target}, one core")
    print(f"solve time: median {statistics.median(times):.2f} s over {args.repeat} runs")
    print(f"  runs: {', '.join(f'{t:.2f}' for t in times)} s")
    print(f"score pairs: {positions}; policy covers totals up to {solution.width - 1}")
    print(f"policy size: {solution.policy.nbytes / 1024:.0f} KiB packed")
    print(f"first player wins under optimal play: {solution.first_player_wins:.6f}")
    if solution.sudden is not None:
        print(f"sudden death, first to roll wins: {solution.sudden.first_wins:.6f}")
    print(f"under a minute: {'yes' if max(times) < 60 else 'NO'}")


if __name__ == "__main__":
    main()
