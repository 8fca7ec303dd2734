"""Bots of one's own (``--bots module:Name``): a mistake in one is a clear line naming the spec
and what is wrong, a bot that fails in the middle of a game names itself, its seat and how to
play that game again, and every table names such a bot as it was typed."""

from __future__ import annotations

import json
import re
import shlex
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result
from typer.testing import CliRunner

from gamenight.cli import app
from gamenight.engine.registry import make_game
from gamenight.sim.failures import GameFailed
from gamenight.sim.simulate import simulate

runner = CliRunner()

MODULE = """
import gamenight


class Careful(gamenight.Agent):
    def act(self, view, legal, rng):
        texts = [self.game.action_to_text(a) for a in legal]
        if "bank" in texts and view["turn_points"] >= 20:
            return legal[texts.index("bank")]
        return legal[texts.index("roll")] if "roll" in texts else legal[0]


def make_careful(game, seat):
    return Careful(game, seat, "careful")


def careful(game, seat, arg):
    return Careful(game, seat, "careful")


class NotAgent:
    pass


class NoAct(gamenight.Agent):
    pass


class TwoArguments(Careful):
    def __init__(self, game, seat):
        super().__init__(game, seat, "two")


def not_a_bot(game, seat, arg):
    return "roll"


def broken(game, seat, arg):
    raise RuntimeError("no table for that many dice")


CONST = 3


class Cheat(Careful):
    def act(self, view, legal, rng):
        return "cheat" if view["turn_points"] >= 10 else super().act(view, legal, rng)


class Flaky(Careful):
    def act(self, view, legal, rng):
        if rng.random() < 0.05:
            raise ValueError("flaked out")
        return super().act(view, legal, rng)


class Empty(Careful):
    def act(self, view, legal, rng):
        if view["turn_points"] >= 10:
            return rng.choice([])  # raises inside random.py
        return super().act(view, legal, rng)
"""


@pytest.fixture
def mybots(bot_module: Callable[[str], Path]) -> Path:
    """``mybots.py`` with the bots above, beside the test."""
    return bot_module(MODULE)


def one_clean_line(result: Result, status: int) -> str:
    """The error a command ended with: exit ``status``, one line on stderr, no traceback (the
    command ended by exiting, not by an exception)."""
    assert result.exit_code == status, result.output
    assert isinstance(result.exception, SystemExit), result.exception
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    return lines[0]


@pytest.mark.usefixtures("mybots")
@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        (
            "mybots:make_careful",
            "bot 'mybots:make_careful' takes (game, seat), but a factory is called as "
            "Name(game, seat, arg), arg being the text after a second ':' or None",
        ),
        ("mybots:NotAgent", "'mybots:NotAgent' is a class but not an Agent subclass"),
        ("mybots:CONST", "'mybots:CONST' is neither an Agent subclass nor a factory of agents"),
        ("mybots:NoAct", "bot class 'mybots:NoAct' does not define act"),
        (
            "mybots:TwoArguments",
            "bot 'mybots:TwoArguments' takes (game, seat), but an Agent subclass is built as "
            "Name(game, seat, name)",
        ),
        ("mybots:not_a_bot", "bot factory 'mybots:not_a_bot' returned 'roll', not an Agent"),
        (
            "mybots:broken",
            "bot 'mybots:broken' could not be built: RuntimeError: no table for that many dice",
        ),
        ("mybots:Careful:20", "bot class Careful takes no argument (got '20')"),
    ],
)
@pytest.mark.parametrize(
    "command",
    [
        ["simulate", "toss-up", "--games", "4", "--bots"],
        ["ladder", "toss-up", "--games", "4", "--bots"],
        ["play", "toss-up", "--line", "--seats"],
    ],
)
def test_a_mistake_in_a_bot_of_ones_own_is_one_line(
    spec: str, expected: str, command: list[str]
) -> None:
    """Each kind of mistake is a usage error naming the spec and what is wrong, in every
    command that takes bots."""
    line = one_clean_line(runner.invoke(app, [*command, f"{spec},random"]), status=2)
    assert expected in line


def test_a_module_that_does_not_import_is_named_with_its_error(
    bot_module: Callable[[str], Path],
) -> None:
    """A mistake in the module itself (here a name it never defined) is named with its type and
    message, not as an unknown bot."""
    bot_module("import gamenight\n\nclass Bot(gamenight.Agent):\n    speed = SLOW\n")
    result = runner.invoke(app, ["simulate", "toss-up", "--bots", "mybots:Bot,random"])
    line = one_clean_line(result, status=2)
    assert "importing 'mybots' for bot 'mybots:Bot' failed: NameError: name 'SLOW'" in line
    assert "unknown bot" not in line


@pytest.mark.usefixtures("mybots")
def test_a_bot_failing_mid_game_names_itself_its_seat_and_the_replay() -> None:
    """A bot raising in the middle of a game ends the run with exit 1 and one line: the bot,
    its seat, the exception, where it was raised, the game's seed and the command that plays
    that game again, which fails in the same way at the same place."""
    args = ["--games", "60", "--seed", "3", "-o", "target=50"]
    result = runner.invoke(app, ["simulate", "toss-up", "--bots", "random,mybots:Flaky", *args])
    line = one_clean_line(result, status=1)
    found = re.search(
        r"in game (\d+) of the run \(seed (\d+)\), bot mybots:Flaky in seat 1 raised "
        r"ValueError: flaked out \(at mybots\.py:(\d+)\); play that game again with: (.*)$",
        line,
    )
    assert found, line
    seed, command = found.group(2), found.group(4)
    assert command == (
        f"gamenight play toss-up --seats random,mybots:Flaky --seed {seed} --line -o target=50"
    )
    again = one_clean_line(runner.invoke(app, shlex.split(command)[1:]), status=1)
    assert f"in this game (seed {seed}), bot mybots:Flaky in seat 1 raised" in again
    assert f"(at mybots.py:{found.group(3)})" in again


