"""Whole games on the live runtime: bots alone, a person with bots, nobody at all; what each
viewer is told, and that every step is stored before anyone hears of it."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from gamenight.engine import CHANCE, Kind, Match, make_game, replay
from gamenight.live import Applied, LiveMatch, Update
from tests.live.helpers import GAMES, fresh_copy, person, quick, record_of, run


@pytest.mark.parametrize(
    ("bot", "threads"), [("random", False), ("default", False), ("default", True)]
)
@pytest.mark.parametrize("game_id", GAMES)
def test_a_game_of_bots_alone_plays_to_the_end_and_its_store_replays_it(
    game_id: str, bot: str, threads: bool
) -> None:
    """Bots play every seat on their own clocks (deciding in the match task, or in worker
    threads); each step reaches the store once, in order, and the stored steps replay to the
    same final state and outcome."""

    async def main() -> tuple[Match, list[Applied], Any]:
        game = make_game(game_id)
        match = Match(game, seed=11)
        stored: list[Applied] = []

        async def persist(applied: Applied) -> None:
            stored.append(applied)

        live = LiveMatch(
            match,
            quick(bots_in_threads=threads),
            controllers=[bot] * game.players,
            persist=persist,
            rng=random.Random(3),
        )
        async with live:
            outcome = await live.finished()
        return match, stored, outcome

    match, stored, outcome = run(main())
    assert match.finished
    assert outcome == match.outcome()
    assert [a.version for a in stored] == list(range(1, match.version + 1))
    assert {a.by for a in stored} <= {"bot", "chance", "system"}
    assert all((a.player == CHANCE) == (a.by == "chance") for a in stored)
    again = replay(record_of(match, stored), type(match.game))
    assert again.finished
    assert again.outcome() == outcome
    assert again.game.observe(again.state, None) == match.game.observe(match.state, None)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_person_with_bots_finishes_with_scripted_moves(game_id: str) -> None:
    """Seat 0 is a person answering from their own updates; the bots fill the other seats.
    Every move of seat 0 outside a timed-out window is the person's own."""

    async def main() -> tuple[Match, list[Applied], dict[str, int]]:
        game = make_game(game_id)
        match = Match(game, seed=5)
        stored: list[Applied] = []

        async def persist(applied: Applied) -> None:
            stored.append(applied)

        settings = quick(turn_limit=None, window_limit=2.0, race_limit=None)
        controllers = [None, *["default"] * (game.players - 1)]
        live = LiveMatch(
            match, settings, controllers=controllers, persist=persist, rng=random.Random(8)
        )
        sub = live.subscribe(0)
        async with live:
            script = asyncio.create_task(person(live, 0, sub, random.Random(2)))
            await live.finished()
            counts = await script
        return match, stored, counts

    match, stored, counts = run(main())
    assert match.finished
    mine = [a for a in stored if a.player == 0]
    assert counts["other"] == 0
    assert counts["moves"] == sum(1 for a in mine if a.by == "person") > 0
    assert all(a.by in ("person", "system") for a in mine)
    assert all(a.pending.window for a in mine if a.by == "system")  # only windows time out


@pytest.mark.parametrize("game_id", GAMES)
def test_with_nobody_answering_the_clocks_play_the_whole_game(game_id: str) -> None:
    """Every seat is a person who never acts: each turn runs out and the stand-in plays it,
    each window runs out and the runtime passes for everyone still asked, to the end."""

    async def main() -> tuple[Match, list[Applied]]:
        game = make_game(game_id)
        match = Match(game, seed=21)
        stored: list[Applied] = []

        async def persist(applied: Applied) -> None:
            stored.append(applied)

        settings = quick(stand_in="default", turn_limit=0.002, race_limit=0.002)
        live = LiveMatch(match, settings, persist=persist, rng=random.Random(4))
        async with live:
            await live.finished()
        return match, stored

    match, stored = run(main())
    assert match.finished
    assert {a.by for a in stored} <= {"chance", "stand-in", "system"}
    assert any(a.by == "stand-in" for a in stored)
    again = fresh_copy(match)
    for applied in stored:
        if applied.by == "system":  # a system action is the seat's own pass in a window
            assert applied.pending.kind is Kind.REACTION
            assert applied.action in again.game.legal_actions(again.state, applied.player)
            # it only took the seat out of the window, or was the last answer and closed it
            assert applied.took_out_only or applied.pending.players == (applied.player,)
        again.apply_trusted(applied.player, applied.action)
    if game_id == "paper-toss":
        assert any(a.by == "system" for a in stored)


