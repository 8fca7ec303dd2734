"""The clock of a live match: bot delays and time limits, one ``LiveSettings`` per room.

The defaults suit a family table: a minute for a turn, six seconds to answer a window, ten
seconds without a grab before a stand-in grabs for a person in a race; bots take a second or two
to think and react as a typical adult on a phone would (``gamenight.bots.reaction``). Tests
use tiny values (see ``LiveSettings.fast``) so that a whole game runs in a moment.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields, replace

from gamenight.bots.reaction import speed_factor
from gamenight.engine.core import Kind
from gamenight.engine.errors import ConfigError


@dataclass(frozen=True, slots=True)
class LiveSettings:
    """Delays and limits for one live match, in seconds (``None``: no limit).

    >>> LiveSettings().window_limit
    6.0
    >>> LiveSettings(turn_limit=-1)
    Traceback (most recent call last):
    ...
    gamenight.engine.errors.ConfigError: turn_limit must be positive seconds or None, got -1
    """

    #: How long a bot thinks before a decision of its own (a turn, a choice, a commitment):
    #: drawn uniformly between the two bounds.
    bot_think: tuple[float, float] = (1.0, 2.5)
    #: How long a bot takes over a decision with a single legal move.
    bot_forced: tuple[float, float] = (0.4, 0.8)
    #: How quickly bots react in races and windows, as a person on a phone would
    #: (``gamenight.bots.reaction``): ``relaxed``, ``normal`` (a typical adult) or ``quick``.
    bot_speed: str = "normal"
    #: A factor on every bot reaction in races and windows (tests shrink it with ``fast``).
    reaction_scale: float = 1.0
    #: No bot takes longer than this to react (``None``: no cap). Some bots wait on purpose
    #: before passing; the window stays open for the people all the same, so the cap only saves
    #: a table of people waiting on bots.
    reaction_cap: float | None = 2.5
    #: No bot reacts quicker than this in a race or window (the cap wins if it is lower). The
    #: reaction model has its own lower bound, so by default there is no other.
    reaction_floor: float = 0.0
    #: Seconds the table waits after the start, before the first step (chance included), so
    #: everyone has the table in front of them first.
    start_pause: float = 3.0
    #: Seconds the table waits after a step that ends a round (the game's ``pause_after``
    #: events), before the next round is dealt, so everyone sees who won it.
    round_pause: float = 5.0
    #: Time for a turn or a simultaneous choice (single and simultaneous decisions); when it runs
    #: out, each person still deciding is played by their stand-in bot for that decision.
    turn_limit: float | None = 60.0
    #: Time for a reaction window; when it runs out the runtime passes for everyone still asked.
    window_limit: float | None = 6.0
    #: Time for a race; when it runs out, the stand-ins of the people still listed play for them
    #: until the race is over.
    race_limit: float | None = 10.0
    #: The bot that stands in for a person who runs out of time (a bot spec, as ``make_bot``
    #: reads it; ``default`` is the game's default bot).
    stand_in: str = "default"
    #: Answer for a person whose only answer in a reaction window is to pass, after a delay
    #: like a bot's reaction (their seat looks the same to the table as any other pass).
    auto_pass: bool = False
    #: Bots decide in a worker thread, so a slow bot (a search) never holds up the event loop;
    #: the time it thinks counts toward its delay. Off: bots decide in the match task.
    bots_in_threads: bool = False
    #: Updates a subscriber may leave unread before the runtime drops it (it reconnects and gets
    #: the full view again).
    max_backlog: int = 1000
    #: Whether a seat's bot spec may name code of one's own (``package.module:Name``). The
    #: terminal's table allows it (the person at the keyboard chose it); the server does not
    #: (a spec there comes from someone else): only the game's registered bots are built.
    own_code_bots: bool = True

    def __post_init__(self) -> None:
        for name in ("bot_think", "bot_forced"):
            low, high = _pair(name, getattr(self, name))
            if not 0 <= low <= high:
                raise ConfigError(f"{name} needs 0 <= low <= high, got ({low}, {high})")
        for name in ("reaction_scale", "reaction_floor", "start_pause", "round_pause"):
            value = getattr(self, name)
            if isinstance(value, bool) or not _finite(value) or value < 0:
                raise ConfigError(f"{name} must be 0 or more, got {value!r}")
        for name in ("reaction_cap", "turn_limit", "window_limit", "race_limit"):
            value = getattr(self, name)
            if value is not None and (not _finite(value) or value <= 0):
                raise ConfigError(f"{name} must be positive seconds or None, got {value!r}")
        for name in ("auto_pass", "bots_in_threads", "own_code_bots"):
            if not isinstance(getattr(self, name), bool):
                raise ConfigError(f"{name} must be true or false, got {getattr(self, name)!r}")
        if not isinstance(self.bot_speed, str):
            raise ConfigError(f"bot_speed must name a speed, got {self.bot_speed!r}")
        speed_factor(self.bot_speed)
        if not isinstance(self.stand_in, str) or not self.stand_in.strip():
            raise ConfigError(f"stand_in must name a bot, got {self.stand_in!r}")
        if isinstance(self.max_backlog, bool) or not isinstance(self.max_backlog, int):
            raise ConfigError(f"max_backlog must be a whole number, got {self.max_backlog!r}")
        if self.max_backlog < 1:
            raise ConfigError(f"max_backlog must be at least 1, got {self.max_backlog}")

    def limit(self, kind: Kind) -> float | None:
        """The time limit of a decision of ``kind`` (``None``: none, as for chance).

        >>> LiveSettings().limit(Kind.REACTION), LiveSettings().limit(Kind.CHANCE)
        (6.0, None)
        """
        return {
            Kind.SINGLE: self.turn_limit,
            Kind.SIMULTANEOUS: self.turn_limit,
            Kind.RACE: self.race_limit,
            Kind.REACTION: self.window_limit,
        }.get(kind)

    def paced(self, factor: float) -> LiveSettings:
        """These settings with every bot delay and table pause times ``factor`` (0.5: bots twice
        as quick); the time limits stay.

        >>> LiveSettings().paced(0.5).bot_think
        (0.5, 1.25)
        """
        # At 0 every reaction is 0 and the cap bounds nothing: it stays (a cap must be positive).
        cap = self.reaction_cap
        return replace(
            self,
            bot_think=(self.bot_think[0] * factor, self.bot_think[1] * factor),
            bot_forced=(self.bot_forced[0] * factor, self.bot_forced[1] * factor),
            reaction_scale=self.reaction_scale * factor,
            reaction_cap=cap * factor if cap is not None and factor else cap,
            reaction_floor=self.reaction_floor * factor,
            start_pause=self.start_pause * factor,
            round_pause=self.round_pause * factor,
        )

    @classmethod
    def fast(cls, **changes: object) -> LiveSettings:
        """Settings with every delay and limit a thousand times shorter (for tests and demos)."""
        base = cls().paced(1 / 1000)
        limits = {
            name: None if value is None else value / 1000
            for name in ("turn_limit", "window_limit", "race_limit")
            for value in [getattr(base, name)]
        }
        return replace(base, **{**limits, **changes})  # type: ignore[arg-type]

    def to_json(self) -> dict[str, object]:
        """The settings as JSON data."""
        out: dict[str, object] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out


def _finite(value: object) -> bool:
    return (
        not isinstance(value, bool)
        and isinstance(value, int | float)
        and math.isfinite(float(value))
    )


def _pair(name: str, value: object) -> tuple[float, float]:
    if not isinstance(value, tuple | list) or len(value) != 2 or not all(_finite(v) for v in value):
        raise ConfigError(f"{name} must be a pair of seconds (low, high), got {value!r}")
    return float(value[0]), float(value[1])
