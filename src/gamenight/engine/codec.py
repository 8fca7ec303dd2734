"""Action codecs for actions that are frozen dataclasses: JSON (wire) and text (terminal).

An action's JSON form is ``{"type": <tag>, <field>: <value>, ...}`` where the tag is the class name
in snake case (``PassCards`` -> ``pass_cards``). Its default text form is the tag followed by the
field values in order, tuples written as comma lists: ``pass_cards 1,4``. Games may override the
text form with friendlier words; the JSON form is the same for every game.
"""

from __future__ import annotations

import dataclasses
import re
import struct
from collections.abc import Callable, Iterable, Mapping, Sequence
from types import UnionType
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

from gamenight.engine.errors import MalformedAction, brief


def action_tag(cls: type[Any]) -> str:
    """The wire tag of an action class: its name in snake case."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()


_HINTS: dict[type[Any], tuple[tuple[str, Any], ...]] = {}


def _field_hints(cls: type[Any]) -> tuple[tuple[str, Any], ...]:
    """``(name, type)`` of each field of an action class, cached."""
    hints = _HINTS.get(cls)
    if hints is None:
        types = get_type_hints(cls)
        hints = _HINTS[cls] = tuple((f.name, types[f.name]) for f in dataclasses.fields(cls))
    return hints


class ActionCodec:
    """JSON and text codecs for a game's action classes (frozen dataclasses)."""

    def __init__(self, action_types: Iterable[type[Any]]) -> None:
        self.by_tag: dict[str, type[Any]] = {action_tag(t): t for t in action_types}

    def to_json(self, action: Any) -> dict[str, Any]:
        """Encode an action as JSON data."""
        out: dict[str, Any] = {"type": action_tag(type(action))}
        for name, _hint in _field_hints(type(action)):
            value = getattr(action, name)
            out[name] = list(value) if isinstance(value, tuple) else value
        return out

    def from_json(self, data: Any) -> Any:
        """Decode JSON data into an action; raise :class:`MalformedAction` naming the problem."""
        if not isinstance(data, Mapping):
            raise MalformedAction(f"an action must be a JSON object, got {type(data).__name__}")
        tag = data.get("type")
        cls = self.by_tag.get(tag) if isinstance(tag, str) else None
        if cls is None:
            raise MalformedAction(
                f"unknown action type {brief(tag, 40)}; types are: {', '.join(sorted(self.by_tag))}"
            )
        hints = _field_hints(cls)
        names = {n for n, _ in hints}
        extra = sorted(map(str, set(data) - names - {"type"}))
        if extra:
            raise MalformedAction(
                f"action {tag!r} has no field(s) {brief(extra)}; its fields are: "
                f"{', '.join(sorted(names)) or 'none'}"
            )
        values = {}
        for name, hint in hints:
            if name not in data:
                raise MalformedAction(f"action {tag!r} needs the field {name!r}")
            values[name] = _check(str(tag), name, data[name], hint)
        return cls(**values)

    def check(self, action: Any) -> None:
        """Raise :class:`MalformedAction` unless every field of ``action`` has its declared type.

        An action object built by a caller (not decoded) may hold anything (``Bully(None)``):
        this refuses it before any rule or wording code reads its fields.
        """
        cls = type(action)
        tag = action_tag(cls)
        if self.by_tag.get(tag) is not cls:
            raise MalformedAction(f"{brief(action)} is not an action of this game")
        for name, hint in _field_hints(cls):
            _check(tag, name, getattr(action, name), hint, built=True)

    def to_text(self, action: Any) -> str:
        """Encode an action as terminal text: the tag and its field values."""
        parts = [action_tag(type(action))]
        for name, _hint in _field_hints(type(action)):
            value = getattr(action, name)
            parts.append(",".join(map(str, value)) if isinstance(value, tuple) else str(value))
        return " ".join(parts)

    def from_text(self, text: str) -> Any:
        """Decode terminal text written as :meth:`to_text` writes it."""
        words = text.split()
        if not words:
            raise MalformedAction("empty action")
        cls = self.by_tag.get(words[0].lower())
        if cls is None:
            raise MalformedAction(
                f"unknown action {brief(words[0], 40)}; actions are: "
                f"{', '.join(sorted(self.by_tag))}"
            )
        hints = _field_hints(cls)
        if len(words) - 1 != len(hints):
            wanted = " ".join(f"<{n}>" for n, _ in hints)
            name = action_tag(cls)
            raise MalformedAction(f"{name} takes {len(hints)} value(s): {name} {wanted}")
        values = {}
        signed = _signed_fields(cls)
        for (name, hint), word in zip(hints, words[1:], strict=True):
            if get_origin(hint) is tuple:
                raw: Any = [w for w in word.split(",") if w]
            else:
                raw = word
            values[name] = _parse(words[0], name, raw, hint, name in signed)
        return cls(**values)


