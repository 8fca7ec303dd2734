"""Bots: the smart bot's choices in set positions, and its win rate against random."""

from __future__ import annotations

import random

from gamenight.bots import default_bot, make_bot
from gamenight.engine import Match
from gamenight.games.paper_toss.bots import discards_wanted
from gamenight.games.paper_toss.cards import PAPER_KINDS
from gamenight.games.paper_toss.state import (
    DRINK,
    PASS,
    READY,
    Bully,
    Choose,
    Counter,
    Discard,
    FlatTire,
    Hazard,
    Sprinkle,
)
from gamenight.sim.simulate import simulate
from gamenight.sim.stats import wilson_interval
from tests.paper_toss.helpers import flip, game, match_at, pass_all, state_at


def decide(match: Match, seat: int, spec: str = "default") -> object:
    """What the bot ``spec`` (the default bot unless named) plays for ``seat`` now."""
    g = match.game
    bot = make_bot(spec, g, seat)
    legal = g.legal_actions(match.state, seat)
    return bot.act(g.observe(match.state, seat), legal, random.Random(0))


def test_smart_is_the_default() -> None:
    """The heuristic bot is registered as the game's default."""
    assert default_bot("paper-toss") == "smart"


def test_smart_digs_for_a_paper_toss_and_keeps_good_cards() -> None:
    """With no Paper Toss, it keeps its best three cards and redraws; with one, it draws."""
    g = game(2)
    digging = state_at(g, "discard", [["dog", "kid", "food", "trick", "bully"], []])
    assert decide(match_at(g, digging), 0) == Discard("dog")
    assert sorted(discards_wanted(["dog", "kid", "food", "trick", "bully"])) == ["dog", "kid"]
    ready = state_at(g, "discard", [["paper_toss", "shortcut", "dog", "bully", "flat_tire"], []])
    assert decide(match_at(g, ready), 0) == READY
    assert discards_wanted(["paper_toss"] * 3 + ["food", "food"]) == ["paper_toss", "food"]


def test_smart_never_sits_on_a_hand_without_a_paper_toss() -> None:
    """Any five cards with no Paper Toss: at least two go, so the bot never stalls the game."""
    rng = random.Random(5)
    kinds = [k for k in PAPER_KINDS if k != "paper_toss"]
    for _ in range(500):
        hand = sorted(rng.choice(kinds) for _ in range(5))
        assert len(discards_wanted(hand)) >= 2


def test_smart_counters_its_own_toss_and_hazards_the_leader() -> None:
    """Counters are kept for its own tosses and used there; Hazards go at the leader."""
    g = game(3)
    hands = [["paper_toss", "food", "shortcut"], ["dog"], ["kid"]]
    match = match_at(g, state_at(g, "main", hands, tokens=(6, 2, 1)))
    match.submit(0, match.game.legal_actions(match.state, 0)[0], match.version)
    assert decide(match, 1) == Hazard("dog")
    match.submit(1, Hazard("dog"), match.version)
    assert decide(match, 0) == Counter("food")  # the specific counter, keeping the Shortcut


def test_smart_spares_a_trailing_tosser() -> None:
    """No Hazard is wasted on a tosser far behind."""
    g = game(3)
    hands = [["paper_toss"], ["dog"], []]
    match = match_at(g, state_at(g, "main", hands, tokens=(0, 5, 7)))
    match.submit(0, match.game.legal_actions(match.state, 0)[0], match.version)
    assert decide(match, 1) == PASS


def test_smart_flat_tires_the_player_about_to_win_and_bullies_the_leader() -> None:
    """Flat Tire for a player close to ten; Bully for the leading opponent."""
    g = game(3)
    match = match_at(g, state_at(g, "after", [[], ["flat_tire"], []], tokens=(3, 2, 8)))
    assert decide(match, 1) == FlatTire(2)
    bully = match_at(g, state_at(g, "after", [[], ["bully"], []], tokens=(3, 2, 5)))
    assert decide(bully, 1) == Bully(2)


