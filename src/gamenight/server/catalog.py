"""The games the server offers, found through the engine's registry.

This is the one place the server makes the games register themselves (:func:`discover`); the
server never imports a game package by name, so a game added to the registry is served with no
edit here.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Iterable, Mapping
from functools import cache, lru_cache
from typing import Any, Literal, get_args, get_origin, get_type_hints

from pydantic import BaseModel, Field

from gamenight.bots import bots_for, default_bot
from gamenight.bots.registry import bots_at
from gamenight.engine import registry
from gamenight.engine.config import Config, config_from_json, option_from_text
from gamenight.engine.errors import ConfigError, GameError, UnknownGame, brief
from gamenight.engine.registry import game_class, game_ids
from gamenight.server.errors import InvalidOption


@cache
def discover() -> list[str]:
    """The ids of every installed game (found by their entry points, as everywhere)."""
    registry.discover()
    return game_ids()


class OptionInfo(BaseModel):
    """One game option: its name, default and what it does. A room's ``options`` take either
    form of a value: ``default_value`` (JSON: a number, true/false, a list) or ``default`` (the
    text the command line takes and ``gamenight list`` shows)."""

    name: str
    default: str = Field(description="the default as the command line writes it", examples=["100"])
    default_value: Any = Field(description="the default as JSON", examples=[100])
    choices: list[str] | None = Field(
        default=None, description="the only values the option takes, when there are a few"
    )
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
    decisions: list[str] = Field(
        default_factory=list,
        description="the kinds of decision the game asks for (single, simultaneous, race, "
        "reaction): the time limits that apply to it",
    )
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
    defaults = default_values(config)
    choices = option_choices(config)
    return GameInfo(
        id=game_id,
        title=cls.title,
        summary=cls.summary,
        min_players=config.min_players,
        max_players=config.max_players,
        hidden_information=cls.hidden_information,
        decisions=sorted(kind.value for kind in cls.decisions),
        options=[
            OptionInfo(name=n, default=d, default_value=defaults[n], choices=choices.get(n), help=h)
            for n, d, h in config.option_help()
        ],
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


def option_choices(config_type: type[Config]) -> dict[str, list[str]]:
    """The options that take one of a few words (a ``Literal`` field), with those words."""
    hints = get_type_hints(config_type)
    return {
        f.name: [str(v) for v in get_args(hints[f.name])]
        for f in dataclasses.fields(config_type)
        if get_origin(hints[f.name]) is Literal
    }


def default_values(config_type: type[Config]) -> dict[str, Any]:
    """Every option's default as JSON (lists for tuples), ``players`` left out."""
    data = config_type(players=config_type.min_players).to_json()
    return {k: v for k, v in data.items() if k != "players"}


def room_config(game_id: str, seats: int, options: Mapping[str, Any]) -> Config:
    """The config of a new room of ``game_id`` with ``seats`` players: each option given as
    JSON (``{"target": 100}``) or as the command line writes it (``{"target": "100"}``).
    :class:`ConfigError` names what was wrong and which options there are;
    :class:`InvalidOption` (a refusal of the server's) when one option's value was refused, as
    the client is told which."""
    config_type = game_class(game_id).config_type
    hints = get_type_hints(config_type)
    names = [f.name for f in dataclasses.fields(config_type) if f.name != "players"]
    if "players" in options:
        raise ConfigError("the number of players is set by seats, not by the players option")
    unknown = sorted(set(options) - set(names))
    if unknown:
        shown = ", ".join(brief(name, 40) for name in unknown[:5])
        raise ConfigError(
            f"unknown option{'s' if len(unknown) > 1 else ''} {shown} for {game_id}; "
            f"options are: {', '.join(names) or 'none'}"
        )
    try:
        values = {
            name: option_from_text(name, value, hints[name])
            if isinstance(value, str) and hints[name] is not str
            else value
            for name, value in options.items()
        }
        return config_from_json(config_type, {**values, "players": seats})
    except ConfigError as exc:
        option = option_named(str(exc), names)
        if option is None:
            raise
        raise InvalidOption(str(exc), option) from None


def option_named(message: str, names: Iterable[str]) -> str | None:
    """The option a config's refusal is about: its messages name it first (``target must be
    from 1 to 1000``, ``option target takes a whole number``); ``None`` when the first word
    is no option of ``names`` (``players ...``, ``unknown option ...``).

    >>> option_named("option target takes a whole number, got 'x'", ["target"])
    'target'
    >>> option_named("faces need at least one green", ["faces", "target"])
    'faces'
    >>> option_named("unknown option speed", ["target"]) is None
    True
    """
    found = re.match(r"(?:option )?(\w+)", message)
    return found[1] if found and found[1] in names else None


def table_bots(game_id: str, config: Mapping[str, Any]) -> list[str]:
    """The names of the bots that can sit at a table of ``game_id`` set up as ``config`` (its
    JSON, players included): the levels a room's host is offered. None for a game that is not
    installed; every bot of the game for a config that does not build (seating one then says
    why)."""
    return list(_table_bots(game_id, json.dumps(config, sort_keys=True)))


@lru_cache(maxsize=256)
def _table_bots(game_id: str, config: str) -> tuple[str, ...]:
    """:func:`table_bots`, once per game and config (a room's info is sent at every change)."""
    try:
        cls: Any = game_class(game_id)
    except UnknownGame:
        return ()
    try:
        game = cls(config_from_json(cls.config_type, json.loads(config)))
    except (GameError, ValueError, TypeError):
        return tuple(b.name for b in bots_for(game_id))
    return tuple(b.name for b in bots_at(game))
