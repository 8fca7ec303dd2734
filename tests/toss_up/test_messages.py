"""Toss Up! messages and bad input: the end announced once, nouns agreeing with numbers, names
shown as typed, refusals that say why and never repeat a whole input, and the engine's events."""

from __future__ import annotations

import pytest
from rich.console import Console
from rich.text import Text
from typer.testing import CliRunner

from gamenight.cli import app
from gamenight.engine import (
    CHANCE,
    GAME_OVER,
    TURN_STARTED,
    ConfigError,
    IllegalAction,
    MalformedAction,
    Match,
)
from gamenight.games.toss_up import TossUp, TossUpConfig, TossUpState
from gamenight.games.toss_up.metrics import TossUpMetrics
from gamenight.games.toss_up.state import BANK, ROLL, Dice
from gamenight.sim.metrics import Metrics
from gamenight.terminal.narrate import Narrator
from gamenight.terminal.render import renderer_for

runner = CliRunner()
GAME = TossUp(TossUpConfig(players=3))


def screen(state: TossUpState, names: list[str]) -> str:
    console = Console(record=True, width=120)
    renderer_for("toss-up").show(console, GAME.observe(state, 0), 0, names)
    return console.export_text()


def test_the_winner_is_announced_once() -> None:
    """The issue: "the winner announced twice at the end of Toss Up!". The game_over line says
    who won; the final score sheet does not say it again."""
    result = runner.invoke(
        app, ["play", "toss-up", "--seats", "human,hold:20", "--seed", "1"], input="b\n" * 400
    )
    assert result.exit_code == 0, result.output
    assert result.output.count("Game over: ") == 1
    assert result.output.count("wins!") + result.output.count("win!") == 1


def told(event: dict[str, object], names: list[str], viewer: int | None = None) -> str:
    """An event as the terminal tells it (its words, markup taken off)."""
    line = Narrator(GAME, renderer_for("toss-up")).line(event, names, viewer)
    assert line is not None
    return Text.from_markup(line).plain


def test_numbers_agree_with_their_nouns() -> None:
    """The issue: "Everywhere: '1 dice', '1 tokens' ...": 1 point, 1 die; 2 points, 2 dice."""
    names = ["You", "smart", "hold:20"]
    banked = {"kind": "banked", "player": 1, "points": 1, "total": 9}
    assert told(banked, names, 0) == "smart banked 1 (total 9)"
    busted = {"kind": "busted", "player": 0, "lost": 1}
    assert told(busted, names, 0) == "You busted and lost 1 point"
    assert told({**busted, "lost": 2}, names, 0) == "You busted and lost 2 points"
    rolled = {
        "kind": "rolled",
        "player": 2,
        "green": 1,
        "yellow": 1,
        "red": 0,
        "bust": False,
        "turn_points": 1,
        "dice": 1,
    }
    assert told(rolled, names, 0) == "hold:20 rolled 1 green, 1 yellow: turn total 1"
    # rules.md, 4: every die set aside as green means all ten are rolled again; the line says so
    all_green = {**rolled, "green": 2, "yellow": 0, "turn_points": 12, "dice": 10}
    assert told(all_green, names, 0) == (
        "hold:20 rolled 2 green: every die is set aside, so all 10 are rolled again (turn total 12)"
    )
    one = TossUpState(scores=(0, 0, 0), player=0, turn_points=1, dice_left=1, rolled=True)
    assert "Your turn: 1 point this turn, 1 die to roll" in screen(one, names)
    two = TossUpState(scores=(0, 0, 0), player=0, turn_points=2, dice_left=2, rolled=True)
    assert "Your turn: 2 points this turn, 2 dice to roll" in screen(two, names)


