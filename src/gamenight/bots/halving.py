"""Root-only search: each root action judged by playouts of a heuristic bot, by sequential halving.

The default level of ``ismcts`` searches only at the root. Every legal action of the seat is an
*arm*; an arm is judged by playouts from states drawn from the seat's view, in which the seat
first plays the arm and then every player, the seat included, plays the rollout bot (the game's
default heuristic bot unless told otherwise) to the end of the game, or for at most
:data:`MAX_PLAYOUT` steps. The seat's reward is 1 for a win, ``1/k`` for a win shared by ``k``,
and the playout's evaluation when it is cut short.

Sequential halving (Karnin, Koren and Somekh, 2013) spends the budget in rounds: each round
plays every surviving arm on the same fresh worlds and keeps the better half. The arms of one
round share their worlds (the same drawn state, the same chance and bot random streams), so they
are compared on common random numbers: an action that changes nothing scores exactly what the
heuristic's move scores, and differences come from the actions, not the deals.

The heuristic bot's own move is never eliminated, and it is the move played unless the best
other arm beats it, over the last round's worlds, by more than :data:`SWITCH_Z` standard errors
of the paired differences. Search thus plays the heuristic's move where it cannot tell better
(noise does not make it worse than the heuristic) and another move only on clear evidence.

A game may set this level for itself (:class:`SearchSettings`, ``SEARCH`` in its bots part):
playouts cut short as a given number of turns begins and scored by its own evaluation, a margin
another move must gain by, and which decisions are searched at all.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from gamenight.bots.base import Agent
from gamenight.engine.core import CHANCE, TURN_STARTED, Event, Kind, Outcome, View
from gamenight.engine.game import Game

#: Engine steps after the root action before a playout is cut short and evaluated.
MAX_PLAYOUT = 400
#: How many standard errors another arm must beat the heuristic's move by to be played.
SWITCH_Z = 1.64

#: A value for each seat of an unfinished state, used when a playout is cut short.
Evaluate = Callable[[Any], Sequence[float]]
#: Judges arms on one fresh world: ``(arms, world_rng) -> the seat's reward for each arm``.
Judge = Callable[[Sequence[Any], random.Random], list[float]]


def win_shares(outcome: Outcome, players: int) -> list[float]:
    """1 for a win, 1/k each for a win shared by k players, 0 otherwise.

    >>> win_shares(Outcome((0, 2), (5.0, 1.0, 5.0), 9), 3)
    [0.5, 0.0, 0.5]
    """
    out = [0.0] * players
    if outcome.winners:
        share = 1.0 / len(outcome.winners)
        for w in outcome.winners:
            out[w] = share
    return out


def _turns_started(events: Sequence[Event]) -> int:
    """How many turns begin in one step's events."""
    return sum(1 for e in events if e.kind == TURN_STARTED)


class Playout:
    """Plays a state to the end with one agent per seat, as the offline driver would.

    Single and simultaneous decisions go to the first listed player. In a race or a reaction
    window every listed player's agent decides and says how long it takes
    (``Agent.reaction_time``), and the fastest action is applied, so a bot that is quick for
    the milk is as quick in the playout. Agents see only their own view.

    A playout stops early, and ``evaluate`` scores it, after ``max_steps`` engine steps or, with
    ``turns``, as the ``turns``-th turn after its start begins (the engine's ``turn_started``
    event): a position between turns, with nothing in the air, is the easiest to judge.
    """

    def __init__(
        self,
        game: Game[Any, Any],
        agents: Sequence[Agent],
        evaluate: Evaluate,
        max_steps: int = MAX_PLAYOUT,
        turns: int | None = None,
    ) -> None:
        self.game = game
        self.agents = list(agents)
        self.evaluate = evaluate
        self.max_steps = max_steps
        self.turns = turns

    def run(
        self,
        state: Any,
        chance: random.Random,
        rngs: Sequence[random.Random],
        started: int = 0,
    ) -> list[float]:
        """Every seat's reward for playing ``state`` out (chance from ``chance``, each seat's
        decisions and reaction times from its own RNG in ``rngs``); ``started``: turns already
        begun since the playout's start (by the move that led to ``state``)."""
        game, agents = self.game, self.agents
        pending_of, legal_of, apply, observe = (
            game.pending,
            game.legal_actions,
            game.apply,
            game.observe,
        )
        terminal, chance_kind = Kind.TERMINAL, Kind.CHANCE
        race, reaction = Kind.RACE, Kind.REACTION
        turns_left = None if self.turns is None else self.turns - started
        events: Sequence[Event] = ()
        for _ in range(self.max_steps):
            if turns_left is not None:
                if events:
                    turns_left -= _turns_started(events)
                if turns_left <= 0:
                    break
            pending = pending_of(state)
            kind = pending.kind
            if kind is terminal:
                return win_shares(game.outcome(state), game.players)
            if kind is chance_kind:
                state, events = apply(state, CHANCE, game.sample_chance(state, chance))
                continue
            players = pending.players
            if (kind is race or kind is reaction) and len(players) > 1:
                best: tuple[float, int, Any] | None = None
                for player in players:
                    agent, rng = agents[player], rngs[player]
                    legal = legal_of(state, player)
                    view: View = observe(state, player) if agent.reads_view else {}
                    action = legal[0] if len(legal) == 1 else agent.act(view, legal, rng)
                    delay = agent.reaction_time(view, action, rng)
                    if best is None or delay < best[0]:
                        best = (delay, player, action)
                assert best is not None
                state, events = apply(state, best[1], best[2])
                continue
            player = players[0]
            legal = legal_of(state, player)
            if len(legal) == 1:
                action = legal[0]
            else:
                agent = agents[player]
                view = observe(state, player) if agent.reads_view else {}
                action = agent.act(view, legal, rngs[player])
            state, events = apply(state, player, action)
        if pending_of(state).kind is terminal:
            return win_shares(game.outcome(state), game.players)
        return list(self.evaluate(state))


