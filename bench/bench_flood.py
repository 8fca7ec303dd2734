"""The spectator flood as a speed figure: a seated player's round trips while 300 spectators
join and leave the room (tests/server/test_flood.py counts the messages; this prints the times).

Runs the test suite's :func:`measure_flood` (a real server process on loopback, SQLite in a
temporary folder) ``--rounds`` times and prints, per round, the seated player's ping round trip
p50/p99 before and during the flood, the room messages the flood cost and the load average.
Run from the project's root: ``python bench/bench_flood.py --rounds 3``.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.server.test_flood import measure_flood


def percentile(values: list[float], share: float) -> float:
    """The ``share`` percentile of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * len(ordered)))]


def main() -> None:
    """Measure the flood ``--rounds`` times and print one line a round."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="floods to measure (default 3)")
    rounds = parser.parse_args().rounds
    if rounds < 1:
        parser.error("--rounds must be at least 1")
    print("round  quiet p50/p99 ms  flood p50/p99 ms  room messages  load")
    for n in range(1, rounds + 1):
        with tempfile.TemporaryDirectory() as folder:
            cost = measure_flood(Path(folder))
        quiet, flooded = cost["quiet"], cost["flooded"]
        print(
            f"{n:5}  {1000 * percentile(quiet, 0.5):6.1f} / {1000 * percentile(quiet, 0.99):6.1f}"
            f"    {1000 * percentile(flooded, 0.5):6.1f} / {1000 * percentile(flooded, 0.99):6.1f}"
            f"    {cost['crowd_told'] + cost['seat_told']:13}  {cost['load']:4.1f}"
        )


if __name__ == "__main__":
    main()
