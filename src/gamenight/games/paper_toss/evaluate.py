"""Paper Toss! positions judged without playing them out: each player's chance to win.

The searching bot's playouts stop as a turn begins and are scored here. Each player gets a
strength: a weight for how many tokens they are short of the target, plus weights for the
Bullies in their hand and their waiting Flat Tires, plus one for their place in the turn order
from the player about to play; the chances to win are the softmax of the strengths (a
conditional logit). The weights were fitted by maximum likelihood on positions at the start of
every turn of ``smart`` self-play games at 2 to 6 players (``bench/fit_paper_evaluate.py``), so
a position is worth what it is worth when everyone plays ``smart``. Other cards in hand are left
out: fitted, their weights were within about 0.05 of zero and changed sign from one sample of
games to the next, and a search would chase that noise.

A state judged here is one the bot drew from its seat's view (every card it cannot see dealt at
random), so the other hands it reads are guesses, never the true ones.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from gamenight.games.paper_toss.cards import BULLY
from gamenight.games.paper_toss.state import PaperTossState

#: Weight of being 1, 2, ... 10 (or more) tokens short of the target.
SHORT_WEIGHT: tuple[float, ...] = (
    1.371, 0.806, 0.316, 0.043, -0.249, -0.347, -0.422, -0.469, -0.496, -0.552,
)  # fmt: skip
#: Weight of each Bully held.
BULLY_WEIGHT = 0.197
#: Weight of each Flat Tire waiting on a player (at most two counted).
SKIP_WEIGHT = -0.334
#: Weight of a place in the turn order (0: the player about to play), by number of players.
SEAT_WEIGHT: dict[int, tuple[float, ...]] = {
    2: (0.054, -0.054),
    3: (0.056, 0.0, -0.056),
    4: (0.070, 0.024, -0.025, -0.069),
    5: (0.073, 0.036, 0.0, -0.028, -0.081),
    6: (0.069, 0.046, 0.017, -0.013, -0.044, -0.075),
}


def strength(state: PaperTossState, player: int, target: int) -> float:
    """``player``'s strength in ``state`` (higher: likelier to win)."""
    short = min(max(target - state.tokens[player], 1), len(SHORT_WEIGHT))
    value = SHORT_WEIGHT[short - 1]
    hand = state.hands[player]
    if BULLY in hand:
        value += BULLY_WEIGHT * hand.count(BULLY)
    value += SKIP_WEIGHT * min(state.skips[player], 2)
    n = len(state.tokens)
    seats = SEAT_WEIGHT.get(n)
    if seats is not None:
        value += seats[(player - state.turn) % n]
    return value


def win_chances(state: PaperTossState, target: int) -> list[float]:
    """Every player's chance to win from ``state`` (they add up to one); a finished game gives
    its winners their shares."""
    if state.winners:
        share = 1.0 / len(state.winners)
        return [share if p in state.winners else 0.0 for p in range(len(state.tokens))]
    values = [strength(state, p, target) for p in range(len(state.tokens))]
    top = max(values)
    weights = [math.exp(v - top) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


def evaluator(game: Any) -> Callable[[Any], Sequence[float]]:
    """The evaluation for ``game``'s playouts (its target read from its config)."""
    target = int(game.config.target)

    def evaluate(state: Any) -> Sequence[float]:
        return win_chances(state, target)

    return evaluate
