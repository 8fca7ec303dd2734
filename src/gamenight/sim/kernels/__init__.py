"""Fast paths for bulk simulation: vectorised kernels that play many games at once.

A kernel plays the same rules and the same bot policies as the reference engine and draws the
same distribution of results (a test compares them); it does not replay game by game with the
engine's seeds. Kernels need numpy (the optional ``fast`` extra: ``pip install gamenight[fast]``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from gamenight.engine.errors import GameError
from gamenight.engine.game import Game

Kernel = Callable[..., Any]


class NoKernel(GameError, ValueError):
    """No fast kernel plays this game with these bots, or numpy is missing."""


def fast_simulate(game: Game[Any, Any], bots: Sequence[str], games: int, seed: int) -> Any:
    """Run the game's kernel; :class:`NoKernel` says what is supported."""
    if game.id != "toss-up":
        raise NoKernel(f"no fast kernel for {game.id}; kernels exist for: toss-up")
    try:
        from gamenight.sim.kernels import toss_up
    except ImportError:
        raise NoKernel("the fast kernels need numpy: pip install 'gamenight[fast]'") from None
    return toss_up.simulate_fast(game, list(bots), games, seed)
