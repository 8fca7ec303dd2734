"""Paper Toss!: toss paper, throw hazards, counter them, first to ten Paper Tokens wins."""

from gamenight.engine.registry import register
from gamenight.games.paper_toss.game import PaperToss
from gamenight.games.paper_toss.state import PaperTossConfig, PaperTossState

register(PaperToss)

__all__ = ["PaperToss", "PaperTossConfig", "PaperTossState"]
