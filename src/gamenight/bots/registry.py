"""Bot registry: generic bots register by name; each game's own bots come from the ``bots`` part
of its plugin (``BOTS`` and ``DEFAULT_BOT``), loaded when first asked for. Specs look like
``hold:20``."""

from __future__ import annotations

import contextvars
import importlib
import inspect
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gamenight.bots.base import Agent
from gamenight.engine.errors import GameError, brief, described
from gamenight.engine.game import Game
from gamenight.engine.registry import game_part

Factory = Callable[[Game[Any, Any], int, str | None], Agent]
#: Whether a bot can sit at a table: raises :class:`UnknownBot` saying why not, builds nothing.
Fits = Callable[[Game[Any, Any]], None]


class UnknownBot(GameError, ValueError):
    """No bot of that name plays this game, or its argument is malformed."""


class OwnBotError(UnknownBot):
    """A bot of one's own (``module:Name``) was found but cannot play: not an ``Agent`` subclass
    or a factory of the right signature, or its module or its building raised."""


@dataclass(frozen=True)
class BotSpec:
    """A bot: its name, what it does, which games it plays (None: every game it is offered for;
    a game's own bots need not name it), and ``fits``, for a bot that plays only some tables of
    its game (some player counts or options): a quick check that raises :class:`UnknownBot`
    where it cannot play, as building it would, but without the cost of building it."""

    name: str
    help: str
    factory: Factory
    games: tuple[str, ...] | None = None
    arg: str | None = None  # the argument's name, e.g. "T" for hold:T
    optional_arg: bool = False  # the bot also plays without its argument (e.g. ismcts[:BUDGET])
    fits: Fits | None = None  # None: it plays every table of the games it plays

    def usage(self) -> str:
        """The spec as written on a command line, e.g. ``hold:T`` or ``ismcts[:BUDGET]``."""
        if self.arg and self.optional_arg:
            return f"{self.name}[:{self.arg}]"
        return f"{self.name}:{self.arg}" if self.arg else self.name


#: How a factory of one's own bots is called (said in every refusal of one).
FACTORY_RULE = (
    "a factory is called as Name(game, seat, arg), arg being the text after a second ':' or "
    "None, and returns an Agent"
)


_BOTS: dict[str, list[BotSpec]] = {}
_DEFAULTS: dict[str, str] = {}
_GAME_BOTS: dict[str, tuple[BotSpec, ...]] = {}
#: Whether a bot of one's own (``module:Name``) may be imported now: cleared while a bot is
#: built with ``own_code=False``, so that a bot naming another (``ismcts/hold:20``) is held
#: to the same rule.
_OWN_CODE: contextvars.ContextVar[bool] = contextvars.ContextVar("own_code", default=True)


def register_bot(spec: BotSpec, default_for: tuple[str, ...] = ()) -> BotSpec:
    """Register a bot for every game (``spec.games`` None) or for the games it names;
    ``default_for`` names the games whose ``default`` bot it is."""
    _BOTS.setdefault(spec.name, []).append(spec)
    for game_id in default_for:
        _DEFAULTS[game_id] = spec.name
    return spec


def _game_bots(game_id: str) -> tuple[BotSpec, ...]:
    """The bots of the game's own ``bots`` part (loaded once)."""
    if game_id not in _GAME_BOTS:
        part = game_part(game_id, "bots")
        specs: tuple[BotSpec, ...] = tuple(getattr(part, "BOTS", ())) if part else ()
        _GAME_BOTS[game_id] = specs
        default = getattr(part, "DEFAULT_BOT", None) if part else None
        if default is not None:
            _DEFAULTS.setdefault(game_id, default)
    return _GAME_BOTS[game_id]


def _specs(game_id: str) -> list[BotSpec]:
    """Every bot that plays ``game_id``: its own first, then the generic ones."""
    own = list(_game_bots(game_id))
    names = {s.name for s in own}
    generic = [
        s
        for specs in _BOTS.values()
        for s in specs
        if (s.games is None or game_id in s.games) and s.name not in names
    ]
    return own + generic


def bots_for(game_id: str) -> list[BotSpec]:
    """Every bot that plays ``game_id``, by name."""
    return sorted(_specs(game_id), key=lambda s: s.name)


