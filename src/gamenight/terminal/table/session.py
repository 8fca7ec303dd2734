"""What one sitting at the live table is made of: the match, who sits where, the clock, and the
record kept as the match goes.

No Textual here: the command line builds a ``Session`` (checking everything a person typed
before the screen changes), and ``TableApp`` plays it.
"""

from __future__ import annotations

import os
import random
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from rich.markup import escape

from gamenight.bots import default_bot
from gamenight.engine.core import View
from gamenight.engine.files import remove_written
from gamenight.engine.game import Game
from gamenight.engine.match import Match
from gamenight.live import Applied, Controller, LiveSettings
from gamenight.live.clock import Clock
from gamenight.terminal.play import record_data, write_record
from gamenight.terminal.render import plural, winners_line
from gamenight.terminal.seats import Seat, screen_names, seat_names

#: The clock at a terminal: no limit on your own turn (nobody is waiting on a server), ten
#: seconds to answer a window, or to grab again in a race, before the runtime passes or stands
#: in for you;
#: no pause at the start (the person starts the clock at the start screen).
TABLE_CLOCK = LiveSettings(turn_limit=None, window_limit=10.0, race_limit=10.0, start_pause=0.0)

#: How many of a resumed match's last steps its events pane shows at the start.
RECENT_STEPS = 30

#: Several people at one screen come to it one at a time: windows wait for each of them, and a
#: race gives them longer before a stand-in grabs for them.
HOT_SEAT_CLOCK = replace(TABLE_CLOCK, window_limit=None, race_limit=20.0)


def table_settings(hot_seat: bool, pace: float = 1.0, bot_speed: str = "normal") -> LiveSettings:
    """The clock for a table: ``pace`` scales every bot delay (0.5: bots twice as quick);
    ``bot_speed`` is how quickly bots react in races and windows (as in a server's room).

    >>> table_settings(False, pace=0.5).bot_think
    (0.5, 1.25)
    >>> table_settings(False, bot_speed="quick").bot_speed
    'quick'
    """
    clock = HOT_SEAT_CLOCK if hot_seat else TABLE_CLOCK
    return replace(clock, bot_speed=bot_speed).paced(pace)


def state_folder() -> Path:
    """Where the table keeps records of matches played without ``--record``:
    ``$XDG_STATE_HOME/gamenight`` (by default ``~/.local/state/gamenight``)."""
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "gamenight"


def default_record(game_id: str) -> Path:
    """A fresh record path for a match of ``game_id``, in the state folder (created)."""
    folder = state_folder()
    folder.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"{game_id}-{stamp}.json"
    number = 2
    while path.exists():
        path = folder / f"{game_id}-{stamp}-{number}.json"
        number += 1
    return path


@dataclass(frozen=True, slots=True)
class TableResult:
    """How a sitting ended: whether the match is over, and what to print once the screen is
    gone (markup lines: who won and the seed, or where the record is to go on)."""

    over: bool
    lines: tuple[str, ...]


@dataclass
class Session:
    """One sitting at the live table.

    ``match`` is new or resumed (rebuilt from its record); ``record`` is where the record is
    written after every step (``None``: nowhere). ``ask_all`` asks a person even when they have
    no real choice; ``quiet`` (for a lone person) passes the windows where only cards that may
    wait for any later window could be played. ``rng`` seeds the bots (tests fix it).
    ``wait_to_start`` shows the start screen first.
    """

    game: Game[Any, Any]
    seats: list[Seat]
    match: Match
    settings: LiveSettings
    record: Path | None = None
    ask_all: bool = False
    quiet: bool = True
    #: Whether a person about to decide sees the game's coach (``play --coach``).
    coach: bool = False
    rng: random.Random | None = None
    #: Whether the table waits for a person to press Enter before the clock starts (so no bot
    #: plays and no race opens before they see the table).
    wait_to_start: bool = True
    #: The clock the match runs on (``None``: the event loop's; tests pass a ``VirtualClock``).
    clock: Clock | None = None
    #: The language the table tells events in (``play --lang``, else the locale).
    lang: str = "en"
    #: Each seat's name (records and shared screens use them).
    names: list[str] = field(init=False)

    def __post_init__(self) -> None:
        self.names = seat_names(self.seats, default_bot(self.game.id))

    @property
    def people(self) -> list[int]:
        """The seats played by people at this screen."""
        return [i for i, s in enumerate(self.seats) if s.human]

    @property
    def lone(self) -> int | None:
        """The seat of the only person at the screen, if there is exactly one."""
        people = self.people
        return people[0] if len(people) == 1 else None

    @property
    def hidden(self) -> bool:
        """Whether several people share the screen in a game with hidden cards: the screen is
        cleared between them and each is asked to come to it alone."""
        return len(self.people) > 1 and self.game.hidden_information

    def screen_names(self) -> list[str]:
        """Names as this screen shows them (a lone person is ``You``)."""
        return screen_names(self.names, self.seats)

    def recent_events(self, viewer: int | None, steps: int = RECENT_STEPS) -> list[View]:
        """The events of the match's last ``steps`` steps as ``viewer`` saw them (``None``:
        what everyone sees), oldest first: what a resumed match shows in its events pane. The
        match is played again from its seed to find them (the record keeps only the moves)."""
        again = Match(self.game, seed=self.match.seed)
        first = max(0, len(self.match.steps) - steps)
        seen: list[View] = []
        for index, step in enumerate(self.match.steps):
            events = again.apply_trusted(step.player, step.action)
            if index >= first:
                seen.extend(event.for_viewer(viewer) for event in events)
        return seen

    def controllers(self) -> list[Controller]:
        """Each seat's controller for the runtime: ``None`` for a person, else the bot spec."""
        return [None if s.human else s.spec for s in self.seats]

    async def persist(self, applied: Applied) -> None:
        """The runtime's hook: write the record after every step (whole, never half)."""
        self.save()

    def result(self, names: list[str]) -> TableResult:
        """How the sitting ended, for the lines printed after the screen (``names`` as the
        screen showed them)."""
        match, record = self.match, self.record
        if not match.finished:
            steps = plural(match.version, "step")
            if record is None:
                return TableResult(False, (f"Left the table after {steps}; it was not recorded.",))
            where = escape(str(record))
            return TableResult(
                False,
                (
                    f"Left the table after {steps}; the match is saved in {where}",
                    f"Go on with: [b]gamenight play --resume {where}[/]",
                ),
            )
        outcome = match.outcome()
        won = winners_line(list(outcome.winners), names)
        scores = " · ".join(
            f"{name} {score:g}" for name, score in zip(names, outcome.scores, strict=True)
        )
        lines = [
            f"[b]{escape(self.game.title)}: {escape(won)}[/]",
            f"Final scores: {escape(scores)}",
            # The seed is shown only now: before the end it would let a player foresee a roll.
            f"[dim]seed {match.seed} (play it again with --seed {match.seed})[/]",
        ]
        if record is not None:
            lines.append(f"Match record: {escape(str(record))} (gamenight replay to watch it)")
        return TableResult(True, tuple(lines))

    def discard_record(self) -> None:
        """Remove the record of a match left before its first step (it holds nothing to go on
        with)."""
        if self.record is not None and self.match.version == 0:
            remove_written(self.record)  # (never a device or a FIFO given as --record)

    def save(self) -> None:
        """Write the record now (if there is a record path)."""
        if self.record is not None:
            write_record(self.record, record_data(self.match, self.seats, self.names))
