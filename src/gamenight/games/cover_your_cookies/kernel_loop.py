"""Cover Your Cookies' fast loop: whole games as integer arrays, one game after another.

The rules of ``resolve.py`` and ``rules.py`` and the policies of the ``random``, ``first`` and
``baker`` bots (``bots.py``) written once as plain loops over small integer arrays. With numba
installed (the ``fast`` extra) :data:`play_games` is this code compiled; :func:`python_loop` is the
very same code run by Python. Both draw from the same per-game generator (xorshift32, seeded from
numpy), so they play the same games to the last card; a test checks this.

Cards are indices of ``cards.CARDS`` (cookies, milk, then mixers). Where the engine lists moves
in the order of card ids as text (hands are sorted tuples of ids), the loop walks ``alpha``, the
hand cards in that order, so ``first`` plays the same move and ``baker`` breaks ties the same way.
"""

from __future__ import annotations

import types
from collections import namedtuple
from collections.abc import Callable
from typing import Any, TypeVar, cast

import numpy as np

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
    card = 0
    for c in range(upto):
        r -= g.deck[c]
        if r < 0:
            card = c
            break
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


# ---- moves ------------------------------------------------------------------------------------
@jit
def add_move(g: Any, n: int, kind: int, a: int, b: int, c: int) -> int:
    """Append a move to the list; the new length."""
    if n >= MAX_ACTIONS:
        return n
    g.ak[n] = kind
    g.aa[n] = a
    g.ab[n] = b
    g.ac[n] = c
    return n + 1


@jit
def turn_moves(g: Any, p: int) -> int:
    """The moves of ``p``'s turn, in the order of ``rules.turn_actions``; their number.

    Forms: ``a``, ``b`` (-1: one card) from hand, ``c`` the discarded cookie (-1: none)."""
    alpha = g.alpha
    n = 0
    for i in range(alpha.size):  # two cards from hand: identical cookies, or cookie and milk
        c = alpha[i]
        if g.cards[C_KIND, c] != COOKIE or g.hands[p, c] == 0:
            continue
        if g.hands[p, c] >= 2:
            n = add_move(g, n, A_FORM, c, c, -1)
        for j in range(alpha.size):
            m = alpha[j]
            if g.cards[C_KIND, m] == MILK and g.hands[p, m] > 0:
                n = add_move(g, n, A_FORM, c, m, -1)
    for i in range(alpha.size):  # a hand card with a discarded cookie
        pile = alpha[i]
        if not usable_pile(g, pile):
            continue
        if g.hands[p, pile] > 0:
            n = add_move(g, n, A_FORM, pile, -1, pile)
        for j in range(alpha.size):
            m = alpha[j]
            if g.cards[C_KIND, m] == MILK and g.hands[p, m] > 0:
                n = add_move(g, n, A_FORM, m, -1, pile)
    players = g.cfg[K_PLAYERS]
    if g.pv[P_SLEN, p] > 0:
        for t in range(players):
            k = g.pv[P_SLEN, t]
            if t == p or k < 2 or g.sid[t, k - 1] == g.s[S_FORBID]:
                continue
            flavour = g.sflav[t, k - 1]
            for i in range(alpha.size):
                c = alpha[i]
                if g.hands[p, c] > 0 and (c == flavour or g.cards[C_KIND, c] == MILK):
                    n = add_move(g, n, A_SWIPE, t, c, -1)
    elif g.pv[P_FB, p] == SINGLE_OK:  # the single-cookie first Batch
        for i in range(alpha.size):
            c = alpha[i]
            if g.cards[C_KIND, c] == COOKIE and g.hands[p, c] > 0:
                n = add_move(g, n, A_FORM, c, -1, -1)
    if n == 0 and deck_empty(g) and g.pv[P_SLEN, p] > 0:  # adding to one's own top Batch
        flavour = g.sflav[p, g.pv[P_SLEN, p] - 1]
        for i in range(alpha.size):
            c = alpha[i]
            if g.hands[p, c] > 0 and (c == flavour or g.cards[C_KIND, c] == MILK):
                n = add_move(g, n, A_ADD, c, -1, -1)
    cookies = False
    for i in range(alpha.size):
        c = alpha[i]
        if g.cards[C_KIND, c] == COOKIE and g.hands[p, c] > 0:
            cookies = True
            n = add_move(g, n, A_DISCARD, c, -1, -1)
    if not cookies and n == 0:  # a hand of nothing but milk discards a milk
        for i in range(alpha.size):
            c = alpha[i]
            if g.hands[p, c] > 0:
                n = add_move(g, n, A_DISCARD, c, -1, -1)
    if g.cfg[K_TWO] and g.s[S_ACTIONS] >= 1:
        n = add_move(g, n, A_END, -1, -1, -1)
    return n