def bots_at(game: Game[Any, Any]) -> list[BotSpec]:
    """The bots of ``bots_for(game.id)`` that can sit at this table, the game as configured
    (its player count, its options): those without ``fits``, and those it lets in."""
    seated = []
    for spec in bots_for(game.id):
        try:
            if spec.fits is not None:
                spec.fits(game)
        except UnknownBot:
            continue
        seated.append(spec)
    return seated


def default_bot(game_id: str) -> str:
    """The name of the game's default bot (``random`` if it has none)."""
    _game_bots(game_id)
    return _DEFAULTS.get(game_id, "random")


#: Bot names every game understands: ``default`` is the game's default bot; ``smart`` is the
#: game's own ``smart`` bot, or, in a game without one, its default bot (its strongest everyday
#: heuristic, e.g. ``baker`` in Cover Your Cookies), so one seat list serves every game.
LEVELS = ("default", "smart")


def level_bot(game_id: str, name: str) -> str:
    """The bot ``name`` stands for in ``game_id``: a name of :data:`LEVELS` as that game reads it,
    any other name as it is.

    >>> level_bot("cover-your-cookies", "smart"), level_bot("toss-up", "smart")
    ('baker', 'smart')
    """
    if name == "default" or (name == "smart" and all(s.name != name for s in _specs(game_id))):
        return default_bot(game_id)
    return name


def search_settings(game_id: str) -> Any:
    """The game's own setting of the searching bot's default level: ``SEARCH`` in its ``bots``
    part (a ``gamenight.bots.halving.SearchSettings``), or ``None``."""
    part = game_part(game_id, "bots")
    return getattr(part, "SEARCH", None) if part else None


def split_spec(text: str) -> tuple[str, str]:
    """A bot spec's name and argument: the argument starts after the first ``:``, or at the
    first ``@`` or ``/`` (``ismcts@all/smart`` is ``ismcts`` with ``@all/smart``).

    >>> split_spec("hold:20"), split_spec("ismcts@all/hold:20"), split_spec("random")
    (('hold', '20'), ('ismcts', '@all/hold:20'), ('random', ''))
    """
    text = text.strip()
    cut = min((i for i in (text.find(c) for c in ":@/") if i >= 0), default=len(text))
    name, rest = text[:cut], text[cut:]
    return name, rest[1:] if rest.startswith(":") else rest


def make_bot(text: str, game: Game[Any, Any], seat: int, *, own_code: bool = True) -> Agent:
    """Build the bot named by ``text`` for ``seat`` of ``game``: ``name`` or ``name:arg`` from
    the registry, or a bot of one's own as ``package.module:Name`` (``:arg`` may follow), where
    ``Name`` is an ``Agent`` subclass, built as ``Name(game, seat, text)``, or a factory called as
    ``Name(game, seat, arg)`` that returns an ``Agent`` (:class:`OwnBotError` if it is neither).

    With ``own_code=False`` (the server: the spec comes from someone else) only the game's
    registered bots are built: nothing is imported by name, and the refusal lists only those.
    The rule also holds for bots the built bot names in turn (the rollout bot of ``ismcts``).
    """
    own_code = own_code and _OWN_CODE.get()
    name, arg = split_spec(text)
    name = level_bot(game.id, name)
    specs = [s for s in _specs(game.id) if s.name == name]
    if not specs:
        known = bots_for(game.id)
        levels = [level for level in LEVELS if all(s.name != level for s in known)]
        allowed = ", ".join([*(s.usage() for s in known), *levels])
        unknown = f"unknown bot {text!r} for {game.id}; bots are: {allowed}"
        if ":" not in text or not own_code:
            raise UnknownBot(unknown)
        try:
            return _imported_bot(text.strip(), game, seat)
        except OwnBotError:
            raise
        except UnknownBot as exc:
            if "." in name:
                raise
            raise UnknownBot(f"{unknown} (or module:Name of your own: {exc})") from None
    spec = specs[0]
    if spec.arg and not arg and not spec.optional_arg:
        raise UnknownBot(f"bot {name} needs an argument: {spec.usage()}")
    if not spec.arg and arg:
        raise UnknownBot(f"bot {name} takes no argument (got {arg!r})")
    if own_code:
        return spec.factory(game, seat, arg or None)
    reset = _OWN_CODE.set(False)
    try:
        return spec.factory(game, seat, arg or None)
    finally:
        _OWN_CODE.reset(reset)


