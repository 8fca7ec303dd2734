"""How long the ``gamenight`` command takes to start: what a short ``simulate`` pays before a game.

Times, in fresh processes, importing ``gamenight.cli``, ``gamenight --help`` and
``gamenight simulate toss-up --bots hold:20,hold:20 --games 1`` (one game: almost all of it is
start-up), and ``python -c pass`` as the floor every process pays. With ``--before SRC`` the same
commands run on another tree's ``src`` (put first on the path) **in the same interleaved rounds**,
so both trees see the same load. Prints the median CPU time (user + system of the child) and
wall time of each, in milliseconds, and the ratios after/before:

    .venv/bin/python bench/bench_startup.py --repeat 15 --before /tmp/old/src
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

SRC = str(Path(__file__).resolve().parent.parent / "src")

COMMANDS: dict[str, list[str]] = {
    "python -c pass": ["-c", "pass"],
    "import gamenight.cli": ["-c", "import gamenight.cli"],
    "gamenight --help": ["-m", "gamenight", "--help"],
    "simulate --games 1": [
        "-m",
        "gamenight",
        "simulate",
        "toss-up",
        "--bots",
        "hold:20,hold:20",
        "--games",
        "1",
    ],
}


def run_once(args: list[str], src: str) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one fresh ``python args`` with ``src`` first on the path."""
    env = dict(os.environ, PYTHONPATH=src)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, *args], env=env, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


def main() -> None:
    """Run the interleaved rounds and print the medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15, help="interleaved rounds")
    parser.add_argument("--before", help="another tree's src folder, timed in the same rounds")
    args = parser.parse_args()
    trees = {"after": SRC} if args.before is None else {"before": args.before, "after": SRC}
    times: dict[tuple[str, str], list[tuple[float, float]]] = {
        (tree, name): [] for tree in trees for name in COMMANDS
    }
    for _ in range(args.repeat):
        for name, command in COMMANDS.items():
            for tree, src in trees.items():
                times[tree, name].append(run_once(command, src))
    print(f"load average {os.getloadavg()[0]:.1f}; medians of {args.repeat} rounds, ms")
    print(f"{'':24s}" + "".join(f"{t + ' cpu':>13s}{t + ' wall':>13s}" for t in trees))
    for name in COMMANDS:
        cells = ""
        for tree in trees:
            cpu = statistics.median(c for c, _ in times[tree, name]) * 1000
            wall = statistics.median(w for _, w in times[tree, name]) * 1000
            cells += f"{cpu:13.0f}{wall:13.0f}"
        if len(trees) == 2:
            old = statistics.median(c for c, _ in times["before", name])
            new = statistics.median(c for c, _ in times["after", name])
            cells += f"   after/before cpu {new / old:.2f}x"
        print(f"{name:24s}{cells}")


if __name__ == "__main__":
    main()
