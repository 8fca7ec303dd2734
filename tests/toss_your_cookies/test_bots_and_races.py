"""Bots and races: the heuristic beats random; races go to the fastest, bots and humans."""

from __future__ import annotations

import copy
import io
import random
from collections.abc import Iterator, Sequence

import pytest
from rich.console import Console

from gamenight.bots import Agent, make_bot
from gamenight.engine import Match, StaleVersion, View
from gamenight.games.toss_your_cookies.bots import CookieBot, card_value, target_cookie
from gamenight.games.toss_your_cookies.state import Commit, Grab, Target
from gamenight.games.toss_your_cookies.terminal import TossYourCookiesRenderer
from gamenight.sim.driver import Standing, agent_rngs, run, step
from gamenight.sim.simulate import simulate
from gamenight.sim.stats import wilson_interval
from gamenight.terminal import human as human_module
from gamenight.terminal.human import HumanAgent
from gamenight.terminal.render import renderer_for
from tests.toss_your_cookies.helpers import at_rest, make, match_at, roll


def test_the_heuristic_beats_random_with_separate_95_percent_intervals() -> None:
    """Simulation shows the heuristic beating random by a clear margin (Wilson 95%)."""
    game = make(4)
    games = 400
    report = simulate(game, ["random", "smart", "random", "random"], games, seed=2024)
    smart_low, _ = wilson_interval(report.wins[1], games)
    for seat in (0, 2, 3):
        _, random_high = wilson_interval(report.wins[seat], games)
        assert smart_low > random_high, (report.wins, seat)
    assert report.wins[1] / games > 0.5
    assert sum(report.wins) == games  # never a shared win: only the milk holder can win


def test_smart_keeps_the_milk_wilds_and_its_cookie_and_gives_away_the_rest() -> None:
    """ "keep wilds and the milk, pass and toss away the rest.\""""
    game = make(4)
    bot = CookieBot(game, 0, "smart")
    hand = ["sugar", "sugar", "sugar", "wild", "milk", "half", "ginger"]
    view = {"hand": hand, "cookies": ["sugar", "ginger", "fortune", "sandwich"]}
    legal = [Commit(c) for c in [("half", "milk"), ("ginger", "half"), ("sugar", "wild")]]
    assert bot.act(view, legal, random.Random(1)) == Commit(("ginger", "half"))
    assert target_cookie(hand, view["cookies"]) == "sugar"
    grabs = [Grab("ginger"), Grab("sugar"), Grab("wild"), Grab("milk"), Grab("half")]
    assert bot.act(view, grabs, random.Random(1)) == Grab("milk")
    assert bot.act(view, grabs[:3], random.Random(1)) == Grab("wild")
    assert bot.act(view, grabs[:2], random.Random(1)) == Grab("sugar")
    assert card_value("half", hand, view["cookies"]) < card_value("ginger", hand, view["cookies"])


def test_smart_with_an_empty_hand_goes_for_the_cookie_most_plentiful_in_the_middle() -> None:
    """After Toss / All the hand is empty: the bot picks its target from what it can grab
    (milk and wilds first), not simply the first cookie in play."""
    game = make(4)
    bot = CookieBot(game, 0, "smart")
    centre = ["sugar", "ginger", "ginger", "ginger", "fortune", "half"]
    view = {"hand": [], "cookies": ["sugar", "ginger", "fortune", "sandwich"], "centre": centre}
    grabs = [Grab(c) for c in ("fortune", "ginger", "half", "sugar")]
    assert bot.act(view, grabs, random.Random(1)) == Grab("ginger")
    assert bot.act(view, [*grabs, Grab("wild")], random.Random(1)) == Grab("wild")
    view["hand"] = ["sugar", "sugar"]  # what the hand holds still comes first
    assert bot.act(view, grabs, random.Random(1)) == Grab("sugar")


