"""The server seats only the game's registered bots: a spec naming code by module
(``module:Name``, as the command line allows for bots of one's own) is refused before anything
is imported or called, and the refusal lists only the registered bots. A registered bot that
fails while being built is refused too, never answered with a 500."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path
from typing import Any

import httpx
import pytest

from gamenight.bots import registry
from gamenight.bots.registry import BotSpec, make_bot
from gamenight.engine.registry import game_class
from tests.server.helpers import create_room, host_call, serving

#: A bot module of one's own that leaves a file beside itself when imported and when called.
SPY = """
from pathlib import Path

from gamenight.bots.base import RandomBot

Path(__file__).with_name("imported.txt").write_text("imported")


class Bot(RandomBot):
    pass


def make(game, seat, arg):
    Path(__file__).with_name("called.txt").write_text("called")
    return RandomBot(game, seat, "spy")
"""

REGISTERED = "bots are: hold:T, ismcts[:BUDGET], optimal, random, smart, default"


@pytest.fixture
def spy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """The name of a fresh spy module, importable from the test process (and so from the
    server thread): on ``sys.path`` and in the working folder."""
    name = f"spy_bot_{uuid.uuid4().hex[:8]}"
    (tmp_path / f"{name}.py").write_text(SPY)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.chdir(tmp_path)
    return name


def test_the_server_never_imports_a_bot_named_by_module(tmp_path: Path, spy: str) -> None:
    """Every spec naming code (directly, or as the rollout bot of ``ismcts``) is refused with
    422 and the list of registered bots; the spy module is neither imported nor called, and the
    seat stays open. The same spec on the command line's path does import it, so the spy would
    have told."""
    specs = [
        f"{spy}:Bot",
        f"{spy}:make",
        f"{spy}:make:3",
        f"ismcts/{spy}:make",
        f"ismcts:50@all/{spy}:make",
        "builtins:print",
        "os:system",
        "this:Zen",
    ]
    with serving(f"sqlite:///{tmp_path / 'g.db'}") as server:
        made = create_room(server.url, "toss-up", 2, name="Ann")
        code, host = made["code"], made["host_token"]
        for spec in specs:
            answer = host_call(
                server.url, "PUT", f"/api/rooms/{code}/seats/1/bot", host, json={"bot": spec}
            )
            assert answer.status_code == 422, (spec, answer.text)
            problem = answer.json()
            assert problem["error"] == "invalid"
            assert problem["message"].startswith("unknown bot "), problem
            assert REGISTERED in problem["message"]
            assert "module:Name" not in problem["message"]
        room = httpx.get(f"{server.url}/api/rooms/{code}").json()
    assert room["seats"][1]["kind"] == "open"
    assert not (tmp_path / "imported.txt").exists()
    assert not (tmp_path / "called.txt").exists()
    assert spy not in sys.modules

    game = game_class("toss-up")()
    assert make_bot(f"{spy}:make", game, 1).name == "spy"  # the command line's path
    assert (tmp_path / "imported.txt").read_text() == "imported"
    assert (tmp_path / "called.txt").read_text() == "called"


def test_registered_bots_are_seated(tmp_path: Path) -> None:
    """The refusal above is no blanket one: registered specs, with arguments and ``default``,
    are seated as given."""
    with serving(f"sqlite:///{tmp_path / 'g.db'}") as server:
        made = create_room(server.url, "toss-up", 3)
        code, host = made["code"], made["host_token"]
        for seat, spec in enumerate(["hold:20", "default", "ismcts:20/hold:15"]):
            answer = host_call(
                server.url, "PUT", f"/api/rooms/{code}/seats/{seat}/bot", host, json={"bot": spec}
            )
            assert answer.status_code == 200, answer.text
            assert answer.json()["seats"][seat]["bot"] == spec


def test_a_bot_that_fails_to_build_is_a_refusal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A registered bot whose factory raises something other than ``UnknownBot`` is answered
    with a 422 ``{error, message}`` naming the bot and the reason, and nothing is seated."""

    def fragile(_game: Any, _seat: int, _arg: str | None) -> Any:
        raise RuntimeError("no table for that many dice")

    spec = BotSpec("fragile", "fails when built", fragile, games=("toss-up",))
    monkeypatch.setitem(registry._BOTS, "fragile", [spec])
    with serving(f"sqlite:///{tmp_path / 'g.db'}") as server:
        made = create_room(server.url, "toss-up", 2)
        code, host = made["code"], made["host_token"]
        answer = host_call(
            server.url, "PUT", f"/api/rooms/{code}/seats/1/bot", host, json={"bot": "fragile"}
        )
        room = httpx.get(f"{server.url}/api/rooms/{code}").json()
    assert answer.status_code == 422
    assert answer.json() == {
        "error": "invalid",
        "message": "the bot 'fragile' cannot play toss-up: no table for that many dice",
    }
    assert room["seats"][1]["kind"] == "open"


