"""What a live match hands out: applied steps (to store), updates (to show) and subscriptions.

``Applied`` is one step as the owner stores it, with every event whole; it never leaves the
server. ``Update`` is what one viewer may see after a step: that viewer's own view and the step's
events redacted for them. A ``Subscription`` is one viewer's stream of updates (one per
connection), read with ``async for``; an ``Audience`` holds a match's subscriptions.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from gamenight.engine.core import CHANCE, Event, Pending, View

#: Who made a step: ``chance`` (the runtime's roll), ``person`` (a person's submission), ``bot``
#: (a bot seat), ``stand-in`` (the stand-in bot of a person who ran out of time) or ``system``
#: (the runtime passing for a seat when a reaction window ran out of time).
By = Literal["chance", "person", "bot", "stand-in", "system"]

#: Why an update was sent: ``joined`` (the first update of a subscription), ``start`` (the match
#: task started: the clock runs from now), ``step`` (a step was applied), ``seats`` (a seat
#: changed hands between a person and a bot).
Reason = Literal["joined", "start", "step", "seats"]


@dataclass(frozen=True, slots=True)
class Applied:
    """One step applied by the runtime, as its owner stores it before anyone is told.

    ``record`` is the step exactly as ``Match.record()`` writes it (``player`` is ``None`` for
    chance), so a store of these rebuilds the match with the engine's ``replay``. ``events`` are
    whole (secrets included): redact them with ``Event.for_viewer`` before showing them.
    """

    #: The match version after this step (the step's index in the record plus one).
    version: int
    #: Who acted: a seat, or ``CHANCE`` (-1).
    player: int
    #: The action (a game action object).
    action: Any
    #: The events it caused, secrets included.
    events: tuple[Event, ...]
    #: Who made it (see ``By``).
    by: By
    #: The decision it answered.
    pending: Pending
    #: Whether it only took its maker out of an open decision (a pass in a reaction window, a
    #: commitment in a simultaneous choice): such steps do not make other answers "too slow".
    took_out_only: bool
    #: The step as JSON data, as in the match record.
    record: dict[str, Any]

    @property
    def index(self) -> int:
        """The step's position in the match record."""
        return self.version - 1

    @property
    def seat(self) -> int | None:
        """The seat that acted, or ``None`` for chance."""
        return None if self.player == CHANCE else self.player


@dataclass(frozen=True, slots=True)
class Update:
    """What one viewer (a seat, or ``None`` for a spectator) is told after a change."""

    #: Why it was sent.
    reason: Reason
    #: The match version the view shows.
    version: int
    #: ``Match.view(viewer)``: the viewer's own view, their legal actions and the pending decision.
    view: View
    #: The step's events as this viewer may see them (empty unless ``reason`` is ``step``).
    events: tuple[View, ...] = ()
    #: The seat that made the step (``None``: chance, or no step).
    actor: int | None = None
    #: Who made the step (``None``: no step), as this viewer may know it: a pass the runtime
    #: made for a seat when a window ran out (``system``) is ``person`` to everyone but that
    #: seat: a person whose only answer is to pass is answered for at once (by their screen, or
    #: with ``LiveSettings.auto_pass``), so a pass made on time-out would tell the table that the
    #: seat held a card that could answer.
    by: By | None = None
    #: Whether the runtime made this step for the viewer's own seat because their time ran out
    #: (``by`` is ``system``: it passed for them, or ``stand-in``: their stand-in chose); only
    #: that seat's updates say so.
    timed_out: bool = False
    #: Who is still deciding (in a simultaneous choice: who has not committed; never what).
    deciding: tuple[int, ...] = ()
    #: Seconds left before the runtime acts for whoever is still deciding (``None``: no limit).
    time_left: float | None = None
    #: Each seat's controller: a bot spec, or ``None`` for a person.
    controllers: tuple[str | None, ...] = ()
    #: The outcome as JSON data, once the match is over.
    outcome: View | None = None
    #: With ``joined`` only: the events of the steps before it (the runtime's last
    #: ``RECAP_STEPS``), oldest first, as this viewer may see them, so a screen that joins or
    #: reloads mid-game can say what happened.
    earlier: tuple[View, ...] = ()

    def to_json(self) -> View:
        """The update as JSON data."""
        return {
            "reason": self.reason,
            "version": self.version,
            "view": self.view,
            "events": list(self.events),
            "actor": self.actor,
            "by": self.by,
            "timed_out": self.timed_out,
            "deciding": list(self.deciding),
            "time_left": self.time_left,
            "controllers": list(self.controllers),
            "outcome": self.outcome,
            "earlier": list(self.earlier),
        }


