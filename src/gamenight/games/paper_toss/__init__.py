"""Paper Toss!: toss paper, throw hazards, counter them, first to ten Paper Tokens wins."""

from gamenight.engine.plugins import GamePlugin
from gamenight.games.paper_toss.config import PaperTossConfig
from gamenight.games.paper_toss.game import PaperToss
from gamenight.games.paper_toss.state import PaperTossState

#: The entry point of this game (``gamenight.games`` group in pyproject.toml).
PLUGIN = GamePlugin.in_package(__name__, "PaperToss", ("bots", "metrics", "terminal", "encode"))

__all__ = ["PLUGIN", "PaperToss", "PaperTossConfig", "PaperTossState"]
