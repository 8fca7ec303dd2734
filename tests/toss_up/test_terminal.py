"""The Toss Up! screen: scores, the turn, the bust chance, the final round and sudden death."""

from __future__ import annotations

from rich.console import Console

from gamenight.games.toss_up import TossUp, TossUpConfig, TossUpState
from gamenight.terminal.render import renderer_for

GAME = TossUp(TossUpConfig(players=3))
NAMES = ["You", "smart", "hold:20"]


def screen(state: TossUpState) -> str:
    console = Console(record=True, width=100)
    renderer_for("toss-up").show(console, GAME.observe(state, 0), 0, NAMES)
    return console.export_text()


def test_the_screen_shows_scores_turn_and_bust_chance() -> None:
    state = TossUpState(
        scores=(12, 30, 7), player=0, turn_points=6, dice_left=4, rolled=True, turns=3
    )
    text = screen(state)
    assert "Your turn: 6 points this turn, 4 dice to roll" in text
    assert "30" in text
    assert "Chance the next roll busts (no green, a red): 5.0%" in text


def test_the_final_round_names_who_is_still_to_play() -> None:
    state = TossUpState(
        scores=(50, 104, 7), player=2, dice_left=10, trigger=1, final=(2, 0), turns=9
    )
    text = screen(state)
    assert "Final round: smart passed 100; still to play: hold:20, You" in text


def test_sudden_death_is_shown_as_sudden_death() -> None:
    state = TossUpState(
        scores=(107, 107, 7),
        player=0,
        dice_left=10,
        trigger=1,
        final=(0, 1),
        contenders=(0, 1),
        turns=12,
    )
    text = screen(state)
    assert "Sudden death among You, smart" in text
    assert "Final round" not in text
