"""Match: precise errors, refused actions change nothing, versions, races, replay, redaction."""

from __future__ import annotations

import copy
import json
import random

import pytest

from gamenight.bots.base import Agent, RandomBot
from gamenight.engine import (
    CHANCE,
    ConfigError,
    Event,
    GameOver,
    IllegalAction,
    Kind,
    MalformedAction,
    Match,
    NotYourDecision,
    StaleVersion,
    replay,
)
from gamenight.engine.chance import ChanceRng
from gamenight.sim.driver import run
from tests.engine.grab_bag import Bid, Grab, GrabBag, GrabBagConfig, Object, Pass, Pot


def bag(players: int = 3, rounds: int = 2) -> GrabBag:
    return GrabBag(GrabBagConfig(players=players, rounds=rounds))


def at_bidding(players: int = 3) -> Match:
    match = Match(bag(players), seed=5)
    match.advance_chance()
    assert match.pending.kind is Kind.SIMULTANEOUS
    return match


def snapshot(match: Match) -> tuple[object, int]:
    return copy.deepcopy(match.state), match.version


def first_pot(game: GrabBag, seed: int) -> int:
    """The size of the first pot a match with ``seed`` draws."""
    pot = game.sample_chance(game.initial_state(), ChanceRng(seed))
    assert isinstance(pot, Pot)
    return pot.size


def test_simultaneous_commitments_stay_hidden_until_the_last_is_in() -> None:
    match = at_bidding()
    events = match.submit(0, Bid(2))
    assert events[0].for_viewer(0)["amount"] == 2
    assert "amount" not in events[0].for_viewer(1)
    assert "amount" not in events[0].for_viewer(None)
    assert match.view(1)["state"]["bids"] == [None, None, None]
    assert match.view(0)["state"]["bids"] == [2, None, None]
    assert match.pending.players == (1, 2)
    match.submit(1, Bid(1))
    events = match.submit(2, Bid(0))
    assert events[-1].kind == "bids_revealed"
    assert events[-1].for_viewer(None)["bids"] == [2, 1, 0]


def test_a_committed_player_cannot_commit_twice() -> None:
    match = at_bidding()
    match.submit(0, Bid(1))
    before = snapshot(match)
    with pytest.raises(NotYourDecision, match="player 0 may not act now"):
        match.submit(0, Bid(2))
    assert snapshot(match) == before


def race_match() -> Match:
    match = at_bidding()
    for player in range(3):
        match.submit(player, Bid(2))
    assert match.pending.kind is Kind.RACE
    return match


def test_race_first_grab_wins_and_the_late_one_is_too_slow() -> None:
    match = race_match()
    version = match.version
    match.submit(1, Grab(), version)
    with pytest.raises(StaleVersion, match="too slow"):
        match.submit(2, Grab(), version)
    assert match.state.tokens == (0, 1, 0)


def test_a_race_move_without_a_version_is_refused_not_applied() -> None:
    """DESIGN: "a late grab in a race is answered 'too slow', never dropped silently"."""
    match = race_match()
    before = snapshot(match)
    with pytest.raises(StaleVersion, match="must name the version"):
        match.submit(1, Grab())
    assert snapshot(match) == before


def test_wrongly_typed_players_and_actions_get_typed_errors() -> None:
    match = at_bidding()
    before = snapshot(match)
    with pytest.raises(MalformedAction, match="is not a grab-bag action"):
        match.submit(0, "bid 1")
    with pytest.raises(NotYourDecision, match="a player is a seat number"):
        match.submit("0", Bid(1))  # type: ignore[arg-type]
    assert snapshot(match) == before


def test_reaction_window_asks_everyone_not_only_token_holders() -> None:
    match = race_match()
    while match.pending.kind is Kind.RACE:
        match.submit(match.pending.players[0], Grab(), match.version)
    pending = match.pending
    assert pending.kind is Kind.REACTION
    assert pending.players == (0, 1, 2)
    holders = [i for i, t in enumerate(match.state.tokens) if t]
    empty = [i for i in range(3) if i not in holders]
    assert empty, "the seeded pot leaves somebody without a token"
    assert match.game.legal_actions(match.state, empty[0]) == (Pass(),)
    assert Object() in match.game.legal_actions(match.state, holders[0])


def test_refused_actions_raise_precise_errors_and_change_nothing() -> None:
    match = at_bidding()
    before = snapshot(match)
    with pytest.raises(IllegalAction, match="not legal now"):
        match.submit(0, Bid(7))
    with pytest.raises(NotYourDecision, match="no player 9"):
        match.submit(9, Bid(1))
    with pytest.raises(StaleVersion):
        match.submit(0, Bid(1), version=match.version - 1)
    with pytest.raises(MalformedAction, match="unknown action type 'fly'"):
        match.submit_json(0, {"type": "fly"})
    with pytest.raises(MalformedAction, match="must be int"):
        match.submit_json(0, {"type": "bid", "amount": "two"})
    with pytest.raises(MalformedAction, match="needs the field 'amount'"):
        match.submit_json(0, {"type": "bid"})
    with pytest.raises(MalformedAction, match="must be a JSON object"):
        match.submit_json(0, ["bid", 1])
    with pytest.raises(NotYourDecision):
        match.roll_chance()
    assert snapshot(match) == before