@jit
def duel_moves(g: Any, r: int) -> int:
    """The responder's answers and yield, in the order of ``rules.duel_actions``."""
    alpha = g.alpha
    flavour = g.s[S_FLAV]
    n = 0
    if g.s[S_NEED] == 1:
        for i in range(alpha.size):
            c = alpha[i]
            if g.hands[r, c] > 0 and (c == flavour or g.cards[C_KIND, c] == MILK):
                n = add_move(g, n, A_ANSWER, c, -1, -1)
    else:
        for i in range(alpha.size):  # a strong milk alone
            c = alpha[i]
            if g.hands[r, c] > 0 and g.cards[C_KIND, c] == MILK and g.cards[C_STRONG, c]:
                n = add_move(g, n, A_ANSWER, c, -1, -1)
        for i in range(alpha.size):  # two weak cards, as sorted pairs of ids
            a = alpha[i]
            if g.hands[r, a] == 0 or g.cards[C_STRONG, a]:
                continue
            if a != flavour and g.cards[C_KIND, a] != MILK:
                continue
            for j in range(i, alpha.size):
                b = alpha[j]
                if g.hands[r, b] == 0 or g.cards[C_STRONG, b]:
                    continue
                if b != flavour and g.cards[C_KIND, b] != MILK:
                    continue
                if a == b and g.hands[r, a] < 2:
                    continue
                n = add_move(g, n, A_ANSWER, a, b, -1)
    return add_move(g, n, A_YIELD, -1, -1, -1)


# ---- the baker bot ----------------------------------------------------------------------------
@jit
def comb(n: int, k: int) -> int:
    """``math.comb`` (0 when ``k`` is out of range)."""
    if k < 0 or k > n:
        return 0
    out = 1
    for i in range(k):
        out = out * (n - i) // (i + 1)
    return out


@jit
def card_cost(g: Any, card: int) -> float:
    """``bots._card_cost``: Dough, plus the keep value of milk."""
    extra = MILK_KEEP if g.cards[C_KIND, card] == MILK else 0.0
    return float(g.cards[C_DOUGH, card] + extra)


@jit
def win_chance(g: Any, me: int, target: int, flavour: int, ammo: int) -> float:
    """``bots.win_chance`` over the cards ``me`` has not seen."""
    total = 0
    matching = 0
    for c in range(g.alpha.size):
        left = g.cards[C_COUNT, c] - g.hands[me, c] - g.public[c]
        total += left
        if c == flavour or g.cards[C_KIND, c] == MILK:
            matching += left
    hand = min(int(g.pv[P_HLEN, target]), total)
    if total <= 0:
        return 1.0
    ways = comb(total, hand)
    chance = 0.0
    for k in range(min(ammo, hand + 1)):
        chance += comb(matching, k) * comb(total - matching, hand - k) / ways
    return chance


