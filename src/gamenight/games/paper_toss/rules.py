"""Paper Toss! legality: who decides now, and every action each player may take (the one
source of legality: ``Match.submit`` checks it, bots choose from it, ``explain.py`` words its
refusals from it).
"""

from __future__ import annotations

from gamenight.engine.core import CHANCE_PENDING, TERMINAL_PENDING, Kind, Pending
from gamenight.games.paper_toss.cards import (
    BULLY,
    ENERGY_DRINK,
    FLAT_TIRE,
    HAZARDS,
    PAPER_KINDS,
    PAPER_TOSS,
    TOSS_KINDS,
    counters_for,
)
from gamenight.games.paper_toss.config import PaperTossConfig
from gamenight.games.paper_toss.state import (
    CHANCE_PHASES,
    DRINK,
    END_TURN,
    FLIP_ONE,
    PASS,
    READY,
    TOSS,
    WINDOWS,
    Action,
    Bully,
    Choose,
    Counter,
    Discard,
    FlatTire,
    Hazard,
    PaperTossState,
    Sprinkle,
)

#: Responses, built once and handed out again (moves are plain immutable values).
_HAZARDS = tuple(Hazard(k) for k in HAZARDS)
_BULLIES = tuple(Bully(t) for t in range(PaperTossConfig.max_players))
_FLAT_TIRES = tuple(FlatTire(t) for t in range(PaperTossConfig.max_players))
_COUNTERS: dict[str, Counter] = {}
#: The other moves that name a card, and the Sprinklers answers, built once in the same way.
_CHOICES = {k: Choose(k) for k in TOSS_KINDS}
_DISCARDS = {k: Discard(k) for k in PAPER_KINDS}
_SPRINKLE_BOTH = (Sprinkle(True), Sprinkle(False))
_SPRINKLE_NOT = _SPRINKLE_BOTH[1:]

#: The turn-taker's decision, per seat, built once.
_SINGLE = tuple(Pending(Kind.SINGLE, (p,), turn=p) for p in range(PaperTossConfig.max_players))


#: The pending of a response window, per players asked, turn and window: a few thousand at most
#: (pendings are immutable, so each is made once and handed out again).
_WINDOWS: dict[tuple[tuple[int, ...], int, str], Pending] = {}


def pending(state: PaperTossState) -> Pending:
    """Chance for deals, draws and flips; the active player or chooser alone; every player
    still to answer in a response window; terminal once the game has ended."""
    phase = state.phase
    if phase in CHANCE_PHASES:
        return CHANCE_PENDING
    if phase in WINDOWS:
        key = (state.asked, state.turn, phase)
        made = _WINDOWS.get(key)
        if made is None:
            made = _WINDOWS[key] = Pending(
                Kind.REACTION, state.asked, turn=state.turn, window=phase
            )
        return made
    if phase == "choose" and state.chooser is not None:
        return Pending(Kind.SINGLE, (state.chooser,), turn=state.turn, window="choose")
    if phase == "over":
        return TERMINAL_PENDING
    return _SINGLE[state.turn]


def legal_actions(
    config: PaperTossConfig, state: PaperTossState, player: int
) -> tuple[Action, ...]:
    """Every action ``player`` may take now (empty when they may not act)."""
    phase = state.phase
    if not 0 <= player < config.players:
        return ()
    hand = state.hands[player]
    if phase in WINDOWS:
        return responses(config, state, player) if player in state.asked else ()
    if phase == "choose":
        if player != state.chooser:
            return ()
        return tuple(_CHOICES[k] for k in TOSS_KINDS if k in state.flipped)
    if player != state.turn:
        return ()
    if phase == "discard":
        return (READY, *(_DISCARDS[k] for k in PAPER_KINDS if k in hand))
    if phase == "main":
        return (TOSS, END_TURN) if PAPER_TOSS in hand and not state.tossed else (END_TURN,)
    if phase == "launch":
        return (FLIP_ONE, DRINK) if ENERGY_DRINK in hand else (FLIP_ONE,)
    if phase == "sprinklers":
        return _SPRINKLE_BOTH if PAPER_TOSS in hand else _SPRINKLE_NOT
    return ()


def responses(config: PaperTossConfig, state: PaperTossState, player: int) -> tuple[Action, ...]:
    """In a response window: a pass, plus every card this player could answer with.

    Hazards come from the other players in the hazard window; only the tosser Counters, in the
    counter window, with the Hazard's own counter or the wild one; Bully and Flat Tire may be
    played at every window, on anyone's turn, against another player.
    """
    hand = state.hands[player]
    out: list[Action] = [PASS]
    if state.phase == "hazard" and player != state.turn:
        out.extend(h for h in _HAZARDS if h.card in hand)
    if state.phase == "counter" and player == state.turn and state.hazard is not None:
        out.extend(
            _COUNTERS.get(k) or _COUNTERS.setdefault(k, Counter(k))
            for k in counters_for(state.hazard.card)
            if k in hand
        )
    n = config.players
    if BULLY in hand:
        out.extend(b for b in _BULLIES[:n] if b.target != player)
    if FLAT_TIRE in hand:
        out.extend(f for f in _FLAT_TIRES[:n] if f.target != player)
    return tuple(out)
