"""Root-only search: sequential halving keeps the heuristic's move on noise, switches on
evidence; playouts play like the driver; the spec grammar ``ismcts[:BUDGET][@DEPTH][/BOT]``."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

import pytest

from gamenight.bots import make_bot
from gamenight.bots.halving import (
    MAX_PLAYOUT,
    Playout,
    RootSearch,
    paired_gain,
    sequential_halving,
)
from gamenight.bots.ismcts import (
    DEFAULT_ITERATIONS,
    InconsistentSample,
    ISMCTSBot,
    Search,
    UnknownBot,
    parse_spec,
    score_leaders,
)
from gamenight.bots.registry import split_spec
from gamenight.engine import Kind, Match
from gamenight.engine.registry import make_game
from gamenight.games.toss_your_cookies.cards import MILK
from gamenight.games.toss_your_cookies.state import Grab
from gamenight.sim.driver import run


def coin_judge(odds: dict[str, float]) -> Any:
    """A judge whose arm ``a`` wins with probability ``odds[a]``; arms with equal odds get equal
    results on the same world (common random numbers), as real playouts of equivalent moves do."""

    def judge(arms: Sequence[str], world: random.Random) -> list[float]:
        u = world.random()
        return [1.0 if u < odds[a] else 0.0 for a in arms]

    return judge


def test_keeps_the_heuristic_move_when_nothing_is_better() -> None:
    """Eight arms as good as the heuristic's move: the search never leaves it."""
    arms = [f"a{i}" for i in range(8)]
    judge = coin_judge(dict.fromkeys(arms, 0.3))
    for seed in range(20):
        found = sequential_halving(arms, "a5", judge, random.Random(seed), iterations=100)
        assert found.action == "a5"
        assert not found.switched


def test_switches_to_a_clearly_better_move() -> None:
    """One arm wins far more often than the heuristic's move: the search finds and plays it."""
    arms = ["keep", "bad", "good", "meh"]
    judge = coin_judge({"keep": 0.2, "bad": 0.05, "good": 0.9, "meh": 0.2})
    for seed in range(10):
        found = sequential_halving(arms, "keep", judge, random.Random(seed), iterations=100)
        assert found.action == "good"
        assert found.gain > 1.64 * found.error


def test_the_heuristic_move_is_never_eliminated() -> None:
    """The heuristic's move, however bad, plays in every round, and so does the final rival."""
    arms = [f"a{i}" for i in range(9)]
    odds = dict.fromkeys(arms, 0.9) | {"a0": 0.0}
    found = sequential_halving(arms, "a0", coin_judge(odds), random.Random(1), iterations=120)
    rounds = math.ceil(math.log2(9))
    keeper = next(arm for arm in found.arms if arm.action == "a0")
    assert len(keeper.rounds) == rounds
    assert all(keeper.rounds)
    assert found.playouts == sum(arm.plays for arm in found.arms)
    assert found.playouts <= 120 + 9 * rounds


def test_a_time_budget_plays_at_least_one_world_a_round() -> None:
    """With seconds instead of playouts, every round still judges at least one world."""
    arms = ["x", "y", "z"]
    found = sequential_halving(
        arms, "x", coin_judge(dict.fromkeys(arms, 0.5)), random.Random(0), seconds=0.001
    )
    assert all(arm.plays >= 1 for arm in found.arms)


def test_paired_gain() -> None:
    """Mean paired difference and its standard error; a single pair has no error estimate."""
    assert paired_gain([1.0, 0.0], [1.0, 0.0]) == (0.0, 0.0)
    assert paired_gain([1.0], [0.0]) == (1.0, math.inf)
    gain, error = paired_gain([1.0, 1.0, 1.0, 0.0], [0.0, 0.0, 0.0, 0.0])
    assert gain == 0.75
    assert error == pytest.approx(0.25)


@pytest.mark.parametrize("game_id", ["toss-up", "paper-toss", "toss-your-cookies"])
def test_a_playout_ends_or_stops_at_the_cap(game_id: str) -> None:
    """A playout of the default bots from the start ends the game (rewards of a finished game
    sum to one) or is evaluated at the cap; the same seeds give the same result."""
    game = make_game(game_id, players=4)
    agents = [make_bot("default", game, p) for p in range(4)]
    playout = Playout(game, agents, score_leaders(game))
    seeds = [random.Random(s) for s in range(4)]
    first = playout.run(game.initial_state(), random.Random(9), seeds)
    again = playout.run(
        game.initial_state(), random.Random(9), [random.Random(s) for s in range(4)]
    )
    assert first == again
    assert sum(first) == pytest.approx(1.0)
    assert MAX_PLAYOUT == 400


