"""Games plug in through entry points: the built-in four and a game from a package of its own."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

import gamenight
from gamenight.cli import app
from gamenight.engine import registry
from gamenight.engine.conformance import check_game
from gamenight.engine.registry import (
    BrokenPlugin,
    DuplicateGame,
    UnknownGame,
    game_class,
    game_ids,
    register,
    unregister,
)

BUILT_IN = {"toss-up", "toss-your-cookies", "paper-toss", "cover-your-cookies"}
ROOT = Path(__file__).resolve().parent.parent


def test_every_installed_game_is_found_by_its_entry_point() -> None:
    """The four built-in games and the test run's own plug-in game, and nothing else."""
    assert set(game_ids()) == BUILT_IN | {"grab-bag"}


def test_gamenight_names_no_game_in_its_own_code() -> None:
    """Not a line of gamenight's frameworks names the plug-in game (it is found, not listed)."""
    source = ROOT / "src" / "gamenight"
    names = ("grab-bag", "grab_bag", "grab bag", "grabbag")
    naming = [
        path
        for path in source.rglob("*")
        if path.is_file()
        and path.suffix in {".py", ".md", ".json", ".toml"}
        and any(name in path.read_text(encoding="utf-8").lower() for name in names)
    ]
    assert naming == []


def test_the_plug_in_game_passes_the_conformance_kit() -> None:
    """A third-party game is held to the same contract as the built-in ones."""
    cls = game_class("grab-bag")
    for players in range(cls.config_type.min_players, cls.config_type.max_players + 1):
        match = check_game(cls(cls.config_type(players=players)), seed=players)
        assert match.finished


def test_the_plug_in_game_is_listed_and_playable_from_the_command() -> None:
    """`gamenight list` shows it; `gamenight play` plays it with random bots to the end."""
    runner = CliRunner()
    listing = runner.invoke(app, ["list"])
    assert listing.exit_code == 0
    assert "grab-bag  Grab Bag  (2-4 players)" in listing.output
    played = runner.invoke(app, ["play", "grab-bag", "--seats", "random,random,random"])
    assert played.exit_code == 0, played.output
    assert "Grab Bag" in played.output
    assert "seed " in played.output  # the game ended and its seed was shown
    rules = runner.invoke(app, ["rules", "grab-bag"])
    assert "secretly bids" in rules.output


def test_the_registry_finds_games_without_any_import_first() -> None:
    """`make_game` works in a fresh interpreter that imported only the engine."""
    code = "from gamenight.engine import make_game; print(make_game('toss-up').title)"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.strip() == "Toss Up!"


def test_the_command_imports_no_game_to_show_its_help() -> None:
    """Games load lazily: `gamenight --help` imports no game package."""
    code = textwrap.dedent(
        """
        import sys
        sys.argv = ["gamenight", "--help"]
        from gamenight.cli import main
        try:
            main()
        except SystemExit:
            pass
        print(sorted(m for m in sys.modules if m.startswith("gamenight.games.")))
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.strip().splitlines()[-1] == "[]"


def test_a_game_id_cannot_be_registered_twice() -> None:
    """Registering another class under a taken id is refused, naming who has it."""
    taken = game_class("toss-up")

    class Impostor(taken):  # type: ignore[misc, valid-type]
        pass

    with pytest.raises(DuplicateGame, match="'toss-up' is already"):
        register(Impostor)
    assert game_class("toss-up") is taken
    register(taken)  # the same class again is harmless


def test_a_test_may_register_and_unregister_its_own_game() -> None:
    """Direct registration, as tests do for their own variants, and its removal."""
    cls = game_class("grab-bag")

    class Variant(cls):  # type: ignore[misc, valid-type]
        id = "grab-bag-variant"

    register(Variant)
    try:
        assert "grab-bag-variant" in game_ids()
        assert gamenight.make_game("grab-bag-variant", players=2).players == 2
    finally:
        unregister("grab-bag-variant")
    assert "grab-bag-variant" not in game_ids()
    with pytest.raises(UnknownGame, match="unknown game 'grab-bag-variant'; games are: "):
        game_class("grab-bag-variant")


def test_a_broken_game_package_is_named_and_does_not_stop_the_others(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An installed package whose entry point fails is reported by id with the reason."""
    dist = tmp_path / "broken_game-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-game\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text("[gamenight.games]\nbroken = broken_game:PLUGIN\n")
    (tmp_path / "broken_game.py").write_text("raise RuntimeError('no dice in the box')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    registry.discover(refresh=True)
    try:
        assert "broken" in game_ids()
        with pytest.raises(BrokenPlugin, match="no dice in the box"):
            game_class("broken")
        assert "RuntimeError" in registry.broken_plugins()["broken"]
        assert game_class("toss-up").title == "Toss Up!"
        listing = CliRunner().invoke(app, ["list"])
        assert listing.exit_code == 0
        assert "broken: cannot be loaded" in listing.output
    finally:
        monkeypatch.undo()
        registry.discover(refresh=True)
    assert "broken" not in game_ids()
