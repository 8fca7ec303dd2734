"""Every adapter refuses what it may not do with an error that names it, and pickles.

An illegal move is refused by OpenSpiel's states as by the PettingZoo and Gymnasium
environments (the engine's ``IllegalAction``, with the rule's reason), not taken silently;
bad set-up values are ``ConfigError``s; an environment or an OpenSpiel game or state survives
``pickle`` and plays on the same.
"""

from __future__ import annotations

import pickle
import random

import gymnasium
import numpy as np
import pyspiel
import pytest

from gamenight.adapters.gymnasium import GamenightEnv
from gamenight.adapters.gymnasium import register as register_gymnasium
from gamenight.adapters.openspiel import register
from gamenight.adapters.pettingzoo import env, parallel_env
from gamenight.engine.errors import ConfigError, GameOver, IllegalAction, UnknownSeat
from tests.adapters.helpers import GAMES

register()


def to_decision(state: pyspiel.State, rng: random.Random) -> pyspiel.State:
    """Play chance (by its odds) until a seat decides."""
    while state.is_chance_node():
        actions, odds = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(actions, odds)[0])
    return state


@pytest.mark.parametrize("game_id", sorted(set(GAMES) - {"toss-up"}))
def test_openspiel_refuses_every_illegal_action_and_keeps_the_state(game_id: str) -> None:
    """An action id that is not among ``legal_actions()`` raises ``IllegalAction`` and changes
    nothing (history, player to move, legal actions); a legal one is then applied as usual.
    (The card games: Toss Up!'s two actions are nearly always both legal.)"""
    game = pyspiel.load_game(f"gamenight_{game_id.replace('-', '_')}(players=3)")
    rng = random.Random(5)
    state = to_decision(game.new_initial_state(), rng)
    refused = 0
    for _ in range(40):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        illegal = sorted(set(range(game.num_distinct_actions())) - set(legal))
        history, player = state.history(), state.current_player()
        for action in rng.sample(illegal, min(3, len(illegal))):
            with pytest.raises(IllegalAction, match=f"\\(id {action}\\) is not legal now"):
                state.apply_action(action)
            refused += 1
        assert state.history() == history and state.current_player() == player
        assert state.legal_actions() == legal
        state.apply_action(rng.choice(legal))
        state = to_decision(state, rng)
    assert refused > 20


def test_openspiel_names_ids_out_of_range_chance_and_the_end() -> None:
    """Ids outside the game, chance outcomes that are not listed, a chance node asked of a
    decision, and any action after the end: each is refused with what went wrong."""
    game = pyspiel.load_game("gamenight_toss_your_cookies(players=4)")
    state = to_decision(game.new_initial_state(), random.Random(1))
    with pytest.raises(IllegalAction, match="action 1000 is not an action id of Toss Your"):
        state.apply_action(1000)
    with pytest.raises(IllegalAction, match="not a chance node: player 0 decides"):
        state.chance_outcomes()
    chance = game.new_initial_state()
    outcomes = len(chance.chance_outcomes())
    with pytest.raises(IllegalAction, match=f"chance outcome {outcomes} is not one of"):
        chance.apply_action(outcomes)
    short = pyspiel.load_game("gamenight_paper_toss(players=2,max_game_length=1)")
    over = short.new_initial_state()
    rng = random.Random(2)
    while not over.is_terminal():
        over = to_decision(over, rng)
        over.apply_action(over.legal_actions()[0])
    with pytest.raises(GameOver, match="the match is over"):
        over.apply_action(0)


def test_openspiel_games_and_states_pickle() -> None:
    """A game pickles as its game string, a state as OpenSpiel's serialization: both come back
    equal and play on identically."""
    game = pyspiel.load_game("gamenight_cover_your_cookies(players=3)")
    state = to_decision(game.new_initial_state(), random.Random(3))
    for _ in range(10):
        state.apply_action(state.legal_actions()[-1])
        state = to_decision(state, random.Random(len(state.history())))
    again = pickle.loads(pickle.dumps(state))
    assert again.history() == state.history() and str(again) == str(state)
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    a, b = to_decision(state, random.Random(7)), to_decision(again, random.Random(7))
    assert a.legal_actions() == b.legal_actions()
    assert a.observation_tensor() == b.observation_tensor()


