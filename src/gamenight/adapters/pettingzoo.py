"""PettingZoo environments for every gamenight game: ``env`` (AEC) and ``parallel_env``.

>>> from gamenight.adapters.pettingzoo import env
>>> aec = env("toss-up", players=3)
>>> aec.reset(seed=1)
>>> aec.agent_selection, sorted(aec.observe("player_0"))
('player_0', ['action_mask', 'observation'])

Agents are ``player_0`` ... ``player_{n-1}`` (the seats). Each observes
``{"observation": float32 vector in [0, 1], "action_mask": int8 vector}``: the game's encoding
of that seat's view (what it may see, nothing more) and its legal action ids. Actions are the
game's integer ids (``Discrete(game.num_actions)``). Rewards come at the end (see
:mod:`gamenight.adapters.turns`). How races and reaction windows become turns is written there
too; in the AEC environment the quicker hand is drawn by the environment's seeded RNG.

The parallel environment asks every seat that may act at once: all commitments of a
simultaneous choice, everyone listed in a race or a reaction window, or the one seat whose turn
it is. A seat that may not act has one action, the no-op ``wait`` (id ``game.num_actions``, one
more than the game's ids, so its action space is ``Discrete(game.num_actions + 1)``): its mask
marks ``wait`` alone, and whatever it sends, ``None`` included, is ignored. A seat that may act
never has ``wait`` marked (sending it then is an illegal move). So PettingZoo's
``parallel_to_aec`` never hands an agent an empty mask. In a race or reaction window the answers
are applied in an order drawn by the seeded RNG (who is quicker); an answer stands while its
action is still legal and, in a reaction window, while that seat's view is unchanged; otherwise
it is dropped and the seat is asked again at the next step (``infos[agent]["outpaced"]``).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from numbers import Integral
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from gamenight.adapters.encoding import Encoder, PicklesEncoder, encoder_for
from gamenight.adapters.picture import RENDER_FPS, draw_table
from gamenight.adapters.turns import (
    ILLEGAL_POLICIES,
    RACING,
    RENDER_MODES,
    Turns,
    build_game,
    check_render_mode,
    check_render_seat,
)
from gamenight.bots.races import reach_stands
from gamenight.engine.errors import (
    ConfigError,
    GameOver,
    IllegalAction,
    MalformedAction,
    UnknownSeat,
    brief,
)
from gamenight.engine.game import Game

Observation = dict[str, np.ndarray]


def _check_policy(illegal: str) -> str:
    if illegal not in ILLEGAL_POLICIES:
        raise ConfigError(f"illegal must be one of {', '.join(ILLEGAL_POLICIES)}; got {illegal!r}")
    return illegal


class _Spaces(PicklesEncoder):
    """Agents, spaces and observations shared by both environments."""

    game: Game[Any, Any]
    encoder: Encoder
    turns: Turns
    render_mode: str | None
    #: Whose view ``render()`` shows: a seat, or ``None`` for a spectator (no hand).
    render_seat: int | None
    #: Whether every agent's info carries its own view (``infos[agent]["view"]``).
    info_view: bool
    #: Whether a match was dealt (``reset``): observing, stepping or rendering before is
    #: refused, as PettingZoo's order-enforcing wrapper refuses it.
    _dealt: bool

    def _setup(self, game: Game[Any, Any], extra: int = 0) -> None:
        """Agents and spaces; ``extra`` action ids after the game's (the parallel ``wait``)."""
        self.game = game
        self.encoder = encoder_for(game)
        self._encode = self.encoder.state_encoder()
        self.possible_agents = [f"player_{p}" for p in range(game.players)]
        self.agents: list[str] = []
        self.seat_of = {agent: p for p, agent in enumerate(self.possible_agents)}
        size, actions = self.encoder.size, game.num_actions + extra
        observation = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (actions,), np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}

    def _seat(self, agent: str) -> int:
        """The seat of ``agent``, or a clear error for a name that is not an agent's."""
        seat = self.seat_of.get(agent)
        if seat is None:
            last = len(self.possible_agents) - 1
            raise UnknownSeat(f"no agent {brief(agent)}: the agents are player_0 to player_{last}")
        return seat

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same object every time)."""
        space = self.observation_spaces.get(agent)
        return space if space is not None else self.observation_spaces[self._name(agent)]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent`` (the same object every time)."""
        space = self.action_spaces.get(agent)
        return space if space is not None else self.action_spaces[self._name(agent)]

    def _name(self, agent: str) -> str:
        """``agent`` if it is an agent's name, else a clear error listing the agents."""
        return self.possible_agents[self._seat(agent)]

    def _observation(self, seat: int) -> Observation:
        turns = self.turns
        return {"observation": self._encode(turns.state, seat), "action_mask": turns.mask(seat)}

    def _settings(self, render_mode: object, render_seat: object, info_view: object) -> None:
        """The render mode, the seat rendered and the views in infos, checked."""
        self.render_mode = check_render_mode(render_mode)
        self.render_seat = check_render_seat(render_seat, self.game.players)
        self.info_view = bool(info_view)

    def _with_views(self, infos: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
        """``infos`` with each agent's own view added (``info_view=True``), else as they are."""
        if self.info_view:
            view, state = self.game.observe, self.turns.state
            for agent in infos:
                infos[agent]["view"] = view(state, self.seat_of[agent])
        return infos

    def render(self) -> str | np.ndarray | None:
        """The table as ``render_seat`` sees it (a spectator by default: no hand): returned as
        text (``render_mode="ansi"``), printed (``"human"``, as after every reset and step) or
        drawn as an RGB image (``"rgb_array"``); refused before the first ``reset``."""
        if self.render_mode is None:
            return None
        if self.render_mode == "rgb_array":
            if not self._dealt:
                raise GameOver("no match is on: reset to play")
            turns = self.turns
            return draw_table(self.game, turns.view(self.render_seat), self.render_seat,
                              [self._head()])  # fmt: skip
        text = self._text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _text(self) -> str:
        """The table as a spectator sees it, with whose decision it is (no match dealt yet:
        refused, as observing is)."""
        if not self._dealt:
            raise GameOver("no match is on: reset to play")
        head = f"{self.game.title}: {self._head()}"
        view = self.turns.view(self.render_seat)
        return head + "\n" + "\n".join(f"  {k}: {v}" for k, v in view.items())

    def _head(self) -> str:
        """The step, and who decides now or the rewards at the end."""
        turns = self.turns
        if turns.over:
            return f"step {turns.steps}, over, rewards {turns.rewards()}"
        seats = turns.deciders if turns.seat is None else (turns.seat,)
        return f"step {turns.steps}, deciding: {', '.join(f'player_{p}' for p in seats)}"


class GamenightAEC(_Spaces, AECEnv[str, Observation, int]):
    """One gamenight game as a PettingZoo AEC environment (one agent decides at a time)."""

    def __init__(
        self,
        game: Game[Any, Any],
        max_steps: int | None = None,
        illegal: str = "lose",
        render_mode: str | None = None,
        render_seat: int | None = None,
        info_view: bool = False,
    ) -> None:
        super().__init__()
        self._setup(game)
        self.illegal = _check_policy(illegal)
        self._settings(render_mode, render_seat, info_view)
        self.metadata = {
            "render_modes": list(RENDER_MODES),
            "render_fps": RENDER_FPS,
            "name": f"gamenight_{game.id.replace('-', '_')}_v0",
            "is_parallelizable": False,
        }
        self.turns = Turns(game, max_steps)
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection = self.possible_agents[0]
        #: Whether a match was dealt (``reset``): observing or stepping before is refused, as
        #: PettingZoo's order-enforcing wrapper refuses it.
        self._dealt = False

    def reset(self, seed: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        """Start a new match (``seed``: a fixed one; otherwise the RNG's stream goes on)."""
        self.turns.reset(seed)
        self._dealt = True
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = self._with_views({a: {} for a in self.agents})
        self._select()
        if self.render_mode == "human":
            self.render()

    def _select(self) -> None:
        seat = self.turns.seat
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]

    def observe(self, agent: str) -> Observation:
        """``agent``'s observation and action mask now."""
        seat = self._seat(agent)
        turns = self.turns
        if not self._dealt:
            raise GameOver("no match is on: reset to play")
        return {"observation": self._encode(turns.state, seat), "action_mask": turns.mask(seat)}

    def last(
        self, observe: bool = True
    ) -> tuple[Observation | None, float, bool, bool, dict[str, Any]]:
        """The selected agent's observation, running reward, flags and info (as PettingZoo's
        own ``last``, without its extra calls)."""
        if not self._dealt:
            raise GameOver("no match is on: reset to play")
        agent = self.agent_selection
        observation = None
        if observe:  # :meth:`observe`, written out
            seat, turns = self.seat_of[agent], self.turns
            observation = {
                "observation": self._encode(turns.state, seat),
                "action_mask": turns.mask(seat),
            }
        return (
            observation,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def step(self, action: Any) -> None:
        """The selected agent acts with action id ``action`` (``None`` once it is done)."""
        turns = self.turns
        if turns.over or not self.agents:
            if not self.agents:
                raise GameOver("no match is on: reset to play")
            # Every agent is terminated or truncated at once when the match ends.
            self._was_dead_step(action)
            return
        seat = turns.seat
        assert seat is not None
        # Rewards come at the end only: until then every reward and running total stays 0, so
        # there is nothing to clear here.
        try:
            chosen = turns.decode(seat, action)
        except IllegalAction as exc:
            if self.illegal == "raise":
                raise
            turns.forfeit(seat)
            self.infos[self.possible_agents[seat]] = {"illegal_action": str(exc)}
        else:
            turns.play(seat, chosen)
        if turns.over:
            for p, reward in enumerate(turns.rewards()):
                self.rewards[self.possible_agents[p]] = reward
            done = self.truncations if turns.truncated else self.terminations
            for a in self.agents:
                done[a] = True
            self._accumulate_rewards()
        else:
            self.agent_selection = self.possible_agents[turns.seat]  # type: ignore[index]
        if self.info_view:
            self._with_views(self.infos)
        if self.render_mode == "human":
            self.render()

    def close(self) -> None:
        """Nothing to release."""

    def state(self) -> np.ndarray:
        """Not offered: a global state would show hidden cards."""
        raise NotImplementedError("gamenight environments show each seat only its own view")


class GamenightParallel(_Spaces, ParallelEnv[str, Observation, Any]):
    """One gamenight game as a PettingZoo parallel environment: every seat that may act now
    acts in the same step; the others have one action, ``wait`` (``self.wait``), and whatever
    they send is ignored."""

    def __init__(
        self,
        game: Game[Any, Any],
        max_steps: int | None = None,
        illegal: str = "lose",
        render_mode: str | None = None,
        render_seat: int | None = None,
        info_view: bool = False,
    ) -> None:
        self._setup(game, extra=1)
        self.illegal = _check_policy(illegal)
        self._settings(render_mode, render_seat, info_view)
        self.metadata = {
            "render_modes": list(RENDER_MODES),
            "render_fps": RENDER_FPS,
            "name": f"gamenight_{game.id.replace('-', '_')}_v0",
        }
        self.turns = Turns(game, max_steps, draw=False, extra_ids=1)
        #: The no-op id of a seat that may not act: one after the game's ids.
        self.wait = game.num_actions
        #: The mask of a seat that may not act: ``wait`` alone (a seat that may act has masks
        #: one longer than the game's ids, with ``wait`` at 0).
        self._wait_mask = np.zeros(game.num_actions + 1, dtype=np.int8)
        self._wait_mask[self.wait] = 1
        #: Every seat, in order (the agents' seats while a match is on).
        self._seats = range(game.players)
        #: Every seat's observation of a state, by seat (the encoder's, bound once).
        self._encode_seats = self.encoder.all_seats
        #: Whether a match was dealt (``reset``): stepping before is refused.
        self._dealt = False

    def reset(
        self, seed: int | None = None, options: Mapping[str, Any] | None = None
    ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        """Start a new match; every agent's observation and an empty info each."""
        self.turns.reset(seed)
        self._dealt = True
        self.agents = list(self.possible_agents)
        if self.render_mode == "human":
            self.render()
        return self._observations(), self._with_views({a: {} for a in self.agents})

    def _observations(self) -> dict[str, Observation]:
        agents = self.agents  # every seat's agent, in seat order, until the end (then none)
        if not agents:
            return {}
        turns = self.turns
        vectors = self._encode_seats(turns.state)
        deciders, mask, idle = turns.deciders, turns.mask, self._wait_mask.copy
        return {
            agent: {
                "observation": vector,
                "action_mask": mask(seat) if seat in deciders else idle(),
            }
            for seat, agent, vector in zip(self._seats, agents, vectors, strict=True)
        }

    def step(
        self, actions: Mapping[str, Any]
    ) -> tuple[
        dict[str, Observation],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        """Every seat that may act acts at once; the others' entries are ignored."""
        turns = self.turns
        if not self._dealt:
            raise GameOver("no match is on: reset to play")
        if turns.over:
            raise GameOver("the match is over; reset to play again")
        if type(actions) is not dict and not isinstance(actions, Mapping):
            raise MalformedAction(
                "a parallel step takes a dict from agent name to action id "
                f"(e.g. {{'player_0': 3}}), got {brief(actions)}"
            )
        infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        deciders = turns.deciders
        chosen: dict[int, Any] = {}
        illegal: list[int] = []
        names, wait = self.possible_agents, self.wait
        for seat in deciders:
            agent = names[seat]
            if agent not in actions:
                raise IllegalAction(f"{agent} must act now (deciding: {list(deciders)})")
            action = actions[agent]
            try:
                if type(action) is not int or action == wait:  # else a plain id: not ``wait``
                    action = self._not_wait(seat, action)
                chosen[seat] = turns.decode(seat, action)
            except IllegalAction as exc:
                if self.illegal == "raise":
                    raise
                illegal.append(seat)  # every seat that sent one loses, not only the first
                infos[agent]["illegal_action"] = str(exc)
        if illegal:
            turns.forfeit(*illegal)
        elif len(chosen) == 1:  # one seat's turn (or a race of one): what _apply does for it
            for seat, action in chosen.items():
                turns.play(seat, action)
        else:
            self._apply(chosen, infos)
        agents = self.agents
        done = turns.over
        if done:  # every agent is still in play until the end, so rewards go to them all
            rewards = dict(zip(self.possible_agents, turns.rewards(), strict=True))
            rewards = {a: rewards[a] for a in agents}
        else:
            rewards = dict.fromkeys(agents, 0.0)
        ended: bool = done and not turns.truncated
        cut: bool = done and turns.truncated
        terminations = dict.fromkeys(agents, ended)
        truncations = dict.fromkeys(agents, cut)
        observations = self._observations()
        if self.info_view:
            self._with_views(infos)
        if done:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def _not_wait(self, seat: int, action: Any) -> Any:
        """``action`` of a seat that may act, refused as illegal when it is ``wait``."""
        if type(action) is int and action != self.wait:
            return action
        value = action
        if isinstance(value, np.ndarray) and value.shape in ((), (1,)):
            value = value.reshape(()).item()
        if isinstance(value, Integral) and not isinstance(value, bool) and value == self.wait:
            raise IllegalAction(
                f"'wait' (id {self.wait}) is not legal now for player {seat}: "
                "it is this seat's decision"
            )
        return action

    def _apply(self, chosen: dict[int, Any], infos: dict[str, dict[str, Any]]) -> None:
        """Apply the chosen actions: all of them in seat order, or in a race or reaction window
        in the order of a seeded draw, each while it still stands."""
        turns = self.turns
        pending = turns.pending
        order = list(chosen)
        if pending.kind not in RACING:
            for seat in order:
                turns.play(seat, chosen[seat], settle=False)
                if turns.over:
                    break
            turns.settle()
            return
        turns.rng.shuffle(order)
        game, start = turns.game, turns.state
        for seat in order:
            state = turns.state
            if state is start:  # nothing applied yet: every answer stands
                stands = True
            elif turns.over:
                stands = False
            else:
                now = game.pending(state)
                # A seat no longer listed is outpaced whatever else holds: its legal actions
                # are not worked out then.
                stands = seat in now.players and reach_stands(
                    pending,
                    now,
                    seat,
                    chosen[seat] in game.legal_actions(state, seat),
                    functools.partial(_unchanged, game, start, state, seat),
                )
            if stands:
                turns.play(seat, chosen[seat], settle=False)
            else:
                infos[self.possible_agents[seat]]["outpaced"] = True
        turns.settle()

    def close(self) -> None:
        """Nothing to release."""

    def state(self) -> np.ndarray:
        """Not offered: a global state would show hidden cards."""
        raise NotImplementedError("gamenight environments show each seat only its own view")


def env(
    game_id: str,
    players: int | None = None,
    max_steps: int | None = None,
    illegal: str = "lose",
    render_mode: str | None = None,
    render_seat: int | None = None,
    info_view: bool = False,
    **options: Any,
) -> GamenightAEC:
    """The AEC environment of ``game_id`` for ``players`` seats, with game options as keywords.

    ``max_steps`` truncates a match after that many decisions (rewards 0); ``illegal`` is
    ``"lose"`` (an illegal action id ends the match, its sender losing: -1, the others 0, as
    in PettingZoo's classic games; ``infos[agent]["illegal_action"]`` says why) or ``"raise"``.
    ``render_mode`` is ``"ansi"``, ``"human"`` or ``"rgb_array"``; ``render_seat`` whose view
    is rendered (``None``: a spectator's, no hand); ``info_view=True`` puts each agent's own
    view (JSON data) in its info at every reset and step.
    """
    _refuse_max_cycles(options)
    game = build_game(game_id, players, **options)
    return GamenightAEC(game, max_steps, illegal, render_mode, render_seat, info_view)


def parallel_env(
    game_id: str,
    players: int | None = None,
    max_steps: int | None = None,
    illegal: str = "lose",
    render_mode: str | None = None,
    render_seat: int | None = None,
    info_view: bool = False,
    **options: Any,
) -> GamenightParallel:
    """The parallel environment of ``game_id`` (arguments as for :func:`env`)."""
    _refuse_max_cycles(options)
    game = build_game(game_id, players, **options)
    return GamenightParallel(game, max_steps, illegal, render_mode, render_seat, info_view)


def _refuse_max_cycles(options: Mapping[str, Any]) -> None:
    """Some PettingZoo environments take ``max_cycles``; these count decisions instead."""
    if "max_cycles" in options:
        raise ConfigError(
            "max_cycles is not an option of gamenight environments: max_steps=N truncates a "
            "match after N decisions (every seat's counted)"
        )


def _unchanged(game: Game[Any, Any], start: Any, state: Any, seat: int) -> bool:
    """Whether ``seat`` sees the same in ``state`` as when the window opened (``start``)."""
    return bool(game.observe(state, seat) == game.observe(start, seat))
