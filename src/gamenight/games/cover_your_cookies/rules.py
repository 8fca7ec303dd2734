"""Which actions are legal: forming, swiping, duels, discards, the end game and mixer choices.

This module is the one source of legality: every function reads a state and returns actions in a
fixed order, and ``legal_actions`` in the game class dispatches on the phase. Why an action is
refused is worded in ``explain.py``.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any, NamedTuple

from gamenight.games.cover_your_cookies.cards import (
    COOKIES,
    INFO,
    MILKS,
    is_milk,
)
from gamenight.games.cover_your_cookies.config import CoverYourCookiesConfig
from gamenight.games.cover_your_cookies.state import (
    END_TURN,
    YIELD,
    Action,
    AddToBatch,
    Answer,
    CoverYourCookiesState,
    Discard,
    Duel,
    Exchange,
    FormBatch,
    MixerInPlay,
    Rotate,
    SwapBatches,
    Swipe,
)

#: Moves are plain immutable values, so the same ones are handed out again rather than built
#: anew at every step: one per distinct set of fields, made on first use.
_FORMS: dict[tuple[tuple[str, ...], str | None], FormBatch] = {}
_SWIPES: dict[tuple[int, str], Swipe] = {}
_DISCARDS: dict[str, Discard] = {}


def _form(cards: tuple[str, ...], pile: str | None = None) -> FormBatch:
    key = (cards, pile)
    action = _FORMS.get(key)
    if action is None:
        action = _FORMS[key] = FormBatch(cards, pile)
    return action


def _swipe(target: int, card: str) -> Swipe:
    key = (target, card)
    action = _SWIPES.get(key)
    if action is None:
        action = _SWIPES[key] = Swipe(target, card)
    return action


def _discard(card: str) -> Discard:
    action = _DISCARDS.get(card)
    if action is None:
        action = _DISCARDS[card] = Discard(card)
    return action


#: The cookies, the milks, and each cookie as a pile of one discard (shared tuples).
COOKIE_SET = frozenset(COOKIES)
MILK_SET = frozenset(MILKS)
_PILE_TOPS = {c: (c,) for c in COOKIES}


def deck_size(state: CoverYourCookiesState) -> int:
    """Cards left in the draw pile."""
    return sum(state.deck)


def pile_cookies(config: CoverYourCookiesConfig, discard: tuple[str, ...]) -> tuple[str, ...]:
    """Discarded cookies a Batch may be formed with: the top of the pile, or (with the 3-player
    rules) any cookie in the row."""
    if config.small_table:
        return tuple(sorted({c for c in discard if c in COOKIE_SET}))
    if discard:
        top = discard[-1]
        if top in COOKIE_SET:
            return _PILE_TOPS[top]
    return ()


def may_lay_single(state: CoverYourCookiesState, player: int) -> bool:
    """The fudge rule: a player who could not start a Batch on their first turn may lay a single
    cookie as their first Batch on a later turn (while their stack is empty)."""
    return state.first_batch[player] == "single_allowed" and not state.stacks[player]


class HandCards(NamedTuple):
    """What a hand holds, worked out once per distinct hand (hands are sorted tuples)."""

    #: Every distinct card, sorted.
    cards: tuple[str, ...]
    #: The distinct cookies and the distinct milks, sorted.
    cookies: tuple[str, ...]
    milks: tuple[str, ...]
    #: The Batches the hand can start on its own: two identical cookies or a cookie and a milk.
    pairs: tuple[FormBatch, ...]
    #: A discard of each distinct cookie.
    discards: tuple[Discard, ...]
    #: Per cookie held, the cards that may open a swipe of a Batch of its flavour: that cookie
    #: and the milks, sorted (a Batch of another flavour is opened with the milks alone).
    openers: dict[str, tuple[str, ...]]


_HANDS: dict[tuple[str, ...], HandCards] = {}
#: Past this many distinct hands the table of hands starts over.
_CACHE_LIMIT = 100_000
#: The Batches a hand can start with discarded cookies, per discards, milks in hand and the
#: cookies in hand that match (whether the one discard does, or all of them): a few hundred.
_PILE_FORMS: dict[tuple[Any, ...], tuple[FormBatch, ...]] = {}


def hand_cards(hand: tuple[str, ...]) -> HandCards:
    """What ``hand`` holds (see :class:`HandCards`)."""
    info = _HANDS.get(hand)
    if info is None:
        distinct = set(hand)
        cookies = tuple(sorted(distinct & COOKIE_SET))
        milks = tuple(sorted(distinct & MILK_SET))
        pairs: list[FormBatch] = []
        for c in cookies:
            if hand.count(c) >= 2:
                pairs.append(_form((c, c)))
            for m in milks:
                pairs.append(_form((c, m) if c <= m else (m, c)))
        discards = tuple(_discard(c) for c in cookies)
        openers = {c: tuple(sorted((c, *milks))) for c in cookies}
        info = HandCards(tuple(sorted(distinct)), cookies, milks, tuple(pairs), discards, openers)
        if len(_HANDS) >= _CACHE_LIMIT:
            _HANDS.clear()
        _HANDS[hand] = info
    return info


def pair_forms(
    config: CoverYourCookiesConfig,
    hand: tuple[str, ...],
    discard: tuple[str, ...],
    info: HandCards | None = None,
) -> list[FormBatch]:
    """Every two-card Batch a hand can start with these discards: two identical cookies, a cookie
    and a milk, or a hand card with an identical cookie from the discards (``info``: the
    hand's :func:`hand_cards`, when the caller has it)."""
    if info is None:
        info = hand_cards(hand)
    if config.small_table:
        piles = pile_cookies(config, discard)
    elif discard and discard[-1] in COOKIE_SET:
        piles = _PILE_TOPS[discard[-1]]  # ``pile_cookies`` without the 3-player rules
    else:
        piles = ()
    if not piles:
        return list(info.pairs)
    # What the forms depend on: the discards, the milks, and which discards the hand matches.
    key = (piles, info.milks, piles[0] in info.cookies if len(piles) == 1 else info.cookies)
    forms = _PILE_FORMS.get(key)
    if forms is None:
        out: list[FormBatch] = []
        for p in piles:
            if p in info.cookies:
                out.append(_form((p,), p))
            for m in info.milks:
                out.append(_form((m,), p))
        forms = _PILE_FORMS[key] = tuple(out)
    return [*info.pairs, *forms]


def form_actions(
    config: CoverYourCookiesConfig, state: CoverYourCookiesState, player: int
) -> list[FormBatch]:
    """Every way to start a Batch now (a single cookie too, under the fudge rule)."""
    hand = state.hands[player]
    out = pair_forms(config, hand, state.discard)
    if may_lay_single(state, player):
        out.extend(_form((c,)) for c in hand_cards(hand).cookies)
    return out


def swipe_targets(state: CoverYourCookiesState, player: int) -> list[int]:
    """Players whose top Batch ``player`` may try to swipe (cards aside)."""
    if not state.stacks[player]:
        return []
    return [
        t
        for t, stack in enumerate(state.stacks)
        if t != player and len(stack) >= 2 and stack[-1].id != state.forbidden_batch
    ]


def swipe_actions(state: CoverYourCookiesState, player: int) -> list[Action]:
    """Every swipe ``player`` may open now: a target and a matching cookie or a milk."""
    out: list[Action] = []
    if state.stacks[player]:
        add_swipes(out, state, player, hand_cards(state.hands[player]))
    return out


def add_swipes(
    out: list[Action], state: CoverYourCookiesState, player: int, info: HandCards
) -> None:
    """Append to ``out`` the swipes of :func:`swipe_actions` for a player with a stack whose
    hand is ``info``: per target of :func:`swipe_targets`, in its order, a swipe opened with
    each card that may open it, in card order."""
    forbidden, openers, milks = state.forbidden_batch, info.openers, info.milks
    for t, stack in enumerate(state.stacks):
        if t != player and len(stack) >= 2:
            top = stack[-1]
            if top.id != forbidden:
                cards = openers.get(top.flavour, milks)
                if cards:
                    known = _SWIPE_SETS[t]
                    swipes = known.get(cards)
                    if swipes is None:
                        swipes = known[cards] = tuple(_swipe(t, card) for card in cards)
                    out.extend(swipes)


#: The swipes of a target's top Batch, per target and cards that open them (a few dozen).
_SWIPE_SETS: list[dict[tuple[str, ...], tuple[Swipe, ...]]] = [
    {} for _ in range(CoverYourCookiesConfig.max_players)
]


def add_actions(state: CoverYourCookiesState, player: int) -> list[AddToBatch]:
    """Cards ``player`` could add to their own top Batch (matching cookie, or a milk)."""
    stack = state.stacks[player]
    if not stack:
        return []
    flavour = stack[-1].flavour
    return [AddToBatch(c) for c in sorted(set(state.hands[player])) if c == flavour or is_milk(c)]


def turn_actions(
    config: CoverYourCookiesConfig, state: CoverYourCookiesState, player: int
) -> list[Action]:
    """The actions of a turn: form, swipe, (deck out, nothing else) add, discard; end turn after
    a first action when two are allowed.

    The same as :func:`form_actions`, then :func:`swipe_actions`, and so on, written out in one
    function: this runs at every turn."""
    hand = state.hands[player]
    info = _HANDS.get(hand)
    if info is None:
        info = hand_cards(hand)
    out: list[Action] = pair_forms(config, hand, state.discard, info)  # type: ignore[assignment]
    if state.stacks[player]:
        add_swipes(out, state, player, info)
    elif state.first_batch[player] == "single_allowed":
        out.extend(_form((c,)) for c in info.cookies)  # the fudge rule (``may_lay_single``)
    if not out and not any(state.deck):
        out.extend(add_actions(state, player))
    if info.discards:
        out.extend(info.discards)
    elif not out:
        # Ruling: a hand of nothing but milk, with nothing else to do, discards a milk.
        out.extend(_discard(c) for c in info.cards)
    if config.two_actions and state.actions_taken >= 1:
        out.append(END_TURN)
    return out


def duel_actions(state: CoverYourCookiesState, duel: Duel) -> list[Action]:
    """The responder's answers (a matching card, or two against Extra Strength) and yield."""
    hand = state.hands[duel.responder]
    eligible = sorted({c for c in hand if c == duel.flavour or is_milk(c)})
    out: list[Action] = []
    if duel.need == 1:
        out.extend(Answer((c,)) for c in eligible)
    else:
        out.extend(Answer((c,)) for c in eligible if INFO[c].strong)
        weak = [c for c in eligible if not INFO[c].strong]
        pairs = {tuple(sorted(p)) for p in combinations(weak, 2)}
        pairs |= {(c, c) for c in weak if hand.count(c) >= 2}
        out.extend(Answer(p) for p in sorted(pairs))
    out.append(YIELD)
    return out


def mixer_actions(state: CoverYourCookiesState, mixer: MixerInPlay) -> list[Action]:
    """The drawer's choice for the mixer in play."""
    effect = INFO[mixer.card].effect
    if effect == "rotate":
        return [Rotate("left"), Rotate("right")]
    if effect == "swap":
        who = swap_candidates(state, mixer.drawer)
        return [SwapBatches(a, b) for a, b in combinations(who, 2)]
    return [Exchange(1), Exchange(2)]


def swap_candidates(state: CoverYourCookiesState, drawer: int) -> list[int]:
    """Players other than the drawer with at least one Batch."""
    return [p for p, stack in enumerate(state.stacks) if p != drawer and stack]


def legal_actions(
    config: CoverYourCookiesConfig, state: CoverYourCookiesState, player: int
) -> list[Action]:
    """Every action ``player`` may take now (none when they are not the one deciding)."""
    if state.phase == "turn" and player == state.turn:
        return turn_actions(config, state, player)
    duel = state.duel
    if state.phase == "duel" and duel is not None and player == duel.responder:
        return duel_actions(state, duel)
    mixer = state.mixer
    if state.phase == "mixer" and mixer is not None and player == mixer.drawer:
        return mixer_actions(state, mixer)
    return []


def all_player_actions(config: CoverYourCookiesConfig) -> list[Action]:
    """Every player action the config can allow, in a fixed order (the integer ids)."""
    n = config.players
    out: list[Action] = []
    for c in COOKIES:
        out.append(FormBatch((c, c)))
        out.extend(FormBatch(tuple(sorted((c, m)))) for m in MILKS)
        out.append(FormBatch((c,)))
        out.append(FormBatch((c,), c))
        out.extend(FormBatch((m,), c) for m in MILKS)
    out.extend(Swipe(t, card) for t in range(n) for card in (*COOKIES, *MILKS))
    out.extend(Answer((c,)) for c in (*COOKIES, *MILKS))
    if config.extra_strength:
        weak = [m for m in MILKS if not INFO[m].strong]
        pairs: set[tuple[str, ...]] = set()
        for c in COOKIES:
            pairs.add((c, c))
            pairs |= {tuple(sorted((c, m))) for m in weak}
        pairs |= {tuple(sorted(p)) for p in combinations(weak, 2)}
        pairs |= {(m, m) for m in weak}
        out.extend(Answer(p) for p in sorted(pairs))
    out.append(YIELD)
    out.extend(Discard(c) for c in (*COOKIES, *MILKS))
    out.extend(AddToBatch(c) for c in (*COOKIES, *MILKS))
    if config.two_actions:
        out.append(END_TURN)
    out.extend([Rotate("left"), Rotate("right")])
    out.extend(SwapBatches(a, b) for a, b in combinations(range(n), 2))
    out.extend([Exchange(1), Exchange(2)])
    return out
