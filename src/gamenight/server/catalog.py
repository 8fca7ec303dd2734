"""The games the server offers, found through the engine's registry.

This is the one place the server makes the games register themselves (:func:`discover`); the
server never imports a game package by name, so a game added to the registry is served with no
edit here.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from pydantic import BaseModel, Field

from gamenight.bots import bots_for, default_bot
from gamenight.engine import registry
from gamenight.engine.registry import game_class, game_ids


@cache
def discover() -> list[str]:
    """The ids of every installed game (found by their entry points, as everywhere)."""
    registry.discover()
    return game_ids()


class OptionInfo(BaseModel):
    """One game option: its name, default and what it does."""

    name: str
    default: str
    help: str


class BotInfo(BaseModel):
    """A bot that plays the game: ``name`` (or ``name:arg`` when it takes an argument)."""

    name: str
    arg: str | None = Field(default=None, description="the argument's name, e.g. T in hold:T")
    help: str


class GameInfo(BaseModel):
    """A game as the lobby lists it."""

    id: str
    title: str
    summary: str
    min_players: int
    max_players: int
    hidden_information: bool
    options: list[OptionInfo]
    bots: list[BotInfo]
    default_bot: str
    web: bool = Field(
        default=False, description="whether the game brings a browser table (games/<id>/web/)"
    )


def game_info(game_id: str) -> GameInfo:
    """The listing of one registered game."""
    cls: Any = game_class(game_id)
    config = cls.config_type
    return GameInfo(
        id=game_id,
        title=cls.title,
        summary=cls.summary,
        min_players=config.min_players,
        max_players=config.max_players,
        hidden_information=cls.hidden_information,
        options=[OptionInfo(name=n, default=d, help=h) for n, d, h in config.option_help()],
        bots=[BotInfo(name=b.name, arg=b.arg, help=b.help) for b in bots_for(game_id)],
        default_bot=default_bot(game_id),
        web=_has_table(game_id),
    )


def _has_table(game_id: str) -> bool:
    """Whether the game's folder holds a browser table (a game from another package may not;
    the browser client then leaves it out of its lobby)."""
    from gamenight.server.web import game_web_dir

    folder = game_web_dir(game_id)
    return folder is not None and (folder / "table.js").is_file()


def catalog() -> list[GameInfo]:
    """Every game the server offers."""
    return [game_info(game_id) for game_id in discover()]
