"""The searching bot's Paper Toss! setting: decisions answered without search, playouts cut as a
turn begins and scored by the fitted evaluation, and nothing learned beyond the seat's view."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from gamenight.bots import make_bot
from gamenight.bots.halving import Playout, SearchSettings
from gamenight.bots.ismcts import ISMCTSBot
from gamenight.bots.registry import search_settings
from gamenight.engine import Match
from gamenight.engine.core import TURN_STARTED
from gamenight.engine.registry import make_game
from gamenight.games.paper_toss.bots import SEARCH, BoldBot, SmartBot, worth_searching
from gamenight.games.paper_toss.evaluate import evaluator, strength, win_chances
from gamenight.games.paper_toss.state import PASS, Bully, FlatTire, Hazard
from gamenight.sim.driver import run
from tests.paper_toss.helpers import game, match_at, pass_all, state_at


def searcher(g: object, seat: int, spec: str = "ismcts:12") -> ISMCTSBot:
    """A searching bot for ``seat`` at a small budget."""
    bot = make_bot(spec, g, seat)  # type: ignore[arg-type]
    assert isinstance(bot, ISMCTSBot)
    return bot


def test_the_game_sets_the_default_level() -> None:
    """Paper Toss! gives the default level its own setting; a game without one gets none."""
    assert search_settings("paper-toss") is SEARCH
    assert isinstance(SEARCH, SearchSettings)
    assert search_settings("toss-up") is None
    g = make_game("paper-toss", players=4)
    bot = searcher(g, 0, "ismcts")
    assert bot.searches is worth_searching
    assert bot.search.playout.turns == 4  # type: ignore[union-attr]
    assert bot.search.margin == SEARCH.margin > 0  # type: ignore[union-attr]
    assert searcher(g, 0, "ismcts:7").search.iterations == 7  # type: ignore[union-attr]
    assert bot.search.iterations == SEARCH.iterations == 200  # type: ignore[union-attr]


def test_the_seat_plays_bold_and_models_the_others_as_smart() -> None:
    """The setting's own bot (``bold``) is the seat's: its move is the one kept, and it plays
    the seat in the playouts while the other seats play the rollout bot (``smart``). Naming a
    rollout bot (``ismcts/smart``) sets it aside: every seat plays that bot."""
    assert SEARCH.bot == "bold"
    g = make_game("paper-toss", players=4)
    bot = searcher(g, 1, "ismcts")
    agents = bot.search.agents  # type: ignore[union-attr]
    assert [type(a) for a in agents] == [SmartBot, BoldBot, SmartBot, SmartBot]
    assert bot.timing is agents[1]
    plain = searcher(g, 1, "ismcts/smart")
    assert {type(a) for a in plain.search.agents} == {SmartBot}  # type: ignore[union-attr]


def test_decisions_far_from_ten_are_bolds_without_search() -> None:
    """While nobody is within two tokens of ten, even a window is answered at once with
    ``bold``'s move (no state is drawn): it throws a Hazard at a trailing tosser ``smart``
    would spare."""
    g = game(3)
    match = match_at(g, state_at(g, "main", [["paper_toss"], ["dog"], []], tokens=(0, 5, 7)))
    match.submit(0, g.legal_actions(match.state, 0)[0], match.version)
    bot = searcher(g, 1)

    def never(*_: object) -> object:
        raise AssertionError("a decision far from ten must not draw a state")

    g.sample_state = never  # type: ignore[method-assign]
    view, legal = g.observe(match.state, 1), g.legal_actions(match.state, 1)
    assert view["phase"] == "hazard" and not worth_searching(view, legal)
    assert make_bot("smart", g, 1).act(view, legal, random.Random(2)) == PASS
    assert bot.act(view, legal, random.Random(2)) == Hazard("dog")
    assert (bot.searched, bot.answered) == (0, 1)


def test_plain_decisions_are_answered_at_once() -> None:
    """Tossing, drinking and choosing between two Toss cards are played at once with the
    seat's bot's move (``bold`` plays them as ``smart`` does): no playout is run (no state is
    ever drawn)."""
    g = game(3)
    match = match_at(g, state_at(g, "main", [["paper_toss", "energy_drink"], [], []]))
    bot = searcher(g, 0)

    def never(*_: object) -> object:
        raise AssertionError("a plain decision must not draw a state")

    g.sample_state = never  # type: ignore[method-assign]
    smart = make_bot("smart", g, 0)
    for _ in range(2):
        view = g.observe(match.state, 0)
        legal = g.legal_actions(match.state, 0)
        assert len(legal) > 1 and not worth_searching(view, legal)
        chosen = bot.act(view, legal, random.Random(1))
        assert chosen == smart.act(view, legal, random.Random(1))
        match.submit(0, chosen, match.version)
        if match.state.phase == "hazard":
            pass_all(match)
    assert match.state.phase == "flip"  # tossed, then drank
    assert (bot.searched, bot.answered, bot.halving) == (0, 2, None)


def test_response_windows_are_searched() -> None:
    """Once a player is within two tokens of ten, a window where the seat could Bully is
    searched, among every legal answer."""
    g = game(3)
    match = match_at(g, state_at(g, "after", [[], ["bully"], []], tokens=(3, 2, 8)))
    bot = searcher(g, 1)
    view, legal = g.observe(match.state, 1), g.legal_actions(match.state, 1)
    assert worth_searching(view, legal)
    chosen = bot.act(view, legal, random.Random(3))
    assert chosen in (PASS, Bully(0), Bully(2))
    assert bot.searched == 1 and bot.halving is not None
    assert {arm.action for arm in bot.halving.arms} == set(legal)


def test_playouts_stop_as_a_turn_begins() -> None:
    """With ``turns``, a playout is scored by the evaluation as that many turns have begun:
    from the start of a turn, one turn on it is the next player's turn, in its discard step."""
    g = make_game("paper-toss", players=4)
    agents = [make_bot("smart", g, p) for p in range(4)]
    seen: list[object] = []
    evaluate = evaluator(g)

    def judged(state: object) -> list[float]:
        seen.append(state)
        return list(evaluate(state))

    match = Match(g, seed=5)
    while match.state.phase != "discard":
        match.roll_chance()
    start = match.state
    for turns in (1, 2):
        seen.clear()
        playout = Playout(g, agents, judged, turns=turns)
        rewards = playout.run(start, random.Random(2), [random.Random(s) for s in range(4)])
        (cut,) = seen
        assert cut.phase == "discard"  # type: ignore[attr-defined]
        assert cut.turns == start.turns + turns  # type: ignore[attr-defined]
        assert cut.turn == (start.turn + turns) % 4  # type: ignore[attr-defined]
        assert rewards == pytest.approx(win_chances(cut, 10))  # type: ignore[arg-type]
        assert sum(rewards) == pytest.approx(1.0)


