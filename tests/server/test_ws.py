"""WebSocket guarantees over real connections on loopback: tokens, typed refusals on an open
connection, reconnecting, leaving and reclaiming a seat, simultaneous choices, races."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest

from tests.server.helpers import (
    Client,
    create_room,
    drive,
    drive_to,
    host_call,
    join,
    past,
    serving,
    ws_address,
)


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'gamenight.db'}"


async def table(
    base: str,
    game: str,
    names: list[str],
    bots: list[str] = (),  # type: ignore[assignment]
    limits: dict[str, float] | None = None,
    options: dict[str, Any] | None = None,
) -> tuple[dict[str, Any], dict[int, Client], dict[int, str]]:
    """A started room: people in the first seats (connected), then bots; returns the creation
    answer, the clients and the seat tokens."""
    made = create_room(base, game, len(names) + len(bots), options, limits, name=names[0])
    code, host = made["code"], made["host_token"]
    tokens = {0: made["token"]}
    for name in names[1:]:
        joined = join(base, code, name)
        tokens[joined["seat"]] = joined["token"]
    for offset, bot in enumerate(bots):
        seat = len(names) + offset
        answer = host_call(
            base, "PUT", f"/api/rooms/{code}/seats/{seat}/bot", host, json={"bot": bot}
        )
        assert answer.status_code == 200, answer.text
    clients = {
        seat: await Client.open(ws_address(base, code, token), names[seat])
        for seat, token in tokens.items()
    }
    started = host_call(base, "POST", f"/api/rooms/{code}/start", host)
    assert started.status_code == 200, started.text
    for client in clients.values():
        await client.wait(lambda m: m["type"] == "update")
    return made, clients, tokens


def test_without_its_token_nobody_acts_for_or_sees_a_seat(sqlite_url: str) -> None:
    """No token: a spectator, who sees the public view (no hand) and cannot act. A wrong token,
    or another room's token, is refused and the connection closed. A message cannot name a
    seat: the token decides who acts."""

    async def go(base: str) -> None:
        made, clients, _tokens = await table(base, "paper-toss", ["Ann", "Bob"])
        code = made["code"]
        other = create_room(base, "toss-up", 2, name="Eve")
        watcher = await Client.open(ws_address(base, code, None), "watcher")
        welcome = await watcher.wait(lambda m: m["type"] == "welcome")
        assert welcome["seat"] is None
        seen = await watcher.wait(lambda m: m["type"] == "update")
        assert seen["view"]["you"] is None
        assert seen["view"]["legal"] == []
        assert seen["view"]["state"]["hand"] is None
        ann = await clients[0].wait(lambda m: m["type"] == "update" and m["view"]["legal"])
        assert len(ann["view"]["state"]["hand"]) == 5, "a seat sees its own hand"
        refused = await watcher.reply({"type": "act", "action": {"type": "ready"}, "version": 1})
        assert refused["code"] == "spectator"
        for token in ("not-a-token", other["token"], ""):
            intruder = await Client.open(ws_address(base, code, None) + f"?token={token}", "x")
            if token == "":
                assert (await intruder.wait(lambda m: m["type"] == "welcome"))["seat"] is None
                continue
            error = await intruder.wait(lambda m: m["type"] == "error")
            assert error["code"] == "unauthorized"
            assert "holds no seat in this room" in error["message"]
            await asyncio.wait_for(intruder._reader, 10)
            assert intruder.closed
            assert intruder.ws.close_code == 4403
            assert not any(m["type"] == "update" for m in intruder.messages)
        named = await clients[1].reply(
            {"type": "act", "action": {"type": "ready"}, "version": 1, "seat": 0}
        )
        assert named["code"] == "malformed"
        assert "seat" in named["message"]
        for client in [watcher, *clients.values()]:
            await client.close()

    with serving(sqlite_url) as server:
        asyncio.run(go(server.url))


def test_every_refused_message_gets_a_typed_error_and_the_connection_stays_open(
    sqlite_url: str,
) -> None:
    """Malformed (not JSON, unknown type, missing field), not started, not your decision, stale
    version, illegal (with the rule it breaks), too large, rate limited: each answered with its
    code, and a ping afterwards still gets its pong."""

    async def go(base: str) -> None:
        lobby = create_room(base, "paper-toss", 2, name="Ann")
        early = await Client.open(lobby["ws_url"], "early")
        answer = await early.reply({"type": "act", "action": {"type": "ready"}, "version": 0})
        assert answer["code"] == "not_started"
        await early.close()

        made, clients, _tokens = await table(base, "paper-toss", ["Ann", "Bob"])
        update = await clients[0].wait(lambda m: m["type"] == "update" and m["view"]["legal"])
        ann, bob = clients[0], clients[1]
        version = update["version"]

        async def refused(client: Client, message: dict[str, Any] | str, code: str) -> Any:
            start = len(client.messages)
            await client.send(message)
            error = await client.wait(lambda m: m["type"] == "error", start=start)
            assert error["code"] == code, error
            pong = await client.reply({"type": "ping"})
            assert pong["type"] == "pong"
            return error

        error = await refused(ann, "this is not json", "malformed")
        assert "types are: act, ping, sync" in error["message"]
        await refused(ann, {"type": "fly"}, "malformed")
        error = await refused(ann, {"type": "act", "version": version}, "malformed")
        assert "action" in error["message"]
        error = await refused(
            bob,
            {"type": "act", "action": {"type": "ready"}, "version": version},
            "not_your_decision",
        )
        assert "player 1 may not act now" in error["message"]
        error = await refused(
            ann,
            {"type": "act", "action": {"type": "ready"}, "version": version + 5},
            "stale_version",
        )
        assert "ahead of the match" in error["message"]
        error = await refused(
            ann,
            {"type": "act", "action": {"type": "bully", "target": 0}, "version": version},
            "illegal",
        )
        assert error["rule"] == "bully must target another player, not yourself"
        assert "legal:" in error["message"]
        error = await refused(
            ann, {"type": "act", "action": {"type": "teleport"}, "version": version}, "malformed"
        )
        big = json.dumps({"type": "ping", "ref": "x", "pad": "y" * 10_000})
        error = await refused(ann, big, "too_large")
        assert "4096 bytes at most" in error["message"]
        for _ in range(30):  # the burst is 20 messages
            await ann.send({"type": "ping"})
        limited = await ann.wait(lambda m: m.get("code") == "rate_limited")
        assert "at most 10 a second" in limited["message"]
        await asyncio.sleep(2.5)  # the bucket refills
        assert (await ann.reply({"type": "ping"}))["type"] == "pong"
        # After all that, the seat still plays.
        await ann.send({"type": "act", "action": {"type": "ready"}, "version": version})
        moved = await ann.wait(lambda m: m["type"] == "update" and m["version"] > version)
        assert moved["actor"] == 0
        assert made["code"]
        for client in clients.values():
            await client.close()

    with serving(sqlite_url, rate_per_second=10.0, rate_burst=20) as server:
        asyncio.run(go(server.url))


def test_a_reconnect_resumes_the_seat_with_its_full_view(sqlite_url: str) -> None:
    """A seat that drops and connects again (a page reload) gets its whole current view first,
    equal to the last view it was sent, and goes on playing."""

    async def go(base: str) -> None:
        made, clients, tokens = await table(base, "toss-your-cookies", ["Ann", "Bob", "Cy"])
        _seat, found = await drive_to(base, made, clients, random.Random(3), past(25))
        number = found["match_number"]
        bob = clients[1]
        await asyncio.sleep(0.2)
        before = bob.latest()
        assert before is not None
        await bob.close()
        again = await Client.open(ws_address(base, made["code"], tokens[1]), "Bob again")
        welcome = await again.wait(lambda m: m["type"] == "welcome")
        assert welcome["seat"] == 1
        first = await again.wait(lambda m: m["type"] == "update")
        assert first["reason"] == "joined"
        assert first["version"] == before["version"]
        assert first["view"] == before["view"]
        assert first["view"]["state"]["hand"] == before["view"]["state"]["hand"]
        clients[1] = again
        assert await drive(clients, random.Random(4), number=number) is None  # to the end
        for client in clients.values():
            await client.close()

    with serving(sqlite_url) as server:
        asyncio.run(go(server.url))


def test_a_player_who_leaves_is_played_by_a_bot_and_can_reclaim_the_seat(sqlite_url: str) -> None:
    """After the grace period a bot plays the seat of a player who left (the room says so);
    the player connects again with their token and plays their own seat again."""

    async def go(base: str) -> None:
        made, clients, tokens = await table(
            base, "toss-up", ["Ann", "Bob"], limits={"grace_seconds": 0.3}, options={"target": 1000}
        )
        ann, bob = clients[0], clients[1]
        await bob.close()
        taken = await ann.wait(
            lambda m: m["type"] == "room" and m["room"]["seats"][1]["stand_in"], timeout=10
        )
        assert taken["room"]["seats"][1]["connected"] is False
        rng = random.Random(5)
        played = await drive(
            {0: ann},
            rng,
            lambda seat, u: any(x["actor"] == 1 and x["by"] == "bot" for x in ann.updates()),
        )
        assert played is not None, "the bot played Bob's seat"
        back = await Client.open(ws_address(base, made["code"], tokens[1]), "Bob again")
        room = await back.wait(
            lambda m: m["type"] == "room" and not m["room"]["seats"][1]["stand_in"]
        )
        assert room["room"]["seats"][1]["connected"] is True
        mine = await back.wait(lambda m: m["type"] == "update" and m["controllers"][1] is None)
        assert mine["controllers"] == [None, None]
        clients[1] = back
        start = len(back.messages)
        await drive(
            clients,
            rng,
            lambda seat, u: any(
                m.get("actor") == 1 and m.get("by") == "person" for m in back.messages[start:]
            ),
        )
        for client in clients.values():
            await client.close()

    with serving(sqlite_url) as server:
        asyncio.run(go(server.url))


def test_a_simultaneous_choice_shows_who_is_still_choosing_never_what(sqlite_url: str) -> None:
    """Toss Your Cookies passes cards all at once (here the action die shows only passes): when
    one player commits, the others learn that they did and who is still choosing, never which
    cards; the chooser sees their own."""

    def choosing(seat: int, update: dict[str, Any]) -> bool:
        pending = update["view"]["pending"]
        return pending["kind"] == "simultaneous" and len(pending["players"]) >= 2

    async def go(base: str) -> None:
        passes = {"action_die": ["pass_left", "pass_right"], "number_die": ["1", "2", "3"]}
        made, clients, _tokens = await table(
            base, "toss-your-cookies", ["Ann", "Bob", "Cy"], options=passes
        )
        seat, update = await drive_to(base, made, clients, random.Random(11), choosing)
        number = update["match_number"]
        version = update["version"]
        for client in clients.values():
            await client.wait(
                lambda m: (
                    m["type"] == "update"
                    and m["match_number"] == number
                    and m["version"] >= version
                )
            )
        waiting = update["view"]["pending"]["players"]
        chooser = waiting[0]
        action = (
            update["view"]["legal"][0]
            if seat == chooser
            else clients[chooser].latest()["view"]["legal"][0]
        )  # type: ignore[index]
        await clients[chooser].send({"type": "act", "action": action, "version": version})
        for other, client in clients.items():
            told = await client.wait(
                lambda m: (
                    m["type"] == "update"
                    and m["match_number"] == number
                    and m["version"] == version + 1
                )
            )
            assert told["deciding"] == [s for s in waiting if s != chooser]
            (event,) = [e for e in told["events"] if e["kind"] == "committed"]
            assert event["player"] == chooser
            if other == chooser:
                assert event["cards"] == action["cards"]
            else:
                assert "cards" not in event
                assert json.dumps(action["cards"]) not in json.dumps(told["events"])
        for client in clients.values():
            await client.close()

    with serving(sqlite_url) as server:
        asyncio.run(go(server.url))


# Real clocks and sockets: under load the race can be missed; two more tries, as in tests/table.
@pytest.mark.flaky(reruns=2, reruns_delay=2)
def test_a_race_goes_to_the_first_to_arrive_and_a_late_grab_is_too_slow(sqlite_url: str) -> None:
    """Two grabs of the same card sent at the same moment in a Toss Your Cookies race (here the
    action die shows only Toss, so every turn ends in a scramble): exactly one is played, and
    the other player is told "too slow", naming who grabbed what first. The card is one with no
    twin in the middle: a grab stands while a card of its kind is still there."""

    def racing(seat: int, update: dict[str, Any]) -> bool:
        pending = update["view"]["pending"]
        return pending["kind"] == "race" and len(pending["players"]) >= 2

    async def go(base: str) -> None:
        made, clients, _tokens = await table(
            base, "toss-your-cookies", ["Ann", "Bob", "Cy"], options={"action_die": ["toss"]}
        )
        names = {0: "Ann", 1: "Bob", 2: "Cy"}
        _seat, update = await drive_to(base, made, clients, random.Random(2), racing)
        number = update["match_number"]
        version = update["version"]
        a, b = update["view"]["pending"]["players"][:2]
        views = {}
        for s in (a, b):
            views[s] = await clients[s].wait(
                lambda m: (
                    m["type"] == "update"
                    and m["match_number"] == number
                    and m["version"] == version
                )
            )
        starts = {s: len(clients[s].messages) for s in (a, b)}
        legal = views[a]["view"]["legal"]
        centre = views[a]["view"]["state"]["centre"] or []
        lone = [g for g in legal if g.get("card") == "milk" or centre.count(g.get("card")) == 1]

        async def both_grab(grab: dict[str, Any]) -> None:
            act = {"type": "act", "action": grab, "version": version}
            await asyncio.gather(*(clients[s].send({**act, "ref": f"grab{s}"}) for s in (a, b)))

        if not lone:  # every card has a twin: both grabs of one kind stand, one after the other
            await both_grab(legal[0])
            second = await clients[a].wait(
                lambda m: (
                    m["type"] == "update"
                    and m["match_number"] == number
                    and m["version"] == version + 2
                )
            )
            assert second["actor"] in (a, b)
            for client in clients.values():
                await client.close()
            return
        grab = lone[0]
        await both_grab(grab)
        after = await clients[a].wait(
            lambda m: (
                m["type"] == "update"
                and m["match_number"] == number
                and m["version"] == version + 1
            )
        )
        winner = after["actor"]
        assert winner in (a, b)
        loser = b if winner == a else a
        late = await clients[loser].wait(
            lambda m: m.get("ref") == f"grab{loser}", start=starts[loser]
        )
        assert late["code"] == "stale_version"
        grabbed = grab
        assert late["message"].startswith(f"too slow: {names[winner]} played 'grab")
        assert grabbed["card"] in late["message"]
        assert not any(m.get("ref") == f"grab{winner}" for m in clients[winner].messages)
        for client in clients.values():
            await client.close()

    with serving(sqlite_url) as server:
        asyncio.run(go(server.url))


def test_a_turn_played_for_a_person_on_time_out_is_told_over_the_wire_to_them_only(
    sqlite_url: str,
) -> None:
    """Toss Up!, nobody acts: the turn's time runs out and the stand-in plays. The update sent
    to the person whose turn it was says ``timed_out``; the other person's does not."""

    async def go(base: str) -> None:
        _made, clients, _tokens = await table(
            base, "toss-up", ["Ann", "Bob"], limits={"turn_seconds": 0.5}
        )
        steps = {
            seat: await client.wait(
                lambda m: m["type"] == "update" and m["by"] == "stand-in", timeout=20
            )
            for seat, client in clients.items()
        }
        assert steps[0]["version"] == steps[1]["version"]
        mover = steps[0]["actor"]
        assert steps[mover]["timed_out"] is True
        assert steps[1 - mover]["timed_out"] is False
        for client in clients.values():
            await client.close()

    with serving(sqlite_url) as server:
        asyncio.run(go(server.url))
