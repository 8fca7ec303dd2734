"""Cover Your Cookies' fast kernel against OpenSpiel's ``hearts`` and ``crazy_eights`` in C++.

Prints games per second and player decisions per second (every move a player makes: turn
actions, duel answers, mixer choices; chance steps are not decisions) of:

* gamenight Cover Your Cookies' kernel (``simulate --fast``), 4 players, uniformly random bots
  and the default bots (``baker`` against three ``random``), compiled by numba;
* the same games through the full match stack (``Match`` + the seeded driver + random bots,
  as ``gamenight simulate`` runs them), for the ratio the kernel buys;
* when ``open_spiel`` is importable: OpenSpiel's ``hearts`` (4 players) and ``crazy_eights``
  (its default 5 players), each played whole inside C++ by ``pyspiel.evaluate_bots`` with
  ``pyspiel.make_uniform_random_bot`` bots, one call per game. That is the fairest C++-side
  loop pyspiel offers: ``evaluate_bots`` plays a game from start to end in C++ (chance
  sampled in C++ too), so only one Python call per game is left, a few microseconds against
  games of hundreds of moves. (``random_sim_test`` also checks every state and its
  serialisation, and there is no batched C++ simulator.) Decisions per game are counted apart,
  from the full histories of games played outside the timed loop.

Every figure is per second of CPU time, on one core; the loops run in interleaved rounds (each
once per round) and the medians are printed, with the spread (lowest and highest round).

    .venv/bin/python bench/bench_cover_your_cookies.py --seconds 2 --repeat 5
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable
from typing import Any

os.environ.setdefault("OMP_NUM_THREADS", "1")

from gamenight.bots import make_bot
from gamenight.engine import CHANCE, Match
from gamenight.engine.registry import make_game
from gamenight.games.cover_your_cookies.kernel import simulate_fast
from gamenight.sim.driver import run

#: A timed loop: seconds of CPU to run for -> (games per second, decisions per second).
Loop = Callable[[float], tuple[float, float]]


def kernel_loop(bots: list[str]) -> Loop:
    """The kernel, in calls of a fixed number of games until the time is up."""
    game = make_game("cover-your-cookies", players=4)
    simulate_fast(game, bots, 10, seed=0)  # compiles, or loads numba's on-disk cache
    seed = [1]

    def timed(seconds: float) -> tuple[float, float]:
        games = decisions = 0.0
        start = time.process_time()
        while time.process_time() - start < seconds:
            report: Any = simulate_fast(game, bots, 2_000, seed=seed[0])
            seed[0] += 1
            games += 2_000
            decisions += report.overall["decisions_per_game"] * 2_000
        elapsed = time.process_time() - start
        return games / elapsed, decisions / elapsed

    return timed


def engine_loop(seconds: float) -> tuple[float, float]:
    """Random 4-player games through ``Match`` and the driver."""
    game = make_game("cover-your-cookies", players=4)
    agents = [make_bot("random", game, seat) for seat in range(4)]
    games = decisions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        match = run(Match(game, seed=games), agents)
        decisions += sum(1 for step in match.steps if step.player != CHANCE)
        games += 1
    elapsed = time.process_time() - start
    return games / elapsed, decisions / elapsed


def openspiel_loop(name: str) -> Loop | None:
    """OpenSpiel's ``name`` played whole in C++ by ``evaluate_bots``, random bots."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(name)
    players = game.num_players()
    bots = [pyspiel.make_uniform_random_bot(p, 1 + p) for p in range(players)]
    moves = []
    for i in range(200):  # decisions per game, outside the timed loop
        state = game.new_initial_state()
        pyspiel.evaluate_bots(state, bots, 10_000 + i)
        moves.append(sum(1 for step in state.full_history() if step.player >= 0))
    per_game = statistics.mean(moves)

    def timed(seconds: float) -> tuple[float, float]:
        games = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            pyspiel.evaluate_bots(game.new_initial_state(), bots, games)
            games += 1
        elapsed = time.process_time() - start
        return games / elapsed, games * per_game / elapsed

    return timed


def main() -> None:
    """Run the interleaved rounds; print the medians, spreads and ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per loop a round")
    parser.add_argument("--repeat", type=int, default=5, help="interleaved rounds")
    args = parser.parse_args()
    loops: dict[str, Loop] = {
        "Cover Your Cookies kernel, 4 random": kernel_loop(["random"] * 4),
        "Cover Your Cookies kernel, baker + 3 random": kernel_loop(["baker"] + ["random"] * 3),
        "Cover Your Cookies engine (Match + driver), 4 random": engine_loop,
    }
    for name in ("hearts", "crazy_eights"):
        peer = openspiel_loop(name)
        if peer is not None:
            loops[f"OpenSpiel {name}, C++ evaluate_bots, random"] = peer
    rates: dict[str, list[tuple[float, float]]] = {name: [] for name in loops}
    for _ in range(args.repeat):
        for name, loop in loops.items():
            rates[name].append(loop(args.seconds))
    print(
        f"medians of {args.repeat} interleaved rounds of {args.seconds:g} s CPU; "
        f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    )
    print(f"{'loop':<56}{'games/s':>11}{'decisions/s':>14}   spread of decisions/s")
    medians: dict[str, float] = {}
    for name, values in rates.items():
        games = statistics.median(g for g, _ in values)
        decisions = [d for _, d in values]
        medians[name] = statistics.median(decisions)
        spread = f"{min(decisions):,.0f} to {max(decisions):,.0f}"
        print(f"{name:<56}{games:>11,.0f}{medians[name]:>14,.0f}   {spread}")
    kernel = medians["Cover Your Cookies kernel, 4 random"]
    for name, value in medians.items():
        if name != "Cover Your Cookies kernel, 4 random":
            print(f"kernel (4 random) / {name}: {kernel / value:.2f}x decisions/s")


if __name__ == "__main__":
    main()
