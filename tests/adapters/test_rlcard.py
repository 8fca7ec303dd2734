"""RLCard environments: ``rlcard.make("gamenight-<id>")`` for the four games.

The installed ``rlcard`` package ships no tests of its own; these follow the checks its
repository's ``tests/envs`` run on every environment (reset and extract state, legal actions,
decode, step, step back, run with random agents and zero-sum payoffs, determinism under a
seed with the global RNGs disturbed, perfect information), and use RLCard's own tools on the
results (``RandomAgent``, ``tournament``, ``reorganize``). DQN and NFSP need
torch, which these machines do not have: they are not run here.
"""

from __future__ import annotations

import json
import random
from collections import OrderedDict

import numpy as np
import pytest

rlcard = pytest.importorskip("rlcard")

from rlcard.agents.random_agent import RandomAgent  # noqa: E402
from rlcard.utils import reorganize, tournament  # noqa: E402

from gamenight.adapters.rlcard import GamenightRLCardEnv, env_id, register  # noqa: E402
from gamenight.engine.errors import ConfigError, GameOver, IllegalAction  # noqa: E402

from .helpers import GAMES  # noqa: E402

IDS = [env_id(game_id) for game_id in GAMES]


def _make(name: str, **config: object) -> GamenightRLCardEnv:
    env = rlcard.make(name, config={"seed": 5, **config})
    assert isinstance(env, GamenightRLCardEnv)
    return env


@pytest.mark.parametrize("name", IDS)
def test_reset_and_extract_state(name: str) -> None:
    """The state has RLCard's keys: ``obs`` of the declared shape, ``legal_actions`` an
    OrderedDict of ids below ``num_actions``, ``raw_legal_actions`` their texts in the same
    order, ``raw_obs`` the seat's own view as JSON data."""
    env = _make(name)
    state, player = env.reset()
    assert player == env.get_player_id()
    assert isinstance(state["obs"], np.ndarray) and state["obs"].dtype == np.float32
    assert list(state["obs"].shape) == env.state_shape[player]
    assert env.action_shape == [None] * env.num_players
    assert isinstance(state["legal_actions"], OrderedDict) and state["legal_actions"]
    ids = list(state["legal_actions"])
    assert ids == sorted(ids) and all(0 <= i < env.num_actions for i in ids)
    game = env.game.game
    texts = [game.action_to_text(game.action_from_id(i)) for i in ids]
    assert state["raw_legal_actions"] == texts
    assert state["raw_obs"] == game.observe(env.game.turns.state, player)
    json.dumps(state["raw_obs"])  # JSON data, as every view is
    assert state["action_record"] == []


@pytest.mark.parametrize("name", IDS)
def test_get_legal_actions_and_decode_action(name: str) -> None:
    """``_get_legal_actions`` lists the state's ids; each decodes to a legal action of the
    decider, named in ``raw_legal_actions``; an illegal id is refused with the reason and
    changes nothing."""
    env = _make(name)
    state, player = env.reset()
    assert env._get_legal_actions() == list(state["legal_actions"])
    game = env.game.game
    for action_id in state["legal_actions"]:
        action = env._decode_action(action_id)
        assert game.action_to_text(action) in state["raw_legal_actions"]
    if name == "gamenight-toss-up":  # roll and bank are both legal at every decision
        return
    illegal = next(i for i in range(env.num_actions) if i not in state["legal_actions"])
    before = repr(env.game.turns.state)
    with pytest.raises(IllegalAction, match="is not legal now"):
        env.step(illegal)
    assert repr(env.game.turns.state) == before and env.get_player_id() == player


@pytest.mark.parametrize("name", IDS)
def test_step_and_raw_step(name: str) -> None:
    """``step`` returns the next decider, as ``get_player_id`` says; a raw action (its text, as
    RLCard's raw agents send) plays the same as its id."""
    by_id, by_text = _make(name), _make(name)
    state, _ = by_id.reset()
    by_text.reset()
    for _ in range(20):
        if by_id.is_over():
            break
        action_id = list(state["legal_actions"])[-1]
        text = state["raw_legal_actions"][-1]
        state, player = by_id.step(action_id)
        other, other_player = by_text.step(text, raw_action=True)
        assert player == by_id.get_player_id() == other_player
        assert np.array_equal(state["obs"], other["obs"])
        assert state["action_record"] == other["action_record"]
    assert len(state["action_record"]) >= 1


