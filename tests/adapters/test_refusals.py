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
from gamenight.engine.errors import (
    ConfigError,
    GameOver,
    IllegalAction,
    MalformedAction,
    UnknownSeat,
)
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


def test_openspiel_observers_of_another_type_are_refused_where_they_would_differ() -> None:
    """A public-only observer (or one of every player's private information) of a card game
    would have to hide or show what a seat's view does not: it is refused, naming the one type
    offered, rather than handing out the seat's own hand. Toss Up! hides nothing, so there
    every non-recall type with public information is the seat's view."""
    from open_spiel.python.observation import make_observation

    register()
    single = pyspiel.PrivateInfoType.SINGLE_PLAYER
    public_only = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    everyone = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
    )
    private_only = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=False, private_info=single
    )
    default = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=single
    )
    cards = pyspiel.load_game("gamenight_cover_your_cookies(players=3)")
    for kind, named in ((public_only, "NONE"), (everyone, "ALL_PLAYERS"), (private_only, "SINGLE")):
        with pytest.raises(ValueError, match=f"one observation type.*private_info={named}"):
            make_observation(cards, kind)
    assert make_observation(cards, default) is not None
    assert make_observation(cards) is not None
    dice = pyspiel.load_game("gamenight_toss_up")
    state = dice.new_initial_state()
    seen = make_observation(dice)
    seen.set_from(state, 0)
    for kind in (public_only, everyone):
        other = make_observation(dice, kind)
        other.set_from(state, 0)
        assert other.tensor.tolist() == seen.tensor.tolist()


def test_every_seat_that_sends_an_illegal_action_in_a_parallel_step_loses() -> None:
    """Four seats commit at once in Toss Your Cookies and all send an illegal id: every one of
    them is named and loses (-1 each, as PettingZoo's classic games give an illegal mover), not
    only the first; with two of them illegal, those two get -1 and the other two 0."""
    for bad_seats, expected in (
        ((0, 1, 2, 3), [-1.0] * 4),
        ((1, 3), [0.0, -1.0, 0.0, -1.0]),
    ):
        par = parallel_env("toss-your-cookies", players=4)
        observations, _ = par.reset(seed=0)
        assert par.turns.deciders == (0, 1, 2, 3)
        actions = {}
        for agent, observation in observations.items():
            mask = observation["action_mask"]
            seat = int(agent.removeprefix("player_"))
            actions[agent] = int(np.flatnonzero(mask == (0 if seat in bad_seats else 1))[0])
        _obs, rewards, terminations, _cut, infos = par.step(actions)
        assert all(terminations.values())
        assert [rewards[f"player_{p}"] for p in range(4)] == pytest.approx(expected)
        named = {p for p in range(4) if "illegal_action" in infos[f"player_{p}"]}
        assert named == set(bad_seats)


def test_a_parallel_step_needs_a_dict_of_actions() -> None:
    """A list instead of a dict of actions is refused with what a step takes."""
    par = parallel_env("toss-up", players=2)
    par.reset(seed=0)
    with pytest.raises(MalformedAction, match=r"a dict from agent name to action id.*got"):
        par.step([0, 0])  # type: ignore[arg-type]


def test_spaces_of_an_unknown_agent_and_last_before_a_reset_say_why() -> None:
    """``action_space``/``observation_space`` of a name that is no agent's name the agents;
    ``last(observe=False)`` before any reset is refused as ``last()`` is."""
    aec, par = env("toss-up", players=2), parallel_env("paper-toss", players=2)
    for environment in (aec, par):
        for ask in (environment.action_space, environment.observation_space):
            with pytest.raises(UnknownSeat, match="no agent 'player_9': the agents are player_0"):
                ask("player_9")
    assert aec.action_space("player_1").n == aec.game.num_actions
    with pytest.raises(GameOver, match="no match is on: reset to play"):
        aec.last(observe=False)


def test_human_rendering_prints_the_table_at_every_reset_and_step(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``render_mode="human"`` prints the table after each reset and step, ``render()`` returns
    None, and PettingZoo's own render test (of AEC environments) passes."""
    from pettingzoo.test import render_test

    render_test(lambda render_mode=None: env("toss-up", players=2, render_mode=render_mode))
    capsys.readouterr()
    par = parallel_env("paper-toss", players=2, render_mode="human")
    observations, _ = par.reset(seed=1)
    assert capsys.readouterr().out.startswith("Paper Toss!: step 0")
    actions = {}
    for agent, observation in observations.items():
        legal = np.flatnonzero(observation["action_mask"])
        actions[agent] = int(legal[0]) if len(legal) else 0
    par.step(actions)
    assert capsys.readouterr().out.startswith("Paper Toss!: step 1")
    assert par.render() is None and "Paper Toss!" in capsys.readouterr().out
    gym_env = GamenightEnv("toss-up", render_mode="human")
    _obs, info = gym_env.reset(seed=3)
    assert capsys.readouterr().out.startswith("Toss Up!, seat 0, step 0")
    gym_env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert capsys.readouterr().out.startswith("Toss Up!, seat 0, step")
    assert gym_env.render() is None and "Toss Up!" in capsys.readouterr().out
    with pytest.raises(ConfigError, match="render_mode must be None, 'ansi', 'human' or 'rgb_a"):
        GamenightEnv("toss-up", render_mode="video")
    with pytest.raises(ConfigError, match=r"render_seat must be None .* from 0 to 1, got 2"):
        env("toss-up", players=2, render_seat=2)


def test_gymnasium_ids_work_in_the_module_form_and_keep_their_game() -> None:
    """``module:id`` (importing the module registers the ids) makes the environment; a
    ``game_id`` that disagrees with the id is refused, naming the id to use."""
    made = gymnasium.make("gamenight.adapters.gymnasium:gamenight/paper-toss-v0")
    assert made.unwrapped.game.id == "paper-toss"
    same = gymnasium.make("gamenight/toss-up-v0", game_id="toss-up")
    assert same.unwrapped.game.id == "toss-up"
    with pytest.raises(ConfigError, match=r"plays toss-up, not 'paper-toss'.*gamenight/paper-toss"):
        gymnasium.make("gamenight/toss-up-v0", game_id="paper-toss")


def test_max_cycles_and_a_zero_game_length_are_refused_with_what_to_use() -> None:
    """PettingZoo's ``max_cycles`` is not taken for a game option: the error names
    ``max_steps``; OpenSpiel's ``max_game_length=0`` is a ``ConfigError`` like every other bad
    setting."""
    for make in (env, parallel_env):
        with pytest.raises(ConfigError, match=r"max_cycles is not an option.*max_steps=N"):
            make("toss-up", players=2, max_cycles=5)
    register()
    with pytest.raises(ConfigError, match="max_game_length must be at least 1, got 0"):
        pyspiel.load_game("gamenight_toss_up(max_game_length=0)")


def test_a_list_option_given_a_list_inside_a_list_is_refused_not_flattened() -> None:
    """``number_die=[[1, 2], 3]`` is not the die 1, 2, 3: it is refused, naming the option;
    an empty item in an OpenSpiel list parameter is refused as on the command line."""
    with pytest.raises(ConfigError, match=r"option number_die takes a list of single values"):
        env("toss-your-cookies", number_die=[[1, 2], 3])
    register()
    with pytest.raises(ConfigError, match="option faces has an empty item"):
        pyspiel.load_game("gamenight_toss_up(faces=green;;red)")