def test_chance_is_not_a_player_decision() -> None:
    match = Match(bag(), seed=1)
    with pytest.raises(NotYourDecision, match="chance"):
        match.submit(0, Bid(1))
    assert match.game.pending(match.state).kind is Kind.CHANCE


def test_finished_match_refuses_actions() -> None:
    game = bag(rounds=1)
    match = run(Match(game, seed=3), [RandomBot(game, i, "random") for i in range(3)])
    with pytest.raises(GameOver):
        match.submit(0, Pass())


def test_views_never_show_the_rng_and_carry_version_and_legal_actions() -> None:
    match = at_bidding()
    view = match.view(0)
    text = json.dumps(view)
    assert "rng" not in text
    assert "seed" not in text
    assert view["version"] == match.version
    assert {"type": "bid", "amount": 2} in view["legal"]
    assert match.view(None)["legal"] == []


class Slow(Agent):
    """Always grabs, with a fixed reaction time."""

    def __init__(self, game: GrabBag, seat: int, delay: float) -> None:
        super().__init__(game, seat, f"slow{seat}")
        self.delay = delay

    def act(self, view: dict[str, object], legal: object, rng: random.Random) -> object:
        assert isinstance(legal, tuple)
        return Bid(2) if Bid(2) in legal else Grab() if Grab() in legal else Pass()

    def reaction_time(self, view: dict[str, object], action: object, rng: random.Random) -> float:
        return self.delay


def test_driver_gives_races_to_the_fastest_agent() -> None:
    game = bag(rounds=1)
    agents = [Slow(game, 0, 0.9), Slow(game, 1, 0.2), Slow(game, 2, 0.5)]
    match = run(Match(game, seed=4), agents)
    pot = next(s.action.size for s in match.steps if isinstance(s.action, Pot))
    grabs = [s.player for s in match.steps if isinstance(s.action, Grab)]
    # The first hand to reach a token gets it, each up to its bid of 2: seat 1 at 0.2 s and
    # 0.4 s, seat 2 at 0.5 s, seat 0 at 0.9 s (its reach kept its time through the others'
    # grabs), seat 2 again at 1.0 s, seat 0 at 1.8 s.
    assert grabs == [1, 1, 2, 0, 2, 0][:pot]


def test_offline_races_replay_exactly_from_the_seed() -> None:
    game = bag(players=4, rounds=3)

    def play() -> list[tuple[int, object]]:
        agents = [RandomBot(game, i, "random") for i in range(4)]
        match = run(Match(game, seed=11), agents)
        return [(s.player, s.action) for s in match.steps]

    assert play() == play()


def test_record_replays_and_a_tampered_record_names_the_bad_step() -> None:
    game = bag()
    match = run(Match(game, seed=2), [RandomBot(game, i, "random") for i in range(3)])
    record = json.loads(json.dumps(match.record()))
    assert replay(record, GrabBag).state == match.state
    bad = copy.deepcopy(record)
    first_player_step = next(i for i, s in enumerate(bad["steps"]) if s["player"] is not None)
    bad["steps"][first_player_step]["action"] = {"type": "bid", "amount": 9}
    with pytest.raises(IllegalAction, match=f"step {first_player_step}"):
        replay(bad, GrabBag)
    bad = copy.deepcopy(record)
    bad["steps"][0]["action"] = {"type": "pot", "size": 99}
    with pytest.raises(IllegalAction, match="step 0: the recorded chance outcome 'pot 99'"):
        replay(bad, GrabBag)
    expected = "expected 'gamenight-match/1'"
    with pytest.raises(MalformedAction, match=f"it has format 'something else', {expected}"):
        replay({"format": "something else"}, GrabBag)
    with pytest.raises(MalformedAction, match=f"not a match record: it has no format, {expected}"):
        replay({"game": "grab-bag"}, GrabBag)
    with pytest.raises(ConfigError, match="a config must be a JSON object"):
        replay({**record, "config": None}, GrabBag)


def test_a_record_that_does_not_belong_to_its_seed_is_refused() -> None:
    game = bag()
    match = run(Match(game, seed=2), [RandomBot(game, i, "random") for i in range(3)])
    record = json.loads(json.dumps(match.record()))
    recorded = record["steps"][0]["action"]["size"]
    other = next(seed for seed in range(100, 200) if first_pot(game, seed) != recorded)
    with pytest.raises(IllegalAction, match=f"step 0: .* is not what seed {other} draws"):
        replay({**record, "seed": other}, GrabBag)