@pytest.mark.parametrize("name", IDS)
def test_step_back(name: str) -> None:
    """With ``allow_step_back`` each step can be undone back to the start (then ``False``);
    without it, stepping back is refused."""
    env = _make(name, allow_step_back=True)
    state, player = env.reset()
    seen = [(player, state["obs"].copy(), list(state["legal_actions"]))]
    for _ in range(8):
        if env.is_over():
            break
        state, player = env.step(next(iter(state["legal_actions"])))
        seen.append((player, state["obs"].copy(), list(state["legal_actions"])))
    seen.pop()
    while seen:
        back = env.step_back()
        assert back is not False
        state, player = back
        expected_player, expected_obs, expected_legal = seen.pop()
        assert player == expected_player
        assert np.array_equal(state["obs"], expected_obs)
        assert list(state["legal_actions"]) == expected_legal
    assert env.step_back() is False
    with pytest.raises(Exception, match="Step back is off"):
        _make(name).step_back()


@pytest.mark.parametrize("name", IDS)
def test_run_with_random_agents(name: str) -> None:
    """RLCard's ``run`` plays a whole match with its random agents: a trajectory per seat that
    ``reorganize`` turns into transitions, zero-sum payoffs, a winner; ``tournament`` too."""
    np.random.seed(3)  # RandomAgent draws from numpy's global RNG (RLCard's set_seed runs pip)
    env = _make(name)
    env.set_agents([RandomAgent(env.num_actions) for _ in range(env.num_players)])
    trajectories, payoffs = env.run(is_training=False)
    assert len(trajectories) == env.num_players
    assert sum(payoffs) == pytest.approx(0.0, abs=1e-12) and max(payoffs) > 0
    assert env.is_over()
    transitions = reorganize(trajectories, payoffs)
    for seat, rows in enumerate(transitions):
        assert rows, seat
        assert rows[-1][2] == payoffs[seat] and rows[-1][4] is True
        assert all(len(row) == 5 for row in rows)
    averages = tournament(env, 3)
    assert len(averages) == env.num_players
    assert sum(averages) == pytest.approx(0.0, abs=1e-9)


def _observations(name: str, actions: list[int], disturb: int) -> list[bytes]:
    """The observations of a seeded environment under fixed action choices, with the global
    RNGs drawn from in between (as RLCard's determinism check does)."""
    env = rlcard.make(name, config={"seed": 12941})
    state, _ = env.reset()
    seen = []
    for choice in actions:
        for _ in range(disturb + 1):
            random.randint(0, 1000)
            np.random.normal(size=100)
        if env.is_over():
            break
        legal = list(state["legal_actions"])
        state, _ = env.step(legal[choice % len(legal)])
        if not env.is_over():
            seen.append(state["obs"].tobytes())
    return seen


@pytest.mark.parametrize("name", IDS)
def test_is_deterministic(name: str) -> None:
    """The same seed gives the same match whatever the global RNGs do, and another seed
    another one."""
    rng = random.Random(0)
    actions = [rng.randrange(1000) for _ in range(25)]
    assert _observations(name, actions, 0) == _observations(name, actions, 1)
    first = rlcard.make(name, config={"seed": 1})
    second = rlcard.make(name, config={"seed": 2})
    assert [first.reset()[0]["obs"].tobytes() for _ in range(4)] != [
        second.reset()[0]["obs"].tobytes() for _ in range(4)
    ]


@pytest.mark.parametrize("name", IDS)
def test_get_perfect_information(name: str) -> None:
    """The perfect information names the decider and holds every seat's view."""
    env = _make(name)
    _, player = env.reset()
    info = env.get_perfect_information()
    assert info["current_player"] == player
    assert len(info["views"]) == env.num_players


def test_config_players_options_and_refusals() -> None:
    """``game_num_players`` and ``game_<option>`` reach the game; a bad option, count or seed
    is refused by name; ``max_steps`` cuts a match with payoffs 0; a finished match takes no
    more steps."""
    env = _make("gamenight-toss-up", game_num_players=3, game_target=50)
    assert env.num_players == 3 and env.game.game.config.target == 50
    assert env.state_shape == [[27]] * 3
    with pytest.raises(ConfigError, match="unknown option"):
        rlcard.make("gamenight-toss-up", config={"game_colour": "red"})
    with pytest.raises(ConfigError, match="players"):
        rlcard.make("gamenight-toss-your-cookies", config={"game_num_players": 2})
    with pytest.raises(ConfigError, match="seed must be"):
        rlcard.make("gamenight-paper-toss", config={"seed": "x"})
    cut = _make("gamenight-paper-toss", max_steps=3)
    state, _ = cut.reset()
    while not cut.is_over():
        state, _ = cut.step(next(iter(state["legal_actions"])))
    assert cut.game.turns.steps == 3 and list(cut.get_payoffs()) == [0.0, 0.0]
    with pytest.raises(GameOver):
        cut.step(0)


def test_register_again_is_harmless_and_names_every_game() -> None:
    """Registering twice leaves the registry as it was; every built-in game is in it."""
    register()
    register("toss-up")
    from rlcard.envs.registration import registry

    assert set(IDS) <= set(registry.env_specs)
