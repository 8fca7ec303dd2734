"""No message to one seat ever contains another seat's hidden cards.

A full game of every card game is played over real WebSockets (three people, a bot and a
spectator); then the signed record is replayed with the engine, and every update every
connection received is checked against it:

- its view is exactly the engine's view for that seat at that version (``Match.view``);
- its events are exactly the step's events as that seat may see them (``Event.for_viewer``);
- its state does not change when everything the seat cannot see is re-dealt
  (``Game.shuffle_hidden``, the engine's redaction check, here run on what was sent);
- no message, of any type, ever holds the match's seed.
"""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import httpx
import pytest

from gamenight.engine.config import config_from_json
from gamenight.engine.core import View
from gamenight.engine.match import replay
from gamenight.engine.registry import game_class
from gamenight.server.wire import worded
from tests.server.helpers import Client, drive, serving, ws_address
from tests.server.test_ws import table


def expected_messages(
    record: dict[str, Any], viewers: list[int | None]
) -> tuple[dict[tuple[int | None, int], View], list[Any], list[tuple[Any, ...]]]:
    """Replay ``record``: every viewer's view at every version, the states, each step's events."""
    cls = game_class(record["game"])
    final = replay(record, cls)
    match = replay(record, cls, upto=0)
    views = {(viewer, 0): match.view(viewer) for viewer in viewers}
    states: list[Any] = [match.state]
    events: list[tuple[Any, ...]] = [()]
    for step in final.steps:
        events.append(match.apply_trusted(step.player, step.action))
        states.append(match.state)
        for viewer in viewers:
            views[(viewer, match.version)] = match.view(viewer)
    return views, states, events


def check_everything_sent(
    record: dict[str, Any], received: dict[int | None, Client], rng: random.Random
) -> int:
    """Check every message each connection received against the replayed record; returns how
    many updates were checked."""
    cls = game_class(record["game"])
    game = cls(config_from_json(cls.config_type, record["config"]))
    viewers = list(received)
    views, states, events = expected_messages(record, viewers)
    seed = str(record["seed"])
    checked = 0
    for viewer, client in received.items():
        for raw in client.raw:
            assert seed not in raw, f"the seed reached {viewer}"
        for message in client.updates():
            version = message["version"]
            expected = json.loads(json.dumps(views[(viewer, version)]))
            assert message["view"] == expected, f"view of {viewer} at {version}"
            shown = (
                [worded(game, e.for_viewer(viewer)) for e in events[version]]
                if message["reason"] == "step"
                else []
            )
            assert message["events"] == json.loads(json.dumps(shown)), (viewer, version)
            redealt = game.shuffle_hidden(states[version], viewer, rng)
            assert json.loads(json.dumps(game.observe(redealt, viewer))) == message["view"]["state"]
            checked += 1
    return checked


@pytest.mark.parametrize("game", ["paper-toss", "toss-your-cookies", "cover-your-cookies"])
def test_no_message_to_a_seat_holds_another_seats_hidden_cards(game: str, tmp_path: Path) -> None:
    """A full game over WebSockets; every update each seat and the spectator received is
    that viewer's own view and redacted events, as the engine makes them from the record."""

    async def go(base: str) -> tuple[dict[str, Any], dict[int | None, Client]]:
        made, clients, _tokens = await table(base, game, ["Ann", "Bob", "Cy"], bots=["random"])
        watcher = await Client.open(ws_address(base, made["code"], None), "watcher")
        assert await drive(clients, random.Random(game)) is None
        await watcher.wait(lambda m: m["type"] == "over")
        over = await clients[0].wait(lambda m: m["type"] == "over")
        record: dict[str, Any] = httpx.get(base + over["record_url"]).json()
        for client in [*clients.values(), watcher]:
            await client.close()
        received: dict[int | None, Client] = {**clients, None: watcher}
        return record, received

    with serving(f"sqlite:///{tmp_path / 'g.db'}") as server:
        record, received = asyncio.run(go(server.url))
    checked = check_everything_sent(record, received, random.Random(1))
    steps = len(record["steps"])
    assert checked >= steps, f"{checked} updates checked for {steps} steps"
    for client in received.values():
        (over,) = [m for m in client.messages if m["type"] == "over"]
        assert over["outcome"] == record["outcome"]
