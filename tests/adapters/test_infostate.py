"""OpenSpiel's imperfect-information algorithms run on the games: information states with
perfect recall, resampling from them, MCCFR, ISMCTS, and CFR on the bounded Toss Up! variant."""

from __future__ import annotations

import itertools
import math
import pickle
import random
from collections.abc import Iterator

import numpy as np
import pyspiel
import pytest
from open_spiel.python import policy as policies
from open_spiel.python.algorithms import (
    cfr,
    exploitability,
    external_sampling_mccfr,
    ismcts,
    mcts,
    outcome_sampling_mccfr,
)

from gamenight.adapters.infostate import DIGEST_BITS
from gamenight.adapters.openspiel import register, short_name
from gamenight.engine.errors import ConfigError
from tests.adapters.helpers import GAMES

register()
CARD_GAMES = [("paper-toss", 2), ("toss-your-cookies", 3), ("cover-your-cookies", 3)]
#: The bounded variant the tests solve: one die (two green faces, one red), one turn each.
BOUNDED = (
    "gamenight_toss_up(players=2,dice=1,faces=green;green;red,target=3,turn_limit=2,"
    "max_game_length=8)"
)


def load(game_id: str, players: int, extra: str = "") -> pyspiel.Game:
    """The OpenSpiel game of ``game_id`` for ``players``, with ``extra`` parameters."""
    return pyspiel.load_game(f"{short_name(game_id)}(players={players}{extra})")


def chance(state: pyspiel.State, rng: random.Random) -> int:
    """A chance outcome of ``state`` drawn by its odds."""
    actions, odds = zip(*state.chance_outcomes(), strict=True)
    return int(rng.choices(actions, odds)[0])


def to_decision(state: pyspiel.State, rng: random.Random, decisions: int = 0) -> pyspiel.State:
    """Random play (chance by its odds) through ``decisions`` decisions to the next one."""
    made = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(chance(state, rng))
        elif made < decisions:
            state.apply_action(rng.choice(state.legal_actions()))
            made += 1
        else:
            break
    return state


def named(game: pyspiel.Game, names: list[str]) -> pyspiel.State | None:
    """The state reached by chance outcomes and actions given by their names (``None`` if one
    is not available where it is asked)."""
    state = game.new_initial_state()
    for name in names:
        player = state.current_player()
        found = [a for a in state.legal_actions() if state.action_to_string(player, a) == name]
        if not found:
            return None
        state.apply_action(found[0])
    return state


def test_the_game_type_and_tensor_shape_are_declared() -> None:
    """Every game says it gives information state strings and tensors; the tensor is the
    observation, one count per action id, the recall's size and the digest's bits."""
    for game_id, counts in GAMES.items():
        game = load(game_id, counts[0])
        kind = game.get_type()
        assert kind.provides_information_state_string and kind.provides_information_state_tensor
        size = game.observation_tensor_size() + game.num_distinct_actions() + 1 + DIGEST_BITS
        assert game.information_state_tensor_shape() == [size]