#: The metadata that lets a whole-number field of an action be typed negative in its text form
#: (``dataclasses.field(metadata=SIGNED)``); no built-in game has one, so ``-1`` is refused as
#: text before any rule sees it.
SIGNED = {"signed": True}


def _signed_fields(cls: type[Any]) -> frozenset[str]:
    """The names of the fields of ``cls`` that may be typed with a leading minus."""
    return frozenset(f.name for f in dataclasses.fields(cls) if f.metadata.get("signed"))


#: Whole numbers in actions stay within 64 bits (seats, positions, counts, dice).
LIMIT = 2**63


def _check(tag: str, name: str, value: Any, hint: Any, built: bool = False) -> Any:
    """``value`` as field ``name`` of a ``tag`` action, or :class:`MalformedAction`.

    ``built``: the value is in an action object already (so a tuple field must be a tuple).
    """
    origin = get_origin(hint)
    if origin is Union or origin is UnionType:
        options = get_args(hint)
        if value is None and type(None) in options:
            return None
        for option in options:
            if option is not type(None):
                try:
                    return _check(tag, name, value, option, built)
                except MalformedAction:
                    continue
        names = " | ".join(
            "None" if o is type(None) else getattr(o, "__name__", str(o)) for o in options
        )
        raise MalformedAction(f"field {name!r} of {tag!r} must be {names}, got {brief(value)}")
    if origin is Literal:
        if value not in get_args(hint):
            allowed = ", ".join(map(repr, get_args(hint)))
            raise MalformedAction(
                f"field {name!r} of {tag!r} must be one of {allowed}, got {brief(value)}"
            )
        return value
    if origin is tuple:
        if not isinstance(value, tuple if built else list | tuple):
            kind = "tuple" if built else "list"
            raise MalformedAction(f"field {name!r} of {tag!r} must be a {kind}, got {brief(value)}")
        item = get_args(hint)[0]
        return tuple(_check(tag, name, v, item, built) for v in value)
    if hint is int and isinstance(value, int) and not -LIMIT <= value < LIMIT:
        raise MalformedAction(f"field {name!r} of {tag!r} is out of range: {brief(value)}")
    ok = {
        bool: isinstance(value, bool),
        int: isinstance(value, int) and not isinstance(value, bool),
        str: isinstance(value, str),
    }.get(hint, False)
    if not ok:
        raise MalformedAction(
            f"field {name!r} of {tag!r} must be {getattr(hint, '__name__', hint)}, "
            f"got {brief(value)}"
        )
    return value


#: A whole number as a person writes it: the digits 0 to 9 and nothing else (``int()`` would also
#: read ``+2``, ``2_0``, `` 2``, ``²`` and other scripts' digits), at most 100 of them (``int()``
#: of thousands of digits raises ValueError, or takes seconds).
_DIGITS = re.compile(r"[0-9]{1,100}")


def _parse(tag: str, name: str, raw: Any, hint: Any, signed: bool = False) -> Any:
    if get_origin(hint) is Union or get_origin(hint) is UnionType:
        options = [o for o in get_args(hint) if o is not type(None)]
        return _parse(tag, name, raw, options[0], signed) if options else None
    if get_origin(hint) is tuple:
        item = get_args(hint)[0]
        return tuple(_parse(tag, name, v, item, signed) for v in raw)
    if hint is int:
        digits = raw[1:] if signed and raw.startswith("-") else raw
        if _DIGITS.fullmatch(digits):
            return int(raw)
        kind = "a whole number" if signed else "a whole number 0 or more"
        raise MalformedAction(
            f"{name} of {tag} must be {kind} written in the digits 0 to 9 (at most 100), "
            f"got {brief(raw)}"
        )
    if hint is bool:
        return str(raw).lower() in {"true", "yes", "1"}
    return raw


#: ``struct`` packers of float32 vectors, by length.
_PACKERS: dict[int, Callable[..., bytes]] = {}


def float32_bytes(values: Sequence[float]) -> bytearray:
    """``values`` packed as consecutive float32 in native byte order, in a new writable
    buffer: ``numpy.frombuffer(float32_bytes(v), numpy.float32)`` equals
    ``numpy.array(v, numpy.float32)`` and is made about twice as fast for long vectors (the
    game encoders build their observations this way; the engine itself needs no numpy).

    >>> float32_bytes([0.5, 1.0]) == bytearray(struct.pack("2f", 0.5, 1.0))
    True
    """
    return bytearray(float32_packed(values))


def float32_packed(values: Sequence[float]) -> bytes:
    """The bytes of :func:`float32_bytes`, immutable: parts of a vector packed on their own and
    kept join into the vector's bytes (``b"".join``).

    >>> float32_packed([0.5]) + float32_packed([1.0]) == bytes(float32_bytes([0.5, 1.0]))
    True
    """
    n = len(values)
    pack = _PACKERS.get(n)
    if pack is None:
        pack = _PACKERS[n] = struct.Struct(f"{n}f").pack
    return pack(*values)