@pytest.mark.parametrize("game_id", ["paper-toss", "toss-your-cookies", "cover-your-cookies"])
def test_each_viewer_is_told_only_its_own_view_and_its_own_redaction_of_events(
    game_id: str,
) -> None:
    """Every update a seat or spectator receives is exactly ``Match.view`` for that viewer at
    that version, with the step's events redacted for that viewer: never another seat's hand."""

    async def main() -> tuple[Match, dict[int | None, list[Update]]]:
        game = make_game(game_id)
        match = Match(game, seed=33)
        live = LiveMatch(match, quick(), controllers=["default"] * game.players)
        viewers: list[int | None] = [*range(game.players), None]
        subs = {v: live.subscribe(v) for v in viewers}
        async with live:
            await live.finished()
        received = {v: [u async for u in sub] for v, sub in subs.items()}
        return match, received

    match, received = run(main())
    again = fresh_copy(match)
    events_at: dict[int, tuple[Any, ...]] = {}
    views_at: dict[int, dict[int | None, Any]] = {0: {v: again.view(v) for v in received}}
    for step in match.steps:
        events = again.apply_trusted(step.player, step.action)
        events_at[again.version] = events
        views_at[again.version] = {v: again.view(v) for v in received}
    for viewer, updates in received.items():
        assert [u.reason for u in updates[:2]] == ["joined", "start"]
        assert [u.version for u in updates[1:]] == list(range(match.version + 1))
        for update in updates:
            assert update.view == views_at[update.version][viewer]
            if update.reason == "step":
                expected = [e.for_viewer(viewer) for e in events_at[update.version]]
                assert list(update.events) == expected
    # the check can fail: the seats' views do differ (each sees only its own hand)
    differ = [v for v in range(1, match.game.players) if views_at[3][v] != views_at[3][0]]
    assert differ


def test_each_step_is_stored_before_any_viewer_hears_of_it() -> None:
    """The persist hook is awaited to the end before the step's update is queued for anyone,
    and a viewer joining while a step is stored first hears of that step, not before."""

    async def main() -> tuple[list[tuple[str, int]], list[int]]:
        game = make_game("toss-your-cookies")
        match = Match(game, seed=2)
        order: list[tuple[str, int]] = []
        joined: list[int] = []
        live: LiveMatch

        async def persist(applied: Applied) -> None:
            await asyncio.sleep(0.001)  # a slow store: a runtime that does not wait shows here
            if applied.version == 5:
                late = live.subscribe(1)
                assert late.pending() == 0  # nothing told before the store is done
                late_task.append(asyncio.create_task(first_version(late)))
            order.append(("stored", applied.version))

        async def first_version(sub: Any) -> None:
            update = await sub.get()
            joined.append(update.version)

        async def watch(sub: Any) -> None:
            async for update in sub:
                order.append(("seen", update.version))

        late_task: list[asyncio.Task[None]] = []
        live = LiveMatch(match, quick(), controllers=["random"] * 4, persist=persist)
        watcher = asyncio.create_task(watch(live.subscribe(None)))
        async with live:
            await live.finished()
        await watcher
        await asyncio.gather(*late_task)
        return order, joined

    order, joined = run(main())
    where = {entry: i for i, entry in enumerate(order)}
    versions = [v for kind, v in order if kind == "stored"]
    assert versions
    for version in versions:
        assert where[("stored", version)] < where[("seen", version)]
    assert joined == [5]
