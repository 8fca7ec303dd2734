"""The learning adapters' speed beside the engine's, for every game and library, in one run.

For each game, random play (uniform over the legal moves, chance by its odds) through:

* three engine references, all driving the engine API (``pending`` / ``legal_actions`` /
  ``apply`` / ``sample_chance``) directly:

  - **raw**: nothing else, the reference of the target (each adapter at least half of it);
  - **+ view**: the deciding seat's view built at each decision (``observe``), as any agent
    that looks at the table needs;
  - **+ vector and mask**: the deciding seat's observation vector read from the state by the
    game's encoder and its action mask made at each decision, the action drawn off the mask:
    the work every adapter that hands out observations and masks does, whatever its library,
    so the like-for-like reference of the AEC, parallel and Gymnasium loops and of OpenSpiel's
    loop with observations;

  and the engine as ``gamenight simulate`` runs it (``Match`` + the seeded driver + random bots,
  which need no view);
* PettingZoo AEC: ``last()`` (the observation vector and action mask) and ``step`` per
  decision; PettingZoo parallel: one ``step`` for every seat that may act (decisions counted as
  the actions applied; every seat's observation is made at every step);
* Gymnasium: seat 0 random against random bots, decisions of every seat counted (observations
  only for seat 0's decisions);
* OpenSpiel: ``legal_actions`` / ``apply_action`` as a search's rollouts play (no
  observation), and the same with the current player's ``observation_tensor`` read at every
  decision as a learner does.

Figures are player decisions per second of this process's CPU time (``--clock wall`` for wall
time), chance steps not counted anywhere: on a shared machine CPU time is disturbed far less by
other jobs than wall time is, though they still slow it (shared caches). The ratios
are each loop's rate over each reference's, and the last column says whether the loop keeps
half of the raw engine's speed. Rounds are interleaved (every loop of every game once, then
again) and medians printed, so load on the machine hits all alike. One core.

With ``--free-encoder`` every game's encoder hands out one constant vector instead of encoding
(the "+ vector and mask" reference then makes only the mask): what the adapters themselves cost
around the game's encoding, which lives in the game's folder.

Run: ``.venv/bin/python bench/bench_adapters.py`` (the ``rl`` extra); ``--seconds`` and
``--repeat`` set the lengths.
"""

from __future__ import annotations

import argparse
import bisect
import contextlib
import itertools
import operator
import random
import statistics
import time
from collections.abc import Callable, Iterator

import numpy as np
import pyspiel

from gamenight.adapters.encoding import Encoder, encoder_for
from gamenight.adapters.gymnasium import GamenightEnv
from gamenight.adapters.openspiel import register, short_name
from gamenight.adapters.pettingzoo import env, parallel_env
from gamenight.adapters.turns import ActionIds
from gamenight.bots import make_bot
from gamenight.engine import CHANCE, Kind, Match
from gamenight.engine.registry import make_game
from gamenight.sim.driver import run

#: The clock of every measurement: the process's CPU time by default (``--clock cpu``), which
#: other jobs on a shared machine disturb far less than wall time (``--clock wall``).
CLOCKS: dict[str, Callable[[], float]] = {"cpu": time.process_time, "wall": time.perf_counter}
_clock: list[Callable[[], float]] = [time.process_time]


def now() -> float:
    """The chosen clock's reading, in seconds."""
    return _clock[0]()


GAMES = {"toss-up": 2, "paper-toss": 4, "toss-your-cookies": 4, "cover-your-cookies": 4}

Loop = Callable[[str, int, float], float]


def engine_driver(game_id: str, players: int, seconds: float) -> float:
    """Match + driver + random bots, as ``gamenight simulate`` plays."""
    game = make_game(game_id, players=players)
    agents = [make_bot("random", game, seat) for seat in range(players)]
    decisions, seed, start = 0, 0, now()
    while now() - start < seconds:
        match = run(Match(game, seed=seed), agents)
        decisions += sum(1 for step in match.steps if step.player != CHANCE)
        seed += 1
    return decisions / (now() - start)


