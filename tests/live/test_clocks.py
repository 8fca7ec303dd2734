"""Time limits: a window that runs out is closed by passing for everyone still asked; a person
who runs out of time is played by their stand-in; who is still choosing, never what."""

from __future__ import annotations

import random
from typing import Any

from gamenight.engine import GameError, Kind, Match, StaleVersion, make_game
from gamenight.live import Applied, LiveMatch, LiveSettings, Update
from gamenight.live.clock import VirtualClock
from tests.engine.grab_bag import Bid, GrabBag, GrabBagConfig
from tests.live.helpers import Recorder, quick, run, walk

NAMES = ["Ann", "Bob", "Cat", "Dan"]


async def first(sub: Any, wanted: Any) -> Update:
    """The first update on ``sub`` for which ``wanted(update)`` holds."""
    async for update in sub:
        if wanted(update):
            return update
    raise AssertionError("the stream ended first")


def run_until(match: Match, wanted: Any, **settings: Any) -> list[Applied]:
    """Wrap ``match`` with every seat a person who never acts, and return the steps stored
    until ``wanted(stored)`` holds (then stop)."""

    async def main() -> list[Applied]:
        stored: list[Applied] = []

        async def persist(applied: Applied) -> None:
            stored.append(applied)

        clock = VirtualClock()
        live = LiveMatch(
            match,
            quick(**settings),
            clock=clock,
            names=NAMES[: match.game.players],
            persist=persist,
            rng=random.Random(5),
        )
        sub = live.subscribe(None)
        async with clock.jumping(), live:
            await first(sub, lambda u: wanted(stored) or u.outcome)
        return stored

    return run(main())


def window_steps(stored: list[Applied]) -> list[Applied]:
    """The steps up to the one that closed the first window."""
    end = next(i for i, a in enumerate(stored) if not a.took_out_only)
    return stored[: end + 1]


def test_a_paper_toss_window_that_runs_out_is_closed_by_passing_for_everyone_asked() -> None:
    """Paper Toss! asks every player at each window; nobody answers in time, so the runtime
    passes for each of them in turn (a system action: the seat's own pass), and the window
    closes as if all had passed."""
    match = Match(make_game("paper-toss", players=3), seed=1)
    walk(match, random.Random(1), lambda m: m.pending.kind is Kind.REACTION)
    asked = match.pending.players
    closed = lambda stored: any(not a.took_out_only for a in stored)  # noqa: E731
    stored = run_until(match, closed, turn_limit=None, window_limit=0.01)
    steps = window_steps(stored)
    assert [a.player for a in steps] == list(asked)
    assert {a.by for a in steps} == {"system"}
    assert {match.game.action_to_text(a.action) for a in steps} == {"pass"}
    assert len(asked) == 3


def test_a_window_is_closed_even_where_the_pass_is_not_the_first_legal_action() -> None:
    """In the engine's test game the pass is listed after the objection: the runtime finds
    the pass by what it does (it only takes the seat out of the window), not by its place."""
    match = Match(GrabBag(GrabBagConfig(players=3)), seed=4)
    walk(match, random.Random(4), lambda m: m.pending.kind is Kind.REACTION and any(m.state.tokens))
    holder = next(p for p in match.pending.players if match.state.tokens[p])
    assert match.game.action_to_text(match.game.legal_actions(match.state, holder)[0]) == "object"
    closed = lambda stored: any(not a.took_out_only for a in stored)  # noqa: E731
    stored = run_until(match, closed, turn_limit=None, window_limit=0.01)
    steps = window_steps(stored)
    assert [a.player for a in steps] == [0, 1, 2]
    assert {match.game.action_to_text(a.action) for a in steps} == {"pass"}
    assert match.state.tokens[holder] >= 1  # nobody objected for them


