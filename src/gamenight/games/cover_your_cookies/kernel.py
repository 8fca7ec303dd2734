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
from gamenight.games.cover_your_cookies import kernel_codes as codes
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
_POLICIES = {"random": codes.RANDOM, "first": codes.FIRST, "baker": codes.BAKER}
_EFFECTS = {"rotate": codes.ROTATE, "enhance": codes.ENHANCE, "swap": codes.SWAP}
_KINDS = {"cookie": codes.COOKIE, "milk": codes.MILK, "mixer": codes.MIXER}


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
        table[codes.C_COUNT, i] = card.count
        table[codes.C_DOUGH, i] = card.dough
        table[codes.C_KIND, i] = _KINDS[card.kind]
        table[codes.C_STRONG, i] = int(card.strong)
        effect = card.effect
        table[codes.C_EFFECT, i] = (
            codes.EXCHANGE if effect == "exchange" else _EFFECTS.get(effect or "", 0)
        )
        table[codes.C_DIR, i] = -1 if card.direction == "right" else 1
        table[codes.C_START, i] = start[i]
    return table


def config_row(config: CoverYourCookiesConfig) -> np.ndarray[Any, np.dtype[np.int64]]:
    """The options as the loop reads them (entries ``K_*``)."""
    row = np.zeros(13, np.int64)
    row[codes.K_PLAYERS] = config.players
    row[codes.K_SIZE] = config.cards_in_hand
    row[codes.K_SMALL] = int(config.small_table)
    row[codes.K_ROW] = config.discard_row
    row[codes.K_ES] = int(config.extra_strength)
    row[codes.K_TWO] = int(config.two_actions)
    row[codes.K_MIXERS] = int(config.mixers)
    row[codes.K_MATCH] = MATCH_MODES.index(config.match)
    row[codes.K_TARGET] = config.target
    row[codes.K_ROUNDS] = config.rounds
    row[codes.K_WINS] = config.wins_needed
    row[codes.K_FIRST] = config.first_player
    row[codes.K_ENHANCE] = INFO[ENHANCE].dough
    return row


def new_arrays(config: CoverYourCookiesConfig, bots: list[int]) -> Any:
    """One game's arrays, the tables and the run's tallies, as ``kernel_loop.Game``."""
    p = config.players
    hand_cards = [c.id for c in CARDS if c.kind != "mixer"]
    alpha = np.array(sorted(range(len(hand_cards)), key=lambda i: hand_cards[i]), np.int64)

    def ints(*shape: int) -> np.ndarray[Any, np.dtype[np.int64]]:
        return np.zeros(shape, np.int64)

    nh = len(hand_cards)
    return codes.Game(
        s=ints(codes.NS),
        pv=ints(codes.NPV, p),
        hands=ints(p, nh),
        transit=ints(p, nh),
        deck=ints(len(CARDS)),
        public=ints(nh),
        dseq=ints(codes.MAX_DISCARD),
        dcount=ints(nh),
        sflav=ints(p, codes.MAX_BATCHES),
        sval=ints(p, codes.MAX_BATCHES),
        sid=ints(p, codes.MAX_BATCHES),
        qp=ints(codes.MAX_QUEUE),
        qc=ints(codes.MAX_QUEUE),
        defenders=ints(codes.MAX_QUEUE),
        ak=ints(codes.MAX_ACTIONS),
        aa=ints(codes.MAX_ACTIONS),
        ab=ints(codes.MAX_ACTIONS),
        ac=ints(codes.MAX_ACTIONS),
        scores=ints(p),
        cfg=config_row(config),
        cards=card_table(config),
        alpha=alpha,
        crumb=np.array(config.crumb_track, np.int64),
        bots=np.array(bots, np.int64),
        seat=ints(4, p),
        tally=ints(9),
        lengths=ints(codes.MAX_LENGTH),
    )


def compiled_available() -> bool:
    """Whether the compiled loop can play (numba is installed)."""
    return codes.COMPILED


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
        compiled = codes.COMPILED
    if compiled and not codes.COMPILED:
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
        if g.tally[codes.M_STALLED]:
            raise GameError(f"a game did not end within {codes.MAX_STEPS:,} decisions")
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
    per_game = int(g.tally[codes.M_DECISIONS]) / games if games else 0.0
    extra = {"kernel": "numpy", "decisions_per_game": per_game}
    return build_report(game, names, games, seed, tally, extra)


def tallied_metrics(g: Any, players: int, games: int) -> CoverYourCookiesMetrics:
    """The game's figures from the loop's tallies."""
    metrics = CoverYourCookiesMetrics(players)
    metrics.games = games
    metrics.rounds = int(g.tally[codes.M_ROUNDS])
    metrics.attempts = [int(v) for v in g.seat[codes.T_ATTEMPTS]]
    metrics.swipes = [int(v) for v in g.seat[codes.T_SWIPES]]
    metrics.lost = [int(v) for v in g.seat[codes.T_LOST]]
    metrics.dough = [int(v) for v in g.seat[codes.T_DOUGH]]
    metrics.duels = int(g.tally[codes.M_DUELS])
    metrics.duel_plays = int(g.tally[codes.M_PLAYS])
    metrics.duel_cards = int(g.tally[codes.M_CARDS])
    metrics.longest = int(g.tally[codes.M_LONGEST])
    metrics.lengths = {i: int(c) for i, c in enumerate(g.lengths) if c}
    metrics.spread = int(g.tally[codes.M_SPREAD])
    metrics.mixers = int(g.tally[codes.M_MIXERS])
    return metrics
