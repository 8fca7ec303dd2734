"""Fit the Paper Toss! evaluation (``games/paper_toss/evaluate.py``) on ``smart`` self-play.

Plays seeded ``smart`` games at 2 to 6 players (four-player games weighted three times), takes
the state at the start of every turn, and fits the weights of ``evaluate.strength`` (tokens
short of the target, Bullies in hand, waiting Flat Tires, place in the turn order) by maximum
likelihood of who won, the chances being the softmax of the strengths (a conditional logit,
with a small ridge penalty). Prints the mean log-loss on held-out games (odd game numbers) of
the weights fitted on the even ones, of the weights now in ``evaluate.py`` and of chance alone,
then the weights fitted on all games, to paste into ``evaluate.py``.

``--cards`` adds a weight for every other card kind in hand (and a first and second Paper
Toss): their fitted weights are within about 0.05 of zero and change sign from one seed to the
next, so the evaluation leaves them out (a search would otherwise chase their noise).

Run: ``python bench/fit_paper_evaluate.py [--games 200] [--seed 0]`` (numpy and scipy, from
the ``dev`` extra; about a minute of CPU for 200 games per player count).
"""

from __future__ import annotations

import argparse
import math
from typing import Any

import numpy as np
from scipy.optimize import minimize

from gamenight.bots import make_bot
from gamenight.engine import Match
from gamenight.engine.core import TURN_STARTED
from gamenight.engine.registry import make_game
from gamenight.games.paper_toss import evaluate
from gamenight.games.paper_toss.cards import BULLY, PAPER_KINDS, PAPER_TOSS
from gamenight.games.paper_toss.state import PaperTossState
from gamenight.sim.driver import run

SEATS = [(n, k) for n in range(2, 7) for k in range(n)]
SHORT = len(evaluate.SHORT_WEIGHT)
#: The other card kinds, weighed only with ``--cards``.
KINDS = tuple(k for k in PAPER_KINDS if k not in (PAPER_TOSS, BULLY))


def names(cards: bool) -> list[str]:
    """Feature columns: tokens short (one-hot), Bullies in hand, Flat Tires waiting, place in
    the turn order (one-hot per number of players); with ``cards``, a first and second Paper
    Toss and every other kind."""
    extra = ["paper_toss 1", "paper_toss 2", *KINDS] if cards else []
    return (
        [f"short {d}" for d in range(1, SHORT + 1)]
        + ["bully", "skips"]
        + [f"seat {n}p {k}" for n, k in SEATS]
        + extra
    )


def features(state: PaperTossState, target: int, cards: bool) -> Any:
    """One row of features per player."""
    n = len(state.tokens)
    columns = len(names(cards))
    rows = np.zeros((n, columns))
    extra = SHORT + 2 + len(SEATS)
    for p in range(n):
        short = min(max(target - state.tokens[p], 1), SHORT)
        rows[p, short - 1] = 1
        hand = state.hands[p]
        rows[p, SHORT] = hand.count(BULLY)
        rows[p, SHORT + 1] = min(state.skips[p], 2)
        rows[p, SHORT + 2 + SEATS.index((n, (p - state.turn) % n))] = 1
        if cards:
            tosses = hand.count(PAPER_TOSS)
            rows[p, extra] = tosses >= 1
            rows[p, extra + 1] = tosses >= 2
            for i, kind in enumerate(KINDS):
                rows[p, extra + 2 + i] = hand.count(kind)
    return rows


def play(games: int, seed: int, cards: bool) -> dict[int, tuple[Any, Any, Any]]:
    """Turn-start features, winners and game numbers, by number of players."""
    data: dict[int, tuple[list[Any], list[int], list[int]]] = {}
    for n in range(2, 7):
        game = make_game("paper-toss", players=n)
        target = int(game.config.target)
        xs, ys, gs = data.setdefault(n, ([], [], []))
        for index in range(games * (3 if n == 4 else 1)):
            match = Match(game, seed=seed + 10_000 * n + index)
            states: list[PaperTossState] = []

            def seen(
                seat: int, events: Any, match: Match = match, states: list[Any] = states
            ) -> None:
                if any(e.kind == TURN_STARTED for e in events):
                    states.append(match.state)

            run(match, [make_bot("smart", game, p) for p in range(n)], on_events=seen)
            winners = match.state.winners
            if len(winners) != 1:
                continue
            for state in states:
                xs.append(features(state, target, cards))
                ys.append(winners[0])
                gs.append(index)
    return {n: (np.stack(x), np.array(y), np.array(g)) for n, (x, y, g) in data.items()}


def log_loss(theta: Any, data: dict[int, tuple[Any, Any, Any]], ridge: float = 0.0) -> Any:
    """Summed negative log-likelihood of the winners and its gradient."""
    total = 0.0
    grad = np.zeros_like(theta)
    for x, y, _ in data.values():
        u = x @ theta
        u -= u.max(1, keepdims=True)
        logp = u - np.log(np.exp(u).sum(1, keepdims=True))
        rows = np.arange(len(y))
        total -= logp[rows, y].sum()
        won = np.zeros_like(logp)
        won[rows, y] = 1
        grad -= np.einsum("ij,ijf->f", won - np.exp(logp), x)
    return total + ridge * (theta**2).sum(), grad + 2 * ridge * theta


def current(cards: bool) -> Any:
    """The weights in ``evaluate.py`` as one vector in ``names(cards)`` order."""
    seats = [evaluate.SEAT_WEIGHT[n][k] for n, k in SEATS]
    extra = [0.0] * (2 + len(KINDS)) if cards else []
    return np.array(
        [*evaluate.SHORT_WEIGHT, evaluate.BULLY_WEIGHT, evaluate.SKIP_WEIGHT, *seats, *extra]
    )


def main() -> None:
    """Play, fit on the even games, report log-loss on the odd ones, print the weights."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per player count")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--ridge", type=float, default=1e-3)
    parser.add_argument("--cards", action="store_true", help="weigh every card kind in hand")
    args = parser.parse_args()
    columns = names(args.cards)
    data = play(args.games, args.seed, args.cards)
    train = {n: (x[g % 2 == 0], y[g % 2 == 0], g[g % 2 == 0]) for n, (x, y, g) in data.items()}
    test = {n: (x[g % 2 == 1], y[g % 2 == 1], g[g % 2 == 1]) for n, (x, y, g) in data.items()}
    fitted = minimize(
        log_loss, np.zeros(len(columns)), args=(train, args.ridge), jac=True, method="L-BFGS-B"
    ).x
    size = sum(len(y) for _, y, _ in test.values())
    chance = sum(len(y) * math.log(n) for n, (_, y, _) in test.items()) / size
    print(
        f"{size} held-out positions; mean log-loss: fitted {log_loss(fitted, test)[0] / size:.4f}"
        f", evaluate.py {log_loss(current(args.cards), test)[0] / size:.4f}, chance {chance:.4f}"
    )
    full = minimize(log_loss, fitted, args=(data, args.ridge), jac=True, method="L-BFGS-B").x
    for name, value in zip(columns, full, strict=True):
        print(f"{name:16s} {value:+.3f}")


if __name__ == "__main__":
    main()