def test_smart_swaps_with_the_player_known_to_hold_the_milk() -> None:
    """ "choose swap targets ... sensibly": go where the milk is known to be."""
    game = make(4)
    bot = CookieBot(game, 0, "smart")
    view = {"hand": ["sugar"] * 7, "cookies": ["sugar"], "milk_seen": 2}
    legal = [Target(1), Target(2), Target(3)]
    for seed in range(5):
        assert bot.act(view, legal, random.Random(seed)) == Target(2)


def test_smart_reacts_fast_for_the_milk() -> None:
    """ "react fast in a race for the milk": its milk grabs beat its ordinary grabs."""
    game = make(4)
    bot = CookieBot(game, 0, "smart")
    rng = random.Random(5)
    milk = [bot.reaction_time({}, Grab("milk"), rng) for _ in range(200)]
    other = [bot.reaction_time({}, Grab("sugar"), rng) for _ in range(200)]
    assert max(milk) < 1.0 <= max(other)
    assert sum(milk) / 200 < 0.6 * sum(other) / 200


def test_offline_races_are_decided_by_seeded_reaction_times_and_replay_exactly() -> None:
    """ "off line, seeded reaction times decide who is first ... so a simulated game replays
    exactly.\""""
    game = make(5)
    specs = ["smart", "random", "smart", "random", "smart"]

    def play(seed: int) -> list[object]:
        agents = [make_bot(s, game, i) for i, s in enumerate(specs)]
        return [(s.player, s.action) for s in run(Match(game, seed=seed), agents).steps]

    assert play(77) == play(77)
    assert play(77) != play(78)


def test_the_fastest_bot_wins_the_race_for_the_milk() -> None:
    """The first grab wins: with the tosser out, the quickest reaction takes the milk."""
    game = make(4)
    agents = [make_bot("random", game, i) for i in range(4)]
    agents[3].speed = 0.01
    wins = 0
    for seed in range(10):
        match = match_at(game, at_rest(game, turn=1), seed=seed)
        roll(match, "toss", "milk")
        seat, _events = step(match, agents, agent_rngs(seed, 4))
        assert seat != 0  # seat 0 tossed the milk
        wins += seat == 3
    assert wins == 10


def fake_clock(times: list[float]) -> Iterator[float]:
    yield from times
    while True:
        yield times[-1]


@pytest.mark.parametrize(("answer_after", "human_wins"), [(0.05, True), (9.0, False)])
def test_a_humans_measured_time_counts_against_the_bots(
    monkeypatch: pytest.MonkeyPatch, answer_after: float, human_wins: bool
) -> None:
    """ "In the terminal, one human against bots: the human's real reaction time counts against
    the bots' sampled times.\""""
    game = make(4)
    clock = fake_clock([100.0, 100.0 + answer_after])
    monkeypatch.setattr(human_module.time, "monotonic", lambda: next(clock))
    console = Console(file=io.StringIO(), width=100)
    names = ["A", "You", "B", "C"]
    renderer = renderer_for(game.id)
    human = HumanAgent(game, 1, "You", console, io.StringIO("1\n"), renderer, names)
    agents = [make_bot("smart", game, 0), human, *(make_bot("smart", game, i) for i in (2, 3))]
    match = match_at(game, at_rest(game, turn=2), seed=4)
    roll(match, "toss", "milk")
    seat, _events = step(match, agents, agent_rngs(4, 4))
    assert (seat == 1) is human_wins
    assert match.state.target == seat


def test_a_late_grab_in_a_race_is_answered_too_slow() -> None:
    """A race is "a window where the first legal grab wins": a grab made against the version
    before someone else's grab is refused as too slow, and changes nothing."""
    game = make(4)
    match = match_at(game, at_rest(game, turn=1))
    roll(match, "toss", "milk")
    version = match.version
    match.submit(2, Grab("milk"), version)
    before = (copy.deepcopy(match.state), match.version)
    with pytest.raises(StaleVersion, match="too slow"):
        match.submit(3, Grab("milk"), version)
    assert (match.state, match.version) == before
    assert match.state.target == 2


