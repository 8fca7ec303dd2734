"""Paper Toss! transitions: how each action changes the state, and the events it causes.

``apply`` applies one action (already checked legal against ``rules.legal_actions``) or chance
outcome, and returns the new state and its events; the state passed in is never changed (next
states are built with ``state.replace``: ``dataclasses.replace`` at a quarter of the cost). The
game ends with the engine's ``game_over`` event, whether a player reached the target or a
``turn_limit`` was reached; each turn starts with the engine's ``turn_started`` event.
"""

from __future__ import annotations

from gamenight.engine.core import Event, game_over, turn_started
from gamenight.engine.game import field_copier
from gamenight.games.paper_toss.cards import (
    BULLY,
    ENERGY_DRINK,
    FLAT_TIRE,
    PAPER_INDEX,
    PAPER_KINDS,
    PAPER_TOSS,
    SPRINKLERS,
    TOKEN_VALUE,
    TOSS_INDEX,
    TOSS_KINDS,
    add_card,
    bump,
    remove_card,
    set_at,
)
from gamenight.games.paper_toss.config import PaperTossConfig
from gamenight.games.paper_toss.deck import deal_receiver
from gamenight.games.paper_toss.state import (
    Action,
    Bully,
    Choose,
    Counter,
    Discard,
    Draw,
    Drink,
    EndTurn,
    FlatTire,
    Flip,
    FlipOne,
    Hazard,
    PaperTossState,
    Pass,
    Phase,
    PlayedHazard,
    Ready,
    Sprinkle,
    Toss,
    replace,
)

Events = tuple[Event, ...]
#: A copy of a state, to change one field of (cheaper still than ``replace`` with one change).
copy_state = field_copier(PaperTossState)


# ---- small helpers ---------------------------------------------------------------------------
def play_card(state: PaperTossState, player: int, card: str) -> PaperTossState:
    """``player`` plays ``card`` from hand: it goes face up on the Paper discard pile."""
    hands = list(state.hands)
    hands[player] = remove_card(hands[player], card)
    discard = bump(state.paper_discard, PAPER_INDEX[card], 1)
    return replace(state, hands=tuple(hands), paper_discard=discard)


def window_order(config: PaperTossConfig, turn: int) -> tuple[int, ...]:
    """Everyone, from the left of the player whose turn it is round to that player."""
    n = config.players
    return tuple((turn + i) % n for i in range(1, n + 1))


def open_window(config: PaperTossConfig, state: PaperTossState, phase: Phase) -> PaperTossState:
    """Open a response window that asks every player (never only those holding a card)."""
    return replace(state, phase=phase, asked=window_order(config, state.turn))


# ---- turns -----------------------------------------------------------------------------------
def start_turn(state: PaperTossState, player: int) -> tuple[PaperTossState, Events]:
    """``player`` begins a turn: first the optional discards."""
    new = replace(state, phase="discard", turn=player, tossed=False, turns=state.turns + 1)
    return new, (turn_started(player, turn=new.turns),)


def most_tokens(state: PaperTossState) -> tuple[int, ...]:
    """The players holding the most tokens (several when tied)."""
    best = max(state.tokens)
    return tuple(p for p, t in enumerate(state.tokens) if t == best)


def next_turn(config: PaperTossConfig, state: PaperTossState) -> tuple[PaperTossState, Events]:
    """Play passes to the left; each waiting Flat Tire costs its player one whole turn.

    With a ``turn_limit`` (a house option), the game ends once that many turns have been
    played: the most tokens win, ties shared.
    """
    if config.turn_limit and state.turns >= config.turn_limit:
        winners = most_tokens(state)
        event = game_over(winners, reason="turn_limit", turns=state.turns)
        return replace(state, phase="over", asked=(), winners=winners), (event,)
    skips = list(state.skips)
    events: list[Event] = []
    player = (state.turn + 1) % config.players
    while skips[player] > 0:
        skips[player] -= 1
        events.append(Event("turn_skipped", {"player": player, "flat_tires_left": skips[player]}))
        player = (player + 1) % config.players
    new, started = start_turn(replace(state, skips=tuple(skips), asked=()), player)
    return new, (*events, *started)


