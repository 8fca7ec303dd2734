"""ISMCTS speed per game, and ISMCTS matches against other bots.

``speed`` (the default): for each of the four games at 4 players, the same seeded positions
(decisions with a real choice, spread over random games) are searched at the default level
(``ismcts``, or ``--bot SPEC`` such as ``ismcts@all``). Prints per game the CPU and wall
milliseconds per move (mean and slowest), playouts (iterations) per second, engine steps per
playout and, at the root-only level, how often the search overruled the default bot's move and
how many of the positions it searched (a game may answer plain decisions with its default bot's
move at once: see ``SearchSettings``). Then, per game, whole seeded games with the searching bot
in seat 0 and the default bot elsewhere (``--games``, 1 by default): CPU seconds per game,
decisions searched and answered without search per game, and CPU ms per searched decision. With
OpenSpiel installed (the ``bench`` extra), also its C++ MCTS on ``pig`` at 4 players with random
rollouts, and the ratio of Toss Up!'s iterations per second to it. CPU time is the figure to
read on a shared machine; wall time also counts the time other processes hold the core.

``versus GAME --bots ismcts,random,random,random --games 40 --seed 1``: the games
``gamenight simulate`` would play with the same arguments (same game seeds, same seats); the
ISMCTS seats draw their states with the game's ``sample_state`` (the state source they are also
given is only a fallback for games without one); prints each seat's win rate with its 95%
interval.

Run: ``python bench/bench_ismcts.py [speed|versus ...]``.
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import sys
import time
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from gamenight.bots import RandomBot, make_bot
from gamenight.bots.base import Agent
from gamenight.bots.ismcts import DEFAULT_ITERATIONS, build
from gamenight.bots.registry import split_spec
from gamenight.engine import Kind, Match
from gamenight.engine.registry import make_game
from gamenight.sim.driver import agent_rngs, run, step
from gamenight.sim.simulate import game_seed
from gamenight.sim.stats import wilson_interval

GAMES = ("toss-up", "paper-toss", "toss-your-cookies", "cover-your-cookies")


def positions(game: Any, count: int, seed: int) -> list[tuple[Any, int]]:
    """``count`` seeded decision positions ``(state, seat)`` with two or more legal actions,
    taken every few decisions along random games."""
    found: list[tuple[Any, int]] = []
    game_index = 0
    while len(found) < count:
        match = Match(game, seed=seed + game_index)
        agents = [RandomBot(game, s, "random") for s in range(game.players)]
        rngs = agent_rngs(seed + game_index, game.players)
        decisions = 0
        while not match.finished and len(found) < count:
            pending = match.pending
            if pending.kind not in (Kind.CHANCE, Kind.TERMINAL):
                seat = pending.players[0]
                if len(game.legal_actions(match.state, seat)) > 1:
                    decisions += 1
                    if decisions % 7 == 3:
                        found.append((match.state, seat))
            step(match, agents, rngs)
        game_index += 1
    return found


def time_moves(
    game: Any, places: Sequence[tuple[Any, int]], seed: int, spec: str = "ismcts"
) -> dict[str, float]:
    """Search each position with the bot ``spec`` (an ``ismcts`` level); CPU and wall ms per
    move, iterations/s, and the share of moves where the search overruled the default bot."""
    name, arg = split_spec(spec)
    if name != "ismcts":
        raise SystemExit(f"--bot must be an ismcts level, e.g. ismcts@all, not {spec!r}")
    cpu: list[float] = []
    wall: list[float] = []
    steps = 0
    iterations = 0
    switched = 0
    searched = 0
    apply = game.apply

    def counted(state: Any, player: int, action: Any) -> Any:
        nonlocal steps
        steps += 1
        return apply(state, player, action)

    game.apply = counted  # count engine steps (instance attribute; the class is untouched)
    try:
        for index, (state, seat) in enumerate(places):
            bot = build(game, seat, arg or None, state_source=lambda state=state: state)
            view = game.observe(state, seat)
            legal = game.legal_actions(state, seat)
            rng = random.Random(seed + index)
            c0, w0 = time.process_time(), time.perf_counter()
            bot.act(view, legal, rng)
            cpu.append(time.process_time() - c0)
            wall.append(time.perf_counter() - w0)
            searched += bot.searched
            if bot.searched:  # a plain decision is answered at once, with no playout
                assert bot.last is not None
                iterations += bot.last.iterations
            switched += bool(bot.halving is not None and bot.halving.switched)
    finally:
        del game.apply
    return {
        "cpu_ms": 1000 * statistics.mean(cpu),
        "cpu_max_ms": 1000 * max(cpu),
        "wall_ms": 1000 * statistics.mean(wall),
        "wall_max_ms": 1000 * max(wall),
        "iterations_per_s": iterations / sum(cpu),
        "steps_per_iteration": steps / max(1, iterations),
        "switched": switched / len(places),
        "searched": searched / len(places),
    }


def time_searches(bot: Any, record: list[float]) -> None:
    """Make ``bot`` add the CPU seconds of every decision it searches to ``record``."""
    act = bot.act

    def timed(view: Any, legal: Any, rng: random.Random) -> Any:
        before, start = bot.searched, time.process_time()
        action = act(view, legal, rng)
        if bot.searched > before:
            record.append(time.process_time() - start)
        return action

    bot.act = timed


def time_games(game: Any, games: int, seed: int, spec: str = "ismcts") -> dict[str, float]:
    """Whole games with ``spec`` in seat 0 and the default bot elsewhere: CPU seconds per game,
    decisions searched and answered at once per game, CPU ms per searched decision (mean, and
    the slowest)."""
    cpu = 0.0
    searched = answered = 0
    searches: list[float] = []
    for index in range(games):
        match = Match(game, seed=game_seed(seed, index))
        bot = build(game, 0, split_spec(spec)[1] or None)
        time_searches(bot, searches)
        agents = [bot, *(make_bot("default", game, p) for p in range(1, game.players))]
        start = time.process_time()
        run(match, agents)
        cpu += time.process_time() - start
        searched += bot.searched
        answered += bot.answered
    return {
        "cpu_s": cpu / games,
        "searched": searched / games,
        "answered": answered / games,
        "ms_per_search": 1000 * cpu / max(1, searched),
        "slowest_ms": 1000 * max(searches, default=0.0),
    }


def openspiel_pig_mcts(iterations: int, moves: int, seed: int) -> float | None:
    """OpenSpiel's C++ MCTS (random rollouts) on 4-player ``pig``, a push-your-luck dice race
    like Toss Up!: iterations per CPU second, or ``None`` without OpenSpiel. (Its ISMCTS refuses
    perfect-information games, and Toss Up! has nothing hidden.)"""
    try:
        pyspiel: Any = importlib.import_module("pyspiel")
    except ImportError:
        return None
    game = pyspiel.load_game("pig", {"players": 4, "winscore": 100, "horizon": 1000})
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    bot = pyspiel.MCTSBot(game, evaluator, 0.7, iterations, 1000, False, seed, False)
    rng = random.Random(seed)
    spent = 0.0
    done = 0
    while done < moves:
        state = game.new_initial_state()
        while not state.is_terminal() and done < moves:
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(
                    rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
                )
                continue
            start = time.process_time()
            action = bot.step(state)
            spent += time.process_time() - start
            done += 1
            state.apply_action(action)
    return iterations * moves / spent


def speed(args: argparse.Namespace) -> None:
    """Print ms per move at the default level for every game at 4 players."""
    print(
        f"Python {sys.version.split()[0]}; {args.bot} (the default level: {DEFAULT_ITERATIONS} "
        "playouts, or the game's own setting: Paper Toss! searches only near the target, so "
        f"these random-game positions are answered at once); {args.positions} positions per "
        "game, 4 players"
    )
    header = (
        "game                  cpu ms/move (max)   wall ms/move (max)   iter/s   steps/iter"
        "   overruled   searched"
    )
    print(header)
    rates: dict[str, float] = {}
    for game_id in GAMES:
        game = make_game(game_id, players=4)
        places = positions(game, args.positions, args.seed)
        figures = time_moves(game, places, args.seed, args.bot)
        rates[game_id] = figures["iterations_per_s"]
        print(
            f"{game_id:20s} {figures['cpu_ms']:8.0f} ({figures['cpu_max_ms']:5.0f})"
            f"      {figures['wall_ms']:8.0f} ({figures['wall_max_ms']:5.0f})"
            f"   {figures['iterations_per_s']:7.0f}   {figures['steps_per_iteration']:7.1f}"
            f"   {figures['switched']:8.0%}   {figures['searched']:8.0%}"
        )
    print(f"\nwhole games, {args.bot} in seat 0, the default bot elsewhere, {args.games} per game:")
    print(
        "game                  cpu s/game   searched/game   answered/game   cpu ms/searched"
        " (slowest)"
    )
    for game_id in GAMES:
        game = make_game(game_id, players=4)
        whole = time_games(game, args.games, args.seed, args.bot)
        print(
            f"{game_id:20s} {whole['cpu_s']:10.1f}   {whole['searched']:13.0f}"
            f"   {whole['answered']:13.0f}   {whole['ms_per_search']:15.0f}"
            f" ({whole['slowest_ms']:5.0f})"
        )
    peer = openspiel_pig_mcts(DEFAULT_ITERATIONS, args.peer_moves, args.seed)
    if peer is None:
        print("OpenSpiel not installed: no peer figure (pip install -e '.[bench]')")
        return
    print(f"{'openspiel pig, C++ MCTS':40s}   {peer:7.0f}")
    print(
        "toss-up iterations/s relative to OpenSpiel's C++ MCTS on pig: "
        f"{rates['toss-up'] / peer:.2f}x"
    )


def agents_for(game: Any, specs: Sequence[str], match: Match) -> list[Agent]:
    """One agent per seat: ISMCTS seats read the match's state through ``shuffle_hidden``."""
    agents: list[Agent] = []
    for seat, spec in enumerate(specs):
        name, arg = split_spec(spec)
        if name == "ismcts":
            agents.append(build(game, seat, arg or None, state_source=lambda: match.state))
        else:
            agents.append(make_bot(spec, game, seat))
    return agents


