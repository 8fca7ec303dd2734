"""OpenSpiel's Python MCTS bot plays Toss Up! through the OpenSpiel adapter.

``gamenight.adapters.openspiel.register()`` makes ``gamenight_toss_up`` loadable with
``pyspiel.load_game``; every roll is an explicit chance node, so OpenSpiel's MCTS (random
rollouts to the end of the match, UCT) searches the real game. Toss Up! hides nothing, so the
search sees exactly what a player sees. Its opponent is gamenight's ``hold:20`` bot (or any bot
spec), asked through the engine: the OpenSpiel state carries the gamenight state
(``state.engine_state``), whose view of the bot's seat the bot reads. Seats alternate from match
to match; the script prints the MCTS bot's wins.

Run: ``.venv/bin/python examples/openspiel_mcts.py`` (the ``rl`` extra); ``--games``,
``--simulations`` and ``--target`` set the sizes (the tests run it tiny).
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from gamenight import GameError, make_bot, make_game
from gamenight.adapters.openspiel import register


def play_match(
    game: pyspiel.Game, searcher: mcts.MCTSBot, opponent_spec: str, mcts_seat: int, seed: int
) -> list[float]:
    """One match: MCTS at ``mcts_seat``, the bot elsewhere; chance by its odds. The returns."""
    engine = game.engine
    rng = random.Random(seed)
    bot_rng = random.Random(seed + 1)
    opponent = make_bot(opponent_spec, engine, 1 - mcts_seat)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, odds = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, odds)[0])
        elif state.current_player() == mcts_seat:
            state.apply_action(searcher.step(state))
        else:
            seat = state.current_player()
            legal = engine.legal_actions(state.engine_state, seat)
            choice = opponent.act(engine.observe(state.engine_state, seat), legal, bot_rng)
            state.apply_action(engine.action_id(choice))
    return list(state.returns())


def whole_number(text: str, low: int, high: int | None = None) -> int:
    """``text`` as a whole number from ``low`` (up to ``high``), or argparse's error saying so."""
    allowed = f"from {low} to {high}" if high is not None else f"of at least {low}"
    refusal = argparse.ArgumentTypeError(f"expected a whole number {allowed}, got {text!r}")
    try:
        value = int(text)
    except ValueError:
        raise refusal from None
    if value < low or (high is not None and value > high):
        raise refusal
    return value


def positive_int(text: str) -> int:
    """An argparse type: a count or a target, at least 1."""
    return whole_number(text, 1)


def seed_int(text: str) -> int:
    """An argparse type: a seed numpy's ``RandomState`` takes, 0 to 2**32 - 1."""
    return whole_number(text, 0, 2**32 - 1)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The options, checked before any match: a bad number, a target Toss Up! refuses or an
    unknown bot spec ends the script with argparse's one-line error (status 2)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", type=positive_int, default=20, help="matches to play (at least 1)"
    )
    parser.add_argument(
        "--simulations",
        type=positive_int,
        default=100,
        help="MCTS simulations a move (at least 1)",
    )
    parser.add_argument(
        "--opponent",
        default="hold:20",
        help="the gamenight bot to face, as a bot spec (e.g. hold:20, smart, ismcts:200)",
    )
    parser.add_argument(
        "--target",
        type=positive_int,
        default=100,
        help="Toss Up!'s target (as the game allows: 1 to 1000)",
    )
    parser.add_argument(
        "--seed",
        type=seed_int,
        default=1,
        help="seed of the search's rollouts and of the matches' dice (0 to 2**32 - 1)",
    )
    args = parser.parse_args(argv)
    try:
        engine = make_game("toss-up", [f"target={args.target}"], players=2)
    except GameError as exc:
        parser.error(f"argument --target: {exc}")
    try:
        for seat in range(engine.players):
            make_bot(args.opponent, engine, seat)
    except GameError as exc:
        parser.error(f"argument --opponent: {exc}")
    return args


def main(argv: list[str] | None = None) -> None:
    """MCTS against a bot over a number of matches, seats alternating."""
    args = parse_args(argv)
    register()
    game = pyspiel.load_game(f"gamenight_toss_up(players=2,target={args.target})")
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(args.seed))
    searcher = mcts.MCTSBot(
        game, 2.0, args.simulations, evaluator, random_state=np.random.RandomState(args.seed)
    )
    wins = 0.0
    start = time.perf_counter()
    for match in range(args.games):
        seat = match % 2
        wins += play_match(game, searcher, args.opponent, seat, args.seed * 1000 + match)[seat] > 0
    elapsed = time.perf_counter() - start
    print(
        f"OpenSpiel MCTS ({args.simulations} simulations a move) vs {args.opponent}, "
        f"to {args.target}: "
        f"won {wins:.0f} of {args.games} matches ({wins / args.games:.3f}) in {elapsed:.0f}s"
    )


if __name__ == "__main__":
    main()
