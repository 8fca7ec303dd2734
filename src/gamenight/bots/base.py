"""What a bot is: an agent bound to one seat that sees only that seat's view.

Bots get ``game.observe(state, seat)`` (never the state), the legal actions, and their own seeded
RNG. For races and reaction windows they also say how long they take to react; off line those
times are drawn from their RNG, so a simulated scramble replays exactly.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any

from gamenight.engine.core import View
from gamenight.engine.game import Game


class Agent(ABC):
    """Base class of every agent (bots, and the terminal's human player)."""

    #: Whether the driver may play a lone legal action without asking (bots: yes).
    auto_single = True
    #: Whether ``act`` reads its view; the driver skips building views for agents that do not
    #: (an empty dict is passed instead), which is most of a random playout's cost.
    reads_view = True

    def __init__(self, game: Game[Any, Any], seat: int, name: str, speed: float = 1.0) -> None:
        self.game = game
        self.seat = seat
        self.name = name
        #: Mean reaction time in seconds, used for races and reaction windows.
        self.speed = speed

    @abstractmethod
    def act(self, view: View, legal: Sequence[Any], rng: random.Random) -> Any:
        """Choose one of ``legal`` from what ``view`` shows."""

    def outpaced(self, action: Any, closed: bool = False) -> None:  # noqa: B027 (optional hook)
        """Told that ``action``, decided in a race or reaction window, was not played: a faster
        move took what it reached for (or changed what this agent sees), or, with ``closed``,
        the window closed or the game ended first. Bots need do nothing."""

    def attach(self, state_source: Callable[[], Any]) -> None:  # noqa: B027 (optional hook)
        """Offered by whoever holds the match (the offline driver, the live runtime): a function
        returning the current state. An agent may use it only through
        ``game.shuffle_hidden(state, seat, rng)``, which re-deals everything its seat cannot
        see, so it learns nothing beyond its view (searching bots draw their worlds this way
        in games without a ``sample_state`` hook). Most agents ignore it."""

    def reaction_time(self, view: View, action: Any, rng: random.Random) -> float:
        """Seconds this agent takes to make ``action`` in a race (uniform 0.5x to 1.5x speed)."""
        return self.speed * (0.5 + rng.random())


class RandomBot(Agent):
    """Chooses uniformly among the legal actions. Works for every game."""

    reads_view = False

    def act(self, view: View, legal: Sequence[Any], rng: random.Random) -> Any:
        """A uniformly random legal action (``choice`` draws exactly as ``randrange(len)`` would,
        without its argument checks)."""
        return rng.choice(legal)
