"""Arrival order: the first answer at a version wins a race; a late one is "too slow", naming
what beat it; answers made before a pass or a commitment still stand."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from gamenight.engine import GameError, Kind, Match, StaleVersion, make_game
from gamenight.engine.match import replay
from gamenight.live import Applied, Controller, LiveMatch, Update
from gamenight.live.clock import VirtualClock
from tests.engine.grab_bag import Bid, GrabBag, GrabBagConfig, Object, Pass
from tests.live.helpers import Recorder, quick, run, walk

NAMES = ["Ann", "Bob", "Cat", "Dan"]


def milk_race(seed: int = 1) -> Match:
    """A Toss Your Cookies match walked to its first milk race (a race for one card)."""
    match = Match(make_game("toss-your-cookies"), seed=seed)
    return walk(
        match,
        random.Random(seed),
        lambda m: m.pending.kind is Kind.RACE and m.pending.window == "milk_race",
    )


def object_window(seed: int = 4) -> Match:
    """A Grab Bag match (the engine's test game) walked to its objection window, with at
    least one player holding a token (so that objecting is legal for someone)."""
    match = Match(GrabBag(GrabBagConfig(players=3)), seed=seed)
    return walk(
        match,
        random.Random(seed),
        lambda m: m.pending.kind is Kind.REACTION and any(m.state.tokens),
    )


async def first(sub: Any, wanted: Any) -> Update:
    """The first update on ``sub`` for which ``wanted(update)`` holds."""
    async for update in sub:
        if wanted(update):
            return update
    raise AssertionError("the stream ended first")


def test_a_person_who_grabs_first_beats_slower_bots_whose_grab_is_dropped() -> None:
    """Toss Your Cookies milk race: "the first player to grab the milk takes it". The person
    grabs as soon as their view shows the race; the bots, slower to react, are outpaced: their
    planned grab is dropped (``Agent.outpaced``), never played."""

    async def main() -> tuple[list[Applied], list[Any], int]:
        match = milk_race()
        racers = match.pending.players
        me = racers[0]
        controllers: list[Controller] = [
            None if seat == me else Recorder(match.game, seat, speed=3)
            for seat in range(match.game.players)
        ]
        stored: list[Applied] = []

        async def persist(applied: Applied) -> None:
            stored.append(applied)

        clock = VirtualClock()
        live = LiveMatch(
            match,
            quick(reaction_scale=0.05),  # bots react in about 0.05 s (virtual)
            controllers=controllers,
            names=NAMES,
            persist=persist,
            rng=random.Random(1),
            clock=clock,
        )
        sub = live.subscribe(me)
        async with clock.jumping(), live:
            joined = await sub.get()
            assert joined is not None
            grab = live.game.action_from_json(joined.view["legal"][0])
            await live.submit(me, grab, joined.version)
            await first(sub, lambda u: u.version > joined.version + 1 or u.outcome)
        return stored, [c for c in controllers if isinstance(c, Recorder)], me

    stored, bots, me = run(main())
    assert stored[0].player == me
    assert stored[0].by == "person"
    assert stored[0].pending.window == "milk_race"
    racing = [b for b in bots if b.seat != me and b.seat in stored[0].pending.players]
    assert racing
    for bot in racing:
        assert bot.dropped, f"seat {bot.seat} was never told it was outpaced"
        assert bot.game.action_to_text(bot.dropped[0]) == "grab milk"


def test_two_grabs_sent_at_once_at_one_version_one_wins_the_other_is_too_slow() -> None:
    """Two people grab the milk at the same version, at the same moment: exactly one grab is
    accepted; the other is refused "too slow", naming who took it."""

    async def main() -> list[Any]:
        match = milk_race()
        a, b = match.pending.players[:2]
        clock = VirtualClock()
        live = LiveMatch(
            match, quick(race_limit=None), names=NAMES, rng=random.Random(2), clock=clock
        )
        async with clock.jumping(), live:
            version = live.version
            grab = live.game.action_from_text("grab milk")
            return await asyncio.gather(
                live.submit(a, grab, version),
                live.submit(b, grab, version),
                return_exceptions=True,
            )

    results = run(main())
    accepted = [r for r in results if isinstance(r, int)]
    refused = [r for r in results if isinstance(r, BaseException)]
    assert len(accepted) == 1
    assert len(refused) == 1
    assert isinstance(refused[0], StaleVersion)
    winner = NAMES[milk_race().pending.players[0]]  # sent first, arrived first
    assert str(refused[0]) == f"too slow: {winner} played 'grab milk' first"


def test_many_grabs_of_one_card_at_once_in_a_scramble_only_the_first_counts() -> None:
    """Every racer grabs the same card (the only one of its kind in the middle) at the same
    version: one grab is applied, every other is refused "too slow"."""

    async def main() -> list[Any]:
        match = Match(make_game("toss-your-cookies"), seed=3)
        walk(match, random.Random(3), lambda m: m.pending.kind is Kind.RACE)
        clock = VirtualClock()
        live = LiveMatch(match, quick(race_limit=None), rng=random.Random(2), clock=clock)
        async with clock.jumping(), live:
            version = live.version
            sends = []
            for seat in match.pending.players:
                legal = match.game.legal_actions(match.state, seat)
                sends.append(live.submit(seat, legal[0], version))
            return await asyncio.gather(*sends, return_exceptions=True)

    results = run(main())
    assert sum(isinstance(r, int) for r in results) == 1
    assert all(isinstance(r, StaleVersion) for r in results if not isinstance(r, int))
    assert all("too slow" in str(r) for r in results if not isinstance(r, int))


def test_an_answer_made_before_someone_else_passed_still_stands() -> None:
    """A reaction window asks everyone; a pass by one player changes nothing the others were
    answering, so an answer sent at the version before that pass is still accepted."""

    async def main() -> tuple[int, int, Match]:
        match = object_window()
        a, b = match.pending.players[:2]
        clock = VirtualClock()
        live = LiveMatch(match, quick(window_limit=None), rng=random.Random(1), clock=clock)
        async with clock.jumping(), live:
            version = live.version
            after_a = await live.submit(a, Pass(), version)
            after_b = await live.submit(b, Pass(), version)  # made before a's pass
            return after_a, after_b, match

    after_a, after_b, match = run(main())
    assert after_b == after_a + 1
    assert match.steps[after_b - 1].action == Pass()


def test_an_answer_made_before_an_objection_is_too_slow_and_names_it() -> None:
    """The first objection in the window settles it: "the first objection costs the objector a
    token"; an answer made before it is refused as too slow, naming the objection."""

    async def main() -> GameError:
        match = object_window()
        objector = next(p for p in match.pending.players if match.state.tokens[p] > 0)
        other = next(p for p in match.pending.players if p != objector)
        clock = VirtualClock()
        live = LiveMatch(
            match, quick(window_limit=None), names=NAMES[:3], rng=random.Random(1), clock=clock
        )
        async with clock.jumping(), live:
            version = live.version
            await live.submit(objector, Object(), version)
            try:
                await live.submit(other, Pass(), version)
            except GameError as error:
                return error
        raise AssertionError("the late answer was accepted")

    error = run(main())
    assert isinstance(error, StaleVersion)
    objector = next(p for p in object_window().pending.players if object_window().state.tokens[p])
    assert str(error) == f"too slow: {NAMES[objector]} played 'object' first"


def test_a_secret_bid_made_before_another_commitment_stands_and_a_late_one_hides_the_bids() -> None:
    """Simultaneous bids: a bid made before another player's bid still stands; a bid made
    after the last bid came in is too slow, and the refusal never says what anyone bid."""

    async def main() -> tuple[list[int], GameError]:
        match = Match(GrabBag(GrabBagConfig(players=3)), seed=9)
        match.advance_chance()
        assert match.pending.kind is Kind.SIMULTANEOUS
        clock = VirtualClock()
        live = LiveMatch(
            match, quick(turn_limit=None), names=NAMES[:3], rng=random.Random(1), clock=clock
        )
        async with clock.jumping(), live:
            start = live.version
            versions = [await live.submit(seat, Bid(2), start) for seat in (0, 1, 2)]
            try:
                await live.submit(0, Bid(1), start)
            except GameError as error:
                return versions, error
        raise AssertionError("a second bid was accepted")

    versions, error = run(main())
    assert versions == [versions[0], versions[0] + 1, versions[0] + 2]
    assert isinstance(error, StaleVersion)
    assert str(error) == "too slow: Cat moved first"  # who closed the bidding; never a bid


def test_grabs_of_different_cards_made_at_one_version_all_stand() -> None:
    """ "The first hand to reach a card gets it": in a scramble, two people grabbing different
    cookies at the same moment both get theirs, though the second grab arrives after the first
    was applied; a later grab of the card already taken is too slow, naming who took it. The
    record replays."""

    async def main() -> tuple[list[Any], Match]:
        match = Match(make_game("toss-your-cookies"), seed=3)
        walk(match, random.Random(3), lambda m: m.pending.kind is Kind.RACE)
        a, b, c = match.pending.players[:3]
        clock = VirtualClock()
        live = LiveMatch(
            match, quick(race_limit=None), names=NAMES, rng=random.Random(2), clock=clock
        )
        async with clock.jumping(), live:
            version = live.version
            game = live.game
            results = await asyncio.gather(
                live.submit(a, game.action_from_text("grab half"), version),
                live.submit(b, game.action_from_text("grab sandwich"), version),
                live.submit(c, game.action_from_text("grab half"), version),
                return_exceptions=True,
            )
        return results, match

    results, match = run(main())
    assert results[0] == results[1] - 1  # both applied, one after the other
    assert isinstance(results[2], StaleVersion)
    assert str(results[2]) == f"too slow: {NAMES[0]} played 'grab half' first"
    grabs = [(s.player, match.game.action_to_text(s.action)) for s in match.steps[-2:]]
    assert grabs == [(0, "grab half"), (1, "grab sandwich")]
    replayed = replay(match.record(), type(match.game))
    assert replayed.state == match.state
