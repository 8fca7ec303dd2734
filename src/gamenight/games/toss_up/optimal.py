"""The ``optimal`` Toss Up! bot and the coach, both reading the solved game from a player's view.

The bot plays the policy of :mod:`gamenight.games.toss_up.solver` (two players only). The coach
gives the player about to decide their chance of winning if they roll and if they bank, both
with optimal play from then on by everyone. numpy is imported only when a solution is needed,
so listing the bots works without it.
"""

from __future__ import annotations

import importlib.util
import random
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gamenight.bots.base import Agent
from gamenight.bots.registry import BotSpec, UnknownBot
from gamenight.engine.core import View
from gamenight.engine.errors import ConfigError
from gamenight.engine.game import Game
from gamenight.games.toss_up.game import BANK, ROLL, TossUpConfig

if TYPE_CHECKING:
    from gamenight.games.toss_up.solver import Solution


@dataclass(frozen=True)
class Chances:
    """The chance of winning for the player to decide, if they roll and if they bank."""

    roll: float
    bank: float

    @property
    def best(self) -> str:
        """``roll`` or ``bank``: the better choice (banking when they are equal)."""
        return "roll" if self.roll > self.bank else "bank"


class Solutions:
    """The solved games in memory: at most ``keep`` of them, the least recently used dropped
    first (a big one is a hundred megabytes). A config not in memory is read from the cache
    folder, or solved now and written there unless ``save`` is off.

    Calling it raises :class:`ConfigError` when the solver cannot take the config, and
    ``ImportError`` when numpy is missing.
    """

    def __init__(self, keep: int = 4, save: bool = True) -> None:
        self.keep = keep
        self.save = save
        self._held: OrderedDict[TossUpConfig, Solution] = OrderedDict()

    def __call__(self, config: TossUpConfig) -> Solution:
        """The solved game for ``config``."""
        found = self._held.pop(config, None)
        if found is None:
            from gamenight.games.toss_up.solver import solve_config

            found = solve_config(config, write=self.save)
        self._held[config] = found
        while len(self._held) > self.keep:
            self._held.popitem(last=False)
        return found

    def held(self) -> list[TossUpConfig]:
        """The configs whose solutions are in memory, least recently used first."""
        return list(self._held)


#: The solved games of this process (the bot's and the coach's).
solution_for = Solutions()


def coach(view: View, solution: Solution) -> Chances:
    """The chances of the player whose turn the view shows, after a roll that did not bust.

    >>> from gamenight.games.toss_up.solver import compute, solver_config
    >>> from gamenight.games.toss_up.game import TossUp, TossUpState
    >>> config = solver_config(target=4, dice=2)
    >>> game, solved = TossUp(config), compute(config)
    >>> state = TossUpState(
    ...     scores=(0, 6), player=0, turn_points=6, dice_left=2, rolled=True, trigger=1, final=(0,)
    ... )
    >>> view = game.observe(state, 0)
    >>> chances = coach(view, solved)  # level with the opponent's 6 in the final round
    >>> chances.roll == (3 / 4) / (8 / 9)  # any green wins; all yellow rolls again
    True
    >>> chances.best
    'roll'
    """
    config = solution.config
    shown = (view.get("players"), view.get("target"), view.get("strict"))
    if shown != (2, config.target, config.strict):
        raise ConfigError(
            f"this solution is for 2 players, target {config.target}, strict {config.strict}; "
            f"the view shows {shown[0]} players, target {shown[1]}, strict {shown[2]}"
        )
    me = int(view["turn"])
    scores = [int(s) for s in view["scores"]]
    mine, theirs = scores[me], scores[1 - me]
    points, dice = int(view["turn_points"]), int(view["dice_to_roll"])
    if points < 0 or dice != solution.law.dice_left(points):
        raise ConfigError(
            f"no such decision: {points} turn points with {dice} dice to roll (the greens set "
            f"aside fix the dice left: {solution.law.dice_left(max(points, 0))})"
        )
    if view["sudden_death"]:
        if len(view["to_play"]) == 2:
            return _opening_sudden_death(solution, points)
        return _last_turn(solution, theirs - mine, points, dice, second=True)
    if view["final_round"]:
        return _last_turn(solution, theirs - mine, points, dice, second=False)
    return _before_the_end(solution, mine, theirs, points)


def _last_turn(solution: Solution, short: int, points: int, dice: int, second: bool) -> Chances:
    """A last turn ``short`` points behind: beat the total to win; level ties."""
    law = solution.law
    sudden = solution.sudden
    if second and sudden is not None:
        table, tie = sudden.second, 1 - sudden.first_wins
    else:
        table, tie = solution.last, solution.tie
    left = short - points
    bank = 1.0 if left < 0 else tie if left == 0 else 0.0
    rows = law.dice + max(left, 0) - law.greens[law.rows == dice - 1]
    nxt = law.next_index[law.rows == dice - 1]
    ahead = [float(table[r, n]) if r < len(table) else 0.0 for r, n in zip(rows, nxt, strict=True)]
    weights = law.weights[dice - 1, law.rows == dice - 1]
    bust = tie if short == 0 else 0.0  # level before the turn: a bust keeps it level
    roll = float(weights @ ahead) + float(law.bust_weight[dice - 1]) * bust
    return Chances(roll, bank)


