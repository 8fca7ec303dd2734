"""What each seat may see of a Toss Your Cookies state, and states it cannot tell apart."""

from __future__ import annotations

import random
from dataclasses import replace

from gamenight.engine.core import View
from gamenight.games.toss_your_cookies.cards import MILK, cookie_kinds
from gamenight.games.toss_your_cookies.config import TossYourCookiesConfig
from gamenight.games.toss_your_cookies.rules import number, shown_hands
from gamenight.games.toss_your_cookies.state import TossYourCookiesState


def observe(config: TossYourCookiesConfig, state: TossYourCookiesState, viewer: int | None) -> View:
    """What ``viewer`` may see: their own hand and commitment, sizes, the table, the score.

    A viewer that is not a seat of this game (``None``, a negative number, a seat past the
    last, ``True``) is a spectator and sees no hand. Absent values are ``None``.
    """
    n = config.players
    seat = viewer if type(viewer) is int and 0 <= viewer < n else None
    shown = shown_hands(state)
    limbo_visible = state.limbo_public or (seat is not None and seat == state.limbo_owner)
    own_commit = state.commits[seat] if seat is not None else None
    draw = state.draw
    return {
        "players": n,
        "phase": str(state.phase),
        "turn": state.turn,
        "roll": list(state.roll) if state.roll else None,
        "number": number(state),
        "cookies": list(cookie_kinds(n)),
        "hand": list(state.hands[seat]) if seat is not None else None,
        "hand_sizes": [len(h) for h in state.hands],
        "shown_hands": [list(h) if h is not None else None for h in shown],
        "committed": [c is not None for c in state.commits],
        "my_commit": list(own_commit) if own_commit else None,
        "target": state.target,
        "centre": list(state.centre),
        "quota": list(state.quota),
        "grabbed": list(state.grabbed),
        "tosser": state.tosser,
        "limbo_count": len(state.limbo),
        "limbo": list(state.limbo) if limbo_visible else None,
        "limbo_owner": state.limbo_owner,
        "in_transit": [len(t) for t in state.transit],
        "drawer": draw.drawer if draw else None,
        "draw_from": draw.source if draw else None,
        "draws": draw.left if draw else 0,
        "milk_seen": state.milk_seen,
        "deck_left": len(state.deck),
        "round": state.round,
        "rounds": config.rounds,
        "rounds_to_win": config.rounds_to_win,
        "round_wins": list(state.round_wins),
        "starter": state.starter,
        "winners": [state.winner] if state.winner is not None else [],
        "last_win": (
            {"player": state.last_win[0], "hand": list(state.last_win[1])}
            if state.last_win
            else None
        ),
        "rolls": state.rolls,
        "free_scramble": config.free_scramble,
    }


def shuffle_hidden(
    config: TossYourCookiesConfig,
    state: TossYourCookiesState,
    viewer: int | None,
    rng: random.Random,
) -> TossYourCookiesState:
    """Re-deal every card ``viewer`` cannot see, keeping hand sizes and public facts.

    Hidden: other players' hands (not the shown ones), their commitments, the undealt deck
    and face-down limbo cards the viewer did not place. The milk stays where everyone knows
    it is (``milk_seen``).
    """
    n = config.players
    viewer = viewer if type(viewer) is int and 0 <= viewer < n else None
    shown = shown_hands(state)
    hidden_seats = [p for p in range(n) if p != viewer and shown[p] is None]
    pin = state.milk_seen if state.milk_seen in hidden_seats else None
    pool: list[str] = []
    for p in hidden_seats:
        hand = list(state.hands[p])
        if p == pin and MILK in hand:
            hand.remove(MILK)
        elif p == pin:
            pin = None
        pool += hand
    pool += state.deck
    limbo_hidden = not state.limbo_public and viewer != state.limbo_owner
    if limbo_hidden:
        pool += state.limbo
    # Cards still in transit (only after a win in the middle of a pass) stay where they are.
    rng.shuffle(pool)
    hands = list(state.hands)
    commits = list(state.commits)
    for p in hidden_seats:
        size = len(state.hands[p]) - (1 if p == pin else 0)
        new = [pool.pop() for _ in range(size)] + ([MILK] if p == pin else [])
        hands[p] = tuple(sorted(new))
        old = commits[p]
        if old is not None:
            commits[p] = tuple(sorted(rng.sample(new, len(old))))
    deck = tuple(sorted(pool.pop() for _ in range(len(state.deck))))
    limbo = tuple(sorted(pool.pop() for _ in state.limbo)) if limbo_hidden else state.limbo
    return replace(state, hands=tuple(hands), commits=tuple(commits), deck=deck, limbo=limbo)