def test_root_search_refuses_a_sample_at_odds_with_the_view() -> None:
    """The first drawn state is checked: one that does not ask the seat is a clear error."""
    game = make_game("toss-up", players=2)
    match = Match(game, seed=2)
    while match.pending.kind is not Kind.SINGLE:
        match.roll_chance()
    seat = match.pending.players[0]
    agents = [make_bot("default", game, p) for p in range(2)]
    search = RootSearch(
        game, seat, agents, score_leaders(game), iterations=10, check=Search(game, seat)._check
    )
    view = game.observe(match.state, seat)
    legal = game.legal_actions(match.state, seat)
    stale = game.initial_state()
    with pytest.raises(InconsistentSample, match=f"seat {seat} of toss-up"):
        search.run(view, legal, random.Random(0), lambda v, r: stale)


def test_races_as_quick_as_the_rollout_bot() -> None:
    """In Toss Your Cookies the default bot grabs the milk fast; the searching seat answers
    ``reaction_time`` exactly as its own rollout bot would, so it is as quick in a race."""
    game = make_game("toss-your-cookies", players=4)
    bot = ISMCTSBot(game, 2, rollout_bot="smart")
    smart = make_bot("smart", game, 2)
    for action in (Grab(MILK), Grab("chocolate-chip")):
        mine = bot.reaction_time({}, action, random.Random(4))
        theirs = smart.reaction_time({}, action, random.Random(4))
        assert mine == theirs
    assert bot.reaction_time({}, Grab(MILK), random.Random(4)) < 0.7


def test_default_level_plays_a_whole_game() -> None:
    """``ismcts`` at a small budget, state source from the driver, plays Cover Your Cookies to
    the end at four players with legal moves only; the figures of its searches are kept."""
    game = make_game("cover-your-cookies", players=4)
    searcher = make_bot("ismcts:8", game, 0)
    assert isinstance(searcher, ISMCTSBot)
    agents = [searcher, *(make_bot("default", game, p) for p in range(1, 4))]
    match = run(Match(game, seed=3), agents)
    assert match.finished
    assert searcher.halving is not None
    assert searcher.last is not None
    assert searcher.last.iterations == searcher.halving.playouts


# ---- specs ------------------------------------------------------------------------------------


def test_spec_grammar() -> None:
    """Budget, depth and rollout bot, each optional, in the order ``:BUDGET@DEPTH/BOT``."""
    assert parse_spec(None)[0].iterations == DEFAULT_ITERATIONS
    assert parse_spec("50") == (parse_spec("50")[0], False, None)
    budget, tree, bot = parse_spec("2s@all/random")
    assert (budget.seconds, tree, bot) == (2.0, True, "random")
    assert parse_spec("@1/hold:20")[1:] == (False, "hold:20")
    assert split_spec("ismcts@all") == ("ismcts", "@all")
    assert split_spec("ismcts/smart") == ("ismcts", "/smart")
    assert split_spec("ismcts:30@all/hold:20") == ("ismcts", "30@all/hold:20")
    game = make_game("toss-up", players=2)
    assert make_bot("ismcts", game, 0).name == f"ismcts:{DEFAULT_ITERATIONS}"
    assert make_bot("ismcts@all", game, 0).name == f"ismcts:{DEFAULT_ITERATIONS}@all"
    assert make_bot("ismcts:20/random", game, 0).name == "ismcts:20/random"
    tree = make_bot("ismcts:20@all", game, 1)
    assert isinstance(tree, ISMCTSBot) and isinstance(tree.search, Search)
    root = make_bot("ismcts:20/smart", game, 1)
    assert isinstance(root, ISMCTSBot) and isinstance(root.search, RootSearch)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ismcts@2", "must be @1 .* or @all"),
        ("ismcts:20@", "must be @1 .* or @all"),
        ("ismcts:20@all/", "no rollout bot"),
        ("ismcts/ismcts", "cannot play its rollouts with ismcts"),
        ("ismcts:many", "must be iterations"),
        ("ismcts/nobody", "unknown bot 'nobody'"),
    ],
)
def test_bad_specs_are_clear_errors(spec: str, message: str) -> None:
    """Every malformed spec is refused with a message saying what is wrong."""
    game = make_game("toss-up", players=2)
    with pytest.raises(UnknownBot, match=message):
        make_bot(spec, game, 0)


def test_pending_kinds_seen_by_default_level() -> None:
    """Sanity of the fixture games: Toss Your Cookies has races the playouts time."""
    game = make_game("toss-your-cookies", players=4)
    kinds = set()
    match = run(Match(game, seed=1), [make_bot("default", game, p) for p in range(4)])
    state = game.initial_state()
    for step in match.steps:
        kinds.add(game.pending(state).kind)
        state, _ = game.apply(state, step.player, step.action)
    assert Kind.RACE in kinds or Kind.REACTION in kinds