@pytest.mark.usefixtures("mybots")
def test_the_line_named_is_the_bots_own_not_the_librarys() -> None:
    """An error raised in a library the bot called is placed at the bot's own call: the line
    of ``mybots.py`` that made it, not the line of ``random.py`` that raised."""
    result = runner.invoke(app, ["simulate", "toss-up", "--bots", "random,mybots:Empty"])
    line = one_clean_line(result, status=1)
    call = 1 + next(i for i, text in enumerate(MODULE.splitlines()) if "rng.choice([])" in text)
    assert f"raised IndexError: Cannot choose from an empty sequence (at mybots.py:{call})" in line
    assert "random.py" not in line


@pytest.mark.usefixtures("mybots")
def test_with_people_at_the_table_a_failure_shows_no_seed_nor_detail() -> None:
    """At a table with a person, a bot's failure stops the match naming the bot and the kind of
    error only: the seed would let the people foresee chance in a resumed match, and an
    error's text may name a card of the bot's hand."""
    args = ["play", "toss-up", "--line", "--seats", "human,mybots:Empty", "--seed", "4"]
    result = runner.invoke(app, args, input="roll\n" * 60)
    assert result.exit_code == 1, result.output
    assert "the match is stopped: bot mybots:Empty in seat 1 (IndexError)" in result.stderr
    assert "seed" not in result.stderr.replace("the seed and", "")
    assert "empty sequence" not in result.output + result.stderr


@pytest.mark.usefixtures("mybots")
def test_a_game_failing_on_ray_is_the_same_one_line() -> None:
    """On the Ray backend the failure is the same ``GameFailed`` as in one process, not Ray's
    error carrying the worker's traceback."""
    import ray

    game = make_game("toss-up", ["target=50"], players=2)
    with pytest.raises(GameFailed) as here:
        simulate(game, ["mybots:Flaky", "random"], 300, seed=1)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        with pytest.raises(GameFailed) as there:
            simulate(game, ["mybots:Flaky", "random"], 300, seed=1, backend="ray")
    finally:
        ray.shutdown()
    assert type(there.value) is GameFailed
    assert str(there.value) == str(here.value)
    assert "Traceback" not in str(there.value) and "\n" not in str(there.value)


@pytest.mark.usefixtures("mybots")
def test_an_illegal_move_names_the_game_and_its_replay() -> None:
    """A bot choosing a move the rules do not allow stops the run the same way: the engine's
    refusal, the game's seed and the command to play it again, in simulate and in play."""
    args = ["--bots", "mybots:Cheat,random", "--games", "5", "--seed", "2"]
    line = one_clean_line(runner.invoke(app, ["simulate", "toss-up", *args]), status=1)
    found = re.search(
        r"game 0 of the run \(seed (\d+)\) failed: IllegalAction: mybots:Cheat \(seat 0\) chose "
        r"an illegal 'cheat'; play that game again with: (gamenight play toss-up .*)$",
        line,
    )
    assert found, line
    again = one_clean_line(runner.invoke(app, shlex.split(found.group(2))[1:]), status=1)
    assert f"this game (seed {found.group(1)}) failed: IllegalAction: mybots:Cheat" in again


@pytest.mark.usefixtures("mybots")
def test_a_bot_failing_in_a_sweep_or_ladder_is_not_a_usage_error() -> None:
    """In a sweep and a ladder too, a failing game is exit 1 with the bot named, not exit 2."""
    sweep = ["sweep", "toss-up", "--bots", "mybots:Flaky,random", "--vary", "target=40,50"]
    line = one_clean_line(runner.invoke(app, [*sweep, "--games", "40"]), status=1)
    assert "bot mybots:Flaky in seat 0 raised ValueError: flaked out" in line
    assert "-o target=40" in line
    ladder = ["ladder", "toss-up", "--bots", "mybots:Flaky,random", "--games", "40"]
    line = one_clean_line(runner.invoke(app, ladder), status=1)
    assert "bot mybots:Flaky in seat" in line and "--line" in line


@pytest.mark.usefixtures("mybots")
def test_a_bot_of_ones_own_is_named_as_typed_everywhere(tmp_path: Path) -> None:
    """The simulate table, its JSON, the game lines and the ladder all name a bot of one's own
    by its spec as typed, class and factory alike."""
    bots = "mybots:Careful,mybots:careful:20"
    args = ["simulate", "toss-up", "--bots", bots, "--games", "20", "--seed", "1"]
    lines = tmp_path / "games.jsonl"
    data = json.loads(runner.invoke(app, [*args, "--json", "--jsonl", str(lines)]).stdout)
    assert [s["bot"] for s in data["seats"]] == ["mybots:Careful", "mybots:careful:20"]
    first = json.loads(lines.read_text().splitlines()[0])
    assert first["seats"] == ["mybots:Careful", "mybots:careful:20"]
    table = runner.invoke(app, args, env={"COLUMNS": "120"})
    assert table.exit_code == 0, table.output
    rows = [line for line in table.stdout.splitlines() if "│" in line]
    assert re.search(r"│ 0 +│ mybots:Careful +│", rows[0]), rows
    assert re.search(r"│ 1 +│ mybots:careful:20 +│", rows[1]), rows
    ladder = runner.invoke(app, ["ladder", "toss-up", "--bots", bots, "--games", "4", "--json"])
    standings = json.loads(ladder.stdout)["standings"]
    assert sorted(s["bot"] for s in standings) == ["mybots:Careful", "mybots:careful:20"]
