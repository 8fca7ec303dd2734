"""Typed errors raised by the engine. Every message names what was wrong and what is allowed."""

from __future__ import annotations


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


class IllegalAction(GameError):
    """The action is well formed but not legal in this state for this player."""


class StaleVersion(GameError):
    """The action was made against an older version of the match (too slow in a race)."""


class GameOver(GameError):
    """The match has ended; no further actions are accepted."""
