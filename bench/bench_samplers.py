"""What a state drawn from a view costs: each game's ``sample_state`` against ``shuffle_hidden``.

For each of the four games at 4 players, the same seeded positions (decisions with a real
choice, spread over random games) are each drawn from many times by:

* ``sample_state(view, seat, rng)``: the game's sampler from the view alone, with its check
  that the drawn state shows the seat the same view (what ISMCTS calls once an iteration);
* the game's ``sample.py`` sampler without that check;
* ``shuffle_hidden(state, seat, rng)``: the peer, re-dealing a true state the caller holds (what
  a state source costs).

Prints microseconds of CPU time per draw, and the ratio of the checked sampler to
``shuffle_hidden`` measured in the same run; the three are interleaved and the median of the
repeats kept, so a busy machine weighs on all alike.

Run: ``.venv/bin/python bench/bench_samplers.py [--positions N] [--draws D] [--repeat R]``.
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from gamenight.engine import CHANCE, Kind
from gamenight.engine.registry import make_game

GAMES = ("toss-up", "paper-toss", "toss-your-cookies", "cover-your-cookies")


def positions(game: Any, count: int, seed: int) -> list[tuple[Any, int]]:
    """``count`` seeded decisions ``(state, seat)`` with two or more legal actions, every fifth
    such decision along random games."""
    found: list[tuple[Any, int]] = []
    rng = random.Random(seed)
    while len(found) < count:
        state = game.initial_state()
        decisions = 0
        while len(found) < count:
            pending = game.pending(state)
            if pending.kind is Kind.TERMINAL:
                break
            if pending.kind is Kind.CHANCE:
                state, _ = game.apply(state, CHANCE, game.sample_chance(state, rng))
                continue
            seat = rng.choice(pending.players)
            legal = game.legal_actions(state, seat)
            if len(legal) > 1:
                decisions += 1
                if decisions % 5 == 2:
                    found.append((state, seat))
            state, _ = game.apply(state, seat, legal[rng.randrange(len(legal))])
    return found


def per_draw(draw: Callable[[random.Random], Any], draws: int) -> float:
    """CPU microseconds per call of ``draw``."""
    rng = random.Random(1)
    start = time.process_time()
    for _ in range(draws):
        draw(rng)
    return (time.process_time() - start) / draws * 1e6


def measure(game_id: str, count: int, draws: int, repeat: int) -> dict[str, float]:
    """Median CPU microseconds per draw of each way, over the positions and the repeats."""
    game = make_game(game_id, players=4)
    module = importlib.import_module(type(game).__module__.rpartition(".")[0] + ".sample")
    spots = positions(game, count, seed=7)
    times: dict[str, list[float]] = {"checked": [], "unchecked": [], "shuffle_hidden": []}
    for _ in range(repeat):
        for state, seat in spots:
            view = game.observe(state, seat)
            ways = {
                "checked": lambda r, v=view, s=seat: game.sample_state(v, s, r),
                "unchecked": lambda r, v=view, s=seat: module.sample_state(game.config, v, s, r),
                "shuffle_hidden": lambda r, t=state, s=seat: game.shuffle_hidden(t, s, r),
            }
            for name, draw in ways.items():
                times[name].append(per_draw(draw, draws))
    return {name: statistics.median(values) for name, values in times.items()}


def main(argv: list[str] | None = None) -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--draws", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    print(
        f"{args.positions} positions per game at 4 players, {args.draws} draws each, "
        f"median of {args.repeat} repeats; CPU microseconds per draw"
    )
    print(
        f"{'game':<20} {'sample_state':>13} {'unchecked':>10} {'shuffle_hidden':>15} {'ratio':>6}"
    )
    for game_id in GAMES:
        got = measure(game_id, args.positions, args.draws, args.repeat)
        ratio = got["checked"] / got["shuffle_hidden"]
        print(
            f"{game_id:<20} {got['checked']:>13.1f} {got['unchecked']:>10.1f} "
            f"{got['shuffle_hidden']:>15.1f} {ratio:>5.1f}x"
        )


if __name__ == "__main__":
    main()
