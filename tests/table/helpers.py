"""Shared set-ups for the live table tests: sessions on quick clocks, and a scripted person who
plays through the table's own keys (Textual's headless pilot)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import Any

import gamenight.games  # registers the four games
from gamenight.engine import Kind, Match, game_ids, make_game
from gamenight.live import LiveSettings
from gamenight.live.clock import Timer, VirtualClock
from gamenight.terminal.seats import parse_seats
from gamenight.terminal.table.app import TableApp
from gamenight.terminal.table.capture import plain
from gamenight.terminal.table.screens import Curtain
from gamenight.terminal.table.session import Session

GAMES = ("cover-your-cookies", "paper-toss", "toss-up", "toss-your-cookies")
assert set(game_ids()) >= set(GAMES), gamenight.games

#: Bots act in a few thousandths of a second, and nobody is ever timed out: the person
#: scripted by the test answers every decision put to them.
PATIENT = LiveSettings.fast(turn_limit=None, window_limit=None, race_limit=None)


class JumpingClock(VirtualClock):
    """Virtual time that moves on by itself to the next timer whenever nothing else is ready
    (``VirtualClock.autojump``), started with the first timer the table sets: bots' delays
    take no real time, and the order of what happens never depends on the machine's load."""

    def __init__(self) -> None:
        super().__init__()
        self._jumper: asyncio.Task[None] | None = None

    def call_later(self, delay: float, callback: Callable[..., Any], *args: Any) -> Timer:
        """Set the timer, and start jumping if not yet."""
        if self._jumper is None:
            self._jumper = asyncio.get_running_loop().create_task(self.autojump())
        return super().call_later(delay, callback, *args)


#: Seconds without a step before a scripted game counts as stuck (a guard, not a speed check).
STUCK = 60.0


def session(
    game_id: str,
    seats: str,
    *,
    seed: int = 1,
    settings: LiveSettings = PATIENT,
    match: Match | None = None,
    **options: Any,
) -> Session:
    """A session of ``game_id`` with ``seats`` as typed after ``--seats``; the clock starts at
    once unless ``wait_to_start=True`` is given (the start screen has its own tests)."""
    options.setdefault("wait_to_start", False)
    table = parse_seats(seats.split(","))
    game = match.game if match is not None else make_game(game_id, players=len(table))
    return Session(
        game=game,
        seats=table,
        match=match if match is not None else Match(game, seed=seed),
        settings=settings,
        rng=random.Random(seed),
        **options,
    )


def board_text(app: TableApp) -> str:
    """What the board shows now, as plain text."""
    seat = app.shown
    update = app.latest.get(seat)
    assert update is not None
    from gamenight.terminal.table.capture import board

    return plain(board(app.renderer, update.view["state"], seat, app.names), width=120)


def events_text(app: TableApp) -> str:
    """Everything the events pane holds, as plain text (one line per row)."""
    log = app.events
    return "\n".join(strip.text for strip in log.lines)


def asked(app: TableApp) -> int | None:
    """The person at the screen if they are asked now and no move of theirs is on its way."""
    seat = app.shown
    if seat is None or seat not in app.asking or seat in app.inflight or app.over:
        return None
    return seat


async def play_through(
    app: TableApp,
    pilot: Any,
    rng: random.Random,
    *,
    on_ask: Callable[[TableApp, int], None] | None = None,
    on_curtain: Callable[[TableApp, Curtain], None] | None = None,
    presses: int = 20_000,
    until: Callable[[], bool] | None = None,
) -> int:
    """Answer every decision put to the person at the screen with a random move's key (or the
    list, when the keys ran out), and come to the screen at every curtain, until the game is
    over (or ``until()`` holds). Returns how many moves were pressed."""
    pressed = 0
    loop = asyncio.get_running_loop()
    version, since = -1, loop.time()
    for _ in range(presses * 20):
        if (app.over and app.session.match.finished) or (until is not None and until()):
            return pressed
        if app.session.match.version != version:
            version, since = app.session.match.version, loop.time()
        elif loop.time() - since > STUCK:
            raise AssertionError(f"the table is stuck at step {version}")
        screen = app.screen
        if isinstance(screen, Curtain):
            if on_curtain is not None:
                on_curtain(app, screen)
            await pilot.press("enter")
            continue
        seat = asked(app)
        if seat is None:
            await pilot.pause(0.002)
            continue
        if on_ask is not None:
            on_ask(app, seat)
        keyed = [k for k, a in zip(app.keys[seat], app.legal[seat], strict=True) if k is not None]
        if keyed:
            await pilot.press(keyed[rng.randrange(len(keyed))])
        else:
            await pilot.press("down", "enter")
        pressed += 1
        await pilot.pause()
    raise AssertionError(f"the game did not end: {app.session.match.version} steps")


def kind_of(app: TableApp, seat: int) -> Kind:
    """The kind of decision put to ``seat``."""
    return Kind(app.latest[seat].view["pending"]["kind"])
