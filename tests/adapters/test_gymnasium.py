"""The single-agent Gymnasium environment passes Gymnasium's own checker, for every game."""

from __future__ import annotations

import random
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from gamenight.adapters.gymnasium import GamenightEnv, register
from gamenight.engine.errors import ConfigError, IllegalAction

OPPONENTS = {
    "toss-up": ["hold:20"],
    "paper-toss": ["random", "random"],
    "toss-your-cookies": ["random", "random", "random"],
    "cover-your-cookies": ["random", "random"],
}


@pytest.mark.parametrize("game_id", sorted(OPPONENTS))
@pytest.mark.parametrize("seat", [0, 1])
def test_check_env(game_id: str, seat: int) -> None:
    """``gymnasium.utils.env_checker.check_env`` passes, at the first seat and another, with no
    warning (its determinism checks step unmasked random actions: illegal ones lose)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(GamenightEnv(game_id, opponents=OPPONENTS[game_id], seat=seat))
    assert not [w for w in caught if "spec" not in str(w.message)]


@pytest.mark.parametrize("game_id", sorted(OPPONENTS))
def test_registered_ids_make_checked_environments(game_id: str) -> None:
    """``register()`` makes ``gamenight/<id>-v0`` ids for ``gymnasium.make``; they pass too,
    render modes included."""
    assert f"gamenight/{game_id}-v0" in register()
    made = gymnasium.make(f"gamenight/{game_id}-v0", opponents=OPPONENTS[game_id])
    check_env(made.unwrapped)
    made.close()


def test_a_win_against_bots_pays_one() -> None:
    """Playing Toss Up! to the end as hold:20 does (roll until 20 points, then bank): the
    reward is 0 until the last step, then +1 for a win or -1 for a loss; both happen."""
    env = GamenightEnv("toss-up", opponents=["hold:20"])
    roll, bank = (env.game.action_from_text(word) for word in ("roll", "bank"))
    outcomes = []
    for episode in range(20):
        env.reset(seed=episode)
        rewards = []
        while True:
            points = env.turns.view(0)["turn_points"]
            action = env.game.action_id(bank if points >= 20 else roll)
            _obs, reward, terminated, truncated, _info = env.step(action)
            rewards.append(float(reward))
            if terminated or truncated:
                break
        assert set(rewards[:-1]) <= {0.0}
        outcomes.append(rewards[-1])
    assert set(outcomes) == {1.0, -1.0}


def test_opponents_play_between_your_decisions() -> None:
    """Every observation handed out is at a decision of your seat (the bots have moved)."""
    env = GamenightEnv("paper-toss", opponents=["random"], players=3, seat=2)
    _obs, info = env.reset(seed=4)
    rng = random.Random(0)
    for _ in range(40):
        assert env.turns.over or env.turns.seat == 2
        assert info["action_mask"].any() or env.turns.over
        legal = np.flatnonzero(env.action_masks())
        _obs, _reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
        if terminated or truncated:
            break


def test_illegal_actions_lose_or_raise() -> None:
    """An illegal id ends the episode with -1 and the reason; ``illegal="raise"`` raises."""
    env = GamenightEnv("cover-your-cookies", opponents=["random"] * 2)
    _obs, info = env.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _obs, reward, terminated, _truncated, info = env.step(illegal)
    assert terminated and reward == -1.0 and "not legal" in info["illegal_action"]
    strict = GamenightEnv("cover-your-cookies", opponents=["random"] * 2, illegal="raise")
    strict.reset(seed=0)
    with pytest.raises(IllegalAction):
        strict.step(illegal)


def test_bad_set_ups_are_refused_by_name() -> None:
    """Opponent counts that do not fit, seats that do not exist and unknown bots are refused."""
    with pytest.raises(ConfigError, match="3 players need 2 opponents"):
        GamenightEnv("paper-toss", opponents=["random"] * 3, players=3)
    with pytest.raises(ConfigError, match="seat must be from 0 to 1"):
        GamenightEnv("toss-up", opponents=["random"], seat=2)
    with pytest.raises(ConfigError, match="at least one bot"):
        GamenightEnv("toss-up", opponents=[])
    with pytest.raises(ValueError, match="nosuchbot"):
        GamenightEnv("toss-up", opponents=["nosuchbot"])
