"""Hostile input to ``gamenight serve``: every malformed message is a typed refusal that echoes
nothing unsafe, a connection whose sending fails is closed and logged (the seat shows as away),
and integers out of range in a path or body are a 4xx, never a 500."""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path
from typing import Any

import httpx
import pytest

from gamenight.server.connection import MAX_DEPTH, Connection
from gamenight.server.protocol import Pong
from tests.server.helpers import (
    Client,
    ServerThread,
    create_room,
    host_call,
    join,
    serving,
    settings_for,
    ws_address,
)


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'gamenight.db'}"


async def refused(client: Client, raw: str, code: str = "malformed") -> dict[str, Any]:
    """Send ``raw`` as it is; the error that answers it (a ping after it still gets its pong)."""
    start = len(client.messages)
    await client.send(raw)
    error = await client.wait(lambda m: m["type"] == "error", timeout=10, start=start)
    assert error["code"] == code, error
    assert (await client.reply({"type": "ping"}, timeout=10))["type"] == "pong"
    return error


def test_a_ref_that_cannot_be_sent_back_is_dropped_and_the_seat_goes_on(sqlite_url: str) -> None:
    """A lone surrogate in ``ref`` (JSON ``"\\ud800"``) is refused as ``malformed`` without the
    ref (it could not be written back as UTF-8), and so is a ref with a control character or of
    the wrong type; the connection still answers."""

    async def go(base: str) -> None:
        made = create_room(base, "toss-up", 2, name="Ann")
        ann = await Client.open(made["ws_url"], "Ann")
        await ann.wait(lambda m: m["type"] == "welcome")
        for raw in (
            '{"type": "ping", "ref": "\\ud800"}',
            '{"type": "ping", "ref": "a\\udc00b"}',
            '{"type": "ping", "ref": "bell\\u0007"}',
            '{"type": "ping", "ref": "next\\u0085line"}',
            '{"type": "ping", "ref": 7}',
            '{"type": "ping", "ref": ["x"]}',
        ):
            error = await refused(ann, raw)
            assert error["ref"] is None, raw
        error = await refused(ann, '{"type": "fly", "ref": "mine-1"}')
        assert error["ref"] == "mine-1"  # a sane ref still comes back
        await ann.close()

    with serving(sqlite_url) as server:
        asyncio.run(go(server.url))


