"""Which actions are legal: forming, swiping, duels, discards, the end game and mixer choices.

Every function here reads a state and returns actions in a fixed order; ``legal_actions`` in the
game class dispatches on the phase. ``reason`` explains, in the rulebook's terms, why an action a
player asked for is not legal.
"""

from __future__ import annotations

from itertools import combinations

from gamenight.games.cover_your_cookies.state import (
    COOKIES,
    END_TURN,
    INFO,
    MILKS,
    YIELD,
    Action,
    AddToBatch,
    Answer,
    CookiesConfig,
    CookiesState,
    Discard,
    Draw,
    Duel,
    EndTurn,
    Exchange,
    FormBatch,
    Rotate,
    SwapBatches,
    Swipe,
    Take,
    Yield,
    is_cookie,
    is_milk,
)


def deck_size(state: CookiesState) -> int:
    """Cards left in the draw pile."""
    return sum(state.deck)


def pile_cookies(config: CookiesConfig, state: CookiesState) -> tuple[str, ...]:
    """Discarded cookies a Batch may be formed with: the top of the pile, or (with the 3-player
    rules) any cookie in the row."""
    if config.small_table:
        return tuple(sorted({c for c in state.discard if is_cookie(c)}))
    if state.discard and is_cookie(state.discard[-1]):
        return (state.discard[-1],)
    return ()


def may_lay_single(state: CookiesState, player: int) -> bool:
    """The fudge rule: a player who could not start a Batch on their first turn may lay a single
    cookie as their first Batch on a later turn."""
    return state.fudge[player] and state.turns_taken[player] >= 2 and not state.stacks[player]


def form_actions(config: CookiesConfig, state: CookiesState, player: int) -> list[FormBatch]:
    """Every way to start a Batch now."""
    hand = state.hands[player]
    cookies = sorted({c for c in hand if is_cookie(c)})
    milks = sorted({c for c in hand if is_milk(c)})
    out: list[FormBatch] = []
    for c in cookies:
        if hand.count(c) >= 2:
            out.append(FormBatch((c, c), ""))
        for m in milks:
            out.append(FormBatch(tuple(sorted((c, m))), ""))
    for p in pile_cookies(config, state):
        if p in cookies:
            out.append(FormBatch((p,), p))
        for m in milks:
            out.append(FormBatch((m,), p))
    if may_lay_single(state, player):
        out.extend(FormBatch((c,), "") for c in cookies)
    return out


def swipe_targets(state: CookiesState, player: int) -> list[int]:
    """Players whose top Batch ``player`` may try to swipe (cards aside)."""
    if not state.stacks[player]:
        return []
    return [
        t
        for t, stack in enumerate(state.stacks)
        if t != player and len(stack) >= 2 and stack[-1].id != state.forbidden
    ]


def swipe_actions(state: CookiesState, player: int) -> list[Action]:
    """Every swipe ``player`` may open now: a target and a matching cookie or a milk."""
    hand = state.hands[player]
    out: list[Action] = []
    for t in swipe_targets(state, player):
        flavour = state.stacks[t][-1].flavour
        for card in sorted(set(hand)):
            if card == flavour or is_milk(card):
                out.append(Swipe(t, card))
    return out


def add_actions(state: CookiesState, player: int) -> list[AddToBatch]:
    """Cards ``player`` could add to their own top Batch (matching cookie, or a milk)."""
    stack = state.stacks[player]
    if not stack:
        return []
    flavour = stack[-1].flavour
    return [AddToBatch(c) for c in sorted(set(state.hands[player])) if c == flavour or is_milk(c)]


def turn_actions(config: CookiesConfig, state: CookiesState, player: int) -> list[Action]:
    """The actions of a turn: form, swipe, (deck out, nothing else) add, discard; end turn after
    a first action when two are allowed."""
    hand = state.hands[player]
    out: list[Action] = []
    out.extend(form_actions(config, state, player))
    out.extend(swipe_actions(state, player))
    if deck_size(state) == 0 and not out:
        out.extend(add_actions(state, player))
    discards = [Discard(c) for c in sorted(set(hand)) if is_cookie(c)]
    out.extend(discards)
    if not out:
        # Ruling: a hand of nothing but milk, with nothing else to do, discards a milk.
        out.extend(Discard(c) for c in sorted(set(hand)))
    if config.two_actions and state.acted >= 1:
        out.append(END_TURN)
    return out


def duel_actions(config: CookiesConfig, state: CookiesState, duel: Duel) -> list[Action]:
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


def mixer_actions(config: CookiesConfig, state: CookiesState) -> list[Action]:
    """The drawer's choice for the mixer in play."""
    effect = INFO[state.mixer].effect
    if effect == "rotate":
        return [Rotate("left"), Rotate("right")]
    if effect == "swap":
        who = swap_candidates(state, state.drawer)
        return [SwapBatches(a, b) for a, b in combinations(who, 2)]
    return [Exchange(1), Exchange(2)]


