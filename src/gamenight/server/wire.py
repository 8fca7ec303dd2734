"""The hot server messages as JSON text, written straight from plain data.

A match's updates are most of what the server sends: one per seat per step. Building a pydantic
``Update`` for each (which validates the whole view again) and then dumping it cost about half
of the server's own time per update; here the same JSON is written with ``orjson`` from the
live match's update as it is, in the order of the protocol's fields. The protocol's models stay
the definition: ``tests/server/test_wire.py`` checks that this text decodes to exactly what the
model writes, for every game. Data that ``orjson`` cannot write (a whole number past 64 bits)
goes through the model, as before.
"""

from __future__ import annotations

from typing import Any

import orjson

from gamenight.engine.core import View
from gamenight.engine.game import Game
from gamenight.live.updates import Update as LiveUpdate
from gamenight.server.protocol import Over, Update

_OPTIONS = orjson.OPT_NON_STR_KEYS


def update_text(number: int, update: LiveUpdate, game: Game[Any, Any] | None = None) -> str:
    """The ``update`` message of match ``number`` for one viewer, as JSON text (its events
    with their words when ``game`` is given)."""
    data = {
        "type": "update",
        "match_number": number,
        "reason": update.reason,
        "version": update.version,
        "view": update.view,
        "events": update.events if game is None else [worded(game, e) for e in update.events],
        "actor": update.actor,
        "by": update.by,
        "timed_out": update.timed_out,
        "deciding": update.deciding,
        "time_left": update.time_left,
        "controllers": update.controllers,
        "earlier": update.earlier if game is None else [worded(game, e) for e in update.earlier],
    }
    try:
        return orjson.dumps(data, option=_OPTIONS).decode()
    except (orjson.JSONEncodeError, TypeError):
        return update_model(number, update, game).model_dump_json()


def update_model(number: int, update: LiveUpdate, game: Game[Any, Any] | None = None) -> Update:
    """The same message as its protocol model."""
    return Update(
        match_number=number,
        reason=update.reason,
        version=update.version,
        view=update.view,
        events=[e if game is None else worded(game, e) for e in update.events],
        actor=update.actor,
        by=update.by,
        timed_out=update.timed_out,
        deciding=list(update.deciding),
        time_left=update.time_left,
        controllers=list(update.controllers),
        earlier=[e if game is None else worded(game, e) for e in update.earlier],
    )


def worded(game: Game[Any, Any], event: View) -> View:
    """An event as its viewer may see it, with its words (``Game.event_words``: a key of the
    game's catalogue and parameters, which the page fills in its language) when it is told.
    The words are made from the redacted event, so they say nothing its viewer may not see."""
    said = game.event_words(event)
    return event if said is None else {**event, "words": said}


def over_text(number: int, outcome: dict[str, Any], record_url: str) -> str:
    """The ``over`` message, as JSON text."""
    data = {
        "type": "over",
        "match_number": number,
        "outcome": outcome,
        "record_url": record_url,
    }
    try:
        return orjson.dumps(data, option=_OPTIONS).decode()
    except (orjson.JSONEncodeError, TypeError):
        model = Over(match_number=number, outcome=outcome, record_url=record_url)
        return model.model_dump_json()


def pong_text(ref: str | None) -> str:
    """The ``pong`` answering a ``ping`` with ``ref`` (already checked by the protocol)."""
    return orjson.dumps({"type": "pong", "ref": ref}).decode()
