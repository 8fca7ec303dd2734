"""Limits on the work anyone may make the server do without a token (issue 31): spectator
sockets per room, sockets per client address, new rooms per address, presence told at most once
per interval per room, and the coach only within a CPU budget, with a bounded cache."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path
from typing import Any

import httpx
import pytest

from gamenight.games.toss_up.optimal import Solutions
from gamenight.games.toss_up.solver import DiceLaw, solver_config
from gamenight.games.toss_up.state import TossUpState
from gamenight.server.coaching import NOT_AVAILABLE, CoachWorker
from gamenight.server.limits import TOO_MANY_CLOSE, AddressRate, relay_mark, relayed
from gamenight.server.presence import Presence
from tests.server.helpers import Client, create_room, serving, ws_address
from tests.server.test_coach import until_a_choice
from tests.server.test_ws import table


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'gamenight.db'}"


def rooms_told(client: Client) -> list[dict[str, Any]]:
    """The ``room`` messages a client got."""
    return [m["room"] for m in client.messages if m["type"] == "room"]


async def refused(url: str) -> tuple[dict[str, Any], int | None]:
    """Open a socket that the server refuses: its one message and the close code."""
    client = await Client.open(url, "refused")
    message = await client.wait(lambda m: True)
    with contextlib.suppress(AssertionError):
        await client.wait(lambda m: False, timeout=10)  # until the server closes it
    return message, client.ws.close_code


async def refused_soon(url: str) -> tuple[dict[str, Any], int | None]:
    """:func:`refused`, within 20 seconds."""
    return await asyncio.wait_for(refused(url), timeout=20)


# ---- sockets -------------------------------------------------------------------------------
def test_spectators_past_the_room_limit_are_refused_and_seats_still_get_in(
    sqlite_url: str,
) -> None:
    """A room takes ``room_sockets`` spectators; one more is refused with ``too_many`` and
    closed (4429), while a seat's connection (its token was checked) always gets in, so
    spectators can never keep the players out; a spectator who leaves makes room."""

    async def go(base: str) -> None:
        made = create_room(base, "toss-up", 2, name="Ann")
        code = made["code"]
        watchers = [await Client.open(ws_address(base, code, None), f"w{i}") for i in range(3)]
        for watcher in watchers:
            await watcher.wait(lambda m: m["type"] == "welcome")
        message, close_code = await refused_soon(ws_address(base, code, None))
        assert message["type"] == "error" and message["code"] == "too_many"
        assert message["message"] == (
            f"room {code} has 3 spectators, as many as it takes; try again later"
        )
        assert close_code == TOO_MANY_CLOSE
        seat = await Client.open(ws_address(base, code, made["token"]), "Ann")
        welcome = await seat.wait(lambda m: m["type"] == "welcome")
        assert welcome["seat"] == 0
        await watchers[0].close()
        await seat.wait(lambda m: m["type"] == "room" and m["room"]["spectators"] == 2)
        again = await Client.open(ws_address(base, code, None), "again")
        assert (await again.wait(lambda m: True))["type"] == "welcome"
        for client in [*watchers[1:], seat, again]:
            await client.close()

    with serving(sqlite_url, room_sockets=3, address_sockets=0) as server:
        asyncio.run(go(server.url))


def test_an_address_holds_at_most_its_share_of_sockets(sqlite_url: str) -> None:
    """One client address holds at most ``address_sockets`` WebSockets, in all rooms together
    and seats included; the next is refused (``too_many``, 4429) until one closes."""

    async def go(base: str) -> None:
        first = create_room(base, "toss-up", 2, name="Ann")
        second = create_room(base, "paper-toss", 2)
        held = [
            await Client.open(ws_address(base, first["code"], first["token"]), "seat"),
            await Client.open(ws_address(base, second["code"], None), "watcher"),
        ]
        for client in held:
            await client.wait(lambda m: m["type"] == "welcome")
        message, close_code = await refused_soon(ws_address(base, first["code"], None))
        assert message["code"] == "too_many" and close_code == TOO_MANY_CLOSE
        assert message["message"].startswith("this address holds 2 connections to the server")
        await held[1].close()
        for _ in range(200):  # the server counts the close once it has seen it
            retry = await Client.open(ws_address(base, second["code"], None), "retry")
            first_message = await retry.wait(lambda m: True)
            if first_message["type"] == "welcome":
                break
            with contextlib.suppress(AssertionError):
                await retry.wait(lambda m: False, timeout=10)
        else:
            raise AssertionError("a closed socket never made room for another")
        for client in [held[0], retry]:
            await client.close()

    with serving(sqlite_url, address_sockets=2, room_sockets=0) as server:
        asyncio.run(go(server.url))


def test_only_a_process_of_the_cluster_can_say_a_socket_was_relayed() -> None:
    """A relayed socket is counted by the process that accepted it, and the owner trusts the
    relay's header only when it is made with the cluster's record key for that room."""
    key = b"the cluster's record key"
    mark = relay_mark(key, "ROOM22")
    assert relayed(key, "ROOM22", mark)
    assert not relayed(key, "ROOM23", mark)  # another room's
    assert not relayed(b"another key", "ROOM22", mark)  # made without the key
    assert not relayed(key, "ROOM22", None) and not relayed(key, "ROOM22", "yes")


# ---- new rooms -----------------------------------------------------------------------------
def test_new_rooms_per_address_are_rate_limited(sqlite_url: str) -> None:
    """An address creates ``rooms_burst`` rooms at once and then ``rooms_per_minute`` a
    minute; past that the answer is 429 ``rate_limited``, saying when to try again."""
    with serving(sqlite_url, rooms_per_minute=1, rooms_burst=3) as server:
        body = {"game": "toss-up", "seats": 2}
        answers = [httpx.post(server.url + "/api/rooms", json=body, timeout=10) for _ in range(4)]
    assert [a.status_code for a in answers] == [201, 201, 201, 429]
    assert answers[3].json() == {
        "error": "rate_limited",
        "message": "too many requests from this address: at most 3 new rooms at once and 1 a "
        "minute after that; wait a minute and try again",
    }


def test_the_room_rate_refills_with_time_address_by_address() -> None:
    """On virtual time: a full bucket per address, then one more room per 60/rate seconds;
    each address has its own."""
    now = [0.0]
    rate = AddressRate(per_minute=2, burst=2, clock=lambda: now[0])
    assert [rate.take("a"), rate.take("a"), rate.take("a"), rate.take("b")] == [
        True,
        True,
        False,
        True,
    ]
    now[0] = 29.0
    assert not rate.take("a")
    now[0] = 31.0  # one room per 30 s: the next is due at 30 s
    assert rate.take("a") and not rate.take("a")
    assert AddressRate(per_minute=0, burst=1).take("a")  # 0: no limit


# ---- presence ------------------------------------------------------------------------------
class VirtualTimers:
    """Timers on virtual time for :class:`Presence`."""

    def __init__(self) -> None:
        self.now = 0.0
        self.timers: list[tuple[float, Any]] = []

    def later(self, delay: float, fire: Any) -> Any:
        entry = (self.now + delay, fire)
        self.timers.append(entry)
        owner = self

        class Handle:
            def cancel(self) -> None:
                owner.timers.remove(entry)

        return Handle()

    def advance(self, to: float) -> None:
        """Move the clock to ``to``, firing every timer due on the way."""
        while True:
            due = sorted((at, i) for i, (at, _fire) in enumerate(self.timers) if at <= to)
            if not due:
                break
            at, index = due[0]
            self.now = at
            self.timers.pop(index)[1]()
        self.now = to


def test_arrivals_within_an_interval_are_told_by_one_room_message() -> None:
    """300 arrivals and departures spread over 2 s with an interval of 0.5 s: the room is told
    at the first change and then once per interval, 5 messages in all, not 600."""
    virtual = VirtualTimers()
    sent: list[float] = []
    presence = Presence(
        0.5,
        lambda code: sent.append(virtual.now),
        clock=lambda: virtual.now,
        later=virtual.later,
    )
    for i in range(600):
        virtual.advance(i * 2.0 / 600)
        presence.changed("ROOM22")
    virtual.advance(10.0)
    assert sent == [0.0, 0.5, 1.0, 1.5, 2.0]
    presence.told("ROOM22")  # a seat changed: told at once by other means
    presence.changed("ROOM22")
    assert virtual.timers and virtual.timers[0][0] == pytest.approx(10.5)
    presence.told("ROOM22")
    assert not virtual.timers  # the waiting presence message is not needed any more
    instant: list[str] = []
    at_once = Presence(0, instant.append, clock=lambda: 0.0, later=virtual.later)
    for _ in range(3):
        at_once.changed("ROOM22")
    assert instant == ["ROOM22"] * 3  # interval 0: every change at once, as before


def test_a_crowd_arriving_costs_a_few_room_messages_not_one_each(sqlite_url: str) -> None:
    """40 spectators arrive at once: the seated player is told of them in a few room messages
    (at most one per ``presence_seconds``, plus the first), and the last one counts all 40."""

    async def go(base: str) -> None:
        made = create_room(base, "toss-up", 2, name="Ann")
        code = made["code"]
        seat = await Client.open(ws_address(base, code, made["token"]), "Ann")
        await seat.wait(lambda m: m["type"] == "room" and m["room"]["seats"][0]["connected"])
        before = len(rooms_told(seat))
        loop = asyncio.get_running_loop()
        began = loop.time()
        crowd = await asyncio.gather(
            *(Client.open(ws_address(base, code, None), f"w{i}") for i in range(40))
        )
        for watcher in crowd:
            await watcher.wait(lambda m: m["type"] == "welcome")
        await seat.wait(lambda m: m["type"] == "room" and m["room"]["spectators"] == 40)
        elapsed = loop.time() - began
        told = len(rooms_told(seat)) - before
        assert told <= 2 + elapsed / 0.5, (told, elapsed)
        assert told < 40
        for watcher in crowd:
            await watcher.close()
        await seat.wait(lambda m: m["type"] == "room" and m["room"]["spectators"] == 0)
        await seat.close()

    with serving(sqlite_url, room_sockets=0, address_sockets=0, presence_seconds=0.5) as server:
        asyncio.run(go(server.url))


# ---- the coach -----------------------------------------------------------------------------
def deciding_state(config: Any) -> dict[str, Any]:
    """A 2-player Toss Up! view (seat 0's) with a choice to make: the first roll of the match
    set one green aside."""
    from gamenight.games.toss_up.game import TossUp

    game = TossUp(config)
    law = DiceLaw.of(game)
    state = TossUpState(
        scores=(0, 0), player=0, turn_points=1, dice_left=law.dice_left(1), rolled=True
    )
    return dict(game.observe(state, 0))


def test_the_coach_answers_within_its_budget_and_refuses_options_past_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Options that solve within the CPU budget get advice (from a worker process); options
    past it (target 200 with 30 dice: 85 s of CPU once) are refused as "the coach is not
    available for these options", at once from then on, and the server's cache folder gets no
    file for either."""
    monkeypatch.setenv("GAMENIGHT_CACHE", str(tmp_path / "cache"))
    small = solver_config(target=12)
    huge = solver_config(target=200, dice=30)

    async def go() -> None:
        worker = CoachWorker(cpu_seconds=2, keep=2)
        try:
            advice, message = await worker.advise("toss-up", small.to_json(), deciding_state(small))
            assert message is None and advice is not None and advice["best"] in ("roll", "bank")
            loop = asyncio.get_running_loop()
            advice, message = await worker.advise("toss-up", huge.to_json(), deciding_state(huge))
            assert (advice, message) == (None, NOT_AVAILABLE)
            began = loop.time()
            again = await worker.advise("toss-up", huge.to_json(), deciding_state(huge))
            assert again == (None, NOT_AVAILABLE)
            assert loop.time() - began < 1.0  # no second try at the solve
            advice, message = await worker.advise("toss-up", small.to_json(), deciding_state(small))
            assert advice is not None  # the worker goes on serving
        finally:
            worker.close()

    asyncio.run(go())
    assert not list((tmp_path / "cache").glob("*.npz"))


def test_solutions_in_memory_are_bounded_least_recently_used_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At most ``keep`` solved games stay in memory, the least recently used dropped first;
    with ``save`` off none is written to the cache folder."""
    monkeypatch.setenv("GAMENIGHT_CACHE", str(tmp_path))
    solutions = Solutions(keep=2, save=False)
    a, b, c = (solver_config(target=t) for t in (5, 6, 7))
    solutions(a)
    solutions(b)
    solutions(a)  # a is used again: b is now the oldest
    solutions(c)
    assert solutions.held() == [a, c]
    assert not list(tmp_path.glob("*.npz"))


def test_a_seat_asking_the_coach_about_huge_options_is_refused_not_served(
    sqlite_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Over a real WebSocket: a room of target 200 with 30 dice asks the coach; the answer is
    the refusal, within seconds, where the server used to solve for 85 s of CPU."""
    monkeypatch.setenv("GAMENIGHT_CACHE", str(tmp_path / "cache"))

    async def go(base: str) -> None:
        options = {"target": 200, "dice": 30}
        _made, clients, _tokens = await table(base, "toss-up", ["Ann", "Bob"], options=options)
        seat, _update = await until_a_choice(clients)
        # a guard, not a speed check: the worker's 1 s of CPU (and its start) can take minutes
        # of wall time on a machine loaded twenty deep
        answer = await clients[seat].reply({"type": "coach"}, timeout=300)
        assert answer["type"] == "advice"
        assert answer["advice"] is None and answer["message"] == NOT_AVAILABLE
        pong = await clients[1 - seat].reply({"type": "ping"})
        assert pong["type"] == "pong"
        for client in clients.values():
            await client.close()

    with serving(sqlite_url, coach_cpu_seconds=1) as server:
        asyncio.run(go(server.url))
