"""``render_mode="rgb_array"``: the table drawn from one seat's view, for video capture; and
``info_view``: each agent's own view in its info.

A frame is read from the rendered seat's view alone, so it is unchanged by
``game.shuffle_hidden(state, seat, rng)`` (a state that differs only in what that seat cannot
see: the other hands, the deck's order); so is the view an info carries.
"""

from __future__ import annotations

import random

import gymnasium
import numpy as np
import pytest
from gymnasium.wrappers import RenderCollection
from pettingzoo.test import render_test

from gamenight.adapters.gymnasium import GamenightEnv
from gamenight.adapters.pettingzoo import env, parallel_env
from gamenight.adapters.picture import RENDER_FPS, SIZE

from .helpers import SMALL

SHAPE = (SIZE[1], SIZE[0], 3)


def _is_frame(frame: object) -> bool:
    return isinstance(frame, np.ndarray) and frame.shape == SHAPE and frame.dtype == np.uint8


@pytest.mark.parametrize(("game_id", "players"), SMALL)
def test_an_rgb_array_episode_gives_frames_of_one_shape_that_change(
    game_id: str, players: int
) -> None:
    """A seeded random AEC match drawn as seat 0 sees it: every frame an (H, W, 3) uint8 array
    of the same shape, and the table changes over the match; each frame is unchanged when what
    seat 0 cannot see is shuffled."""
    aec = env(game_id, players=players, render_mode="rgb_array", render_seat=0)
    aec.reset(seed=11)
    rng = random.Random(11)
    frames = [aec.render()]
    for _ in range(20):
        observation, _reward, terminated, truncated, _info = aec.last()
        if terminated or truncated:
            break
        assert observation is not None
        aec.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        frame = aec.render()
        frames.append(frame)
        state = aec.turns.state
        aec.turns.state = aec.game.shuffle_hidden(state, 0, rng)
        assert np.array_equal(aec.render(), frame)  # nothing seat 0 cannot see is drawn
        aec.turns.state = state
    assert all(_is_frame(frame) for frame in frames)
    assert len({frame.tobytes() for frame in frames}) > len(frames) // 2
    assert aec.metadata["render_fps"] == RENDER_FPS


@pytest.mark.parametrize(("game_id", "players"), SMALL)
def test_gymnasium_frames_are_captured_for_video(game_id: str, players: int) -> None:
    """Gymnasium's ``RenderCollection`` (the frame list a video recorder writes) gathers a
    frame per reset and step, each of the fixed shape, changing over the episode.
    (``RecordVideo`` writes those frames with moviepy, not installed here.)"""
    base = GamenightEnv(game_id, opponents=["random"], players=players, render_mode="rgb_array")
    assert base.metadata["render_fps"] == RENDER_FPS
    recorder = RenderCollection(base)
    _obs, info = recorder.reset(seed=5)
    rng = random.Random(5)
    for _ in range(20):
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _obs, _reward, terminated, truncated, info = recorder.step(action)
        if terminated or truncated:
            break
    frames = recorder.render()
    assert len(frames) >= 2 and all(_is_frame(frame) for frame in frames)
    assert len({frame.tobytes() for frame in frames}) >= 2


def test_pettingzoo_render_test_passes_in_every_mode_and_spectators_see_no_hand() -> None:
    """PettingZoo's ``render_test`` runs every declared mode (``rgb_array`` included) for the
    AEC and, through ``parallel_to_aec``, the parallel environment; a spectator's frame (no
    ``render_seat``) differs from a seat's, which draws that seat's hand."""
    from pettingzoo.utils.conversions import parallel_to_aec

    render_test(lambda render_mode=None: env("paper-toss", players=2, render_mode=render_mode))
    render_test(
        lambda render_mode=None: parallel_to_aec(
            parallel_env("cover-your-cookies", players=3, render_mode=render_mode, render_seat=1)
        )
    )
    spectator = env("paper-toss", players=2, render_mode="rgb_array")
    seat = env("paper-toss", players=2, render_mode="rgb_array", render_seat=0)
    spectator.reset(seed=2)
    seat.reset(seed=2)
    assert not np.array_equal(spectator.render(), seat.render())
    state = spectator.turns.state
    spectator.turns.state = spectator.game.shuffle_hidden(state, None, random.Random(0))
    assert spectator.turns.state != state
    frame = spectator.render()
    spectator.turns.state = state
    assert np.array_equal(spectator.render(), frame)


@pytest.mark.parametrize(("game_id", "players"), SMALL)
def test_infos_carry_each_agents_own_view_and_no_other_hand(game_id: str, players: int) -> None:
    """With ``info_view=True`` every agent's info holds its own view, JSON data equal to
    ``game.observe(state, seat)`` and unchanged when what it cannot see is shuffled; so no
    other seat's hand is in it. The same in the parallel and Gymnasium environments."""
    rng = random.Random(4)
    aec = env(game_id, players=players, info_view=True)
    aec.reset(seed=4)
    par = parallel_env(game_id, players=players, info_view=True)
    observations, infos = par.reset(seed=4)
    for _ in range(15):
        for environment, got in ((aec, aec.infos), (par, infos)):
            state = environment.turns.state
            for agent, info in got.items():
                seat = environment.seat_of[agent]
                hidden = environment.game.shuffle_hidden(state, seat, rng)
                assert info["view"] == environment.game.observe(hidden, seat)
        observation = aec.last()[0]
        if aec.turns.over or par.turns.over:
            break
        assert observation is not None
        aec.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        actions = {
            agent: int(rng.choice(np.flatnonzero(o["action_mask"])))
            for agent, o in observations.items()
        }
        observations, _r, _t, _c, infos = par.step(actions)
    gym = GamenightEnv(game_id, opponents=["random"], players=players, info_view=True)
    _obs, info = gym.reset(seed=4)
    assert info["view"] == gym.game.observe(gym.turns.state, 0)
    _obs, _reward, _t, _c, info = gym.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert info["view"] == gym.game.observe(gym.turns.state, 0)
    plain = gymnasium.make(f"gamenight/{game_id}-v0", players=players)
    assert "view" not in plain.reset(seed=4)[1]  # only when asked for


@pytest.mark.parametrize(("game_id", "players"), SMALL)
def test_gymnasium_check_env_passes_in_rgb_array_with_views(game_id: str, players: int) -> None:
    """Gymnasium's ``check_env`` (its render check included) passes with ``rgb_array`` and
    views in infos, warning of nothing but the spec a directly built environment lacks."""
    import warnings

    from gymnasium.utils.env_checker import check_env

    made = GamenightEnv(
        game_id, opponents=["random"], players=players, render_mode="rgb_array", info_view=True
    )
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(made)
    assert not [w for w in caught if "spec" not in str(w.message)]
    assert _is_frame(made.render())
