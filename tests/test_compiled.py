"""The compiled build: ``GAMENIGHT_COMPILE=1`` compiles the simulation's hot modules with mypyc
(``setup.py``). These tests build it for real, from a copy of this tree, with the installed
mypy and the machine's C compiler, and check that it plays the very same games as the Python
sources: the same seeded reports and per-game records, the conformance kit green at every
player count, the learning adapters' tests passing."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from gamenight.engine.registry import game_class

ROOT = Path(__file__).resolve().parents[1]
CARD_GAMES = ("toss-your-cookies", "paper-toss", "cover-your-cookies")


def load(path: Path, name: str) -> ModuleType:
    """Import a file of the project that is not in the package (``setup.py``, the backend)."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SETUP = load(ROOT / "setup.py", "gamenight_setup")

# Building the compiled tree takes a minute and its checks two more: `make test-slow` runs them,
# all on one worker (`--dist loadgroup`) so the tree is built once.


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A compiled build of this tree, installed into a folder of its own (put it first on
    ``PYTHONPATH`` to run it; the packages it needs are the test environment's)."""
    work = tmp_path_factory.mktemp("compiled")
    project = work / "project"
    project.mkdir()
    for name in ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md"):
        shutil.copy2(ROOT / name, project / name)
    skip = shutil.ignore_patterns("__pycache__", "*.egg-info", "*.so")
    shutil.copytree(ROOT / "build_backend", project / "build_backend", ignore=skip)
    shutil.copytree(ROOT / "src", project / "src", ignore=skip)
    site = work / "site"
    pip = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation"]
    build = subprocess.run(
        [*pip, "--target", str(site), str(project)],
        env={**os.environ, "GAMENIGHT_COMPILE": "1"},
        capture_output=True,
        text=True,
        timeout=1200,
    )
    assert build.returncode == 0, build.stdout[-2000:] + build.stderr[-4000:]
    return site


def run(site: Path | None, *args: str) -> str:
    """Run ``python *args`` on the compiled build (``site``) or on the sources (``None``)."""
    env = dict(os.environ)
    env.pop("GAMENIGHT_COMPILE", None)
    if site is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(site), env.get("PYTHONPATH", "")])
    done = subprocess.run(
        [sys.executable, *args], env=env, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return done.stdout


@pytest.mark.slow
@pytest.mark.xdist_group("compiled")
def test_the_listed_modules_are_compiled_and_the_rest_is_not(compiled: Path) -> None:
    """Every module ``setup.py`` lists runs compiled from the build; the others stay Python
    (the actions, whose field types the codecs read, and every module that is not listed)."""
    listed = [f"gamenight.{path[:-3].replace('/', '.')}" for path in SETUP.COMPILED]
    plain = ["gamenight.games.cover_your_cookies.actions", "gamenight.engine.codec"]
    files = json.loads(
        run(
            compiled,
            "-c",
            "import importlib, json, sys; "
            "print(json.dumps({m: importlib.import_module(m).__file__ for m in sys.argv[1:]}))",
            *listed,
            *plain,
        )
    )
    for name in listed:
        assert files[name].startswith(str(compiled)) and files[name].endswith(".so"), name
    for name in plain:
        assert files[name].endswith(".py"), name


#: Seeded ``simulate`` jobs: every card game, random and rule-following bots, options that take
#: other paths (two actions, no mixers, the free scramble), ``--rotate-seats``, ``--workers 2``.
JOBS = [
    "cover-your-cookies --bots random,random,random,random --games 60",
    "cover-your-cookies --bots baker,first,random --games 30 --seed 4",
    "cover-your-cookies --bots random,random,random --games 30 --workers 2 "
    "-o two_actions=true -o mixers=false",
    "toss-your-cookies --bots random,smart,random,smart --games 40",
    "toss-your-cookies --bots random,random,random --games 20 -o free_scramble=true --seed 3",
    "paper-toss --bots random,random,random,random --games 60",
    "paper-toss --bots smart,tosser,random --games 40 --rotate-seats",
]


@pytest.mark.slow
@pytest.mark.xdist_group("compiled")
@pytest.mark.parametrize("job", JOBS)
def test_the_compiled_build_plays_the_very_same_games(
    compiled: Path, tmp_path: Path, job: str
) -> None:
    """The same seeded job gives the same report and the same per-game records, line for line,
    compiled or not."""
    reports, records = [], []
    for site, name in ((None, "python"), (compiled, "compiled")):
        lines = tmp_path / f"{name}.jsonl"
        args = ["-m", "gamenight", "simulate", *job.split(), "--json", "--jsonl", str(lines)]
        reports.append(json.loads(run(site, *args)))
        records.append(lines.read_text().splitlines())
    assert reports[0] == reports[1]
    assert records[0] == records[1] and len(records[0]) >= 20


@pytest.mark.slow
@pytest.mark.xdist_group("compiled")
def test_the_compiled_build_keeps_the_engine_contract(compiled: Path) -> None:
    """The conformance kit (bad input refused with the engine's own errors, states left as they
    were, records that replay, views that hide what they must) passes on the compiled build
    for every card game at every player count."""
    script = (
        "import sys\n"
        "from gamenight.engine.conformance import check_game\n"
        "from gamenight.engine.registry import game_class\n"
        "for game_id in sys.argv[1:]:\n"
        "    cls = game_class(game_id)\n"
        "    for players in range(cls.config_type.min_players, cls.config_type.max_players + 1):\n"
        "        for seed in range(2):\n"
        "            match = check_game(cls(cls.config_type(players=players)), seed=seed)\n"
        "            assert match.finished\n"
        "            print(game_id, players, seed, match.version)\n"
    )
    checked = run(compiled, "-c", script, *CARD_GAMES).splitlines()
    assert len(checked) == 2 * sum(
        cls.config_type.max_players - cls.config_type.min_players + 1
        for cls in map(game_class, CARD_GAMES)
    )


@pytest.mark.slow
@pytest.mark.xdist_group("compiled")
def test_the_compiled_build_passes_the_adapter_tests(compiled: Path) -> None:
    """The learning adapters' own tests (PettingZoo's API and seed tests, Gymnasium's checker,
    OpenSpiel's random simulation test, each encoder against the views, the turns) pass on the
    compiled build, where the adapters drive the compiled match code and card games' rules."""
    out = run(
        compiled,
        *("-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "0"),
        str(ROOT / "tests" / "adapters"),
    )
    summary = out.strip().splitlines()[-1]
    assert " passed" in summary and "failed" not in summary and "error" not in summary, summary
    assert int(summary.split(" passed")[0].split()[-1]) >= 250, summary


def test_a_compiled_editable_install_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """Compiled modules beside the sources would run instead of every later edit: the build
    backend refuses ``GAMENIGHT_COMPILE=1`` with ``pip install -e``, and says why."""
    backend = load(ROOT / "build_backend" / "gamenight_build.py", "gamenight_build_backend")
    monkeypatch.setenv("GAMENIGHT_COMPILE", "1")
    with pytest.raises(SystemExit, match=r"pip install \.`, not `pip install -e"):
        backend.build_editable("unused")
    assert any(r.startswith("mypy") for r in backend.get_requires_for_build_wheel())
    monkeypatch.setenv("GAMENIGHT_COMPILE", "0")
    assert not any(r.startswith("mypy") for r in backend.get_requires_for_build_wheel())


@pytest.mark.parametrize(("value", "compiles"), [("1", True), ("0", False), ("", False)])
def test_the_compile_switch(monkeypatch: pytest.MonkeyPatch, value: str, compiles: bool) -> None:
    """``GAMENIGHT_COMPILE`` is 1 or 0 (or unset)."""
    monkeypatch.setenv("GAMENIGHT_COMPILE", value)
    assert SETUP.compiling() is compiles


def test_a_bad_compile_switch_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any other value stops the build with a message naming the variable and the value."""
    monkeypatch.setenv("GAMENIGHT_COMPILE", "yes")
    with pytest.raises(SystemExit, match=r"GAMENIGHT_COMPILE is 1 .* or 0 .*, not 'yes'"):
        SETUP.compiling()


@pytest.mark.slow
@pytest.mark.xdist_group("compiled")
def test_memory_stays_flat_on_the_compiled_build(compiled: Path) -> None:
    """Thirty times the games do not take twice the memory, compiled too (a compiled f-string
    of a seed from 2**62 up once kept it alive: about 40 bytes a match)."""
    script = (
        "import tracemalloc\n"
        "from gamenight.engine.registry import make_game\n"
        "from gamenight.sim.simulate import simulate\n"
        "game = make_game('toss-up', ['target=1'], players=2)\n"
        "def peak(games):\n"
        "    tracemalloc.start()\n"
        "    simulate(game, ['hold:20', 'hold:20'], games, seed=1)\n"
        "    top = tracemalloc.get_traced_memory()[1]\n"
        "    tracemalloc.stop()\n"
        "    return top\n"
        "peak(1000)\n"
        "print(peak(100), peak(3000))\n"
    )
    small, large = map(int, run(compiled, "-c", script).split())
    assert large < 2 * small, (small, large)
