"""Agents that see only a player's view: the agent protocol, the bot registry, generic bots.

Importing this package imports every generic bot module here, and each registers its bots by
name; a game's own bots live in its folder (its ``bots`` part) and are found by the registry.
"""

from gamenight.bots.base import Agent, RandomBot
from gamenight.bots.registry import BotSpec, UnknownBot, bots_for, default_bot, make_bot
from gamenight.engine.plugins import import_all

import_all(__name__, __path__)

__all__ = ["Agent", "BotSpec", "RandomBot", "UnknownBot", "bots_for", "default_bot", "make_bot"]