@jit
def baker_score(g: Any, me: int, i: int) -> float:
    """``BakerBot.score`` of move ``i``."""
    kind, a, b, pile = g.ak[i], g.aa[i], g.ab[i], g.ac[i]
    if kind == A_SWIPE:
        k = g.pv[P_SLEN, a]
        flavour = g.sflav[a, k - 1]
        ammo = 0
        for c in range(g.alpha.size):
            if c == flavour or g.cards[C_KIND, c] == MILK:
                ammo += g.hands[me, c]
        odds = win_chance(g, me, a, flavour, ammo)
        opener = card_cost(g, b)
        return odds * (float(g.sval[a, k - 1]) + opener) * 1.3 - (1 - odds) * opener - 8
    if kind == A_FORM:
        value = g.cards[C_DOUGH, a]
        milk = MILK_KEEP if g.cards[C_KIND, a] == MILK else 0.0
        if b >= 0:
            value += g.cards[C_DOUGH, b]
            if g.cards[C_KIND, b] == MILK:
                milk += MILK_KEEP
        if pile >= 0:
            value += g.cards[C_DOUGH, pile]
        k = g.pv[P_SLEN, me]
        cover = 0.25 * g.sval[me, k - 1] if k > 0 else 10.0
        score = float(value + cover - milk)
        return score + 8 if pile >= 0 else score
    if kind == A_ADD:
        return float(g.cards[C_DOUGH, a] + 1)
    if kind == A_DISCARD:
        gift = 6 if g.hands[me, a] == 1 else 0
        penalty = 20 if deck_empty(g) else 0
        return -card_cost(g, a) - 10 - gift - penalty
    if kind == A_END:
        return -12.0
    return -100.0


@jit
def baker_turn(g: Any, me: int, n: int) -> int:
    """The best-scored move (the last of equals, as ``max`` over (score, index))."""
    best = -1e300
    pick = 0
    for i in range(n):
        score = baker_score(g, me, i)
        if score >= best:
            best = score
            pick = i
    return pick


@jit
def baker_duel(g: Any, n: int) -> int:
    """``BakerBot.duel``: the cheapest answer while the Batch is worth it, else yield."""
    if n == 1:
        return 0
    best = 0
    cost = 1e300
    for i in range(n - 1):
        c = card_cost(g, g.aa[i])
        if g.ab[i] >= 0:
            c += card_cost(g, g.ab[i])
        if c < cost:
            cost = c
            best = i
    d = g.s[S_DF]
    stake = g.sval[d, g.pv[P_SLEN, d] - 1] + g.s[S_PLAYED]
    return best if stake + 10 >= cost * 0.8 else n - 1


# ---- decisions --------------------------------------------------------------------------------
@jit
def choose(g: Any, p: int, n: int, phase: int) -> int:
    """Seat ``p``'s bot picks one of ``n`` moves (the turn's or the duel's)."""
    g.tally[M_DECISIONS] += 1
    bot = g.bots[p]
    if bot == RANDOM:
        return below(g, n)
    if bot == FIRST:
        return 0
    if phase == DUEL:
        return baker_duel(g, n)
    return baker_turn(g, p, n)


@jit
def choose_mixer(g: Any, drawer: int, effect: int) -> None:
    """The drawer's choice for a Rotate, Swap or Exchange, then its effect."""
    g.tally[M_DECISIONS] += 1
    bot = g.bots[drawer]
    players = g.cfg[K_PLAYERS]
    if effect == ROTATE:
        if bot == RANDOM:
            left = below(g, 2) == 0
        elif bot == FIRST:
            left = True
        else:
            mine = top_value(g, drawer)
            gain_left = top_value(g, (drawer - 1) % players) - mine
            gain_right = top_value(g, (drawer + 1) % players) - mine
            left = gain_left >= gain_right
        rotate(g, 1 if left else -1)
    elif effect == SWAP:
        count = 0  # the pairs of other players with a Batch, in order
        for a in range(players):
            for b in range(a + 1, players):
                if a != drawer and b != drawer and g.pv[P_SLEN, a] > 0 and g.pv[P_SLEN, b] > 0:
                    count += 1
        pick = 0
        if bot == RANDOM:
            pick = below(g, count)
        elif bot == BAKER:
            worst = 1 << 62
            i = 0
            for a in range(players):
                for b in range(a + 1, players):
                    if a == drawer or b == drawer or g.pv[P_SLEN, a] == 0:
                        continue
                    if g.pv[P_SLEN, b] == 0:
                        continue
                    rival = -(1 << 62)
                    for q in range(players):
                        if q == drawer:
                            continue
                        after = dough_of(g, q)
                        if q == a:
                            after += top_value(g, b) - top_value(g, a)
                        elif q == b:
                            after += top_value(g, a) - top_value(g, b)
                        rival = max(rival, after)
                    if rival < worst:
                        worst = rival
                        pick = i
                    i += 1
        i = 0
        for a in range(players):
            for b in range(a + 1, players):
                if a != drawer and b != drawer and g.pv[P_SLEN, a] > 0 and g.pv[P_SLEN, b] > 0:
                    if i == pick:
                        swap(g, a, b)
                    i += 1
    else:
        if bot == RANDOM:
            count = 1 + below(g, 2)
        elif bot == FIRST:
            count = 1
        else:
            milk = False
            for c in range(g.alpha.size):
                if g.cards[C_KIND, c] == MILK and g.hands[drawer, c] > 0:
                    milk = True
            count = 1 if milk else 2
        exchange(g, g.cards[C_DIR, g.s[S_MCARD]], count)


