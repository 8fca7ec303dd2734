"""Paper Toss! messages and bad input: wrong-typed actions refused in words, inputs repeated
short, typed seats in plain digits, nouns agreeing with numbers, one reason for every refused
move, and the engine's end-of-game event."""

from __future__ import annotations

import ast
import dataclasses
import random
from pathlib import Path

import pytest

from gamenight.engine import (
    CHANCE,
    GAME_OVER,
    TURN_STARTED,
    Event,
    IllegalAction,
    Kind,
    MalformedAction,
    Match,
)
from gamenight.engine.conformance import random_action
from gamenight.games.paper_toss import PaperTossConfig, explain
from gamenight.games.paper_toss.metrics import PaperTossMetrics
from gamenight.games.paper_toss.state import (
    FLIP_ONE,
    PASS,
    TOSS,
    Action,
    Bully,
    Choose,
    Counter,
    Discard,
    FlatTire,
    Flip,
    Hazard,
    PlayedHazard,
    Sprinkle,
)
from gamenight.sim.metrics import Metrics
from gamenight.terminal.render import renderer_for
from tests.paper_toss.helpers import flip, game, match_at, pass_all, snapshot, state_at, told


def tossed() -> Match:
    g = game(3)
    hands = [["paper_toss", "food", "bully"], ["kid", "dog", "flat_tire"], ["obstacle"]]
    match = match_at(g, state_at(g, "main", hands))
    match.submit(0, TOSS, match.version)
    return match


@pytest.mark.parametrize(
    ("action", "words"),
    [
        (Bully(None), "the target of Bully must be a seat number, got None"),  # type: ignore[arg-type]
        (FlatTire("1"), "the target of FlatTire must be a seat number, got '1'"),  # type: ignore[arg-type]
        (Bully(True), "the target of Bully must be a seat number, got True"),
        (Hazard(None), "the card of Hazard must be a card name, got None"),  # type: ignore[arg-type]
        (Counter(["food"]), "the card of Counter must be a card name, got ['food']"),  # type: ignore[arg-type]
        (Sprinkle("yes"), "the discard of Sprinkle must be true or false, got 'yes'"),  # type: ignore[arg-type]
    ],
)
def test_wrong_typed_fields_are_refused_in_words(action: Action, words: str) -> None:
    """The issue: "an action object with wrong-typed fields (`Bully(target=None)`) crashes
    while its refusal is being worded": the reason names the field and what it must hold, and
    through ``Match.submit`` it is a typed refusal (the engine's field check or this reason)
    that leaves the match unchanged."""
    match = tossed()
    legal = match.game.legal_actions(match.state, 1)
    assert explain.why_illegal(match.game.config, match.state, 1, action, legal) == words
    before = snapshot(match)
    with pytest.raises((IllegalAction, MalformedAction)) as caught:
        match.submit(1, action, match.version)
    field = dataclasses.fields(action)[0].name
    assert field in str(caught.value)
    assert snapshot(match) == before


def test_a_huge_value_is_repeated_short() -> None:
    """The issue: "Error messages echo the whole input": a 200,000-letter card name or a
    5,000-digit seat gives a refusal of a line."""
    match = tossed()
    for action in (Hazard("k" * 200_000), Discard("x" * 200_000), Choose("y" * 200_000)):
        with pytest.raises(IllegalAction) as caught:
            match.submit(1, action, match.version)
        why = match.game.explain_illegal(match.state, 1, action)
        assert why is not None and len(why) < 200, why
        assert why in str(caught.value)
    why = match.game.explain_illegal(match.state, 1, Bully(-(10**5000)))
    assert why == "there is no player a number of about 5000 digits: players are 0 to 2"


