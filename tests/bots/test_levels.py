"""The bot names every game understands (``default`` and ``smart``), so that one seat list, as
the README writes it, plays every game."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from gamenight.bots import default_bot, make_bot
from gamenight.bots.registry import UnknownBot
from gamenight.cli import app
from gamenight.engine.registry import game_ids, make_game


@pytest.mark.parametrize("game_id", game_ids())
def test_default_and_smart_seat_a_bot_in_every_game(game_id: str) -> None:
    """``default`` is the game's default bot; ``smart`` is the game's own ``smart`` where it has
    one, else its default bot (Cover Your Cookies: ``baker``)."""
    game = make_game(game_id, {})
    assert make_bot("default", game, 0).name.startswith(default_bot(game_id))
    smart = make_bot("smart", game, 1)
    assert smart.name.startswith("smart") or smart.name.startswith(default_bot(game_id))


def test_cover_your_cookies_smart_is_baker_and_unknown_names_list_the_levels() -> None:
    """In Cover Your Cookies ``smart`` is ``baker``; a refusal lists the levels too."""
    game = make_game("cover-your-cookies", {})
    assert make_bot("smart", game, 0).name == "baker"
    with pytest.raises(UnknownBot, match=r"bots are: baker, first, .*default, smart"):
        make_bot("clever", game, 0)


def test_the_readme_hot_seat_line_plays_cover_your_cookies() -> None:
    """``--seats human:Ann,human:Bob,smart`` (README) seats the bot: the game asks Ann to come
    to the screen rather than refusing the seat list."""
    result = CliRunner().invoke(
        app,
        ["play", "cover-your-cookies", "--seats", "human:Ann,human:Bob,smart", "--line"],
        input="",
        env={"COLUMNS": "200"},
    )
    assert "unknown bot" not in result.output
    assert "Ann, your move" in " ".join(result.output.split())


def test_the_list_says_which_bot_smart_names_where_no_bot_is_called_so() -> None:
    """``gamenight list`` marks Cover Your Cookies' baker as its default and its ``smart``."""
    result = CliRunner().invoke(app, ["list"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    cookies = result.output.split("Cover Your Cookies", 1)[1].split("Paper Toss!", 1)[0]
    assert "(default; smart too)" in " ".join(cookies.split())
