"""Information-set Monte Carlo tree search (ISMCTS): a bot for every game that sees only its view.

Two depths. The default level (``ismcts``, depth ``@1``) searches only at the root: each legal
action is judged by playouts of the game's default bot, by sequential halving, and the default
bot's own move is kept unless another is clearly better (:mod:`gamenight.bots.halving`). The full
tree (``@all``) is described here.

Each iteration deals one *determinisation*, a full state drawn from what the seat cannot tell
apart from the truth, and plays it out once: down the tree by UCB, then by the rollout policy to
the end. The tree is keyed by what the searching seat observes (SO-ISMCTS with partially
observable moves): a child is reached by ``(mover, own action, events as the seat sees them)``,
so an opponent's secret commitment or a card dealt face down to someone else leads to one child
whatever it was, and the seat never decides on something it could not have seen. Every player
chooses in the tree by UCB on their own reward, counting how often each action was available
(ISUCT); the reward is 1 for a win, 1/k each for a win shared by k, 0 otherwise.

Kinds of decision, in the tree and in rollouts:

- chance: one outcome drawn with ``Game.sample_chance`` and the bot's RNG;
- single and simultaneous: the first listed player moves, as the offline driver does; the
  others' commitments already made are part of the determinisation, so they are re-drawn each
  iteration (the sampler re-deals them) and never read;
- race and reaction: at the root the seat's own action is the one applied (only then does its
  choice matter; if it is outpaced it is asked again); deeper down, the player who acts next is
  drawn uniformly from those listed. Reaction times are not modelled in the tree; the bot
  itself reacts as quickly as its rollout bot would.

Where the states come from (the *sampler*), in this order:

1. ``game.sample_state(view, seat, rng)``, declared on ``Game`` and drawn by every built-in game
   (``game.draws_states()`` says whether a game overrides it): see
   :data:`SAMPLE_STATE_CONTRACT`. The decision is then a function of ``(view, rng)`` alone.
2. A ``state_source``: a callable returning a state the seat cannot tell from the truth (the
   offline driver can pass ``lambda: match.state``). Each iteration re-deals it with
   ``game.shuffle_hidden(state, seat, rng)``, which draws every card the seat cannot see from
   the cards it has not seen, so the bot learns nothing it could not see. The distribution of
   decisions is a function of the view; a single decision also depends on the order in which
   ``shuffle_hidden`` happens to pool the unseen cards.

Budgets: a number of iterations (playouts; seeded and exactly repeatable), or seconds of wall
time for play against people. Registered as ``ismcts[:BUDGET][@DEPTH][/BOT]``: ``ismcts``
(:data:`DEFAULT_ITERATIONS` playouts at the root), ``ismcts:N``, ``ismcts:Ns`` or ``ismcts:Nms``
(a time budget), ``@all`` for the full tree, and ``/BOT`` to play rollouts with another bot,
e.g. ``ismcts:200@all/random``.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from gamenight.bots.base import Agent
from gamenight.bots.halving import (
    MAX_PLAYOUT,
    Halving,
    RootSearch,
    Searches,
    SearchSettings,
    win_shares,
)
from gamenight.bots.registry import BotSpec, UnknownBot, make_bot, register_bot, search_settings
from gamenight.engine.core import CHANCE, Event, Kind, Outcome, View
from gamenight.engine.errors import GameError
from gamenight.engine.game import Game

#: Iterations of the default level (``ismcts``): under a second a move at 4 players (see
#: ``bench/bench_ismcts.py``).
DEFAULT_ITERATIONS = 100
#: Rollout steps before a playout is cut short and scored by :func:`score_leaders`.
DEFAULT_MAX_ROLLOUT = MAX_PLAYOUT
#: The UCB exploration constant (rewards lie in [0, 1]).
DEFAULT_EXPLORATION = 0.7
#: The most iterations a level may ask for, and the longest time budget, in seconds.
MAX_ITERATIONS = 1_000_000
MAX_SECONDS = 600.0

SAMPLE_STATE_CONTRACT = """\
game.sample_state(view, seat, rng) -> state, where view == game.observe(true_state, seat):
- the result s satisfies game.observe(s, seat) == view, and every public fact stays as it is
  (sizes of hands and piles, scores, whose turn and who is still to answer, a card's known place);
- every card the seat cannot see is drawn uniformly from the cards unseen by that seat (the whole
  set of components minus what the view shows), dealt to the unseen places at their sizes;
- another player's secret commitment is drawn uniformly from the commitments legal with the
  hand drawn for them;
- it reads nothing but its arguments and the game's config, and draws only from rng, so the same
  view and the same rng state give the same state."""

#: A way to draw a state from a view: ``(view, rng) -> state``.
Sampler = Callable[[View, random.Random], Any]
#: A rollout policy: ``(state, player, legal, rng) -> action``.
Policy = Callable[[Any, int, Sequence[Any], random.Random], Any]
#: A value for each seat of an unfinished state, used when a rollout is cut short.
Evaluate = Callable[[Any], Sequence[float]]


class NoSampler(GameError):
    """ISMCTS cannot draw states for this game: it has no ``sample_state`` and no state source
    was given."""


class InconsistentSample(GameError):
    """A state drawn from a view does not ask the searching seat to decide: the sampler (or the
    state source) does not agree with the view."""


def random_policy(state: Any, player: int, legal: Sequence[Any], rng: random.Random) -> Any:
    """The default rollout policy: a uniformly random legal action."""
    return legal[rng.randrange(len(legal))]


def agent_policy(game: Game[Any, Any], agents: Sequence[Agent]) -> Policy:
    """A rollout policy that asks one agent per seat, showing it only that seat's view."""

    def policy(state: Any, player: int, legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        return agents[player].act(game.observe(state, player), legal, rng)

    return policy


#: 1 for a win, 1/k each for a win shared by k players, 0 otherwise.
rewards = win_shares


def score_leaders(game: Game[Any, Any]) -> Evaluate:
    """Scores an unfinished state as if it ended now: the leaders by ``outcome(state).scores``
    share the win (everyone shares it while all scores are equal, e.g. all zero)."""

    def evaluate(state: Any) -> Sequence[float]:
        scores = game.outcome(state).scores
        top = max(scores)
        leaders = tuple(p for p, s in enumerate(scores) if s == top)
        return rewards(Outcome(leaders, scores, 0), game.players)

    return evaluate


def sampler_for(
    game: Game[Any, Any], seat: int, state_source: Callable[[], Any] | None = None
) -> Sampler:
    """How ISMCTS draws states for ``seat``: the game's ``sample_state`` if it draws states,
    else ``shuffle_hidden`` of the state ``state_source`` returns; :class:`NoSampler` if neither."""
    if game.draws_states():

        def from_view(view: View, rng: random.Random) -> Any:
            return game.sample_state(view, seat, rng)

        return from_view
    if state_source is not None:
        source = state_source

        def from_source(view: View, rng: random.Random) -> Any:
            return game.shuffle_hidden(source(), seat, rng)

        return from_source
    raise NoSampler(
        f"ismcts cannot draw {game.id} states from a view: the game has no "
        "sample_state(view, seat, rng) and no state source was given"
    )


@dataclass(frozen=True)
class Budget:
    """How long to search: ``iterations`` (exactly repeatable) or ``seconds`` of wall time."""

    iterations: int | None = DEFAULT_ITERATIONS
    seconds: float | None = None

    def label(self) -> str:
        """The budget as written in a bot spec: ``200`` or ``2s``."""
        if self.seconds is not None:
            return f"{self.seconds:g}s"
        return str(self.iterations)


def parse_budget(text: str) -> Budget:
    """``N`` iterations, ``Ns`` seconds or ``Nms`` milliseconds.

    >>> parse_budget("200"), parse_budget("2s").seconds, parse_budget("250ms").seconds
    (Budget(iterations=200, seconds=None), 2.0, 0.25)
    """
    word = text.strip().lower()
    scale = 1.0 if word.endswith("s") and not word.endswith("ms") else 0.001
    if word.endswith("s"):
        number = word.removesuffix("ms") if word.endswith("ms") else word.removesuffix("s")
        try:
            seconds = float(number) * scale
        except ValueError:
            seconds = math.nan
        if not 0 < seconds <= MAX_SECONDS:
            raise UnknownBot(
                f"ismcts time budget {text!r} must be from 1ms to {MAX_SECONDS:g}s, e.g. 2s"
            )
        return Budget(None, seconds)
    if not word.isdigit() or not 1 <= int(word) <= MAX_ITERATIONS:
        raise UnknownBot(
            f"ismcts budget {text!r} must be iterations from 1 to {MAX_ITERATIONS} "
            "(e.g. ismcts:200) or a time (e.g. ismcts:2s)"
        )
    return Budget(int(word), None)


class _Stat:
    """What one player's action at one node has earned: visits, availability, total reward."""

    __slots__ = ("avail", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.avail = 0
        self.total = 0.0


class _Node:
    """An information set of the searching seat: action statistics by ``(mover, action)``, and
    children by what the seat observed next."""

    __slots__ = ("children", "stats")

    def __init__(self) -> None:
        self.stats: dict[tuple[int, Any], _Stat] = {}
        self.children: dict[tuple[int, Any, str], _Node] = {}


def observation(events: Sequence[Event], seat: int) -> str:
    """The events of one step as ``seat`` sees them, as a key (secrets only for their audience)."""
    return repr(
        [
            (e.kind, e.data, e.secret if e.secret is not None and seat in e.audience else None)
            for e in events
        ]
    )


@dataclass(frozen=True)
class SearchResult:
    """The root's figures after a search: per legal action its visits and mean reward."""

    action: Any
    iterations: int
    visits: dict[Any, int]
    means: dict[Any, float]


class Search:
    """One seat's ISMCTS over a game; ``run`` searches from a view and returns the most visited
    root action (ties: the better mean, then drawn at random)."""

    def __init__(
        self,
        game: Game[Any, Any],
        seat: int,
        budget: Budget | None = None,
        exploration: float = DEFAULT_EXPLORATION,
        rollout: Policy = random_policy,
        max_rollout: int | None = DEFAULT_MAX_ROLLOUT,
        evaluate: Evaluate | None = None,
    ) -> None:
        self.game = game
        self.seat = seat
        self.budget = budget if budget is not None else Budget()
        self.exploration = exploration
        self.rollout = rollout
        self.max_rollout = max_rollout
        self.evaluate = evaluate if evaluate is not None else score_leaders(game)

    def run(
        self, view: View, legal: Sequence[Any], rng: random.Random, sample: Sampler
    ) -> SearchResult:
        """Search from ``view`` (whose ``legal`` actions the seat chooses from) with ``rng``."""
        root = _Node()
        budget = self.budget
        first = sample(view, rng)
        self._check(first)
        self._iterate(root, first, rng)
        done = 1
        if budget.seconds is not None:
            deadline = time.perf_counter() + budget.seconds
            while time.perf_counter() < deadline:
                self._iterate(root, sample(view, rng), rng)
                done += 1
        else:
            for _ in range((budget.iterations or 1) - 1):
                self._iterate(root, sample(view, rng), rng)
            done = budget.iterations or 1
        visits: dict[Any, int] = {}
        means: dict[Any, float] = {}
        for action in legal:
            stat = root.stats.get((self.seat, action))
            visits[action] = stat.visits if stat is not None else 0
            means[action] = stat.total / stat.visits if stat is not None and stat.visits else 0.0
        top = max((visits[a], means[a]) for a in legal)
        # Ties are drawn at random: with fewer iterations than actions, "the first listed" would
        # be a fixed bias (always `ready`, never a discard), and a stalled game could follow.
        tied = [a for a in legal if (visits[a], means[a]) == top]
        best = tied[rng.randrange(len(tied))] if len(tied) > 1 else tied[0]
        return SearchResult(best, done, visits, means)

    def _check(self, state: Any) -> None:
        """Refuse a drawn state that does not ask the seat to decide (the view says it does)."""
        pending = self.game.pending(state)
        if pending.kind in (Kind.CHANCE, Kind.TERMINAL) or self.seat not in pending.players:
            raise InconsistentSample(
                f"the state drawn for seat {self.seat} of {self.game.id} does not ask that seat "
                f"to decide ({pending.kind.value} for {list(pending.players)}): the sampler does "
                "not agree with the view"
            )

    def _iterate(self, root: _Node, state: Any, rng: random.Random) -> None:
        """One determinisation played out once: select, expand, roll out, back up."""
        game, seat = self.game, self.seat
        pending_of, legal_of, apply = game.pending, game.legal_actions, game.apply
        c = self.exploration
        path: list[tuple[_Stat, int]] = []
        node: _Node | None = root
        at_root = True
        steps = 0
        limit = self.max_rollout
        while True:
            pending = pending_of(state)
            kind = pending.kind
            if kind is Kind.TERMINAL:
                values: Sequence[float] = rewards(game.outcome(state), game.players)
                break
            if node is None:
                if limit is not None and steps >= limit:
                    values = self.evaluate(state)
                    break
                steps += 1
            if kind is Kind.CHANCE:
                mover, action = CHANCE, game.sample_chance(state, rng)
            else:
                players = pending.players
                if at_root:
                    mover = seat
                elif kind is Kind.RACE or kind is Kind.REACTION:
                    mover = players[rng.randrange(len(players))] if len(players) > 1 else players[0]
                else:
                    mover = players[0]
                legal = legal_of(state, mover)
                if node is None:
                    action = legal[0] if len(legal) == 1 else self.rollout(state, mover, legal, rng)
                else:
                    action, stat = _select(node, mover, legal, c, rng)
                    path.append((stat, mover))
            at_root = False
            state, events = apply(state, mover, action)
            if node is not None:
                key = (mover, action if mover == seat else None, observation(events, seat))
                child = node.children.get(key)
                if child is None:
                    node.children[key] = _Node()
                    node = None  # one new node per iteration; a rollout follows
                else:
                    node = child
        for stat, mover in path:
            stat.visits += 1
            stat.total += values[mover]


def _select(
    node: _Node, mover: int, legal: Sequence[Any], c: float, rng: random.Random
) -> tuple[Any, _Stat]:
    """ISUCT at one node: an untried legal action if there is one (at random), else the best
    UCB among the legal ones, counting each as available once more."""
    stats = node.stats
    untried: list[Any] = []
    found: list[tuple[Any, _Stat]] = []
    for action in legal:
        stat = stats.get((mover, action))
        if stat is None:
            untried.append(action)
        else:
            stat.avail += 1
            found.append((action, stat))
    if untried:
        action = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
        stat = _Stat()
        stat.avail = 1
        stats[(mover, action)] = stat
        return action, stat
    best_action, best_stat = found[0]
    best = -1.0
    for action, stat in found:
        score = stat.total / stat.visits + c * math.sqrt(math.log(stat.avail) / stat.visits)
        if score > best:
            best, best_action, best_stat = score, action, stat
    return best_action, best_stat


class ISMCTSBot(Agent):
    """An agent that chooses by search from its seat's view.

    By default (the default level) a root-only search: sequential halving over the legal
    actions, each judged by playouts of ``rollout_bot`` (the game's default bot unless named),
    keeping that bot's own move unless another is clearly better (see ``bots/halving.py``).
    With ``tree`` the full SO-ISMCTS tree, with random rollouts unless ``rollout_bot`` or
    ``rollout`` says otherwise. ``state_source`` (optional) returns a state consistent with the
    view, for games without a ``sample_state`` hook; the bot only ever re-deals it with
    ``shuffle_hidden`` before use. In races and reaction windows the bot is as quick as its
    rollout bot (it answers ``reaction_time`` as that bot would).

    ``settings`` (root-only level) is a game's own setting of that level: where playouts stop
    (``turns``), how they are then scored (``evaluate``), and which decisions are searched at
    all (``searches``: the others get the rollout bot's own move at once), and the seat's own
    bot if not the rollout bot (``bot``: its move is kept or played at once). ``searched`` and
    ``answered`` count the decisions searched and those answered without search.
    """

    def __init__(
        self,
        game: Game[Any, Any],
        seat: int,
        budget: Budget | None = None,
        *,
        name: str | None = None,
        state_source: Callable[[], Any] | None = None,
        tree: bool = False,
        rollout_bot: str | None = None,
        exploration: float = DEFAULT_EXPLORATION,
        rollout: Policy | None = None,
        max_rollout: int | None = DEFAULT_MAX_ROLLOUT,
        evaluate: Evaluate | None = None,
        settings: SearchSettings | None = None,
    ) -> None:
        budget = budget if budget is not None else Budget()
        label = (
            budget.label() + ("@all" if tree else "") + (f"/{rollout_bot}" if rollout_bot else "")
        )
        super().__init__(game, seat, name if name is not None else f"ismcts:{label}")
        turns: int | None = None
        margin = 0.0
        own: str | None = None
        #: Which decisions are searched (``None``: every one with a choice).
        self.searches: Searches | None = None
        if settings is not None and not tree:
            if evaluate is None and settings.evaluate is not None:
                evaluate = settings.evaluate(game)
            if max_rollout == DEFAULT_MAX_ROLLOUT:
                max_rollout = settings.max_steps
            turns = settings.turns(game) if callable(settings.turns) else settings.turns
            margin = settings.margin
            self.searches = settings.searches
            own = None if rollout_bot else settings.bot
        evaluate = evaluate if evaluate is not None else score_leaders(game)
        agents = (
            [make_bot(rollout_bot or "default", game, p) for p in range(game.players)]
            if rollout_bot or not tree
            else []
        )
        if own is not None:
            agents[seat] = make_bot(own, game, seat)
        #: Whose race timing the bot borrows: its own seat's rollout bot, if it has one.
        self.timing: Agent | None = agents[seat] if agents else None
        self.search: Search | RootSearch
        if tree:
            if rollout is None:
                rollout = agent_policy(game, agents) if agents else random_policy
            self.search = Search(game, seat, budget, exploration, rollout, max_rollout, evaluate)
        else:
            self.search = RootSearch(
                game,
                seat,
                agents,
                evaluate,
                budget.iterations,
                budget.seconds,
                max_rollout if max_rollout is not None else 10**9,
                check=Search(game, seat)._check,
                turns=turns,
                margin=margin,
            )
        self.state_source = state_source
        #: The figures of the latest search (for tests, benchmarks and a future coach).
        self.last: SearchResult | None = None
        #: The latest root search's halving, arm by arm (root-only level only).
        self.halving: Halving | None = None
        #: Decisions with a choice searched, and answered at once with the rollout bot's move.
        self.searched = 0
        self.answered = 0

    def attach(self, state_source: Callable[[], Any]) -> None:
        """Give the bot a state source (e.g. ``lambda: match.state`` in the offline driver)."""
        self.state_source = state_source

    def act(self, view: View, legal: Sequence[Any], rng: random.Random) -> Any:
        """The chosen root action after searching within the budget."""
        if len(legal) == 1:
            return legal[0]
        search = self.search
        timing, searches = self.timing, self.searches
        if searches is not None and timing is not None and not searches(view, legal):
            self.answered += 1
            self.halving = None
            return timing.act(view, legal, rng)
        self.searched += 1
        sample = sampler_for(self.game, self.seat, self.state_source)
        if isinstance(search, RootSearch):
            found = search.run(view, legal, rng, sample)
            self.halving = found
            self.last = SearchResult(
                found.action,
                found.playouts,
                {arm.action: arm.plays for arm in found.arms},
                {arm.action: arm.mean for arm in found.arms},
            )
        else:
            self.last = search.run(view, legal, rng, sample)
        return self.last.action

    def reaction_time(self, view: View, action: Any, rng: random.Random) -> float:
        """As quick as the rollout bot of this seat would be (the base timing without one)."""
        if self.timing is not None:
            return self.timing.reaction_time(view, action, rng)
        return super().reaction_time(view, action, rng)


def parse_spec(arg: str | None) -> tuple[Budget, bool, str | None]:
    """``[BUDGET][@DEPTH][/BOT]`` as ``(budget, tree, rollout bot)``.

    >>> parse_spec("50@all/random")
    (Budget(iterations=50, seconds=None), True, 'random')
    >>> parse_spec(None)
    (Budget(iterations=100, seconds=None), False, None)
    """
    text = arg or ""
    head, slash, rollout_bot = text.partition("/")
    if slash and not rollout_bot.strip():
        raise UnknownBot(f"ismcts:{text} names no rollout bot after '/' (e.g. ismcts:200/random)")
    budget_text, at, depth = head.partition("@")
    depth = depth.strip().lower()
    if at and depth not in ("1", "root", "all"):
        raise UnknownBot(
            f"ismcts depth {depth!r} must be @1 (root-only search, the default) or @all "
            "(the full tree), e.g. ismcts:200@all"
        )
    if rollout_bot.strip().partition(":")[0].partition("@")[0] == "ismcts":
        raise UnknownBot("ismcts cannot play its rollouts with ismcts; name another bot")
    budget = parse_budget(budget_text) if budget_text.strip() else Budget()
    return budget, depth == "all", rollout_bot.strip() or None


def build(
    game: Game[Any, Any], seat: int, arg: str | None, state_source: Callable[[], Any] | None = None
) -> ISMCTSBot:
    """The bot named by ``ismcts[:BUDGET][@DEPTH][/BOT]`` for ``seat``: the default level, N
    iterations or a time; ``@all`` for the full tree; rollouts by another registered bot.
    Without ``state_source`` the game's ``sample_state`` is used, or the source the driver
    attaches (``Agent.attach``)."""
    budget, tree, rollout_bot = parse_spec(arg)
    settings: SearchSettings | None = None if tree else search_settings(game.id)
    named = (arg or "").partition("/")[0].partition("@")[0].strip()
    if settings is not None and settings.iterations is not None and not named:
        budget = Budget(settings.iterations, None)
    return ISMCTSBot(
        game,
        seat,
        budget,
        state_source=state_source,
        tree=tree,
        rollout_bot=rollout_bot,
        settings=settings,
    )


def _ismcts(game: Game[Any, Any], seat: int, arg: str | None) -> Agent:
    return build(game, seat, arg)


register_bot(
    BotSpec(
        "ismcts",
        "searches from its view: playouts of the default bot judge each move (@all: full "
        f"ISMCTS tree); BUDGET: playouts (default {DEFAULT_ITERATIONS}) or a time such as 2s; "
        "/BOT: rollouts by another bot",
        _ismcts,
        arg="BUDGET",
        optional_arg=True,
    )
)
