"""Toss Up!: push-your-luck dice for 2 to 6 players."""

from gamenight.engine.plugins import GamePlugin
from gamenight.games.toss_up.config import TossUpConfig
from gamenight.games.toss_up.game import TossUp
from gamenight.games.toss_up.state import TossUpState

#: The entry point of this game (``gamenight.games`` group in pyproject.toml).
PLUGIN = GamePlugin.in_package(
    __name__,
    "TossUp",
    ("bots", "metrics", "terminal", "kernel", "solver", "encode", "coach", "vector"),
)

__all__ = ["PLUGIN", "TossUp", "TossUpConfig", "TossUpState"]
