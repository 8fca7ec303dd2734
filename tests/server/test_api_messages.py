"""Requests the API models refuse, and addresses that serve nothing, are answered with an
``{error, message}`` that says plainly what is wrong: a body that is not JSON, or not sent as
JSON, or not an object; an unknown field; a table folder without a file; an unknown route or
method; and a failure of the server itself."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from gamenight.server.rooms import RoomService
from tests.server.helpers import create_room, serving

ROOM = b'{"game": "toss-up", "seats": 2}'
JSON = {"Content-Type": "application/json"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """One server for the module."""
    with serving(f"sqlite:///{tmp_path_factory.mktemp('messages') / 'g.db'}") as running:
        yield running


@pytest.mark.parametrize(
    ("content", "headers", "message"),
    [
        (
            b"{game: toss-up}",
            JSON,
            "the body must be a JSON object; it is not valid JSON "
            "(Expecting property name enclosed in double quotes)",
        ),
        (
            ROOM,
            {},
            "the body must be a JSON object sent as Content-Type: application/json "
            "(got no Content-Type)",
        ),
        (
            ROOM,
            {"Content-Type": "text/plain"},
            "the body must be a JSON object sent as Content-Type: application/json "
            "(got Content-Type 'text/plain')",
        ),
        (b"", JSON, "the body must be a JSON object; the request has none"),
        (b"[1, 2]", JSON, "the body must be a JSON object ({...}), not a list"),
        (b'"toss-up"', JSON, "the body must be a JSON object ({...}), not a string"),
        (b'{"game": "toss-up", "seats": 2, "colour": "red"}', JSON, "unknown field 'colour'"),
    ],
)
def test_a_body_that_is_not_a_json_object(
    server: Any, content: bytes, headers: dict[str, str], message: str
) -> None:
    """Each malformed body gets a 422 naming what the body must be and what was wrong."""
    answer = httpx.post(server.url + "/api/rooms", content=content, headers=headers)
    assert answer.status_code == 422
    assert answer.json() == {"error": "invalid", "message": message}


def test_the_same_body_sent_as_json_is_taken(server: Any) -> None:
    """The bodies refused above for their Content-Type are fine sent as JSON."""
    answer = httpx.post(server.url + "/api/rooms", content=ROOM, headers=JSON)
    assert answer.status_code == 201, answer.text


@pytest.mark.parametrize(
    ("method", "path", "status", "problem"),
    [
        (
            "GET",
            "/games/toss-up/",
            404,
            {
                "error": "not_found",
                "message": "name a file of the table of 'toss-up', as in /games/toss-up/table.js",
            },
        ),
        (
            "GET",
            "/games/toss-up/nothing.js",
            404,
            {"error": "not_found", "message": "no file 'nothing.js' in the table of 'toss-up'"},
        ),
        ("GET", "/nope", 404, {"error": "http_404", "message": "nothing is served at /nope"}),
        (
            "DELETE",
            "/api/rooms",
            405,
            {"error": "http_405", "message": "DELETE is not allowed on /api/rooms"},
        ),
    ],
)
def test_addresses_that_serve_nothing(
    server: Any, method: str, path: str, status: int, problem: dict[str, str]
) -> None:
    """A table folder without a file, a missing file, an unknown route and a method a route
    does not take: each says so, as ``{error, message}``."""
    answer = httpx.request(method, server.url + path)
    assert (answer.status_code, answer.json()) == (status, problem)


def test_a_failure_of_the_server_is_answered_as_json(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An exception no handler expects still gets the refusal shape (500 ``internal``), with no
    detail of the server's insides."""
    with serving(f"sqlite:///{tmp_path / 'g.db'}") as running:
        code = create_room(running.url, "toss-up", 2)["code"]

        def broken(_self: RoomService, _room: Any) -> Any:
            raise RuntimeError("secret insides")

        monkeypatch.setattr(RoomService, "info", broken)
        answer = httpx.get(f"{running.url}/api/rooms/{code}")
    assert answer.status_code == 500
    assert answer.json() == {"error": "internal", "message": "the server failed on this request"}
