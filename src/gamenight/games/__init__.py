"""The games. Each is one package with the same file names; games never import each other.

Importing this package imports every game package in it, and each registers itself by id.
"""

from gamenight.engine.plugins import import_all
from gamenight.engine.registry import game_class, game_ids, make_game

import_all(__name__, __path__)

__all__ = ["game_class", "game_ids", "make_game"]
