"""Check that a speed change changed no result: seeded simulations, digested, for every game.

Runs a fixed list of seeded ``gamenight simulate ... --json`` jobs (every game, random and
default bots, the rule options that take other paths, ``--rotate-seats``, ``--jsonl``,
``--workers 2`` and ``--fast``) and prints one SHA-256 per job, of its JSON report and its
per-game lines. Run it on two trees and compare:

    .venv/bin/python bench/same_results.py > after.txt
    .venv/bin/python bench/same_results.py --src /path/to/old/tree/src > before.txt
    diff before.txt after.txt

``--src`` puts another tree's ``src`` first on the path of every job, so the same installed
environment runs the old code.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
import tempfile
from pathlib import Path

CARD_GAMES = ("toss-your-cookies", "paper-toss", "cover-your-cookies")

#: (name, arguments after ``simulate``): each job is run with ``--json`` and ``--jsonl``.
JOBS: list[tuple[str, list[str]]] = [
    ("toss-up random", ["toss-up", "--bots", "random,random", "--games", "3000", "--seed", "7"]),
    ("toss-up mixed", ["toss-up", "--bots", "smart,hold:20,random", "--games", "1500"]),
    (
        "toss-up shared",
        ["toss-up", "--bots", "hold:25,smart", "--games", "1000", "-o", "shared_victory=true"],
    ),
    ("toss-up rotate", ["toss-up", "--bots", "hold:20,smart", "--games", "600", "--rotate-seats"]),
    ("toss-up fast", ["toss-up", "--bots", "random,smart,hold:20", "--games", "20000", "--fast"]),
    ("toss-up fast 2", ["toss-up", "--bots", "random,random", "--games", "50000", "--fast"]),
    (
        "tyc random 4",
        ["toss-your-cookies", "--bots", "random,random,random,random", "--games", "150"],
    ),
    ("tyc smart 3", ["toss-your-cookies", "--bots", "smart,smart,random", "--games", "150"]),
    (
        "tyc free 5",
        [
            "toss-your-cookies",
            "--bots",
            "random,smart,random,smart,random",
            "--games",
            "100",
            "-o",
            "free_scramble=true",
            "-o",
            "rounds=3",
            "--seed",
            "3",
        ],
    ),
    ("paper random 4", ["paper-toss", "--bots", "random,random,random,random", "--games", "150"]),
    ("paper smart 3", ["paper-toss", "--bots", "smart,tosser,random", "--games", "150"]),
    (
        "paper limit",
        [
            "paper-toss",
            "--bots",
            "random,smart",
            "--games",
            "150",
            "-o",
            "turn_limit=30",
            "--rotate-seats",
        ],
    ),
    (
        "cyc random 4",
        ["cover-your-cookies", "--bots", "random,random,random,random", "--games", "150"],
    ),
    ("cyc baker 3", ["cover-your-cookies", "--bots", "baker,first,random", "--games", "150"]),
    (
        "cyc variants 5",
        [
            "cover-your-cookies",
            "--bots",
            "random,baker,random,baker,random",
            "--games",
            "80",
            "-o",
            "two_actions=true",
            "-o",
            "extra_strength=true",
            "-o",
            "match=rounds",
        ],
    ),
    (
        "cyc wins 6",
        [
            "cover-your-cookies",
            "--bots",
            "baker,random,random,random,random,random",
            "--games",
            "60",
            "-o",
            "match=wins",
            "-o",
            "mixers=true",
            "--seed",
            "11",
        ],
    ),
    (
        "cyc workers 2",
        [
            "cover-your-cookies",
            "--bots",
            "random,random,random,random",
            "--games",
            "300",
            "--workers",
            "2",
            "--seed",
            "5",
        ],
    ),
    (
        "cyc fast",
        [
            "cover-your-cookies",
            "--bots",
            "baker,random,first,random,baker",
            "--games",
            "3000",
            "--fast",
            "-o",
            "two_actions=true",
            "-o",
            "extra_strength=true",
        ],
    ),
    (
        "tyc workers 2",
        [
            "toss-your-cookies",
            "--bots",
            "random,random,random,random",
            "--games",
            "300",
            "--workers",
            "2",
            "--seed",
            "5",
        ],
    ),
]


def digest(args: list[str], src: str | None) -> str:
    """SHA-256 of the job's JSON report and its per-game lines."""
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = src + os.pathsep + env.get("PYTHONPATH", "")
    with tempfile.TemporaryDirectory() as tmp:
        lines = Path(tmp) / "games.jsonl"
        fast = "--fast" in args
        extra = [] if fast else ["--jsonl", str(lines)]
        command = [sys.executable, "-m", "gamenight", "simulate", *args, "--json", *extra]
        done = subprocess.run(command, env=env, capture_output=True, check=True)
        h = hashlib.sha256(done.stdout)
        if not fast:
            h.update(lines.read_bytes())
    return h.hexdigest()


def main() -> None:
    """Print one digest per job."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--src", help="another tree's src folder, put first on the path")
    parser.add_argument("--only", help="run only the jobs whose name contains this")
    args = parser.parse_args()
    for name, job in JOBS:
        if args.only and args.only not in name:
            continue
        print(f"{name:16s} {digest(job, args.src)}", flush=True)


if __name__ == "__main__":
    main()
