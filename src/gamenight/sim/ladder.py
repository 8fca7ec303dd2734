"""A ladder: every bot meets every other in every seat order; win rates, head to head, Elo.

A *seating* puts one bot in each seat. The ladder plays every seating in which each bot takes
as many seats as any other, give or take one: with at least as many bots as seats that is every
ordered choice of distinct bots (both seat orders of every pair in a two-player game); with
fewer bots, some sit twice. Each seating plays the same number of games, through
:func:`gamenight.sim.simulate.simulate`, with its own seed derived from the ladder's seed, so a
ladder replays exactly.

Head to head, bot A's score against bot B counts, over the games where both sat, A's share of
the wins (a shared win counts 1/k to each of its k winners, as in ``simulate``); games won by a
third player count for neither. Elo ratings are the Bradley–Terry maximum-likelihood fit of all
head-to-head results, ``P(A beats B) = 1 / (1 + 10^((R_B - R_A) / 400))``, with one virtual
draw added to every pair that met (so a bot that won every game still gets a finite rating).
The bot ``random``, when it plays, is anchored at 1000; otherwise the ratings average 1500.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.table import Table

from gamenight.bots import make_bot
from gamenight.engine.errors import GameError
from gamenight.engine.game import Game
from gamenight.sim.simulate import game_seed, simulate
from gamenight.sim.stats import wilson_interval

#: The bot anchored at :data:`ANCHOR_RATING` when it plays; otherwise ratings average 1500.
ANCHOR_BOT = "random"
ANCHOR_RATING = 1000.0
MEAN_RATING = 1500.0
#: The most seatings a ladder plays (a guard against a bot list that would take days).
MAX_SEATINGS = 5000


class LadderError(GameError, ValueError):
    """The ladder's bot list or game count cannot make a ladder."""


@dataclass
class Standing:
    """One bot's line in the ladder: seats played, wins, win rate and its interval, Elo."""

    bot: str
    seats: int
    wins: float
    elo: float

    @property
    def win_rate(self) -> float:
        """Wins per seat played."""
        return self.wins / self.seats if self.seats else 0.0

    def to_json(self) -> dict[str, Any]:
        """The line as JSON data."""
        low, high = wilson_interval(self.wins, self.seats)
        return {
            "bot": self.bot,
            "elo": round(self.elo, 1),
            "seats": self.seats,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "ci95": [low, high],
        }


@dataclass
class HeadToHead:
    """Bot ``bot`` against ``opponent``: its score over the results between the two."""

    bot: str
    opponent: str
    score: float
    results: float

    @property
    def rate(self) -> float:
        """The share of the results between the two that went to ``bot``."""
        return self.score / self.results if self.results else 0.0

    def interval(self) -> tuple[float, float]:
        """Wilson 95% interval of ``rate`` (exact count in two-player games)."""
        return wilson_interval(self.score, round(self.results))

    def to_json(self) -> dict[str, Any]:
        """The pair as JSON data."""
        return {
            "bot": self.bot,
            "opponent": self.opponent,
            "score": self.score,
            "results": self.results,
            "rate": self.rate,
            "ci95": list(self.interval()),
        }


@dataclass
class LadderReport:
    """Everything a ladder found, ready to print (:func:`ladder_table`) or dump as JSON."""

    game: str
    config: dict[str, Any]
    bots: list[str]
    games: int  #: games per seating
    seed: int
    seatings: list[dict[str, Any]] = field(default_factory=list)
    standings: list[Standing] = field(default_factory=list)
    pairs: list[HeadToHead] = field(default_factory=list)
    anchor: str = ""

    def to_json(self) -> dict[str, Any]:
        """The report as JSON data."""
        return {
            "game": self.game,
            "config": self.config,
            "bots": self.bots,
            "games_per_seating": self.games,
            "seed": self.seed,
            "elo_anchor": self.anchor,
            "standings": [s.to_json() for s in self.standings],
            "head_to_head": [p.to_json() for p in self.pairs],
            "seatings": self.seatings,
        }

    def pair(self, bot: str, opponent: str) -> HeadToHead:
        """The head-to-head line of ``bot`` against ``opponent``."""
        for p in self.pairs:
            if (p.bot, p.opponent) == (bot, opponent):
                return p
        raise LadderError(f"no head-to-head line for {bot} against {opponent}")


