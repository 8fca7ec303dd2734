"""A single-agent Gymnasium environment: you at one seat, gamenight bots at the others.

>>> from gamenight.adapters.gymnasium import GamenightEnv
>>> env = GamenightEnv("toss-up", opponents=["hold:20"], seat=0)
>>> obs, info = env.reset(seed=7)
>>> obs.shape, info["action_mask"].tolist()
((21,), [1, 1])

The observation is the game's encoding of your seat's view (a float32 vector in [0, 1]), the
action the game's integer id (``Discrete(game.num_actions)``); the legal ids come as
``info["action_mask"]`` and from :meth:`GamenightEnv.action_masks` (the convention of maskable
policy libraries). Opponents play between your decisions, each with its own seeded RNG; races and
reaction windows become turns as in :mod:`gamenight.adapters.turns` (the quicker hand is drawn
uniformly, whatever the bots' speeds). The reward is 0 until the match ends, then +1 for a win
(shared wins and losses as in :func:`gamenight.adapters.turns.win_rewards`).

``render_mode="rgb_array"`` draws your view of the table (your hand, the public cards, every
seat's scores) as an RGB image (:mod:`gamenight.adapters.picture`); with ``info_view=True``
``info["view"]`` is your view itself (``game.observe(state, seat)``, JSON data) at every reset
and step.

An illegal action id ends the episode as a loss (reward -1, ``info["illegal_action"]`` says
why) unless ``illegal="raise"``. A match that ends before your first decision (a hand dealt as a
winner) is dealt again, so every episode has at least one step.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from numbers import Integral
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from gamenight.adapters.encoding import PicklesEncoder, encodable_games, encoder_for
from gamenight.adapters.picture import RENDER_FPS, draw_table
from gamenight.adapters.turns import (
    ILLEGAL_POLICIES,
    RENDER_MODES,
    Turns,
    build_game,
    check_render_mode,
)
from gamenight.bots.base import Agent
from gamenight.bots.registry import make_bot
from gamenight.engine.errors import ConfigError, GameOver, IllegalAction, brief
from gamenight.engine.registry import game_class
from gamenight.sim.driver import agent_rng

#: What a bot that reads no view is handed instead of one.
_UNREAD: dict[str, Any] = {}

#: Tries at dealing a match that does not end before the agent's first decision.
_DEALS = 100


def _player_count(game_id: str, players: object, specs: int) -> int:
    """The number of seats: ``players`` as a plain int, or with one spec for every opponent and
    no count, as few seats as the game takes (two at least)."""
    if players is None:
        fewest = game_class(game_id).config_type.min_players
        return specs + 1 if specs > 1 else max(2, fewest)
    if isinstance(players, bool) or not isinstance(players, Integral):
        raise ConfigError(f"players must be a whole number, got {brief(players)}")
    return int(players)


def _seat_number(seat: object, players: int) -> int:
    """``seat`` as a plain int (numpy's integers are whole numbers too), if it is a seat."""
    if isinstance(seat, bool) or not isinstance(seat, Integral) or not 0 <= int(seat) < players:
        raise ConfigError(f"seat must be from 0 to {players - 1}, got {brief(seat)}")
    return int(seat)


class GamenightEnv(PicklesEncoder, gymnasium.Env[np.ndarray, np.int64]):
    """One seat of a gamenight game against bots (``opponents``: one bot spec per other seat,
    or a single spec for all of them)."""

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": RENDER_FPS}  # noqa: RUF012

    def __init__(
        self,
        game_id: str = "toss-up",
        opponents: Sequence[str] = ("random",),
        seat: int = 0,
        players: int | None = None,
        max_steps: int | None = None,
        illegal: str = "lose",
        render_mode: str | None = None,
        info_view: bool = False,
        **options: Any,
    ) -> None:
        if isinstance(opponents, str):
            specs = [opponents]
        elif isinstance(opponents, Sequence) and all(isinstance(s, str) for s in opponents):
            specs = list(opponents)
        else:
            raise ConfigError(
                "opponents is a bot spec or a list of them, e.g. ['random'], "
                f"got {brief(opponents)}"
            )
        if not specs:
            raise ConfigError("opponents needs at least one bot spec, e.g. ['random']")
        players = _player_count(game_id, players, len(specs))
        if len(specs) == 1:
            specs *= players - 1
        if len(specs) != players - 1:
            raise ConfigError(
                f"{players} players need {players - 1} opponents (or one spec for all); "
                f"got {len(specs)}"
            )
        if illegal not in ILLEGAL_POLICIES:
            raise ConfigError(
                f"illegal must be one of {', '.join(ILLEGAL_POLICIES)}; got {brief(illegal)}"
            )
        self.render_mode = check_render_mode(render_mode)
        self.game = build_game(game_id, players, **options)
        self.seat = _seat_number(seat, players)
        self.illegal = illegal
        #: Whether ``info["view"]`` carries your view at every reset and step.
        self.info_view = bool(info_view)
        self.encoder = encoder_for(self.game)
        self._encode = self.encoder.state_encoder()
        self.turns = Turns(self.game, max_steps)
        others = [p for p in range(players) if p != seat]
        self.opponents: dict[int, Agent] = {
            p: make_bot(spec, self.game, p) for p, spec in zip(others, specs, strict=True)
        }
        self.observation_space = spaces.Box(0.0, 1.0, (self.encoder.size,), np.float32)
        self.action_space = spaces.Discrete(self.game.num_actions)
        #: The opponents' RNGs by seat, derived from each match's seed as the driver derives
        #: them (your seat needs none).
        self._rngs: dict[int, random.Random] = {}
        #: Whether a match was dealt (``reset``): stepping before is refused.
        self._dealt = False

    # ---- the gymnasium API ---------------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """Deal a new match and play the opponents up to your first decision."""
        super().reset(seed=seed)
        for _ in range(_DEALS):
            match_seed = int(self.np_random.integers(2**62))
            self.turns.reset(match_seed)
            self._rngs = {p: agent_rng(match_seed, p) for p in self.opponents}
            self._play_opponents()
            if not self.turns.over:
                self._dealt = True
                if self.render_mode == "human":
                    self.render()
                return self._observation(), self._info()
        raise IllegalAction(f"{_DEALS} matches in a row ended before seat {self.seat} decided")

    def step(self, action: Any) -> tuple[np.ndarray, SupportsFloat, bool, bool, dict[str, Any]]:
        """Play your action, then the opponents' up to your next decision or the end."""
        turns, seat = self.turns, self.seat
        if not self._dealt:
            raise GameOver("no match is on: reset to play")
        info: dict[str, Any]
        try:
            chosen = turns.decode(seat, action)
        except IllegalAction as exc:
            if self.illegal == "raise":
                raise
            turns.forfeit(seat)
            info = {"action_mask": turns.mask(seat), "illegal_action": str(exc)}
        else:
            turns.play(seat, chosen)
            if turns.seat != seat:
                self._play_opponents()
            info = {"action_mask": turns.mask(seat)}
        if self.info_view:
            info["view"] = turns.view(seat)
        if turns.over:
            truncated = turns.truncated
            reward = turns.rewards()[seat]
        else:
            truncated, reward = False, 0.0
        terminated = turns.over and not truncated
        if self.render_mode == "human":
            self.render()
        return self._encode(turns.state, seat), reward, terminated, truncated, info

    def action_masks(self) -> np.ndarray:
        """The legal action ids now, as booleans."""
        if not self._dealt:
            raise GameOver("no match is on: reset to play")
        return self.turns.mask(self.seat).astype(bool)

    def render(self) -> str | np.ndarray | None:
        """Your view as text: returned (``render_mode="ansi"``) or printed (``"human"``, as
        after every reset and step), or drawn as an RGB image (``"rgb_array"``). Before the
        first ``reset`` there is no table to show, and asking is refused as stepping is."""
        if self.render_mode is None:
            return None
        if not self._dealt:
            raise GameOver("no match is on: reset to play")
        view = self.turns.view(self.seat)
        if self.render_mode == "rgb_array":
            head = f"step {self.turns.steps}"
            if self.turns.over:
                head += f", over: your reward {self.turns.rewards()[self.seat]:+.2f}"
            return draw_table(self.game, view, self.seat, [head])
        lines = [f"{self.game.title}, seat {self.seat}, step {self.turns.steps}"]
        lines += [f"  {key}: {value}" for key, value in view.items()]
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    # ---- inside ------------------------------------------------------------------------------
    def _observation(self) -> np.ndarray:
        return self._encode(self.turns.state, self.seat)

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self.turns.mask(self.seat)}
        if self.info_view:
            info["view"] = self.turns.view(self.seat)
        return info

    def _play_opponents(self) -> None:
        turns, game = self.turns, self.game
        while not turns.over and turns.seat != self.seat:
            seat = turns.seat
            assert seat is not None
            bot = self.opponents[seat]
            legal = turns.legal(seat)
            if len(legal) == 1 and bot.auto_single:
                action = legal[0]
            else:
                # As the driver does: a bot that reads no view (random) is not shown one.
                view = game.observe(turns.state, seat) if bot.reads_view else _UNREAD
                action = bot.act(view, legal, self._rngs[seat])
                for allowed in legal:  # by identity first: bots pick from ``legal``
                    if allowed is action:
                        break
                else:
                    if action not in legal:
                        raise IllegalAction(f"{bot.name} (seat {seat}) chose an illegal {action!r}")
            turns.play(seat, action)