def test_smart_drinks_and_chooses_well() -> None:
    """Energy Drink after a clean window, then the best card; as a Hazard thrower, the worst."""
    g = game(2)
    match = match_at(g, state_at(g, "main", [["paper_toss", "energy_drink"], []]))
    match.submit(0, match.game.legal_actions(match.state, 0)[0], match.version)
    pass_all(match)
    assert decide(match, 0) == DRINK
    match.submit(0, DRINK, match.version)
    flip(match, "bad_throw", "perfect")
    assert decide(match, 0) == Choose("perfect")
    hazard = match_at(g, state_at(g, "main", [["paper_toss"], ["kid"]], tokens=(4, 4)))
    hazard.submit(0, hazard.game.legal_actions(hazard.state, 0)[0], hazard.version)
    hazard.submit(1, Hazard("kid"), hazard.version)
    pass_all(hazard)
    flip(hazard, "perfect", "window")
    assert decide(hazard, 1) == Choose("window")


def test_smart_takes_the_sprinklers_token() -> None:
    """With a second Paper Toss in hand, Sprinklers is worth a token."""
    g = game(2)
    match = match_at(g, state_at(g, "sprinklers", [["paper_toss"], []]))
    assert decide(match, 0) == Sprinkle(True)


def test_smart_beats_random_with_clear_intervals() -> None:
    """Over 300 seeded two-player games (both seat orders), smart's win rate interval lies
    wholly above random's."""
    g = game(2)
    first = simulate(g, ["smart", "random"], 150, seed=7)
    second = simulate(g, ["random", "smart"], 150, seed=8)
    smart = first.wins[0] + second.wins[1]
    rand = first.wins[1] + second.wins[0]
    smart_low, _ = wilson_interval(smart, 300)
    _, rand_high = wilson_interval(rand, 300)
    assert smart_low > rand_high
    assert smart_low > 0.8


def test_smart_beats_random_at_a_full_table() -> None:
    """Against five random players, smart wins far more than its 1-in-6 share."""
    g = game(6)
    report = simulate(g, ["smart", *["random"] * 5], 60, seed=3)
    low, _ = wilson_interval(report.wins[0], 60)
    assert low > 1 / 6
    overall = report.to_json()
    assert overall["tosses_per_game"] > 0
    assert 0 < overall["hazard_success_rate"] < 1


def test_smart_beats_the_plain_tosser() -> None:
    """The cards played out of turn matter: smart beats a bot that only tosses (and redraws a
    hand without a toss), with non-overlapping 95% intervals over 200 games."""
    g = game(2)
    first = simulate(g, ["smart", "tosser"], 100, seed=5)
    second = simulate(g, ["tosser", "smart"], 100, seed=6)
    smart = first.wins[0] + second.wins[1]
    plain = first.wins[1] + second.wins[0]
    assert wilson_interval(smart, 200)[0] > wilson_interval(plain, 200)[1]
    assert first.to_json()["hazard_success_rate"] == 1.0  # the tosser never counters


def test_bold_hazards_every_tosser_smart_spares() -> None:
    """`bold` "throws a Hazard at every other player's toss", even at a tosser far behind that
    `smart` spares."""
    g = game(3)
    match = match_at(g, state_at(g, "main", [["paper_toss"], ["dog"], []], tokens=(0, 5, 7)))
    match.submit(0, match.game.legal_actions(match.state, 0)[0], match.version)
    assert match.state.phase == "hazard"
    assert decide(match, 1) == PASS
    assert decide(match, 1, "bold") == Hazard("dog")


def test_bold_bullies_and_flat_tires_the_leader_at_once() -> None:
    """`bold` "bullies the leading opponent whenever that player holds a token" and
    "Flat-Tires the leading opponent whenever none is waiting on them": where `smart` waits
    (it leads itself; the leader is far from ten) `bold` plays the card on the leader."""
    g = game(3)
    bully = match_at(g, state_at(g, "after", [[], ["bully"], []], tokens=(1, 6, 3)))
    assert decide(bully, 1) == PASS
    assert decide(bully, 1, "bold") == Bully(2)
    broke = match_at(g, state_at(g, "after", [[], ["bully"], []], tokens=(0, 6, 0)))
    assert decide(broke, 1, "bold") == PASS
    flat = match_at(g, state_at(g, "after", [[], ["flat_tire"], []], tokens=(3, 2, 4)))
    assert decide(flat, 1) == PASS
    assert decide(flat, 1, "bold") == FlatTire(2)
    waiting = match_at(
        g, state_at(g, "after", [[], ["flat_tire"], []], tokens=(3, 2, 4), skips=(0, 0, 1))
    )
    assert decide(waiting, 1, "bold") == PASS
