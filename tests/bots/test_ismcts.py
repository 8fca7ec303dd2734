"""ISMCTS: legal, seeded, blind to what its seat cannot see, stronger than random, every game."""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import combinations
from typing import Any

import pytest

from gamenight.bots import RandomBot, bots_for, make_bot
from gamenight.bots.base import Agent
from gamenight.bots.ismcts import (
    DEFAULT_ITERATIONS,
    SAMPLE_STATE_CONTRACT,
    Budget,
    InconsistentSample,
    ISMCTSBot,
    NoSampler,
    Search,
    UnknownBot,
    observation,
    parse_budget,
    sampler_for,
    score_leaders,
)
from gamenight.engine import Event, Kind, Match, View
from gamenight.engine.registry import make_game
from gamenight.sim.driver import agent_rngs, run, step
from gamenight.sim.stats import wilson_interval
from tests.engine.grab_bag import GrabBag, GrabBagConfig, GrabBagState

CARD_GAMES = ("paper-toss", "toss-your-cookies", "cover-your-cookies")
GAMES = ("toss-up", *CARD_GAMES)


class SampledGrabBag(GrabBag):
    """Grab Bag with the ``sample_state`` hook: the state is rebuilt from the view alone, and the
    bids the viewer cannot see yet are drawn uniformly from the legal bids."""

    def sample_state(self, view: View, seat: int, rng: random.Random) -> GrabBagState:
        """A state whose view for ``seat`` is ``view`` (see ``SAMPLE_STATE_CONTRACT``)."""
        bids = tuple(
            b if b is not None or not committed else rng.randrange(3)
            for b, committed in zip(view["bids"], view["committed"], strict=True)
        )
        return GrabBagState(
            view["phase"],
            view["round"],
            view["pot"],
            bids,
            tuple(view["grabbed"]),
            tuple(view["tokens"]),
            tuple(view["asked"]),
        )


def ismcts_match(
    game: Any, specs: list[str | int], seed: int, max_rollout: int | None = 30
) -> Match:
    """Play one match; an int in ``specs`` is an ISMCTS seat with that many iterations (fed the
    match's state through ``shuffle_hidden`` when the game has no hook), a str a registered bot."""
    match = Match(game, seed=seed)
    agents: list[Agent] = []
    for seat, spec in enumerate(specs):
        if isinstance(spec, int):
            agents.append(
                ISMCTSBot(
                    game,
                    seat,
                    Budget(spec),
                    state_source=lambda: match.state,
                    max_rollout=max_rollout,
                )
            )
        else:
            agents.append(make_bot(spec, game, seat))
    return run(match, agents)


def advance(match: Match, until: Any, seed: int = 0, limit: int = 5000) -> Match:
    """Random play from ``match`` until ``until(match)`` holds."""
    agents = [RandomBot(match.game, s, "random") for s in range(match.game.players)]
    rngs = agent_rngs(seed, match.game.players)
    for _ in range(limit):
        if until(match):
            return match
        step(match, agents, rngs)
    raise AssertionError("the wanted position never came up")


# ---- legality and whole games --------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_plays_whole_games_with_legal_moves_only(game_id: str) -> None:
    """Two ISMCTS seats and a random one play a game to its end through the offline driver,
    which refuses any illegal choice; every pending kind the game has is met on the way."""
    game = make_game(game_id, players=3)
    match = ismcts_match(game, [6, 6, "random"], seed=11, max_rollout=20)
    assert match.finished
    assert set(match.outcome().winners) <= {0, 1, 2}
    assert match.outcome().winners


def test_every_seat_searching_still_finishes() -> None:
    """Paper Toss! has no turn limit by default: two ISMCTS seats at 4 iterations, each free to
    draw up without discarding, must still bring the game to an end (a first-listed tie-break
    once had both redraw nothing forever)."""
    game = make_game("paper-toss", players=2)
    match = Match(game, seed=2)
    agents = [
        ISMCTSBot(game, s, Budget(4), state_source=lambda: match.state, max_rollout=10)
        for s in range(2)
    ]
    run(match, agents, max_steps=5000)
    assert match.finished
    assert max(match.outcome().scores) >= game.config.target


