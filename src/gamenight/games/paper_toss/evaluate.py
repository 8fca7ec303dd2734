"""Paper Toss! positions judged without playing them out: each player's chance to win.

The searching bot's playouts stop as a turn begins and are scored here. Each player gets a
strength: a weight for how many tokens they are short of the target, plus weights for the cards
in their hand and their waiting Flat Tires, plus one for their place in the turn order from the
player about to play; the chances to win are the softmax of the strengths (a conditional logit).
The weights were fitted by maximum likelihood on positions at the start of every turn of
``smart`` self-play games at 2 to 6 players (``bench/fit_paper_evaluate.py``), so a position is
worth what it is worth when everyone plays ``smart``.

A state judged here is one the bot drew from its seat's view (every card it cannot see dealt at
random), so the other hands it reads are guesses, never the true ones.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from gamenight.games.paper_toss.cards import PAPER_TOSS
from gamenight.games.paper_toss.state import PaperTossState

#: Weight of being 1, 2, ... 10 (or more) tokens short of the target.
SHORT_WEIGHT: tuple[float, ...] = (
    1.360, 0.836, 0.332, 0.078, -0.150, -0.322, -0.424, -0.524, -0.552, -0.632,
)  # fmt: skip
#: Weight of each card held (a Paper Toss: the first and the second one held).
CARD_WEIGHT: dict[str, float] = {
    "dog": 0.005,
    "kid": -0.028,
    "obstacle": -0.014,
    "food": -0.047,
    "trick": -0.043,
    "remedy": -0.076,
    "shortcut": 0.051,
    "energy_drink": 0.045,
    "bully": 0.304,
    "flat_tire": -0.036,
}
PAPER_TOSS_WEIGHT: tuple[float, float] = (0.004, -0.008)
#: Weight of each Flat Tire waiting on a player (at most two counted).
SKIP_WEIGHT = -0.336
#: Weight of a place in the turn order (0: the player about to play), by number of players.
SEAT_WEIGHT: dict[int, tuple[float, ...]] = {
    2: (0.064, -0.064),
    3: (0.056, -0.001, -0.055),
    4: (0.070, 0.021, -0.020, -0.071),
    5: (0.071, 0.036, 0.003, -0.043, -0.066),
    6: (0.074, 0.026, 0.019, -0.016, -0.037, -0.065),
}


def strength(state: PaperTossState, player: int, target: int) -> float:
    """``player``'s strength in ``state`` (higher: likelier to win)."""
    short = min(max(target - state.tokens[player], 1), len(SHORT_WEIGHT))
    value = SHORT_WEIGHT[short - 1]
    hand = state.hands[player]
    tosses = 0
    for card in hand:
        if card == PAPER_TOSS:
            tosses += 1
        else:
            value += CARD_WEIGHT.get(card, 0.0)
    if tosses:
        value += PAPER_TOSS_WEIGHT[0] + (PAPER_TOSS_WEIGHT[1] if tosses > 1 else 0.0)
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