def test_a_human_in_the_race_for_the_milk_is_told_to_hurry_and_may_type_grab_milk() -> None:
    """What a person sees in the race for the milk: that it is a race, that their answer time
    counts, and the move to type (``grab milk`` works as well as the number)."""
    game = make(4)
    out = io.StringIO()
    console = Console(file=out, width=100)
    renderer = renderer_for(game.id)
    human = HumanAgent(
        game, 1, "You", console, io.StringIO("grab milk\n"), renderer, ["A", "You", "B", "C"]
    )
    match = match_at(game, at_rest(game, turn=2))
    roll(match, "toss", "milk")
    view = game.observe(match.state, 1)
    action = human.act(view, game.legal_actions(match.state, 1), random.Random(1))
    assert action == Grab("milk")
    text = out.getvalue()
    assert "The milk is loose! Everyone but A grabs for it." in text
    assert "your answer time counts" in text
    assert "1) GRAB THE MILK!" in text


def test_a_human_in_a_scramble_sees_the_middle_and_how_many_more_they_may_grab() -> None:
    """What a person sees in a scramble: the cards in the middle, that it is a race, and their
    cap; once the cap is reached, the race hint is no longer shown to them."""
    game = make(4)
    renderer = TossYourCookiesRenderer()
    names = ["You", "B", "C", "D"]
    match = match_at(game)
    roll(match, "toss", "1")
    for seat, card in enumerate(["ginger", "sandwich", "half", "fortune"]):
        match.submit(seat, Commit((card,)), match.version)
    out = io.StringIO()
    renderer.show(Console(file=out, width=200), game.observe(match.state, 0), 0, names)
    assert "In the middle: Fortune Cookie (fortune), Gingerbread Man (ginger)" in out.getvalue()
    assert "you may grab 1 more card." in out.getvalue()
    match.submit(0, Grab("half"), match.version)
    out = io.StringIO()
    renderer.show(Console(file=out, width=200), game.observe(match.state, 0), 0, names)
    assert "Scramble!" in out.getvalue()
    assert "Race:" not in out.getvalue()
    assert "Too slow" not in out.getvalue()  # seat 0's grab went through


class SlowPerson(HumanAgent):
    """A person who takes five seconds to answer."""

    def reaction_time(self, view: View, action: object, rng: random.Random) -> float:
        return 5.0


class Quick(Agent):
    """Grabs the first legal card at once."""

    def act(self, view: View, legal: Sequence[object], rng: random.Random) -> object:
        return legal[0]

    def reaction_time(self, view: View, action: object, rng: random.Random) -> float:
        return 0.0


def test_a_human_beaten_to_a_grab_is_told_so_and_asked_again() -> None:
    """In the terminal a person's real answer time races the bots' sampled times: when a bot
    was quicker, the person sees its grab, is told they were too slow, and grabs again."""
    game = make(4)
    out = io.StringIO()
    console = Console(file=out, width=200)
    names = ["A", "You", "B", "C"]
    person = SlowPerson(
        game, 1, "You", console, io.StringIO("1\n" * 4), TossYourCookiesRenderer(), names
    )
    agents: list[Agent] = [Quick(game, 0, "A"), person, Quick(game, 2, "B"), Quick(game, 3, "C")]
    match = match_at(game)
    roll(match, "toss", "1")
    for seat, card in enumerate(["ginger", "sandwich", "half", "fortune"]):
        match.submit(seat, Commit((card,)), match.version)
    rngs = agent_rngs(match.seed, 4)
    standing: Standing = {}
    seat, _ = step(match, agents, rngs, standing)
    assert seat != 1, "a bot grabbed first"
    assert "Too slow" not in out.getvalue()
    step(match, agents, rngs, standing)
    assert out.getvalue().count("Too slow! Your move") == 1
