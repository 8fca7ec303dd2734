"""Who decides now and which moves are legal: the one source of legality of Toss Your Cookies.

Everything here is a pure function of the config and a state; ``resolve.py`` moves the cards and
``explain.py`` words the refusals.
"""

from __future__ import annotations

from itertools import combinations, compress
from operator import lt

from gamenight.engine.core import CHANCE_PENDING, TERMINAL_PENDING, Kind, Pending
from gamenight.games.toss_your_cookies.cards import ALL, HAND_SIZE, MILK
from gamenight.games.toss_your_cookies.config import TossYourCookiesConfig
from gamenight.games.toss_your_cookies.state import (
    Action,
    Commit,
    Grab,
    Phase,
    Pick,
    Take,
    Target,
    TossYourCookiesState,
)

_CHANCE = (Phase.DEAL, Phase.ROLL, Phase.DRAW)

#: Moves are plain immutable values, so the same few are handed out again rather than built
#: anew at every step: one per card tuple, card, seat or position, made on first use.
_COMMITS: dict[tuple[str, ...], Commit] = {}
_GRABS: dict[str, Grab] = {}
_TAKES: dict[tuple[int, str], Take] = {}
_TARGETS = tuple(Target(p) for p in range(TossYourCookiesConfig.max_players))
#: The commitments a hand can make and the grabs a centre offers, remembered per hand (and
#: count) or centre: a few thousand at most come up, and the memory is emptied past that.
_OPTIONS: dict[tuple[tuple[str, ...], int], tuple[Action, ...]] = {}
_OPTIONS_LIMIT = 50_000
_PICKS = tuple(Pick(i) for i in range(TossYourCookiesConfig.max_players * HAND_SIZE))


def pending(config: TossYourCookiesConfig, state: TossYourCookiesState) -> Pending:
    """Chance for deals, rolls and blind draws; who decides in every other phase."""
    phase, turn = state.phase, state.turn
    if phase == Phase.SCRAMBLE:  # the phases are exclusive: the most frequent first
        players = grabbers(config, state)
        return _PENDINGS.get((players, turn, phase)) or _pending(Kind.RACE, players, turn, phase)
    if phase in _CHANCE:
        return CHANCE_PENDING
    if phase in (Phase.TARGET, Phase.SWAP_CARDS):
        return _pending(Kind.SINGLE, (turn,), turn, phase)
    if phase == Phase.PICK and state.draw is not None:
        return _pending(Kind.SINGLE, (state.draw.drawer,), turn, phase)
    if phase == Phase.COMMIT:
        waiting = tuple(p for p, c in enumerate(state.commits) if c is None)
        return _pending(Kind.SIMULTANEOUS, waiting, turn, phase)
    if phase == Phase.MILK_RACE:
        others = tuple(p for p in range(config.players) if p != state.tosser)
        return _pending(Kind.RACE, others, turn, phase)
    if phase == Phase.EVEN_UP:
        short = short_player(state)
        return _pending(Kind.SINGLE, (short,) if short is not None else (), turn, phase)
    return TERMINAL_PENDING


#: Pending values are immutable, and only a few thousand differ (who, whose turn, which phase):
#: each is made once and handed out again. The phase sets the kind, so the key leaves it out.
_PENDINGS: dict[tuple[tuple[int, ...], int, Phase], Pending] = {}


def _pending(kind: Kind, players: tuple[int, ...], turn: int, phase: Phase) -> Pending:
    key = (players, turn, phase)
    made = _PENDINGS.get(key)
    if made is None:
        made = _PENDINGS[key] = Pending(kind, players, turn=turn, window=phase)
    return made


def grabbers(config: TossYourCookiesConfig, state: TossYourCookiesState) -> tuple[int, ...]:
    """Who may still grab in the scramble: everyone below their cap (or all, if free)."""
    if not state.centre:
        return ()
    if config.free_scramble:
        return tuple(range(config.players))
    return tuple(compress(range(config.players), map(lt, state.grabbed, state.quota)))


def short_player(state: TossYourCookiesState) -> int | None:
    """The first player left short after a free scramble, from the roller round the table."""
    n = len(state.hands)
    seats = ((state.turn + i) % n for i in range(n))
    return next((p for p in seats if len(state.hands[p]) < HAND_SIZE), None)


