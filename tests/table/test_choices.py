"""What the table answers for a person and what they may arm, as pure functions of a view."""

from __future__ import annotations

from gamenight.engine import Kind
from gamenight.games.paper_toss.state import PASS, Bully, Counter, FlatTire, Hazard
from gamenight.games.toss_your_cookies.state import Grab
from gamenight.terminal.render import renderer_for
from gamenight.terminal.table.choices import automatic
from tests.paper_toss.helpers import game as paper_toss
from tests.paper_toss.helpers import state_at

PAPER = renderer_for("paper-toss")


def test_a_race_is_never_answered_for_anyone_even_with_one_card_left() -> None:
    """Toss Your Cookies: "the first player to grab the milk takes it" — a race with a single
    grab on offer is still the person's to win, never played for them."""
    tyc = renderer_for("toss-your-cookies")
    assert automatic(Kind.RACE, {}, [Grab("milk")], tyc, quiet=True) is None


def test_a_lone_move_is_played_and_a_lone_pass_in_a_window_is_played_quietly() -> None:
    """A single legal move outside a race is made for the person ("forced", which the table
    tells); the only answer in a window is a pass made without a word."""
    g = paper_toss(3)
    window = g.observe(state_at(g, "after", [[], ["kid"], ["dog"]], turn=1), 0)
    assert automatic(Kind.REACTION, window, [PASS], PAPER, quiet=False) == (PASS, "pass")
    main = g.observe(state_at(g, "main", [["kid"], [], []], turn=0), 0)
    end = g.legal_actions(state_at(g, "main", [["kid"], [], []], turn=0), 0)
    assert automatic(Kind.SINGLE, main, end, PAPER, quiet=False) == (end[0], "forced")


def test_quiet_windows_pass_only_where_bully_or_flat_tire_is_all_that_could_be_played() -> None:
    """Paper Toss!: Bully and Flat Tire "may be played at every window", so with quiet windows
    a window offering only those passes by; a Hazard or a Counter on offer is always asked."""
    g = paper_toss(3)
    after = state_at(g, "after", [["bully", "flat_tire"], ["kid"], ["dog"]], turn=1)
    legal = g.legal_actions(after, 0)
    assert set(legal) == {PASS, Bully(1), Bully(2), FlatTire(1), FlatTire(2)}
    view = g.observe(after, 0)
    assert automatic(Kind.REACTION, view, legal, PAPER, quiet=True) == (PASS, "quiet")
    assert automatic(Kind.REACTION, view, legal, PAPER, quiet=False) is None
    hazard = state_at(g, "hazard", [["bully", "dog"], ["kid"], ["food"]], turn=1)
    legal = g.legal_actions(hazard, 0)
    assert Hazard("dog") in legal
    assert automatic(Kind.REACTION, g.observe(hazard, 0), legal, PAPER, quiet=True) is None


def test_what_a_hand_may_arm_and_what_each_armed_response_plays() -> None:
    """Arming: a Bully on the leader hits whoever has the most tokens when the window opens; a
    Hazard waits for a window where it is legal; a Counter takes whichever counter is legal."""
    g = paper_toss(3)
    hand = ["bully", "dog", "shortcut"]
    main = state_at(g, "main", [hand, [], []], turn=1, tokens=(0, 4, 2))
    armed = {r.label: r for r in PAPER.responses(g.observe(main, 0), 0, ["You", "Bob", "Cat"])}
    assert list(armed) == [
        "Bully the leader at the next window",
        "Bully Bob at the next window",
        "Bully Cat at the next window",
        "Throw a Dog at the next toss",
        "Counter the next Hazard on my toss",
    ]
    window = state_at(g, "after", [hand, [], []], turn=1, tokens=(0, 4, 2))
    legal = g.legal_actions(window, 0)
    assert armed["Bully the leader at the next window"].pick(g.observe(window, 0), legal) == (
        Bully(1)
    )
    assert armed["Throw a Dog at the next toss"].pick(g.observe(window, 0), legal) is None
    hazard = state_at(g, "hazard", [hand, [], []], turn=1, tokens=(0, 4, 2))
    legal = g.legal_actions(hazard, 0)
    assert armed["Throw a Dog at the next toss"].pick(g.observe(hazard, 0), legal) == (
        Hazard("dog")
    )
    assert armed["Counter the next Hazard on my toss"].pick(g.observe(hazard, 0), legal) is None
    assert Counter("shortcut") not in legal


def test_moves_at_the_live_table_name_the_players() -> None:
    """Toss Your Cookies: whom to swap with and whom to take from read as names at the table."""
    from gamenight.games.toss_your_cookies.state import Take, Target

    tyc = renderer_for("toss-your-cookies")
    names = ["You", "Bob", "Cat"]
    assert tyc.move_label("target 1", Target(1), {}, names) == "swap with Bob"
    assert tyc.move_label("take 2 chip", Take(2, "chip"), {}, names) == (
        "take Chocolate Chip from Cat"
    )
    assert tyc.move_label("grab milk", Grab("milk"), {}, names) == "GRAB THE MILK!"
