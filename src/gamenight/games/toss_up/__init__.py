"""Toss Up!: push-your-luck dice for 2 to 6 players."""

from gamenight.engine.registry import register
from gamenight.games.toss_up.game import TossUp, TossUpConfig, TossUpState

register(TossUp)

__all__ = ["TossUp", "TossUpConfig", "TossUpState"]
