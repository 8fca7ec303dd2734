"""The hot messages written straight as JSON (``server/wire.py``) say exactly what the protocol's
models say: the same fields, in the same order, with the same values, for every game, every
viewer and every kind of step, the last (with the outcome) included."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from gamenight.engine.core import CHANCE, Kind
from gamenight.engine.match import Match, step_json
from gamenight.engine.registry import game_class, game_ids
from gamenight.live.updates import Applied, Table, update_for
from gamenight.server.protocol import Over, Pong
from gamenight.server.wire import over_text, pong_text, update_model, update_text


def same(text: str, model_text: str) -> None:
    """Both texts decode to the same data, with the same keys in the same order."""
    ours, theirs = json.loads(text), json.loads(model_text)
    assert ours == theirs
    assert list(ours) == list(theirs)


def played(game_id: str, seed: int) -> list[tuple[Match, Applied, Table, list[Any]]]:
    """A match of ``game_id`` played with random legal moves, and
    each step as the runtime tells it, with each viewer's view after it (spectator first); to
    its end, three thousand steps at most."""
    cls = game_class(game_id)
    match = Match(cls(cls.config_type()), seed=seed)
    rng = random.Random(seed)
    told: list[tuple[Match, Applied, Table, list[Any]]] = []
    for _ in range(3000):
        if match.finished:
            break
        before = match.pending
        if before.kind is Kind.CHANCE:
            player, events = CHANCE, match.roll_chance()
            action = match.steps[-1].action
        else:
            player = before.players[0]
            action = rng.choice(list(match.game.legal_actions(match.state, player)))
            events = match.apply_trusted(player, action)
        applied = Applied(
            version=match.version,
            player=player,
            action=action,
            events=events,
            by="chance" if player == CHANCE else rng.choice(["person", "bot", "system"]),
            pending=before,
            took_out_only=False,
            record=step_json(match.game, player, action),
        )
        table = Table(
            reason="step",
            version=match.version,
            applied=applied,
            deciding=tuple(match.pending.players),
            time_left=rng.choice([None, 0.0, 12.5]),
            controllers=tuple(rng.choice([None, "smart"]) for _ in range(match.game.players)),
            outcome=match.outcome().to_json() if match.finished else None,
        )
        views = [match.view(viewer) for viewer in [None, *range(match.game.players)]]
        told.append((match, applied, table, views))
    return told


@pytest.mark.parametrize("game_id", game_ids())
def test_updates_are_written_as_the_model_writes_them(game_id: str) -> None:
    checked = 0
    for seed in (1, 2):
        steps = played(game_id, seed)
        match = steps[-1][0]
        for _, _, table, views in steps[:5] + steps[-25:]:
            for viewer, view in zip([None, *range(match.game.players)], views, strict=True):
                earlier = [a for _, a, _, _ in steps[:3]] if viewer in (None, 0) else []
                update = update_for(viewer, table, view, earlier)
                same(update_text(4, update), update_model(4, update).model_dump_json())
                checked += 1
            if table.outcome is not None:
                url = "/api/rooms/ABCDEF/matches/4/record"
                model = Over(match_number=4, outcome=table.outcome, record_url=url)
                same(over_text(4, table.outcome, url), model.model_dump_json())
        assert match.finished, f"{game_id} did not end in 3,000 random steps"
    assert checked > 50


def test_a_number_past_64_bits_goes_through_the_model() -> None:
    steps = played(game_ids()[0], 3)
    _, _, table, views = steps[-1]
    view: dict[str, Any] = {**views[1], "big": 2**70}
    update = update_for(0, table, view)
    text = update_text(1, update)
    assert json.loads(text)["view"]["big"] == 2**70
    same(text, update_model(1, update).model_dump_json())


@pytest.mark.parametrize("ref", [None, "", "7", "a-b_c.d:e", "é and \u2028 are the model's"])
def test_pongs_are_written_as_the_model_writes_them(ref: str | None) -> None:
    same(pong_text(ref), Pong(ref=ref).model_dump_json())
