"""Learner steps per second: the batched environment against one match at a time.

Every path steps Toss Up! matches for a learner at seat 0 against the game's default bot
(``smart``; ``--opponent``), the learner's actions drawn beforehand (banking with probability
``--bank``), masks included (the batched env checks every action against them):

- ``vector N``: ``GamenightVectorEnv`` with ``N`` matches in one compiled loop;
- ``single``: ``GamenightEnv``, one match (the engine, its encoder and its bots);
- ``sync 16``: Gymnasium's ``SyncVectorEnv`` over 16 ``GamenightEnv`` (what a learner would use
  without a batched kernel).

Each path runs ``--seconds`` of CPU time per round, the rounds interleaved (``--repeat``), and the
script prints the median steps per CPU second, the spread over rounds, each path's ratio to
``single``, and the load average before and after (figures taken on a loaded machine measure
the machine as much as the code):

    .venv/bin/python bench/bench_vector.py --seconds 2 --repeat 3
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable

import gymnasium
import numpy as np

from gamenight.adapters.gymnasium import GamenightEnv
from gamenight.adapters.vector import GamenightVectorEnv

Stepper = Callable[[], int]


def vector_path(n: int, opponent: str, bank: float) -> Stepper:
    """One call steps ``n`` matches."""
    envs = GamenightVectorEnv("toss-up", num_envs=n, opponents=[opponent])
    envs.reset(seed=1)
    rng = np.random.default_rng(2)
    actions = [(rng.random(n) < bank).astype(np.int64) for _ in range(64)]
    calls = [0]

    def step() -> int:
        calls[0] += 1
        envs.step(actions[calls[0] % 64])
        return n

    return step


def single_path(opponent: str, bank: float) -> Stepper:
    """One call steps one match (a reset when it ended)."""
    env = GamenightEnv("toss-up", opponents=[opponent])
    env.reset(seed=1)
    rng = np.random.default_rng(2)
    draws = (rng.random(4096) < bank).astype(np.int64).tolist()
    calls = [0]

    def step() -> int:
        calls[0] += 1
        _obs, _reward, over, cut, _info = env.step(draws[calls[0] % 4096])
        if over or cut:
            env.reset()
        return 1

    return step


def sync_path(n: int, opponent: str, bank: float) -> Stepper:
    """One call steps ``n`` single environments through Gymnasium's ``SyncVectorEnv``."""
    envs = gymnasium.vector.SyncVectorEnv(
        [lambda: GamenightEnv("toss-up", opponents=[opponent]) for _ in range(n)]
    )
    envs.reset(seed=1)
    rng = np.random.default_rng(2)
    actions = [(rng.random(n) < bank).astype(np.int64) for _ in range(64)]
    calls = [0]

    def step() -> int:
        calls[0] += 1
        envs.step(actions[calls[0] % 64])
        return n

    return step


def rate(step: Stepper, seconds: float) -> float:
    """Steps per CPU second over ``seconds`` of this process's CPU time."""
    steps, start = 0, time.process_time()
    while (spent := time.process_time() - start) < seconds:
        steps += step()
    return steps / spent


def main() -> None:
    """Build the paths, run the interleaved rounds, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds a path a round")
    parser.add_argument("--repeat", type=int, default=3, help="interleaved rounds")
    parser.add_argument("--opponent", default="smart", help="the opponents' fast-kernel bot")
    parser.add_argument("--bank", type=float, default=0.3, help="the learner's chance to bank")
    args = parser.parse_args()
    load_before = os.getloadavg()[0]
    paths: dict[str, Stepper] = {
        f"vector {n:,}": vector_path(n, args.opponent, args.bank) for n in (256, 4096, 65536)
    }
    paths["single"] = single_path(args.opponent, args.bank)
    paths["sync 16"] = sync_path(16, args.opponent, args.bank)
    for step in paths.values():  # compile and warm up outside the measured rounds
        rate(step, 0.2)
    rates: dict[str, list[float]] = {name: [] for name in paths}
    for _ in range(args.repeat):
        for name, step in paths.items():
            rates[name].append(rate(step, args.seconds))
    single = statistics.median(rates["single"])
    print(f"Toss Up!, learner at seat 0 against {args.opponent}; steps per CPU second")
    print(f"{'path':<14}{'median':>14}{'spread':>24}{'x single':>10}")
    for name, got in rates.items():
        median = statistics.median(got)
        spread = f"{min(got):,.0f}-{max(got):,.0f}"
        print(f"{name:<14}{median:>14,.0f}{spread:>24}{median / single:>10.1f}")
    print(f"load average {load_before:.1f} -> {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
