"""Cover Your Cookies at research speed: ``gamenight simulate cover-your-cookies --fast``.

Plays whole matches in ``kernel_loop.py`` (compiled by numba when it is installed, the same code
run by Python otherwise), with every rule option and the ``random``, ``first`` and ``baker``
(default) bots, and reports what ``sim.simulate`` reports: win rates, shared wins, game length,
the game's figures. ``ismcts`` searches sampled worlds at every move and is not batched.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import numpy as np

from gamenight.engine.errors import GameError
from gamenight.engine.game import Game
from gamenight.games.cover_your_cookies import kernel_loop as loop
from gamenight.games.cover_your_cookies.bots import DEFAULT_BOT
from gamenight.games.cover_your_cookies.cards import CARDS, ENHANCE, INFO
from gamenight.games.cover_your_cookies.config import MATCH_MODES, CoverYourCookiesConfig
from gamenight.games.cover_your_cookies.deck import new_round
from gamenight.games.cover_your_cookies.game import CoverYourCookies
from gamenight.games.cover_your_cookies.metrics import CoverYourCookiesMetrics
from gamenight.sim.kernels import NoKernel
from gamenight.sim.simulate import Tally, build_report

#: Games per call of the loop (the report is the same for any chunking: one seed per game).
CHUNK = 50_000
_POLICIES = {"random": loop.RANDOM, "first": loop.FIRST, "baker": loop.BAKER}
_EFFECTS = {"rotate": loop.ROTATE, "enhance": loop.ENHANCE, "swap": loop.SWAP}
_KINDS = {"cookie": loop.COOKIE, "milk": loop.MILK, "mixer": loop.MIXER}


def parse_policy(spec: str) -> int:
    """The loop's code for a bot of ``--bots`` (``default`` is baker); :class:`NoKernel` for
    a bot the loop does not play."""
    name = DEFAULT_BOT if spec == "default" else spec
    if name in _POLICIES:
        return _POLICIES[name]
    if name.partition(":")[0] == "ismcts":
        raise NoKernel(
            "ismcts searches sampled worlds at every move and cannot be batched: "
            "drop --fast to play it (the fast kernel plays random, first and baker)"
        )
    raise NoKernel(f"the fast kernel plays random, first and baker (default), not {spec!r}")


def card_table(config: CoverYourCookiesConfig) -> np.ndarray[Any, np.dtype[np.int64]]:
    """The cards as the loop reads them (rows ``C_*``), with the round's starting deck."""
    start = new_round(config).deck
    table = np.zeros((7, len(CARDS)), np.int64)
    for i, card in enumerate(CARDS):
        table[loop.C_COUNT, i] = card.count
        table[loop.C_DOUGH, i] = card.dough
        table[loop.C_KIND, i] = _KINDS[card.kind]
        table[loop.C_STRONG, i] = int(card.strong)
        effect = card.effect
        table[loop.C_EFFECT, i] = (
            loop.EXCHANGE if effect == "exchange" else _EFFECTS.get(effect or "", 0)
        )
        table[loop.C_DIR, i] = -1 if card.direction == "right" else 1
        table[loop.C_START, i] = start[i]
    return table


def config_row(config: CoverYourCookiesConfig) -> np.ndarray[Any, np.dtype[np.int64]]:
    """The options as the loop reads them (entries ``K_*``)."""
    row = np.zeros(13, np.int64)
    row[loop.K_PLAYERS] = config.players
    row[loop.K_SIZE] = config.cards_in_hand
    row[loop.K_SMALL] = int(config.small_table)
    row[loop.K_ROW] = config.discard_row
    row[loop.K_ES] = int(config.extra_strength)
    row[loop.K_TWO] = int(config.two_actions)
    row[loop.K_MIXERS] = int(config.mixers)
    row[loop.K_MATCH] = MATCH_MODES.index(config.match)
    row[loop.K_TARGET] = config.target
    row[loop.K_ROUNDS] = config.rounds
    row[loop.K_WINS] = config.wins_needed
    row[loop.K_FIRST] = config.first_player
    row[loop.K_ENHANCE] = INFO[ENHANCE].dough
    return row


def new_arrays(config: CoverYourCookiesConfig, bots: list[int]) -> Any:
    """One game's arrays, the tables and the run's tallies, as ``kernel_loop.Game``."""
    p = config.players
    hand_cards = [c.id for c in CARDS if c.kind != "mixer"]
    alpha = np.array(sorted(range(len(hand_cards)), key=lambda i: hand_cards[i]), np.int64)

    def ints(*shape: int) -> np.ndarray[Any, np.dtype[np.int64]]:
        return np.zeros(shape, np.int64)

    nh = len(hand_cards)
    return loop.Game(
        s=ints(loop.NS),
        pv=ints(loop.NPV, p),
        hands=ints(p, nh),
        transit=ints(p, nh),
        deck=ints(len(CARDS)),
        public=ints(nh),
        dseq=ints(loop.MAX_DISCARD),
        dcount=ints(nh),
        sflav=ints(p, loop.MAX_BATCHES),
        sval=ints(p, loop.MAX_BATCHES),
        sid=ints(p, loop.MAX_BATCHES),
        qp=ints(loop.MAX_QUEUE),
        qc=ints(loop.MAX_QUEUE),
        defenders=ints(loop.MAX_QUEUE),
        ak=ints(loop.MAX_ACTIONS),
        aa=ints(loop.MAX_ACTIONS),
        ab=ints(loop.MAX_ACTIONS),
        ac=ints(loop.MAX_ACTIONS),
        scores=ints(p),
        cfg=config_row(config),
        cards=card_table(config),
        alpha=alpha,
        crumb=np.array(config.crumb_track, np.int64),
        bots=np.array(bots, np.int64),
        seat=ints(4, p),
        tally=ints(9),
        lengths=ints(loop.MAX_LENGTH),
    )


