"""Display names as stored (without invisible characters) and the refusals a person commonly
meets, which say which one they are in ``reason`` for a client to put in its own words."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.server.helpers import create_room, host_call, join, serving


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """One server for the module."""
    with serving(f"sqlite:///{tmp_path_factory.mktemp('names') / 'g.db'}") as running:
        yield running


def test_a_name_is_stored_without_invisible_characters(server: Any) -> None:
    """ "Mia" typed with a zero-width space (or a direction mark, or spaces around it) is seated
    and shown as "Mia"; an emoji family keeps the joiners that make it one picture; a name of
    invisible characters and spaces alone is refused as before."""
    made = create_room(server.url, "toss-up", 4, name="\u200bMia\u200b ")
    assert made["room"]["seats"][0]["name"] == "Mia"
    code = made["code"]
    joined = join(server.url, code, " \u200eLeo\u2060")
    assert joined["room"]["seats"][1]["name"] == "Leo"
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    joined = join(server.url, code, f"{family}\u200d")
    assert joined["room"]["seats"][2]["name"] == family
    for blank in ("\u200b", " \u200b\ufeff "):
        answer = httpx.post(f"{server.url}/api/rooms/{code}/join", json={"name": blank})
        assert answer.status_code == 422, blank
        assert "a name needs at least one letter, digit or symbol" in answer.json()["message"]
    again = httpx.post(f"{server.url}/api/rooms/{code}/join", json={"name": "Mia\u200b"})
    assert again.status_code == 409


def test_the_common_refusals_say_which_they_are(server: Any) -> None:
    """An unknown room, a name taken, a full room and a match already started carry a
    ``reason``; the other refusals keep their shape, without one."""
    base = server.url
    nowhere = httpx.get(f"{base}/api/rooms/QQQQQQ")
    assert nowhere.status_code == 404
    assert nowhere.json() == {
        "error": "not_found",
        "message": "no room 'QQQQQQ': check the code you were given",
        "reason": "no_room",
    }
    joining = httpx.post(f"{base}/api/rooms/QQQQQQ/join", json={"name": "Ann"})
    assert joining.json()["reason"] == "no_room"
    made = create_room(base, "toss-up", 2, name="Grandpa")
    code, host = made["code"], made["host_token"]
    taken = httpx.post(f"{base}/api/rooms/{code}/join", json={"name": "grandpa"})
    assert (taken.status_code, taken.json()["error"], taken.json()["reason"]) == (
        409,
        "conflict",
        "name_taken",
    )
    seat = httpx.post(f"{base}/api/rooms/{code}/join", json={"name": "Bob", "seat": 0})
    assert set(seat.json()) == {"error", "message"}  # a seat asked for by number: no reason
    join(base, code, "Bob")
    full = httpx.post(f"{base}/api/rooms/{code}/join", json={"name": "Cy"})
    assert (full.status_code, full.json()["reason"]) == (409, "room_full")
    assert host_call(base, "POST", f"/api/rooms/{code}/start", host).status_code == 200
    again = host_call(base, "POST", f"/api/rooms/{code}/start", host)
    assert (again.status_code, again.json()["reason"]) == (409, "match_started")
    late = httpx.post(f"{base}/api/rooms/{code}/join", json={"name": "Dee"})
    assert (late.status_code, late.json()["reason"]) == (409, "match_started")
    rematch = host_call(base, "POST", f"/api/rooms/{code}/rematch", host)
    assert set(rematch.json()) == {"error", "message"}


def test_the_schema_describes_the_reason(server: Any) -> None:
    """The OpenAPI schema lists ``reason`` beside ``error``, ``message`` and ``option``."""
    schema = httpx.get(f"{server.url}/openapi.json").json()
    problem = schema["components"]["schemas"]["Problem"]["properties"]
    assert {"error", "message", "option", "reason"} <= set(problem)