# ---- mixers -----------------------------------------------------------------------------------
@jit
def rotate(g: Any, step: int) -> None:
    """Every top Batch moves to the neighbour ``step`` seats on."""
    players = g.cfg[K_PLAYERS]
    flav = np_empty(players)
    val = np_empty(players)
    ids = np_empty(players)
    had = np_empty(players)
    for p in range(players):
        k = g.pv[P_SLEN, p]
        had[p] = 1 if k > 0 else 0
        if k > 0:
            flav[p], val[p], ids[p] = g.sflav[p, k - 1], g.sval[p, k - 1], g.sid[p, k - 1]
            g.pv[P_SLEN, p] = k - 1
    for p in range(players):
        if had[p]:
            push_batch(g, (p + step) % players, flav[p], val[p], ids[p])


@jit
def np_empty(n: int) -> Any:
    """Room for ``n`` integers."""
    return np.zeros(n, np.int64)


@jit
def swap(g: Any, a: int, b: int) -> None:
    """Players ``a`` and ``b`` swap top Batches."""
    ka, kb = g.pv[P_SLEN, a] - 1, g.pv[P_SLEN, b] - 1
    fa, va, ia = g.sflav[a, ka], g.sval[a, ka], g.sid[a, ka]
    g.sflav[a, ka], g.sval[a, ka], g.sid[a, ka] = g.sflav[b, kb], g.sval[b, kb], g.sid[b, kb]
    g.sflav[b, kb], g.sval[b, kb], g.sid[b, kb] = fa, va, ia


@jit
def exchange(g: Any, step: int, count: int) -> None:
    """Everyone holding 3 or more cards takes ``count`` cards blindly from the nearest such
    player ``step`` seats on; the cards join the hands when every take is done."""
    players = g.cfg[K_PLAYERS]
    eligible = np_empty(players)
    m = 0
    for p in range(players):
        if g.pv[P_HLEN, p] >= 3:
            eligible[m] = p
            m += 1
    givers = np_empty(players)
    for i in range(m):
        givers[eligible[i]] = eligible[(i + step) % m]
    for giver in range(players):  # the takes in the engine's order: by giver
        for i in range(m):
            taker = eligible[i]
            if givers[taker] != giver:
                continue
            for _ in range(count):
                r = below(g, g.pv[P_HLEN, giver])
                for c in range(g.alpha.size):
                    r -= g.hands[giver, c]
                    if r < 0:
                        g.hands[giver, c] -= 1
                        g.pv[P_HLEN, giver] -= 1
                        g.transit[taker, c] += 1
                        break
    for p in range(players):
        for c in range(g.alpha.size):
            if g.transit[p, c] > 0:
                g.hands[p, c] += g.transit[p, c]
                g.pv[P_HLEN, p] += g.transit[p, c]
                g.transit[p, c] = 0


