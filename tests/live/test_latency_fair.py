"""Latency-fair races on virtual time: a link's round trip and clock offset, a grab's fair time
(receipt to tap) within a stated bound, forged taps refused, and the match holding a race's
first grab for a grab made sooner on a slower link."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from gamenight.engine import Kind, Match, StaleVersion
from gamenight.games.toss_your_cookies.rules import Grab
from gamenight.live import Applied, LiveMatch, LiveSettings, MatchStopped
from gamenight.live.clock import VirtualClock
from gamenight.live.fair_grabs import (
    JITTER,
    MAX_CREDIT,
    TOLERANCE,
    ForgedTap,
    LinkClock,
    fair_tap,
)
from tests.engine.grab_bag import Object, Pass
from tests.live.helpers import run
from tests.live.test_races import milk_race, object_window


def measured(rtt: float, device_offset: float, at: float = 100.0, probes: int = 3) -> LinkClock:
    """A link whose probes took ``rtt`` (the same each way), to a device whose clock reads
    ``device_offset`` seconds ahead of the server's."""
    link = LinkClock()
    for n in range(probes):
        sent = at + n
        stamp = link.probe(sent)
        device = (sent + rtt / 2 + device_offset) * 1000
        assert link.answer(stamp, device, sent + rtt)
    return link


# ---- the link: round trip and offset ----------------------------------------------------------
def test_a_link_measures_its_round_trip_and_offset_on_the_servers_clock() -> None:
    """Three probes over a 200 ms round trip to a device whose clock is 5000 s ahead: the round
    trip is 200 ms and the offset -5000 s; the bound is that round trip plus the jitter."""
    link = measured(0.2, 5000.0)
    best = link.best()
    assert best is not None
    assert best.rtt == pytest.approx(0.2)
    assert best.offset == pytest.approx(-5000.0)
    assert link.bound() == pytest.approx(0.2 + JITTER)
    assert measured(2.0, 0.0).bound() == MAX_CREDIT  # never more than the stated bound
    assert LinkClock().bound() == 0.0  # nothing measured: no credit


def test_the_quickest_probe_gives_the_offset_and_a_forged_answer_teaches_nothing() -> None:
    """A slow probe (queued behind a big update) does not spoil the offset: the quickest one
    is used. An answer to a probe never sent is ignored, so a device cannot make its link look
    quicker than it is."""
    clock = VirtualClock()
    link = LinkClock()
    slow = link.probe(clock.now())
    assert link.answer(slow, 0.9 * 1000, 1.0)  # 1 s round trip, 0.4 s of it on the way back
    quick = link.probe(2.0)
    assert link.answer(quick, 2.05 * 1000, 2.1)
    best = link.best()
    assert best is not None and best.rtt == pytest.approx(0.1)
    assert best.offset == pytest.approx(0.0)
    assert not link.answer(2.0 * 1000 + 7, 0.0, 2.2)  # never sent
    assert not link.answer(quick, 2.05 * 1000, 2.2)  # answered already
    assert link.samples == 2


# ---- a grab's fair time ---------------------------------------------------------------------
def test_a_slow_links_grab_gets_its_round_trip_back() -> None:
    """The race is sent at 10.0 s over a 200 ms link (100 ms each way); the person taps 150 ms
    after it reached the phone; the grab arrives at 10.35 s. Its fair time is 10.15 s (sent
    plus the reaction), a credit of 200 ms, whatever the phone's clock reads."""
    link = measured(0.2, -42.0)
    seen = (10.1 - 42.0) * 1000
    tap = fair_tap(link, 7, 10.0, 10.35, seen, seen + 150)
    assert tap.at == pytest.approx(10.15)
    assert tap.credit == pytest.approx(0.2)
    assert not tap.clamped