def _roll(solution: Solution, points: int, value: Callable[[int], float], bust: float) -> float:
    """The chance on rolling with ``points`` turn points, from ``value`` by turn points after
    the roll and the chance ``bust`` after a red light (an all-yellow roll rolls again)."""
    law = solution.law
    k = law.dice_left(points) - 1
    ahead = [value(points + g) for g in range(1, law.dice + 1)]
    return float(law.by_greens[k] @ ahead) + float(law.bust_weight[k]) * bust


def _opening_sudden_death(solution: Solution, points: int) -> Chances:
    """The first turn of a sudden-death round: the other player then has to beat it."""
    sudden = solution.sudden
    if sudden is None:  # pragma: no cover - views show sudden death only without shared wins
        raise ConfigError("this solution has no sudden death (ties are shared)")
    values, size = sudden.values, len(sudden.values)

    def bank(row: int) -> float:
        if row == 0:
            return 1 - sudden.level
        cell = solution.law.dice + row
        return 1 - float(sudden.second[cell, -1]) if cell < len(sudden.second) else 1.0

    def value(row: int) -> float:  # past the table, banking is proven best
        return float(values[row]) if row < size else bank(row)

    return Chances(_roll(solution, points, value, 1 - sudden.level), bank(points))


def _before_the_end(solution: Solution, mine: int, theirs: int, points: int) -> Chances:
    """A turn before anyone has passed the target: the solver's turn, for this one position."""
    import numpy as np

    from gamenight.games.toss_up.solver import bank_table, turn_values

    law = solution.law
    if not (0 <= mine <= solution.top and 0 <= theirs <= solution.top):
        raise ConfigError(f"scores {mine} and {theirs} are past the target without a final round")
    a, b = np.array([mine]), np.array([theirs])
    bust = 1 - solution.win[b, a]
    total = mine + points
    behind = solution.last[law.dice :, law.dice - 1]
    _reach, bank = bank_table(law, solution.win, behind, a, b, bust, least=total)
    _opening, values = turn_values(law, bank, a, bust, total + 1)
    roll = _roll(solution, points, lambda row: float(values[mine + row, 0]), float(bust[0]))
    return Chances(roll, float(bank[total, 0]))


class OptimalBot(Agent):
    """Plays the solved policy: the most likely to win against any opponent, 2 players only."""

    def __init__(self, game: Game[Any, Any], seat: int, name: str = "optimal") -> None:
        super().__init__(game, seat, name)
        fits(game)
        config = getattr(game, "config", None)
        assert isinstance(config, TossUpConfig)  # fits says so
        try:
            self.solution = solution_for(config)
        except ImportError:
            raise UnknownBot(
                "the optimal bot needs numpy: pip install 'gamenight[study]'"
            ) from None
        except ConfigError as exc:
            raise UnknownBot(f"optimal cannot play this game: {exc}") from None

    def act(self, view: View, legal: Sequence[Any], rng: random.Random) -> Any:
        """Roll or bank as the solved policy says."""
        return ROLL if self.rolls(view) else BANK

    def rolls(self, view: View) -> bool:
        """Whether the policy rolls here (table look-ups before the end, arithmetic after)."""
        solution = self.solution
        me = self.seat
        scores = view["scores"]
        points = int(view["turn_points"])
        if view["sudden_death"] and len(view["to_play"]) == 2:
            sudden = solution.sudden
            if sudden is None:  # solved under the shared-victory ruling: no sudden death
                raise ConfigError("this solution has no sudden death; solve with sudden death")
            return points < len(sudden.rolls) and bool(sudden.rolls[points])
        if view["final_round"] or view["sudden_death"]:
            return coach(view, solution).best == "roll"
        return solution.rolls(scores[me], scores[1 - me], points)


def fits(game: Game[Any, Any]) -> None:
    """Raise :class:`UnknownBot` unless ``optimal`` can play ``game``: 2-player Toss Up! with
    options the solver takes, numpy installed. Nothing is solved: a lobby asks this of every
    table it shows."""
    config = getattr(game, "config", None)
    if game.id != "toss-up" or not isinstance(config, TossUpConfig):
        raise UnknownBot(f"optimal plays Toss Up! only, not {game.id}")
    if config.players != 2:
        raise UnknownBot(
            f"optimal plays 2-player Toss Up! only (the solved game); this game has "
            f"{config.players} players"
        )
    if importlib.util.find_spec("numpy") is None:
        raise UnknownBot("the optimal bot needs numpy: pip install 'gamenight[study]'")
    from gamenight.games.toss_up.solver import checked

    try:
        checked(config)
    except ConfigError as exc:
        raise UnknownBot(f"optimal cannot play this game: {exc}") from None


def _optimal(game: Game[Any, Any], seat: int, arg: str | None) -> Agent:
    return OptimalBot(game, seat)


#: The bots of this module, for ``register_bot``.
BOT_SPECS = [
    BotSpec(
        "optimal",
        "plays the solved policy with the best chance of winning (2 players; needs numpy)",
        _optimal,
        fits=fits,
    )
]
