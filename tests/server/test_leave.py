"""Giving up a seat, and the host role passing on: in the lobby the seat opens again; during
the matches the stand-in plays it at once and the person watches (never seeing the hand they
left); the host role passes to the next seated person when the host leaves or stays away, or
when the host hands it over, and a restart keeps it."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import httpx
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
from tests.server.test_ws import table


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'gamenight.db'}"


def leave(base: str, code: str, token: str | None) -> httpx.Response:
    """Give up the seat of ``token`` (no Authorization header without one)."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return httpx.post(f"{base}/api/rooms/{code}/leave", headers=headers, timeout=10)


def room_of(base: str, code: str) -> dict[str, Any]:
    """The room as anyone sees it."""
    data: dict[str, Any] = httpx.get(f"{base}/api/rooms/{code}", timeout=10).json()
    return data


async def refused(base: str, code: str, token: str) -> dict[str, Any]:
    """The error a connection with ``token`` is refused with."""
    client = await Client.open(ws_address(base, code, token), "refused")
    error = await client.wait(lambda m: m["type"] == "error")
    await client.close()
    return error


def test_leaving_in_the_lobby_opens_the_seat_again(sqlite_url: str) -> None:
    """Bob leaves before the first match: his seat is open (Cy takes it), his token holds
    nothing (a second leave and a connection with it are refused), his connection watches."""

    async def go(base: str) -> None:
        made = create_room(base, "toss-up", 3, name="Ann")
        code = made["code"]
        bob = join(base, code, "Bob")
        bobc = await Client.open(bob["ws_url"], "bob")
        await bobc.wait(lambda m: m["type"] == "welcome" and m["seat"] == 1)
        answer = leave(base, code, bob["token"])
        assert answer.status_code == 200, answer.text
        assert answer.json()["host_token"] is None
        seat = answer.json()["room"]["seats"][1]
        assert (seat["kind"], seat["name"], seat["left"]) == ("open", None, False)
        assert answer.json()["room"]["host"] == 0
        await bobc.wait(lambda m: m["type"] == "welcome" and m["seat"] is None, start=1)
        again = leave(base, code, bob["token"])
        assert again.status_code == 403
        assert again.json()["message"] == "that token holds no seat in this room"
        assert (await refused(base, code, bob["token"]))["code"] == "unauthorized"
        assert join(base, code, "Cy")["seat"] == 1
        assert join(base, code, "Bob")["seat"] == 2  # he may come back to an open seat
        await bobc.close()

    with serving(sqlite_url) as server:
        asyncio.run(go(server.url))


def test_the_host_leaving_the_lobby_passes_the_role_on(sqlite_url: str) -> None:
    """Ann, the host, leaves: Bob (seat 2, connected) is the host rather than Cy (seat 1, not
    connected); his seat token does the host's work and Ann's host token no longer does. A
    host alone who leaves stays the host with a fresh host token."""

    async def go(base: str) -> None:
        made = create_room(base, "toss-up", 3, name="Ann")
        code, host = made["code"], made["host_token"]
        cy = join(base, code, "Cy", seat=1)
        bob = join(base, code, "Bob", seat=2)
        bobc = await Client.open(bob["ws_url"], "bob")
        answer = leave(base, code, made["token"])
        assert answer.status_code == 200, answer.text
        assert answer.json()["room"]["host"] == 2  # Bob is here, Cy is not
        assert answer.json()["host_token"] is None
        await bobc.wait(lambda m: m["type"] == "room" and m["room"]["host"] == 2)
        path = f"/api/rooms/{code}/seats/0/bot"
        stale = host_call(base, "PUT", path, host, json={"bot": "random"})
        assert stale.status_code == 403
        assert "Bob (seat 2) is the host" in stale.json()["message"]
        assert host_call(base, "PUT", path, cy["token"], json={"bot": "random"}).status_code == 403
        seated = host_call(base, "PUT", path, bob["token"], json={"bot": "random"})
        assert seated.status_code == 200, seated.text
        own = host_call(base, "DELETE", f"/api/rooms/{code}/seats/2", bob["token"])
        assert own.status_code == 409  # the host's own seat: leaving is how it is given up
        await bobc.close()

        alone = create_room(base, "toss-up", 2, name="Dee")
        kept = leave(base, alone["code"], alone["token"])
        assert kept.status_code == 200, kept.text
        fresh = kept.json()["host_token"]
        assert fresh and kept.json()["room"]["host"] is None
        path = f"/api/rooms/{alone['code']}/seats/0/bot"
        assert (
            host_call(base, "PUT", path, alone["host_token"], json={"bot": "random"}).status_code
            == 403
        )
        assert host_call(base, "PUT", path, fresh, json={"bot": "random"}).status_code == 200

    with serving(sqlite_url) as server:
        asyncio.run(go(server.url))


