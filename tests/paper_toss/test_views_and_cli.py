"""Views hide other hands; codecs read friendly text; the CLI plays, simulates and shows rules."""

from __future__ import annotations

import io
import json
import random

from rich.console import Console
from typer.testing import CliRunner

from gamenight.cli import app
from gamenight.engine import Match
from gamenight.games.paper_toss import PaperToss
from gamenight.games.paper_toss.state import (
    DRINK,
    END_TURN,
    FLIP_ONE,
    PASS,
    READY,
    TOSS,
    Bully,
    Counter,
    Discard,
    FlatTire,
    Sprinkle,
)
from gamenight.terminal.human import HumanAgent, InputClosed
from gamenight.terminal.render import renderer_for
from tests.paper_toss.helpers import game, match_at, state_at, told

runner = CliRunner()


def test_a_view_shows_only_your_own_hand() -> None:
    """Hands are secret; sizes, tokens, Flat Tires and the face-up piles are public."""
    g = game(3)
    state = state_at(g, "main", [["paper_toss", "dog"], ["kid"], ["bully", "food"]])
    view = g.observe(state, 1)
    assert view["hand"] == ["kid"]
    assert view["hand_sizes"] == [2, 1, 2]
    assert "dog" not in json.dumps(view)
    assert g.observe(state, None)["hand"] is None
    other = g.shuffle_hidden(state, 1, random.Random(3))
    assert other.hands[1] == state.hands[1]
    assert g.observe(other, 1) == view


def test_drawn_cards_are_seen_only_by_the_drawer() -> None:
    """A drawn card is a secret of its drawer."""
    match = Match(game(2), seed=4)
    events = match.roll_chance()
    drew = events[0]
    assert "card" in drew.for_viewer(0)
    assert "card" not in drew.for_viewer(1)
    assert "card" not in drew.for_viewer(None)


def test_text_shortcuts() -> None:
    """Moves can be typed in short words as well as their full text."""
    g = game(3)
    words = {
        "p": PASS,
        "ready": READY,
        "draw": READY,
        "t": TOSS,
        "end": END_TURN,
        "flip": FLIP_ONE,
        "drink": DRINK,
        "discard dog": Discard("dog"),
        "counter shortcut": Counter("shortcut"),
        "bully 2": Bully(2),
        "flat 1": FlatTire(1),
        "sprinkle yes": Sprinkle(True),
        "sprinkle no": Sprinkle(False),
    }
    for text, action in words.items():
        assert g.action_from_text(text) == action
    for action in g.all_actions():
        assert g.action_from_text(g.action_to_text(action)) == action
    assert len(set(g.all_actions())) == len(g.all_actions())


def test_play_end_to_end_with_piped_input() -> None:
    """`gamenight play paper-toss --seats human,default,default` runs to the end from a pipe."""
    result = runner.invoke(
        app,
        ["play", "paper-toss", "--seats", "human,default,default", "--seed", "4"],
        input="1\n" * 3000,
    )
    assert result.exit_code == 0, result.output
    assert "Response window" in result.output
    assert "Your move: 1) pass" in result.output
    assert "wins!" in result.output


def test_play_asks_each_human_in_a_window_with_the_cards_that_answer() -> None:
    """In a response window the human is prompted with the cards that could answer, and a
    pass; the window line names the Counters that would answer a Hazard."""
    g = game(3)
    match = match_at(g, state_at(g, "main", [["paper_toss", "trick"], ["dog", "bully"], ["kid"]]))
    match.submit(0, TOSS, match.version)
    legal = g.legal_actions(match.state, 1)
    assert legal[0] == PASS
    assert {type(a).__name__ for a in legal[1:]} == {"Hazard", "Bully"}
    human = _human(g, 1, "2\n")
    assert human.act(g.observe(match.state, 1), legal, random.Random(1)) == legal[1]
    shown = human.console.file.getvalue()  # type: ignore[attr-defined]
    assert "1) pass  2) hazard Dog  3) Bully → You  4) Bully → C" in shown
    match.submit(2, g.action_from_text("hazard kid"), match.version)
    tosser = _human(g, 0, "1\n")
    tosser.act(g.observe(match.state, 0), g.legal_actions(match.state, 0), random.Random(1))
    assert "Counter it with Trick or Shortcut" in tosser.console.file.getvalue()  # type: ignore[attr-defined]