@pytest.mark.parametrize(("game_id", "players"), [*CARD_GAMES, ("toss-up", 2)])
def test_python_and_openspiel_answers_agree(game_id: str, players: int) -> None:
    """At every node of a seeded random match (cut at 30 decisions) the state's Python
    methods give what OpenSpiel's own (through the perfect-recall observer) give, for every
    seat; the tensor has the declared size and its last bits are the string's digest."""
    game = load(game_id, players, ",max_game_length=30")
    rng = random.Random(7)
    state = game.new_initial_state()
    size = game.information_state_tensor_size()
    while not state.is_terminal():
        for seat in range(players):
            text = state.information_state_string(seat)
            assert text == pyspiel.State.information_state_string(state, seat)
            tensor = state.information_state_tensor(seat)
            assert tensor == pytest.approx(pyspiel.State.information_state_tensor(state, seat))
            assert len(tensor) == size
            digest = text.split(" recall ")[1].split("\n")[0]
            bits = np.packbits(np.array(tensor[-DIGEST_BITS:], np.uint8)).tobytes().hex()
            assert bits == digest
        if state.is_chance_node():
            state.apply_action(chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def test_recall_keeps_what_a_seat_saw_though_its_view_no_longer_shows_it() -> None:
    """Toss Up!: seat 0 banks nothing after a roll of all yellow, or busts. At seat 1's first
    decision its view is the same either way (scores 0 and 0, its own roll), but seat 1 saw
    seat 0's roll: the information states differ (an observation would not)."""
    game = load("toss-up", 2)
    mine = ["dice 6 3 1"]
    banked = named(game, ["dice 0 10 0", "bank", *mine])
    bust = named(game, ["dice 0 7 3", *mine])
    assert banked is not None and bust is not None
    assert banked.current_player() == bust.current_player() == 1
    assert banked.observation_string(1) == bust.observation_string(1)
    assert banked.information_state_string(1) != bust.information_state_string(1)
    assert banked.information_state_tensor(1) != bust.information_state_tensor(1)


def other_deals(game: pyspiel.Game, names: list[str]) -> Iterator[list[str]]:
    """Chance steps ``names`` with one outcome replaced by another offered there, then with
    two outcomes exchanged."""
    for at, name in enumerate(names):
        there = named(game, names[:at])
        assert there is not None
        offered = {there.action_to_string(-1, a) for a, _ in there.chance_outcomes()}
        for other in sorted(offered - {name}):
            yield [*names[:at], other, *names[at + 1 :]]
    for i, j in itertools.combinations(range(len(names)), 2):
        if names[i] != names[j]:
            exchanged = names.copy()
            exchanged[i], exchanged[j] = names[j], names[i]
            yield exchanged


@pytest.mark.parametrize(("game_id", "players"), CARD_GAMES)
def test_hidden_differences_share_an_information_state(game_id: str, players: int) -> None:
    """Two deals that differ in one chance step (another outcome there) or by exchanging the
    outcomes of two (two cards dealt in the other order): where only seat 1 sees the
    difference, at the first decision seat 0's information state is the same in both and seat
    1's differs; where seat 0 sees it, seat 0's differs."""
    game = load(game_id, players)
    rng = random.Random(3)
    state = game.new_initial_state()
    names: list[str] = []
    while state.is_chance_node():
        outcome = chance(state, rng)
        names.append(state.action_to_string(pyspiel.PlayerId.CHANCE, outcome))
        state.apply_action(outcome)
    assert not state.is_terminal()
    hidden = seen = False
    for changed in other_deals(game, names):
        other = named(game, changed)
        if other is None or other.is_terminal() or other.is_chance_node():
            continue
        mine = other.observation_string(0) == state.observation_string(0)
        same = other.information_state_string(0) == state.information_state_string(0)
        if mine and other.observation_string(1) != state.observation_string(1):
            assert same, changed
            assert other.information_state_string(1) != state.information_state_string(1)
            hidden = True
        if not mine:
            assert not same
            seen = True
        if hidden and seen:
            break
    assert hidden and seen


def test_recall_is_perfect_along_a_match() -> None:
    """At each decision a seat's recall extends the one it had at its previous decision by
    the action it took (entries only grow), and a state drawn from it keeps it."""
    game = load("paper-toss", 3, ",max_game_length=40")
    rng = random.Random(11)
    state = game.new_initial_state()
    last: dict[int, int] = {}
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(chance(state, rng))
            continue
        seat = state.current_player()
        entries = int(state.information_state_string(seat).split(", ")[1].split()[0])
        assert entries > last.get(seat, 0)
        last[seat] = entries
        state.apply_action(rng.choice(state.legal_actions()))
    assert len(last) == 3


@pytest.mark.parametrize(("game_id", "players"), [*CARD_GAMES, ("toss-up", 2)])
def test_information_states_do_not_depend_on_the_order_asked(game_id: str, players: int) -> None:
    """Recalls are replayed from a state's history when asked: every state of two seeded
    matches (kept as clones) has the same information state for every seat whether they are
    asked along the matches in order, on a game loaded once per match, or in a shuffled order
    across both matches (descendants before ancestors, one match's states between the
    other's) on a single game, and the answers asked again after that are unchanged too."""
    states = []
    expected = []
    for seed in (1, 2):
        game = load(game_id, players, ",max_game_length=30")
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            kept = state.clone()
            states.append(kept)
            expected.append([kept.information_state_string(s) for s in range(players)])
            if state.is_chance_node():
                state.apply_action(chance(state, rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    shared = load(game_id, players, ",max_game_length=30")
    fresh = []
    for kept in states:  # the same states, all played on one game object
        state = shared.new_initial_state()
        for action in kept.history():
            state.apply_action(action)
        fresh.append(state)
    order = list(range(len(fresh)))
    random.Random(3).shuffle(order)
    for index in order:
        seats = list(range(players))
        random.Random(index).shuffle(seats)
        for seat in seats:
            assert fresh[index].information_state_string(seat) == expected[index][seat]
    for index in order[::7]:
        assert fresh[index].information_state_tensor(0) == states[index].information_state_tensor(0)
    assert len(states) > 40


@pytest.mark.parametrize(("game_id", "players"), [*CARD_GAMES, ("paper-toss", 4), ("toss-up", 3)])
def test_resample_from_infostate(game_id: str, players: int) -> None:
    """At every decision of a seeded random match (cut at 80 decisions) a state drawn for the
    seat to move shows it its view, keeps its information state and legal moves, is the same
    for the same sampler seed and plays on; over draws at the first decision, another seat's
    view varies in the card games. A seat that is not one is refused."""
    game = load(game_id, players, ",max_game_length=80")
    rng = random.Random(5)
    state = to_decision(game.new_initial_state(), rng)
    others = set()
    for seed in range(6):
        drawn = state.resample_from_infostate(state.current_player(), random.Random(seed).random)
        others.add(drawn.observation_string((state.current_player() + 1) % players))
    assert len(others) > 1 or game_id == "toss-up"
    checked = 0
    while not state.is_terminal():
        seat = state.current_player()
        drawn = state.resample_from_infostate(seat, random.Random(checked).random)
        again = state.resample_from_infostate(seat, random.Random(checked).random)
        assert str(drawn) == str(again)
        assert drawn.current_player() == seat
        assert drawn.information_state_string(seat) == state.information_state_string(seat)
        assert drawn.observation_string(seat) == state.observation_string(seat)
        assert drawn.legal_actions() == state.legal_actions()
        drawn.apply_action(rng.choice(drawn.legal_actions()))
        checked += 1
        to_decision(state, rng, 1)
    assert checked >= 20
    with pytest.raises(ValueError, match="a player from 0 to"):
        game.new_initial_state().resample_from_infostate(players, random.random)


def test_states_keep_their_recall_through_serialization_and_pickling() -> None:
    """A serialized or pickled state has the same information states; a long match pickles
    without deep recursion."""
    game = load("cover-your-cookies", 3)
    state = to_decision(game.new_initial_state(), random.Random(2), 300)
    text = pyspiel.serialize_game_and_state(game, state)
    restored = pyspiel.deserialize_game_and_state(text)[1]
    again = pickle.loads(pickle.dumps(state))
    for seat in range(3):
        expected = state.information_state_string(seat)
        assert restored.information_state_string(seat) == expected
        assert again.information_state_string(seat) == expected


@pytest.mark.parametrize(("game_id", "players"), [*CARD_GAMES, ("toss-up", 2)])
def test_mccfr_runs(game_id: str, players: int) -> None:
    """OpenSpiel's outcome-sampling MCCFR (matches cut at 12 decisions) and external-sampling
    MCCFR (cut at 3) run; their average policies are distributions over the legal moves."""
    np.random.seed(1)
    game = load(game_id, players, ",max_game_length=12")
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(4):
        solver.iteration()
    state = to_decision(game.new_initial_state(), random.Random(1))
    probs = solver.average_policy().action_probabilities(state)
    assert set(probs) == set(state.legal_actions())
    assert sum(probs.values()) == pytest.approx(1.0)
    short = load(game_id, players, ",max_game_length=3")
    external = external_sampling_mccfr.ExternalSamplingSolver(short)
    external.iteration()
    assert external._infostates  # the regrets it learnt


def play(game: pyspiel.Game, act: object, seat: int, rng: random.Random) -> float:
    """One match: ``act(state)`` at ``seat``, uniform random elsewhere; ``seat``'s return."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(chance(state, rng))
        elif state.current_player() == seat:
            state.apply_action(act(state))  # type: ignore[operator]
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return float(state.returns()[seat])


@pytest.mark.parametrize(("game_id", "players"), CARD_GAMES)
def test_ismcts_plays_against_random(game_id: str, players: int) -> None:
    """OpenSpiel's Python ISMCTSBot (random rollouts, 8 simulations a move, worlds drawn by
    resample_from_infostate) plays a match cut at 16 decisions against random seats, only
    legal moves; once through its default sampler, once through a seeded one."""
    game = load(game_id, players, ",max_game_length=16")
    rng = random.Random(4)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(4))
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 8, random_state=np.random.RandomState(4))
    assert play(game, bot.step, 0, rng) in (0.0, 1.0, -1.0 / (players - 1))
    draws = random.Random(9)
    bot.set_resampler(lambda state, seat: state.resample_from_infostate(seat, draws.random))
    assert -1.0 <= play(game, bot.step, 1, rng) <= 1.0


def test_ismcts_refuses_toss_up() -> None:
    """Toss Up! is declared with perfect information (nothing is hidden), and OpenSpiel's
    ISMCTSBot accepts only imperfect-information games; its MCTSBot plays Toss Up!."""
    game = load("toss-up", 2)
    assert game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 4, random_state=np.random.RandomState(0))
    with pytest.raises(AssertionError):
        bot.step(to_decision(game.new_initial_state(), random.Random(0)))


def test_the_bounded_variant_ends_after_its_turns() -> None:
    """With turn_limit the match ends once that many turns are over; the higher banked total
    wins (a tie is a draw). A negative limit is refused; Paper Toss!'s own option of that name
    stays the game's; Cover Your Cookies has none."""
    game = pyspiel.load_game("gamenight_toss_up(players=2,target=50,turn_limit=2)")
    state = named(game, ["dice 4 5 1", "bank", "dice 2 6 2", "bank"])
    assert state is not None and state.is_terminal()
    assert state.returns() == [1.0, -1.0]
    tied = named(game, ["dice 2 5 3", "bank", "dice 2 6 2", "bank"])
    assert tied is not None and tied.is_terminal() and tied.returns() == [0.0, 0.0]
    assert named(game, ["dice 4 5 1", "bank"]) is not None
    with pytest.raises(ConfigError, match="turn_limit must be 0"):
        pyspiel.load_game("gamenight_toss_up(turn_limit=-1)")
    assert pyspiel.load_game("gamenight_paper_toss(turn_limit=2)").engine.config.turn_limit == 2
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'turn_limit'"):
        pyspiel.load_game("gamenight_cover_your_cookies(turn_limit=2)")


def test_cfr_solves_the_bounded_variant() -> None:
    """OpenSpiel's CFRSolver runs on the bounded variant (a finite tree), and 10 iterations
    bring its average policy's exploitability under a quarter of uniform random's."""
    game = pyspiel.load_game(BOUNDED)
    solver = cfr.CFRSolver(game)
    for _ in range(10):
        solver.evaluate_and_update_policy()
    uniform = exploitability.exploitability(game, policies.UniformRandomPolicy(game))
    solved = exploitability.exploitability(game, solver.average_policy())
    assert solved < uniform / 4


def test_mccfr_beats_uniform_random_on_the_bounded_variant() -> None:
    """300 iterations of outcome-sampling MCCFR (seeded), then 1,200 seeded matches against
    uniform random, 600 from each seat: the 95% interval of its mean return lies above 0."""
    np.random.seed(3)
    game = pyspiel.load_game(BOUNDED)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(300):
        solver.iteration()
    average = solver.average_policy()
    rng = random.Random(8)

    def act(state: pyspiel.State) -> int:
        actions, odds = zip(*average.action_probabilities(state).items(), strict=True)
        return int(rng.choices(actions, odds)[0])

    returns = [play(game, act, match % 2, rng) for match in range(1200)]
    mean = sum(returns) / len(returns)
    spread = math.sqrt(sum((r - mean) ** 2 for r in returns) / (len(returns) - 1))
    assert mean - 1.96 * spread / math.sqrt(len(returns)) > 0
