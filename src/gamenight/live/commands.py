"""What the match task handles: every change to a live match arrives as one of these commands,
on one queue, and is handled in arrival order."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from gamenight.bots.base import Agent
from gamenight.live.updates import By


@dataclass(slots=True)
class Submit:
    """A person's move for ``seat``, made at ``version``; ``reply`` gets the version after it."""

    seat: int
    action: Any
    version: int | None
    reply: asyncio.Future[int]


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


Command = Submit | BotMove | Timeout | SetController


@dataclass(slots=True)
class Plan:
    """A move decided for a seat, waiting for its timer; it stands while ``version`` is settled
    (only passes or commitments since) and the move is still legal."""

    action: Any
    version: int
    token: int
    by: By
    handle: asyncio.TimerHandle | None = field(default=None)
