"""Toss Up!'s chance: the exact law of a roll of the dice, and a fast draw from it.

Toss Up! has dice where the card games have a deck; this is the module where every game keeps
its chance outcomes. A roll of ``k`` dice is a multinomial over the face colours: the outcome is
how many dice came up green, yellow and red.
"""

from __future__ import annotations

import random
from bisect import bisect
from math import factorial

from gamenight.games.toss_up.state import Dice

Outcomes = tuple[tuple[Dice, float], ...]


class RollLaw:
    """Every roll of ``0..dice`` dice with its probability, and the cumulative probabilities
    that let :meth:`sample` draw one outcome with a single random number."""

    def __init__(self, dice: int, face_odds: tuple[float, float, float]) -> None:
        self.face_odds = face_odds
        #: Per number of dice: the outcomes with their probabilities, and the cumulative
        #: probabilities for sampling.
        self.tables = tuple(roll_outcomes(k, face_odds) for k in range(dice + 1))

    def outcomes(self, dice: int) -> Outcomes:
        """Every (green, yellow, red) count of a roll of ``dice`` dice, with its probability."""
        return self.tables[dice][0]

    def sample(self, dice: int, rng: random.Random) -> Dice:
        """One draw from :meth:`outcomes`, by inverse CDF (the same law, one random number)."""
        outcomes, cumulative = self.tables[dice]
        return outcomes[bisect(cumulative, rng.random())][0]

    def bust_chance(self, dice: int) -> float:
        """The chance that a roll of ``dice`` dice runs a red light: no green, at least one red.

        >>> round(RollLaw(10, (1 / 2, 1 / 3, 1 / 6)).bust_chance(1), 4)
        0.1667
        """
        g, y, _r = self.face_odds
        return (1 - g) ** dice - y**dice


def roll_outcomes(
    dice: int, face_odds: tuple[float, float, float]
) -> tuple[Outcomes, tuple[float, ...]]:
    """The multinomial outcomes of ``dice`` dice and their cumulative probabilities.

    >>> outcomes, cumulative = roll_outcomes(1, (0.5, 0.5, 0.0))
    >>> [(d.green, d.yellow, d.red, p) for d, p in outcomes], cumulative
    ([(0, 1, 0, 0.5), (1, 0, 0, 0.5)], (0.5, 1.0))
    """
    pg, py, pr = face_odds
    outcomes = []
    for g in range(dice + 1):
        for y in range(dice - g + 1):
            r = dice - g - y
            ways = factorial(dice) // (factorial(g) * factorial(y) * factorial(r))
            prob = ways * pg**g * py**y * pr**r
            if prob > 0:
                outcomes.append((Dice(g, y, r), prob))
    cumulative, total = [], 0.0
    for _, prob in outcomes:
        total += prob
        cumulative.append(total)
    if cumulative:
        cumulative[-1] = 1.0  # rng.random() < 1, so bisect never runs past the last outcome
    return tuple(outcomes), tuple(cumulative)