def test_turns_begun_by_the_searched_move_count() -> None:
    """The last pass of an end-of-turn window begins the next turn: a playout started by it
    counts that turn, so every move is judged at the same turn boundary. With one turn to go
    and one begun, the position reached is scored at once."""
    g = make_game("paper-toss", players=3)
    agents = [make_bot("smart", g, p) for p in range(3)]
    start = state_at(game(3), "after", [["bully"], [], []], turn=2, tokens=(1, 2, 3))
    start = replace(start, asked=(2,))
    after, events = g.apply(start, 2, PASS)
    assert after.phase == "discard" and after.turn == 0
    assert [e.kind for e in events][-1] == TURN_STARTED
    seen: list[object] = []

    def judged(state: object) -> list[float]:
        seen.append(state)
        return [0.2, 0.3, 0.5]

    playout = Playout(g, agents, judged, turns=1)
    rngs = [random.Random(s) for s in range(3)]
    assert playout.run(after, random.Random(1), rngs, started=1) == [0.2, 0.3, 0.5]
    assert seen == [after]
    playout.run(after, random.Random(1), rngs)
    assert seen[-1].turn == 1  # type: ignore[attr-defined]  # without the count: a turn later


def test_the_evaluation_orders_positions_sensibly() -> None:
    """Chances add up to one; more tokens, a Bully in hand and no waiting Flat Tire are worth
    more; a finished game gives its winner everything."""
    g = game(4)
    even = state_at(g, "discard", [[], [], [], []])
    chances = win_chances(even, 10)
    assert sum(chances) == pytest.approx(1.0)
    ahead = replace(even, tokens=(0, 8, 0, 0))
    assert win_chances(ahead, 10)[1] > 0.5
    bully = state_at(g, "discard", [[], ["bully"], [], []])
    assert strength(bully, 1, 10) > strength(even, 1, 10)
    flat = replace(even, skips=(0, 1, 0, 0))
    assert strength(flat, 1, 10) < strength(even, 1, 10)
    over = replace(even, phase="over", winners=(2,), tokens=(0, 0, 10, 0))
    assert win_chances(over, 10) == [0.0, 0.0, 1.0, 0.0]


def test_the_search_sees_only_its_view() -> None:
    """Two true states that differ only in the other hands and the deck look the same to the
    seat; with the same seed the bot's search is the same in both (every world it judges,
    and so every evaluation, is drawn from the view, never read from the truth)."""
    g = game(4)
    hands = [["bully", "dog"], ["paper_toss", "food"], ["kid", "flat_tire"], ["remedy"]]
    one = state_at(g, "hazard", hands, turn=1, tokens=(4, 8, 2, 3), tossed=True)
    moved = [["bully", "dog"], ["trick", "shortcut"], ["paper_toss", "paper_toss"], ["obstacle"]]
    two = state_at(g, "hazard", moved, turn=1, tokens=(4, 8, 2, 3), tossed=True)
    assert g.observe(one, 0) == g.observe(two, 0)
    results = []
    for state in (one, two):
        bot = searcher(g, 0, "ismcts:24")
        bot.attach(lambda state=state: state)
        view, legal = g.observe(state, 0), g.legal_actions(state, 0)
        action = bot.act(view, legal, random.Random(11))
        assert bot.halving is not None
        results.append((action, [(arm.action, arm.rounds) for arm in bot.halving.arms]))
    assert results[0] == results[1]


def test_the_default_level_plays_whole_games() -> None:
    """Two searching seats at a small budget play four-player games to the end, legally,
    searching some decisions and answering the plain ones at once."""
    g = make_game("paper-toss", players=4)
    seats = [searcher(g, 0, "ismcts:6"), searcher(g, 2, "ismcts:6")]
    agents = [seats[0], make_bot("smart", g, 1), seats[1], make_bot("random", g, 3)]
    match = run(Match(g, seed=4), agents)
    assert match.finished
    for bot in seats:
        assert bot.searched > 0 and bot.answered > 0


def test_flat_tire_targets_are_arms() -> None:
    """Every Flat Tire target is judged as its own move."""
    g = game(3)
    match = match_at(g, state_at(g, "after", [[], ["flat_tire"], []], tokens=(3, 2, 8)))
    bot = searcher(g, 1)
    legal = g.legal_actions(match.state, 1)
    bot.act(g.observe(match.state, 1), legal, random.Random(0))
    assert bot.halving is not None
    assert {FlatTire(0), FlatTire(2), PASS} == {arm.action for arm in bot.halving.arms}
