"""Games are plug-ins: each game package names one :class:`GamePlugin` in the ``gamenight.games``
entry-point group, and the frameworks find everything of that game through it.

A plugin names the game class and the game's *parts*: modules with a fixed role, each loaded
only when a framework first asks for it (so ``gamenight --help`` imports no game, and a part that
needs an optional extra, such as a numpy kernel, is imported only when used). The built-in games
are found exactly the way a third-party package is: by their entry points.

Roles and what each part module defines (the frameworks read these names):

========== ========================================================================
``bots``     ``BOTS``: a sequence of ``gamenight.bots.BotSpec``; ``DEFAULT_BOT``: a name
``metrics``  ``METRICS``: a ``gamenight.sim.metrics.Metrics`` subclass (built with the player count)
``terminal`` ``RENDERER``: a ``gamenight.terminal.render.Renderer``
``kernel``   ``simulate_fast(game, bots, games, seed)``: a vectorised simulation (optional)
``solver``   ``solve_report(...)``: an exact solver's report (optional)
``encode``   ``observation_size(game) -> int`` and ``encode(game, view, seat)``: a seat's view
             (``game.observe(state, seat)``) as a float32 numpy vector of that size, values
             in [0, 1], built from the view alone; optionally ``max_chance_outcomes(game)``
             (read by ``gamenight.adapters``, the learning-library adapters)
``coach``    ``advise(game, view)``: advice for the seat deciding in ``view`` (its own view),
             as JSON data, or ``None`` when it has none to give; optionally
             ``check(game)``, raising ``ConfigError`` for a game it cannot coach (optional;
             the server sends advice to a seat that asks, for the browser's coach)
``vector``   ``make_batch(game, num_envs, seat, opponents)``: many matches stepped at once for
             a learner at ``seat`` against batched bots (optional; read by
             ``gamenight.adapters.vector``)
========== ========================================================================
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

ENTRY_POINT_GROUP = "gamenight.games"

#: The roles a game part may play, in the order ``gamenight list`` shows them.
ROLES = ("bots", "metrics", "terminal", "kernel", "solver", "encode", "coach", "vector")


@dataclass(frozen=True)
class GamePlugin:
    """What one game package offers: its game class and its parts, as import paths.

    ``game`` is ``"package.module:Class"``; ``parts`` maps a role (see :data:`ROLES`) to a
    module path. :meth:`in_package` builds both from one package that follows the standard
    layout (``game.py``, ``bots.py``, ``metrics.py``, ``terminal.py``, ...).

    >>> plugin = GamePlugin.in_package("mygame", "MyGame", ("bots",))
    >>> plugin.game, plugin.parts
    ('mygame.game:MyGame', {'bots': 'mygame.bots'})
    """

    game: str
    parts: dict[str, str] = field(default_factory=dict)

    @classmethod
    def in_package(cls, package: str, game_class: str, parts: Iterable[str] = ()) -> GamePlugin:
        """A plugin for a package laid out by role: ``<package>.game:<game_class>`` and one
        module ``<package>.<role>`` per role in ``parts``."""
        roles = tuple(parts)
        unknown = [r for r in roles if r not in ROLES]
        if unknown:
            raise ValueError(f"unknown part roles {unknown}; roles are: {', '.join(ROLES)}")
        return cls(f"{package}.game:{game_class}", {role: f"{package}.{role}" for role in roles})

    def load_game(self) -> Any:
        """Import and return the game class."""
        module, _, name = self.game.partition(":")
        return getattr(importlib.import_module(module), name)

    def load_part(self, role: str) -> ModuleType | None:
        """Import the part module for ``role`` (``None`` if the game has no such part)."""
        path = self.parts.get(role)
        return importlib.import_module(path) if path is not None else None


def import_all(package: str, path: Iterable[str]) -> list[str]:
    """Import every direct submodule of ``package`` (skipping private ``_`` names)."""
    names = []
    for info in sorted(pkgutil.iter_modules(list(path)), key=lambda m: m.name):
        if not info.name.startswith("_"):
            importlib.import_module(f"{package}.{info.name}")
            names.append(info.name)
    return names