def test_a_connection_whose_sending_fails_is_closed_logged_and_shown_away(
    sqlite_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Should a message ever fail to be written (here one carrying a lone surrogate is queued
    on the seat's connection from inside the server), the connection is closed (1011) with a
    log line, and the seat shows as away: its grace period runs out and the stand-in plays."""
    settings = settings_for(sqlite_url)
    with ServerThread(settings) as server:
        base = server.url
        made = create_room(base, "toss-up", 2, limits={"grace_seconds": 0}, name="Ann")
        code = made["code"]
        answer = host_call(
            base,
            "PUT",
            f"/api/rooms/{code}/seats/1/bot",
            made["host_token"],
            json={"bot": "hold:20"},
        )
        assert answer.status_code == 200, answer.text

        async def go() -> None:
            ann = await Client.open(made["ws_url"], "Ann")
            watcher = await Client.open(ws_address(base, code, None), "watcher")
            await watcher.wait(lambda m: m["type"] == "welcome")
            started = host_call(base, "POST", f"/api/rooms/{code}/start", made["host_token"])
            assert started.status_code == 200, started.text
            await ann.wait(lambda m: m["type"] == "update")
            service = server.server.config.app.state.service
            (seat,) = [c for c in service.rooms[code].listeners if c.seat == 0]
            assert isinstance(seat, Connection)
            watcher_task = service.rooms[code].watcher
            assert watcher_task is not None
            loop = watcher_task.get_loop()  # the server's loop
            with caplog.at_level(logging.WARNING, logger="gamenight.server"):
                loop.call_soon_threadsafe(seat.push, Pong(ref="\ud800"))
                await asyncio.wait_for(ann._reader, 10)
                assert ann.ws.close_code == 1011
                away = await watcher.wait(
                    lambda m: (
                        m["type"] == "room"
                        and not m["room"]["seats"][0]["connected"]
                        and m["room"]["seats"][0]["stand_in"]
                    ),
                    timeout=10,
                )
            assert away["room"]["seats"][0]["name"] == "Ann"
            lines = [r.getMessage() for r in caplog.records]
            assert any(f"room {code}: sending to seat 0 failed" in line for line in lines), lines
            await watcher.close()

        asyncio.run(go())


def test_deep_nesting_and_loose_types_are_malformed(sqlite_url: str) -> None:
    """JSON nested 2,000 deep (4,000 bytes, under the size limit) is a ``malformed`` refusal,
    not a closed socket; so is anything nested past the limit. ``version`` takes a JSON whole
    number only: "3", true and 3.0 are refused, and a version past 2**53 too."""

    async def go(base: str) -> None:
        made = create_room(base, "toss-up", 2, name="Ann")
        ann = await Client.open(made["ws_url"], "Ann")
        await ann.wait(lambda m: m["type"] == "welcome")
        error = await refused(ann, "[" * 2000 + "]" * 2000)
        assert f"nested more than {MAX_DEPTH} deep" in error["message"]
        deep = '{"type": "ping", "ref": "d1", "x": ' + "{" * 2000 + "}" * 2000 + "}"
        error = await refused(ann, deep)
        assert error["ref"] is None  # not read from a message too deep to read
        action = {"type": "roll"}
        for _ in range(MAX_DEPTH):
            action = {"type": "roll", "more": action}
        error = await refused(ann, json.dumps({"type": "act", "action": action, "version": 0}))
        assert "nested" in error["message"]
        for version in ('"3"', "true", "3.0", "-1", str(2**53), "1e400"):
            raw = f'{{"type": "act", "action": {{"type": "roll"}}, "version": {version}}}'
            error = await refused(ann, raw)
            assert "version" in error["message"], (version, error)
        for raw in (
            '{"type": "ping", "ref": "x"',
            '{"type": "ping"} {"type": "ping"}',
            "NaN",
            '"\\ud800"',
        ):
            await refused(ann, raw)
        await ann.close()

    with serving(sqlite_url) as server:
        asyncio.run(go(server.url))


def test_integers_out_of_range_are_refused_with_a_reason(sqlite_url: str) -> None:
    """A match number past SQLite's 64-bit integers (2**63, 10**30) is a 422 naming the range,
    never a 500; so is a seat number of that size in a body; a number sent as a string or a
    boolean where the API takes a number is refused; a body nested past what Python's JSON
    reader takes, or with a number too long to read, is a 400 that says so."""
    with serving(sqlite_url) as server:
        base = server.url
        made = create_room(base, "toss-up", 2, name="Ann")
        code, host = made["code"], made["host_token"]
        for number in (2**63, 10**30, 2**31):
            answer = httpx.get(f"{base}/api/rooms/{code}/matches/{number}/record")
            assert answer.status_code == 422, (number, answer.text)
            assert answer.json()["error"] == "invalid"
            assert "number: " in answer.json()["message"]
        for seat in (2**63, 10**30, 65):
            answer = httpx.post(f"{base}/api/rooms/{code}/join", json={"name": "Bo", "seat": seat})
            assert answer.status_code == 422, (seat, answer.text)
            assert answer.json()["message"].startswith("seat: ")
            answer = host_call(base, "POST", f"/api/rooms/{code}/host", host, json={"seat": seat})
            assert answer.status_code == 422, (seat, answer.text)
        answer = httpx.get(f"{base}/api/rooms/{code}/seats/{10**30}/bot")
        assert answer.status_code in (405, 422)
        answer = host_call(base, "DELETE", f"/api/rooms/{code}/seats/{10**30}", host)
        assert answer.status_code == 422, answer.text
        for body in ({"name": "Bo", "seat": "1"}, {"name": "Bo", "seat": True}):
            answer = httpx.post(f"{base}/api/rooms/{code}/join", json=body)
            assert answer.status_code == 422, (body, answer.text)
        for seats in ("2", True, 2.0):
            answer = httpx.post(
                f"{base}/api/rooms", json={"game": "toss-up", "seats": seats, "name": "Cy"}
            )
            assert answer.status_code == 422, (seats, answer.text)
        answer = httpx.post(
            f"{base}/api/rooms",
            json={"game": "toss-up", "seats": 2, "limits": {"turn_seconds": "5"}},
        )
        assert answer.status_code == 422, answer.text
        assert "limits.turn_seconds: " in answer.json()["message"]
        for unreadable in ("[" * 100_000 + "]" * 100_000, "9" * 5000):
            body = '{"game": "toss-up", "seats": 2, "options": {"target": ' + unreadable + "}}"
            answer = httpx.post(
                f"{base}/api/rooms", content=body, headers={"content-type": "application/json"}
            )
            assert answer.status_code == 400, answer.text
            assert answer.json() == {
                "error": "http_400",
                "message": "the body could not be read as JSON: nested too deeply, or a number "
                "too long",
            }
        assert join(base, code, "Bo", seat=1)["seat"] == 1


def test_names_that_cannot_be_told_apart_or_hold_controls_are_refused(sqlite_url: str) -> None:
    """A display name is stored NFKC-normalised; a control character (C1 too), a line or
    paragraph separator, a noncharacter or a format character such as a right-to-left override
    is refused naming the character; a look-alike of a seated name (Cyrillic "Вов" beside
    "Bob", "Bob" with a combining dot above) is taken."""
    with serving(sqlite_url) as server:
        base = server.url
        made = create_room(base, "toss-up", 4, name="Ｂｏｂ")
        assert made["room"]["seats"][0]["name"] == "Bob"
        code = made["code"]
        for bad, named in (
            ("Ann\u0085", "U+0085"),
            ("An\u009fn", "U+009F"),
            ("Ann\u2028Lee", "U+2028 (LINE SEPARATOR)"),
            ("Ann\u2029", "U+2029 (PARAGRAPH SEPARATOR)"),
            ("Ann\uffff", "U+FFFF"),
            ("Ann\ufdd0", "U+FDD0"),
            ("\u202eAnn", "U+202E (RIGHT-TO-LEFT OVERRIDE)"),
            ("An\u00adn", "U+00AD (SOFT HYPHEN)"),
            ("Ann\x07", "U+0007"),
            ("Ann\n", "U+000A"),
        ):
            answer = httpx.post(f"{base}/api/rooms/{code}/join", json={"name": bad})
            assert answer.status_code == 422, (bad, answer.text)
            assert named in answer.json()["message"], (bad, answer.json())
        for alike in ("Вов", "Bob\u0307", "BOB", "B\u200bob"):
            answer = httpx.post(f"{base}/api/rooms/{code}/join", json={"name": alike})
            assert (answer.status_code, answer.json().get("reason")) == (409, "name_taken"), alike
            if alike != "B\u200bob":  # that one is stored as "Bob" itself
                assert "it looks like 'Bob'" in answer.json()["message"], answer.json()
        assert join(base, code, "Bo")["room"]["seats"][1]["name"] == "Bo"
        flag = "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"
        assert join(base, code, f"Ian {flag}")["room"]["seats"][2]["name"] == f"Ian {flag}"
