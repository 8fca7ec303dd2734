"""Paper Toss! transitions: how each action changes the state, and the events it causes.

``Table`` holds what the config fixes (player count, hand size, target, token values);
``step`` applies one action (already checked legal) and returns the new state and its events.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from gamenight.engine.core import Event
from gamenight.games.paper_toss.state import (
    BULLY,
    COMPONENTS,
    ENERGY_DRINK,
    FLAT_TIRE,
    PAPER_INDEX,
    PAPER_KINDS,
    PAPER_TOSS,
    SPRINKLERS,
    TOSS_INDEX,
    TOSS_KINDS,
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
    PaperTossConfig,
    PaperTossState,
    Pass,
    Ready,
    Sprinkle,
    Toss,
    parse_deck,
)

Events = tuple[Event, ...]
TOKEN_VALUE: dict[str, int] = {k: int(v) for k, v in COMPONENTS["toss_tokens"].items()}


@dataclass(frozen=True, slots=True)
class Table:
    """What the config fixes for a whole game."""

    players: int
    hand_size: int
    target: int
    first_player: int
    paper: tuple[int, ...]
    toss: tuple[int, ...]
    turn_limit: int = 0

    @classmethod
    def from_config(cls, config: PaperTossConfig) -> Table:
        """Read the decks and numbers from a validated config."""
        return cls(
            config.players,
            config.hand_size,
            config.target,
            config.first_player,
            parse_deck("paper_deck", config.paper_deck, PAPER_KINDS),
            parse_deck("toss_deck", config.toss_deck, TOSS_KINDS),
            config.turn_limit,
        )


# ---- small helpers ---------------------------------------------------------------------------
def add_card(hand: tuple[str, ...], card: str) -> tuple[str, ...]:
    """The hand with ``card`` added, kept sorted."""
    return tuple(sorted((*hand, card)))


def remove_card(hand: tuple[str, ...], card: str) -> tuple[str, ...]:
    """The hand with one ``card`` taken out."""
    cards = list(hand)
    cards.remove(card)
    return tuple(cards)


def bump(counts: tuple[int, ...], index: int, delta: int) -> tuple[int, ...]:
    """A count vector with one entry changed."""
    out = list(counts)
    out[index] += delta
    return tuple(out)


def set_at(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    """A tuple with one entry replaced."""
    out = list(values)
    out[index] = value
    return tuple(out)


def play_card(state: PaperTossState, player: int, card: str) -> PaperTossState:
    """``player`` plays ``card`` from hand: it goes face up on the Paper discard pile."""
    hands = list(state.hands)
    hands[player] = remove_card(hands[player], card)
    discard = bump(state.paper_discard, PAPER_INDEX[card], 1)
    return replace(state, hands=tuple(hands), paper_discard=discard)


def window_order(table: Table, turn: int) -> tuple[int, ...]:
    """Everyone, from the left of the player whose turn it is round to that player."""
    n = table.players
    return tuple((turn + i) % n for i in range(1, n + 1))


def open_window(table: Table, state: PaperTossState, phase: str) -> PaperTossState:
    """Open a response window that asks every player (never only those holding a card)."""
    return replace(state, phase=phase, asked=window_order(table, state.turn))


# ---- turns -----------------------------------------------------------------------------------
def start_turn(state: PaperTossState, player: int) -> tuple[PaperTossState, Events]:
    """``player`` begins a turn: first the optional discards."""
    new = replace(state, phase="discard", turn=player, tossed=False, turns=state.turns + 1)
    return new, (Event("turn_started", {"player": player, "turn": new.turns}),)


def most_tokens(state: PaperTossState) -> tuple[int, ...]:
    """The players holding the most tokens (several when tied)."""
    best = max(state.tokens)
    return tuple(p for p, t in enumerate(state.tokens) if t == best)


def next_turn(table: Table, state: PaperTossState) -> tuple[PaperTossState, Events]:
    """Play passes to the left; each waiting Flat Tire costs its player one whole turn.

    With a ``turn_limit`` (a house option), the game ends once that many turns have been
    played: the most tokens win, ties shared.
    """
    if table.turn_limit and state.turns >= table.turn_limit:
        winners = most_tokens(state)
        event = Event("turn_limit", {"turns": state.turns, "winners": list(winners)})
        return replace(state, phase="over", asked=()), (event,)
    skips = list(state.skips)
    events: list[Event] = []
    player = (state.turn + 1) % table.players
    while skips[player] > 0:
        skips[player] -= 1
        events.append(Event("turn_skipped", {"player": player, "flat_tires_left": skips[player]}))
        player = (player + 1) % table.players
    new, started = start_turn(replace(state, skips=tuple(skips), asked=()), player)
    return new, (*events, *started)


def begin_draw(table: Table, state: PaperTossState) -> tuple[PaperTossState, Events]:
    """Draw back up to a full hand (chance steps), rebuilding the deck when it runs out."""
    need = table.hand_size - len(state.hands[state.turn])
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


def deal_receiver(table: Table, state: PaperTossState) -> int:
    """During the deal, who receives the next card (one at a time, round the table)."""
    dealt = sum(len(h) for h in state.hands)
    return (table.first_player + dealt) % table.players


def draw(table: Table, state: PaperTossState, card: str) -> tuple[PaperTossState, Events]:
    """The top Paper card, ``card``, goes to the dealt-to or drawing player."""
    player = deal_receiver(table, state) if state.phase == "deal" else state.turn
    hands = list(state.hands)
    hands[player] = add_card(hands[player], card)
    state = replace(
        state, hands=tuple(hands), paper_deck=bump(state.paper_deck, PAPER_INDEX[card], -1)
    )
    dealing = state.phase == "deal"
    event = Event("drew", {"player": player, "deal": dealing}, {"card": card}, frozenset({player}))
    if dealing:
        if sum(len(h) for h in state.hands) < table.players * table.hand_size:
            return state, (event,)
        new, started = start_turn(state, table.first_player)
        return new, (event, Event("dealt", {"cards": table.hand_size}), *started)
    new, more = begin_draw(table, state)
    return new, (event, *more)


# ---- the toss --------------------------------------------------------------------------------
def begin_flips(state: PaperTossState, count: int, chooser: int) -> tuple[PaperTossState, Events]:
    """Turn over ``count`` Toss cards (chance steps); ``chooser`` picks when there are two."""
    state = replace(state, phase="flip", flips_left=count, chooser=chooser, asked=())
    return refill_toss(state)


def refill_toss(state: PaperTossState) -> tuple[PaperTossState, Events]:
    """An empty Toss deck is rebuilt from its own discards."""
    if sum(state.toss_deck) > 0:
        return state, ()
    rebuilt = sum(state.toss_discard)
    new = replace(state, toss_deck=state.toss_discard, toss_discard=(0,) * len(TOSS_KINDS))
    return new, (Event("toss_deck_rebuilt", {"cards": rebuilt}),)


def flip(table: Table, state: PaperTossState, card: str) -> tuple[PaperTossState, Events]:
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
    if state.chooser < 0:
        new, more = land(table, state, card)
        return new, (event, *more)
    return replace(state, phase="choose"), (event,)


def land(table: Table, state: PaperTossState, card: str) -> tuple[PaperTossState, Events]:
    """The toss lands on ``card``: the face-up Toss cards go to their discard pile."""
    discard = state.toss_discard
    for flipped in state.flipped:
        discard = bump(discard, TOSS_INDEX[flipped], 1)
    hazard = state.chooser >= 0 and state.chooser != state.turn
    landed = Event(
        "landed",
        {"player": state.turn, "card": card, "chooser": state.chooser, "hazard": hazard},
    )
    state = replace(state, toss_discard=discard, flipped=())
    if card == SPRINKLERS:
        return replace(state, phase="sprinklers"), (landed,)
    new, more = score(table, state, TOKEN_VALUE[card], card)
    return new, (landed, *more)


def score(
    table: Table, state: PaperTossState, change: int, card: str
) -> tuple[PaperTossState, Events]:
    """Apply the toss's token change (never below 0); ten tokens win at once; else the window
    at the end of the turn opens."""
    player = state.turn
    before = state.tokens[player]
    after = max(0, before + change)
    state = replace(
        state,
        tokens=set_at(state.tokens, player, after),
        hazard_player=-1,
        hazard_card="",
        chooser=-1,
        flips_left=0,
    )
    events: list[Event] = [
        Event(
            "scored",
            {"player": player, "card": card, "change": after - before, "tokens": after},
        )
    ]
    if after >= table.target:
        events.append(Event("game_over", {"winner": player, "tokens": after}))
        return replace(state, phase="over", winner=player, asked=()), tuple(events)
    return open_window(table, state, "after"), tuple(events)


def close_window(table: Table, state: PaperTossState) -> tuple[PaperTossState, Events]:
    """Everyone asked has passed: the window closes and the game moves on."""
    if state.phase == "hazard":
        event = Event("window_clean", {"player": state.turn})
        return replace(state, phase="launch", asked=()), (event,)
    if state.phase == "counter":
        event = Event(
            "hazard_stands",
            {"player": state.hazard_player, "card": state.hazard_card, "tosser": state.turn},
        )
        new, more = begin_flips(state, 2, state.hazard_player)
        return new, (event, *more)
    return next_turn(table, state)


def step(
    table: Table, state: PaperTossState, player: int, action: Action
) -> tuple[PaperTossState, Events]:
    """Apply one legal action (or chance outcome) and return the new state and its events."""
    if isinstance(action, Draw):
        return draw(table, state, action.card)
    if isinstance(action, Flip):
        return flip(table, state, action.card)
    if isinstance(action, Discard):
        new = play_card(state, player, action.card)
        return new, (Event("discarded", {"player": player, "card": action.card}),)
    if isinstance(action, Ready):
        return begin_draw(table, state)
    if isinstance(action, Toss):
        new = replace(play_card(state, player, PAPER_TOSS), tossed=True, hazards_played=0)
        return open_window(table, new, "hazard"), (Event("tossed", {"player": player}),)
    if isinstance(action, EndTurn):
        event = Event("no_toss", {"player": player})
        return open_window(table, state, "after"), (event,)
    if isinstance(action, Hazard):
        new = replace(
            play_card(state, player, action.card),
            hazard_player=player,
            hazard_card=action.card,
            hazards_played=state.hazards_played + 1,
        )
        event = Event("hazard", {"player": player, "card": action.card, "tosser": state.turn})
        return open_window(table, new, "counter"), (event,)
    if isinstance(action, Counter):
        event = Event(
            "countered",
            {
                "player": player,
                "card": action.card,
                "hazard": state.hazard_card,
                "hazard_player": state.hazard_player,
            },
        )
        new = replace(play_card(state, player, action.card), hazard_player=-1, hazard_card="")
        return open_window(table, new, "hazard"), (event,)
    if isinstance(action, Bully):
        new = play_card(state, player, BULLY)
        before = new.tokens[action.target]
        after = max(0, before - 1)
        new = replace(new, tokens=set_at(new.tokens, action.target, after))
        event = Event(
            "bullied",
            {"player": player, "target": action.target, "lost": before - after, "tokens": after},
        )
        return open_window(table, new, state.phase), (event,)
    if isinstance(action, FlatTire):
        new = play_card(state, player, FLAT_TIRE)
        skips = bump(new.skips, action.target, 1)
        new = replace(new, skips=skips)
        event = Event(
            "flat_tire", {"player": player, "target": action.target, "skips": skips[action.target]}
        )
        return open_window(table, new, state.phase), (event,)
    if isinstance(action, Pass):
        asked = tuple(p for p in state.asked if p != player)
        event = Event("passed", {"player": player, "window": state.phase})
        if asked:
            return replace(state, asked=asked), (event,)
        new, more = close_window(table, replace(state, asked=()))
        return new, (event, *more)
    if isinstance(action, FlipOne):
        return begin_flips(state, 1, -1)
    if isinstance(action, Drink):
        new, more = begin_flips(play_card(state, player, ENERGY_DRINK), 2, player)
        return new, (Event("energy_drink", {"player": player}), *more)
    if isinstance(action, Choose):
        chose = Event("chose", {"player": player, "card": action.card, "tosser": state.turn})
        new, more = land(table, state, action.card)
        return new, (chose, *more)
    if isinstance(action, Sprinkle):
        if action.discard:
            state = play_card(state, player, PAPER_TOSS)
        event = Event("sprinklers", {"player": player, "discarded": action.discard})
        change = TOKEN_VALUE[SPRINKLERS] if action.discard else 0
        new, more = score(table, state, change, SPRINKLERS)
        return new, (event, *more)
    raise TypeError(f"not a Paper Toss! action: {action!r}")