def number(state: TossYourCookiesState) -> int:
    """How many cards the current roll moves (the whole hand for All; 0 before a roll and for
    the milk face, which moves the milk alone)."""
    if state.roll is None:
        return 0
    face = state.roll[1]
    if face == ALL:
        return HAND_SIZE
    return int(face) if face.isascii() and face.isdigit() else 0


def receiver(state: TossYourCookiesState) -> int:
    """The seat the next dealt card goes to: cards go one at a time round the table from the
    round's starter, so it follows from how many have been dealt."""
    n = len(state.hands)
    dealt = sum(len(h) for h in state.hands)
    return (state.starter + dealt) % n


def shown_hands(state: TossYourCookiesState) -> tuple[tuple[str, ...] | None, ...]:
    """Hands shown to everyone: the over-full hands while a free scramble evens up."""
    if state.phase != Phase.EVEN_UP:
        return (None,) * len(state.hands)
    return tuple(h if len(h) > HAND_SIZE else None for h in state.hands)


def legal_actions(
    config: TossYourCookiesConfig,
    state: TossYourCookiesState,
    player: int,
    deciding: tuple[int, ...] | None = None,
) -> tuple[Action, ...]:
    """Every move ``player`` may make now (empty when it is not their decision).

    ``deciding`` is ``pending(config, state).players`` when the caller has it already.
    """
    if deciding is None:
        deciding = pending(config, state).players
    if player not in deciding:
        return ()
    phase = state.phase
    if phase == Phase.SCRAMBLE:  # the phases are exclusive: the most frequent first
        return _OPTIONS.get((state.centre, -1)) or _grabs(state.centre)
    if phase == Phase.COMMIT or phase == Phase.SWAP_CARDS:
        return _commits(state.hands[player], number(state))
    if phase == Phase.TARGET:
        return tuple(t for t in _TARGETS[: config.players] if t.player != player)
    if phase == Phase.MILK_RACE:
        return (_GRABS.get(MILK) or _GRABS.setdefault(MILK, Grab(MILK)),)
    if phase == Phase.PICK and state.draw is not None:
        return _PICKS[: len(state.hands[state.draw.source])]
    if phase == Phase.EVEN_UP:
        return tuple(
            _TAKES.get((q, c)) or _TAKES.setdefault((q, c), Take(q, c))
            for q, hand in enumerate(state.hands)
            if len(hand) > HAND_SIZE
            for c in dict.fromkeys(hand)
        )
    return ()


def same_for_every_decider(state: TossYourCookiesState) -> bool:
    """Whether every player deciding now has the same moves: in the scramble and the milk race
    each may grab what the others may."""
    phase = state.phase
    return phase == Phase.SCRAMBLE or phase == Phase.MILK_RACE


def _commits(hand: tuple[str, ...], count: int) -> tuple[Action, ...]:
    """Every distinct ``count`` cards of ``hand``, sorted, as commitments."""
    key = (hand, count)
    options = _OPTIONS.get(key)
    if options is None:
        if len(_OPTIONS) >= _OPTIONS_LIMIT:
            _OPTIONS.clear()
        # A hand is sorted, so its combinations come out sorted: the first of equal ones kept.
        options = _OPTIONS[key] = tuple(
            _COMMITS.get(c) or _COMMITS.setdefault(c, Commit(c))
            for c in dict.fromkeys(combinations(hand, count))
        )
    return options


def _grabs(centre: tuple[str, ...]) -> tuple[Action, ...]:
    """A grab of each kind of card in the (sorted) centre."""
    key = (centre, -1)
    options = _OPTIONS.get(key)
    if options is None:
        if len(_OPTIONS) >= _OPTIONS_LIMIT:
            _OPTIONS.clear()
        options = _OPTIONS[key] = tuple(
            _GRABS.get(c) or _GRABS.setdefault(c, Grab(c)) for c in dict.fromkeys(centre)
        )
    return options


def commitments(hand: tuple[str, ...], count: int) -> tuple[Commit, ...]:
    """Every distinct commitment of ``count`` cards a (sorted) hand can make, each once: what a
    player in a pass or a toss chooses from."""
    return tuple(c for c in _commits(hand, count) if isinstance(c, Commit))
