"""Agents that see only a player's view: random, heuristics, and per-game strategies.

Importing this package imports every bot module, and each registers its bots by name.
"""

from gamenight.bots.base import Agent, RandomBot
from gamenight.bots.registry import BotSpec, UnknownBot, bots_for, default_bot, make_bot
from gamenight.engine.plugins import import_all

import_all(__name__, __path__)

__all__ = ["Agent", "BotSpec", "RandomBot", "UnknownBot", "bots_for", "default_bot", "make_bot"]