@jit
def start_mixer(g: Any, drawer: int, card: int) -> None:
    """A mixer was drawn: Enhance acts at once; another waits for its drawer's choice, unless
    it has nothing to act on."""
    players = g.cfg[K_PLAYERS]
    effect = g.cards[C_EFFECT, card]
    g.tally[M_MIXERS] += 1
    if effect == ENHANCE:
        k = g.pv[P_SLEN, drawer]
        if k > 0:
            g.sval[drawer, k - 1] += g.cards[C_DOUGH, card]
        else:
            g.pv[P_WAIT, drawer] += 1
        continue_draws(g)
        return
    found = 0  # Rotate needs a Batch; Swap two other players with one; Exchange two hands of 3
    for p in range(players):
        if effect == ROTATE and g.pv[P_SLEN, p] > 0:
            found = 2
        elif effect == SWAP and p != drawer and g.pv[P_SLEN, p] > 0:  # noqa: SIM114 (clearer apart)
            found += 1
        elif effect == EXCHANGE and g.pv[P_HLEN, p] >= 3:
            found += 1
    if found < 2:
        continue_draws(g)
        return
    g.s[S_MCARD] = card
    g.s[S_MDRAWER] = drawer
    g.s[S_PHASE] = MIXER_CHOICE


# ---- drawing and turns ------------------------------------------------------------------------
@jit
def continue_draws(g: Any) -> None:
    """Go on with the draw queue; then the second action, or the next turn."""
    if g.s[S_QHEAD] < g.s[S_QLEN] and deck_empty(g):
        g.s[S_QHEAD] = g.s[S_QLEN]
    while g.s[S_QHEAD] < g.s[S_QLEN]:
        head = g.s[S_QHEAD]
        p, count = g.qp[head], g.qc[head]
        short = g.pv[P_HLEN, p] < g.cfg[K_SIZE] if count < 0 else count > 0
        if short:
            g.s[S_PHASE] = DRAW
            return
        g.s[S_QHEAD] = head + 1
    g.s[S_QLEN] = 0
    g.s[S_QHEAD] = 0
    if g.s[S_RESUME] == 1:
        g.s[S_RESUME] = 0
        g.s[S_PHASE] = TURN
        note_first_turn_chance(g, g.s[S_TURN])
        return
    end_turn(g)


@jit
def draw(g: Any) -> None:
    """The next card off the deck for the player at the head of the queue."""
    card = draw_card(g)
    head = g.s[S_QHEAD]
    p = g.qp[head]
    if g.cards[C_KIND, card] == MIXER:
        start_mixer(g, p, card)
        return
    give(g, p, card)
    if g.qc[head] >= 0:
        g.qc[head] -= 1
    continue_draws(g)


@jit
def refill_all(g: Any, p: int) -> None:
    """The turn's player, then everyone who defended against them, draw up."""
    g.qp[0], g.qc[0] = p, -1
    n = 1
    for i in range(g.s[S_NDEF]):
        d = g.defenders[i]
        seen = False
        for j in range(n):
            if g.qp[j] == d:
                seen = True
        if not seen:
            g.qp[n], g.qc[n] = d, -1
            n += 1
    g.s[S_NDEF] = 0
    g.s[S_QLEN], g.s[S_QHEAD] = n, 0
    g.s[S_RESUME] = 0
    continue_draws(g)


@jit
def after_action(g: Any, p: int) -> None:
    """An action is done: a second may follow (two actions per turn), else draw up."""
    g.s[S_ACTIONS] += 1
    if g.cfg[K_TWO] and g.s[S_ACTIONS] == 1:
        g.s[S_PHASE] = TURN
        return
    refill_all(g, p)


@jit
def note_first_turn_chance(g: Any, p: int) -> None:
    """On ``p``'s first turn, a moment when they could start a Batch ends the fudge rule."""
    if g.pv[P_FB, p] == BLOCKED and can_pair(g, p):
        g.pv[P_FB, p] = PAIRS


