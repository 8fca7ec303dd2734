"""Test-wide set-up: the test run's own plug-in game is importable and discoverable.

`make test` installs ``tests/plugin_game`` (the Grab Bag game, a package of its own) into
``.venv/test-plugins``; putting that folder on the path lets gamenight find it by its entry point,
as it would find any installed game package.
"""

from __future__ import annotations

import os
import sys
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

PLUGINS = Path(__file__).resolve().parent.parent / ".venv" / "test-plugins"

if not (PLUGINS / "gamenight_grab_bag").is_dir():
    raise RuntimeError(
        f"the test plug-in game is not installed in {PLUGINS}; run the tests with `make test` "
        "(or `make .venv/test-plugins/.installed` once)"
    )
sys.path.insert(0, str(PLUGINS))
# Subprocesses started by tests find it too (and the tests package, from the project root).
os.environ["PYTHONPATH"] = os.pathsep.join(
    p for p in (str(PLUGINS), str(PLUGINS.parent.parent), os.environ.get("PYTHONPATH")) if p
)


@pytest.fixture
def bot_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str], Path]]:
    """A writer of ``mybots.py`` (from the source given) in a fresh folder made the current one,
    as a person keeps a module of bots of their own beside them: ``--bots mybots:Name`` finds
    it. ``mybots`` is imported afresh by the test and forgotten after it."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))
    sys.modules.pop("mybots", None)

    def write(source: str) -> Path:
        module = tmp_path / "mybots.py"
        module.write_text(textwrap.dedent(source), encoding="utf-8")
        return module

    yield write
    sys.modules.pop("mybots", None)
