"""``LiveMatch``: one match on a clock, in asyncio, with no transport in it.

One task owns the engine ``Match`` and serialises everything done to it: people's submissions,
bots' moves (fired by timers after human-like delays), time limits running out and seats
changing hands all arrive as commands on one queue, and the task handles them one at a time, in
arrival order. Nothing outside the task changes the match, so two grabs sent at once can never
both be accepted, and the first to arrive wins.

After each applied step the task awaits the owner's ``persist`` hook (the server stores the step)
and only then tells subscribers, each with its own view and the step's events redacted for it.
Chance is rolled at once, one published step per roll. Read ``docs/live.md`` for the whole
contract.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import secrets
from collections import deque
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from gamenight.bots.base import Agent
from gamenight.bots.races import same_decision
from gamenight.bots.registry import make_bot
from gamenight.engine.core import CHANCE, Kind, Outcome, View
from gamenight.engine.errors import (
    GameError,
    GameOver,
    MalformedAction,
    NotYourDecision,
    StaleVersion,
)
from gamenight.engine.game import Game
from gamenight.engine.match import Match, replay, step_json
from gamenight.live.clock import Clock, LoopClock, Timer
from gamenight.live.commands import (
    BotMove,
    Command,
    Release,
    SetController,
    Submit,
    Thought,
    Timeout,
)
from gamenight.live.decisions import (
    STANDING_KINDS,
    beaten_by,
    brief,
    check_seat,
    overdue_move,
    overdue_seat,
    takes_out_only,
    too_slow,
)
from gamenight.live.fair_grabs import MAX_CREDIT, FairOrder, Grab
from gamenight.live.planner import Decider, Planner
from gamenight.live.race_clocks import RaceClocks
from gamenight.live.recap import recalled
from gamenight.live.settings import LiveSettings
from gamenight.live.updates import Applied, Audience, By, Reason, Subscription, Table, update_for

#: The owner's hook, awaited with each applied step before any subscriber is told of it.
Persist = Callable[[Applied], Awaitable[None]]

#: A seat's controller: a bot spec, a bot built for the seat, or ``None`` for a person.
Controller = str | Agent | None

#: How many recent steps are kept to say what beat a late answer.
LOG_SIZE = 256
#: How many of them a viewer who joins (or comes back) is told, to say what happened.
RECAP_STEPS = 40


class MatchStopped(GameError):
    """The live match is not running (not started yet, stopped, or failed while storing)."""


class LiveMatch:
    """One match on a clock: people submit, bots act after human-like delays, limits run out.

    ``controllers`` gives each seat's controller: a bot spec (``make_bot`` reads it), a bot
    already built for that seat (an ``Agent``), or ``None`` for a person (the default for every
    seat). ``names`` are used in "too slow" sentences (default ``player N``). ``persist`` is
    awaited with each applied step before any subscriber hears of it. ``rng`` seeds the bots'
    choices and delays (default: unpredictable); the match's own chance stays with the ``Match``.
    ``clock`` is what it reads time through (default: the event loop's; tests pass a
    ``VirtualClock``).

    Use it inside a running event loop: ``start()`` (or ``async with``), then ``submit``,
    ``subscribe``, ``set_controller``; ``await finished()`` gives the outcome.
    """

    def __init__(
        self,
        match: Match,
        settings: LiveSettings | None = None,
        *,
        controllers: Sequence[Controller] | None = None,
        names: Sequence[str] | None = None,
        persist: Persist | None = None,
        rng: random.Random | None = None,
        clock: Clock | None = None,
    ) -> None:
        self.match = match
        self.clock: Clock = clock if clock is not None else LoopClock()
        self.game: Game[Any, Any] = match.game
        self.settings = settings if settings is not None else LiveSettings()
        seats = self.game.players
        specs = list(controllers) if controllers is not None else [None] * seats
        if len(specs) != seats:
            raise MalformedAction(f"{self.game.id} has {seats} seats, got {len(specs)} controllers")
        self.names = list(names) if names is not None else [f"player {s}" for s in range(seats)]
        if len(self.names) != seats:
            raise MalformedAction(f"{self.game.id} has {seats} seats, got {len(self.names)} names")
        self._rng = rng if rng is not None else random.Random(secrets.randbits(128))
        self._seat_rngs = [random.Random(self._rng.getrandbits(64)) for _ in range(seats)]
        self._specs: list[str | None] = [None] * seats
        self._bots: list[Agent | None] = [None] * seats
        for seat, spec in enumerate(specs):
            self._bots[seat], self._specs[seat] = self._build(seat, spec)
        own_code = self.settings.own_code_bots
        self._stand_ins = {
            s: make_bot(self.settings.stand_in, self.game, s, own_code=own_code)
            for s in range(seats)
        }
        for stand_in in self._stand_ins.values():
            stand_in.attach(self._state)
        self._persist = persist
        self._inbox: asyncio.Queue[Command] = asyncio.Queue()
        self._task: asyncio.Task[Outcome] | None = None
        self._audience = Audience(self.settings.max_backlog)
        self._publishing = False
        #: Set while the newest step is not stored yet; stays set if storing it failed, and
        #: then nothing of the match is shown any more (it is ahead of what is stored).
        self._unstored = False
        self._idle = asyncio.Event()
        self._idle.set()
        self._log: deque[Applied] = deque(maxlen=LOG_SIZE)
        # a match resumed from its record has lost its steps' events: worked out again here
        self._log.extend(recalled(match, RECAP_STEPS))
        send = self._inbox.put_nowait
        self._planner = Planner(
            self.game, self.settings, self._rng, self._seat_rngs, send, self.clock
        )
        self._passes: dict[str, Any] = {}
        # The decision clock: a new decision gets a new number (and a new deadline); answers
        # made at or after ``_settled_from`` still stand (see ``decisions``).
        self._decision = 0
        self._armed = -1
        self._deadline: Timer | None = None
        self._deadline_at: float | None = None
        self._settled_from = match.version
        #: The version the open decision began at (a race goes on through its grabs).
        self._decision_from = match.version
        #: In a race, each person's own clock (``race_clocks``).
        self._races = RaceClocks()
        #: Each person's link: the most credit a grab of theirs may get (``fair_grabs``).
        self._fair = FairOrder(self.clock, lambda token: self._inbox.put_nowait(Release(token)))

    @classmethod
    def from_record(
        cls,
        record: Any,
        game_class: type[Game[Any, Any]],
        settings: LiveSettings | None = None,
        **options: Any,
    ) -> LiveMatch:
        """Resume a match from its record (as stored step by step): the engine's ``replay``
        rebuilds and checks it, then the runtime wraps it; timers are armed afresh on start,
        so whoever is deciding gets the full time limit again."""
        return cls(replay(record, game_class), settings, **options)

    # ---- lifecycle ---------------------------------------------------------------------------
    def start(self) -> None:
        """Start the match task (in the running event loop): roll any pending chance, then play."""
        if self._task is not None:
            raise MatchStopped("the live match has already been started")
        self._task = asyncio.get_running_loop().create_task(self._run(), name="live-match")

    async def stop(self) -> None:
        """Stop the match task and every timer; pending submissions get ``MatchStopped``."""
        if self._task is None:
            self._audience.close_all("stopped")
            return
        if not self._task.done():
            self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self._task

    async def finished(self) -> Outcome:
        """Wait for the end of the match and return its outcome (raises ``MatchStopped`` if it
        was stopped first, or the ``persist`` hook's error if storing a step failed)."""
        if self._task is None:
            raise MatchStopped("the live match has not been started")
        try:
            return await asyncio.shield(self._task)
        except asyncio.CancelledError:
            if self._task.cancelled():
                raise MatchStopped("the live match was stopped before the end") from None
            raise

    @property
    def running(self) -> bool:
        """Whether the match task is running."""
        return self._task is not None and not self._task.done()

    async def __aenter__(self) -> LiveMatch:
        self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    # ---- reading -----------------------------------------------------------------------------
    @property
    def version(self) -> int:
        """The match version (applied steps); may run one step ahead while a step is stored."""
        return self.match.version

    @property
    def controllers(self) -> tuple[str | None, ...]:
        """Each seat's controller: a bot spec, or ``None`` for a person."""
        return tuple(self._specs)

    def deciding(self) -> tuple[int, ...]:
        """Who is still deciding now (never what they chose): in a simultaneous choice, the
        seats that have not committed yet; in a reaction window, those not yet answered."""
        pending = self.match.pending
        return () if pending.kind in (Kind.CHANCE, Kind.TERMINAL) else pending.players

    def time_left(self) -> float | None:
        """Seconds before the runtime acts for whoever is still deciding (``None``: no limit)."""
        if self._deadline_at is None:
            return None
        return max(0.0, self._deadline_at - self.clock.now())

    async def view(self, viewer: int | None) -> View:
        """``Match.view(viewer)`` as last told to subscribers (never a step not yet stored)."""
        self._check_seat(viewer, spectator=True)
        while not self._idle.is_set():
            await self._idle.wait()
        if self._unstored:
            raise MatchStopped("the live match stopped: its last step could not be stored")
        return self.match.view(viewer)

    def subscribe(self, viewer: int | None) -> Subscription:
        """A stream of updates for one viewer (a seat, or ``None`` for a spectator).

        The first update (``joined``) is the viewer's full current view, with the events of the
        last ``RECAP_STEPS`` steps as they may see them; if a step is being stored just now, the
        first update is that step's instead. Each later update follows one step or one change
        of controllers. If storing a step failed, the match is ahead of what is stored, and
        the stream ends (``stopped``) with no update at all: what was never stored is never
        shown.
        """
        self._check_seat(viewer, spectator=True)
        sub = self._audience.join(viewer)
        if not self._publishing and not self._unstored:
            recap = list(self._log)[-RECAP_STEPS:]
            table = self._table("joined", None)
            sub.push(update_for(viewer, table, self.match.view(viewer), recap))
        if self._task is not None and self._task.done():
            self._audience.close_all("over" if self.match.finished else "stopped")
        return sub

    def unsubscribe(self, sub: Subscription) -> None:
        """End a subscription (a connection closed)."""
        self._audience.leave(sub)

    # ---- acting ------------------------------------------------------------------------------
    async def submit(
        self, seat: int, action: Any, version: int | None = None, *, tap: float | None = None
    ) -> int:
        """A person's action for ``seat``, made at ``version`` (the version of the view it was
        chosen from). Returns the match version after it, once it is stored and told. ``tap``:
        its fair time on the match's clock (``fair_grabs.fair_tap``), if the server knows it.

        Raises the engine's typed errors: ``GameOver``, ``MalformedAction``, ``StaleVersion``
        (a late answer: "too slow", naming what beat it), ``NotYourDecision`` (also when a bot
        plays the seat now), ``IllegalAction`` (with the rule it breaks). A refused action
        changes nothing.
        """
        reply: asyncio.Future[int] = self._loop_future()
        self._send(Submit(seat, action, version, reply, self.clock.now(), tap))
        return await reply

    def set_reach(self, seat: int, seconds: float) -> None:
        """The most credit a grab of ``seat``'s person may get for their network (their link's
        ``LinkClock.bound``, at most ``MAX_CREDIT``): a race's first grab is held that long for
        a grab of theirs that was made sooner (``docs/live.md``, "Latency-fair races")."""
        self._check_seat(seat)
        self._fair.reach[seat] = max(0.0, min(MAX_CREDIT, float(seconds)))

    async def submit_json(self, seat: int, data: Any, version: int | None = None) -> int:
        """Decode a wire action (raises ``MalformedAction``) and ``submit`` it."""
        return await self.submit(seat, self.game.action_from_json(data), version)

    async def set_controller(self, seat: int, spec: Controller) -> None:
        """Hand ``seat`` to a bot (a spec such as the room's stand-in, or an ``Agent`` built for
        that seat) or back to a person (``None``). The bot acts on the current decision after
        its usual delay; a person taking a seat back keeps whatever time is left on it."""
        self._check_seat(seat)
        agent, name = self._build(seat, spec)
        reply: asyncio.Future[None] = self._loop_future()
        self._send(SetController(seat, name, agent, reply))
        await reply

    # ---- the match task ----------------------------------------------------------------------
    async def _run(self) -> Outcome:
        try:
            if self.settings.start_pause and not self.match.finished:
                await self.clock.sleep(self.settings.start_pause)  # everyone sees the table first
            self._arm_deadline()
            self._notify("start", None)  # the clock now runs: tell those who joined before
            await self._settle()
            while not self.match.finished:
                self._plan()
                command = await self._inbox.get()
                await self._handle(command)
                await self._settle()
            self._audience.close_all("over")
            return self.match.outcome()
        finally:
            self._cancel_timers()
            self._refuse_waiting()
            self._audience.close_all("stopped")

    async def _handle(self, command: Command) -> None:
        if isinstance(command, Submit | BotMove):
            if not self._fair.hold(command, self.match.pending, self._is_person):
                await self._grab(command)
        elif isinstance(command, Release):
            for held in self._fair.close(command.token):
                await self._grab(held)
        elif isinstance(command, Timeout):
            for held in self._fair.close():  # they came before the limit ran out
                await self._grab(held)
            if command.decision == self._decision:
                await self._time_out()
        elif isinstance(command, Thought):
            self._planner.thought(command)
        else:
            self._planner.drop(command.seat)
            self._specs[command.seat] = command.spec
            self._bots[command.seat] = command.agent
            self._notify("seats", None)
            if not command.reply.done():
                command.reply.set_result(None)

    async def _grab(self, command: Grab) -> None:
        if isinstance(command, Submit):
            await self._person_move(command)
        else:
            await self._bot_move(command)

    async def _person_move(self, command: Submit) -> None:
        try:
            version = self._judge(command.seat, command.action, command.version, person=True)
            self.match.check(command.seat, command.action, version)
        except GameError as error:
            if not command.reply.done():
                command.reply.set_exception(error)
            return
        try:
            applied = await self._step(command.seat, command.action, "person")
        except BaseException as error:  # storing failed or the match stopped: it ends here
            if not command.reply.done():
                command.reply.set_exception(MatchStopped(f"the move was not stored: {error!r}"))
            raise
        if not command.reply.done():
            command.reply.set_result(applied.version)

    async def _bot_move(self, command: BotMove) -> None:
        plan = self._planner.take(command.seat, command.token)
        if plan is None:
            return  # dropped or re-decided since its timer was set
        try:
            version = self._judge(command.seat, plan.action, plan.version, person=False)
            self.match.check(command.seat, plan.action, version)
        except GameError:  # outpaced after its timer fired: it decides again in ``_plan``
            if plan.by == "bot":
                plan.agent.outpaced(plan.action)
            return
        await self._step(command.seat, plan.action, plan.by)

    async def _time_out(self) -> None:
        """The current decision ran out of time: close a reaction window by passing for everyone
        still asked, or let the stand-ins of the people still deciding play for them. In a race
        the limit is each person's own: whoever let ``race_limit`` pass without a grab has
        their stand-in race for them, at a bot's speed, until they grab again or the race is
        over. Bots are left to their own timers, except in a window."""
        decision, pending = self._decision, self.match.pending
        if pending.kind is Kind.RACE:
            limit = self.settings.race_limit
            if limit is not None:
                now = self.clock.now()
                self._races.time_out(pending.players, self._is_person, now, limit)
            self._arm_deadline()
            return
        owed = list(pending.players)
        for _ in range(10_000):  # one per seat owed; bound it all the same
            if self._decision != decision:
                return  # the decision is over (or a response reopened the window: a new clock)
            listed = self.match.pending.players
            seat = overdue_seat(pending.kind, owed, listed, self._is_person)
            if seat is None:
                return
            if seat in owed:
                owed.remove(seat)
            action, by = self._overdue_move(seat)
            if action is None:
                return
            self.match.check(seat, action, self.match.version)
            await self._step(seat, action, by)

    def _overdue_move(self, seat: int) -> tuple[Any, By]:
        """What the runtime plays for a seat out of time (``decisions.overdue_move``)."""
        known = self._passes.get(self.match.pending.window)
        stand_in = self._stand_ins[seat]
        return overdue_move(
            self.game, self.match.state, self.match.pending, seat, known, stand_in, self._rng
        )

    async def _settle(self) -> None:
        """Roll chance until someone must decide or the match is over."""
        while self.match.pending.kind is Kind.CHANCE:
            await self._step(CHANCE, None, "chance")

    async def _step(self, player: int, action: Any, by: By) -> Applied:
        """Apply one step (a move already checked by ``Match.check``, or chance), move the
        decision clock, store it, then tell every subscriber."""
        match = self.match
        before = match.pending
        if player == CHANCE:
            events = match.roll_chance()
            action = match.steps[-1].action
        else:  # checked by the caller, with nothing in between (no await)
            events = match.apply_trusted(player, action)
        after = match.pending
        took_out = player != CHANCE and takes_out_only(before, after, player)
        if took_out and before.kind is Kind.REACTION:
            self._passes[before.window] = action
        if not took_out:
            self._settled_from = match.version
        going_on = before.kind is Kind.RACE and same_decision(before, after)
        new_decision = not (took_out or going_on)
        if new_decision:
            self._decision += 1
            self._decision_from = match.version
            self._races.reset()
        elif going_on:  # the grabber is active again; everyone else's clock runs on
            self._races.grabbed(player, self.clock.now(), by == "person")
        applied = Applied(
            version=match.version,
            player=player,
            action=action,
            events=events,
            by=by,
            pending=before,
            took_out_only=took_out,
            record=step_json(self.game, player, action),
        )
        self._log.append(applied)
        self._publishing = True
        self._unstored = True
        self._idle.clear()
        try:
            if self._persist is not None:
                await self._persist(applied)  # may take a while: the database may be away
            self._unstored = False
            if new_decision or going_on:  # its clock starts once it is told, however long
                self._arm_deadline()  # storing took
            self._notify("step", applied)
        finally:
            self._publishing = False
            self._idle.set()
        pause_after = self.game.pause_after
        if pause_after and not match.finished and any(e.kind in pause_after for e in events):
            await self.clock.sleep(self.settings.round_pause)  # everyone sees who won the round
        return applied

    def _judge(self, seat: int, action: Any, version: int | None, *, person: bool) -> int | None:
        """Check what the runtime adds to ``Match.check`` and return the version to check at.

        In the engine's order: the action's type, its version (a late answer stands if only
        passes or commitments came since, see ``decisions``, or if a grab in a race still open
        whose card is still there; else it is too slow, even once the match is over), the end
        of the match, the seat; then whether a bot plays it now.
        """
        match, now = self.match, self.match.version
        if not isinstance(action, self.game.action_types):
            names = ", ".join(t.__name__ for t in self.game.action_types)
            raise MalformedAction(f"{brief(action)} is not a {self.game.id} action ({names})")
        if version is not None and (isinstance(version, bool) or not isinstance(version, int)):
            raise MalformedAction(f"a version is a whole number, got {brief(version)}")
        if version is not None and version > now:
            raise StaleVersion(f"version {version} is ahead of the match (now at {now})")
        if version is not None and version < now:
            kind = match.pending.kind
            if kind in STANDING_KINDS and version >= self._settled_from:
                version = now  # only passes or commitments came since: the answer stands
            elif (
                kind is Kind.RACE
                and version >= self._decision_from
                and self.game.is_legal(match.state, seat, action)
            ):
                version = now  # the same race, and what it reaches for is still there
            else:
                beaten = beaten_by(self._log, version)
                seen_as = [self._name(s, seat) for s in range(self.game.players)]
                raise StaleVersion(too_slow(self.game, seat, version, now, beaten, seen_as))
        if match.finished:
            raise GameOver("the match is over; no more actions are accepted")
        self._check_seat(seat)
        if person and self._specs[seat] is not None:
            raise NotYourDecision(
                f"seat {seat} is played by the bot {self._specs[seat]} now; "
                "take the seat back first"
            )
        return version

    # ---- bots and clocks ---------------------------------------------------------------------
    def _plan(self) -> None:
        """Arm the decision's deadline, and plan a move for every bot still deciding (and, with
        ``auto_pass``, every person whose only answer in a window is to pass)."""
        if self._armed != self._decision:
            self._arm_deadline()
        deciders: list[Decider] = []
        for seat, agent in enumerate(self._bots):
            if agent is not None:
                deciders.append((agent, "bot"))
            elif seat in self._races.stand_ins:
                deciders.append((self._stand_ins[seat], "stand-in"))
            elif self._lone_pass(seat):
                deciders.append((self._stand_ins[seat], "person"))
            else:
                deciders.append(None)
        self._planner.refresh(self.match, self._settled_from, deciders, self._decision_from)

    def _lone_pass(self, seat: int) -> bool:
        """Whether a person's only answer in an open reaction window is to pass (and the room
        lets the runtime answer it for them)."""
        if not self.settings.auto_pass or self.match.pending.kind is not Kind.REACTION:
            return False
        return len(self.game.legal_actions(self.match.state, seat)) == 1

    def _arm_deadline(self) -> None:
        """Start the clock of the current decision (its limit depends on its kind)."""
        if self._deadline is not None:
            self._deadline.cancel()
        self._deadline, self._deadline_at, self._armed = None, None, self._decision
        limit = self.settings.limit(self.match.pending.kind)
        if limit is None:
            return
        now = self.clock.now()
        pending = self.match.pending
        if pending.kind is Kind.RACE:  # each person's own limit since their last grab
            self._deadline_at = self._races.deadline(pending.players, self._is_person, now, limit)
            if self._deadline_at is None:
                return
            limit = max(0.0, self._deadline_at - now)
        else:
            self._deadline_at = now + limit
        timeout = Timeout(self._decision)
        self._deadline = self.clock.call_later(limit, self._inbox.put_nowait, timeout)

    def _cancel_timers(self) -> None:
        self._planner.drop_all()
        if self._deadline is not None:
            self._deadline.cancel()
        self._deadline, self._deadline_at = None, None

    # ---- telling -----------------------------------------------------------------------------
    def _notify(self, reason: Reason, applied: Applied | None) -> None:
        """Tell every subscriber: each its own view, the events redacted for it."""
        self._audience.tell(self._table(reason, applied), self.match.view)

    def _table(self, reason: Reason, applied: Applied | None) -> Table:
        deadline = self._deadline_at
        try:
            now = self.clock.now()
        except RuntimeError:  # no running loop: a subscriber joined before the match started
            deadline = None
        return Table(
            reason=reason,
            version=self.match.version,
            applied=applied,
            deciding=self.deciding(),
            time_left=None if deadline is None else max(0.0, deadline - now),
            controllers=self.controllers,
            outcome=self.match.outcome().to_json() if self.match.finished else None,
        )

    # ---- small helpers -----------------------------------------------------------------------
    def _build(self, seat: int, spec: Controller) -> tuple[Agent | None, str | None]:
        """The bot for a controller, and the name updates show for it (``None``: a person)."""
        if spec is None:
            return None, None
        if isinstance(spec, Agent):
            if spec.seat != seat or spec.game is not self.game:
                raise MalformedAction(
                    f"the bot {spec.name} was built for seat {spec.seat} of another game or "
                    f"seat, not seat {seat} of this match"
                )
            spec.attach(self._state)
            return spec, spec.name
        bot = make_bot(spec, self.game, seat, own_code=self.settings.own_code_bots)
        bot.attach(self._state)
        return bot, spec

    def _state(self) -> Any:
        """The match's current state, for bots that search (they re-deal what they cannot see
        with ``shuffle_hidden`` before use: see ``Agent.attach``)."""
        return self.match.state

    def _send(self, command: Command) -> None:
        if self._task is None:
            raise MatchStopped("the live match has not been started")
        if self._task.done():
            raise self._refusal(command)
        self._inbox.put_nowait(command)

    def _refuse_waiting(self) -> None:
        """Answer every command still held or queued once the task ends."""
        waiting: list[Command] = [*self._fair.close()]
        while not self._inbox.empty():
            waiting.append(self._inbox.get_nowait())
        for command in waiting:
            if isinstance(command, Submit | SetController) and not command.reply.done():
                command.reply.set_exception(self._refusal(command))

    def _refusal(self, command: Command) -> GameError:
        """The answer to a command that comes after the task ended: for a move, what the match
        would say (too slow, not an action...), else that it is over or stopped."""
        if not self.match.finished:
            return MatchStopped("the live match has stopped")
        if isinstance(command, Submit):
            try:
                self._judge(command.seat, command.action, command.version, person=True)
            except GameError as error:
                return error
        return GameOver("the match is over; no more actions are accepted")

    @staticmethod
    def _loop_future() -> asyncio.Future[Any]:
        return asyncio.get_running_loop().create_future()

    def _is_person(self, seat: int) -> bool:
        return self._specs[seat] is None

    def _name(self, seat: int, asking: int) -> str:
        return "you" if seat == asking else self.names[seat]

    def _check_seat(self, seat: object, spectator: bool = False) -> None:
        check_seat(self.game.players, seat, spectator)
