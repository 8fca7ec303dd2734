"""What the match task handles: every change to a live match arrives as one of these commands,
on one queue, and is handled in arrival order."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from gamenight.bots.base import Agent
from gamenight.live.clock import Timer
from gamenight.live.updates import By


@dataclass(slots=True)
class Submit:
    """A person's move for ``seat``, made at ``version``; ``reply`` gets the version after it."""

    seat: int
    action: Any
    version: int | None
    reply: asyncio.Future[int]
    #: When it reached the match (its clock), and its fair time there (``fair_grabs``), if any.
    arrived: float = 0.0
    tap: float | None = None


@dataclass(slots=True)
class BotMove:
    """A planned move's timer fired (``token`` names the plan, so a dropped one is ignored)."""

    seat: int
    token: int


@dataclass(slots=True)
class Timeout:
    """Decision number ``decision`` ran out of time (ignored if it is over already)."""

    decision: int


@dataclass(slots=True)
class SetController:
    """Hand ``seat`` to a bot (``agent``, shown as ``spec``) or to a person (both ``None``)."""

    seat: int
    spec: str | None
    agent: Agent | None
    reply: asyncio.Future[None]


@dataclass(slots=True)
class Thought:
    """A bot's decision came back from its worker thread (``result`` holds the move)."""

    seat: int
    token: int
    result: asyncio.Future[Any]
    elapsed: float


@dataclass(slots=True)
class Release:
    """Collection window number ``token`` closes: its grabs are applied in fair order."""

    token: int


Command = Submit | BotMove | Timeout | SetController | Thought | Release


@dataclass(slots=True)
class Plan:
    """A move planned for a seat: decided by ``agent`` from ``state`` (``action`` is ``None``
    while it thinks), then waiting for its timer. It stands while ``version`` is settled (only
    passes or commitments since) and the move is still legal."""

    action: Any
    version: int
    token: int
    by: By
    agent: Agent
    state: Any
    handle: Timer | None = field(default=None)
    #: Whether the seat must first notice the change (``False``: its next grab in a race).
    fresh: bool = True