def test_plays_every_kind_of_decision_with_the_hook() -> None:
    """Grab Bag has chance, secret bids, a race and a reaction window; three ISMCTS seats that
    draw states from their view alone play it to the end with legal moves."""
    game = SampledGrabBag(GrabBagConfig(players=3, rounds=3))
    match = Match(game, seed=5)
    agents = [ISMCTSBot(game, seat, Budget(40)) for seat in range(3)]
    run(match, agents)
    kinds = {game.pending(replay_state).kind for replay_state in _states(match)}
    assert {Kind.CHANCE, Kind.SIMULTANEOUS, Kind.RACE, Kind.REACTION} <= kinds
    assert match.finished


def _states(match: Match) -> list[Any]:
    """Every state the match went through, replayed from its steps."""
    state = match.game.initial_state()
    out = [state]
    for s in match.steps:
        state, _ = match.game.apply(state, s.player, s.action)
        out.append(state)
    return out


def test_chooses_among_the_offered_actions() -> None:
    """At a Toss Up! decision, the choice is one of the offered actions, and every offered
    action was tried at the root."""
    game = make_game("toss-up", players=2)
    match = advance(Match(game, seed=2), lambda m: m.pending.kind is Kind.SINGLE)
    seat = match.pending.players[0]
    bot = ISMCTSBot(game, seat, Budget(50), state_source=lambda: match.state)
    legal = game.legal_actions(match.state, seat)
    action = bot.act(game.observe(match.state, seat), legal, random.Random(1))
    assert action in legal
    assert bot.last is not None
    assert bot.last.iterations == 50
    assert sum(bot.last.visits.values()) == 50
    assert all(bot.last.visits[a] > 0 for a in legal)


# ---- seeded ---------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", ["toss-your-cookies", "paper-toss"])
def test_same_seed_same_game(game_id: str) -> None:
    """With an iteration budget the bot is a function of its seed: a match replays exactly."""
    game = make_game(game_id, players=3)
    first = ismcts_match(game, [5, 5, "random"], seed=4, max_rollout=15)
    second = ismcts_match(game, [5, 5, "random"], seed=4, max_rollout=15)
    assert first.steps == second.steps


def test_time_budget_runs_at_least_one_iteration() -> None:
    """``ismcts:Ns`` searches until the time is up, and still answers with a legal action."""
    game = make_game("toss-up", players=2)
    match = advance(Match(game, seed=2), lambda m: m.pending.kind is Kind.SINGLE)
    seat = match.pending.players[0]
    bot = ISMCTSBot(game, seat, Budget(None, 0.02), state_source=lambda: match.state)
    legal = game.legal_actions(match.state, seat)
    assert bot.act(game.observe(match.state, seat), legal, random.Random(0)) in legal
    assert bot.last is not None
    assert bot.last.iterations >= 1


# ---- only the view --------------------------------------------------------------------------


def _commit_position() -> tuple[Any, Match, int, int]:
    """A Toss Your Cookies pass or toss where one player has committed and ``seat`` must now
    commit: returns the game, the match, the seat and the committed player."""
    game = make_game("toss-your-cookies", players=3)
    match = advance(
        Match(game, seed=9),
        lambda m: (
            m.pending.kind is Kind.SIMULTANEOUS
            and any(c is not None for c in m.state.commits)
            and len(m.game.legal_actions(m.state, m.pending.players[0])) > 1
        ),
    )
    seat = match.pending.players[0]
    other = next(p for p, c in enumerate(match.state.commits) if c is not None)
    return game, match, seat, other