def begin_draw(config: PaperTossConfig, state: PaperTossState) -> tuple[PaperTossState, Events]:
    """Draw back up to a full hand (chance steps), rebuilding the deck when it runs out."""
    need = config.hand_size - len(state.hands[state.turn])
    if need <= 0:
        return replace(state, phase="main"), ()
    events: Events = ()
    if sum(state.paper_deck) == 0 and sum(state.paper_discard) > 0:
        rebuilt = sum(state.paper_discard)
        state = replace(
            state, paper_deck=state.paper_discard, paper_discard=(0,) * len(PAPER_KINDS)
        )
        events = (Event("paper_deck_rebuilt", {"cards": rebuilt}),)
    if sum(state.paper_deck) == 0:
        return replace(state, phase="main"), events
    return replace(state, phase="draw"), events


def draw(
    config: PaperTossConfig, state: PaperTossState, card: str
) -> tuple[PaperTossState, Events]:
    """The top Paper card, ``card``, goes to the dealt-to or drawing player."""
    player = deal_receiver(config, state) if state.phase == "deal" else state.turn
    hands = list(state.hands)
    hands[player] = add_card(hands[player], card)
    state = replace(
        state, hands=tuple(hands), paper_deck=bump(state.paper_deck, PAPER_INDEX[card], -1)
    )
    dealing = state.phase == "deal"
    event = Event("drew", {"player": player, "deal": dealing}, {"card": card}, frozenset({player}))
    if dealing:
        if sum(len(h) for h in state.hands) < config.players * config.hand_size:
            return state, (event,)
        new, started = start_turn(state, config.first_player)
        return new, (event, Event("dealt", {"cards": config.hand_size}), *started)
    new, more = begin_draw(config, state)
    return new, (event, *more)


# ---- the toss --------------------------------------------------------------------------------
def begin_flips(
    state: PaperTossState, count: int, chooser: int | None
) -> tuple[PaperTossState, Events]:
    """Turn over ``count`` Toss cards (chance steps); ``chooser`` picks when there are two
    (``None``: a single flip)."""
    state = replace(state, phase="flip", flips_left=count, chooser=chooser, asked=())
    return refill_toss(state)


def refill_toss(state: PaperTossState) -> tuple[PaperTossState, Events]:
    """An empty Toss deck is rebuilt from its own discards."""
    if sum(state.toss_deck) > 0:
        return state, ()
    rebuilt = sum(state.toss_discard)
    new = replace(state, toss_deck=state.toss_discard, toss_discard=(0,) * len(TOSS_KINDS))
    return new, (Event("toss_deck_rebuilt", {"cards": rebuilt}),)


def flip(
    config: PaperTossConfig, state: PaperTossState, card: str
) -> tuple[PaperTossState, Events]:
    """The top Toss card, ``card``, is turned face up."""
    state = replace(
        state,
        toss_deck=bump(state.toss_deck, TOSS_INDEX[card], -1),
        flipped=(*state.flipped, card),
        flips_left=state.flips_left - 1,
    )
    event = Event("flipped", {"card": card, "tosser": state.turn})
    if state.flips_left > 0:
        state, more = refill_toss(state)
        return state, (event, *more)
    if state.chooser is None:
        new, more = land(config, state, card)
        return new, (event, *more)
    return replace(state, phase="choose"), (event,)


def land(
    config: PaperTossConfig, state: PaperTossState, card: str
) -> tuple[PaperTossState, Events]:
    """The toss lands on ``card``: the face-up Toss cards go to their discard pile."""
    discard = state.toss_discard
    for flipped in state.flipped:
        discard = bump(discard, TOSS_INDEX[flipped], 1)
    hazard = state.chooser is not None and state.chooser != state.turn
    landed = Event(
        "landed",
        {"player": state.turn, "card": card, "chooser": state.chooser, "hazard": hazard},
    )
    state = replace(state, toss_discard=discard, flipped=())
    if card == SPRINKLERS:
        return replace(state, phase="sprinklers"), (landed,)
    new, more = score(config, state, TOKEN_VALUE[card], card)
    return new, (landed, *more)


def score(
    config: PaperTossConfig, state: PaperTossState, change: int, card: str
) -> tuple[PaperTossState, Events]:
    """Apply the toss's token change (never below 0); ten tokens win at once; else the window
    at the end of the turn opens."""
    player = state.turn
    before = state.tokens[player]
    after = max(0, before + change)
    state = replace(
        state,
        tokens=set_at(state.tokens, player, after),
        hazard=None,
        chooser=None,
        flips_left=0,
    )
    events: list[Event] = [
        Event(
            "scored",
            {"player": player, "card": card, "change": after - before, "tokens": after},
        )
    ]
    if after >= config.target:
        events.append(game_over((player,), reason="target", tokens=after))
        return replace(state, phase="over", winners=(player,), asked=()), tuple(events)
    return open_window(config, state, "after"), tuple(events)


