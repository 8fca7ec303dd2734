"""Renderers: how a game's views and events look in the terminal.

A game's ``terminal`` part defines ``RENDERER``, a :class:`Renderer`; a game without one is
shown as plain data.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from rich.console import Console

from gamenight.engine.core import View
from gamenight.engine.registry import game_part


class Renderer:
    """Shows views and describes events for one game. Override to make a game look like itself."""

    def show(self, console: Console, view: View, seat: int | None, names: list[str]) -> None:
        """Print what ``seat`` sees (``view`` is ``Game.observe``'s output)."""
        console.print_json(json.dumps(view))

    def describe(self, event: View, names: list[str]) -> str | None:
        """One line for an event as the viewer may see it (``None`` prints nothing)."""
        fields = ", ".join(f"{k}={v}" for k, v in event.items() if k != "kind")
        return f"{event['kind']}: {fields}" if fields else str(event["kind"])

    def action_label(self, text: str, action: Any) -> str:
        """How a legal action is listed in the prompt (default: its text form)."""
        return text

    def advice(self, game: Any, view: View) -> str | None:
        """A coach's line for the person about to decide (``--coach``), or ``None`` (the
        default: the game has no coach)."""
        return None

    def auto_answer(self, view: View, legal: Sequence[Any]) -> Any | None:
        """A move to make for a lone person without asking (default ``None``: always ask).

        Only used when no other person shares the screen, so skipping a prompt shows nothing
        of a hand; a game may return its pass when the pass is the only legal move.
        """
        return None


def verb(name: str, you: str, other: str) -> str:
    """``name`` with the verb agreeing: ``verb("You", "bank", "banks")`` -> ``You bank``."""
    return f"{name} {you if name == 'You' else other}"


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """``1 game``, ``2 games``; ``nouns`` for an irregular plural.

    >>> plural(1, "die", "dice"), plural(3, "die", "dice"), plural(0, "turn")
    ('1 die', '3 dice', '0 turns')
    """
    return f"{count} {noun if count == 1 else nouns or noun + 's'}"


def possessive(name: str) -> str:
    """``Your`` for the human, ``smart's`` for others."""
    return "Your" if name == "You" else f"{name}'s"


def winners_line(winners: list[int], names: list[str]) -> str:
    """``You win!``, ``smart wins!`` or ``A and B share the win!``."""
    if len(winners) == 1:
        return f"{verb(names[winners[0]], 'win', 'wins')}!"
    return f"{' and '.join(names[i] for i in winners)} share the win!"


def renderer_for(game_id: str) -> Renderer:
    """The game's renderer, or the plain one."""
    part = game_part(game_id, "terminal")
    renderer = getattr(part, "RENDERER", None) if part else None
    return renderer if isinstance(renderer, Renderer) else Renderer()
