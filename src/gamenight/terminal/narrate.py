"""Events in words at the terminal: the game's catalogue, filled in the chosen language.

A game says its events as data (``Game.event_words``: a key of ``words/<lang>.json`` and its
parameters, docs/words.md); the :class:`Narrator` fills them with the engine's one formatter,
escaping every piece of text for rich markup (a name is whatever a seat calls itself) and
colouring the messages the game's renderer names in ``word_styles``. The seat at the screen is
"you" ("You banked 12"); at a shared screen nobody is. A game without a catalogue is told by
its renderer's ``describe``.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

from rich.markup import escape

from gamenight.engine.core import View
from gamenight.engine.errors import GameError
from gamenight.engine.game import Game
from gamenight.engine.words import LANGUAGES, Formatter
from gamenight.terminal.render import Renderer

#: The environment variables a terminal's language is read from, first found first.
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")


def language(given: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The language to speak: ``given`` (``--lang``), else the locale's when we speak it
    (``LANG=es_ES.UTF-8`` is Spanish), else English.

    >>> language("es"), language(None, {"LANG": "es_ES.UTF-8"}), language(None, {"LANG": "C"})
    ('es', 'es', 'en')
    """
    if given is not None:
        code = given.strip().lower()
        if code not in LANGUAGES:
            raise GameError(f"no words in {given!r}; languages: {', '.join(LANGUAGES)}")
        return code
    env = os.environ if environ is None else environ
    for variable in LOCALE_VARIABLES:
        value = env.get(variable, "")
        if value:
            code = value.split(".")[0].split("_")[0].split("-")[0].lower()
            return code if code in LANGUAGES else "en"
    return "en"


class Narrator:
    """Tells one game's events in one language."""

    def __init__(self, game: Game[Any, Any], renderer: Renderer, lang: str = "en") -> None:
        self.game = game
        self.renderer = renderer
        self.lang = lang
        self.fallback = game.words_catalogue("en")
        self.catalogue = game.words_catalogue(lang) if lang != "en" else self.fallback

    def style(self, key: str, text: str) -> str:
        """``text`` (rich markup) in the style the renderer gives the message ``key``."""
        style = self.renderer.word_styles.get(key)
        return f"[{style}]{text}[/]" if style else text

    def line(self, event: View, names: Sequence[str], viewer: int | None) -> str | None:
        """One line of rich markup for an event as ``viewer`` may see it (``None``: not told);
        ``viewer`` is addressed as "you"."""
        if not self.fallback:  # a game without words: its renderer says its events
            return self.renderer.describe(event, list(names))
        said = self.game.event_words(event)
        if said is None:
            return None
        formatter = Formatter(self.catalogue, self.fallback, names, viewer, escape, self.style)
        return formatter.render(said)
