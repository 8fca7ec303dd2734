"""Cover Your Cookies' fast loop, part one: the codes, one game's arrays, chance and the table.

See ``kernel_loop.py``: the loop in three modules (these codes and helpers, the moves and the
bots in ``kernel_bots.py``, the rules' flow in ``kernel_loop.py``), every function compiled by
numba when it is installed and plain Python otherwise.
"""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Callable
from typing import Any, TypeVar, cast

F = TypeVar("F", bound=Callable[..., Any])

try:
    from numba import njit as _njit
except ImportError:  # numba is optional: Python plays the same code
    _njit = None  # type: ignore[assignment]

#: Whether the loop is compiled (numba is installed).
COMPILED = _njit is not None


def jit(function: F) -> F:
    """The function compiled by numba (cached on disk) when it is installed, else itself."""
    if _njit is None:
        return function
    return cast(F, _njit(cache=True)(function))


# ---- codes ------------------------------------------------------------------------------------
#: Bot policies.
RANDOM, FIRST, BAKER = 0, 1, 2
#: Card kinds and mixer effects (``cards.CardInfo``).
COOKIE, MILK, MIXER = 0, 1, 2
NO_EFFECT, ROTATE, ENHANCE, SWAP, EXCHANGE = 0, 1, 2, 3, 4
#: Rows of the card table ``cards``: count, dough, kind, strong, effect, direction (+1 left),
#: and how many the deck holds at the start of a round under the config (mixers left out).
C_COUNT, C_DOUGH, C_KIND, C_STRONG, C_EFFECT, C_DIR, C_START = range(7)
#: Config entries.
(
    K_PLAYERS,
    K_SIZE,
    K_SMALL,
    K_ROW,
    K_ES,
    K_TWO,
    K_MIXERS,
    K_MATCH,
    K_TARGET,
    K_ROUNDS,
    K_WINS,
    K_FIRST,
    K_ENHANCE,
) = range(13)
#: Match modes (``config.MATCH_MODES`` order).
SINGLE, TARGET, ROUNDS, WINS = 0, 1, 2, 3
#: Phases of the loop.
TURN, DUEL, DRAW, MIXER_CHOICE, ROUND_END = 0, 1, 2, 3, 4
#: First-Batch standings (``state.FirstBatch``).
BEFORE, BLOCKED, PAIRS, SINGLE_OK = 0, 1, 2, 3
#: Scalar state entries.
(
    S_PHASE,
    S_TURN,
    S_TURNS,
    S_ACTIONS,
    S_TOP,
    S_DLEN,
    S_FORBID,
    S_NEXTID,
    S_RESUME,
    S_QLEN,
    S_QHEAD,
    S_NDEF,
    S_CH,
    S_DF,
    S_FLAV,
    S_NEED,
    S_LAST,
    S_PLAYS,
    S_CARDS,
    S_PLAYED,
    S_MCARD,
    S_MDRAWER,
    S_ROUND,
    S_FIRSTP,
    S_RNG,
    S_STEPS,
) = range(26)
NS = 26
#: Per-player rows.
P_HLEN, P_SLEN, P_CRUMBS, P_WAIT, P_FB, P_TOTAL, P_RWINS, P_SCORE = range(8)
NPV = 8
#: Tallies over every game: per seat (rows of ``seat``) and overall (``tally``).
T_ATTEMPTS, T_SWIPES, T_LOST, T_DOUGH = range(4)
(
    M_ROUNDS,
    M_DUELS,
    M_PLAYS,
    M_CARDS,
    M_LONGEST,
    M_SPREAD,
    M_MIXERS,
    M_DECISIONS,
    M_STALLED,
) = range(9)
#: Action kinds in the move list.
A_FORM, A_SWIPE, A_ADD, A_DISCARD, A_END, A_ANSWER, A_YIELD = range(7)
#: Room for moves, Batches per stack, discards, draw orders and duel lengths.
MAX_ACTIONS, MAX_BATCHES, MAX_DISCARD, MAX_QUEUE, MAX_LENGTH = 192, 128, 128, 8, 256
#: Decisions after which a game is given up (no game comes near it).
MAX_STEPS = 20_000
MILK_KEEP = 30.0
MASK = 0xFFFFFFFF

#: One game's arrays and the tables, handed to every function as one value.
Game = namedtuple(
    "Game",
    "s pv hands transit deck public dseq dcount sflav sval sid qp qc defenders "
    "ak aa ab ac scores cfg cards alpha crumb bots seat tally lengths",
)