def test_a_server_match_builds_no_bot_named_by_module(spy: str) -> None:
    """Defence in depth: a live match with the server's settings refuses a spec naming code by
    module even if one reached it some other way (a room stored before the check), stand-in
    included, importing nothing; the terminal's table (the default settings) still builds bots
    of one's own."""
    from gamenight.engine import Match
    from gamenight.engine.registry import make_game
    from gamenight.live import LiveMatch, LiveSettings

    game = make_game("toss-up", players=2)
    server = LiveSettings(own_code_bots=False)
    with pytest.raises(registry.UnknownBot, match=re.escape(REGISTERED)):
        LiveMatch(Match(game, seed=1), server, controllers=[None, f"{spy}:Bot"])
    stand_in = LiveSettings(own_code_bots=False, stand_in=f"{spy}:Bot")
    with pytest.raises(registry.UnknownBot, match=re.escape(REGISTERED)):
        LiveMatch(Match(game, seed=1), stand_in, controllers=[None, None])
    assert spy not in sys.modules
    assert not Path("imported.txt").exists()
    table = LiveMatch(Match(game, seed=1), LiveSettings(), controllers=[None, f"{spy}:Bot"])
    assert spy in sys.modules and Path("imported.txt").exists()
    assert table.game is game


def test_a_room_names_the_bots_that_can_sit_at_its_table(tmp_path: Path) -> None:
    """A room says which bots can sit at its table: ``optimal`` (the solved game: 2 players, a
    target the solver takes) at a 2-seat Toss Up! table only, and a host offered the list is
    not refused what it offers."""
    with serving(f"sqlite:///{tmp_path / 'g.db'}") as server:
        two = create_room(server.url, "toss-up", 2)["room"]
        far = create_room(server.url, "toss-up", 2, options={"target": 500})["room"]
        made = create_room(server.url, "toss-up", 4)
        four = httpx.get(f"{server.url}/api/rooms/{made['code']}").json()
        refused = host_call(
            server.url,
            "PUT",
            f"/api/rooms/{made['code']}/seats/1/bot",
            made["host_token"],
            json={"bot": "optimal"},
        )
        for spec in four["bots"]:
            answer = host_call(
                server.url,
                "PUT",
                f"/api/rooms/{made['code']}/seats/1/bot",
                made["host_token"],
                json={"bot": spec if spec != "hold" else "hold:20"},
            )
            assert answer.status_code == 200, (spec, answer.text)
    assert two["bots"] == ["hold", "ismcts", "optimal", "random", "smart"]
    assert far["bots"] == four["bots"] == ["hold", "ismcts", "random", "smart"]
    assert refused.status_code == 422
    assert "2-player" in refused.json()["message"]
    game = game_class("toss-up")
    assert [b.name for b in registry.bots_at(game(game.config_type(players=3)))] == four["bots"]