def compiled_available() -> bool:
    """Whether the compiled loop can play (numba is installed)."""
    return loop.COMPILED


def simulate_fast(
    game: Game[Any, Any],
    bots: Sequence[str],
    games: int,
    seed: int,
    compiled: bool | None = None,
) -> Any:
    """Play ``games`` matches between the bots; the same report as ``sim.simulate``.

    ``compiled`` chooses the loop (``None``: compiled when numba is installed); the report is
    the same either way."""
    if not isinstance(game, CoverYourCookies):
        raise NoKernel(f"this kernel plays cover-your-cookies, not {game.id}")
    config = game.config
    policies = [parse_policy(spec) for spec in bots]
    if compiled is None:
        compiled = loop.COMPILED
    if compiled and not loop.COMPILED:
        raise NoKernel("the compiled kernel needs numba: pip install 'gamenight[fast]'")
    run = loop.play_games if compiled else loop.python_loop()
    g = new_arrays(config, policies)
    p = config.players
    seeds = np.random.default_rng(seed).integers(1, 2**32, size=games, dtype=np.int64)
    wins = [Fraction(0)] * p
    shared = [0] * p
    turns = 0
    lengths: dict[int, int] = {}
    scores: list[dict[float, int]] = [{} for _ in range(p)]
    for start in range(0, games, CHUNK):
        chunk = seeds[start : start + CHUNK]
        winners = np.zeros((chunk.size, p), np.int64)
        final = np.zeros((chunk.size, p), np.int64)
        played = np.zeros(chunk.size, np.int64)
        run(g, chunk, winners, final, played)
        if g.tally[loop.M_STALLED]:
            raise GameError(f"a game did not end within {loop.MAX_STEPS:,} decisions")
        k = winners.sum(axis=1)
        for ways in range(1, p + 1):
            counts = (winners * (k == ways)[:, None]).sum(axis=0)
            wins = [w + Fraction(int(c), ways) for w, c in zip(wins, counts, strict=True)]
        shared = [
            s + int(c)
            for s, c in zip(shared, (winners * (k > 1)[:, None]).sum(axis=0), strict=True)
        ]
        turns += int(played.sum())
        values, counts = np.unique(played, return_counts=True)
        for v, c in zip(values, counts, strict=True):
            lengths[int(v)] = lengths.get(int(v), 0) + int(c)
        for seat in range(p):
            values, counts = np.unique(final[:, seat], return_counts=True)
            for v, c in zip(values, counts, strict=True):
                scores[seat][float(v)] = scores[seat].get(float(v), 0) + int(c)
    metrics = tallied_metrics(g, p, games)
    tally = Tally(wins, shared, turns, metrics, [], dict(sorted(lengths.items())), scores)
    names = [DEFAULT_BOT if spec == "default" else spec for spec in bots]
    return build_report(game, names, games, seed, tally, {"kernel": "numpy"})


def tallied_metrics(g: Any, players: int, games: int) -> CoverYourCookiesMetrics:
    """The game's figures from the loop's tallies."""
    metrics = CoverYourCookiesMetrics(players)
    metrics.games = games
    metrics.rounds = int(g.tally[loop.M_ROUNDS])
    metrics.attempts = [int(v) for v in g.seat[loop.T_ATTEMPTS]]
    metrics.swipes = [int(v) for v in g.seat[loop.T_SWIPES]]
    metrics.lost = [int(v) for v in g.seat[loop.T_LOST]]
    metrics.dough = [int(v) for v in g.seat[loop.T_DOUGH]]
    metrics.duels = int(g.tally[loop.M_DUELS])
    metrics.duel_plays = int(g.tally[loop.M_PLAYS])
    metrics.duel_cards = int(g.tally[loop.M_CARDS])
    metrics.longest = int(g.tally[loop.M_LONGEST])
    metrics.lengths = {i: int(c) for i, c in enumerate(g.lengths) if c}
    metrics.spread = int(g.tally[loop.M_SPREAD])
    metrics.mixers = int(g.tally[loop.M_MIXERS])
    return metrics


def decisions(report_games: int, g: Any) -> int:
    """Player decisions the loop took (turn moves, duel answers, mixer choices)."""
    return int(g.tally[loop.M_DECISIONS])
