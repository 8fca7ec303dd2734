"""The game registry: every installed game, found by its entry point, looked up by id.

The first lookup reads the ``gamenight.games`` entry-point group (see
:mod:`gamenight.engine.plugins`); nothing needs to be imported first for a game to be known.
A game class is imported when it is first asked for, and each of its parts when a framework
first asks for that part. Tests may also :func:`register` a class directly.
"""

from __future__ import annotations

from importlib.metadata import EntryPoint, entry_points
from types import ModuleType
from typing import Any

from gamenight.engine.config import config_from_options
from gamenight.engine.errors import GameError, UnknownGame
from gamenight.engine.game import Game
from gamenight.engine.plugins import ENTRY_POINT_GROUP, GamePlugin

GameClass = type[Game[Any, Any]]


class DuplicateGame(GameError, ValueError):
    """Two games claim the same id."""


class BrokenPlugin(GameError):
    """An installed game package could not be loaded; the message says which and why."""


_POINTS: dict[str, EntryPoint] = {}
_PLUGINS: dict[str, GamePlugin] = {}
_CLASSES: dict[str, GameClass] = {}
_BROKEN: dict[str, str] = {}
_DIRECT: set[str] = set()
_discovered = False


def discover(refresh: bool = False) -> None:
    """Read the entry points once (again with ``refresh``, after installing a game package):
    every installed game package becomes known by id, without importing it yet.

    Two packages claiming one id are noted (see :func:`broken_plugins`), as is a package whose
    entry point fails to load when first used, instead of stopping every other game.
    """
    global _discovered
    if _discovered and not refresh:
        return
    _discovered = True
    for game_id in list(_POINTS):
        if game_id not in _DIRECT:
            _PLUGINS.pop(game_id, None)
            _CLASSES.pop(game_id, None)
    _POINTS.clear()
    _BROKEN.clear()
    for point in entry_points(group=ENTRY_POINT_GROUP):
        known = _POINTS.get(point.name)
        if known is not None and known.value != point.value:
            _BROKEN[point.name] = f"both {known.value} and {point.value} claim this id"
        _POINTS.setdefault(point.name, point)


def _load(game_id: str) -> GamePlugin | None:
    """The plugin behind an entry point, loaded once (``None``, noted as broken, on failure)."""
    point = _POINTS.get(game_id)
    if point is None or game_id in _BROKEN:
        return None
    try:
        loaded = point.load()
    except Exception as exc:  # a third-party package may fail in any way
        _BROKEN[game_id] = f"{point.value} failed to load: {type(exc).__name__}: {exc}"
        return None
    if not isinstance(loaded, GamePlugin):
        _BROKEN[game_id] = f"{point.value} is not a GamePlugin"
        return None
    _PLUGINS[game_id] = loaded
    return loaded


def broken_plugins() -> dict[str, str]:
    """Installed game packages found broken so far: id -> what went wrong."""
    discover()
    return dict(_BROKEN)


def register(cls: GameClass, plugin: GamePlugin | None = None) -> GameClass:
    """Register a game class under its ``id`` (usable as a class decorator), with the plugin
    naming its parts (none by default).

    An id already taken by another class or another installed package raises
    :class:`DuplicateGame`; registering the same class again is harmless.
    """
    discover()
    own = plugin or GamePlugin(f"{cls.__module__}:{cls.__qualname__}")
    known = _CLASSES.get(cls.id)
    if known is not None and known is not cls:
        raise DuplicateGame(f"game id {cls.id!r} is already registered by {known.__qualname__}")
    taken = _PLUGINS.get(cls.id) or (_load(cls.id) if cls.id in _POINTS else None)
    if known is None and taken is not None and taken.game != own.game:
        raise DuplicateGame(f"game id {cls.id!r} is already taken by {taken.game}")
    _CLASSES[cls.id] = cls
    _PLUGINS.setdefault(cls.id, own)
    if taken is None:
        _DIRECT.add(cls.id)
    return cls


def unregister(game_id: str) -> None:
    """Remove a game registered with :func:`register` (tests use this for their own games)."""
    if game_id in _DIRECT:
        _DIRECT.discard(game_id)
        _CLASSES.pop(game_id, None)
        _PLUGINS.pop(game_id, None)


def game_ids() -> list[str]:
    """The ids of every installed or registered game, sorted."""
    discover()
    return sorted(set(_POINTS) | set(_PLUGINS))


def plugin(game_id: str) -> GamePlugin:
    """The plugin of ``game_id``; :class:`UnknownGame` names the known ids."""
    discover()
    found = _PLUGINS.get(game_id) or _load(game_id)
    if found is not None:
        return found
    if game_id in _BROKEN:
        raise BrokenPlugin(f"game {game_id!r} is installed but broken: {_BROKEN[game_id]}")
    raise UnknownGame(f"unknown game {game_id!r}; games are: {', '.join(game_ids()) or 'none'}")


def game_class(game_id: str) -> GameClass:
    """The game class registered as ``game_id`` (imported on first use)."""
    cls = _CLASSES.get(game_id)
    if cls is not None:
        return cls
    found = plugin(game_id)
    try:
        cls = found.load_game()
    except Exception as exc:  # a third-party package may fail in any way
        raise BrokenPlugin(
            f"game {game_id!r}: {found.game} failed to load: {type(exc).__name__}: {exc}"
        ) from exc
    if not (isinstance(cls, type) and issubclass(cls, Game)) or cls.id != game_id:
        raise BrokenPlugin(f"game {game_id!r}: {found.game} is not a Game with id {game_id!r}")
    _CLASSES[game_id] = cls
    return cls


def game_part(game_id: str, role: str) -> ModuleType | None:
    """The module playing ``role`` for ``game_id`` (``None`` if the game has none).

    An :class:`ImportError` from the part itself (say, an optional extra not installed) is left
    to the caller, which knows what that part needs.
    """
    return plugin(game_id).load_part(role)


def make_game(
    game_id: str, options: list[str] | tuple[str, ...] = (), players: int | None = None
) -> Game[Any, Any]:
    """Build a game from its id, ``key=value`` options and a player count."""
    cls = game_class(game_id)
    return cls(config_from_options(cls.config_type, options, players=players))