def engine_api(
    game_id: str, players: int, seconds: float, view: bool = False, vector: bool = False
) -> float:
    """The bare engine API, the quicker hand of a race drawn uniformly (with ``view``: the
    deciding seat's view built at each decision, as any agent that looks at the table needs;
    with ``vector``: instead, the deciding seat's observation vector read from the state by the
    game's encoder and its action mask made, and the action drawn off the mask, the work any
    adapter handing out observations and masks does whatever its library)."""
    game = make_game(game_id, players=players)
    observe = game.observe
    if vector:
        encode = encoder_for(game).state_encoder()
        codes = ActionIds(game)
        mask, chosen = codes.mask, codes.actions
    rng = random.Random(0)
    pending, legal, apply, sample = game.pending, game.legal_actions, game.apply, game.sample_chance
    decisions, start = 0, now()
    while now() - start < seconds:
        state = game.initial_state()
        while True:
            decision = pending(state)
            if decision.kind is Kind.TERMINAL:
                break
            if decision.kind is Kind.CHANCE:
                state, _ = apply(state, CHANCE, sample(state, rng))
                continue
            players_now = decision.players
            seat = players_now[rng.randrange(len(players_now))]
            actions = legal(state, seat)
            if vector:
                encode(state, seat)
                ids = mask(actions).nonzero()[0]
                action = chosen[int(ids[rng.randrange(len(ids))])]
            else:
                if view:
                    observe(state, seat)
                action = actions[rng.randrange(len(actions))]
            state, _ = apply(state, seat, action)
            decisions += 1
    return decisions / (now() - start)


def pettingzoo_aec(game_id: str, players: int, seconds: float) -> float:
    """``last()`` and ``step`` per decision."""
    aec = env(game_id, players=players)
    rng = random.Random(0)
    decisions, seed, start = 0, 0, now()
    while now() - start < seconds:
        aec.reset(seed=seed)
        seed += 1
        for _agent in aec.agent_iter():
            observation, _reward, terminated, truncated, _info = aec.last()
            if terminated or truncated:
                aec.step(None)
                continue
            legal = observation["action_mask"].nonzero()[0]
            aec.step(int(legal[rng.randrange(len(legal))]))
            decisions += 1
    return decisions / (now() - start)


def pettingzoo_parallel(game_id: str, players: int, seconds: float) -> float:
    """One ``step`` for every seat that may act; decisions are the actions applied."""
    par = parallel_env(game_id, players=players)
    rng = random.Random(0)
    decisions, seed, start = 0, 0, now()
    while now() - start < seconds:
        observations, _ = par.reset(seed=seed)
        seed += 1
        while par.agents:
            actions: dict[str, int | None] = {}
            for agent, observation in observations.items():
                legal = observation["action_mask"].nonzero()[0]
                actions[agent] = int(legal[rng.randrange(len(legal))]) if len(legal) else None
            observations, *_ = par.step(actions)
        decisions += par.turns.steps
    return decisions / (now() - start)


def gymnasium_env(game_id: str, players: int, seconds: float) -> float:
    """Seat 0 random against random bots; every seat's decisions counted."""
    gym = GamenightEnv(game_id, opponents=["random"], players=players)
    rng = random.Random(0)
    decisions, seed, start = 0, 0, now()
    while now() - start < seconds:
        _observation, info = gym.reset(seed=seed)
        seed += 1
        while True:
            legal = info["action_mask"].nonzero()[0]
            _obs, _reward, terminated, truncated, info = gym.step(
                int(legal[rng.randrange(len(legal))])
            )
            if terminated or truncated:
                break
        decisions += gym.turns.steps
    return decisions / (now() - start)


_ODDS = operator.itemgetter(1)


def _sampler() -> Callable[[list[tuple[int, float]], random.Random], int]:
    """Draws the index of a chance outcome by its odds, keeping the cumulative odds of the
    first lists of outcomes met, by their identity (the adapter hands out the same list again
    for the same table, as the engine's own sampler keeps its tables by the dice left or the
    deck; lists made anew at each node, as for a deck's draws, are summed each time)."""
    kept: dict[int, tuple[list[tuple[int, float]], list[float]]] = {}

    def sample(outcomes: list[tuple[int, float]], rng: random.Random) -> int:
        known = kept.get(id(outcomes))
        if known is not None and known[0] is outcomes:
            cumulative = known[1]
        else:
            cumulative = list(itertools.accumulate(map(_ODDS, outcomes)))
            if len(kept) < 512:  # the first lists met are kept, never dropped
                kept[id(outcomes)] = (outcomes, cumulative)
        index = bisect.bisect_right(cumulative, rng.random() * cumulative[-1])
        return min(index, len(outcomes) - 1)

    return sample


