"""Game options over HTTP: what ``/api/games`` gives as an option's default is taken back by
``POST /api/rooms``, in either form (JSON, or the command line's text), for every option of
every game; wrong values are refused in the command line's words."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from gamenight.engine.registry import game_class
from tests.server.helpers import serving


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """One server for the module (the tests only create rooms)."""
    with serving(f"sqlite:///{tmp_path_factory.mktemp('options') / 'g.db'}") as running:
        yield running


def post_room(base: str, game: str, seats: int, options: dict[str, Any]) -> httpx.Response:
    """``POST /api/rooms`` with these options."""
    body = {"game": game, "seats": seats, "options": options}
    return httpx.post(base + "/api/rooms", json=body, timeout=10)


def test_every_default_round_trips_in_both_forms(server: Any) -> None:
    """For every game and every option, a room made with the option set to its listed default
    (``default_value``, then the text ``default``) is made, with that option at its default.
    The JSON default is the config's own default, as JSON."""
    games = httpx.get(server.url + "/api/games").json()
    assert {g["id"] for g in games} >= {"toss-up", "paper-toss", "toss-your-cookies"}
    for game in games:
        seats = game["min_players"]
        expected = game_class(game["id"]).config_type(players=seats).to_json()
        assert game["options"], game["id"]
        for option in game["options"]:
            name = option["name"]
            assert option["default_value"] == expected[name], (game["id"], name)
            for form in ("default_value", "default"):
                answer = post_room(server.url, game["id"], seats, {name: option[form]})
                assert answer.status_code == 201, (game["id"], name, form, answer.text)
                assert answer.json()["room"]["config"] == expected, (game["id"], name, form)
        for form in ("default_value", "default"):
            every = {o["name"]: o[form] for o in game["options"]}
            answer = post_room(server.url, game["id"], seats, every)
            assert answer.status_code == 201, (game["id"], form, answer.text)
            assert answer.json()["room"]["config"] == expected


def test_values_other_than_the_default_in_both_forms(server: Any) -> None:
    """Not only defaults: a number, a switch and a list, as JSON or as text, set the option."""
    made = post_room(
        server.url,
        "toss-up",
        2,
        {"target": 50, "strict": "false", "faces": "green,red", "dice": "4"},
    )
    assert made.status_code == 201, made.text
    config = made.json()["room"]["config"]
    assert (config["target"], config["strict"], config["dice"]) == (50, False, 4)
    assert config["faces"] == ["green", "red"]
    mixed = {"target": "50", "strict": False, "faces": ["green"]}
    made = post_room(server.url, "toss-up", 2, mixed)
    assert made.json()["room"]["config"]["faces"] == ["green"]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"target": "lots"}, "option target takes a whole number, got 'lots'"),
        ({"target": 2.5}, "option target takes a whole number, got 2.5"),
        ({"target": [100]}, "option target takes a whole number, got [100]"),
        ({"strict": "maybe"}, "option strict takes true or false, got 'maybe'"),
        ({"strict": 3}, "option strict takes true or false, got 3"),
        ({"target": True}, "option target takes a whole number, got true"),
        ({"dice": None}, "option dice takes a whole number, got null"),
        ({"faces": 5}, "option faces takes a list of words, got 5"),
        ({"faces": [1, 2]}, "option faces takes a list of words, got [1, 2]"),
        ({"target": 0}, "target must be from 1 to 1000, got 0"),
        (
            {"nosuch": 1},
            "unknown option 'nosuch' for toss-up; options are: target, strict, "
            "shared_victory, dice, faces, first_player",
        ),
        ({"nosuch": 1, "other": 2}, "unknown options 'nosuch', 'other' for toss-up; options are: "),
        ({"players": 3}, "the number of players is set by seats, not by the players option"),
    ],
)
def test_wrong_options_are_refused_in_words(
    server: Any, options: dict[str, Any], message: str
) -> None:
    """Each wrong option gets a 422 saying what the option takes, as the command line says it
    ("a whole number", "true or false", "a list of words"), and naming the option in ``option``
    (a client shows it by its own label); an unknown option lists the options in plain words,
    never as Python list syntax, and never lists ``players`` (and no ``option`` is named)."""
    answer = post_room(server.url, "toss-up", 2, options)
    assert answer.status_code == 422
    problem = answer.json()
    assert problem["error"] == "invalid"
    known = "unknown" not in message and "players" not in options
    assert problem.get("option") == (next(iter(options)) if known else None), problem
    assert problem["message"].startswith(message), problem["message"]
    assert "a int" not in problem["message"] and "a bool" not in problem["message"]
    assert "option(s)" not in problem["message"] and "['" not in problem["message"]
    if "unknown" in message:
        assert "players" not in problem["message"]


def test_the_lobby_lists_json_defaults(server: Any) -> None:
    """``default_value`` is typed JSON (a number, true/false, a list), ``default`` the text
    ``gamenight list`` shows."""
    games = {g["id"]: g for g in httpx.get(server.url + "/api/games").json()}
    options = {o["name"]: o for o in games["toss-up"]["options"]}
    assert (options["target"]["default"], options["target"]["default_value"]) == ("100", 100)
    assert (options["strict"]["default"], options["strict"]["default_value"]) == ("true", True)
    assert options["faces"]["default"] == "green,green,green,yellow,yellow,red"
    assert options["faces"]["default_value"] == ["green"] * 3 + ["yellow"] * 2 + ["red"]


def test_an_option_of_a_few_words_lists_them(server: Any) -> None:
    """An option that takes one of a few words (Cover Your Cookies' match form) lists them as
    ``choices``, in the rules' order; other options have none. Each choice makes a room."""
    games = {g["id"]: g for g in httpx.get(server.url + "/api/games").json()}
    options = {o["name"]: o for o in games["cover-your-cookies"]["options"]}
    assert options["match"]["choices"] == ["single", "target", "rounds", "wins"]
    assert options["target"]["choices"] is None
    assert all(o["choices"] is None for o in games["toss-up"]["options"])
    for choice in options["match"]["choices"]:
        made = post_room(server.url, "cover-your-cookies", 3, {"match": choice})
        assert made.status_code == 201, made.text
