"""The moves the runtime has decided for seats and is waiting to play, one per seat at most.

A seat's move is planned when the seat must decide and a bot decides for it (or, with
``auto_pass``, when a person's only answer in a window is to pass). The plan waits out a
human-like delay on a timer, then comes back to the match task as a ``BotMove`` command. A plan
stands while the decision it answers is still open and only passes or commitments have come since,
and while its move is still legal. Otherwise it is dropped, and the bot is told through
``Agent.outpaced``.

With ``bots_in_threads``, a bot thinks in a worker thread, and the time it takes counts toward its
delay. The event loop stays free for every other match meanwhile. A seat never has two thoughts
running at once, so an agent is never used by two threads.
"""

from __future__ import annotations

import asyncio
import itertools
import random
from collections.abc import Callable, Sequence
from typing import Any

from gamenight.bots.base import Agent
from gamenight.bots.races import reach_stands
from gamenight.engine.core import Kind
from gamenight.engine.game import Game
from gamenight.engine.match import Match
from gamenight.live.clock import Clock
from gamenight.live.commands import BotMove, Command, Plan, Thought
from gamenight.live.decisions import bot_delay, decide
from gamenight.live.settings import LiveSettings
from gamenight.live.updates import By

#: Who decides for a seat now: its agent and how the step will be marked, or ``None``.
Decider = tuple[Agent, By] | None


class Planner:
    """The planned moves of one match; every method runs in the match task."""

    def __init__(
        self,
        game: Game[Any, Any],
        settings: LiveSettings,
        rng: random.Random,
        seat_rngs: Sequence[random.Random],
        send: Callable[[Command], None],
        clock: Clock,
    ) -> None:
        self.clock = clock
        self.game = game
        self.settings = settings
        self._rng = rng
        self._seat_rngs = seat_rngs
        self._send = send
        self._plans: dict[int, Plan] = {}
        self._tokens = itertools.count(1)
        self._thinking: set[int] = set()

    def refresh(
        self,
        match: Match,
        settled_from: int,
        deciders: Sequence[Decider],
        decision_from: int | None = None,
    ) -> None:
        """Keep each plan that still stands, drop the others, and plan for every seat that
        must decide with a decider and no plan (``decision_from``: the version the open
        decision began at, so a race's later grabs are told from its first)."""
        pending = match.pending
        for seat, decider in enumerate(deciders):
            if decider is None or seat not in pending.players:
                self.drop(seat)
                continue
            agent, by = decider
            plan = self._plans.get(seat)
            if (
                plan is not None
                and plan.agent is agent
                and plan.by == by
                and self._stands(plan, match, seat, settled_from)
            ):
                continue
            self.drop(seat)
            if seat in self._thinking:
                continue  # an earlier thought is still running: plan once it is back
            going_on = decision_from is not None and match.version > decision_from
            self._start(seat, agent, by, match, going_on)

    def _stands(self, plan: Plan, match: Match, seat: int, settled_from: int) -> bool:
        """Whether a plan still lands (the race model of ``gamenight.bots.races``): in a race,
        while its card is still there, whatever else was grabbed; in a window or a choice,
        while only passes or commitments came since and the move is still legal."""
        if plan.version == match.version:
            return True  # nothing happened since it was made
        still_legal = plan.action is None or self.game.is_legal(match.state, seat, plan.action)
        return reach_stands(
            self.game.pending(plan.state),
            match.pending,
            seat,
            still_legal,
            lambda: plan.version >= settled_from,
        )

    def _start(self, seat: int, agent: Agent, by: By, match: Match, going_on: bool) -> None:
        plan = Plan(None, match.version, next(self._tokens), by, agent, match.state)
        # a seat that has just grabbed in a race reaches for its next card without noticing
        # the race afresh; anyone else (a new race, a card taken from under them) notices first
        race = match.pending.kind is Kind.RACE
        plan.fresh = not (race and going_on and match.steps[-1].player == seat)
        self._plans[seat] = plan
        rng = self._seat_rngs[seat]
        if not self.settings.bots_in_threads:
            self._arm(seat, plan, decide(agent, self.game, match.state, rng), 0.0)
            return
        loop = asyncio.get_running_loop()
        started = self.clock.now()
        self._thinking.add(seat)
        thinking = loop.run_in_executor(None, decide, agent, self.game, match.state, rng)

        def done(future: asyncio.Future[Any]) -> None:
            elapsed = self.clock.now() - started
            self._send(Thought(seat, plan.token, future, elapsed))

        thinking.add_done_callback(done)

    def thought(self, command: Thought) -> None:
        """A thought came back from its worker thread: arm its plan if the plan still stands."""
        self._thinking.discard(command.seat)
        plan = self._plans.get(command.seat)
        if plan is None or plan.token != command.token:
            return  # dropped while thinking; ``refresh`` plans again
        future = command.result
        failed = future.cancelled() or future.exception() is not None
        action = None if failed else future.result()
        if failed:  # the worker itself failed: decide here, as a thought would have
            action = decide(plan.agent, self.game, plan.state, self._seat_rngs[command.seat])
        self._arm(command.seat, plan, action, command.elapsed)

    def _arm(self, seat: int, plan: Plan, action: Any, elapsed: float) -> None:
        if action is None:  # no legal move: nothing to plan
            self._plans.pop(seat, None)
            return
        plan.action = action
        kind = self.game.pending(plan.state).kind
        settings, game = self.settings, self.game
        delay = bot_delay(
            settings, kind, plan.agent, game, plan.state, action, self._rng, fresh=plan.fresh
        )
        plan.handle = self.clock.call_later(
            max(0.0, delay - elapsed), self._send, BotMove(seat, plan.token)
        )

    def take(self, seat: int, token: int) -> Plan | None:
        """The plan whose timer fired, if it is still the seat's plan (then it is removed)."""
        plan = self._plans.get(seat)
        if plan is None or plan.token != token or plan.action is None:
            return None
        del self._plans[seat]
        return plan

    def drop(self, seat: int) -> None:
        """Drop the seat's plan; a bot whose decided move is dropped is told it was outpaced."""
        plan = self._plans.pop(seat, None)
        if plan is None:
            return
        if plan.handle is not None:
            plan.handle.cancel()
        if plan.by == "bot" and plan.action is not None:
            plan.agent.outpaced(plan.action)

    def drop_all(self) -> None:
        """Drop every plan (the match ends or stops)."""
        for seat in list(self._plans):
            self.drop(seat)