def test_decision_ignores_an_opponents_secret_commitment() -> None:
    """Two true states that differ only in the cards an opponent committed face down look the
    same to the seat; with the same seed the bot's search is identical in both. A search handed
    the true states themselves tells them apart, so the check has teeth."""
    game, match, seat, other = _commit_position()
    truth = match.state
    hand, committed = truth.hands[other], truth.commits[other]
    alternatives = [c for c in sorted(set(combinations(hand, len(committed)))) if c != committed]
    commits = list(truth.commits)
    commits[other] = alternatives[0]
    twin = replace(truth, commits=tuple(commits))
    assert hand == twin.hands[other]
    view = game.observe(truth, seat)
    assert game.observe(twin, seat) == view
    legal = game.legal_actions(truth, seat)

    def search(state: Any) -> dict[Any, int]:
        bot = ISMCTSBot(game, seat, Budget(100), state_source=lambda: state, max_rollout=30)
        bot.act(view, legal, random.Random(3))
        assert bot.last is not None
        return bot.last.visits

    assert search(truth) == search(twin)
    cheat = Search(game, seat, Budget(100), max_rollout=30)
    seen_truth = cheat.run(view, legal, random.Random(3), lambda v, r: truth).visits
    seen_twin = cheat.run(view, legal, random.Random(3), lambda v, r: twin).visits
    assert seen_truth != seen_twin


def test_decision_ignores_hidden_bids_with_the_hook() -> None:
    """With ``sample_state`` the bot gets nothing but the view: two Grab Bag states whose
    hidden bids differ give the same search, as does the fallback through ``shuffle_hidden``."""
    game = SampledGrabBag(GrabBagConfig(players=3))
    state = GrabBagState("bid", 0, 4, (2, None, None), (0, 0, 0), (0, 0, 0), ())
    twin = replace(state, bids=(0, None, None))
    view = game.observe(state, 1)
    assert game.observe(twin, 1) == view
    legal = game.legal_actions(state, 1)
    results = []
    for source in (None, lambda: state, lambda: twin):
        plain = GrabBag(GrabBagConfig(players=3)) if source is not None else game
        bot = ISMCTSBot(plain, 1, Budget(200), state_source=source)
        bot.act(view, legal, random.Random(8))
        assert bot.last is not None
        results.append(bot.last.visits)
    assert results[1] == results[2]
    assert 190 <= sum(results[0].values()) <= 200  # halving rounds the budget down per round


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_determinisations_match_the_view(game_id: str) -> None:
    """Every state the bot searches from shows its seat exactly the view it was given, and
    some differ from the truth in what the seat cannot see."""
    game = make_game(game_id, players=4)
    match = advance(
        Match(game, seed=6),
        lambda m: m.pending.kind not in (Kind.CHANCE, Kind.TERMINAL) and m.version > 30,
    )
    seat = match.pending.players[0]
    view = game.observe(match.state, seat)
    sample = sampler_for(game, seat, lambda: match.state)
    rng = random.Random(1)
    drawn = [sample(view, rng) for _ in range(20)]
    assert all(game.observe(s, seat) == view for s in drawn)
    assert any(s != match.state for s in drawn)


def test_no_sampler_is_a_clear_error() -> None:
    """A game without ``sample_state`` and no state source: a typed error naming the hook."""
    game = GrabBag(GrabBagConfig(players=2))
    with pytest.raises(NoSampler, match=r"sample_state\(view, seat, rng\)"):
        sampler_for(game, 0)
    assert "uniformly from the cards unseen" in SAMPLE_STATE_CONTRACT


def test_tree_keys_show_secrets_only_to_their_audience() -> None:
    """Two steps that differ only in a secret the seat is not shown lead to the same child; the
    secret's audience tells them apart."""
    drew_dog = [Event("drew", {"player": 1}, {"card": "dog"}, frozenset({1}))]
    drew_kid = [Event("drew", {"player": 1}, {"card": "kid"}, frozenset({1}))]
    assert observation(drew_dog, 0) == observation(drew_kid, 0)
    assert observation(drew_dog, 1) != observation(drew_kid, 1)


def test_cut_short_playouts_score_the_leaders() -> None:
    """A playout cut short is scored as if the game ended there: the leaders by score share the
    win; with all scores equal, everyone shares it."""
    game = make_game("paper-toss", players=3)
    state = replace(game.initial_state(), tokens=(4, 6, 6))
    assert list(score_leaders(game)(state)) == [0.0, 0.5, 0.5]
    assert list(score_leaders(game)(game.initial_state())) == [1 / 3, 1 / 3, 1 / 3]


