"""The ``gamenight`` command's entry point: Ctrl-C while the command loads, and a quick
``import gamenight``.

Sending SIGINT at the right moment of a real start is a matter of timing, so the interrupt is
made certain instead: a real Python process whose import of ``gamenight.cli`` (what loads the
command) raises ``KeyboardInterrupt``, as Python does when Ctrl-C arrives in an import.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"

#: Run in a fresh interpreter: every import of ``gamenight.cli`` is cut short by Ctrl-C.
CUT_SHORT = """
import sys

class CtrlC:
    def find_spec(self, name, path=None, target=None):
        if name == "gamenight.cli":
            raise KeyboardInterrupt
        return None

sys.meta_path.insert(0, CtrlC())
from gamenight.launch import main
main()
"""


def python(code: str) -> subprocess.CompletedProcess[str]:
    """``python -c code`` with this tree's sources first on the path."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")]))
    return subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120
    )


def test_ctrl_c_while_the_command_loads_is_one_line_and_status_130() -> None:
    """Ctrl-C before the command has loaded ends it as Ctrl-C ends a run: ``interrupted``,
    status 130, no traceback."""
    done = python(CUT_SHORT)
    assert done.returncode == 130
    assert done.stderr == "interrupted\n"
    assert "Traceback" not in done.stdout + done.stderr


def test_importing_gamenight_loads_its_parts_on_first_use() -> None:
    """``import gamenight`` loads none of the engine, bots or simulation until a public name is
    used (so the command's entry point starts at once); every public name then works."""
    code = (
        "import sys, gamenight\n"
        "print(sorted(m for m in sys.modules if m.startswith('gamenight.')))\n"
        "game = gamenight.make_game('toss-up', players=2)\n"
        "bots = [gamenight.make_bot('random', game, s) for s in range(2)]\n"
        "print(gamenight.play_match(gamenight.Match(game, seed=1), bots).finished)\n"
        "print(all(hasattr(gamenight, name) for name in gamenight.__all__))\n"
        "print(gamenight.engine.__name__)\n"
        "try:\n    gamenight.no_such_name\nexcept AttributeError as exc:\n    print(exc)\n"
    )
    done = python(code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "[]",
        "True",
        "True",
        "gamenight.engine",
        "module 'gamenight' has no attribute 'no_such_name'",
    ]


def test_the_package_ships_its_type_information() -> None:
    """``py.typed`` is in the installed package, so type checkers read the API's signatures."""
    from importlib.resources import files

    assert (files("gamenight") / "py.typed").is_file()


def test_the_command_without_arguments_shows_the_help_and_succeeds() -> None:
    """Plain ``gamenight`` (``python -m gamenight``, no arguments) shows the commands and exits
    with status 0, as ``--help`` does."""
    done = python("import sys; sys.argv = ['gamenight']; from gamenight.launch import main; main()")
    assert done.returncode == 0, done.stderr
    assert "Usage: gamenight" in done.stdout and "simulate" in done.stdout