@jit
def begin_turn(g: Any, p: int) -> None:
    """Start ``p``'s turn."""
    g.s[S_TURN] = p
    g.s[S_ACTIONS] = 0
    g.s[S_FORBID] = -1
    g.s[S_PHASE] = TURN
    if g.pv[P_FB, p] == BEFORE:
        g.pv[P_FB, p] = BLOCKED
        note_first_turn_chance(g, p)
    elif g.pv[P_FB, p] == BLOCKED:
        note_first_turn_chance(g, p)


@jit
def end_turn(g: Any) -> None:
    """Pass the turn to the next player holding cards; none left ends the round."""
    g.s[S_TURNS] += 1
    turn = g.s[S_TURN]
    if g.pv[P_FB, turn] == BLOCKED:
        g.pv[P_FB, turn] = SINGLE_OK
    players = g.cfg[K_PLAYERS]
    for step in range(1, players + 1):
        nxt = (turn + step) % players
        if g.pv[P_HLEN, nxt] > 0:
            begin_turn(g, nxt)
            return
    g.s[S_PHASE] = ROUND_END


# ---- actions ----------------------------------------------------------------------------------
@jit
def act_turn(g: Any, p: int, i: int) -> None:
    """Play move ``i`` of the turn's list."""
    kind, a, b, c = g.ak[i], g.aa[i], g.ab[i], g.ac[i]
    if kind == A_FORM:
        lose(g, p, a)
        value = g.cards[C_DOUGH, a]
        flavour = a if g.cards[C_KIND, a] == COOKIE else c
        if b >= 0:
            lose(g, p, b)
            value += g.cards[C_DOUGH, b]
        if c >= 0:  # the last copy of that cookie in the discards
            value += g.cards[C_DOUGH, c]
            n = g.s[S_DLEN]
            at = n - 1
            while g.dseq[at] != c:
                at -= 1
            for j in range(at, n - 1):
                g.dseq[j] = g.dseq[j + 1]
            g.s[S_DLEN] = n - 1
            g.dcount[c] -= 1
        value += g.pv[P_WAIT, p] * g.cfg[K_ENHANCE]
        g.pv[P_WAIT, p] = 0
        push_batch(g, p, flavour, value, g.s[S_NEXTID])
        g.s[S_NEXTID] += 1
        g.pv[P_FB, p] = PAIRS
        after_action(g, p)
    elif kind == A_SWIPE:
        lose(g, p, b)
        k = g.pv[P_SLEN, a]
        g.s[S_CH], g.s[S_DF], g.s[S_FLAV] = p, a, g.sflav[a, k - 1]
        g.s[S_NEED] = 2 if g.cfg[K_ES] and g.cards[C_STRONG, b] else 1
        g.s[S_LAST], g.s[S_PLAYS], g.s[S_CARDS] = p, 1, 1
        g.s[S_PLAYED] = g.cards[C_DOUGH, b]
        g.seat[T_ATTEMPTS, p] += 1
        g.s[S_PHASE] = DUEL
    elif kind == A_ADD:
        lose(g, p, a)
        g.sval[p, g.pv[P_SLEN, p] - 1] += g.cards[C_DOUGH, a]
        after_action(g, p)
    elif kind == A_DISCARD:
        lose(g, p, a)
        g.dseq[g.s[S_DLEN]] = a
        g.s[S_DLEN] += 1
        g.dcount[a] += 1
        if g.cfg[K_TWO] and g.s[S_ACTIONS] == 0:
            g.s[S_ACTIONS] = 1
            g.qp[0], g.qc[0] = p, 1
            g.s[S_QLEN], g.s[S_QHEAD] = 1, 0
            g.s[S_RESUME] = 1
            continue_draws(g)
            return
        after_action(g, p)
    else:  # end the turn after one action
        refill_all(g, p)