@dataclass
class Arm:
    """One root action's rewards, round by round (index: the round)."""

    action: Any
    rounds: list[list[float]] = field(default_factory=list)

    @property
    def plays(self) -> int:
        """Playouts of this arm."""
        return sum(len(r) for r in self.rounds)

    @property
    def mean(self) -> float:
        """Mean reward over every playout (0 before any)."""
        plays = self.plays
        return sum(sum(r) for r in self.rounds) / plays if plays else 0.0


@dataclass(frozen=True)
class Halving:
    """What sequential halving found: the move, the heuristic's move, the arms' figures and the
    paired test on the last round (``gain`` and its standard error ``error``)."""

    action: Any
    keep: Any
    challenger: Any
    arms: list[Arm]
    playouts: int
    gain: float
    error: float

    @property
    def switched(self) -> bool:
        """Whether the search overruled the heuristic's move."""
        return bool(self.action != self.keep)


def paired_gain(mine: Sequence[float], theirs: Sequence[float]) -> tuple[float, float]:
    """The mean of ``mine[i] - theirs[i]`` and its standard error (inf with under two pairs).

    >>> paired_gain([1.0, 1.0, 0.0, 1.0], [0.0, 1.0, 0.0, 0.0])
    (0.5, 0.28867513459481287)
    """
    diffs = [a - b for a, b in zip(mine, theirs, strict=True)]
    n = len(diffs)
    if n < 2:
        return (diffs[0] if diffs else 0.0), math.inf
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(var / n)