def test_a_claim_beyond_the_bound_is_clamped_to_it() -> None:
    """On a 20 ms link a grab that claims a reaction of 1 ms, arriving 400 ms after the race
    was sent, would be credited 399 ms; it gets the link's bound (20 ms + jitter), no more."""
    link = measured(0.02, 0.0)
    tap = fair_tap(link, 7, 10.0, 10.4, 10.3 * 1000, 10.301 * 1000)
    assert tap.clamped
    assert tap.credit == pytest.approx(0.02 + JITTER)
    assert tap.at == pytest.approx(10.4 - 0.02 - JITTER)


def test_a_forged_early_tap_is_refused() -> None:
    """Claims that cannot be true are refused, each beyond what the offset may be wrong by
    (half the round trip plus the tolerance): the race seen before the server sent it, a tap
    before the race reached the phone, a tap after the grab reached the server."""
    link = measured(0.2, 0.0)
    slack = 0.1 + TOLERANCE
    with pytest.raises(ForgedTap, match="forged early tap: it says version 7 reached the device"):
        fair_tap(link, 7, 10.0, 10.35, (10.0 - slack - 0.01) * 1000, 10.2 * 1000)
    with pytest.raises(ForgedTap, match=r"forged early tap: the tap .* comes before version 7"):
        fair_tap(link, 7, 10.0, 10.35, 10.1 * 1000, 10.05 * 1000)
    with pytest.raises(ForgedTap, match="after the grab reached the server"):
        fair_tap(link, 7, 10.0, 10.35, 10.1 * 1000, (10.35 + slack + 0.01) * 1000)
    with pytest.raises(ForgedTap, match="not finite"):
        fair_tap(link, 7, 10.0, 10.35, float("nan"), 10.2 * 1000)
    # just inside the slack: an honest phone whose offset is off by half the round trip
    assert fair_tap(link, 7, 10.0, 10.35, (10.0 - slack + 0.005) * 1000, 10.2 * 1000).credit > 0


def test_a_liar_about_its_clock_gains_at_most_the_bound() -> None:
    """A phone on a 20 ms link measured honestly, then claiming its clock is anything it likes:
    a receipt earlier than the race was sent is refused, and any claim that passes gets at
    most the bound, so its grab counts at most 50 ms before its arrival."""
    link = measured(0.02, 0.0)
    arrived = 10.5
    best = arrived
    for shift in range(-500, 501, 25):  # what the liar claims, ms either way
        seen = 10.01 * 1000 + shift
        for reaction in (0.0, 1.0, 100.0, 400.0):
            try:
                tap = fair_tap(link, 3, 10.0, arrived, seen, seen + reaction)
            except ForgedTap:
                continue
            best = min(best, tap.at)
    assert best == pytest.approx(arrived - 0.02 - JITTER)


def test_no_credit_without_a_measured_link_or_a_known_update() -> None:
    """Before the first probe is answered, or for a version whose update this connection was
    not sent, a grab counts from its arrival (a tap before the receipt is refused all the
    same)."""
    tap = fair_tap(LinkClock(), 3, 10.0, 10.4, 0.0, 100.0)
    assert (tap.at, tap.credit) == (10.4, 0.0)
    tap = fair_tap(measured(0.2, 0.0), 3, None, 10.4, 0.0, 100.0)
    assert (tap.at, tap.credit) == (10.4, 0.0)
    with pytest.raises(ForgedTap):
        fair_tap(LinkClock(), 3, None, 10.4, 100.0, 0.0)


# ---- the match: a collection window ---------------------------------------------------------
def three_in_a_milk_race() -> tuple[Match, list[int]]:
    """A four-player Toss Your Cookies match at its first milk race: three people race."""
    match = milk_race()
    return match, list(match.pending.players)


async def at(clock: VirtualClock, when: float, act: Callable[[], Awaitable[Any]]) -> Any:
    """Do ``act`` at virtual time ``when``; its answer, or the error it raised."""
    await clock.sleep(max(0.0, when - clock.now()))
    try:
        return await act()
    except Exception as error:  # the test looks at refusals too
        return error