def _openspiel(observe: bool) -> Loop:
    def loop(game_id: str, players: int, seconds: float) -> float:
        game = pyspiel.load_game(f"{short_name(game_id)}(players={players})")
        rng = random.Random(0)
        sample = _sampler()
        decisions, start = 0, now()
        while now() - start < seconds:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[sample(outcomes, rng)][0])
                    continue
                if observe:
                    state.observation_tensor(state.current_player())
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                decisions += 1
        return decisions / (now() - start)

    return loop


def engine_api_view(game_id: str, players: int, seconds: float) -> float:
    """The engine API with the deciding seat's view built at each decision."""
    return engine_api(game_id, players, seconds, view=True)


def engine_api_vector(game_id: str, players: int, seconds: float) -> float:
    """The engine API with the deciding seat's observation vector and action mask made at each
    decision, and the action drawn off the mask."""
    return engine_api(game_id, players, seconds, vector=True)


#: The engine references the ratios are taken against: raw, + view, + vector and mask.
REFERENCES = ("engine API (raw)", "engine API + view", "engine API + vector and mask")

LOOPS: dict[str, Loop] = {
    "engine API (raw)": engine_api,
    "engine API + view": engine_api_view,
    "engine API + vector and mask": engine_api_vector,
    "engine: Match + driver": engine_driver,
    "PettingZoo AEC": pettingzoo_aec,
    "PettingZoo parallel": pettingzoo_parallel,
    "Gymnasium (vs bots)": gymnasium_env,
    "OpenSpiel play": _openspiel(observe=False),
    "OpenSpiel play + observe": _openspiel(observe=True),
}


@contextlib.contextmanager
def free_encoders() -> Iterator[None]:
    """While inside, every encoder hands out one constant zero vector of its size
    (``--free-encoder``): the adapters around it then cost what they cost themselves."""

    def state_encoder(self: Encoder) -> Callable[[object, int], np.ndarray]:
        constant = np.zeros(self.size, np.float32)
        return lambda _state, _seat: constant

    def all_seats(self: Encoder, _state: object) -> list[np.ndarray]:
        return [np.zeros(self.size, np.float32)] * self.game.players

    kept = Encoder.state_encoder, Encoder.all_seats
    Encoder.state_encoder, Encoder.all_seats = state_encoder, all_seats
    try:
        yield
    finally:
        Encoder.state_encoder, Encoder.all_seats = kept


def main(argv: list[str] | None = None) -> None:
    """Interleaved rounds over every game and loop; medians and ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one measurement")
    parser.add_argument("--repeat", type=int, default=3, help="rounds")
    parser.add_argument("--games", nargs="*", default=list(GAMES), choices=list(GAMES))
    parser.add_argument(
        "--loops",
        nargs="*",
        default=list(LOOPS),
        choices=list(LOOPS),
        help="the loops to measure (the three engine references always run, for the ratios)",
    )
    parser.add_argument(
        "--clock",
        default="cpu",
        choices=list(CLOCKS),
        help="time measured: this process's CPU time (default) or wall time",
    )
    parser.add_argument(
        "--free-encoder",
        action="store_true",
        help="every encoder hands out a constant vector: what the adapters cost around it",
    )
    args = parser.parse_args(argv)
    _clock[0] = CLOCKS[args.clock]
    if args.free_encoder:
        print("every game's encoder replaced by a constant vector (--free-encoder)")
    loops = {name: loop for name, loop in LOOPS.items() if name in args.loops or name in REFERENCES}
    register()
    games = {game_id: GAMES[game_id] for game_id in args.games}
    rates: dict[tuple[str, str], list[float]] = {}
    with free_encoders() if args.free_encoder else contextlib.nullcontext():
        for _round in range(args.repeat):
            for game_id, players in games.items():
                for name, loop in loops.items():
                    rate = loop(game_id, players, args.seconds)
                    rates.setdefault((game_id, name), []).append(rate)
    print(
        f"{'game (players), loop':<48} {'decisions/s':>12} {'vs raw':>8} {'vs + view':>10} "
        f"{'vs + vector':>12}  half of raw"
    )
    for game_id, players in games.items():
        raw, viewed, encoded = (statistics.median(rates[(game_id, r)]) for r in REFERENCES)
        for name in loops:
            rate = statistics.median(rates[(game_id, name)])
            label = f"{game_id} ({players}), {name}"
            met = "" if name in REFERENCES else ("yes" if rate >= raw / 2 else "no")
            print(
                f"{label:<48} {rate:>12,.0f} {rate / raw:>7.2f}x {rate / viewed:>9.2f}x "
                f"{rate / encoded:>11.2f}x  {met}"
            )


if __name__ == "__main__":
    main()
