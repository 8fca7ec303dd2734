"""The coach part: the deciding player's chance of winning if they roll on and if they bank.

Read by the terminal (``play --coach``) and the server (a seat's ``coach`` message, for the
browser's coach). Two-player games only: the chances come from the exactly solved game
(:mod:`gamenight.games.toss_up.solver`, solved once per config and cached, about ten seconds the
first time), with optimal play by both players from then on.
"""

from __future__ import annotations

from typing import Any

from gamenight.engine.core import View
from gamenight.engine.errors import ConfigError


def limit(keep: int, save: bool) -> None:
    """Keep at most ``keep`` solved games in memory (least recently used dropped first), and
    write new solutions to the cache folder only if ``save`` (the server writes none: it reads
    the ones made ahead of time with ``gamenight solve``)."""
    from gamenight.games.toss_up.optimal import solution_for

    solution_for.keep = keep
    solution_for.save = save


def check(game: Any) -> None:
    """Raise :class:`ConfigError` for a game the coach cannot coach (more than two players)."""
    if game.players != 2:
        raise ConfigError(f"the coach covers 2-player games; this one has {game.players} players")


def prepare(game: Any) -> None:
    """Solve the game for :func:`advise` now (or read it from the cache), so that the first
    advice does not keep a live table waiting; raises as :func:`advise` does."""
    check(game)
    from gamenight.games.toss_up.optimal import solution_for

    solution_for(game.config)


def advise(game: Any, view: View) -> dict[str, Any] | None:
    """``{"roll": p, "bank": q, "best": "roll" | "bank"}`` for the player whose turn ``view``
    (their own view) shows; ``None`` before their turn's first roll, which is not a choice.

    Raises :class:`ConfigError` for more than two players or a config the solver cannot take,
    and ``ImportError`` when numpy is missing.
    """
    check(game)
    if not view.get("rolled") or view.get("winners"):
        return None
    from gamenight.games.toss_up.optimal import coach, solution_for

    chances = coach(view, solution_for(game.config))
    return {"roll": chances.roll, "bank": chances.bank, "best": chances.best}