class Subscription:
    """One viewer's stream of updates (one per connection). Iterate with ``async for``, or
    hand each update to a function as it comes with :meth:`listen`.

    The stream ends when the match ends (after its last update), when the match stops, when
    the owner calls ``close()``, or when the viewer leaves more than ``max_backlog`` updates
    unread (``closed_because`` says which); a dropped viewer subscribes again and gets the full
    view.
    """

    def __init__(self, viewer: int | None, max_backlog: int) -> None:
        self.viewer = viewer
        self.max_backlog = max_backlog
        #: Why the stream ended (``None`` while it is open): ``over``, ``stopped``, ``closed``,
        #: ``backlog``.
        self.closed_because: str | None = None
        self._queue: asyncio.Queue[Update | None] = asyncio.Queue()
        self._listener: Callable[[Update], None] | None = None

    @property
    def closed(self) -> bool:
        """Whether no further update will be added."""
        return self.closed_because is not None

    def close(self, because: str = "closed") -> None:
        """End the stream: updates already queued are still read, then iteration stops."""
        if self.closed_because is None:
            self.closed_because = because
            self._queue.put_nowait(None)

    def listen(self, listener: Callable[[Update], None]) -> None:
        """Hand every update to ``listener`` from now on, in the runtime's own call, the ones
        queued so far first, instead of queueing them to be read (a reader that only passes
        each update on, such as a connection's outbox, saves a task switch per update). The
        listener must not raise, and keeps its own backlog: it says when the stream ends by
        nothing more coming (``closed`` says so too)."""
        while not self._queue.empty():
            update = self._queue.get_nowait()
            if update is None:
                self._queue.put_nowait(None)  # ended: later readers see the end too
                break
            listener(update)
        self._listener = listener

    def push(self, update: Update) -> None:
        """Queue an update (the runtime calls this), or hand it to the listener; a reader too
        far behind is dropped."""
        if self.closed_because is not None:
            return
        if self._listener is not None:
            self._listener(update)
            return
        if self._queue.qsize() >= self.max_backlog:
            self.close("backlog")
            return
        self._queue.put_nowait(update)

    def pending(self) -> int:
        """How many updates wait unread."""
        return self._queue.qsize()

    async def get(self) -> Update | None:
        """The next update, or ``None`` once the stream has ended."""
        if self._queue.empty() and self.closed_because is not None:
            return None
        update = await self._queue.get()
        if update is None:
            self._queue.put_nowait(None)  # later readers see the end too
        return update

    def __aiter__(self) -> AsyncIterator[Update]:
        return self._iterate()

    async def _iterate(self) -> AsyncIterator[Update]:
        while True:
            update = await self.get()
            if update is None:
                return
            yield update


@dataclass(frozen=True, slots=True)
class Table:
    """What every viewer is told alike after a change (their views and events differ)."""

    reason: Reason
    version: int
    applied: Applied | None
    deciding: tuple[int, ...]
    time_left: float | None
    controllers: tuple[str | None, ...]
    outcome: View | None


class Audience:
    """The subscriptions of one match, and the per-viewer updates each is told.

    ``view_of(viewer)`` is the match's ``Match.view``; it and the viewer's update (a frozen
    object, shared) are made once per viewer and change, however many connections watch that
    seat.
    """

    def __init__(self, max_backlog: int) -> None:
        self.max_backlog = max_backlog
        self._subs: list[Subscription] = []

    def join(self, viewer: int | None) -> Subscription:
        """A new open subscription for ``viewer`` (told of every later change)."""
        sub = Subscription(viewer, self.max_backlog)
        self._subs.append(sub)
        return sub

    def leave(self, sub: Subscription) -> None:
        """End ``sub`` and forget it."""
        sub.close()
        if sub in self._subs:
            self._subs.remove(sub)

    def tell(self, table: Table, view_of: Callable[[int | None], View]) -> None:
        """Push one update to each subscriber: its own view, the events redacted for it."""
        updates: dict[int | None, Update] = {}  # one per viewer, however many connections
        for sub in list(self._subs):
            if sub.viewer not in updates:
                updates[sub.viewer] = update_for(sub.viewer, table, view_of(sub.viewer))
            sub.push(updates[sub.viewer])
            if sub.closed:
                self._subs.remove(sub)

    def close_all(self, because: str) -> None:
        """End every subscription (the match is over or stopped)."""
        for sub in self._subs:
            sub.close(because)
        self._subs.clear()


def update_for(
    viewer: int | None, table: Table, view: View, earlier: Sequence[Applied] = ()
) -> Update:
    """The update for one viewer: ``view`` is theirs, the events (those of ``earlier`` steps
    too) are redacted for them."""
    applied = table.applied
    by = applied.by if applied else None
    mine = applied is not None and viewer is not None and applied.seat == viewer
    if by == "system" and not mine:
        by = "person"  # a pass like any other: whether the seat could answer stays its own
    return Update(
        reason=table.reason,
        version=table.version,
        view=view,
        events=tuple(e.for_viewer(viewer) for e in applied.events) if applied else (),
        actor=applied.seat if applied else None,
        by=by,
        timed_out=mine and by in ("system", "stand-in"),
        deciding=table.deciding,
        time_left=table.time_left,
        controllers=table.controllers,
        outcome=table.outcome,
        earlier=tuple(e.for_viewer(viewer) for step in earlier for e in step.events),
    )
