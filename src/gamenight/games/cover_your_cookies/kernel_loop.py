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
from collections.abc import Callable
from typing import Any, cast

from gamenight.games.cover_your_cookies import kernel_bots, kernel_codes
from gamenight.games.cover_your_cookies.kernel_bots import (
    choose,
    choose_mixer,
    duel_moves,
    turn_moves,
)
from gamenight.games.cover_your_cookies.kernel_codes import (
    A_ADD,
    A_ANSWER,
    A_DISCARD,
    A_FORM,
    A_SWIPE,
    BEFORE,
    BLOCKED,
    C_DOUGH,
    C_EFFECT,
    C_KIND,
    C_START,
    C_STRONG,
    COMPILED,
    COOKIE,
    DRAW,
    DUEL,
    ENHANCE,
    EXCHANGE,
    K_ENHANCE,
    K_ES,
    K_FIRST,
    K_MATCH,
    K_PLAYERS,
    K_ROUNDS,
    K_ROW,
    K_SIZE,
    K_SMALL,
    K_TARGET,
    K_TWO,
    K_WINS,
    M_CARDS,
    M_DUELS,
    M_LONGEST,
    M_MIXERS,
    M_PLAYS,
    M_ROUNDS,
    M_SPREAD,
    M_STALLED,
    MAX_LENGTH,
    MAX_STEPS,
    MIXER,
    MIXER_CHOICE,
    P_CRUMBS,
    P_FB,
    P_HLEN,
    P_RWINS,
    P_SCORE,
    P_SLEN,
    P_TOTAL,
    P_WAIT,
    PAIRS,
    ROTATE,
    ROUND_END,
    ROUNDS,
    S_ACTIONS,
    S_CARDS,
    S_CH,
    S_DF,
    S_DLEN,
    S_FIRSTP,
    S_FLAV,
    S_FORBID,
    S_LAST,
    S_MCARD,
    S_MDRAWER,
    S_NDEF,
    S_NEED,
    S_NEXTID,
    S_PHASE,
    S_PLAYED,
    S_PLAYS,
    S_QHEAD,
    S_QLEN,
    S_RESUME,
    S_RNG,
    S_ROUND,
    S_STEPS,
    S_TOP,
    S_TURN,
    S_TURNS,
    SINGLE,
    SINGLE_OK,
    SWAP,
    T_ATTEMPTS,
    T_DOUGH,
    T_LOST,
    T_SWIPES,
    TARGET,
    TURN,
    WINS,
    can_pair,
    deck_empty,
    dough_of,
    draw_card,
    give,
    jit,
    lose,
    push_batch,
)


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
    space: dict[str, Any] = {**vars(kernel_codes), **vars(kernel_bots), **globals()}
    for name, value in list(space.items()):
        py = getattr(value, "py_func", None)
        if py is not None:
            space[name] = types.FunctionType(py.__code__, space, name, py.__defaults__)
    return cast(Callable[..., None], space["play_games"])
