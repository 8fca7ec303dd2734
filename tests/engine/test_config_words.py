"""A config read from JSON (a room's options, a match record) is refused in the command line's
words: what the option takes ("a whole number", "true or false", "a list of words"), the value
as JSON shows it, and unknown options named plainly."""

from __future__ import annotations

from typing import Any

import pytest

from gamenight.engine import ConfigError, config_from_json, config_from_options
from gamenight.engine.registry import game_class


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"target": "100"}, "option target takes a whole number, got '100'"),
        ({"target": True}, "option target takes a whole number, got true"),
        ({"strict": "true"}, "option strict takes true or false, got 'true'"),
        ({"faces": "green,red"}, "option faces takes a list of words, got 'green,red'"),
        ({"faces": ["green", 2]}, "option faces takes a list of words, got ['green', 2]"),
        ({"nosuch": 1}, "unknown option 'nosuch'; options are: players, target, "),
        ({"b": 1, "a": 2}, "unknown options 'a', 'b'; options are: "),
    ],
)
def test_json_refusals_say_what_the_option_takes(data: dict[str, Any], message: str) -> None:
    """No Python type names (``a int``), no ``option(s)``, no list syntax for option names."""
    with pytest.raises(ConfigError) as caught:
        config_from_json(game_class("toss-up").config_type, data)
    assert str(caught.value).startswith(message), str(caught.value)


def test_the_command_line_says_the_same() -> None:
    """The text path (``-o target=...``) words a wrong type the same way."""
    with pytest.raises(ConfigError, match="option target takes a whole number, got 'lots'"):
        config_from_options(game_class("toss-up").config_type, ["target=lots"])


@pytest.mark.parametrize("text", ["green,,red", "green,red,", ",green", "green, ,red"])
def test_an_empty_item_in_a_list_option_is_refused_not_dropped(text: str) -> None:
    """``-o faces=green,,red`` is a typo, not a two-face die: the option and the text are
    named. An empty value is still an empty list."""
    config_type = game_class("toss-up").config_type
    with pytest.raises(ConfigError, match=f"option faces has an empty item in '{text}'"):
        config_from_options(config_type, [f"faces={text}"])
    assert config_from_options(config_type, ["faces=green, green ,red"]).faces == (
        "green",
        "green",
        "red",
    )
