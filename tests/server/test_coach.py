"""The coach over a real WebSocket: a seat asks about its own decision and gets its chances of
winning if it rolls on and if it banks (Toss Up!, two players), or a sentence saying why there is
no advice; spectators and malformed requests get typed errors."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from gamenight.engine.registry import make_game
from gamenight.games.toss_up.coach import advise
from tests.server.helpers import Client, create_room, serving, ws_address
from tests.server.test_ws import table

#: A short race keeps the first solve quick (the solver works per config).
OPTIONS = {"target": 20}


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'gamenight.db'}"


def deciding(message: dict[str, Any]) -> bool:
    return message["type"] == "update" and bool(message["view"]["legal"])


async def until_a_choice(clients: dict[int, Client]) -> tuple[int, dict[str, Any]]:
    """The seat that decides first (a turn's first roll is the dice's, never a choice) and its
    update."""
    for _ in range(400):
        for seat, client in clients.items():
            latest = client.updates()[-1]
            if deciding(latest):
                assert latest["view"]["state"]["rolled"]
                return seat, latest
        await asyncio.sleep(0.05)
    raise AssertionError("nobody got to choose between rolling and banking")


def test_the_coach_answers_the_deciding_seat_from_its_own_view(sqlite_url: str) -> None:
    """ "In terminal play (and later in the browser), an opt-in coach shows the chance of winning
    if you roll versus if you bank": asked over the WebSocket, it gives the deciding seat both
    chances, the same as the coach part works out from that seat's view."""

    async def go(base: str) -> None:
        _made, clients, _tokens = await table(base, "toss-up", ["Ann", "Bob"], options=OPTIONS)
        seat, update = await until_a_choice(clients)
        waiting = await clients[1 - seat].reply({"type": "coach"})
        assert waiting["advice"] is None
        assert waiting["message"] == "the coach speaks when it is your decision"
        answer = await clients[seat].reply({"type": "coach"}, timeout=120)
        assert answer["type"] == "advice" and answer["version"] == update["version"]
        game = make_game("toss-up", [f"{k}={v}" for k, v in OPTIONS.items()], players=2)
        expected = advise(game, update["view"]["state"])
        assert expected is not None
        assert answer["advice"] == pytest.approx(expected)
        assert 0.0 <= answer["advice"]["roll"] <= 1.0 and 0.0 <= answer["advice"]["bank"] <= 1.0
        assert answer["advice"]["best"] == (
            "roll" if expected["roll"] > expected["bank"] else "bank"
        )
        for client in clients.values():
            await client.close()

    with serving(sqlite_url) as server:
        asyncio.run(go(server.url))


def test_no_coach_no_seat_or_a_bad_request_is_said_plainly(sqlite_url: str) -> None:
    """A game without a coach, a table the coach does not cover (three players), a spectator and
    a malformed request: each gets a plain answer and the connection stays open."""

    async def go(base: str) -> None:
        _made, paper, _tokens = await table(base, "paper-toss", ["Ann", "Bob"])
        none = await paper[0].reply({"type": "coach"})
        assert none["advice"] is None and none["message"] == "Paper Toss! has no coach"
        bad = await paper[0].reply({"type": "coach", "seat": 1})
        assert bad["type"] == "error" and bad["code"] == "malformed"
        assert "coach" in bad["message"]
        _made, three, _tokens = await table(base, "toss-up", ["Ann", "Bob", "Cy"], options=OPTIONS)
        _seat, _update = await until_a_choice(three)
        deciding_seat = next(s for s, c in three.items() if deciding(c.updates()[-1]))
        wide = await three[deciding_seat].reply({"type": "coach"})
        assert wide["advice"] is None
        assert wide["message"] == (
            "no advice here: the coach covers 2-player games; this one has 3 players"
        )
        made = create_room(base, "toss-up", 2, OPTIONS, name="Dee")
        watcher = await Client.open(ws_address(base, made["code"], None), "watcher")
        await watcher.wait(lambda m: m["type"] == "welcome")
        refused = await watcher.reply({"type": "coach"})
        assert refused["type"] == "error" and refused["code"] == "spectator"
        for client in [*paper.values(), *three.values(), watcher]:
            await client.close()

    with serving(sqlite_url) as server:
        asyncio.run(go(server.url))
