"""Bot registry: bots register by name, for every game or for one; specs look like ``hold:20``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gamenight.bots.base import Agent
from gamenight.engine.errors import GameError
from gamenight.engine.game import Game

Factory = Callable[[Game[Any, Any], int, str | None], Agent]


class UnknownBot(GameError, ValueError):
    """No bot of that name plays this game, or its argument is malformed."""


@dataclass(frozen=True)
class BotSpec:
    """A registered bot: its name, what it does, which games it plays (None: all)."""

    name: str
    help: str
    factory: Factory
    games: tuple[str, ...] | None = None
    arg: str | None = None  # the argument's name, e.g. "T" for hold:T
    optional_arg: bool = False  # the bot also plays without its argument (e.g. ismcts[:BUDGET])

    def usage(self) -> str:
        """The spec as written on a command line, e.g. ``hold:T`` or ``ismcts[:BUDGET]``."""
        if self.arg and self.optional_arg:
            return f"{self.name}[:{self.arg}]"
        return f"{self.name}:{self.arg}" if self.arg else self.name


_BOTS: dict[str, list[BotSpec]] = {}
_DEFAULTS: dict[str, str] = {}


def register_bot(spec: BotSpec, default_for: tuple[str, ...] = ()) -> BotSpec:
    """Register a bot; ``default_for`` names the games whose ``default`` bot it is."""
    _BOTS.setdefault(spec.name, []).append(spec)
    for game_id in default_for:
        _DEFAULTS[game_id] = spec.name
    return spec


def bots_for(game_id: str) -> list[BotSpec]:
    """Every bot that plays ``game_id``, by name."""
    found = [s for specs in _BOTS.values() for s in specs if s.games is None or game_id in s.games]
    return sorted(found, key=lambda s: s.name)


def default_bot(game_id: str) -> str:
    """The name of the game's default bot (``random`` if it has none)."""
    return _DEFAULTS.get(game_id, "random")


def make_bot(text: str, game: Game[Any, Any], seat: int) -> Agent:
    """Build the bot named by ``text`` (``name`` or ``name:arg``) for ``seat`` of ``game``."""
    name, _, arg = text.strip().partition(":")
    if name == "default":
        name = default_bot(game.id)
    specs = [s for s in _BOTS.get(name, []) if s.games is None or game.id in s.games]
    if not specs:
        allowed = ", ".join(s.usage() for s in bots_for(game.id))
        raise UnknownBot(f"unknown bot {text!r} for {game.id}; bots are: {allowed}, default")
    spec = specs[0]
    if spec.arg and not arg and not spec.optional_arg:
        raise UnknownBot(f"bot {name} needs an argument: {spec.usage()}")
    if not spec.arg and arg:
        raise UnknownBot(f"bot {name} takes no argument (got {arg!r})")
    return spec.factory(game, seat, arg or None)
