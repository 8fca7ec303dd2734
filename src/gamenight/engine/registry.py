"""The game registry: games register by id; everything else looks them up by id."""

from __future__ import annotations

from typing import Any

from gamenight.engine.config import config_from_options
from gamenight.engine.errors import UnknownGame
from gamenight.engine.game import Game

_GAMES: dict[str, type[Game[Any, Any]]] = {}

GameClass = type[Game[Any, Any]]


def register(cls: GameClass) -> GameClass:
    """Register a game class under its ``id`` (usable as a class decorator)."""
    _GAMES[cls.id] = cls
    return cls


def unregister(game_id: str) -> None:
    """Remove a game from the registry (tests use this for their own games)."""
    _GAMES.pop(game_id, None)


def game_ids() -> list[str]:
    """The ids of every registered game, sorted."""
    return sorted(_GAMES)


def game_class(game_id: str) -> GameClass:
    """The game class registered as ``game_id``; :class:`UnknownGame` names the known ids."""
    try:
        return _GAMES[game_id]
    except KeyError:
        raise UnknownGame(
            f"unknown game {game_id!r}; games are: {', '.join(game_ids()) or 'none'}"
        ) from None


def make_game(
    game_id: str, options: list[str] | tuple[str, ...] = (), players: int | None = None
) -> Game[Any, Any]:
    """Build a game from its id, ``key=value`` options and a player count."""
    cls = game_class(game_id)
    return cls(config_from_options(cls.config_type, options, players=players))