@jit
def act_duel(g: Any, r: int, i: int) -> None:
    """Play answer ``i`` (or yield) in the duel."""
    if g.ak[i] == A_ANSWER:
        a, b = g.aa[i], g.ab[i]
        lose(g, r, a)
        g.s[S_PLAYED] += g.cards[C_DOUGH, a]
        g.s[S_CARDS] += 1
        strong = g.cards[C_STRONG, a] != 0 and b < 0
        if b >= 0:
            lose(g, r, b)
            g.s[S_PLAYED] += g.cards[C_DOUGH, b]
            g.s[S_CARDS] += 1
        g.s[S_NEED] = 2 if g.cfg[K_ES] and strong else 1
        g.s[S_LAST] = r
        g.s[S_PLAYS] += 1
        return
    c, d = g.s[S_CH], g.s[S_DF]
    k = g.pv[P_SLEN, d] - 1
    merged = g.sval[d, k] + g.s[S_PLAYED]
    if g.s[S_LAST] == c:
        flavour, batch = g.sflav[d, k], g.sid[d, k]
        g.pv[P_SLEN, d] = k
        push_batch(g, c, flavour, merged, batch)
        g.pv[P_CRUMBS, d] += 1
        g.seat[T_SWIPES, c] += 1
        g.seat[T_LOST, d] += 1
    else:
        g.sval[d, k] = merged
        if g.cfg[K_TWO] and g.cfg[K_ES]:
            g.s[S_FORBID] = g.sid[d, k]
    plays = g.s[S_PLAYS]
    g.tally[M_DUELS] += 1
    g.tally[M_PLAYS] += plays
    g.tally[M_CARDS] += g.s[S_CARDS]
    g.tally[M_LONGEST] = max(g.tally[M_LONGEST], plays)
    g.lengths[min(plays, MAX_LENGTH - 1)] += 1
    g.defenders[g.s[S_NDEF]] = d
    g.s[S_NDEF] += 1
    after_action(g, c)


# ---- rounds and games -------------------------------------------------------------------------
@jit
def new_round(g: Any) -> None:
    """A fresh table for the round: deal, split the deck, flip, the first player's turn."""
    players, size = g.cfg[K_PLAYERS], g.cfg[K_SIZE]
    nh = g.alpha.size
    for c in range(g.deck.size):
        g.deck[c] = g.cards[C_START, c]
    for c in range(nh):
        g.public[c] = 0
        g.dcount[c] = 0
        for p in range(players):
            g.hands[p, c] = 0
            g.transit[p, c] = 0
    for p in range(players):
        g.pv[P_HLEN, p] = 0
        g.pv[P_SLEN, p] = 0
        g.pv[P_CRUMBS, p] = 0
        g.pv[P_WAIT, p] = 0
        g.pv[P_FB, p] = BEFORE
    g.s[S_TOP] = -1
    g.s[S_DLEN] = 0
    g.s[S_NEXTID] = 0
    g.s[S_QLEN] = 0
    g.s[S_QHEAD] = 0
    g.s[S_NDEF] = 0
    g.s[S_RESUME] = 0
    first = g.s[S_FIRSTP]
    for i in range(players * size):  # one card at a time round the table from the first player
        give(g, (first + i) % players, draw_card(g))
    rest = 0
    for c in range(nh):
        rest += g.deck[c]
    g.s[S_TOP] = rest // 2
    needed = g.cfg[K_ROW] if g.cfg[K_SMALL] else 1
    for _ in range(needed):
        card = draw_card(g)
        g.dseq[g.s[S_DLEN]] = card
        g.s[S_DLEN] += 1
        if card < nh:
            g.dcount[card] += 1
            g.public[card] += 1
    begin_turn(g, first)