def register() -> list[str]:
    """Register ``gamenight/<game id>-v0`` with Gymnasium for every installed game that has an
    encoder, so that ``gymnasium.make("gamenight/toss-up-v0", opponents=["hold:20"])`` works;
    returns the ids. Importing this module does it (so Gymnasium's
    ``"gamenight.adapters.gymnasium:gamenight/toss-up-v0"`` form works too); calling it again
    registers games installed since."""
    names = []
    for game_id in encodable_games():
        name = f"gamenight/{game_id}-v0"
        if name not in gymnasium.registry:
            gymnasium.register(
                name,
                entry_point="gamenight.adapters.gymnasium:make_registered",
                kwargs={"registered": game_id},
            )
        names.append(name)
    return names


def make_registered(registered: str, game_id: str | None = None, **kwargs: Any) -> GamenightEnv:
    """The environment of a registered id (``gamenight/<registered>-v0``): a ``game_id`` given
    to ``gymnasium.make`` besides must name the same game, not quietly play another under
    this id."""
    if game_id is not None and game_id != registered:
        hint = f"; for that game make gamenight/{game_id}-v0" if isinstance(game_id, str) else ""
        raise ConfigError(
            f"gamenight/{registered}-v0 plays {registered}, not {brief(game_id)}{hint}"
        )
    return GamenightEnv(registered, **kwargs)


register()
