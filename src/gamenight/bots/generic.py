"""Bots that play every game."""

from __future__ import annotations

from typing import Any

from gamenight.bots.base import Agent, RandomBot
from gamenight.bots.registry import BotSpec, register_bot
from gamenight.engine.game import Game


def _random(game: Game[Any, Any], seat: int, arg: str | None) -> Agent:
    return RandomBot(game, seat, "random")


register_bot(BotSpec("random", "chooses uniformly among the legal moves", _random))
