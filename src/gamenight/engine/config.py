"""Game configs: frozen dataclasses with defaults, validated when built, parsed from options.

Every game has a config class derived from :class:`Config`; every field has a default, so a game
loads with no arguments. Fields may carry ``metadata={"help": "..."}`` for listings. Options typed
by a person (``target=150``) are converted by field type with :func:`config_from_options`.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from numbers import Integral
from typing import Any, ClassVar, TypeVar, get_args, get_origin, get_type_hints

from gamenight.engine.errors import ConfigError, brief

C = TypeVar("C", bound="Config")

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


@dataclass(frozen=True)
class Config:
    """Base of every game's config. Subclasses set ``min_players`` and ``max_players``."""

    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 1

    players: int = field(default=2, metadata={"help": "number of players"})

    def __post_init__(self) -> None:
        if isinstance(self.players, bool) or not isinstance(self.players, int):
            raise ConfigError(f"players must be a whole number, got {brief(self.players)}")
        if not self.min_players <= self.players <= self.max_players:
            count = f"{brief(self.players)} player{'' if self.players == 1 else 's'}"
            raise ConfigError(
                f"{count} is out of range: this game takes "
                f"{self.min_players} to {self.max_players} players"
            )
        self.validate()

    def validate(self) -> None:
        """Check the game-specific fields; raise :class:`ConfigError` naming what is allowed."""

    def to_json(self) -> dict[str, Any]:
        """The config as JSON data (tuples become lists)."""
        return {f.name: _to_json(getattr(self, f.name)) for f in dataclasses.fields(self)}

    @classmethod
    def option_help(cls) -> list[tuple[str, str, str]]:
        """``(name, default, help)`` for every field but ``players``."""
        rows = []
        for f in dataclasses.fields(cls):
            if f.name == "players":
                continue
            rows.append((f.name, option_text(_default(f)), str(f.metadata.get("help", ""))))
        return rows


def _default(f: dataclasses.Field[Any]) -> Any:
    """A config field's default value."""
    if f.default is not dataclasses.MISSING:
        return f.default
    factory: Any = f.default_factory
    return factory()


def changed_options(config: Config, keep: Iterable[str] = ()) -> dict[str, str]:
    """The options of ``config`` that differ from their defaults, and those named in ``keep``,
    as ``-o NAME=VALUE`` takes them, in the config's order (``players`` is left out: a seat list
    sets it). Given back as ``-o`` options they build the same config again.

    >>> @dataclass(frozen=True)
    ... class Demo(Config):
    ...     max_players = 4
    ...     target: int = 100
    ...     strict: bool = True
    >>> changed_options(Demo(players=3, target=50)), changed_options(Demo(), keep=["strict"])
    ({'target': '50'}, {'strict': 'true'})
    """
    kept = set(keep)
    changed = {}
    for f in dataclasses.fields(config):
        value = getattr(config, f.name)
        if f.name == "players":
            continue
        if f.name in kept or _to_json(value) != _to_json(_default(f)):
            changed[f.name] = option_text(value)
    return changed


def _to_json(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_to_json(v) for v in value]
    return value