def test_a_sampler_at_odds_with_the_view_is_a_clear_error() -> None:
    """A state source whose state does not ask the seat to decide (a stale state, say) is
    refused with a typed error, not searched."""
    game = GrabBag(GrabBagConfig(players=2))
    match = advance(
        Match(game, seed=2), lambda m: m.pending.kind not in (Kind.CHANCE, Kind.TERMINAL)
    )
    seat = match.pending.players[0]
    view = game.observe(match.state, seat)
    legal = game.legal_actions(match.state, seat)
    stale = game.initial_state()
    assert seat not in game.pending(stale).players
    bot = ISMCTSBot(game, seat, Budget(5), state_source=lambda: stale)
    with pytest.raises(InconsistentSample, match=f"seat {seat} of {game.id}"):
        bot.act(view, legal, random.Random(0))


# ---- strength -------------------------------------------------------------------------------


def test_beats_random_at_toss_up() -> None:
    """Over 100 seeded two-player games of Toss Up! (seats alternating), ISMCTS at 25
    iterations (playouts cut at 20 steps) wins far more than random: the 95% intervals lie
    apart."""
    game = make_game("toss-up", players=2)
    games, wins = 100, 0.0
    for i in range(games):
        seat = i % 2
        specs: list[str | int] = ["random", "random"]
        specs[seat] = 25
        winners = ismcts_match(game, specs, seed=100 + i, max_rollout=20).outcome().winners
        wins += 1 / len(winners) if seat in winners else 0.0
    low, _ = wilson_interval(wins, games)
    _, high = wilson_interval(games - wins, games)
    assert low > high


# ---- bot specs ------------------------------------------------------------------------------


def test_budgets_parse() -> None:
    """``N`` iterations, ``Ns`` and ``Nms`` times; anything else is refused with an example."""
    assert parse_budget("200") == Budget(200, None)
    assert parse_budget("2s") == Budget(None, 2.0)
    assert parse_budget("1.5s") == Budget(None, 1.5)
    assert parse_budget("250ms") == Budget(None, 0.25)
    for bad in ("0", "-3", "lots", "0s", "1e9", "9999s", "s", "ms"):
        with pytest.raises(UnknownBot, match="ismcts"):
            parse_budget(bad)


def test_registered_levels() -> None:
    """``ismcts`` (default level), ``ismcts:N``, ``ismcts:Ns`` and ``/BOT`` rollouts build for a
    game with the hook; in a game without it the driver attaches a state source (re-dealt by
    ``shuffle_hidden``), and a bot left without one is refused by name when it must search."""
    game = SampledGrabBag(GrabBagConfig(players=2))
    assert make_bot("ismcts", game, 0).name == f"ismcts:{DEFAULT_ITERATIONS}"
    assert make_bot("ismcts:50", game, 1).name == "ismcts:50"
    assert make_bot("ismcts:2s", game, 0).name == "ismcts:2s"
    with_rollouts = make_bot("ismcts:20/random", game, 0)
    assert with_rollouts.name == "ismcts:20/random"
    match = run(Match(game, seed=1), [with_rollouts, make_bot("random", game, 1)])
    assert match.finished
    with pytest.raises(UnknownBot, match="no rollout bot"):
        make_bot("ismcts:20/", game, 0)
    with pytest.raises(UnknownBot, match="unknown bot"):
        make_bot("ismcts:20/nobody", game, 0)
    plain = GrabBag(GrabBagConfig(players=2))
    searcher = make_bot("ismcts:20", plain, 0)
    match = run(Match(plain, seed=2), [searcher, make_bot("random", plain, 1)])
    assert match.finished  # the driver attached its state source
    lonely = make_bot("ismcts:20", plain, 0)
    with pytest.raises(NoSampler, match=r"sample_state\(view, seat, rng\)"):
        lonely.act(plain.view(match.state, 0), ["a", "b"], random.Random(0))
    usage = {spec.usage() for spec in bots_for("toss-up")}
    assert "ismcts[:BUDGET]" in usage