def sequential_halving(
    actions: Sequence[Any],
    keep: Any,
    judge: Judge,
    rng: random.Random,
    iterations: int | None = None,
    seconds: float | None = None,
    z: float = SWITCH_Z,
    margin: float = 0.0,
) -> Halving:
    """Sequential halving over ``actions`` with ``keep`` (the heuristic's move) never dropped.

    The budget is ``iterations`` playouts (about: every surviving arm gets at least one world a
    round) or ``seconds`` of wall time, split evenly over ``ceil(log2(len(actions)))`` rounds.
    Each world is judged for every surviving arm at once by ``judge(arms, world_rng)``.
    ``keep`` is returned unless the best other survivor beats it on the last round's worlds by
    more than ``z`` standard errors, and by more than ``margin``.
    """
    arms = [Arm(a) for a in actions]
    keeper = next(arm for arm in arms if arm.action == keep)
    alive = list(arms)
    rounds = max(1, math.ceil(math.log2(len(arms))))
    start = time.perf_counter()
    playouts = 0
    for index in range(rounds):
        for arm in alive:
            arm.rounds.append([])
        if seconds is not None:
            deadline = start + seconds * (index + 1) / rounds
            worlds = 0
            while worlds == 0 or time.perf_counter() < deadline:
                _judge_world(alive, judge, rng)
                worlds += 1
        else:
            share = (iterations or 1) // rounds
            worlds = max(1, share // len(alive))
            for _ in range(worlds):
                _judge_world(alive, judge, rng)
        playouts += worlds * len(alive)
        if index < rounds - 1:
            others = sorted((arm for arm in alive if arm is not keeper), key=lambda a: -a.mean)
            survivors = max(1, math.ceil(len(alive) / 2) - 1)
            alive = [keeper, *others[:survivors]]
    challengers = [arm for arm in alive if arm is not keeper]
    if not challengers:
        return Halving(keep, keep, None, arms, playouts, 0.0, math.inf)
    best = max(challengers, key=lambda a: sum(a.rounds[-1]))
    gain, error = paired_gain(best.rounds[-1], keeper.rounds[-1])
    choice = best.action if gain > 0 and gain > z * error and gain > margin else keep
    return Halving(choice, keep, best.action, arms, playouts, gain, error)


def _judge_world(alive: list[Arm], judge: Judge, rng: random.Random) -> None:
    """Judge every surviving arm on one fresh world (same seed for all of them)."""
    world = random.Random(rng.getrandbits(64))
    for arm, reward in zip(alive, judge([a.action for a in alive], world), strict=True):
        arm.rounds[-1].append(reward)


#: A way to draw a state from a view: ``(view, rng) -> state``.
Sampler = Callable[[View, random.Random], Any]
#: Whether a decision is worth searching: ``(view, legal) -> bool``.
Searches = Callable[[View, Sequence[Any]], bool]


@dataclass(frozen=True)
class SearchSettings:
    """A game's own setting of the default level, given as ``SEARCH`` in its bots part.

    - ``iterations``: playouts a move when the spec names no budget (``None``: the default);
    - ``max_steps``: engine steps before a playout is cut short; ``turns``: cut it short as the
      ``turns``-th turn after the move begins (``None``: only at ``max_steps``), or a function
      of the game giving that number (say, one round: a turn for every player);
    - ``evaluate``: ``game -> Evaluate``, how a cut-short playout is scored (``None``: the
      leaders by score share the win);
    - ``searches``: which decisions are searched; the others are answered at once with the
      rollout bot's own move (``None``: every decision with a choice is searched);
    - ``margin``: how much more (in the seat's reward, a win chance) another move must gain
      over the rollout bot's own, besides being ahead by ``SWITCH_Z`` standard errors. Scored
      by a smooth evaluation, short playouts on common worlds differ so little from one another
      that a tiny gain can be many standard errors: the margin keeps the evaluation's own small
      errors from deciding;
    - ``bot``: the seat's own bot, if not the rollout bot: its move is the one kept unless
      another is clearly better and the one played where nothing is searched, and it plays the
      seat in the playouts, while the other seats there still play the rollout bot (``None``:
      the rollout bot throughout). Naming a rollout bot (``ismcts/BOT``) sets it aside.
    """

    iterations: int | None = None
    max_steps: int = MAX_PLAYOUT
    turns: int | Callable[[Game[Any, Any]], int] | None = None
    evaluate: Callable[[Game[Any, Any]], Evaluate] | None = None
    searches: Searches | None = None
    margin: float = 0.0
    bot: str | None = None


class RootSearch:
    """Sequential halving over the seat's legal actions, each judged by playouts of ``agents``
    (one per seat; ``agents[seat]`` also gives the move to keep unless another is clearly
    better). ``check`` refuses a drawn state that does not ask the seat to decide."""

    def __init__(
        self,
        game: Game[Any, Any],
        seat: int,
        agents: Sequence[Agent],
        evaluate: Evaluate,
        iterations: int | None = None,
        seconds: float | None = None,
        max_steps: int = MAX_PLAYOUT,
        check: Callable[[Any], None] | None = None,
        turns: int | None = None,
        margin: float = 0.0,
    ) -> None:
        self.game = game
        self.seat = seat
        self.agents = list(agents)
        self.playout = Playout(game, agents, evaluate, max_steps, turns)
        self.iterations = iterations
        self.seconds = seconds
        self.check = check
        self.margin = margin

    def run(self, view: View, legal: Sequence[Any], rng: random.Random, sample: Sampler) -> Halving:
        """Search from ``view`` (whose ``legal`` actions the seat chooses from)."""
        game, seat, players = self.game, self.seat, self.game.players
        keep = self.agents[seat].act(view, legal, rng)
        checked = False

        def judge(actions: Sequence[Any], world: random.Random) -> list[float]:
            nonlocal checked
            state = sample(view, world)
            if not checked and self.check is not None:
                self.check(state)
                checked = True
            chance_seed = world.getrandbits(64)
            seeds = [world.getrandbits(64) for _ in range(players)]
            out = []
            for action in actions:
                after, events = game.apply(state, seat, action)
                rewards = self.playout.run(
                    after,
                    random.Random(chance_seed),
                    [random.Random(s) for s in seeds],
                    _turns_started(events),
                )
                out.append(rewards[seat])
            return out

        return sequential_halving(
            legal,
            keep,
            judge,
            rng,
            iterations=self.iterations,
            seconds=self.seconds,
            margin=self.margin,
        )