def seatings(bots: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """Every seating in which each bot takes ``players // m`` or one more seat (``m`` bots).

    >>> seatings(["a", "b"], 2)
    [('a', 'b'), ('b', 'a')]
    >>> len(seatings(["a", "b", "c"], 2)), len(seatings(["a", "b", "c"], 4))
    (6, 36)
    """
    m = len(bots)
    low, high = players // m, -(-players // m)
    found = []
    for seats in itertools.product(range(m), repeat=players):
        counts = [seats.count(i) for i in range(m)]
        if all(low <= c <= high for c in counts):
            found.append(tuple(bots[i] for i in seats))
    return found


def seating_count(bots: int, players: int) -> int:
    """How many seatings :func:`seatings` gives for ``bots`` bots at ``players`` seats, counted
    without listing them: choose the bots that sit once more than the rest, then order the
    seats (a multinomial).

    >>> seating_count(3, 4), seating_count(5, 8)
    (36, 50400)
    """
    low, extra = divmod(players, bots)
    repeats = [math.factorial(low + 1)] * extra + [math.factorial(low)] * (bots - extra)
    return math.comb(bots, extra) * (math.factorial(players) // math.prod(repeats))


def plan_ladder(game: Game[Any, Any], names: list[str], games: int) -> list[tuple[str, ...]]:
    """The seatings a ladder of ``names`` plays in ``game``, once it is checked that they make
    one (:class:`LadderError`; ``UnknownBot`` for a bad bot): quick, so that a command can
    refuse before its progress bar starts."""
    if len(names) < 2:
        raise LadderError(f"a ladder needs at least 2 bots, got {len(names)}")
    if len(set(names)) != len(names):
        twice = sorted({b for b in names if names.count(b) > 1})
        raise LadderError(f"each bot may be listed once; listed twice: {', '.join(twice)}")
    if games < 1:
        raise LadderError(f"games per seating must be at least 1, got {games}")
    count = seating_count(len(names), game.players)
    if count > MAX_SEATINGS:
        raise LadderError(
            f"{len(names)} bots at {game.players} seats make {count:,} seatings; a ladder plays "
            f"at most {MAX_SEATINGS:,}: rank fewer bots or at fewer seats (--players), or "
            "compare them at one full table with simulate --rotate-seats"
        )
    for bot in names:
        for seat in range(game.players):
            make_bot(bot, game, seat)
    return seatings(names, game.players)


def ladder(
    game: Game[Any, Any],
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> LadderReport:
    """Play the round robin of ``bots`` in ``game`` (``games`` games per seating).

    ``progress(done, total)`` is told of each finished game, counted over the whole ladder
    (``total``: seatings times ``games``). Raises :class:`LadderError`
    for a bot list or count that cannot make a ladder, and ``UnknownBot`` for a bad bot.
    """
    names = [b.strip() for b in bots]
    plan = plan_ladder(game, names, games)
    report = LadderReport(game.id, game.config.to_json(), names, games, seed)
    seats = dict.fromkeys(names, 0)
    wins = dict.fromkeys(names, 0.0)
    score = {(a, b): 0.0 for a in names for b in names if a != b}
    results = dict.fromkeys(score, 0.0)
    total = len(plan) * games
    for index, lineup in enumerate(plan):
        run_seed = game_seed(seed, index)
        told = None
        if progress is not None:
            told = functools.partial(_told, progress, index * games, total)
        run = simulate(game, list(lineup), games, run_seed, told, workers=workers)
        report.seatings.append({"bots": list(lineup), "seed": run_seed, "wins": run.wins})
        for i, bot in enumerate(lineup):
            seats[bot] += games
            wins[bot] += run.wins[i]
            for j, other in enumerate(lineup):
                if other != bot:
                    score[bot, other] += run.wins[i]
                    results[bot, other] += run.wins[i] + run.wins[j]
    ratings, report.anchor = _anchored(names, fit_elo(names, score, results))
    report.standings = sorted(
        (Standing(b, seats[b], wins[b], ratings[b]) for b in names), key=lambda s: -s.elo
    )
    report.pairs = [HeadToHead(a, b, score[a, b], results[a, b]) for (a, b) in score]
    return report


def _told(progress: Callable[[int, int], None], before: int, total: int, done: int) -> None:
    """Tell ``progress`` of a seating's ``done``-th game, ``before`` games having gone before."""
    progress(before + done, total)


def fit_elo(
    bots: Sequence[str],
    score: dict[tuple[str, str], float],
    results: dict[tuple[str, str], float],
    prior: float = 1.0,
) -> dict[str, float]:
    """Bradley–Terry maximum-likelihood Elo ratings (mean 0) from head-to-head results.

    ``score[a, b]`` is a's score against b over ``results[a, b]`` results (the same number as
    ``results[b, a]``). ``prior`` virtual draws are added to every pair that met. Solved by
    Newton's method with step halving; the log-likelihood is strictly concave.

    >>> meets = {("a", "b"): 100, ("b", "a"): 100}
    >>> r = fit_elo(["a", "b"], {("a", "b"): 75.5, ("b", "a"): 24.5}, meets)
    >>> round(r["a"] - r["b"], 6) == round(400 * math.log10(76 / 25), 6)
    True
    """
    m = len(bots)
    wins = [[0.0] * m for _ in range(m)]
    meets = [[0.0] * m for _ in range(m)]
    for i, a in enumerate(bots):
        for j, b in enumerate(bots):
            n = results.get((a, b), 0.0)
            if i != j and n > 0:
                wins[i][j] = score.get((a, b), 0.0) + prior / 2
                meets[i][j] = n + prior
    theta = [0.0] * m

    def likelihood(th: list[float]) -> float:
        total = 0.0
        for i in range(m):
            for j in range(m):
                if meets[i][j]:
                    total -= wins[i][j] * math.log1p(math.exp(th[j] - th[i]))
        return total

    for _ in range(200):
        grad = [0.0] * m
        hess = [[0.0] * m for _ in range(m)]
        for i in range(m):
            for j in range(m):
                if meets[i][j]:
                    p = 1 / (1 + math.exp(theta[j] - theta[i]))
                    grad[i] += wins[i][j] - meets[i][j] * p
                    hess[i][i] -= meets[i][j] * p * (1 - p)
                    hess[i][j] += meets[i][j] * p * (1 - p)
        # The last rating is held at 0 (ratings are defined up to a shift).
        step = _solve([row[: m - 1] for row in hess[: m - 1]], [-g for g in grad[: m - 1]])
        step.append(0.0)
        base, size = likelihood(theta), 1.0
        while size > 1e-9:
            trial = [t + size * s for t, s in zip(theta, step, strict=True)]
            if likelihood(trial) >= base - 1e-12:
                break
            size /= 2
        theta = trial
        if max(abs(s) for s in step) * size < 1e-12:
            break
    mean = sum(theta) / m
    return {b: (t - mean) * 400 / math.log(10) for b, t in zip(bots, theta, strict=True)}


def _solve(matrix: list[list[float]], rhs: list[float]) -> list[float]:
    """Solve a small linear system by Gaussian elimination with partial pivoting."""
    n = len(rhs)
    rows = [[*row, r] for row, r in zip(matrix, rhs, strict=True)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        if rows[col][col] == 0:
            raise LadderError("the results do not connect the bots; no rating can be fitted")
        for r in range(col + 1, n):
            factor = rows[r][col] / rows[col][col]
            for c in range(col, n + 1):
                rows[r][c] -= factor * rows[col][c]
    out = [0.0] * n
    for r in range(n - 1, -1, -1):
        known = sum(rows[r][c] * out[c] for c in range(r + 1, n))
        out[r] = (rows[r][n] - known) / rows[r][r]
    return out


def _anchored(bots: Sequence[str], ratings: dict[str, float]) -> tuple[dict[str, float], str]:
    """Shift ratings so that ``random`` sits at 1000 when it plays, else so they average 1500."""
    if ANCHOR_BOT in ratings:
        shift = ANCHOR_RATING - ratings[ANCHOR_BOT]
        anchor = f"{ANCHOR_BOT} = {ANCHOR_RATING:g}"
    else:
        shift, anchor = MEAN_RATING, f"mean = {MEAN_RATING:g}"
    return {b: ratings[b] + shift for b in bots}, anchor


def ladder_table(report: LadderReport) -> Table:
    """The standings as a table: Elo, seats played, wins, win rate with its 95% interval."""
    seatings, players = len(report.seatings), report.config.get("players", 0)
    shared = (
        "a win rate is the share of its seats a bot won (two seats at one table win at most "
        "one game). "
        if players > len(report.bots)
        else ""
    )
    table = Table(
        title=(
            f"{report.game} ladder: {players} players, {seatings * report.games} games "
            f"({seatings} seatings x {report.games}), seed {report.seed}"
        ),
        caption=f"{shared}Elo: {report.anchor} (Bradley–Terry fit)",
    )
    table.add_column("#", justify="right")
    table.add_column("bot")
    for name in ["Elo", "seats", "wins", "win rate", "95% CI (%)"]:
        table.add_column(name, justify="right")
    for rank, line in enumerate(report.standings, 1):
        low, high = wilson_interval(line.wins, line.seats)
        table.add_row(
            str(rank),
            line.bot,
            f"{line.elo:.0f}",
            str(line.seats),
            f"{line.wins:g}",
            f"{line.win_rate:.1%}",
            f"{low * 100:.1f}-{high * 100:.1f}",
        )
    return table


def pairs_table(report: LadderReport) -> Table:
    """Head to head: each row bot's share of the results against each column bot (95% CI)."""
    order = [s.bot for s in report.standings]
    table = Table(title="head to head: row bot's share of the results against the column bot")
    table.add_column("bot")
    for bot in order:
        table.add_column(bot, justify="right")
    for bot in order:
        cells = [bot]
        for other in order:
            if other == bot:
                cells.append("")
                continue
            line = report.pair(bot, other)
            low, high = line.interval()
            cells.append(f"{line.rate:.1%} ({low * 100:.1f}-{high * 100:.1f})")
        table.add_row(*cells)
    return table