@jit
def end_round(g: Any) -> bool:
    """Score the round; whether the match is over (then ``P_SCORE`` holds who won, 1 or 0)."""
    players = g.cfg[K_PLAYERS]
    best, best_batches = -1, -1
    high, low = -(1 << 62), 1 << 62
    for p in range(players):
        score = dough_of(g, p)
        batches = g.pv[P_SLEN, p]
        g.scores[p] = score
        high, low = max(high, score), min(low, score)
        if score > best or (score == best and batches > best_batches):
            best, best_batches = score, batches
        g.seat[T_DOUGH, p] += score
        g.pv[P_TOTAL, p] += score
    g.tally[M_ROUNDS] += 1
    g.tally[M_SPREAD] += high - low
    for p in range(players):
        if g.scores[p] == best and g.pv[P_SLEN, p] == best_batches:
            g.pv[P_RWINS, p] += 1
            g.pv[P_SCORE, p] = 1
        else:
            g.pv[P_SCORE, p] = 0
    mode = g.cfg[K_MATCH]
    if mode == SINGLE:
        return True
    top_total, top_wins = 0, 0
    for p in range(players):
        top_total = max(top_total, g.pv[P_TOTAL, p])
        top_wins = max(top_wins, g.pv[P_RWINS, p])
    ends = (
        (mode == TARGET and top_total >= g.cfg[K_TARGET])
        or (mode == ROUNDS and g.s[S_ROUND] + 1 >= g.cfg[K_ROUNDS])
        or (mode == WINS and top_wins >= g.cfg[K_WINS])
    )
    if not ends:
        return False
    for p in range(players):
        if mode == WINS:
            g.pv[P_SCORE, p] = 1 if g.pv[P_RWINS, p] == top_wins else 0
        else:
            g.pv[P_SCORE, p] = 1 if g.pv[P_TOTAL, p] == top_total else 0
    return True


@jit
def play_game(g: Any) -> None:
    """Play one match to its end: ``P_SCORE`` marks the winners, ``scores`` the outcome's."""
    players = g.cfg[K_PLAYERS]
    g.s[S_TURNS] = 0
    g.s[S_ROUND] = 0
    g.s[S_STEPS] = 0
    g.s[S_FIRSTP] = g.cfg[K_FIRST]
    for p in range(players):
        g.pv[P_TOTAL, p] = 0
        g.pv[P_RWINS, p] = 0
    new_round(g)
    while True:
        g.s[S_STEPS] += 1
        if g.s[S_STEPS] > MAX_STEPS:
            g.tally[M_STALLED] += 1
            for p in range(players):
                g.pv[P_SCORE, p] = 0
            return
        phase = g.s[S_PHASE]
        if phase == TURN:
            p = g.s[S_TURN]
            n = turn_moves(g, p)
            act_turn(g, p, choose(g, p, n, TURN))
        elif phase == DUEL:
            r = g.s[S_DF] if g.s[S_LAST] == g.s[S_CH] else g.s[S_CH]
            n = duel_moves(g, r)
            act_duel(g, r, choose(g, r, n, DUEL))
        elif phase == DRAW:
            draw(g)
        elif phase == MIXER_CHOICE:
            choose_mixer(g, g.s[S_MDRAWER], g.cards[C_EFFECT, g.s[S_MCARD]])
            continue_draws(g)
        else:
            if end_round(g):
                mode = g.cfg[K_MATCH]
                for p in range(players):
                    if mode in (TARGET, ROUNDS):
                        g.scores[p] = g.pv[P_TOTAL, p]
                    elif mode == WINS:
                        g.scores[p] = g.pv[P_RWINS, p]
                return
            g.s[S_ROUND] += 1
            g.s[S_FIRSTP] = (g.s[S_FIRSTP] + 1) % players
            new_round(g)


@jit
def play_games(g: Any, seeds: Any, winners: Any, scores: Any, turns: Any) -> None:
    """Play one match per seed; per game the winners (1 or 0 per seat), the outcome's scores
    and the turns played."""
    players = g.cfg[K_PLAYERS]
    for i in range(seeds.size):
        g.s[S_RNG] = seeds[i]
        play_game(g)
        for p in range(players):
            winners[i, p] = g.pv[P_SCORE, p]
            scores[i, p] = g.scores[p]
        turns[i] = g.s[S_TURNS]


def python_loop() -> Callable[..., None]:
    """:func:`play_games` as plain Python, calling plain Python all the way down (the same
    code as the compiled loop; without numba it is the loop itself)."""
    if not COMPILED:
        return play_games
    space: dict[str, Any] = dict(globals())
    for name, value in globals().items():
        py = getattr(value, "py_func", None)
        if py is not None:
            space[name] = types.FunctionType(py.__code__, space, name, py.__defaults__)
    return cast(Callable[..., None], space["play_games"])