@pytest.mark.parametrize("text", ["bully ²", "flat_tire ³", "bully ١", "bully " + "9" * 5000])
def test_typed_seats_are_plain_digits(text: str) -> None:
    """The issue: "Unicode digits crash ... a 5000-digit number": a seat is typed in plain
    digits; anything else is refused in one short line."""
    g = game(3)
    with pytest.raises(MalformedAction, match="takes a seat: a whole number from 0 to 2") as caught:
        g.action_from_text(text)
    assert len(str(caught.value)) < 120
    assert g.action_from_text("bully 2") == Bully(2)


def test_a_long_unknown_word_is_repeated_short() -> None:
    g = game(2)
    with pytest.raises(MalformedAction) as caught:
        g.action_from_text("sprinkle " + "m" * 100_000)
    assert len(str(caught.value)) < 150


def test_numbers_agree_with_their_nouns() -> None:
    """The issue: "Everywhere: '1 dice', '1 tokens', '(1 cards)', 'turn(s)'"."""
    names = ["You", "smart"]
    scored = {"kind": "scored", "player": 1, "card": "good_throw", "change": 1, "tokens": 1}
    assert told(scored, names) == "smart: Good Throw +1, now 1 token"
    assert told({**scored, "tokens": 2}, names) == "smart: Good Throw +1, now 2 tokens"
    flat = {"kind": "flat_tire", "player": 1, "target": 0, "skips": 1}
    assert told(flat, names) == "smart gives you a Flat Tire"
    bullied = {"kind": "bullied", "player": 0, "target": 1, "lost": 1, "tokens": 0}
    assert told(bullied, names) == "You bully smart: 1 token lost"
    assert told({**bullied, "lost": 0}, names) == "You bully smart: 0 tokens lost"
    assert told({"kind": "dealt", "cards": 1}, names) == "Everyone is dealt 1 Paper card"
    assert told({"kind": "dealt", "cards": 5}, names) == "Everyone is dealt 5 Paper cards"
    nothing = {**scored, "card": "window", "change": 0, "tokens": 0}
    assert told(nothing, names, lang="es") == "smart: Ventana, nada cambia (sigue con 0 fichas)"


def test_you_gain_never_you_gains() -> None:
    """The lone human is addressed with the shared ``verb``: "You gain", "smart gains"."""
    from io import StringIO

    from rich.console import Console

    g = game(2)
    r = renderer_for("paper-toss")
    state = state_at(g, "sprinklers", [["dog"], []], turn=0)
    for names, line in ((["You", "smart"], "You gain a token"), (["Al", "Bo"], "Al gains")):
        console = Console(file=StringIO(), width=200)
        r.show(console, g.observe(state, 0), 0, names)
        assert line in console.file.getvalue()  # type: ignore[attr-defined]


def test_the_end_is_the_engine_game_over_event_with_winners() -> None:
    """Seed: "The first player to collect 10 Paper Tokens wins the game!" The end is the
    engine's ``game_over`` with a ``winners`` list, at the target as at a turn limit."""
    g = game(3)
    match = match_at(g, state_at(g, "main", [["paper_toss"], [], []], tokens=(9, 0, 0)))
    match.submit(0, TOSS, match.version)
    pass_all(match)
    match.submit(0, FLIP_ONE, match.version)
    events = match.apply_trusted(CHANCE, Flip("perfect"))
    end = events[-1].for_viewer(None)
    assert end == {"kind": GAME_OVER, "winners": [0], "reason": "target", "tokens": 11}
    assert match.state.winners == (0,)
    assert match.game.observe(match.state, 1)["winners"] == [0]
    names = ["You", "B", "C"]
    assert told(end, names) == "You win! (11 tokens)"

    g = game(3, turn_limit=5)
    limited = match_at(g, state_at(g, "after", [[], [], []], turns=5, tokens=(4, 1, 4)))
    for seat in limited.state.asked:
        events = limited.submit(seat, PASS, limited.version)
    end = events[-1].for_viewer(None)
    assert end == {"kind": GAME_OVER, "winners": [0, 2], "reason": "turn_limit", "turns": 5}
    assert told(end, names) == "The turn limit is reached: You, C share the win!"


