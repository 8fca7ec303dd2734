"""Cover Your Cookies as a fixed numpy vector, for learning agents (the ``encode`` part).

Built from a seat's view alone: the viewer's own hand, the others' hand sizes and everything on
the table. Every value is in [0, 1]; counts and Dough are divided by a scale and clipped. With
``C`` cookies, ``M`` milks and ``X`` mixers (from ``components.json``) and ``n`` seats:

- the phase, one-hot over the 8 phases (``PHASES``);
- your hand per cookie and milk / hand size (``C + M``);
- one block per seat, in table order starting with the viewer: hand size / hand size,
  Batches / 10, the top Batch's flavour (one-hot, ``C``), its cards / 8 and its Dough / 200,
  Dough on the table / 500, times swiped / 6, Enhance cards waiting / 2, whose turn, the
  challenger, the defender and the player to answer in a duel, who drew the mixer, cards in
  transit / 2, match total / 1000, rounds won / 5, last round's Dough / 500 (``16 + C``);
- the discard pile per cookie and milk / 10, the discards usable to form a Batch (``2(C + M)``);
- the deck / its full size, the deck is out, mixers in the deck / their count, the mixer
  discard pile per mixer (``X``);
- the duel: on, its flavour (``C``), cards needed / 2, plays made / 6, the Batch's Dough / 200;
- the mixer being resolved (``X``); actions taken this turn / 2, may lay a single card, the
  Extra Strength and Two Actions options.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from gamenight.engine.config import load_components
from gamenight.engine.core import View
from gamenight.engine.game import Game

PHASES = ("deal", "flip", "turn", "duel", "draw", "mixer", "exchange", "over")

_DATA = load_components(__package__ or "gamenight.games.cover_your_cookies")
COOKIES: tuple[str, ...] = tuple(str(c["id"]) for c in _DATA["cookies"])
MILKS: tuple[str, ...] = tuple(str(c["id"]) for c in _DATA["milk"])
MIXERS: tuple[str, ...] = tuple(str(c["id"]) for c in _DATA["mixers"])
HELD = COOKIES + MILKS
MIXER_COUNTS: tuple[int, ...] = tuple(max(1, int(c["count"])) for c in _DATA["mixers"])
ALL_CARDS = sum(int(c["count"]) for key in ("cookies", "milk", "mixers") for c in _DATA[key])
SEAT_FIELDS = 16 + len(COOKIES)


def observation_size(game: Game[Any, Any]) -> int:
    """The length of the vector (see the module's layout)."""
    c, held, x = len(COOKIES), len(HELD), len(MIXERS)
    return len(PHASES) + held + game.players * SEAT_FIELDS + 2 * held + 3 + x + 4 + c + x + 4


def max_chance_outcomes(game: Game[Any, Any]) -> int:
    """The most distinct outcomes of one chance step: a card of any kind off the deck, or the
    cards taken blindly in an Exchange (up to two of the cookies and milks in a hand)."""
    held = len(HELD)
    return max(len(HELD) + len(MIXERS), held * (held + 1) // 2)


def _clip(x: float) -> float:
    return 0.0 if x < 0.0 else 1.0 if x > 1.0 else x


def _one_hot(value: Any, order: tuple[str, ...]) -> list[float]:
    return [1.0 if value == k else 0.0 for k in order]


def encode(game: Game[Any, Any], view: View, seat: int) -> np.ndarray:
    """The view of ``seat`` as a float32 vector of :func:`observation_size` values."""
    n = int(view["players"])
    out: list[float] = _one_hot(view["phase"], PHASES)
    limit = float(view["hand_limit"]) or 1.0
    hand = view["hand"] or ()
    out += (_clip(hand.count(k) / limit) for k in HELD)
    duel = view["duel"]
    mixer = view["mixer"]
    turn = view["turn"]
    challenger = duel["challenger"] if duel else None
    defender = duel["defender"] if duel else None
    responder = duel["responder"] if duel else None
    drawer = mixer["player"] if mixer else None
    sizes, stacks, dough = view["hand_sizes"], view["stacks"], view["dough"]
    crumbs, waiting, transit = view["crumbs"], view["waiting_enhance"], view["exchange_in_transit"]
    totals, wins, last = view["totals"], view["round_wins"], view["last_scores"]
    batch_value = 0.0
    for i in range(n):
        p = (seat + i) % n
        stack = stacks[p]
        top = stack[-1] if stack else None
        out += (_clip(sizes[p] / limit), _clip(len(stack) / 10))
        out += _one_hot(top["flavour"] if top else None, COOKIES)
        out += (
            _clip(len(top["cards"]) / 8) if top else 0.0,
            _clip(top["value"] / 200) if top else 0.0,
            _clip(dough[p] / 500),
            _clip(crumbs[p] / 6),
            _clip(waiting[p] / 2),
            1.0 if p == turn else 0.0,
            1.0 if p == challenger else 0.0,
            1.0 if p == defender else 0.0,
            1.0 if p == responder else 0.0,
            1.0 if p == drawer else 0.0,
            _clip(transit[p] / 2),
            _clip(totals[p] / 1000),
            _clip(wins[p] / 5),
            _clip(last[p] / 500),
        )
        if duel and p == defender:
            batch_value = next((b["value"] for b in stack if b["id"] == duel["batch"]), 0)
    discard = view["discard"]
    out += (_clip(discard.count(k) / 10) for k in HELD)
    usable = view["usable_discards"]
    out += (1.0 if k in usable else 0.0 for k in HELD)
    mixer_discard = view["mixer_discard"]
    out += (
        _clip(view["deck"] / ALL_CARDS),
        1.0 if view["deck_out"] else 0.0,
        _clip(view["mixers_in_deck"] / sum(MIXER_COUNTS)),
    )
    out += (_clip(mixer_discard.count(k) / c) for k, c in zip(MIXERS, MIXER_COUNTS, strict=True))
    out += (
        1.0 if duel else 0.0,
        _clip(duel["need"] / 2) if duel else 0.0,
        _clip(len(duel["plays"]) / 6) if duel else 0.0,
        _clip(batch_value / 200),
    )
    out += _one_hot(duel["flavour"] if duel else None, COOKIES)
    out += _one_hot(mixer["card"] if mixer else None, MIXERS)
    options = view["options"]
    out += (
        _clip(view["actions_taken"] / 2),
        1.0 if view["may_lay_single"] else 0.0,
        1.0 if options["extra_strength"] else 0.0,
        1.0 if options["two_actions"] else 0.0,
    )
    return np.array(out, dtype=np.float32)
