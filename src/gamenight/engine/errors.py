"""Typed errors raised by the engine. Every message names what was wrong and what is allowed.

A message never echoes a whole input: whatever was submitted or typed is shown through
:func:`brief`, which cuts it to a few dozen characters, so a 200,000-card action or a page of
text cannot turn one refusal into megabytes (nor a 5,000-digit number into a second error).
"""

from __future__ import annotations

import dataclasses
import reprlib
from typing import Any


class GameError(Exception):
    """Base class of every error a game, a match or a config can raise."""


class ConfigError(GameError, ValueError):
    """A config value is missing, of the wrong type or out of range."""


class UnknownGame(GameError, KeyError):
    """No game is registered under that id."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown game"


class MalformedAction(GameError, ValueError):
    """An action could not be decoded: wrong shape, type or field (a bad wire message)."""


class NotYourDecision(GameError):
    """The player is not among those who may decide now."""


class UnknownSeat(NotYourDecision, ValueError):
    """A seat that does not exist: negative, past the last seat, ``True``, or not a number.

    Seats are the whole numbers ``0`` to ``players - 1``; ``None`` views as a spectator. As a
    :class:`NotYourDecision`, it is also what a move made for a seat that does not exist gets.
    """


class IllegalAction(GameError):
    """The action is well formed but not legal in this state for this player."""


class StaleVersion(GameError):
    """The action was made against an older version of the match (too slow in a race)."""


class GameOver(GameError):
    """The match has ended; no further actions are accepted."""


class RecordMismatch(GameError, ValueError):
    """A match record does not replay to the end it states (a changed step or a changed end)."""


class ImpossibleView(GameError, ValueError):
    """No state of the game shows this view to this seat: a sampler (``sample_state``) was given
    a view that was not made by ``observe``, or one from another config (cards that do not add
    up, a field missing or out of range)."""


class _Brief(reprlib.Repr):
    """``reprlib`` with room for a few items, huge numbers described, dataclasses abridged."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 3
        self.maxtuple = self.maxlist = self.maxset = self.maxfrozenset = self.maxdict = 8
        self.maxstring = self.maxother = 100

    def repr_str(self, x: str, level: int) -> str:
        return repr(x) if len(x) <= self.maxstring else repr(x[: self.maxstring]) + "..."

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 200:  # str() of a number past 4,300 digits raises ValueError
            return f"<a number of about {int(x.bit_length() * 0.30103) + 1} digits>"
        return repr(x)

    def repr_instance(self, x: Any, level: int) -> str:
        if dataclasses.is_dataclass(x) and not isinstance(x, type):
            if level <= 0:
                return f"{type(x).__name__}(...)"
            shown = ", ".join(
                f"{f.name}={self.repr1(getattr(x, f.name), level - 1)}"
                for f in dataclasses.fields(x)
            )
            return f"{type(x).__name__}({shown})"
        try:
            return super().repr_instance(x, level)
        except (ValueError, RecursionError):
            return f"<{type(x).__name__}>"


_BRIEF = _Brief()


def brief(value: object, limit: int = 80) -> str:
    """``repr(value)`` cut to at most ``limit`` characters, ending in ``...`` when cut.

    >>> brief("x" * 1000, limit=12)
    "'xxxxxxxx..."
    >>> brief(tuple(range(200_000)))
    '(0, 1, 2, 3, 4, 5, 6, 7, ...)'
    >>> brief(-(10**5000))
    '<a number of about 5001 digits>'
    """
    text = _BRIEF.repr(value)
    return clip(text, limit)


def clip(text: str, limit: int = 240) -> str:
    """``text`` cut to at most ``limit`` characters, ending in ``...`` when cut.

    >>> clip("a short reason")
    'a short reason'
    >>> clip("y" * 50, limit=10)
    'yyyyyyy...'
    """
    return text if len(text) <= limit else text[: max(limit - 3, 0)] + "..."


def described(error: BaseException, limit: int = 240) -> str:
    """An exception as one line, for a message: its type and its own message (on one line, cut
    to at most ``limit`` characters).

    >>> described(ValueError("flaked\\nout")), described(KeyError())
    ('ValueError: flaked out', 'KeyError')
    """
    text = " ".join(str(error).split())
    return clip(f"{type(error).__name__}: {text}" if text else type(error).__name__, limit)