def test_a_replayed_match_goes_on_drawing_what_the_original_would() -> None:
    """Seed + log replays exactly, and the rebuilt match's RNG is where the original's was."""
    game = bag(players=3, rounds=3)
    original = Match(game, seed=8)
    original.advance_chance()
    for player in range(3):
        original.submit(player, Bid(1))
    record = original.record()
    resumed = replay(record, GrabBag)
    assert resumed.state == original.state
    while not original.finished:
        pending = original.pending
        if pending.kind is Kind.CHANCE:
            original.roll_chance()
            resumed.roll_chance()
        else:
            player = pending.players[0]
            action = original.game.legal_actions(original.state, player)[-1]
            original.submit(player, action, original.version)
            resumed.submit(player, action, resumed.version)
        assert resumed.state == original.state


def test_apply_leaves_the_old_state_unchanged() -> None:
    game = bag()
    state = game.initial_state()
    frozen = copy.deepcopy(state)
    new, _ = game.apply(state, CHANCE, Pot(3))
    assert state == frozen
    assert new != state


def test_event_secret_reaches_only_its_audience() -> None:
    event = Event("drew", {"player": 1}, {"card": "dog"}, frozenset({1}))
    assert event.for_viewer(1) == {"kind": "drew", "player": 1, "card": "dog"}
    assert event.for_viewer(0) == {"kind": "drew", "player": 1}
    assert event.for_viewer(None) == {"kind": "drew", "player": 1}


class QuietBag(GrabBag):
    """Grab Bag whose views do not show who has answered the objection window yet."""

    def observe(self, state: object, viewer: int | None) -> dict[str, object]:
        view = super().observe(state, viewer)  # type: ignore[arg-type]
        view.pop("asked")
        return view


class Counting(Agent):
    """Bids 1, grabs, and passes every objection; counts how often it is asked."""

    def __init__(self, game: GrabBag, seat: int) -> None:
        super().__init__(game, seat, f"counting{seat}")
        self.asked = 0
        self.auto_single = False

    def act(self, view: dict[str, object], legal: object, rng: random.Random) -> object:
        assert isinstance(legal, tuple)
        if view["phase"] == "object":
            self.asked += 1
            return Pass()
        return Bid(1) if Bid(1) in legal else legal[0]


def test_a_pass_by_someone_else_does_not_make_everyone_answer_again() -> None:
    """A reaction window asks each player once while nothing they can see changes."""
    game = QuietBag(GrabBagConfig(players=4, rounds=1))
    agents = [Counting(game, seat) for seat in range(4)]
    run(Match(game, seed=3), agents)
    assert [a.asked for a in agents] == [1, 1, 1, 1]


def test_a_change_the_player_can_see_makes_them_answer_again() -> None:
    """With the answered players in the view, each pass is news: the others decide anew."""
    game = GrabBag(GrabBagConfig(players=4, rounds=1))
    agents = [Counting(game, seat) for seat in range(4)]
    run(Match(game, seed=3), agents)
    assert sorted(a.asked for a in agents) == [1, 2, 3, 4]


class Objector(Agent):
    """Bids 1, grabs, objects at once if it can (else passes slowly); records unplayed moves."""

    def __init__(self, game: GrabBag, seat: int) -> None:
        super().__init__(game, seat, f"objector{seat}")
        self.unplayed: list[object] = []

    def act(self, view: dict[str, object], legal: object, rng: random.Random) -> object:
        assert isinstance(legal, tuple)
        if Object() in legal:
            return Object()
        return Bid(1) if Bid(1) in legal else legal[-1]

    def reaction_time(self, view: dict[str, object], action: object, rng: random.Random) -> float:
        return 0.1 if isinstance(action, Object) else 1.0 + self.seat

    def outpaced(self, action: object, closed: bool = False) -> None:
        self.unplayed.append(action)


def test_agents_are_told_when_their_move_was_not_played() -> None:
    """A faster objection closes the window: everyone whose pass was never played is told."""
    game = QuietBag(GrabBagConfig(players=3, rounds=1))
    agents = [Objector(game, seat) for seat in range(3)]
    # A pot of 2 among three players who bid 1 each leaves one of them without a token.
    seed = next(seed for seed in range(100) if first_pot(game, seed) == 2)
    match = run(Match(game, seed=seed), agents)
    objections = [s.player for s in match.steps if isinstance(s.action, Object)]
    assert len(objections) == 1
    told = [seat for seat, agent in enumerate(agents) if Pass() in agent.unplayed]
    assert told, "somebody without a token had decided to pass"
    assert objections[0] not in told
