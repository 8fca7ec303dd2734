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

from gamenight.bots.base import Agent
from gamenight.bots.registry import BotSpec, bots_for, make_bot
from gamenight.engine.core import Event, Kind, Outcome, Pending
from gamenight.engine.errors import GameError
from gamenight.engine.game import Game
from gamenight.engine.match import Match, replay
from gamenight.engine.plugins import GamePlugin
from gamenight.engine.registry import game_class, game_ids, make_game
from gamenight.sim.driver import run as play_match

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
