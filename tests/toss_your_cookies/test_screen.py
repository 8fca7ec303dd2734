"""What a person reads: grammar for "You", plurals, the final screen, names with markup."""

from __future__ import annotations

import io
import random
import re
from typing import Any

import pytest
from rich.console import Console
from rich.text import Text

from gamenight.engine import Event, Kind, Match
from gamenight.games.toss_your_cookies.state import Commit, Grab, Phase, Take
from gamenight.games.toss_your_cookies.terminal import RENDERER
from gamenight.terminal.narrate import Narrator
from tests.toss_your_cookies.helpers import at_rest, make, match_at, roll

YOU = ["You", "smart (1)", "smart (2)", "smart (3)"]
#: A verb in the third person after "You", or "You's": the grammar a person must never read.
WRONG = re.compile(
    r"\bYou (wins|grabs|rolls|draws|puts|picks|takes|tosses|passes|swaps|adds|gets|shows|"
    r"chooses|commits|has|is|starts|already has)\b|\bYou's\b|\bYour's\b"
)
#: A count that disagrees with its noun, or a "(s)" left for the reader to sort out.
PLURALS = re.compile(r"\b1 (cards|rounds|round wins|more cards)\b|\b([02-9]|\d\d+) card\b|\(s\)")


def screen(view: dict[str, Any], seat: int | None, names: list[str]) -> str:
    """What ``show`` prints for ``seat``, on one line per printed line, unwrapped."""
    out = io.StringIO()
    RENDERER.show(Console(file=out, width=400), view, seat, names)
    return out.getvalue()


#: The terminal's narrator of this game, by language.
NARRATORS: dict[str, Narrator] = {}


def line(event: Event, viewer: int | None, names: list[str], lang: str = "en") -> str:
    """The event's line as ``viewer`` reads it, markup taken off (empty when it prints
    nothing): the game's words (docs/words.md), "you" for ``viewer``."""
    narrator = NARRATORS.get(lang) or NARRATORS.setdefault(lang, Narrator(make(4), RENDERER, lang))
    said = narrator.line(event.for_viewer(viewer), names, viewer)
    return Text.from_markup(said).plain if said else ""


def played_out(players: int, seed: int, **options: Any) -> list[str]:
    """Every line seat 0 (named "You") reads in a random game: events and screens."""
    game = make(players, **options)
    match = Match(game, seed=seed)
    rng = random.Random(seed)
    names = YOU[:1] + [f"smart ({i})" for i in range(1, players)]
    texts: list[str] = []
    while not match.finished:
        pending = match.pending
        if pending.kind is Kind.CHANCE:
            events = match.roll_chance()
        else:
            seat = pending.players[rng.randrange(len(pending.players))]
            if seat == 0:
                texts.append(screen(game.observe(match.state, 0), 0, names))
            legal = game.legal_actions(match.state, seat)
            events = match.submit(seat, legal[rng.randrange(len(legal))], match.version)
        texts += [line(e, 0, names) for e in events]
    texts.append(screen(game.observe(match.state, 0), 0, names))
    return texts


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [(4, 1, {}), (3, 2, {"free_scramble": True}), (5, 3, {"rounds": 3}), (8, 4, {})],
)
def test_you_read_your_own_grammar_and_numbers_agree_with_nouns(
    players: int, seed: int, options: dict[str, Any]
) -> None:
    """Issue: "You wins the match!", "takes Milk from You's shown hand", "1 dice", "(1 cards)",
    "turn(s)": every line of whole games, read by the person named You, has neither."""
    text = "\n".join(played_out(players, seed, **options))
    assert "You" in text
    assert not WRONG.search(text), WRONG.search(text)
    assert not PLURALS.search(text), PLURALS.search(text)


def test_you_win_the_round_and_the_match() -> None:
    """The winner's lines, for the person and for a bot."""
    game = make(4, rounds=3)
    match = match_at(game, at_rest(game, turn=1, round=1, starter=1, round_wins=(1, 0, 0, 0)))
    roll(match, "pass_left", "1")
    events: tuple[Event, ...] = ()
    for seat, card in enumerate(["ginger", "wild", "half", "sugar"]):
        events = match.submit(seat, Commit((card,)), match.version)
    lines = [line(e, 0, YOU) for e in events]
    assert any(x.startswith("Snickerdoodle! You win round 2 with ") for x in lines)
    assert "You win the match, having won 2 of 2 rounds!" in lines
    names = ["Ann", *YOU[1:]]
    assert "Ann wins the match, having won 2 of 2 rounds!" in [line(e, None, names) for e in events]
    spanish = [line(e, 0, YOU, "es") for e in events]
    assert "¡Ganas la partida, con 2 de 2 rondas ganadas!" in spanish


