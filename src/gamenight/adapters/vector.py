"""A batched Gymnasium environment: ``num_envs`` matches stepped at once, from arrays.

>>> from gamenight.adapters.vector import GamenightVectorEnv
>>> envs = GamenightVectorEnv("toss-up", num_envs=4, opponents=["hold:20"])
>>> obs, infos = envs.reset(seed=7)
>>> obs.shape, infos["action_mask"].shape
((4, 21), (4, 2))
>>> obs, rewards, terminated, truncated, infos = envs.step(envs.action_space.sample())
>>> rewards.shape, terminated.dtype.name
((4,), 'bool')

Gymnasium's vector API (``gymnasium.vector.VectorEnv``): the learner holds one seat of every
match (``seat``), the game's fast-kernel bots play the others (``opponents``: one spec per other
seat, or one for all), and the whole batch runs in one compiled loop, so nothing per match is
done in Python. Observations and action ids are those of :class:`~gamenight.adapters.gymnasium.
GamenightEnv` (the game's ``encode`` of the learner's view, ``Discrete(num_actions)``), stacked;
``infos["action_mask"]`` holds the legal ids of every row.

Auto-reset is Gymnasium's *same-step* mode (``metadata["autoreset_mode"]``): a match that ends
in a step reports its reward (+1 a win, shared wins and losses as ``win_rewards`` gives them) and
``terminated``, and its row already holds the next match's first decision; the observation at
the end is in ``infos["final_obs"]`` (rows where ``infos["_final_obs"]`` is true). So every row
of every observation is a decision to make, with at least one legal action.

A game offers this through the ``vector`` part of its plugin (``make_batch``); Toss Up! has
one (numba, the ``fast`` extra). For the card games, step ``GamenightEnv`` in
``gymnasium.vector.SyncVectorEnv`` or ``AsyncVectorEnv``: the same API, one match at a time.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from gamenight.adapters.gymnasium import _player_count, _seat_number
from gamenight.adapters.turns import build_game
from gamenight.engine.errors import ConfigError, brief
from gamenight.engine.registry import game_ids, game_part, plugin

#: The most matches one batch steps (memory stays in the tens of megabytes).
MAX_ENVS = 1_000_000


def vector_games() -> list[str]:
    """The games with a batched kernel (a ``vector`` part)."""
    return [g for g in game_ids() if "vector" in plugin(g).parts]


class GamenightVectorEnv(gymnasium.vector.VectorEnv[Any, Any, Any]):
    """``num_envs`` matches of ``game_id``, the learner at ``seat`` of each (see the module)."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(
        self,
        game_id: str = "toss-up",
        num_envs: int = 1024,
        opponents: Sequence[str] | str = ("random",),
        seat: int = 0,
        players: int | None = None,
        **options: Any,
    ) -> None:
        specs = [opponents] if isinstance(opponents, str) else list(opponents)
        if not specs or not all(isinstance(s, str) for s in specs):
            raise ConfigError(
                "opponents is a bot spec or a list of them, e.g. ['random'], "
                f"got {brief(opponents)}"
            )
        if isinstance(num_envs, bool) or not isinstance(num_envs, int):
            raise ConfigError(f"num_envs must be a whole number, got {brief(num_envs)}")
        if not 1 <= num_envs <= MAX_ENVS:
            raise ConfigError(f"num_envs must be from 1 to {MAX_ENVS:,}, got {num_envs}")
        if "vector" not in plugin(game_id).parts:
            raise ConfigError(
                f"{game_id} has no batched kernel (games with one: {', '.join(vector_games())}); "
                "step GamenightEnv in gymnasium.vector.SyncVectorEnv instead"
            )
        try:
            part = game_part(game_id, "vector")
        except ImportError:
            raise ConfigError(
                "the batched environment needs numba: pip install 'gamenight[fast]'"
            ) from None
        count = _player_count(game_id, players, len(specs))
        self.game = build_game(game_id, count, **options)
        self.batch: Any = getattr(part, "make_batch")(  # noqa: B009 (the part's protocol)
            self.game, num_envs, _seat_number(seat, count), specs
        )
        self.num_envs = num_envs
        self.single_observation_space = spaces.Box(
            0.0, 1.0, (self.batch.observation_size,), np.float32
        )
        self.single_action_space = spaces.Discrete(self.game.num_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._dealt = False

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """Deal every match (seeded by ``seed``, one int for the batch) and return the learner's
        first observations and the ``action_mask``."""
        if isinstance(seed, list):
            seed = seed[0] if seed else None
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
            raise ConfigError(f"seed must be a whole number from 0, got {brief(seed)}")
        super().reset(seed=seed)
        if seed is not None:
            self.action_space.seed(seed)
        obs = self.batch.reset(seed)
        self._dealt = True
        return obs.copy(), {"action_mask": self.action_masks()}

    def step(
        self, actions: Any
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """The learner's action id in every match; see the module for what comes back."""
        if not self._dealt:
            raise ConfigError("call reset() before step()")
        ids = np.asarray(actions)
        if ids.shape != (self.num_envs,) or ids.dtype.kind not in "iu":
            raise ConfigError(
                f"actions must be {self.num_envs} whole action ids, got {brief(actions)}"
            )
        mask = self.action_masks()
        legal = (ids >= 0) & (ids < mask.shape[1])
        legal[legal] = mask[np.flatnonzero(legal), ids[legal]]
        if not legal.all():
            row = int(np.flatnonzero(~legal)[0])
            raise ConfigError(f"action {ids[row]} is not legal in match {row}")
        obs = self.batch.step(ids.astype(np.int64, copy=False))
        ended = self.batch.ended.copy()
        infos: dict[str, Any] = {"action_mask": self.action_masks()}
        if ended.any():
            infos["final_obs"] = self.batch.final.copy()
            infos["_final_obs"] = ended
        truncated = np.zeros(self.num_envs, np.bool_)
        return obs.copy(), self.batch.rewards.copy(), ended, truncated, infos

    def action_masks(self) -> np.ndarray:
        """The legal action ids of every row, as booleans, shape ``(num_envs, num_actions)``
        (the batch's own array: read it, don't write it)."""
        masks: np.ndarray = self.batch.masks()
        return masks
