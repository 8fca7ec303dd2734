"""The batched environment (``GamenightVectorEnv`` on Toss Up!'s compiled ``vector`` part).

Its matches are replayed through the engine: every roll and bank the compiled loop made in row
0 is applied to the game's own state, and every observation, reward and end the batch reported
must be what the engine's state says (the same vector as ``encode``, the same rewards as the
single-match environment)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

from gamenight.adapters.turns import build_game, win_rewards
from gamenight.adapters.vector import GamenightVectorEnv, vector_games
from gamenight.engine.core import CHANCE
from gamenight.engine.errors import ConfigError
from gamenight.games.toss_up.encode import encode_state
from gamenight.games.toss_up.state import Bank, Dice, Roll
from gamenight.games.toss_up.vector import alias_tables, make_batch


class Replay:
    """The engine's state of row 0, moved along by the batch's trace."""

    def __init__(self, game: Any, seat: int) -> None:
        self.game, self.seat = game, seat
        self.state = game.initial_state()
        self.finished: list[Any] = []  # the final states of the matches that ended
        self.sudden_deaths = 0  # decisions taken in sudden death

    def follow(self, trace: np.ndarray) -> None:
        """Apply one call's trace: rolls (with the roll-on they imply) and banks."""
        for seat, green, yellow, red, banked in trace.tolist():
            if seat < 0:  # a new match
                if self.state.rolled or self.state.winners or self.state.turns:
                    assert self.state.winners, "a match was dealt again before it ended"
                    self.finished.append(self.state)
                self.state = self.game.initial_state()
                continue
            assert seat == self.state.player
            if banked == 1:
                self.state, _ = self.game.apply(self.state, seat, Bank())
                continue
            if self.state.rolled:  # a decision was taken: roll on
                self.state, _ = self.game.apply(self.state, seat, Roll())
            self.state, _ = self.game.apply(self.state, CHANCE, Dice(green, yellow, red))
            self.sudden_deaths += bool(self.state.contenders)


@pytest.mark.parametrize(
    ("players", "seat", "opponents", "options"),
    [
        (2, 0, ["smart"], {}),
        (3, 2, ["random", "hold:15"], {"target": 30}),
        (4, 1, ["hold:8"], {"target": 20, "strict": False}),
        (3, 0, ["random"], {"target": 10, "shared_victory": True}),
    ],
)
def test_every_observation_and_reward_is_the_engines(
    players: int, seat: int, opponents: list[str], options: dict[str, Any]
) -> None:
    """Row 0's rolls and banks, replayed through the engine, give the observations the batch
    reported (``encode_state`` of the engine's state at each of the learner's decisions and at
    each match's end) and the rewards of ``win_rewards``; final rounds, sudden death and shared
    wins included (small targets make many matches end)."""
    game = build_game("toss-up", players, **options)
    batch = make_batch(game, 3, seat, opponents, record=True)
    replay = Replay(game, seat)
    rng = np.random.default_rng(5)
    obs = batch.reset(seed=11)
    replay.follow(batch.recorded.copy())
    endings = shared = 0
    for _ in range(600):
        np.testing.assert_array_equal(obs[0], encode_state(game, replay.state, seat))
        assert replay.state.player == seat and replay.state.rolled
        before = len(replay.finished)
        obs = batch.step(rng.integers(0, 2, 3))
        replay.follow(batch.recorded.copy())
        if batch.ended[0]:
            assert len(replay.finished) == before + 1
            last = replay.finished[-1]
            np.testing.assert_array_equal(batch.final[0], encode_state(game, last, seat))
            assert batch.rewards[0] == win_rewards(players, last.winners)[seat]
            endings += 1
            shared += len(last.winners) > 1
        else:
            assert batch.rewards[0] == 0.0 and len(replay.finished) == before
    assert endings >= 10, endings
    if options:  # small targets: ties, so sudden death (or, shared, a shared win) came up
        assert shared + replay.sudden_deaths > 0, (shared, replay.sudden_deaths)


