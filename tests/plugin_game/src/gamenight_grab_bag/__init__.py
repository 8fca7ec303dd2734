"""Grab Bag, a game plugged into gamenight from its own package."""

from gamenight.engine.plugins import GamePlugin

#: The entry point gamenight reads (group ``gamenight.games``, name ``grab-bag``).
PLUGIN = GamePlugin.in_package(__name__, "GrabBag")