# ---- chance -----------------------------------------------------------------------------------
@jit
def below(g: Any, n: int) -> int:
    """A uniform integer from 0 to ``n - 1``: xorshift32, high bits by multiplication."""
    x = g.s[S_RNG]
    x ^= (x << 13) & MASK
    x ^= x >> 17
    x ^= (x << 5) & MASK
    g.s[S_RNG] = x
    return int((x * n) >> 32)


@jit
def draw_card(g: Any) -> int:
    """A uniformly random card off the deck (no mixer from the top half), taken from it."""
    nh = g.alpha.size
    top = g.s[S_TOP]
    upto = g.deck.size if top == 0 else nh
    total = 0
    for c in range(upto):
        total += g.deck[c]
    r = below(g, total)
    card = 0  # a while loop: numba compiles a ``for`` with ``break`` here some 20 times slower
    while card < upto - 1 and r >= g.deck[card]:
        r -= g.deck[card]
        card += 1
    g.deck[card] -= 1
    if top > 0:
        g.s[S_TOP] = top - 1
    return card


@jit
def deck_empty(g: Any) -> bool:
    """Whether the draw pile is out (a plain loop: numba compiles it without a generator)."""
    for c in range(g.deck.size):  # noqa: SIM110
        if g.deck[c] > 0:
            return False
    return True


# ---- hands, stacks, the discard pile ----------------------------------------------------------
@jit
def give(g: Any, p: int, card: int) -> None:
    """``card`` joins ``p``'s hand."""
    g.hands[p, card] += 1
    g.pv[P_HLEN, p] += 1


@jit
def lose(g: Any, p: int, card: int) -> None:
    """``card`` leaves ``p``'s hand and is face up from now on."""
    g.hands[p, card] -= 1
    g.pv[P_HLEN, p] -= 1
    g.public[card] += 1


@jit
def push_batch(g: Any, p: int, flavour: int, value: int, batch: int) -> None:
    """A Batch goes on top of ``p``'s stack."""
    k = g.pv[P_SLEN, p]
    if k >= MAX_BATCHES:
        g.tally[M_STALLED] += 1
        return
    g.sflav[p, k] = flavour
    g.sval[p, k] = value
    g.sid[p, k] = batch
    g.pv[P_SLEN, p] = k + 1


@jit
def crumb_bonus(g: Any, crumbs: int) -> int:
    """The Crumb Collector bonus for a stack swiped ``crumbs`` times."""
    last = g.crumb.size - 1
    return int(g.crumb[min(crumbs, last)])


@jit
def dough_of(g: Any, p: int) -> int:
    """A player's Dough: their stack plus their Crumb Collector bonus."""
    total = 0
    for k in range(g.pv[P_SLEN, p]):
        total += g.sval[p, k]
    return total + crumb_bonus(g, g.pv[P_CRUMBS, p])


@jit
def top_value(g: Any, p: int) -> int:
    """The value of ``p``'s top Batch (0 with none)."""
    k = g.pv[P_SLEN, p]
    return int(g.sval[p, k - 1]) if k > 0 else 0


@jit
def pile_top_cookie(g: Any) -> int:
    """The cookie on top of the discard pile, or -1 (empty, or a milk there)."""
    n = g.s[S_DLEN]
    if n == 0:
        return -1
    card = g.dseq[n - 1]
    return int(card) if g.cards[C_KIND, card] == COOKIE else -1


@jit
def usable_pile(g: Any, card: int) -> bool:
    """Whether a Batch may be formed with the discarded cookie ``card`` now."""
    if g.cards[C_KIND, card] != COOKIE:
        return False
    if g.cfg[K_SMALL]:
        return bool(g.dcount[card] > 0)
    return pile_top_cookie(g) == card


@jit
def can_pair(g: Any, p: int) -> bool:
    """Whether ``p`` can start a two-card Batch now (``rules.pair_forms`` is not empty)."""
    milk = False
    for c in range(g.alpha.size):
        if g.cards[C_KIND, c] == MILK and g.hands[p, c] > 0:
            milk = True
    for c in range(g.alpha.size):
        if g.cards[C_KIND, c] != COOKIE:
            continue
        held = g.hands[p, c]
        if held >= 2 or (held > 0 and milk):
            return True
        if usable_pile(g, c) and (held > 0 or milk):
            return True
    return False