def swap_candidates(state: CookiesState, drawer: int) -> list[int]:
    """Players other than the drawer with at least one Batch."""
    return [p for p, stack in enumerate(state.stacks) if p != drawer and stack]


def all_player_actions(config: CookiesConfig) -> list[Action]:
    """Every player action the config can allow, in a fixed order (the integer ids)."""
    n = config.players
    out: list[Action] = []
    for c in COOKIES:
        out.append(FormBatch((c, c), ""))
        out.extend(FormBatch(tuple(sorted((c, m))), "") for m in MILKS)
        out.append(FormBatch((c,), ""))
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


def reason(config: CookiesConfig, state: CookiesState, player: int, action: Action) -> str:
    """Why ``action`` is not legal for ``player`` now, in the rulebook's terms ("" if unknown)."""
    hand = state.hands[player]
    if isinstance(action, Draw | Take):
        return "cards are drawn from the deck (and taken in an Exchange) by chance, not chosen"
    if state.phase == "duel" and state.duel is not None:
        return _duel_reason(state.duel, hand, action)
    if state.phase == "mixer":
        return _mixer_reason(state, action)
    if state.phase != "turn":
        return ""
    if isinstance(action, FormBatch):
        return _form_reason(config, state, player, action)
    if isinstance(action, EndTurn):
        if config.two_actions:
            return "you must take at least one action before ending your turn"
        return "you can't pass your turn: take an action (if nothing else, discard a cookie)"
    if isinstance(action, Yield | Answer):
        return "there is no duel in progress"
    if isinstance(action, Rotate | SwapBatches | Exchange):
        return (
            "no mixer is waiting for a choice: Rotate, Swap and Exchange are chosen by their drawer"
        )
    if isinstance(action, AddToBatch):
        if deck_size(state):
            return "you may add to your own top Batch only after the deck runs out"
        if not state.stacks[player]:
            return "you have no Batch to add to"
        return (
            "you may add only a matching card to your top Batch, and only when you can neither "
            "start a Batch nor swipe"
        )
    if isinstance(action, Discard):
        if action.card not in hand:
            return f"you hold no {action.card}"
        return "only cookies may be discarded (a milk only when nothing else is possible)"
    if isinstance(action, Swipe):
        return _swipe_reason(state, player, action.target, action.card)
    return ""


def _mixer_reason(state: CookiesState, action: Action) -> str:
    effect = INFO[state.mixer].effect
    if effect == "rotate":
        return "Rotate: say which way the top Batches move, left or right"
    if effect == "swap":
        return "Swap: choose two other players who each have at least one Batch"
    return "Exchange: say 1 or 2"


def _form_reason(config: CookiesConfig, state: CookiesState, player: int, action: FormBatch) -> str:
    cards = list(action.cards) + ([action.pile] if action.pile else [])
    if len(cards) > 2:
        return "a Batch is formed with exactly two cards, never more"
    if sum(1 for c in cards if c in INFO and is_milk(c)) >= 2:
        return "a Batch can't be formed with two milks"
    for c in set(action.cards):
        if action.cards.count(c) > state.hands[player].count(c):
            return f"you don't hold enough {c}"
    if action.pile and action.pile not in pile_cookies(config, state):
        return f"no {action.pile} can be taken from the discard pile"
    if len(cards) == 1:
        return "a single cookie may start a Batch only as the first Batch of a player who " + (
            "could not start one on their first turn"
        )
    return "the two cards must be identical cookies, or a cookie and a milk"


def _swipe_reason(state: CookiesState, player: int, target: int, card: str) -> str:
    if not state.stacks[player]:
        return "you need a Batch of your own before you can swipe"
    if not 0 <= target < len(state.stacks) or target == player:
        return "swipe another player's top Batch"
    if len(state.stacks[target]) < 2:
        return "a player's first (bottom) Batch can't be swiped; they need two or more Batches"
    if state.stacks[target][-1].id == state.forbidden:
        return "you can't try to swipe the same Batch again this turn"
    if card not in state.hands[player]:
        return f"you hold no {card}"
    return f"open with a {state.stacks[target][-1].flavour} or a milk"


def _duel_reason(duel: Duel, hand: tuple[str, ...], action: Action) -> str:
    if not isinstance(action, Answer):
        return "in a duel you may only answer with matching cards or yield"
    for c in action.cards:
        if c not in hand:
            return f"you hold no {c}"
        if c != duel.flavour and not is_milk(c):
            return f"{c} does not match the Batch: play a {duel.flavour} or a milk"
    if duel.need == 2:
        return "answer an Extra Strength Chocolate Milk with a Chocolate Milk or two matching cards"
    return "answer with exactly one matching card"


def is_turn_action(action: Action) -> bool:
    """Whether the action is one of a turn's actions (not a mixer choice or a duel move)."""
    return not isinstance(action, Answer | Yield | Rotate | SwapBatches | Exchange)