def bot_label(text: str, game: Game[Any, Any], seat: int) -> str:
    """How a report names the bot of spec ``text``: a registered bot by the name it gives itself
    (in Toss Up! ``default`` is ``smart``, ``ismcts`` is ``ismcts:100``), a bot of one's own by
    its spec as typed (``mybots:Careful``), as the game lines and the ladder name it."""
    agent = make_bot(text, game, seat)
    name, _ = split_spec(text)
    registered = name in LEVELS or any(s.name == name for s in _specs(game.id))
    return agent.name if registered else text.strip()


def _imported_bot(text: str, game: Game[Any, Any], seat: int) -> Agent:
    """A bot from an importable module, named ``package.module:Name[:arg]``: ``Name`` is an
    ``Agent`` subclass, built as ``Name(game, seat, text)``, or a factory, called as
    ``Name(game, seat, arg)`` (``arg``: the text after a second ``:``, or ``None``). Anything
    wrong with it is an :class:`OwnBotError` naming the spec and what is wrong."""
    module_name, _, rest = text.partition(":")
    attribute, _, arg = rest.partition(":")
    if not attribute:
        raise UnknownBot(f"a bot of your own is written module:Name, got {text!r}")
    if os.getcwd() not in sys.path:
        sys.path.append(os.getcwd())  # as `python -m` does: modules beside you are importable
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and f"{module_name}.".startswith(f"{exc.name}."):  # not there
            raise UnknownBot(f"cannot import {module_name!r} for bot {text!r}: {exc}") from None
        raise OwnBotError(f"importing {module_name!r} for bot {text!r} failed: {exc}") from None
    except Exception as exc:  # a mistake in the module itself: a SyntaxError, a NameError, ...
        raise OwnBotError(
            f"importing {module_name!r} for bot {text!r} failed: {described(exc)}"
        ) from None
    found = getattr(module, attribute, None)
    if found is None:
        raise OwnBotError(f"module {module_name!r} has no {attribute!r} for bot {text!r}")
    if isinstance(found, type):
        return _built_from_class(found, text, arg, game, seat)
    if not callable(found):
        raise OwnBotError(
            f"{text!r} is neither an Agent subclass nor a factory of agents "
            f"({attribute} is {brief(found, 40)})"
        )
    _check_call(found, text, FACTORY_RULE, game, seat, None)
    agent = _building(text, lambda: found(game, seat, arg or None))
    if not isinstance(agent, Agent):
        raise OwnBotError(
            f"bot factory {text!r} returned {brief(agent, 40)}, not an Agent: {FACTORY_RULE}"
        )
    return agent


def _built_from_class(found: type, text: str, arg: str, game: Game[Any, Any], seat: int) -> Agent:
    """A bot of one's own given as a class: an ``Agent`` subclass, built as
    ``Name(game, seat, text)``."""
    name = found.__name__
    if not issubclass(found, Agent):
        raise OwnBotError(
            f"{text!r} is a class but not an Agent subclass: a bot of your own is an Agent "
            f"subclass (class {name}(gamenight.Agent)) or a factory; {FACTORY_RULE}"
        )
    if arg:
        raise OwnBotError(
            f"bot class {name} takes no argument (got {arg!r}); a factory takes one: {FACTORY_RULE}"
        )
    if inspect.isabstract(found):
        missing = ", ".join(sorted(getattr(found, "__abstractmethods__", ())))
        raise OwnBotError(
            f"bot class {text!r} does not define {missing}: an Agent needs "
            "act(self, view, legal, rng)"
        )
    rule = "an Agent subclass is built as Name(game, seat, name), as Agent itself is"
    _check_call(found, text, rule, game, seat, "")
    agent: Agent = _building(text, lambda: found(game, seat, text))
    return agent


def _check_call(found: Callable[..., Any], text: str, rule: str, *arguments: Any) -> None:
    """Refuse a class or factory that cannot be called with ``arguments``, saying ``rule``."""
    try:
        signature = inspect.signature(found)
    except (TypeError, ValueError):  # no signature to read (a builtin): the call will tell
        return
    try:
        signature.bind(*arguments)
    except TypeError:
        raise OwnBotError(f"bot {text!r} takes {signature}, but {rule}") from None


def _building(text: str, build: Callable[[], Any]) -> Any:
    """Call one's own class or factory; an exception it raises names the bot."""
    try:
        return build()
    except Exception as exc:
        raise OwnBotError(f"bot {text!r} could not be built: {described(exc)}") from None
