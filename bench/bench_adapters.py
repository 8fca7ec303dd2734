"""The learning adapters' speed beside the engine's, for every game and library, in one run.

For each game, random play (uniform over the legal moves, chance by its odds) through:

* five engine references, all driving the engine API (``pending`` / ``legal_actions`` /
  ``apply`` / ``sample_chance``) directly:

  - **raw**: nothing else; the fair reference of OpenSpiel's bare play loop (target 0.7x);
  - **+ view**: the deciding seat's view built at each decision (``observe``), as any agent
    that looks at the table needs;
  - **+ vector and mask**: the deciding seat's observation vector read from the state by the
    game's encoder and its action mask made at each decision, the action drawn off the mask:
    the fair reference of the AEC loop and of OpenSpiel's loop with observations (0.8x);
  - **+ seat 0's vector and mask**: the same at seat 0's decisions only, the other seats
    drawing off their legal actions: the fair reference of the Gymnasium loop (0.8x);
  - **+ every seat's vector**: at each decision every seat's vector (the encoder's
    ``all_seats``) and the mask of every seat that may act, each of those seats' actions
    drawn off its mask and applied (a race's or window's in a drawn order, each while it
    still stands): the fair reference of the parallel loop (0.8x);

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

The environments are seeded at their first reset only, as a training loop seeds them (the
RNG's stream goes on from match to match).

Figures are player decisions per second of this process's CPU time (``--clock wall`` for wall
time), chance steps not counted anywhere: on a shared machine CPU time is disturbed far less by
other jobs than wall time is, though they still slow it (shared caches). The ratios
are each loop's rate over the raw engine's and over its fair reference's (the engine doing the
work that API obliges), and the last column says whether the loop keeps its target share of
the fair reference (0.8x; OpenSpiel's bare play loop 0.7x of the raw engine). Rounds are
interleaved (every loop of every game once, then again) and medians printed, so load on the
machine hits all alike; the load average at the end is printed too. One core.

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
import os
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
    game_id: str,
    players: int,
    seconds: float,
    view: bool = False,
    vector: bool = False,
    learner: int | None = None,
) -> float:
    """The bare engine API, the quicker hand of a race drawn uniformly (with ``view``: the
    deciding seat's view built at each decision, as any agent that looks at the table needs;
    with ``vector``: instead, the deciding seat's observation vector read from the state by the
    game's encoder and its action mask made, and the action drawn off the mask, the work any
    adapter handing out observations and masks does whatever its library; with ``learner``:
    the same at that seat's decisions only, the others drawing off the legal actions, the work
    a one-seat environment such as Gymnasium's does)."""
    game = make_game(game_id, players=players)
    observe = game.observe
    if vector or learner is not None:
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
            if vector or seat == learner:
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


def engine_api_every_seat(game_id: str, players: int, seconds: float) -> float:
    """The bare engine API with what a parallel step obliges: at each decision every seat's
    observation vector (the encoder's ``all_seats``) and the mask of every seat that may act,
    each of those seats' actions drawn off its mask; a simultaneous choice's commitments are
    all applied (lowest seat first), a race's or window's answers in a uniformly drawn order,
    each while its seat is still listed and its action still legal."""
    game = make_game(game_id, players=players)
    every_seat = encoder_for(game).all_seats
    codes = ActionIds(game)
    mask, chosen = codes.mask, codes.actions
    rng = random.Random(0)
    pending, legal, apply, sample = game.pending, game.legal_actions, game.apply, game.sample_chance
    racing = (Kind.RACE, Kind.REACTION)
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
            every_seat(state)
            answers = []
            for seat in decision.players:
                ids = mask(legal(state, seat)).nonzero()[0]
                answers.append((seat, chosen[int(ids[rng.randrange(len(ids))])]))
            if len(answers) == 1:
                state, _ = apply(state, *answers[0])
                decisions += 1
                continue
            if decision.kind in racing:
                rng.shuffle(answers)
            opened = state
            for seat, action in answers:
                if state is not opened and decision.kind in racing:
                    now_pending = pending(state)
                    if seat not in now_pending.players or action not in legal(state, seat):
                        continue
                state, _ = apply(state, seat, action)
                decisions += 1
    return decisions / (now() - start)


def pettingzoo_aec(game_id: str, players: int, seconds: float) -> float:
    """``last()`` and ``step`` per decision."""
    aec = env(game_id, players=players)
    rng = random.Random(0)
    decisions, start = 0, now()
    seed: int | None = 0
    while now() - start < seconds:
        aec.reset(seed=seed)
        seed = None  # seeded once, as a training loop does; the RNG's stream goes on
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
    decisions, start = 0, now()
    seed: int | None = 0
    while now() - start < seconds:
        observations, _ = par.reset(seed=seed)
        seed = None
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
    decisions, start = 0, now()
    seed: int | None = 0
    while now() - start < seconds:
        _observation, info = gym.reset(seed=seed)
        seed = None
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


def engine_api_learner(game_id: str, players: int, seconds: float) -> float:
    """The engine API with seat 0's observation vector and action mask made at its own
    decisions only (the other seats draw off their legal actions)."""
    return engine_api(game_id, players, seconds, learner=0)


RAW = "engine API (raw)"
VECTOR = "engine API + vector and mask"
LEARNER = "engine API + seat 0's vector and mask"
EVERY_SEAT = "engine API + every seat's vector"

#: The engine references the ratios are taken against: raw, + view, and the fair ones.
REFERENCES = (RAW, "engine API + view", VECTOR, LEARNER, EVERY_SEAT)

LOOPS: dict[str, Loop] = {
    RAW: engine_api,
    "engine API + view": engine_api_view,
    VECTOR: engine_api_vector,
    LEARNER: engine_api_learner,
    EVERY_SEAT: engine_api_every_seat,
    "engine: Match + driver": engine_driver,
    "PettingZoo AEC": pettingzoo_aec,
    "PettingZoo parallel": pettingzoo_parallel,
    "Gymnasium (vs bots)": gymnasium_env,
    "OpenSpiel play": _openspiel(observe=False),
    "OpenSpiel play + observe": _openspiel(observe=True),
}

#: Each API's fair reference (the engine doing the work that API obliges) and the share of it
#: the API must keep.
FAIR: dict[str, tuple[str, float]] = {
    "PettingZoo AEC": (VECTOR, 0.8),
    "PettingZoo parallel": (EVERY_SEAT, 0.8),
    "Gymnasium (vs bots)": (LEARNER, 0.8),
    "OpenSpiel play": (RAW, 0.7),
    "OpenSpiel play + observe": (VECTOR, 0.8),
}

#: Short names of the references in the table.
SHORT = {RAW: "raw", VECTOR: "+ vector", LEARNER: "+ seat 0", EVERY_SEAT: "+ every seat"}


class _IdleState(pyspiel.State):
    """A state of a Python game whose moves do nothing (two seats taking turns)."""

    def __init__(self, game: pyspiel.Game) -> None:
        super().__init__(game)
        self.player = 0

    def current_player(self) -> int:
        return self.player

    def _legal_actions(self, player: int) -> list[int]:
        return [0, 1]

    def _apply_action(self, action: int) -> None:
        self.player = 1 - self.player

    def is_terminal(self) -> bool:
        return False

    def returns(self) -> list[float]:
        return [0.0, 0.0]


class _IdleGame(pyspiel.Game):
    """OpenSpiel's side of a Python game with nothing in it: what its calling convention costs."""

    TYPE = pyspiel.GameType(
        short_name="gamenight_bench_idle",
        long_name="a game whose moves do nothing",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=False,
        provides_observation_tensor=False,
        parameter_specification={},
    )

    def __init__(self, params: dict[str, object] | None = None) -> None:
        info = pyspiel.GameInfo(2, 0, 2, -1.0, 1.0, 0.0, 10**9)
        super().__init__(self.TYPE, info, params or {})

    def new_initial_state(self) -> _IdleState:
        return _IdleState(self)


def openspiel_convention(calls: int = 100_000) -> tuple[float, float]:
    """Microseconds per ``apply_action`` of a Python game whose moves do nothing, through
    OpenSpiel (which calls back ``current_player`` and ``_apply_action``) and calling
    ``_apply_action`` directly: the difference is what OpenSpiel's calling convention costs
    every move of every Python game, the floor under the OpenSpiel loops."""
    if "gamenight_bench_idle" not in pyspiel.registered_names():
        pyspiel.register_game(_IdleGame.TYPE, _IdleGame)
    times = []
    for direct in (False, True):
        state = pyspiel.load_game("gamenight_bench_idle").new_initial_state()
        move = state._apply_action if direct else state.apply_action
        start = now()
        for _ in range(calls):
            move(0)
        times.append((now() - start) / calls * 1e6)
    return times[0], times[1]


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
    print(f"load average at the end: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(
        f"{'game (players), loop':<56} {'decisions/s':>12} {'vs raw':>8} {'fair reference':>14} "
        f"{'vs fair':>8}  target"
    )
    for game_id, players in games.items():
        raw = statistics.median(rates[(game_id, RAW)])
        for name in loops:
            rate = statistics.median(rates[(game_id, name)])
            label = f"{game_id} ({players}), {name}"
            fair, met = "", ""
            if name in FAIR:
                reference, share = FAIR[name]
                ratio = rate / statistics.median(rates[(game_id, reference)])
                fair = f"{SHORT[reference]:>14} {ratio:>7.2f}x"
                met = f"{share:.1f}x: {'yes' if ratio >= share else 'no'}"
            else:
                fair = f"{'':>14} {'':>8}"
            print(f"{label:<56} {rate:>12,.0f} {rate / raw:>7.2f}x {fair}  {met}")
    through, direct = openspiel_convention()
    print(
        f"OpenSpiel's calling convention: {through - direct:.2f} us per apply_action "
        f"({through:.2f} us through OpenSpiel, {direct:.2f} us calling the Python move directly, "
        "a game whose moves do nothing)"
    )


if __name__ == "__main__":
    main()
