"""Speed baseline: OpenSpiel's C++ ``pig`` game under uniformly random play.

Two measurements of the same game (2 players, win score 100, d6):

* ``pig_python_loop``: the game loop is driven from Python, one pybind11
  call per step (comparable to a pure-Python engine driven the same way).
* ``pig_cpp_loop``: the whole game is played inside C++ by
  ``pyspiel.evaluate_bots`` with C++ uniform random bots.

Both return games per second of CPU time (``time.process_time``), which a busy machine disturbs
far less than wall time.

Requires OpenSpiel: ``pip install -e '.[bench]'`` (or ``pip install open_spiel``).
"""

from __future__ import annotations

import argparse
import importlib
import random
import time
from types import ModuleType

GAME_PARAMS: dict[str, int | bool] = {
    "players": 2,
    "winscore": 100,
    "diceoutcomes": 6,
    "horizon": 1000,
    "piglet": False,
}


def _pyspiel() -> ModuleType:
    """Import and return ``pyspiel``, with a helpful message if it is missing."""
    try:
        return importlib.import_module("pyspiel")
    except ImportError as exc:  # pragma: no cover - depends on environment
        raise SystemExit("OpenSpiel is not installed; run: pip install -e '.[bench]'") from exc


def pig_python_loop(games: int, seed: int, stats: dict[str, float] | None = None) -> float:
    """Play ``games`` random games from a Python loop; return games per second.

    Chance nodes are sampled from ``state.chance_outcomes()`` (one uniform number walked along
    the cumulative probabilities) and decisions
    are picked uniformly from ``state.legal_actions()``, both with a seeded
    ``random.Random``. If ``stats`` is given, it receives ``mean_steps``
    (applied actions per game, chance included) and ``draws`` (games cut
    off by the horizon).
    """
    game = _pyspiel().load_game("pig", GAME_PARAMS)
    rng = random.Random(seed)
    steps = draws = 0
    start = time.process_time()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                # One uniform number against the cumulative probabilities, as gamenight's
                # sampler does, so neither side pays for a slower sampling call.
                r = rng.random()
                outcomes = state.chance_outcomes()
                action = outcomes[-1][0]
                for outcome, prob in outcomes:
                    r -= prob
                    if r < 0:
                        action = outcome
                        break
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
            steps += 1
        if max(state.returns()) <= 0.0:
            draws += 1
    elapsed = time.process_time() - start
    if stats is not None:
        stats["mean_steps"] = steps / games
        stats["draws"] = draws
    return games / elapsed


def pig_cpp_loop(games: int, seed: int, stats: dict[str, float] | None = None) -> float:
    """Play ``games`` random games inside C++; return games per second.

    Uses one ``pyspiel.evaluate_bots(state, bots, seed + i)`` call per game
    with ``pyspiel.make_uniform_random_bot`` bots. ``evaluate_bots`` plays
    on the state passed in, so the step count is read afterwards with
    ``state.move_number()`` (about 5% of the timed loop). Do not keep the
    finished states: that costs ~3 KB each and halves the rate. ``stats`` is
    filled as in :func:`pig_python_loop`.
    """
    pyspiel = _pyspiel()
    game = pyspiel.load_game("pig", GAME_PARAMS)
    bots = [
        pyspiel.make_uniform_random_bot(player, seed + 1 + player)
        for player in range(game.num_players())
    ]
    steps = draws = 0
    start = time.process_time()
    for i in range(games):
        state = game.new_initial_state()
        returns = pyspiel.evaluate_bots(state, bots, seed + i)
        steps += state.move_number()
        if max(returns) <= 0.0:
            draws += 1
    elapsed = time.process_time() - start
    if stats is not None:
        stats["mean_steps"] = steps / games
        stats["draws"] = draws
    return games / elapsed


def main(argv: list[str] | None = None) -> None:
    """Run both benchmarks and print games/s and steps per game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000, help="games per run, Python loop")
    parser.add_argument("--cpp-games", type=int, default=200_000, help="games per run, C++ loop")
    parser.add_argument("--seed", type=int, default=0, help="base random seed")
    parser.add_argument("--repeat", type=int, default=1, help="runs of each loop")
    args = parser.parse_args(argv)

    print(f"pyspiel pig {GAME_PARAMS}, seed {args.seed}")
    loops = (
        ("python loop", pig_python_loop, args.games),
        ("c++ loop", pig_cpp_loop, args.cpp_games),
    )
    for name, func, games in loops:
        for run in range(args.repeat):
            stats: dict[str, float] = {}
            rate = func(games, args.seed + run, stats)
            steps = stats["mean_steps"]
            print(
                f"{name:12s} run {run + 1}: {rate:10.1f} games/s  "
                f"{steps:6.1f} steps/game  {rate * steps:12.0f} steps/s  "
                f"draws {int(stats['draws'])}"
            )


if __name__ == "__main__":
    main()