def test_a_person_out_of_time_is_played_by_the_stand_in_and_a_late_move_says_so() -> None:
    """Toss Up!: the player to move does not answer within the turn limit; their stand-in bot
    plays that decision, and the move they send afterwards is too slow, saying why."""

    async def main() -> tuple[list[Applied], GameError]:
        match = Match(make_game("toss-up"), seed=7)
        match.advance_chance()
        me = match.pending.players[0]
        stored: list[Applied] = []

        async def persist(applied: Applied) -> None:
            stored.append(applied)

        clock = VirtualClock()
        live = LiveMatch(
            match, quick(turn_limit=0.02), persist=persist, rng=random.Random(5), clock=clock
        )
        sub = live.subscribe(me)
        async with clock.jumping(), live:
            joined = await first(sub, lambda u: u.reason == "start")
            assert joined.view["legal"]
            assert joined.time_left is not None
            assert 0 <= joined.time_left <= 0.02
            await first(sub, lambda u: u.reason == "step")
            try:
                action = live.game.action_from_json(joined.view["legal"][0])
                await live.submit(me, action, joined.version)
            except GameError as error:
                return stored, error
        raise AssertionError("the late move was accepted")

    stored, error = run(main())
    assert stored[0].by == "stand-in"
    assert isinstance(error, StaleVersion)
    played = repr(make_game("toss-up").action_to_text(stored[0].action))
    assert str(error) == f"too slow: your time ran out and your stand-in played {played} for you"


def test_simultaneous_choices_time_out_for_the_people_still_choosing_only() -> None:
    """Secret bids: seat 0 bids in time; seats 1 and 2 run out of time and their stand-ins bid
    for them; nobody bids twice."""

    async def main() -> list[Applied]:
        match = Match(GrabBag(GrabBagConfig(players=3)), seed=9)
        match.advance_chance()
        stored: list[Applied] = []

        async def persist(applied: Applied) -> None:
            stored.append(applied)

        settings = quick(turn_limit=0.05, race_limit=None)
        clock = VirtualClock()
        live = LiveMatch(match, settings, persist=persist, rng=random.Random(5), clock=clock)
        sub = live.subscribe(None)
        async with clock.jumping(), live:
            await live.submit(0, Bid(1), live.version)
            await first(sub, lambda u: u.view["pending"]["kind"] != "simultaneous")
        return stored

    stored = run(main())
    assert [(a.player, a.by) for a in stored[:3]] == [
        (0, "person"),
        (1, "stand-in"),
        (2, "stand-in"),
    ]


def test_a_race_that_runs_out_is_finished_by_the_stand_ins() -> None:
    """Grab Bag's token race with nobody grabbing: when the race limit runs out, the stand-ins
    of the people still racing grab for them until the race is over."""
    match = Match(GrabBag(GrabBagConfig(players=3)), seed=9)
    walk(match, random.Random(2), lambda m: m.pending.kind is Kind.RACE)

    def over(stored: list[Applied]) -> bool:
        return bool(stored) and match.pending.kind is not Kind.RACE

    stored = run_until(match, over, turn_limit=None, window_limit=None, race_limit=0.02)
    grabs = [a for a in stored if a.pending.kind is Kind.RACE]
    assert grabs
    assert {a.by for a in grabs} == {"stand-in"}
    assert match.pending.kind is not Kind.RACE


def test_who_is_still_choosing_is_shown_but_never_what_was_chosen() -> None:
    """After seat 0 bids in secret, seat 1 is told who is still choosing (1 and 2) and that
    seat 0 has committed, but not seat 0's bid."""

    async def main() -> Update:
        match = Match(GrabBag(GrabBagConfig(players=3)), seed=9)
        match.advance_chance()
        clock = VirtualClock()
        live = LiveMatch(match, quick(turn_limit=None), rng=random.Random(5), clock=clock)
        sub = live.subscribe(1)
        async with clock.jumping(), live:
            await live.submit(0, Bid(2), live.version)
            return await first(sub, lambda u: u.reason == "step" and u.actor == 0)

    update = run(main())
    assert update.time_left is None  # this room has no turn limit
    assert update.deciding == (1, 2)
    assert update.view["pending"]["players"] == [1, 2]
    assert update.view["state"]["committed"] == [True, False, False]
    assert update.view["state"]["bids"] == [None, None, None]
    assert [e.get("amount") for e in update.events] == [None]