def test_the_vector_api_and_same_step_auto_reset() -> None:
    """Gymnasium's vector API: batched spaces, the mask in the infos, same-step auto-reset (a
    row that ends reports its reward and final observation and holds the next match's first
    decision), the same figures from the same seed, and a check by Gymnasium's own
    ``check_env``-style space test."""
    envs = GamenightVectorEnv("toss-up", num_envs=64, opponents="hold:20", target=20)
    assert envs.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    obs, infos = envs.reset(seed=3)
    assert obs.shape == (64, 21) and envs.observation_space.contains(obs)
    assert infos["action_mask"].shape == (64, 2) and infos["action_mask"].all()
    total, ends = 0.0, 0
    for step in range(300):
        obs, rewards, terminated, truncated, infos = envs.step(np.full(64, step % 2))
        assert envs.observation_space.contains(obs) and not truncated.any()
        assert (rewards[~terminated] == 0).all() and (rewards[terminated] != 0).all()
        if terminated.any():
            assert (infos["_final_obs"] == terminated).all()
            assert infos["final_obs"][terminated].shape[1] == 21
            ends += int(terminated.sum())
            total += float(rewards.sum())
    assert ends > 64
    again = GamenightVectorEnv("toss-up", num_envs=64, opponents="hold:20", target=20)
    first, _ = again.reset(seed=3)
    np.testing.assert_array_equal(first, envs.reset(seed=3)[0])


def test_alias_tables_draw_the_law_of_a_roll() -> None:
    """Each alias table gives every outcome of ``k`` dice its probability (the columns'
    shares add up to the law)."""
    game = build_game("toss-up", 2, dice=6)
    prob, alias, faces = alias_tables(game)
    for k in range(7):
        outcomes = game.law.outcomes(k)
        m = int(faces[k, 0, 3])
        got = np.zeros(m)
        for j in range(m):
            got[j] += prob[k, j] / m
            got[alias[k, j]] += (1.0 - prob[k, j]) / m
        want = [p for _, p in outcomes] or [1.0]
        np.testing.assert_allclose(got, want, atol=1e-12)


@pytest.mark.parametrize(
    ("kwargs", "says"),
    [
        ({"game_id": "paper-toss"}, "paper-toss has no batched kernel"),
        ({"num_envs": 0}, "num_envs must be from 1"),
        ({"num_envs": "8"}, "num_envs must be a whole number"),
        ({"opponents": []}, "opponents is a bot spec"),
        ({"opponents": ["ismcts"]}, "the fast kernel plays random, hold:T"),
        ({"seat": 2}, "seat must be from 0 to 1"),
        ({"target": 0}, "target must be from 1 to 1000"),
    ],
)
def test_bad_settings_are_named(kwargs: dict[str, Any], says: str) -> None:
    """A bad setting is refused with a sentence that names it."""
    with pytest.raises((ConfigError, ValueError), match=says):
        GamenightVectorEnv(**{"num_envs": 4, **kwargs})


def test_bad_actions_are_refused_and_nothing_moves() -> None:
    """Actions of the wrong shape, type or range are refused before any match moves."""
    envs = GamenightVectorEnv("toss-up", num_envs=4)
    with pytest.raises(ConfigError, match="call reset"):
        envs.step(np.zeros(4, np.int64))
    obs, _ = envs.reset(seed=1)
    for bad, says in [
        (np.zeros(3, np.int64), "4 whole action ids"),
        (np.zeros(4), "4 whole action ids"),
        (np.array([0, 1, 2, 0]), "action 2 is not legal in match 2"),
        (np.array([0, -1, 0, 0]), "action -1 is not legal in match 1"),
    ]:
        with pytest.raises(ConfigError, match=says):
            envs.step(bad)
    np.testing.assert_array_equal(envs.batch.obs, obs)
    assert vector_games() == ["toss-up"]
