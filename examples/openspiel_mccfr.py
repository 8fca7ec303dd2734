"""OpenSpiel's MCCFR (or CFR) solves a bounded Toss Up! variant through the OpenSpiel adapter.

CFR needs a finite game tree, and Toss Up! has none (a turn can roll on forever), so the
solvers run on a bounded variant, not the real game: two players, one die with two green faces
and one red, ``turn_limit`` turns in all (the higher banked total then wins, a tie is a draw)
and at most ``max_game_length`` decisions (a cut match is a draw). Every information state is
the adapter's perfect-recall one (``gamenight.adapters.infostate``). The script runs
outcome-sampling MCCFR (``--solver mccfr``, seeded) or vanilla CFR (``--solver cfr``), prints
the average policy's exploitability beside uniform random's, then plays it against uniform
random, seats alternating, and prints its wins and mean return with a 95% interval.

Run: ``.venv/bin/python examples/openspiel_mccfr.py`` (the ``rl`` extra); ``--iterations``,
``--games``, ``--turns`` and ``--decisions`` set the sizes (the tests run it tiny).
"""

from __future__ import annotations

import argparse
import math
import random
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python import policy as policies
from open_spiel.python.algorithms import cfr, exploitability, outcome_sampling_mccfr

from gamenight.adapters.openspiel import register


def whole_number(text: str, low: int, high: int) -> int:
    """``text`` as a whole number from ``low`` to ``high``, or argparse's error saying so."""
    refusal = argparse.ArgumentTypeError(
        f"expected a whole number from {low} to {high}, got {text!r}"
    )
    try:
        value = int(text)
    except ValueError:
        raise refusal from None
    if not low <= value <= high:
        raise refusal
    return value


def count(text: str) -> int:
    """An argparse type: iterations or matches, 1 to 1,000,000."""
    return whole_number(text, 1, 1_000_000)


def small(text: str) -> int:
    """An argparse type: turns or decisions of the variant, 1 to 12 (the tree grows fast)."""
    return whole_number(text, 1, 12)


def seed_int(text: str) -> int:
    """An argparse type: a seed numpy takes, 0 to 2**32 - 1."""
    return whole_number(text, 0, 2**32 - 1)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The options, checked before any work (argparse's one-line error, status 2)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--solver",
        choices=("mccfr", "cfr"),
        default="mccfr",
        help="outcome-sampling MCCFR (seeded) or vanilla CFR",
    )
    parser.add_argument(
        "--iterations", type=count, default=2000, help="solver iterations (1 to 1,000,000)"
    )
    parser.add_argument(
        "--games", type=count, default=4000, help="matches against uniform random (1 to 1e6)"
    )
    parser.add_argument(
        "--turns", type=small, default=2, help="the variant's turn_limit: turns in all (1-12)"
    )
    parser.add_argument(
        "--decisions",
        type=small,
        default=8,
        help="the variant's max_game_length: decisions before a cut (1 to 12)",
    )
    parser.add_argument(
        "--seed", type=seed_int, default=1, help="seed of MCCFR and the matches (0 to 2**32-1)"
    )
    return parser.parse_args(argv)


def variant(turns: int, decisions: int) -> str:
    """The OpenSpiel game string of the bounded variant."""
    return (
        "gamenight_toss_up(players=2,dice=1,faces=green;green;red,target=3,"
        f"turn_limit={turns},max_game_length={decisions})"
    )


def solve(game: pyspiel.Game, solver_name: str, iterations: int, seed: int) -> Any:
    """The average policy after ``iterations`` of the solver."""
    if solver_name == "cfr":
        solver: Any = cfr.CFRSolver(game)
        step = solver.evaluate_and_update_policy
    else:
        np.random.seed(seed)  # OpenSpiel's MCCFR samples from numpy's global generator
        solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
        step = solver.iteration
    for _ in range(iterations):
        step()
    return solver.average_policy()


def play(game: pyspiel.Game, average: Any, seat: int, rng: random.Random) -> float:
    """One match: the policy at ``seat``, uniform random at the other; ``seat``'s return."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, odds = zip(*state.chance_outcomes(), strict=True)
        elif state.current_player() == seat:
            actions, odds = zip(*average.action_probabilities(state).items(), strict=True)
        else:
            actions = tuple(state.legal_actions())
            odds = (1.0,) * len(actions)
        state.apply_action(rng.choices(actions, odds)[0])
    return float(state.returns()[seat])


def main(argv: list[str] | None = None) -> None:
    """Solve, measure exploitability, play against uniform random."""
    args = parse_args(argv)
    register()
    game = pyspiel.load_game(variant(args.turns, args.decisions))
    start = time.perf_counter()
    average = solve(game, args.solver, args.iterations, args.seed)
    solved = time.perf_counter() - start
    exploitable = exploitability.exploitability(game, average)
    uniform = exploitability.exploitability(game, policies.UniformRandomPolicy(game))
    name = "outcome-sampling MCCFR" if args.solver == "mccfr" else "CFR"
    print(f"{name}, {args.iterations} iterations in {solved:.1f}s on {game}")
    print(f"exploitability {exploitable:.4f} (uniform random: {uniform:.4f})")
    rng = random.Random(args.seed)
    returns = [play(game, average, match % 2, rng) for match in range(args.games)]
    mean = sum(returns) / len(returns)
    spread = math.sqrt(sum((r - mean) ** 2 for r in returns) / max(1, len(returns) - 1))
    half = 1.96 * spread / math.sqrt(len(returns))
    wins = sum(r > 0 for r in returns) / len(returns)
    print(
        f"{name} policy vs uniform random, {args.games} matches (seats alternating): "
        f"won {wins:.3f}, mean return {mean:+.3f} ± {half:.3f} (95%)"
    )


if __name__ == "__main__":
    main()