def racing(
    reaches: dict[int, float] | None,
) -> tuple[LiveMatch, VirtualClock, list[int], list[tuple[float, Applied]]]:
    """Everyone a person, no time limits or pauses; ``reaches``: each racer's link bound."""
    match, racers = three_in_a_milk_race()
    clock = VirtualClock()
    stored: list[tuple[float, Applied]] = []

    async def persist(applied: Applied) -> None:
        stored.append((clock.now(), applied))

    names = ["Dan"] * match.game.players  # the tosser; the racers are Ann, Bob and Cat
    for seat, name in zip(racers, ("Ann", "Bob", "Cat"), strict=True):
        names[seat] = name
    settings = LiveSettings(start_pause=0.0, race_limit=None, turn_limit=None, window_limit=None)
    live = LiveMatch(
        match, settings, names=names, persist=persist, rng=random.Random(3), clock=clock
    )
    for i, reach in enumerate((reaches or {}).values()):
        live.set_reach(racers[i], reach)
    return live, clock, racers, stored


def grab_milk() -> Grab:
    return Grab("milk")


def test_the_quicker_tapper_on_the_slower_link_wins_the_milk() -> None:
    """Ann on a 20 ms link taps 120 ms after the race reached her: her grab arrives at 0.14 s.
    Bob on a 200 ms link taps 30 ms after it reached him (0.13 s), his grab arrives at 0.23 s,
    after Ann's. His reaction was quicker: his fair time (0.03 s) is before hers (0.12 s), and
    he gets the milk ("the first player to grab the milk takes it"); Ann is told Bob was first.
    Both grabs are applied when the window opened by Ann's closes: her fair time plus the
    largest bound of the others (Bob's 0.23 s), at 0.35 s."""

    async def main() -> tuple[Any, Any, list[tuple[float, Applied]], list[int]]:
        live, clock, racers, stored = racing({0: 0.05, 1: 0.23, 2: 0.05})
        ann, bob = racers[0], racers[1]
        version = live.version
        async with clock.jumping(), live:
            t0 = clock.now()
            ann_grab = at(
                clock, t0 + 0.14, lambda: live.submit(ann, grab_milk(), version, tap=t0 + 0.12)
            )
            bob_grab = at(
                clock, t0 + 0.23, lambda: live.submit(bob, grab_milk(), version, tap=t0 + 0.03)
            )
            ann_answer, bob_answer = await asyncio.gather(ann_grab, bob_grab)
            return ann_answer, bob_answer, [(t - t0, a) for t, a in stored], racers

    ann_answer, bob_answer, stored, racers = run(main())
    assert isinstance(ann_answer, StaleVersion)
    assert "too slow: Bob played 'grab milk' first" in str(ann_answer)
    assert isinstance(bob_answer, int)
    when, grabbed = stored[0]
    assert grabbed.player == racers[1]
    assert when == pytest.approx(0.12 + 0.23)


def test_in_arrival_order_without_measured_links_the_first_to_arrive_wins_at_once() -> None:
    """The terminal's way (nobody on a measured link): nothing is held. Ann's grab arriving
    first wins the moment it arrives, whatever tap Bob's claims."""

    async def main() -> tuple[Any, Any, list[tuple[float, Applied]]]:
        live, clock, racers, stored = racing(None)
        ann, bob = racers[0], racers[1]
        version = live.version
        async with clock.jumping(), live:
            t0 = clock.now()
            ann_grab = at(clock, t0 + 0.14, lambda: live.submit(ann, grab_milk(), version))
            bob_grab = at(clock, t0 + 0.23, lambda: live.submit(bob, grab_milk(), version, tap=t0))
            ann_answer, bob_answer = await asyncio.gather(ann_grab, bob_grab)
            return ann_answer, bob_answer, [(t - t0, a) for t, a in stored]

    ann_answer, bob_answer, stored = run(main())
    assert isinstance(ann_answer, int)
    assert isinstance(bob_answer, StaleVersion)
    assert stored[0][0] == pytest.approx(0.14)