def test_turns_start_with_the_engine_turn_started_event() -> None:
    """Seed: "the player to your left begins their turn": each turn starts with the engine's
    ``turn_started`` event, naming the player (and the turn's number)."""
    g = game(2)
    match = match_at(g, state_at(g, "after", [[], []], turn=0, turns=3))
    events: tuple[Event, ...] = ()
    while match.state.phase == "after":
        events = match.submit(match.state.asked[0], PASS, match.version)
    assert match.state.turn == 1
    assert events[-1].for_viewer(None) == {"kind": TURN_STARTED, "player": 1, "turn": 4}


def test_no_hazard_is_none_and_a_hazard_is_one_value() -> None:
    """The thrower and the card of the Hazard in play change together: one value, or ``None``;
    views send ``None`` for no Hazard and no chooser."""
    match = tossed()
    assert match.state.hazard is None and match.state.chooser is None
    view = match.game.observe(match.state, 0)
    assert view["hazard"] is None and view["chooser"] is None
    match.submit(1, Hazard("kid"), match.version)
    assert match.state.hazard == PlayedHazard(1, "kid")
    assert match.game.observe(match.state, 2)["hazard"] == {"player": 1, "card": "kid"}
    pass_all(match)
    assert match.state.chooser == 1
    flip(match, "perfect", "window")
    match.submit(1, Choose("window"), match.version)
    assert match.state.hazard is None and match.state.chooser is None


def test_every_refused_move_gets_its_own_reason() -> None:
    """Over whole random games, every move in ``all_actions`` that a deciding player may not
    make now is refused with a reason naming the rule, never the generic fallback."""
    for players, seed in ((2, 1), (3, 2), (5, 3)):
        g = game(players)
        match = Match(g, seed=seed)
        rng = random.Random(seed)
        steps = 0
        while not match.finished and steps < 400:
            if match.pending.kind is Kind.CHANCE:
                match.roll_chance()
                continue
            for player in match.pending.players:
                legal = g.legal_actions(match.state, player)
                for action in g.all_actions():
                    if action not in legal:
                        why = g.explain_illegal(match.state, player, action)
                        assert why, (match.state.phase, action)
                        assert "is not possible in the" not in why, (match.state.phase, action)
            player, action = random_action(g, match.state, rng)
            match.submit(player, action, match.version)
            steps += 1


def test_refusal_reasons_do_not_import_the_game_class() -> None:
    """``explain.py`` is a pure function of config, state, player, action and the legal
    actions: it imports neither the game facade nor anything that imports it."""
    source = Path(explain.__file__).read_text(encoding="utf-8")
    imported = {
        node.module
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.ImportFrom) and node.module
    }
    assert "gamenight.games.paper_toss.game" not in imported
    assert "gamenight.games.paper_toss" not in imported
    assert "TYPE_CHECKING" not in source


def test_deck_options_repeat_a_bad_entry_short() -> None:
    from gamenight.engine import ConfigError

    with pytest.raises(ConfigError) as caught:
        PaperTossConfig(paper_deck=("c" * 100_000 + ":3",))
    assert len(str(caught.value)) < 300
    with pytest.raises(ConfigError, match="count of dog must be a whole number from 0 to 99"):
        PaperTossConfig(paper_deck=("paper_toss:20", "dog:²"))
    with pytest.raises(ConfigError, match="paper_deck has 1 card; 2 players need at least 10"):
        PaperTossConfig(paper_deck=("paper_toss:1",))


def test_figures_from_another_game_are_refused_by_a_typed_error() -> None:
    """Merging figures checks its input with an explicit error, not an ``assert``."""
    with pytest.raises(TypeError, match="cannot merge Metrics into PaperTossMetrics"):
        PaperTossMetrics(2).merge(Metrics(2))
