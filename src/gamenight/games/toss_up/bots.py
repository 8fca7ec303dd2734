"""Toss Up! bots: ``hold:T`` (the classic Pig strategy) and ``smart`` (the default)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache
from math import comb
from typing import Any

from gamenight.bots.base import Agent
from gamenight.bots.registry import BotSpec, UnknownBot
from gamenight.engine.core import View
from gamenight.engine.game import Game
from gamenight.games.toss_up.config import TossUpConfig
from gamenight.games.toss_up.optimal import BOT_SPECS
from gamenight.games.toss_up.state import Bank, Roll

#: The largest hold:T threshold (a turn reaching it is already very rare).
MAX_HOLD = 200
#: Turn points from which the solved policy always banks (a turn reaching it is vanishingly
#: rare); the fast kernel uses the same table.
POLICY_CAP = 400


def _pick(legal: Sequence[Any], kind: type[Roll] | type[Bank]) -> Any:
    """The legal action of class ``kind`` (``Roll`` or ``Bank``)."""
    return next(a for a in legal if isinstance(a, kind))


class HoldBot(Agent):
    """The classic Pig strategy: bank as soon as the turn total is at least ``threshold``.

    It is the plain rule, even in a last turn where banking cannot win: a baseline to measure
    other strategies against.
    """

    def __init__(self, game: Game[Any, Any], seat: int, threshold: int) -> None:
        super().__init__(game, seat, f"hold:{threshold}")
        self.threshold = threshold

    def act(self, view: View, legal: Sequence[Any], rng: random.Random) -> Any:
        """Bank at the threshold, else roll."""
        return _pick(legal, Bank if view["turn_points"] >= self.threshold else Roll)


class SmartBot(Agent):
    """The default bot: plays the roll-or-bank policy that maximises expected banked points.

    The policy is solved exactly by dynamic programming over (turn points, dice to roll), with
    the game's own dice data, counting the refill to every die after an all-green roll. Near the
    end it weighs the race: in its last turn (final round or sudden death) it rolls until it
    leads; when banking would pass the target with a lead, it banks.
    """

    def __init__(self, game: Game[Any, Any], seat: int, name: str) -> None:
        super().__init__(game, seat, name)
        config = game.config
        if not isinstance(config, TossUpConfig):
            raise TypeError(f"the Toss Up! smart bot plays toss-up, not {game.id}")
        self.policy = turn_policy(config.dice, config.face_odds)

    def act(self, view: View, legal: Sequence[Any], rng: random.Random) -> Any:
        """Roll or bank by the solved policy and the state of the race."""
        me = self.seat
        points = view["turn_points"]
        banked = view["scores"][me] + points
        if _last_chance(view, me):
            return _pick(legal, Bank if banked > _best_other(view, me) else Roll)
        target = view["target"]
        over = banked > target if view["strict"] else banked >= target
        if over and banked > _best_other(view, me):
            return _pick(legal, Bank)
        return _pick(legal, Roll if self.policy(points, view["dice_to_roll"]) else Bank)


@cache
def solve_turn_policy(
    dice: int, p_face: tuple[float, float, float], cap: int
) -> tuple[tuple[bool, ...], ...]:
    """``roll[t][k]``: whether rolling ``k`` dice with ``t`` turn points beats banking them.

    Values are expected banked points; from ``cap`` points on, banking is assumed. An all-yellow
    roll (no green, no red) returns to the same state, which is solved in closed form.
    """
    pg, py, _pr = p_face
    value = [[float(t)] * (dice + 1) for t in range(cap + dice + 1)]
    roll = [[False] * (dice + 1) for _ in range(cap + dice + 1)]
    for t in range(cap - 1, -1, -1):
        for k in range(1, dice + 1):
            stay = py**k  # all yellow: nothing changes
            gain = 0.0
            for g in range(1, k + 1):
                ways = comb(k, g)
                p_g = ways * pg**g * (1 - pg) ** (k - g)
                left = k - g if g < k else dice
                gain += p_g * value[t + g][left]
            roll_value = gain / (1 - stay)  # bust (no green, some red) scores 0
            if roll_value > t:
                value[t][k] = roll_value
                roll[t][k] = True
    return tuple(tuple(row) for row in roll)


def turn_policy(
    dice: int, p_face: tuple[float, float, float], cap: int = POLICY_CAP
) -> Callable[[int, int], bool]:
    """The points-maximising policy for one turn: ``policy(turn_points, dice_to_roll)``."""
    table = solve_turn_policy(dice, p_face, cap)

    def policy(points: int, to_roll: int) -> bool:
        return points < cap and table[points][to_roll]

    return policy


def _last_chance(view: View, seat: int) -> bool:
    """Whether this is the seat's last turn: final round or sudden death."""
    return (bool(view["final_round"]) and seat != view["trigger"]) or bool(view["sudden_death"])


def _best_other(view: View, seat: int) -> int:
    scores: list[int] = view["scores"]
    return max(s for i, s in enumerate(scores) if i != seat)


def _hold(game: Game[Any, Any], seat: int, arg: str | None) -> Agent:
    try:
        threshold = int(arg or "")
    except ValueError:
        raise UnknownBot(f"hold:T needs a whole number T, got {arg!r}") from None
    if not 1 <= threshold <= MAX_HOLD:
        raise UnknownBot(f"hold:T needs T from 1 to {MAX_HOLD}, got {threshold}")
    return HoldBot(game, seat, threshold)


def _smart(game: Game[Any, Any], seat: int, arg: str | None) -> Agent:
    return SmartBot(game, seat, "smart")


#: The bots of this game (the ``bots`` part of its plugin), and the one ``default`` means.
BOTS = (
    BotSpec("hold", "banks once the turn total reaches T (Pig's hold-at-T)", _hold, arg="T"),
    BotSpec("smart", "plays the solved points-maximising policy, racing at the end", _smart),
    *BOT_SPECS,
)
DEFAULT_BOT = "smart"