def test_taking_from_the_hand_you_show() -> None:
    """Free scramble: "whoever collected more than seven must show their entire hand and let
    you choose": the line names the shown hand without "You's"."""
    game = make(4, free_scramble=True)
    match = match_at(game)
    roll(match, "toss", "1")
    for seat, card in enumerate(["ginger", "sandwich", "half", "fortune"]):
        match.submit(seat, Commit((card,)), match.version)
    for seat, card in [(1, "fortune"), (1, "ginger"), (2, "half"), (1, "sandwich")]:
        match.submit(seat, Grab(card), match.version)
    (took, *_rest) = match.submit(0, Take(1, "ginger"), match.version)
    names = ["Ann", "You", "Bo", "Cy"]
    assert line(took, 1, names) == "Ann takes Gingerbread from you"
    assert line(took, 0, ["You", "Bo", "Cy", "Di"]).startswith("You take ")


def test_a_free_scramble_shows_grabs_without_a_cap() -> None:
    """House option ``free_scramble`` "lifts that cap": the table counts grabs, never as
    "grabbed 3/1" against a cap that does not exist."""
    game = make(4, free_scramble=True)
    match = match_at(game)
    roll(match, "toss", "1")
    for seat, card in enumerate(["ginger", "sandwich", "half", "fortune"]):
        match.submit(seat, Commit((card,)), match.version)
    match.submit(1, Grab("fortune"), match.version)
    match.submit(1, Grab("ginger"), match.version)
    text = screen(game.observe(match.state, 0), 0, YOU)
    assert "grabbed 2" in text
    assert "grabbed 2/" not in text
    capped = make(4)
    match = match_at(capped)
    roll(match, "toss", "1")
    for seat, card in enumerate(["ginger", "sandwich", "half", "fortune"]):
        match.submit(seat, Commit((card,)), match.version)
    match.submit(1, Grab("fortune"), match.version)
    assert "grabbed 1/1" in screen(capped.observe(match.state, 0), 0, YOU)


def test_the_final_screen_shows_the_result_once_and_no_stale_roll() -> None:
    """The last screen after a win on a Toss: no "rolled Toss / 1." left over from the last
    turn, and no second "wins" line after the Snickerdoodle line; the table marks the winner
    and the winning hand is on show ("Be sure to show your winning hand to everyone")."""
    game = make(4)
    match = match_at(game)
    roll(match, "toss", "1")
    for seat, card in enumerate(["ginger", "wild", "half", "sugar"]):
        match.submit(seat, Commit((card,)), match.version)
    events = match.submit(0, Grab("sugar"), match.version)
    assert match.state.phase == Phase.OVER
    lines = [x for x in (line(e, 1, YOU) for e in events) if x]
    assert sum("win" in x for x in lines) == 1  # one announcement: the Snickerdoodle
    text = screen(game.observe(match.state, 1), 1, ["Ann", "You", "Bo", "Cy"])
    assert "Toss Your Cookies: game over" in text
    assert "rolled" not in text
    assert "wins" not in text
    assert "winner" in text
    assert "Ann won with " in text


@pytest.mark.parametrize("name", ["[/]", "[bold]x", "a[/b]", "[link=x]y"])
def test_player_names_with_markup_are_shown_as_typed(name: str) -> None:
    """A name is text, never markup: "[/]" would otherwise crash the screen."""
    names = [name, "You", f"{name}2", "[red]"]
    game = make(4)
    match = match_at(game, at_rest(game, turn=0, milk_seen=0))
    lines = [line(e, 1, names) for e in roll(match, "toss", "milk")]
    shown = [screen(game.observe(match.state, 1), 1, names)]
    lines += [line(e, 1, names) for e in match.submit(3, Grab("milk"), match.version)]
    shown.append(screen(game.observe(match.state, 1), 1, names))
    out = io.StringIO()
    console = Console(file=out, width=300)
    for text in lines:
        console.print(Text(text))  # (``line`` read the markup: a name not escaped is lost)
    assert f"{name} tosses the milk: race for it!" in out.getvalue()
    assert "[red] grabbed the milk!" in out.getvalue()
    assert f"{name} rolled Toss / Milk." in shown[0]
    assert f"{name} draws a card blindly from [red]" in shown[1]


@pytest.mark.parametrize("viewer", [None, -1, 4, 99, True])
def test_a_seat_that_does_not_exist_sees_no_hand(viewer: int | None) -> None:
    """Hands are "hidden from opponents": a viewer that is no seat is a spectator (and
    ``True`` is not seat 1)."""
    game = make(4)
    match = match_at(game)
    roll(match, "swap", "1")
    match.submit(0, game.legal_actions(match.state, 0)[0], match.version)
    match.submit(0, game.legal_actions(match.state, 0)[0], match.version)
    view = game.observe(match.state, viewer)
    assert view["hand"] is None
    assert view["my_commit"] is None
    assert view["limbo"] is None  # the swap's face-down cards
    assert view["drawer"] == 0
    assert view["milk_seen"] is None
    assert game.observe(match.state, 0)["limbo"] is not None


def test_views_say_none_for_what_is_absent() -> None:
    """No -1 stands for "nobody": between turns there is no target, tosser, drawer or winner."""
    game = make(4)
    view = game.observe(at_rest(game), 2)
    for key in ("target", "tosser", "limbo_owner", "drawer", "draw_from", "milk_seen", "roll"):
        assert view[key] is None, key
    assert view["winners"] == []
    assert game.initial_state().winner is None