def test_leaving_during_a_match_hands_the_seat_to_the_stand_in_at_once(sqlite_url: str) -> None:
    """Ann (the host) leaves in the middle of a Toss Your Cookies match, long before any grace
    period would end: the stand-in plays her seat at once, the room shows she left, the host
    role goes to Bob; her connection now watches and never again sees a hand. The match goes
    on to its end, and Bob's seat token offers the rematch, where her seat is the stand-in's
    from the start."""

    async def go(base: str) -> None:
        made, clients, tokens = await table(
            base, "toss-your-cookies", ["Ann", "Bob", "Cy"], limits={"grace_seconds": 600}
        )
        code = made["code"]
        _seat, found = await drive_to(base, made, clients, random.Random(3), past(12))
        number = found["match_number"]
        ann = clients.pop(0)
        mark = len(ann.messages)
        answer = leave(base, code, tokens[0])
        assert answer.status_code == 200, answer.text
        seat = answer.json()["room"]["seats"][0]
        assert (seat["name"], seat["stand_in"], seat["left"]) == ("Ann", True, True)
        assert answer.json()["room"]["host"] == 1
        await clients[1].wait(
            lambda m: m["type"] == "update" and m["controllers"][0] is not None, timeout=10
        )
        welcome = await ann.wait(lambda m: m["type"] == "welcome", start=mark)
        assert welcome["seat"] is None
        assert await drive(clients, random.Random(4), number=number) is None  # to the end
        after = ann.messages[ann.messages.index(welcome) :]
        watched = [m for m in after if m["type"] == "update"]
        assert watched, "she watches the rest of the match"
        assert all(m["view"]["you"] is None for m in watched)
        assert all(m["view"]["state"]["hand"] is None for m in watched)
        assert (await refused(base, code, tokens[0]))["code"] == "unauthorized"

        stale = host_call(base, "POST", f"/api/rooms/{code}/rematch", made["host_token"])
        assert stale.status_code == 403
        again = host_call(base, "POST", f"/api/rooms/{code}/rematch", tokens[1])
        assert again.status_code == 200, again.text
        assert again.json()["seats"][0]["stand_in"] is True
        first = await clients[1].wait(
            lambda m: m["type"] == "update" and m["match_number"] == number + 1
        )
        assert first["controllers"][0] is not None
        for client in [ann, *clients.values()]:
            await client.close()

    with serving(sqlite_url) as server:
        asyncio.run(go(server.url))


def test_a_host_away_past_the_grace_period_passes_the_role_on(sqlite_url: str) -> None:
    """Ann, the host, closes her page during a match and stays away: after the grace period
    the stand-in plays her seat and Bob, who is here, is the host. Back in the lobby of
    another room, a host away from the lobby passes the role on too."""

    async def go(base: str) -> None:
        made, clients, _tokens = await table(
            base, "toss-up", ["Ann", "Bob"], limits={"grace_seconds": 0.3}, options={"target": 1000}
        )
        await clients[0].close()
        passed = await clients[1].wait(
            lambda m: m["type"] == "room" and m["room"]["host"] == 1, timeout=10
        )
        assert passed["room"]["seats"][0]["stand_in"] is True
        assert room_of(base, made["code"])["host"] == 1
        await clients[1].close()

        lobby = create_room(base, "toss-up", 2, limits={"grace_seconds": 0.3}, name="Dee")
        dee = await Client.open(lobby["ws_url"], "dee")
        eve = join(base, lobby["code"], "Eve")
        evec = await Client.open(eve["ws_url"], "eve")
        await dee.close()
        await evec.wait(lambda m: m["type"] == "room" and m["room"]["host"] == 1, timeout=10)
        await evec.close()

    with serving(sqlite_url) as server:
        asyncio.run(go(server.url))


