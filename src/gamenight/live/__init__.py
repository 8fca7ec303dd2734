"""The real-time runtime: one match on a clock, in asyncio, with no transport in it.

The server and the live terminal both run a ``LiveMatch`` in process: arrival order decides
races, reaction windows and turns have time limits, bots act after human-like delays, and
every viewer gets its own view. See ``docs/live.md``.
"""

from gamenight.live.runtime import Controller, LiveMatch, MatchStopped, Persist
from gamenight.live.settings import LiveSettings
from gamenight.live.updates import Applied, By, Reason, Subscription, Update

__all__ = [
    "Applied",
    "By",
    "Controller",
    "LiveMatch",
    "LiveSettings",
    "MatchStopped",
    "Persist",
    "Reason",
    "Subscription",
    "Update",
]
