"""The HTTP API: health, the game list, rooms from creation to rematch, host rights, refusals
that say what was wrong, the signed record served only once a match is over, and an OpenAPI
schema that lists exactly the routes."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.routing import APIRoute

from gamenight.engine.match import replay
from gamenight.engine.records import verify_record
from gamenight.engine.registry import game_class
from gamenight.server.app import create_app
from gamenight.server.settings import Settings
from tests.server.helpers import Client, create_room, host_call, join, play_to_end, serving


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'gamenight.db'}"


def test_health_and_the_game_list(sqlite_url: str) -> None:
    """``/healthz`` names the database; ``/api/games`` lists the four games with their player
    ranges, every option with its help text, and their bots."""
    with serving(sqlite_url) as server:
        health = httpx.get(server.url + "/healthz").json()
        assert health == {"status": "ok", "database": "sqlite"}
        games = {g["id"]: g for g in httpx.get(server.url + "/api/games").json()}
    built_in = {"toss-up", "paper-toss", "toss-your-cookies", "cover-your-cookies"}
    assert set(games) == built_in | {"grab-bag"}  # the test run's plug-in game is served too
    toss_up = games["toss-up"]
    assert (toss_up["min_players"], toss_up["max_players"]) == (2, 6)
    target = next(o for o in toss_up["options"] if o["name"] == "target")
    assert target == {
        "name": "target",
        "default": "100",
        "default_value": 100,
        "choices": None,
        "help": target["help"],
    }
    assert "final round" in target["help"]
    assert {b["name"] for b in toss_up["bots"]} == {"hold", "ismcts", "optimal", "random", "smart"}
    assert next(b for b in toss_up["bots"] if b["name"] == "hold")["arg"] == "T"
    assert games["cover-your-cookies"]["default_bot"] == "baker"
    assert (
        games["toss-your-cookies"]["min_players"],
        games["toss-your-cookies"]["max_players"],
    ) == (
        3,
        8,
    )


def test_openapi_lists_exactly_the_routes() -> None:
    """Every HTTP route is in the OpenAPI schema with its methods, and the schema has no other
    path (the WebSocket is documented in docs/server.md, as OpenAPI has no WebSockets)."""
    app = create_app(Settings(db_url="sqlite://"))
    routes = {
        (route.path, method.lower())
        for route in app.routes
        if isinstance(route, APIRoute) and route.include_in_schema
        for method in route.methods
    }
    schema = app.openapi()
    documented = {(path, method) for path, item in schema["paths"].items() for method in item}
    assert documented == routes
    assert ("/api/rooms", "post") in routes
    assert ("/api/rooms/{code}/matches/{number}/record", "get") in routes
    start = schema["paths"]["/api/rooms/{code}/start"]["post"]
    assert start["security"] == [{"HTTPBearer": []}]


def test_a_room_from_creation_to_rematch(db_url: str) -> None:
    """Create a room (short code, invite link, host token), join by code (a seat token), the
    host seats bots of two levels and starts; the record is refused while the match is on and
    served signed once it is over, and replays; the host offers a rematch with a new seed."""

    async def play(base: str) -> None:
        made = create_room(base, "toss-up", 3, options={"target": 20}, name="Ann")
        code, host = made["code"], made["host_token"]
        assert len(code) == 6
        assert made["invite_url"] == f"{base}/join/{code}"
        assert made["seat"] == 0
        assert made["token"] and made["token"] != host
        bob = join(base, code.lower(), "Bob")  # codes are read in any case
        assert bob["seat"] == 1
        assert bob["ws_url"] == base.replace("http", "ws") + f"/ws/{code}?token={bob['token']}"
        refused = host_call(base, "POST", f"/api/rooms/{code}/start", host)
        assert refused.status_code == 409
        assert "seat(s) 2 are open" in refused.json()["message"]
        seated = host_call(
            base, "PUT", f"/api/rooms/{code}/seats/2/bot", host, json={"bot": "hold:5"}
        )
        assert seated.status_code == 200, seated.text
        assert seated.json()["seats"][2] | {"connected": False} == {
            "index": 2,
            "kind": "bot",
            "name": "hold:5 bot",
            "bot": "hold:5",
            "connected": False,
            "stand_in": False,
            "left": False,
        }
        ann = await Client.open(made["ws_url"], "ann")
        bobc = await Client.open(bob["ws_url"], "bob")
        started = host_call(base, "POST", f"/api/rooms/{code}/start", host)
        assert started.json()["status"] == "playing"
        early = httpx.get(f"{base}/api/rooms/{code}/matches/1/record")
        assert early.status_code == 409
        assert "still being played" in early.json()["message"]
        await play_to_end([ann, bobc])
        over = await ann.wait(lambda m: m["type"] == "over")
        record = httpx.get(base + over["record_url"]).json()
        assert record["seat_names"] == ["Ann", "Bob", "hold:5 bot"]
        assert record["outcome"] == over["outcome"]
        assert record["signature"].startswith("hmac-sha256:")
        final = replay(record, game_class("toss-up"))
        assert final.finished
        assert final.outcome().to_json() == over["outcome"]
        again = host_call(base, "POST", f"/api/rooms/{code}/rematch", host)
        assert again.status_code == 200, again.text
        assert (again.json()["status"], again.json()["match_number"]) == ("playing", 2)
        await ann.wait(lambda m: m["type"] == "update" and m["match_number"] == 2)
        await play_to_end([ann, bobc], number=2)
        second = httpx.get(f"{base}/api/rooms/{code}/matches/2/record").json()
        assert second["seed"] != record["seed"]
        assert second["seed"] >= 0
        for client in (ann, bobc):
            await client.close()

    with serving(db_url) as server:
        asyncio.run(play(server.url))


def test_refusals_say_what_was_wrong(tmp_path: Path) -> None:
    """Unknown game, bad options, too many seats, a taken name or seat, a missing or wrong host
    token, an unknown room: each refused with its status and a sentence."""
    with serving(f"sqlite:///{tmp_path / 'g.db'}") as server:
        base = server.url

        def post(path: str, body: Any) -> httpx.Response:
            return httpx.post(base + path, json=body)

        bad = post("/api/rooms", {"game": "chess", "seats": 2})
        assert (bad.status_code, bad.json()["error"]) == (422, "invalid")
        assert "unknown game 'chess'" in bad.json()["message"]
        assert "toss-up" in bad.json()["message"]
        bad = post("/api/rooms", {"game": "toss-up", "seats": 9})
        assert bad.status_code == 422
        assert "out of range" in bad.json()["message"]
        bad = post("/api/rooms", {"game": "toss-up", "seats": 2, "options": {"target": "lots"}})
        assert bad.status_code == 422
        assert "option target takes a whole number, got 'lots'" in bad.json()["message"]
        bad = post("/api/rooms", {"game": "toss-up", "seats": 2, "colour": "red"})
        assert bad.status_code == 422
        assert "colour" in bad.json()["message"]
        made = create_room(base, "toss-up", 2, name="Ann")
        code, host = made["code"], made["host_token"]
        taken = post(f"/api/rooms/{code}/join", {"name": "ann"})
        assert (taken.status_code, taken.json()["error"]) == (409, "conflict")
        assert "name 'ann' is taken" in taken.json()["message"]
        taken = post(f"/api/rooms/{code}/join", {"name": "Bob", "seat": 0})
        assert "seat 0 is taken; open seats: 1" in taken.json()["message"]
        blank = post(f"/api/rooms/{code}/join", {"name": "   "})
        assert blank.status_code == 422
        # A name that shows nothing (a zero-width space) is no name; one that looks like a
        # name taken (the same with a zero-width space, or in full-width letters) is taken.
        unseen = post(f"/api/rooms/{code}/join", {"name": "\u200b"})
        assert unseen.status_code == 422
        assert "a name needs at least one letter, digit or symbol" in unseen.json()["message"]
        for alike in ("Ann\u200b", "\uff21nn", "ANN"):
            taken = post(f"/api/rooms/{code}/join", {"name": alike})
            assert taken.status_code == 409, alike
        other = create_room(base, "toss-up", 2)["code"]
        emoji = post(f"/api/rooms/{other}/join", {"name": "\U0001f468\u200d\U0001f469"})
        assert emoji.status_code == 200  # a joined emoji is a name that shows
        missing = httpx.post(f"{base}/api/rooms/{code}/start")
        assert (missing.status_code, missing.json()["error"]) == (401, "unauthorized")
        wrong = host_call(base, "POST", f"/api/rooms/{code}/start", "not-the-hosts-token")
        assert (wrong.status_code, wrong.json()["error"]) == (403, "forbidden")
        assert "Ann (seat 0) is the host" in wrong.json()["message"]
        bot = host_call(base, "PUT", f"/api/rooms/{code}/seats/1/bot", host, json={"bot": "genius"})
        assert bot.status_code == 422
        assert (
            "unknown bot 'genius' for toss-up; bots are: hold:T, ismcts[:BUDGET], optimal, "
            "random, smart" in bot.json()["message"]
        )
        bot = host_call(base, "PUT", f"/api/rooms/{code}/seats/0/bot", host, json={"bot": "smart"})
        assert "seat 0 is taken by Ann" in bot.json()["message"]
        nowhere = httpx.get(base + "/api/rooms/ZZZZZZ")
        assert (nowhere.status_code, nowhere.json()["error"]) == (404, "not_found")
        rematch = host_call(base, "POST", f"/api/rooms/{code}/rematch", host)
        assert rematch.status_code == 409
        no_match = httpx.get(f"{base}/api/rooms/{code}/matches/3/record")
        assert no_match.status_code == 404
        assert httpx.get(base + "/nope").json()["error"] == "http_404"


def test_records_are_signed_with_the_servers_key(tmp_path: Path) -> None:
    """The key is made once and kept in the database: a record verifies under it, an edited
    record does not, and a restarted server keeps signing with the same key."""

    async def play(base: str) -> dict[str, Any]:
        made = create_room(base, "toss-up", 2, options={"target": 10}, name="Ann")
        host_call(
            base,
            "PUT",
            f"/api/rooms/{made['code']}/seats/1/bot",
            made["host_token"],
            json={"bot": "smart"},
        )
        ann = await Client.open(made["ws_url"], "ann")
        host_call(base, "POST", f"/api/rooms/{made['code']}/start", made["host_token"])
        await play_to_end([ann])
        await ann.close()
        data: dict[str, Any] = httpx.get(f"{base}/api/rooms/{made['code']}/matches/1/record").json()
        return data

    url = f"sqlite:///{tmp_path / 'g.db'}"
    with serving(url) as server:
        first = asyncio.run(play(server.url))
    with serving(url) as server:
        second = asyncio.run(play(server.url))
    import sqlite3

    with sqlite3.connect(tmp_path / "g.db") as db:
        (key,) = db.execute("SELECT value FROM meta WHERE key = 'record_key'").fetchone()
    for record in (first, second):
        assert verify_record(record, key.encode())
        steps = record["steps"]
        edited = {
            **record,
            "steps": [*steps[:-1], {**steps[-1], "player": 1 - (steps[-1]["player"] or 0)}],
        }
        assert not verify_record(edited, key.encode())