def test_player_names_with_rich_markup_are_shown_as_typed() -> None:
    """The issue: "a player name with rich markup (`[/]`) crashes the Toss Up! renderer"."""
    names = ["[/]", "[bold]Ann", "Bo[/red]"]
    state = TossUpState(
        scores=(50, 104, 7), player=2, dice_left=10, trigger=1, final=(2, 0), turns=9
    )
    text = screen(state, names)
    assert "[/]" in text and "[bold]Ann passed 100" in text and "Bo[/red]'s turn" in text
    tied = TossUpState(
        scores=(107, 107, 7), player=0, dice_left=10, trigger=1, final=(0, 1), contenders=(0, 1)
    )
    assert "Sudden death among [/], [bold]Ann" in screen(tied, names)
    shown = [
        told(event, names, 2)
        for event in (
            {"kind": "banked", "player": 0, "points": 3, "total": 3},
            {"kind": "busted", "player": 1, "lost": 4},
            {"kind": "final_round", "trigger": 2, "total": 101},
            {"kind": "sudden_death", "players": [0, 1], "total": 101},
            {"kind": "game_over", "winners": [0, 1]},
        )
    ]
    assert shown == [
        "[/] banked 3 (total 3)",
        "[bold]Ann busted and lost 4 points",
        "You reached 101: final round!",
        "Tie at 101: sudden death between [/], [bold]Ann",
        "Game over: [/], [bold]Ann share the win!",
    ]


def test_a_roll_sent_by_a_player_is_refused_saying_the_dice_decide() -> None:
    """Rulebook: "On your turn, roll all 10 Dice": what the dice show is chance, never a move."""
    match = Match(GAME, seed=3)
    match.advance_chance()
    with pytest.raises(IllegalAction, match="the dice decide what a roll shows"):
        match.submit(match.state.player, Dice(10, 0, 0))
    with pytest.raises((IllegalAction, MalformedAction)) as caught:  # refused, never a crash
        match.submit(match.state.player, Dice(None, [1], "x"))  # type: ignore[arg-type]
    assert "dice" in str(caught.value)
    match.submit(match.state.player, BANK)


def test_a_long_typed_move_is_repeated_short() -> None:
    """The issue: "Error messages echo the whole input": a page of text gets one short line."""
    with pytest.raises(MalformedAction) as caught:
        GAME.action_from_text("x" * 200_000)
    message = str(caught.value)
    assert message.startswith("unknown move 'xxxx")
    assert len(message) < 120


def test_option_errors_repeat_a_bad_face_short() -> None:
    """A faces list from a record can be anything: the refusal names it briefly."""
    with pytest.raises(ConfigError) as caught:
        TossUpConfig(faces=("green",) * 5000 + ("blue" * 1000,))
    assert "faces must be a list of green, yellow, red" in str(caught.value)
    assert len(str(caught.value)) < 200


def test_turns_start_and_the_game_ends_with_the_engine_events() -> None:
    """Every game reports a turn's start as ``turn_started`` and its end as ``game_over`` with
    a ``winners`` list, so screens and figures read them without knowing the game."""
    g = TossUp(TossUpConfig(players=2, target=5))
    state = g.initial_state()
    state, events = g.apply(state, CHANCE, Dice(6, 4, 0))
    assert [e.kind for e in events] == [TURN_STARTED, "rolled"]
    assert events[0].data == {"player": 0}
    state, _ = g.apply(state, 0, ROLL)
    state, events = g.apply(state, CHANCE, Dice(1, 3, 0))
    assert [e.kind for e in events] == ["rolled"], "a turn starts once"
    state, events = g.apply(state, 0, BANK)
    assert [e.kind for e in events] == ["banked", "final_round"]
    state, events = g.apply(state, CHANCE, Dice(0, 3, 7))
    assert [e.kind for e in events] == [TURN_STARTED, "rolled", "busted", GAME_OVER]
    assert events[0].data == {"player": 1}
    assert events[-1].for_viewer(None) == {"kind": GAME_OVER, "winners": [0]}
    assert g.observe(state, None)["winners"] == [0]


def test_the_trigger_is_none_before_the_final_round() -> None:
    """No ``-1`` sentinel: before anyone passes the target there is no trigger, in the state
    and in every view."""
    state = GAME.initial_state()
    assert state.trigger is None
    view = GAME.observe(state, 1)
    assert view["trigger"] is None and view["final_round"] is False


def test_figures_from_another_game_are_refused_by_a_typed_error() -> None:
    """Merging figures checks its input with an explicit error, not an ``assert`` (which
    ``python -O`` removes)."""
    with pytest.raises(TypeError, match="cannot merge Metrics into TossUpMetrics"):
        TossUpMetrics(2).merge(Metrics(2))
