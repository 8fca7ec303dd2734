"""The OpenSpiel games pass OpenSpiel's own random simulation test, serialization included."""

from __future__ import annotations

import json
import random

import numpy as np
import pyspiel
import pytest

from gamenight.adapters.encoding import encoder_for
from gamenight.adapters.openspiel import register, short_name
from gamenight.engine.errors import ConfigError
from tests.adapters.helpers import GAMES

NAMES = register()
CASES = [(game_id, players) for game_id, counts in GAMES.items() for players in counts[:2]]


def test_every_game_with_an_encoder_is_registered() -> None:
    """``register()`` names every built-in game ``gamenight_<id with underscores>``, and
    registering again is harmless."""
    assert {short_name(g) for g in GAMES} <= set(NAMES)
    assert short_name("toss-your-cookies") == "gamenight_toss_your_cookies"
    assert register() == NAMES
    assert "gamenight_grab_bag" not in NAMES


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_random_sim_test_with_serialization(game_id: str, players: int) -> None:
    """``pyspiel.random_sim_test(..., serialize=True)``: legal actions sorted and masked, action
    strings unique, clones equal, states serialize and deserialize, observations finite and of
    the declared size at every node, returns zero-sum and within the utility range."""
    game = pyspiel.load_game(f"{short_name(game_id)}(players={players})")
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_options_come_as_parameters() -> None:
    """Game options are parameters of the game string; list options use ``;`` between items."""
    game = pyspiel.load_game("gamenight_toss_up(players=3,target=50,faces=green;red)")
    assert game.num_players() == 3
    engine = game.engine
    assert engine.config.to_json()["target"] == 50
    assert engine.config.to_json()["faces"] == ["green", "red"]
    assert game.max_chance_outcomes() == 66
    assert str(pyspiel.load_game(str(game))) == str(game)
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'colour'"):
        pyspiel.load_game("gamenight_toss_up(colour=red)")
    with pytest.raises(ConfigError, match="target must be from 1 to 1000"):
        pyspiel.load_game("gamenight_toss_up(target=0)")


def play_randomly(state: pyspiel.State, rng: random.Random, decisions: int) -> pyspiel.State:
    """Random play (chance by its odds) for up to ``decisions`` player decisions."""
    made = 0
    while not state.is_terminal() and made < decisions:
        if state.is_chance_node():
            actions, odds = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, odds)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            made += 1
    return state


def test_a_long_match_is_cut_with_no_return() -> None:
    """``max_game_length``: after that many decisions the state is terminal, returns all 0."""
    game = pyspiel.load_game("gamenight_paper_toss(players=2,max_game_length=12)")
    state = play_randomly(game.new_initial_state(), random.Random(0), 100)
    assert state.is_terminal()
    assert state.returns() == [0.0, 0.0]
    assert sum(1 for _ in state.history()) > 12


def test_serialized_states_play_on_identically() -> None:
    """A state rebuilt from its serialization has the same legal moves and plays on the same."""
    game = pyspiel.load_game("gamenight_cover_your_cookies(players=3)")
    state = play_randomly(game.new_initial_state(), random.Random(4), 30)
    text = pyspiel.serialize_game_and_state(game, state)
    _game, copy = pyspiel.deserialize_game_and_state(text)
    assert str(copy) == str(state) and copy.history() == state.history()
    assert copy.legal_actions() == state.legal_actions()
    a = play_randomly(state, random.Random(9), 40)
    b = play_randomly(copy, random.Random(9), 40)
    assert str(a) == str(b)


def test_races_are_a_chance_node_who_is_quicker() -> None:
    """Toss Your Cookies scrambles: when several seats may grab, a chance node draws the quicker
    hand, each listed seat equally likely; then that seat decides."""
    game = pyspiel.load_game("gamenight_toss_your_cookies(players=4)")
    rng = random.Random(1)
    for _ in range(40):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                text = state.action_to_string(pyspiel.PlayerId.CHANCE, outcomes[0][0])
                if text.startswith("quicker"):
                    odds = {p for _, p in outcomes}
                    assert len(odds) == 1 and odds.pop() == pytest.approx(1 / len(outcomes))
                    state.apply_action(outcomes[-1][0])
                    assert not state.is_chance_node()
                    return
                actions, odds = zip(*outcomes, strict=True)
                state.apply_action(rng.choices(actions, odds)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    pytest.fail("no race met in 40 random matches")


def test_observations_are_the_encoded_view() -> None:
    """The observation tensor of a seat is the game's encoding of its view; the string is that
    view as JSON, with the seat's own hand and no other."""
    game = pyspiel.load_game("gamenight_paper_toss(players=3)")
    state = play_randomly(game.new_initial_state(), random.Random(2), 10)
    engine = game.engine
    encoder = encoder_for(engine)
    for seat in range(3):
        view = engine.observe(state.engine_state, seat)
        expected = encoder(view, seat)
        assert np.array_equal(np.asarray(state.observation_tensor(seat), np.float32), expected)
        shown = json.loads(state.observation_string(seat))
        assert shown["hand"] == view["hand"]
        assert "hands" not in shown


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_python_shortcuts_agree_with_openspiel(game_id: str, players: int) -> None:
    """``legal_actions``, ``observation_tensor`` and ``is_chance_node``, answered in Python for
    Python callers, give exactly what OpenSpiel's own C++ methods give, at every node of seeded
    random matches (chance nodes, the end and other players' tensors included)."""
    game = pyspiel.load_game(f"{short_name(game_id)}(players={players})")
    rng = random.Random(3)
    nodes = 0
    for _ in range(2):
        state = game.new_initial_state()
        while True:
            assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
            assert state.legal_actions() == pyspiel.State.legal_actions(state)
            for seat in range(players):
                assert state.legal_actions(seat) == pyspiel.State.legal_actions(state, seat)
                own = state.observation_tensor(seat)
                assert own == pyspiel.State.observation_tensor(state, seat)
                assert type(own) is list and type(own[0]) is float
            if not state.is_chance_node() and not state.is_terminal():
                mine = state.observation_tensor()
                assert mine == pyspiel.State.observation_tensor(state)
            nodes += 1
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
            if nodes > 600:
                break
    assert nodes > 20
    with pytest.raises(pyspiel.SpielError):
        state.observation_tensor(players)


def test_each_game_keeps_its_own_converted_chance_outcomes() -> None:
    """Toss Up!'s roll outcomes, a table the engine keeps per number of dice, are converted
    once and handed out again, even after another game in the same process has met more lists
    of outcomes made anew (a deck's draws) than a table keeps: each game object keeps its own."""
    cover = pyspiel.load_game("gamenight_cover_your_cookies(players=4)")
    met = 0
    for seed in range(60):
        state = cover.new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal() and met < 700:
            if state.is_chance_node():
                met += 1
                actions, odds = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, odds)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    assert met >= 700
    game = pyspiel.load_game("gamenight_toss_up(players=2)")
    first, second = game.new_initial_state(), game.new_initial_state()
    assert first.is_chance_node()
    assert first.chance_outcomes() is second.chance_outcomes()
    assert [p for _, p in first.chance_outcomes()] == [
        p for _, p in game.engine.chance_outcomes(first.engine_state)
    ]