def close_window(config: PaperTossConfig, state: PaperTossState) -> tuple[PaperTossState, Events]:
    """Everyone asked has passed: the window closes and the game moves on."""
    if state.phase == "hazard":
        event = Event("window_clean", {"player": state.turn})
        return replace(state, phase="launch", asked=()), (event,)
    if state.phase == "counter" and state.hazard is not None:
        hazard = state.hazard
        event = Event(
            "hazard_stands", {"player": hazard.player, "card": hazard.card, "tosser": state.turn}
        )
        new, more = begin_flips(state, 2, hazard.player)
        return new, (event, *more)
    return next_turn(config, state)


def apply(
    config: PaperTossConfig, state: PaperTossState, player: int, action: Action
) -> tuple[PaperTossState, Events]:
    """Apply one legal action (or chance outcome) and return the new state and its events."""
    if type(action) is Pass:  # the most frequent step: a player lets a window go by
        asked = tuple(p for p in state.asked if p != player)
        event = Event("passed", {"player": player, "window": state.phase})
        if asked:
            new = copy_state(state)
            new.asked = asked
            return new, (event,)
        new, more = close_window(config, replace(state, asked=()))
        return new, (event, *more)
    if isinstance(action, Draw):
        return draw(config, state, action.card)
    if isinstance(action, Flip):
        return flip(config, state, action.card)
    if isinstance(action, Discard):
        new = play_card(state, player, action.card)
        return new, (Event("discarded", {"player": player, "card": action.card}),)
    if isinstance(action, Ready):
        return begin_draw(config, state)
    if isinstance(action, Toss):
        new = replace(play_card(state, player, PAPER_TOSS), tossed=True, hazards_played=0)
        return open_window(config, new, "hazard"), (Event("tossed", {"player": player}),)
    if isinstance(action, EndTurn):
        event = Event("no_toss", {"player": player})
        return open_window(config, state, "after"), (event,)
    if isinstance(action, Hazard):
        new = replace(
            play_card(state, player, action.card),
            hazard=PlayedHazard(player, action.card),
            hazards_played=state.hazards_played + 1,
        )
        event = Event("hazard", {"player": player, "card": action.card, "tosser": state.turn})
        return open_window(config, new, "counter"), (event,)
    if isinstance(action, Counter) and state.hazard is not None:
        event = Event(
            "countered",
            {
                "player": player,
                "card": action.card,
                "hazard": state.hazard.card,
                "hazard_player": state.hazard.player,
            },
        )
        new = replace(play_card(state, player, action.card), hazard=None)
        return open_window(config, new, "hazard"), (event,)
    if isinstance(action, Bully):
        new = play_card(state, player, BULLY)
        before = new.tokens[action.target]
        after = max(0, before - 1)
        new = replace(new, tokens=set_at(new.tokens, action.target, after))
        event = Event(
            "bullied",
            {"player": player, "target": action.target, "lost": before - after, "tokens": after},
        )
        return open_window(config, new, state.phase), (event,)
    if isinstance(action, FlatTire):
        new = play_card(state, player, FLAT_TIRE)
        skips = bump(new.skips, action.target, 1)
        new = replace(new, skips=skips)
        event = Event(
            "flat_tire", {"player": player, "target": action.target, "skips": skips[action.target]}
        )
        return open_window(config, new, state.phase), (event,)
    if isinstance(action, FlipOne):
        return begin_flips(state, 1, None)
    if isinstance(action, Drink):
        new, more = begin_flips(play_card(state, player, ENERGY_DRINK), 2, player)
        return new, (Event("energy_drink", {"player": player}), *more)
    if isinstance(action, Choose):
        chose = Event("chose", {"player": player, "card": action.card, "tosser": state.turn})
        new, more = land(config, state, action.card)
        return new, (chose, *more)
    if isinstance(action, Sprinkle):
        if action.discard:
            state = play_card(state, player, PAPER_TOSS)
        event = Event("sprinklers", {"player": player, "discarded": action.discard})
        change = TOKEN_VALUE[SPRINKLERS] if action.discard else 0
        new, more = score(config, state, change, SPRINKLERS)
        return new, (event, *more)
    raise TypeError(f"not a Paper Toss! action in this step: {type(action).__name__}")
