"""The generic text codec reads a number only as a person writes one: the digits 0 to 9, with a
leading minus only in a field declared signed. ``int()`` alone would read ``+2``, ``0_2`` and
``2_0`` (Toss Up!'s ``dice 2_0 1 1`` once gave twenty green dice)."""

from __future__ import annotations

import dataclasses

import pytest

from gamenight.engine.codec import SIGNED, ActionCodec
from gamenight.engine.errors import MalformedAction
from gamenight.engine.registry import make_game
from tests.engine.grab_bag import GrabBag, GrabBagConfig


@dataclasses.dataclass(frozen=True)
class Shift:
    """A test action with one signed and one unsigned whole number."""

    by: int = dataclasses.field(metadata=SIGNED)
    seat: int


CODEC = ActionCodec([Shift])


@pytest.mark.parametrize("word", ["+2", "0_2", "2_0", "²", "٣", "2.0", "0x2", "1e3", "-0", "- 2"])
def test_toss_up_dice_take_plain_digits_only(word: str) -> None:
    game = make_game("toss-up")
    with pytest.raises(MalformedAction):
        game.action_from_text(f"dice {word} 1 1")


def test_plain_digits_are_read() -> None:
    assert (
        str(make_game("toss-up").action_from_text("dice 2 0 1")) == "Dice(green=2, yellow=0, red=1)"
    )
    assert GrabBag(GrabBagConfig()).action_from_text("bid 02").amount == 2


@pytest.mark.parametrize("word", ["-1", "+1", "1_0"])
def test_a_plug_in_game_inherits_the_check(word: str) -> None:
    """Grab Bag has no text parser of its own: the engine's codec refuses for it."""
    with pytest.raises(MalformedAction, match="digits 0 to 9"):
        GrabBag(GrabBagConfig()).action_from_text(f"bid {word}")


def test_a_minus_only_where_the_field_is_signed() -> None:
    assert CODEC.from_text("shift -3 1") == Shift(-3, 1)
    assert CODEC.from_text("shift 3 1") == Shift(3, 1)
    with pytest.raises(MalformedAction, match="seat of shift must be a whole number 0 or more"):
        CODEC.from_text("shift 3 -1")
    for word in ("+3", "--3", "-", "-+3", "-3_0"):
        with pytest.raises(MalformedAction, match="by of shift must be a whole number written"):
            CODEC.from_text(f"shift {word} 1")


def test_too_many_digits_are_refused() -> None:
    assert CODEC.from_text(f"shift {'9' * 18} 0").by == int("9" * 18)
    with pytest.raises(MalformedAction, match="at most 100"):
        CODEC.from_text(f"shift 1 {'1' * 101}")