def option_text(value: Any) -> str:
    """An option's value as ``-o NAME=VALUE`` takes it (a list's entries joined by commas).

    >>> option_text(True), option_text(("green", "red")), option_text(100)
    ('true', 'green,red', '100')
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple | list):
        return ",".join(option_text(v) for v in value)
    return str(value)


def option_from_text(name: str, text: str, hint: Any) -> Any:
    """The value of option ``name`` written as ``text`` (``-o name=text``), as the field type
    ``hint`` (``ConfigError`` naming what the option takes)."""
    origin = get_origin(hint)
    if origin is tuple:
        (item, *_rest) = get_args(hint)
        if not text.strip():  # nothing at all: an empty list
            return ()
        parts = [p.strip() for p in text.split(",")]
        if not all(parts):
            raise ConfigError(f"option {name} has an empty item in {brief(text)}")
        return tuple(option_from_text(name, p, item) for p in parts)
    if hint is bool:
        low = text.strip().lower()
        if low in _TRUE:
            return True
        if low in _FALSE:
            return False
        raise ConfigError(f"option {name} takes true or false, got {brief(text)}")
    # Numbers in ASCII digits only (int() takes "²" and other scripts' digits), and short:
    # int() of thousands of digits raises ValueError or takes seconds.
    if hint is int:
        if text.isascii() and len(text) <= 100:
            try:
                return int(text)
            except ValueError:
                pass
        raise ConfigError(f"option {name} takes a whole number, got {brief(text)}")
    if hint is float:
        if text.isascii() and len(text) <= 100:
            try:
                return float(text)
            except ValueError:
                pass
        raise ConfigError(f"option {name} takes a number, got {brief(text)}")
    return text


#: What a value of each type is called in messages, as the command line says it.
_KINDS = {bool: "true or false", int: "a whole number", float: "a number", str: "a word"}
_LIST_KINDS = {bool: "trues and falses", int: "whole numbers", float: "numbers", str: "words"}


def _kind(hint: Any) -> str:
    """How a value of type ``hint`` is described: ``a whole number``, ``a list of words``."""
    if get_origin(hint) is tuple:
        (item, *_rest) = get_args(hint)
        return f"a list of {_LIST_KINDS.get(item, 'values')}"
    return _KINDS.get(hint, getattr(hint, "__name__", str(hint)))


def _is(hint: Any, value: Any) -> bool:
    """Whether the JSON value ``value`` is of the plain type ``hint`` (an int is a float too)."""
    return {
        bool: isinstance(value, bool),
        int: isinstance(value, int) and not isinstance(value, bool),
        float: isinstance(value, int | float) and not isinstance(value, bool),
        str: isinstance(value, str),
    }.get(hint, True)


def _shown(value: Any) -> str:
    """A JSON value as a message shows it: ``true``, ``null``, ``'lots'``, ``[1, 2]``."""
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    return brief(value)


def _check_type(name: str, value: Any, hint: Any) -> Any:
    """Check (and normalise lists to tuples) a value from JSON data against ``hint``."""
    if get_origin(hint) is tuple:
        (item, *_rest) = get_args(hint)
        if not isinstance(value, list | tuple) or not all(_is(item, v) for v in value):
            raise ConfigError(f"option {name} takes {_kind(hint)}, got {_shown(value)}")
        return tuple(_check_type(name, v, item) for v in value)
    if not _is(hint, value):
        raise ConfigError(f"option {name} takes {_kind(hint)}, got {_shown(value)}")
    if hint in (int, float) and abs(value) > 2**63:
        raise ConfigError(f"option {name} is out of range: {brief(value)}")
    return value


def _fields(cls: type[Config]) -> dict[str, Any]:
    hints = get_type_hints(cls)
    return {f.name: hints[f.name] for f in dataclasses.fields(cls)}


def config_from_options(cls: type[C], options: Iterable[str] = (), players: int | None = None) -> C:
    """Build a config from ``key=value`` texts (as typed on a command line).

    >>> from gamenight.engine.config import Config
    >>> config_from_options(Config, ["players=1"]).players
    1
    """
    values: dict[str, Any] = {}
    for option in options:
        key, value = parse_option(cls, option)
        values[key] = value
    if players is not None:
        # numpy's integers are whole numbers too (a count read from an array)
        whole = isinstance(players, Integral) and not isinstance(players, bool)
        values["players"] = int(players) if whole else players
    return cls(**values)


def option_name(text: str) -> str:
    """An option's name as typed, as its field is named (``shared-victory`` is
    ``shared_victory``).

    >>> option_name(" shared-victory ")
    'shared_victory'
    """
    return text.strip().replace("-", "_")


def parse_option(cls: type[Config], option: str) -> tuple[str, Any]:
    """One ``key=value`` text (as typed on a command line): the field it sets and its value
    (``ConfigError`` for a malformed text, an unknown option or a value it cannot take)."""
    key, sep, text = option.partition("=")
    key = option_name(key)
    fields = _fields(cls)
    if not sep or not key:
        raise ConfigError(f"option {brief(option)} is not of the form key=value")
    if key not in fields:
        allowed = ", ".join(sorted(n for n in fields if n != "players")) or "none"
        raise ConfigError(f"unknown option {brief(key, 40)}; options are: {allowed}")
    return key, option_from_text(key, text, fields[key])


def config_from_json(cls: type[C], data: Mapping[str, Any]) -> C:
    """Build a config from JSON data (as stored in a match record), checking every type."""
    if not isinstance(data, Mapping):
        raise ConfigError(f"a config must be a JSON object, got {type(data).__name__}")
    fields = _fields(cls)
    unknown = sorted(map(str, set(data) - set(fields)))
    if unknown:
        names = ", ".join(brief(u, 40) for u in unknown[:5]) + (", ..." if len(unknown) > 5 else "")
        raise ConfigError(
            f"unknown option{'s' if len(unknown) > 1 else ''} {names}; "
            f"options are: {', '.join(fields)}"
        )
    return cls(**{k: _check_type(k, v, fields[k]) for k, v in data.items()})


def load_components(package: str, name: str = "components.json") -> dict[str, Any]:
    """Read a game's components data file (JSON) shipped inside its package."""
    text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data
