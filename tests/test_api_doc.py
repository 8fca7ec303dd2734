"""The examples in docs/api.md run as written, and say what the page claims."""

from __future__ import annotations

import contextlib
import importlib
import io
import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gamenight import make_game
from gamenight.cli import app

PAGE = Path(__file__).resolve().parent.parent / "docs" / "api.md"
TEXT = PAGE.read_text(encoding="utf-8")
EXAMPLES = re.findall(r"```python\n(.*?)```", TEXT, re.S)
#: The examples that run as scripts and print; the last one is a module, ``mybots.py``.
SCRIPTS = 3


def test_the_page_has_its_four_examples() -> None:
    """A random playout, bots playing each other, a bot of one's own, and a module of bots for
    the command line."""
    assert len(EXAMPLES) == SCRIPTS + 1


@pytest.mark.parametrize("index", range(SCRIPTS))
def test_an_example_runs(index: int) -> None:
    """Each example runs in a fresh namespace and prints its result."""
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(EXAMPLES[index], f"docs/api.md example {index + 1}", "exec"), {})
    assert printed.getvalue().strip()


def test_the_bot_of_ones_own_beats_random() -> None:
    """The careful bot of the third example wins most of its 200 games against random."""
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(EXAMPLES[2], "docs/api.md example 3", "exec"), {})
    wins = int(re.search(r"careful won (\d+) of 200", printed.getvalue()).group(1))  # type: ignore[union-attr]
    assert wins > 150


@pytest.fixture
def mybots(bot_module: Callable[[str], Path]) -> Path:
    """The page's ``mybots.py``, in a folder that is the current one."""
    return bot_module(EXAMPLES[SCRIPTS])


@pytest.mark.usefixtures("mybots")
def test_the_factory_is_called_as_the_page_says() -> None:
    """The page's factory and class play by ``--bots`` as the page's command gives them: the
    factory's argument sets the limit (30 banks later than the class's 25), both beat random
    by far, and the report names them as typed."""
    command = re.search(r"```sh\n(gamenight simulate [^\n]*)\n```", TEXT)
    assert command is not None
    args = command.group(1).split()[1:]
    assert "mybots:careful:30,mybots:Careful,random" in args
    args[args.index("--games") + 1] = "300"
    result = runner_invoke([*args, "--seed", "4", "--json"])
    data = json.loads(result)
    assert [b["bot"] for b in data["bots"]] == ["mybots:careful:30", "mybots:Careful", "random"]
    rates = [b["win_rate"] for b in data["bots"]]
    assert rates[0] > 2 * rates[2] and rates[1] > 2 * rates[2]

    module = importlib.import_module("mybots")  # the module the command imported
    game = make_game("toss-up", players=2)
    assert module.careful(game, 0, "30").limit == 30
    assert module.careful(game, 1, None).limit == 25


@pytest.mark.usefixtures("mybots")
def test_a_factory_argument_it_refuses_is_one_clear_line() -> None:
    """The page says what ``mybots:careful:x`` answers: the factory's own error, on one line,
    exit 2, no traceback."""
    result = CliRunner().invoke(app, ["simulate", "toss-up", "--bots", "mybots:careful:x,random"])
    assert result.exit_code == 2
    said = " ".join(result.output.split())
    assert "ValueError: careful takes a whole number of points, got 'x'" in said
    assert "ValueError: careful takes a whole number of points, got 'x'" in " ".join(TEXT.split())
    assert "Traceback" not in result.output


def runner_invoke(args: list[str]) -> str:
    """Run ``gamenight`` with ``args``; its stdout (the run must succeed)."""
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    return result.stdout