def versus(args: argparse.Namespace) -> None:
    """Play the games ``gamenight simulate`` would, and print win rates with 95% intervals."""
    specs = [s.strip() for s in args.bots.split(",")]
    game = make_game(args.game, players=len(specs))
    wins = [Fraction(0)] * len(specs)
    start = time.perf_counter()
    for index in range(args.games):
        match_seed = game_seed(args.seed, index)
        match = Match(game, seed=match_seed)
        outcome = run(match, agents_for(game, specs, match)).outcome()
        for w in outcome.winners:
            wins[w] += Fraction(1, len(outcome.winners))
        if args.progress:
            print(f"game {index + 1}: winners {list(outcome.winners)}", file=sys.stderr)
    elapsed = time.perf_counter() - start
    print(f"{args.game}, {args.games} games, seed {args.seed}, {elapsed:.0f}s")
    for seat, spec in enumerate(specs):
        low, high = wilson_interval(float(wins[seat]), args.games)
        rate = float(wins[seat]) / args.games
        print(f"seat {seat} {spec:22s} win rate {rate:.3f}  95% [{low:.3f}, {high:.3f}]")


def main(argv: list[str] | None = None) -> None:
    """``speed`` (default) or ``versus``."""
    parser = argparse.ArgumentParser(description="ISMCTS speed and matches")
    sub = parser.add_subparsers(dest="command")
    fast = sub.add_parser("speed", help="ms per move at the default level, every game")
    fast.add_argument("--positions", type=int, default=12, help="positions searched per game")
    fast.add_argument("--peer-moves", type=int, default=20, help="OpenSpiel moves timed")
    fast.add_argument("--seed", type=int, default=1)
    fast.add_argument("--bot", default="ismcts", help="the ismcts level to time")
    fast.add_argument("--games", type=int, default=1, help="whole games timed per game")
    vs = sub.add_parser("versus", help="win rates as `gamenight simulate` would play them")
    vs.add_argument("game", choices=GAMES)
    vs.add_argument("--bots", required=True, help="comma list, one per seat")
    vs.add_argument("--games", type=int, default=40)
    vs.add_argument("--seed", type=int, default=1)
    vs.add_argument("--progress", action="store_true", help="print each result on stderr")
    args = parser.parse_args(argv)
    if args.command == "versus":
        versus(args)
    else:
        if args.command is None:
            args = parser.parse_args(["speed", *(argv or [])])
        speed(args)


if __name__ == "__main__":
    main()
