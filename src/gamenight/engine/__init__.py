"""The game-agnostic core: configs, states, pending decisions, events, matches, the registry.

Standard library only: no I/O, no clock, no asyncio, no numpy.
"""

from gamenight.engine.config import Config, config_from_json, config_from_options, load_components
from gamenight.engine.core import (
    CHANCE,
    CHANCE_PENDING,
    GAME_OVER,
    TERMINAL_PENDING,
    TURN_STARTED,
    Event,
    Kind,
    Outcome,
    Pending,
    View,
    game_over,
    turn_started,
)
from gamenight.engine.errors import (
    ConfigError,
    GameError,
    GameOver,
    IllegalAction,
    ImpossibleView,
    MalformedAction,
    NotYourDecision,
    RecordMismatch,
    StaleVersion,
    UnknownGame,
    UnknownSeat,
)
from gamenight.engine.game import Game
from gamenight.engine.match import Match, Step, replay
from gamenight.engine.registry import game_class, game_ids, make_game, register, unregister

__all__ = [
    "CHANCE",
    "CHANCE_PENDING",
    "GAME_OVER",
    "TERMINAL_PENDING",
    "TURN_STARTED",
    "Config",
    "ConfigError",
    "Event",
    "Game",
    "GameError",
    "GameOver",
    "IllegalAction",
    "ImpossibleView",
    "Kind",
    "MalformedAction",
    "Match",
    "NotYourDecision",
    "Outcome",
    "Pending",
    "RecordMismatch",
    "StaleVersion",
    "Step",
    "UnknownGame",
    "UnknownSeat",
    "View",
    "config_from_json",
    "config_from_options",
    "game_class",
    "game_ids",
    "game_over",
    "load_components",
    "make_game",
    "register",
    "replay",
    "turn_started",
    "unregister",
]