def test_with_auto_pass_only_people_with_a_real_choice_are_left_in_the_window() -> None:
    """Grab Bag's objection window: players holding no token can only pass. With the room's
    ``auto_pass`` on, the runtime passes for them (as their own pass, after a bot-like delay);
    the players who could object are still asked."""

    async def main() -> tuple[Update, list[Applied], tuple[int, ...]]:
        match = Match(GrabBag(GrabBagConfig(players=3)), seed=4)
        walk(
            match,
            random.Random(4),
            lambda m: m.pending.kind is Kind.REACTION and 0 < sum(map(bool, m.state.tokens)) < 3,
        )
        holders = tuple(p for p in match.pending.players if match.state.tokens[p])
        stored: list[Applied] = []

        async def persist(applied: Applied) -> None:
            stored.append(applied)

        settings = quick(auto_pass=True, window_limit=None)
        clock = VirtualClock()
        live = LiveMatch(match, settings, persist=persist, rng=random.Random(1), clock=clock)
        sub = live.subscribe(None)
        async with clock.jumping(), live:
            left = await first(sub, lambda u: set(u.deciding) == set(holders))
        return left, stored, holders

    left, stored, holders = run(main())
    assert stored
    assert all(a.by == "person" and a.player not in holders for a in stored)
    assert left.view["pending"]["kind"] == "reaction"


def test_a_slow_bot_reacts_no_later_than_the_cap() -> None:
    """A bot whose own pace is minutes still grabs within the room's reaction cap."""

    async def main() -> list[Applied]:
        match = Match(GrabBag(GrabBagConfig(players=3)), seed=9)
        walk(match, random.Random(2), lambda m: m.pending.kind is Kind.RACE)
        stored: list[Applied] = []

        async def persist(applied: Applied) -> None:
            stored.append(applied)

        settings = LiveSettings(reaction_cap=0.01, race_limit=None, start_pause=0.0)
        bots = [Recorder(match.game, seat, speed=600) for seat in range(3)]
        clock = VirtualClock()
        live = LiveMatch(match, settings, controllers=bots, persist=persist, clock=clock)
        sub = live.subscribe(None)
        async with clock.jumping(), live:
            await first(sub, lambda u: u.reason == "step")
        return stored

    stored = run(main(), limit=30)
    assert stored[0].by == "bot"


def test_a_pass_made_on_time_out_is_told_to_its_seat_only() -> None:
    """Paper Toss!: nobody answers the window, the runtime passes for each seat. Each seat's
    own update says the pass was made for it (``timed_out``, ``by`` ``system``); the others see
    an ordinary pass (``person``), so nobody learns that a seat could have answered."""

    async def main() -> dict[int | None, list[Update]]:
        match = Match(make_game("paper-toss", players=3), seed=1)
        walk(match, random.Random(1), lambda m: m.pending.kind is Kind.REACTION)
        clock = VirtualClock()
        live = LiveMatch(
            match, quick(turn_limit=None, window_limit=0.01), clock=clock, rng=random.Random(5)
        )
        viewers: list[int | None] = [0, 1, 2, None]
        subs = {v: live.subscribe(v) for v in viewers}
        seen: dict[int | None, list[Update]] = {v: [] for v in viewers}
        async with clock.jumping(), live:
            for viewer, sub in subs.items():
                async for update in sub:
                    if update.reason == "step":
                        seen[viewer].append(update)
                        if len(seen[viewer]) == 3:
                            break
        return seen

    seen = run(main())
    for step in range(3):
        seat = seen[None][step].actor
        assert seat is not None
        for viewer, updates in seen.items():
            update = updates[step]
            assert update.actor == seat
            told = viewer == seat
            assert update.timed_out is told, (viewer, seat)
            assert update.by == ("system" if told else "person"), (viewer, seat)
            assert update.to_json()["timed_out"] is told


def test_a_turn_made_by_the_stand_in_on_time_out_is_told_to_its_seat_only() -> None:
    """Toss Up!: the player to move runs out of time and the stand-in plays; that seat's update
    says it was chosen for them, the other seat's does not."""

    async def main() -> tuple[int, Update, Update]:
        match = Match(make_game("toss-up"), seed=7)
        match.advance_chance()
        me = match.pending.players[0]
        other = 1 - me
        clock = VirtualClock()
        live = LiveMatch(match, quick(turn_limit=0.02), rng=random.Random(5), clock=clock)
        mine, theirs = live.subscribe(me), live.subscribe(other)
        async with clock.jumping(), live:
            told = await first(mine, lambda u: u.reason == "step")
            seen = await first(theirs, lambda u: u.reason == "step")
        return me, told, seen

    me, told, seen = run(main())
    assert told.actor == seen.actor == me
    assert told.by == "stand-in" and told.timed_out
    assert not seen.timed_out