def test_register_takes_one_game_id_too() -> None:
    """``register("toss-up")`` registers that game (not the letters of its id)."""
    assert register("toss-up") == ["gamenight_toss_up"]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"seat": 1.0}, "seat must be from 0 to 2, got 1.0"),
        ({"seat": "1"}, "seat must be from 0 to 2, got '1'"),
        ({"seat": None}, "seat must be from 0 to 2, got None"),
        ({"opponents": None}, "opponents is a bot spec or a list of them"),
        ({"opponents": [1, 2]}, "opponents is a bot spec or a list of them"),
        ({"players": "3"}, "players must be a whole number, got '3'"),
        ({"illegal": "ignore"}, "illegal must be one of raise, lose; got 'ignore'"),
    ],
)
def test_gymnasium_names_a_bad_setting(options: dict[str, object], message: str) -> None:
    """Each bad argument of ``GamenightEnv`` is a ``ConfigError`` that names it."""
    with pytest.raises(ConfigError, match=message):
        GamenightEnv("paper-toss", **{"opponents": ["random"], "players": 3, **options})  # type: ignore[arg-type]


def test_gymnasium_defaults_fit_every_game() -> None:
    """One opponent spec and no player count: as few seats as the game takes (two at least),
    so ``gymnasium.make`` of every registered game works with its defaults; a numpy count and
    a numpy seat are whole numbers."""
    register_gymnasium()
    for game_id in GAMES:
        made = gymnasium.make(f"gamenight/{game_id}-v0")
        inner = made.unwrapped
        assert isinstance(inner, GamenightEnv)
        assert inner.game.players == max(2, type(inner.game).config_type.min_players)
        made.reset(seed=1)
    numpy_env = GamenightEnv("toss-up", players=np.int64(3), seat=np.int64(2))
    assert (numpy_env.game.players, numpy_env.seat) == (3, 2)
    assert type(numpy_env.seat) is int


def test_gymnasium_refuses_steps_before_a_reset() -> None:
    """Stepping or asking for the mask before ``reset`` is refused as the PettingZoo
    environments refuse it."""
    fresh = GamenightEnv("toss-up")
    with pytest.raises(GameOver, match="no match is on: reset to play"):
        fresh.step(0)
    with pytest.raises(GameOver, match="no match is on: reset to play"):
        fresh.action_masks()


def test_rendering_before_a_reset_is_refused_in_every_environment() -> None:
    """``render()`` before the first ``reset`` has no table to show: each environment says so
    (as stepping before a reset), and after the reset it renders the table dealt."""
    made = [
        GamenightEnv("toss-up", render_mode="ansi"),
        env("toss-up", players=2, render_mode="ansi"),
        parallel_env("toss-up", players=2, render_mode="ansi"),
    ]
    for environment in made:
        with pytest.raises(GameOver, match="no match is on: reset to play"):
            environment.render()
        environment.reset(seed=1)
        text = environment.render()
        assert text is not None and text.startswith("Toss Up!")


def test_pettingzoo_names_an_unknown_agent_and_offers_no_global_state() -> None:
    """``observe`` of a name that is no agent's, and ``state()``, say why."""
    aec = env("toss-up", players=2)
    aec.reset(seed=1)
    with pytest.raises(UnknownSeat, match="no agent 'player_9': the agents are player_0 to"):
        aec.observe("player_9")
    with pytest.raises(NotImplementedError, match="each seat only its own view"):
        aec.state()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_environments_pickle_and_play_on_the_same(game_id: str) -> None:
    """The AEC, parallel and Gymnasium environments survive ``pickle`` mid-match: the copy
    gives the same observations and plays on identically."""
    players = GAMES[game_id][-1]
    aec = env(game_id, players=players)
    aec.reset(seed=3)
    for _ in range(4):
        observation = aec.last()[0]
        assert observation is not None
        aec.step(int(observation["action_mask"].nonzero()[0][0]))
    copy = pickle.loads(pickle.dumps(aec))
    for _ in range(4):
        mine, theirs = aec.last()[0], copy.last()[0]
        assert mine is not None and theirs is not None
        assert np.array_equal(mine["observation"], theirs["observation"])
        assert aec.agent_selection == copy.agent_selection
        if aec.terminations[aec.agent_selection]:
            break
        action = int(mine["action_mask"].nonzero()[0][-1])
        aec.step(action)
        copy.step(action)
    parallel = parallel_env(game_id, players=players)
    observations, _ = parallel.reset(seed=4)
    restored = pickle.loads(pickle.dumps(parallel))
    assert restored.agents == parallel.agents
    assert all(
        np.array_equal(restored._observations()[a]["observation"], o["observation"])
        for a, o in observations.items()
    )
    gym = GamenightEnv(game_id, opponents=["random"], players=players)
    gym.reset(seed=2)
    twin = pickle.loads(pickle.dumps(gym))
    action = int(gym.action_masks().nonzero()[0][0])
    first, second = gym.step(action), twin.step(action)
    assert np.array_equal(first[0], second[0]) and first[1:4] == second[1:4]
