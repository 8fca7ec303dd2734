"""Toss Up! simulation speed against OpenSpiel's ``pig``, measured in the same run.

Prints games per second of uniformly random play, on one core:

* gamenight Toss Up! (2 players, to 100) through the engine API: ``pending`` /
  ``legal_actions`` / ``apply`` / ``sample_chance``, the same loop an RL or search client runs;
* gamenight through the full match stack (``Match`` + the seeded driver + random bots), as
  ``gamenight simulate`` runs it;
* gamenight's kernel (``simulate --fast``): the same rules and random policy, thousands of games
  at once (a test shows it draws the same distribution as the engine), compiled by numba when it
  is installed (the ``fast`` extra) and as numpy array operations otherwise; both are timed, the
  compiled loop after a first call that compiles it (or loads it from numba's cache);
* OpenSpiel's C++ ``pig`` (2 players, to 100) driven from a Python loop, and from its own C++
  loop (``pyspiel.evaluate_bots`` with its uniform random bots);

and the ratios of gamenight's figures to each peer. Both games are push-your-luck dice races to
100, so games per second compare like with like; steps per game are printed too.

Every figure is games per second of CPU time, on one core. The loops run in interleaved rounds
(each loop once per round) and the medians are printed, so load on a shared machine hits every
loop alike.

Run: ``make bench`` (installs the optional ``bench`` extra: open_spiel).
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")  # one core for numpy too
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

sys.path.insert(0, str(Path(__file__).resolve().parent))

from gamenight.bots import RandomBot
from gamenight.engine import CHANCE, Kind, Match
from gamenight.engine.registry import make_game
from gamenight.sim.driver import run
from gamenight.sim.kernels import fast_simulate
from openspiel_pig import pig_cpp_loop, pig_python_loop

#: A timed loop: (games, seed, stats to fill) -> games per second.
Loop = Callable[[int, int, dict[str, float]], float]


def toss_up_engine_loop(games: int, seed: int, stats: dict[str, float] | None = None) -> float:
    """Random play through the engine API; returns games per second."""
    game = make_game("toss-up", players=2)
    pending, legal, apply, sample = game.pending, game.legal_actions, game.apply, game.sample_chance
    terminal, chance = Kind.TERMINAL, Kind.CHANCE
    rng = random.Random(seed)
    steps = 0
    start = time.process_time()
    for _ in range(games):
        state = game.initial_state()
        while True:
            decision = pending(state)
            kind = decision.kind
            if kind is terminal:
                break
            if kind is chance:
                state, _events = apply(state, CHANCE, sample(state, rng))
            else:
                player = decision.players[0]
                actions = legal(state, player)
                state, _events = apply(state, player, actions[rng.randrange(len(actions))])
            steps += 1
    elapsed = time.process_time() - start
    if stats is not None:
        stats["mean_steps"] = steps / games
    return games / elapsed


def toss_up_match_loop(games: int, seed: int, stats: dict[str, float] | None = None) -> float:
    """Random bots through Match and the driver (views built per decision); games per second."""
    game = make_game("toss-up", players=2)
    agents = [RandomBot(game, seat, "random") for seat in range(2)]
    steps = 0
    start = time.process_time()
    for index in range(games):
        steps += len(run(Match(game, seed=seed + index), agents).steps)
    elapsed = time.process_time() - start
    if stats is not None:
        stats["mean_steps"] = steps / games
    return games / elapsed


def toss_up_kernel(
    games: int, seed: int, stats: dict[str, float] | None = None, compiled: bool | None = None
) -> float:
    """Random play by the fast kernel (``compiled``: numba's loop or numpy's array operations;
    ``None``: as ``--fast`` chooses); games per second."""
    game = make_game("toss-up", players=2)
    start = time.process_time()
    if compiled is None:
        report = fast_simulate(game, ["random", "random"], games, seed)
    else:
        from gamenight.games.toss_up.kernel import simulate_fast

        report = simulate_fast(game, ["random", "random"], games, seed, compiled=compiled)
    elapsed = time.process_time() - start
    if stats is not None:
        # Engine steps per turn: every roll is a chance step and every roll that does not bust
        # is followed by one decision (roll on or bank).
        busts = sum(seat["bust_rate"] for seat in report.per_seat) / len(report.per_seat)
        per_turn = 2 * report.overall["rolls_per_turn"] - busts
        stats["mean_steps"] = report.mean_turns * per_turn
    return games / elapsed


def kernel_loops() -> list[tuple[str, Loop]]:
    """The kernel's loops this tree has: compiled and numpy (or, in a tree from before the
    compiled loop, the one kernel)."""
    from gamenight.games.toss_up import kernel

    if not hasattr(kernel, "compiled_available"):
        return [("gamenight toss-up, kernel (numpy)", toss_up_kernel)]
    loops: list[tuple[str, Loop]] = []
    if kernel.compiled_available():
        loops.append(("gamenight toss-up, kernel (numba)", partial(toss_up_kernel, compiled=True)))
    loops.append(("gamenight toss-up, kernel (numpy)", partial(toss_up_kernel, compiled=False)))
    return loops


def main(argv: list[str] | None = None) -> None:
    """Run every loop once per round, ``--repeat`` rounds; print medians and ratios."""
    parser = argparse.ArgumentParser(description="Toss Up! speed against OpenSpiel pig")
    parser.add_argument("--games", type=int, default=20_000, help="games per Python-loop run")
    parser.add_argument("--cpp-games", type=int, default=200_000, help="games per C++-loop run")
    parser.add_argument("--repeat", type=int, default=5, help="rounds (the median is kept)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only-kernel", action="store_true", help="kernels and pig's C++ loop")
    args = parser.parse_args(argv)

    loops: list[tuple[str, Loop, int]] = [
        ("gamenight toss-up, engine API", toss_up_engine_loop, args.games),
        ("gamenight toss-up, Match + driver", toss_up_match_loop, args.games // 4),
        *((name, loop, args.cpp_games) for name, loop in kernel_loops()),
        ("OpenSpiel pig, Python loop", pig_python_loop, args.games),
        ("OpenSpiel pig, C++ loop", pig_cpp_loop, args.cpp_games),
    ]
    if args.only_kernel:
        loops = [x for x in loops if "kernel" in x[0] or "C++" in x[0]]
    for name, loop, _games in loops:  # warm up: numba compiles (or loads its cache) here
        if "kernel" in name:
            loop(1_000, 0, {})
    print(
        f"Python {sys.version.split()[0]}, one core, CPU time, {args.repeat} interleaved rounds "
        f"(median); load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    )
    runs: dict[str, list[float]] = {name: [] for name, _, _ in loops}
    steps: dict[str, float] = {}
    for r in range(args.repeat):
        for name, loop, games in loops:
            stats: dict[str, float] = {}
            runs[name].append(loop(games, args.seed + r, stats))
            steps[name] = stats["mean_steps"]
    rates = {name: statistics.median(values) for name, values in runs.items()}
    for name, rate in rates.items():
        spread = (max(runs[name]) - min(runs[name])) / rate * 100
        print(
            f"{name:38s} {rate:10,.0f} games/s  (±{spread / 2:.0f}%)  "
            f"{steps[name]:6.1f} steps/game  {rate * steps[name]:12,.0f} steps/s"
        )
    print()
    for mine in rates:
        if not mine.startswith("gamenight"):
            continue
        for name in ("OpenSpiel pig, Python loop", "OpenSpiel pig, C++ loop"):
            if name in rates:
                label = f"{mine.removeprefix('gamenight toss-up, ')} / {name}"
                print(f"{label:56s} {rates[mine] / rates[name]:7.2f}x")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak resident memory of this process: {peak:.0f} MiB")


if __name__ == "__main__":
    main()
