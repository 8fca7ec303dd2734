"""Renderers: how a game's views and events look in the terminal.

A game's ``terminal`` part defines ``RENDERER``, a :class:`Renderer`; a game without one is
shown as plain data.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from rich.console import Console

from gamenight.engine.core import View
from gamenight.engine.registry import game_part


@dataclass(frozen=True, slots=True)
class Response:
    """A response a person may arm ahead of time ("Bully the leader at the next window").

    The live table calls ``pick(view, legal)`` at each decision of that person (``view`` is
    ``Game.observe``'s output, ``legal`` their legal moves) and plays the first answer that is
    not ``None``, at once, then forgets the response.
    """

    #: What the person arms, in words.
    label: str
    #: The move to play now, or ``None`` to keep waiting.
    pick: Callable[[View, Sequence[Any]], Any | None]


class Renderer:
    """Shows views and describes events for one game. Override to make a game look like itself.

    The live table also asks ``move_label``, ``choice_key``, ``responses`` and ``quiet_pass``;
    their defaults suit any game, so a renderer overrides only what its game needs. A game with
    a catalogue of words (``words/<lang>.json``) has its events told from it
    (``terminal.narrate``); ``word_styles`` gives some of its messages a rich style.
    """

    #: A rich style for some messages of the game's catalogue, by key (a die's colour, the end).
    word_styles: ClassVar[Mapping[str, str]] = {}

    def show(self, console: Console, view: View, seat: int | None, names: list[str]) -> None:
        """Print what ``seat`` sees (``view`` is ``Game.observe``'s output)."""
        console.print_json(json.dumps(view))

    def describe(self, event: View, names: list[str]) -> str | None:
        """One line for an event as the viewer may see it (``None`` prints nothing), for a game
        without a catalogue of words: its kind and fields."""
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

    def move_label(self, text: str, action: Any, view: View, names: list[str]) -> str:
        """How a move is listed at the live table, where the view and the names are at hand
        (``swap with Bob`` rather than ``swap with seat 1``); default: ``action_label``."""
        return self.action_label(text, action)

    def choice_key(self, action: Any) -> str | None:
        """The key the live table should give ``action`` when it is free (``r`` for roll);
        ``None``: the next free key. A key keeps its move while that move stays on offer."""
        return None

    def responses(self, view: View, seat: int, names: list[str]) -> Sequence[Response]:
        """What ``seat`` may arm now for a coming window, from what their view shows (default:
        nothing; Paper Toss! offers its Bully, Flat Tire, Hazards and Counters)."""
        return ()

    def quiet_pass(self, view: View, legal: Sequence[Any]) -> Any | None:
        """The pass to make for a person who keeps their cards-for-any-window for armed
        responses: a move in ``legal`` when every other move is such a card (Paper Toss!'s
        Bully and Flat Tire may be played at every window), else ``None`` (default)."""
        return None


def at_live_table(console: Console) -> bool:
    """Whether ``console`` draws the live table's board, where moves are keys on a list beside
    the board rather than numbers typed at a prompt (a renderer words its hints to suit)."""
    return bool(getattr(console, "live_table", False))


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