def test_a_grab_is_held_no_longer_than_the_bound_and_a_later_one_cannot_reach_back() -> None:
    """Ann's grab (fair time 0.12 s) is held until 0.35 s (Bob's bound 0.23 s after it), not a
    moment more. Bob's grab arriving at 0.40 s, claiming a tap at 0.0 s, is too late: the
    window is closed, and the milk is Ann's. The most a slow link gets is its bound."""

    async def main() -> tuple[Any, Any, list[tuple[float, Applied]]]:
        live, clock, racers, stored = racing({0: 0.05, 1: 0.23, 2: 0.05})
        ann, bob = racers[0], racers[1]
        version = live.version
        async with clock.jumping(), live:
            t0 = clock.now()
            ann_grab = at(
                clock, t0 + 0.14, lambda: live.submit(ann, grab_milk(), version, tap=t0 + 0.12)
            )
            bob_grab = at(
                clock, t0 + 0.40, lambda: live.submit(bob, grab_milk(), version, tap=t0 + 0.17)
            )
            ann_answer, bob_answer = await asyncio.gather(ann_grab, bob_grab)
            return ann_answer, bob_answer, [(t - t0, a) for t, a in stored]

    ann_answer, bob_answer, stored = run(main())
    assert isinstance(ann_answer, int)
    assert isinstance(bob_answer, StaleVersion)
    assert stored[0][0] == pytest.approx(0.35)


def test_a_held_grab_is_answered_when_the_match_stops() -> None:
    """A grab held in its window when the match is stopped is answered ``MatchStopped``, never
    left waiting."""

    async def main() -> Any:
        live, clock, racers, _ = racing({0: 0.05, 1: 0.23, 2: 0.05})
        version = live.version
        live.start()
        grab = asyncio.ensure_future(live.submit(racers[0], grab_milk(), version))
        await clock.advance(0.1)  # held: the window closes at 0.23 s
        assert not grab.done()
        assert live.match.pending.kind is Kind.RACE
        await live.stop()
        return await asyncio.gather(grab, return_exceptions=True)

    (answer,) = run(main())
    assert isinstance(answer, MatchStopped)


def test_in_a_window_an_answer_made_sooner_on_a_slower_link_comes_first() -> None:
    """A reaction window (the engine's Grab Bag: "the first objection costs the objector a
    token"): the objector on a 20 ms link objects (fair time 0.12 s, arriving at 0.14 s); the
    other player on a 200 ms link passed sooner (fair time 0.03 s, arriving at 0.23 s). In
    arrival order the pass would be too slow, beaten by the objection; in fair order it comes
    first and stands, then the objection."""

    async def main() -> tuple[Any, Any, list[Applied], int, int]:
        match = object_window()
        objector = next(p for p in match.pending.players if match.state.tokens[p] > 0)
        other = next(p for p in match.pending.players if p != objector)
        clock = VirtualClock()
        stored: list[Applied] = []

        async def persist(applied: Applied) -> None:
            stored.append(applied)

        settings = LiveSettings(start_pause=0.0, window_limit=None, turn_limit=None)
        live = LiveMatch(match, settings, persist=persist, rng=random.Random(2), clock=clock)
        live.set_reach(objector, 0.05)
        live.set_reach(other, 0.23)
        version = live.version
        async with clock.jumping(), live:
            t0 = clock.now()
            objects = at(
                clock, t0 + 0.14, lambda: live.submit(objector, Object(), version, tap=t0 + 0.12)
            )
            passes = at(
                clock, t0 + 0.23, lambda: live.submit(other, Pass(), version, tap=t0 + 0.03)
            )
            answers = await asyncio.gather(objects, passes)
        return answers[0], answers[1], stored, objector, other

    objected, passed, stored, objector, other = run(main())
    assert isinstance(objected, int) and isinstance(passed, int), (objected, passed)
    assert [(a.player, a.action) for a in stored[:2]] == [(other, Pass()), (objector, Object())]
