"""gamenight: four family tabletop games, faithfully on screen.

The public API, for scripts and notebooks (see docs/api.md)::

    >>> import gamenight
    >>> "paper-toss" in gamenight.game_ids()
    True
    >>> game = gamenight.make_game("paper-toss", players=3)
    >>> match = gamenight.Match(game, seed=7)
    >>> bots = [gamenight.make_bot("random", game, seat) for seat in range(game.players)]
    >>> gamenight.play_match(match, bots).finished
    True

Every installed game is found by its entry point (group ``gamenight.games``), the four built-in
ones included; nothing needs importing first. Layers (imports point inward only): ``cli`` >
``terminal`` > ``sim`` > ``bots`` > ``engine``; games plug into those frameworks and never into
each other.
"""

from __future__ import annotations

import importlib

#: ``typing.TYPE_CHECKING`` without importing ``typing`` (type checkers read this name as
#: true): importing this package stays quick.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from gamenight.bots.base import Agent
    from gamenight.bots.registry import BotSpec, bots_for, make_bot
    from gamenight.engine.core import Event, Kind, Outcome, Pending
    from gamenight.engine.errors import GameError
    from gamenight.engine.game import Game
    from gamenight.engine.match import Match, replay
    from gamenight.engine.plugins import GamePlugin
    from gamenight.engine.registry import game_class, game_ids, make_game
    from gamenight.sim.driver import run as play_match

#: Where each public name lives: imported on first use, so that the ``gamenight`` command
#: starts by importing almost nothing (Ctrl-C while it loads ends it quietly; see launch.py).
_PUBLIC = {
    "Agent": ("gamenight.bots.base", "Agent"),
    "BotSpec": ("gamenight.bots.registry", "BotSpec"),
    "bots_for": ("gamenight.bots.registry", "bots_for"),
    "make_bot": ("gamenight.bots.registry", "make_bot"),
    "Event": ("gamenight.engine.core", "Event"),
    "Kind": ("gamenight.engine.core", "Kind"),
    "Outcome": ("gamenight.engine.core", "Outcome"),
    "Pending": ("gamenight.engine.core", "Pending"),
    "GameError": ("gamenight.engine.errors", "GameError"),
    "Game": ("gamenight.engine.game", "Game"),
    "Match": ("gamenight.engine.match", "Match"),
    "replay": ("gamenight.engine.match", "replay"),
    "GamePlugin": ("gamenight.engine.plugins", "GamePlugin"),
    "game_class": ("gamenight.engine.registry", "game_class"),
    "game_ids": ("gamenight.engine.registry", "game_ids"),
    "make_game": ("gamenight.engine.registry", "make_game"),
    "play_match": ("gamenight.sim.driver", "run"),
}


def __getattr__(name: str) -> Any:
    """A public name, imported on first use (and kept); a subpackage by its name."""
    found = _PUBLIC.get(name)
    if found is None:
        if name.startswith("_"):
            raise AttributeError(f"module 'gamenight' has no attribute {name!r}")
        try:
            return importlib.import_module(f"gamenight.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"gamenight.{name}":
                raise
            raise AttributeError(f"module 'gamenight' has no attribute {name!r}") from None
    value = getattr(importlib.import_module(found[0]), found[1])
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_PUBLIC})


__version__ = "0.1.0"

__all__ = [
    "Agent",
    "BotSpec",
    "Event",
    "Game",
    "GameError",
    "GamePlugin",
    "Kind",
    "Match",
    "Outcome",
    "Pending",
    "bots_for",
    "game_class",
    "game_ids",
    "make_bot",
    "make_game",
    "play_match",
    "replay",
]