def test_the_host_hands_the_role_over_and_a_restart_keeps_who_left_and_who_hosts(
    db_url: str,
) -> None:
    """Ann hands the host role to Bob; after a restart Bob is still the host (his seat token
    starts the match, Ann's tokens do not). Cy leaves during the match; after another restart
    her seat still shows she left, the stand-in plays it at once, and her token holds nothing."""
    made: dict[str, Any] = {}
    bob: dict[str, Any] = {}
    cy: dict[str, Any] = {}

    with serving(db_url) as server:
        base = server.url
        made.update(create_room(base, "toss-up", 3, limits={"grace_seconds": 600}, name="Ann"))
        code = made["code"]
        bob.update(join(base, code, "Bob"))
        cy.update(join(base, code, "Cy"))
        path = f"/api/rooms/{code}/host"
        handed = host_call(base, "POST", path, made["host_token"], json={"seat": 1})
        assert handed.status_code == 200, handed.text
        assert handed.json()["host"] == 1

    with serving(db_url) as server:
        base = server.url
        assert room_of(base, code)["host"] == 1
        path = f"/api/rooms/{code}/start"
        for token in (made["host_token"], made["token"]):
            assert host_call(base, "POST", path, token).status_code == 403
        started = host_call(base, "POST", path, bob["token"])
        assert started.status_code == 200, started.text
        left = leave(base, code, cy["token"])
        assert left.status_code == 200, left.text

    with serving(db_url) as server:
        base = server.url
        seat = room_of(base, code)["seats"][2]
        assert (seat["name"], seat["left"], seat["stand_in"]) == ("Cy", True, True)
        assert leave(base, code, cy["token"]).status_code == 403


def test_after_a_restart_an_absent_host_has_the_grace_period_to_come_back(sqlite_url: str) -> None:
    """The server restarts with two rooms in their lobby. In the first only Bob comes back:
    once the grace period is over he is the host, as if Ann had just gone. In the second Eve
    comes back first and Dee, the host, within the grace period: Dee stays the host."""
    with serving(sqlite_url) as server:
        base = server.url
        limits = {"grace_seconds": 1.5}
        first = create_room(base, "toss-up", 2, limits=limits, name="Ann")
        bob = join(base, first["code"], "Bob")
        second = create_room(base, "toss-up", 2, limits=limits, name="Dee")
        eve = join(base, second["code"], "Eve")

    async def go(base: str) -> None:
        bobc = await Client.open(ws_address(base, first["code"], bob["token"]), "bob")
        evec = await Client.open(ws_address(base, second["code"], eve["token"]), "eve")
        dee = await Client.open(ws_address(base, second["code"], second["token"]), "dee")
        passed = await bobc.wait(lambda m: m["type"] == "room" and m["room"]["host"] == 1)
        assert passed["room"]["seats"][0]["connected"] is False
        await asyncio.sleep(2.0)  # past Dee's grace period, had she not come back
        assert room_of(base, second["code"])["host"] == 0
        assert all(m["room"]["host"] == 0 for m in evec.messages if "room" in m)
        for client in (bobc, evec, dee):
            await client.close()

    with serving(sqlite_url) as server:
        asyncio.run(go(server.url))


def test_bad_leave_and_handover_requests_say_what_was_wrong(sqlite_url: str) -> None:
    """No token, a token of no seat (the host token of a host who holds no seat), no such
    room, a handover to an open seat, to a seat that does not exist, or by someone not the
    host: each refused with its own status and sentence."""
    with serving(sqlite_url) as server:
        base = server.url
        made = create_room(base, "toss-up", 3)
        code, host = made["code"], made["host_token"]
        bob = join(base, code, "Bob", seat=1)
        none = leave(base, code, None)
        assert none.status_code == 401
        assert "your seat's token" in none.json()["message"]
        assert leave(base, code, host).json()["message"] == "that token holds no seat in this room"
        assert leave(base, "ZZZZZZ", bob["token"]).status_code == 404
        path = f"/api/rooms/{code}/host"
        open_seat = host_call(base, "POST", path, host, json={"seat": 2})
        assert open_seat.status_code == 409
        assert "seat 2 holds no person" in open_seat.json()["message"]
        assert host_call(base, "POST", path, host, json={"seat": 7}).status_code == 422
        assert host_call(base, "POST", path, bob["token"], json={"seat": 1}).status_code == 403
        assert httpx.post(base + path, json={"seat": 1}).status_code == 401
        handed = host_call(base, "POST", path, host, json={"seat": 1})
        assert handed.json()["host"] == 1, handed.text