def test_simulate_json_has_the_game_figures() -> None:
    """`simulate --json` reports tosses per game and the hazard success rate."""
    result = runner.invoke(
        app,
        ["simulate", "paper-toss", "--bots", "default,random", "--games", "20", "--json"],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["tosses_per_game"] > 0
    assert 0 <= data["hazard_success_rate"] <= 1
    assert data["seats"][0]["bot"] == "smart"


def test_rules_page() -> None:
    """`gamenight rules paper-toss` prints the page with its rulings."""
    result = runner.invoke(app, ["rules", "paper-toss"])
    assert result.exit_code == 0
    assert "Rulings this project follows" in result.output
    assert "Flat Tires" in result.output


def test_bad_player_count_on_the_command_line() -> None:
    """Seven seats: one line naming the allowed range, status 2."""
    result = runner.invoke(
        app, ["simulate", "paper-toss", "--bots", ",".join(["random"] * 7), "--games", "1"]
    )
    assert result.exit_code == 2
    assert "2 to 6 players" in result.output


def test_a_pass_by_another_player_does_not_change_a_waiting_players_view() -> None:
    """Who still has to answer is the pending list, not part of the view: a human waiting in a
    response window sees nothing new when someone else passes, so the driver does not ask them
    again."""
    from gamenight.games.paper_toss.state import PASS
    from tests.paper_toss.helpers import game as make
    from tests.paper_toss.helpers import match_at, state_at

    g = make(players=3)
    match = match_at(g, state_at(g, "after", [["dog"], ["kid"], ["bully"]], turn=0))
    first, second = match.state.asked[0], match.state.asked[1]
    before = g.observe(match.state, second)
    match.submit(first, PASS, match.version)
    assert second in match.pending.players
    assert g.observe(match.state, second) == before


def _human(g: PaperToss, seat: int, typed: str, hot_seat: bool = False) -> HumanAgent:
    console = Console(file=io.StringIO(), width=200)
    names = ["You", "B", "C"]
    return HumanAgent(
        g,
        seat,
        names[seat],
        console,
        io.StringIO(typed),
        renderer_for("paper-toss"),
        names,
        hot_seat,
    )


def test_a_lone_human_who_can_only_pass_is_not_asked() -> None:
    """Windows open up to three times a turn: a lone person holding nothing that could answer
    passes without a prompt (no input is read); holding a Bully, they are asked."""
    g = game(3)
    state = state_at(g, "after", [["dog"], ["kid"], ["bully"]], turn=1)
    lone = _human(g, 0, "")
    assert lone.act(g.observe(state, 0), g.legal_actions(state, 0), random.Random(1)) == PASS
    holder = _human(g, 2, "")
    try:
        holder.act(g.observe(state, 2), g.legal_actions(state, 2), random.Random(1))
    except InputClosed:
        pass
    else:
        raise AssertionError("a human holding a Bully must be asked")


def test_with_several_humans_everyone_is_always_asked() -> None:
    """Hot seat: skipping a prompt would show the others that this hand holds nothing."""
    g = game(3)
    state = state_at(g, "after", [["dog"], ["kid"], ["bully"]], turn=1)
    seat = _human(g, 0, "\n1\n", hot_seat=True)
    assert seat.act(g.observe(state, 0), g.legal_actions(state, 0), random.Random(1)) == PASS
    assert seat.stream.read() == ""  # both lines were read: the Enter, then the move


def test_event_lines_speak_to_you_in_the_second_person() -> None:
    """The lone human is "You": verbs agree ("You win!", "You choose ..."), never "You wins"."""
    r = renderer_for("paper-toss")
    names = ["You", "smart (1)"]
    assert (
        told({"kind": "game_over", "winners": [0], "tokens": 10}, names) == "You win! (10 tokens)"
    )
    assert told({"kind": "game_over", "winners": [1], "tokens": 11}, names) == (
        "smart (1) wins! (11 tokens)"
    )
    stands = {"kind": "hazard_stands", "player": 0, "card": "dog", "tosser": 1}
    assert told(stands, names) == "Your Dog stands: you turn over two and choose"
    sprinkled = {"kind": "sprinklers", "player": 0, "discarded": False}
    assert told(sprinkled, names) == "You keep your Paper Toss: no token from the Sprinklers"
    assert told(sprinkled, ["Al", "Bo"], None) == (
        "Al keeps their Paper Toss: no token from the Sprinklers"
    )
    console = Console(file=io.StringIO(), width=200)
    g = game(2)
    state = state_at(g, "choose", [["dog"], []], turn=1, chooser=0, flipped=("perfect", "window"))
    r.show(console, g.observe(state, 0), 0, names)
    assert "You choose where smart (1)'s toss lands" in console.file.getvalue()  # type: ignore[attr-defined]


def test_a_hot_seat_screen_never_says_whose_move_was_beaten() -> None:
    """Three people at one screen (seeded, moves typed at random): the shared screen never
    prints "Too slow! Player N's move was not played" (it would tell the table that Player N had
    a move to make); each beaten person is told after the curtain hands them the screen."""
    rng = random.Random(2)
    typed = "".join(f"\n{rng.choice('1222334')}\n" for _ in range(400))
    result = runner.invoke(
        app,
        ["play", "paper-toss", "--seats", "human,human,human", "--seed", "2"],
        input=typed,
    )
    assert "the input ended before the game did" in result.output  # it played all it was given
    assert "'s move was not played" not in result.output
    lines = result.output.splitlines()
    told = [i for i, line in enumerate(lines) if line.startswith("Too slow! Your move (")]
    assert told
    for i in told:  # right after the curtain: the Enter, then the rule naming the seat
        assert lines[i - 1].startswith("───") and "Press Enter" in "".join(lines[i - 6 : i])


def test_a_beaten_move_at_a_shared_screen_is_told_only_after_the_curtain() -> None:
    """Hot seat: ``outpaced`` prints nothing on the shared screen; the person's next turn at
    the screen, after they press Enter, says their move was not played."""
    g = game(3)
    state = state_at(g, "after", [["dog"], ["kid"], ["bully"]], turn=1)
    seat = _human(g, 2, "\n1\n", hot_seat=True)
    legal = g.legal_actions(state, 2)
    seat.outpaced(legal[1])
    shown = seat.console.file  # type: ignore[attr-defined]
    assert shown.getvalue() == ""
    seat.act(g.observe(state, 2), legal, random.Random(1))
    text = shown.getvalue()
    assert "Too slow! Your move (Bully" in text
    assert text.index("Press Enter") < text.index("Too slow!")
