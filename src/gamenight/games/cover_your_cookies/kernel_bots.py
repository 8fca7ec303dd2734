"""Cover Your Cookies' fast loop, part two: the moves on offer, the bots' choices, the mixers.

The moves are listed in the order of ``rules.turn_actions`` and ``rules.duel_actions`` (card ids
as text: ``alpha``), so ``first`` plays the same move as the engine's and ``baker`` breaks ties
the same way; ``baker`` scores them as ``bots.BakerBot`` does, with the same float operations.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from gamenight.games.cover_your_cookies.kernel_codes import (
    A_ADD,
    A_ANSWER,
    A_DISCARD,
    A_END,
    A_FORM,
    A_SWIPE,
    A_YIELD,
    BAKER,
    C_COUNT,
    C_DIR,
    C_DOUGH,
    C_KIND,
    C_STRONG,
    COOKIE,
    DUEL,
    FIRST,
    K_PLAYERS,
    K_TWO,
    M_DECISIONS,
    MAX_ACTIONS,
    MILK,
    MILK_KEEP,
    P_FB,
    P_HLEN,
    P_SLEN,
    RANDOM,
    ROTATE,
    S_ACTIONS,
    S_DF,
    S_FLAV,
    S_FORBID,
    S_MCARD,
    S_NEED,
    S_PLAYED,
    SINGLE_OK,
    SWAP,
    below,
    deck_empty,
    dough_of,
    jit,
    push_batch,
    top_value,
    usable_pile,
)


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
                c = 0  # the card at ``r`` (a while loop, as in ``draw_card``)
                while c < g.alpha.size - 1 and r >= g.hands[giver, c]:
                    r -= g.hands[giver, c]
                    c += 1
                g.hands[giver, c] -= 1
                g.pv[P_HLEN, giver] -= 1
                g.transit[taker, c] += 1
    for p in range(players):
        for c in range(g.alpha.size):
            if g.transit[p, c] > 0:
                g.hands[p, c] += g.transit[p, c]
                g.pv[P_HLEN, p] += g.transit[p, c]
                g.transit[p, c] = 0
