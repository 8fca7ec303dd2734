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
from gamenight.engine.registry import game_ids, game_part, plugin

Kernel = Callable[..., Any]


class NoKernel(GameError, ValueError):
    """No fast kernel plays this game with these bots, or numpy is missing."""


def fast_simulate(game: Game[Any, Any], bots: Sequence[str], games: int, seed: int) -> Any:
    """Run the game's kernel (the ``kernel`` part of its plugin); :class:`NoKernel` says what
    is supported."""
    if "kernel" not in plugin(game.id).parts:
        have = [g for g in game_ids() if "kernel" in plugin(g).parts]
        raise NoKernel(f"no fast kernel for {game.id}; kernels exist for: {', '.join(have)}")
    try:
        kernel = game_part(game.id, "kernel")
    except ImportError:
        raise NoKernel("the fast kernels need numpy: pip install 'gamenight[fast]'") from None
    run: Kernel = getattr(kernel, "simulate_fast")  # noqa: B009 (the kernel part's protocol)
    return run(game, list(bots), games, seed)
