"""The conformance kit: checks every game must pass, driven by seeded random play.

``check_game(game, seed)`` plays one random game to the end and checks at every step:

- pending: the listed players, and only they, have legal actions; chance outcomes are a
  distribution and sampling stays in its support; the terminal node has no actions;
- legality: the chosen action passes ``is_legal``;
- immutability: applying an action leaves the old state equal to its snapshot;
- views: every viewer's view (and the spectator's) is JSON data, and does not change when
  everything that viewer cannot see is re-dealt by ``shuffle_hidden`` (redaction); in a game
  with ``sample_state``, a state drawn from a seat's view shows it that view, with the same
  moves when it decides;
- seats that do not exist: ``Game.view`` and ``Match.view`` refuse the viewers ``-1``,
  ``players``, ``True``, ``False``, ``"0"`` and ``1.0`` with ``UnknownSeat`` (never a view, never
  another error), and ``Match.check`` refuses them as players the same way;
- events: every event, as each viewer sees it, is JSON data, and secrets reach only their
  audience;
- codecs: JSON, text and integer-id round trips of every legal action and chance outcome;
- replay: the JSON match record replays to an equal final state and states what it ends in
  (the outcome and the final state's digest); a record whose stated end is changed is refused;
  and the same seed with the same player actions re-samples the same chance outcomes;
- an optional game-specific ``invariant(game, state)`` (e.g. conservation of cards).
"""

from __future__ import annotations

import copy
import json
import math
import random
from collections.abc import Callable
from typing import Any

from gamenight.engine.core import CHANCE, Event, Kind
from gamenight.engine.errors import RecordMismatch, UnknownSeat
from gamenight.engine.game import Game
from gamenight.engine.match import Match, replay

Invariant = Callable[[Game[Any, Any], Any], None]


class ConformanceError(AssertionError):
    """A game broke the engine contract; the message names the step and the rule."""


def _fail(step: int, message: str) -> ConformanceError:
    return ConformanceError(f"step {step}: {message}")


def check_pending(game: Game[Any, Any], state: Any, step: int) -> None:
    """Who may act matches who has legal actions."""
    pending = game.pending(state)
    for player in range(game.players):
        legal = game.legal_actions(state, player)
        listed = player in pending.players and pending.kind not in (Kind.CHANCE, Kind.TERMINAL)
        if listed and not legal:
            raise _fail(step, f"player {player} is asked to decide but has no legal action")
        if not listed and legal:
            raise _fail(step, f"player {player} has legal actions but is not asked ({pending})")
    if pending.kind not in (Kind.CHANCE, Kind.TERMINAL) and pending.kind not in game.decisions:
        raise _fail(
            step,
            f"a {pending.kind.value} decision, which the game's decisions "
            f"({', '.join(sorted(k.value for k in game.decisions))}) do not list",
        )
    if pending.kind in (Kind.SINGLE,) and len(pending.players) != 1:
        raise _fail(step, f"a single decision lists {len(pending.players)} players")
    if pending.kind in (Kind.SIMULTANEOUS, Kind.RACE, Kind.REACTION) and not pending.players:
        raise _fail(step, f"a {pending.kind.value} decision lists nobody")
    if pending.kind is Kind.CHANCE:
        outcomes = game.chance_outcomes(state)
        total = sum(p for _, p in outcomes)
        if not outcomes or not math.isclose(total, 1.0, abs_tol=1e-9):
            raise _fail(step, f"chance outcomes sum to {total}, not 1")
        if any(p < 0 for _, p in outcomes):
            raise _fail(step, "a chance outcome has a negative probability")


def check_views(game: Game[Any, Any], state: Any, step: int, rng: random.Random) -> bool:
    """Views are JSON and do not depend on what the viewer cannot see.

    Returns whether ``shuffle_hidden`` re-dealt anything (so that a game declaring hidden
    information cannot pass the redaction check with a ``shuffle_hidden`` that does nothing).
    """
    changed = False
    for viewer in [None, *range(game.players)]:
        view = game.view(state, viewer)
        if view != game.observe(state, viewer):
            raise _fail(step, f"view of {viewer} is not what observe shows")
        try:
            json.dumps(view)
        except TypeError as exc:
            raise _fail(step, f"view of {viewer} is not JSON data: {exc}") from None
        other = game.shuffle_hidden(state, viewer, rng)
        if game.view(other, viewer) != view:
            raise _fail(step, f"view of {viewer} changes when hidden information is re-dealt")
        changed = changed or other != state
        if viewer is not None:
            check_sample(game, state, viewer, view, step, rng)
    return changed


def check_sample(
    game: Game[Any, Any], state: Any, seat: int, view: Any, step: int, rng: random.Random
) -> None:
    """If the game draws states from a view (``sample_state``), a state drawn from ``seat``'s
    view shows that seat the same view and, when the seat decides now, offers it the same
    moves."""
    if not game.draws_states():
        return
    drawn = game.sample_state(view, seat, rng)
    if game.observe(drawn, seat) != view:
        raise _fail(step, f"a state sample_state draws from seat {seat}'s view shows it another")
    pending = game.pending(state)
    deciding = pending.kind not in (Kind.CHANCE, Kind.TERMINAL) and seat in pending.players
    if deciding and list(game.legal_actions(drawn, seat)) != list(game.legal_actions(state, seat)):
        raise _fail(step, f"a state drawn from seat {seat}'s view offers it other moves")


def bad_seats(game: Game[Any, Any]) -> list[Any]:
    """Viewers and players that are no seat: before the first, past the last, bools, others."""
    return [-1, game.players, True, False, "0", 1.0]


def check_unknown_seats(match: Match, step: int) -> None:
    """Every seat that does not exist is refused with ``UnknownSeat``, by views and by moves."""
    game = match.game
    views: list[tuple[str, Callable[[Any], object]]] = [
        ("Game.view", lambda seat: game.view(match.state, seat)),
        ("Match.view", match.view),
    ]
    for seat in bad_seats(game):
        for name, view in views:
            try:
                view(seat)
            except UnknownSeat:
                continue
            except Exception as exc:  # any other outcome is the failure, named
                raise _fail(step, f"{name}({seat!r}) raises {exc!r}, not UnknownSeat") from None
            raise _fail(step, f"{name}({seat!r}) shows a view of a seat that does not exist")
    pending = game.pending(match.state)
    if pending.kind in (Kind.CHANCE, Kind.TERMINAL):
        return
    action = game.legal_actions(match.state, pending.players[0])[0]
    for seat in bad_seats(game):
        try:
            match.check(seat, action, match.version)
        except UnknownSeat:
            continue
        except Exception as exc:  # any other outcome is the failure, named
            raise _fail(step, f"a move for seat {seat!r} raises {exc!r}, not UnknownSeat") from None
        raise _fail(step, f"a move for seat {seat!r}, which does not exist, would be accepted")


def check_events(game: Game[Any, Any], events: tuple[Event, ...], step: int) -> None:
    """Events are JSON for every viewer, and secrets stay with their audience."""
    for event in events:
        if event.secret and set(event.secret) & set(event.data):
            raise _fail(step, f"event {event.kind} has secret keys in its public data too")
        for viewer in [None, *range(game.players)]:
            seen = event.for_viewer(viewer)
            try:
                json.dumps(seen)
            except TypeError as exc:
                raise _fail(step, f"event {event.kind} is not JSON data: {exc}") from None
            if event.secret and viewer not in event.audience:
                leaked = set(event.secret) & {k for k in seen if k not in event.data}
                if leaked:
                    raise _fail(step, f"event {event.kind} shows {leaked} to {viewer}")


def check_codecs(game: Game[Any, Any], action: Any, step: int, chance: bool) -> None:
    """JSON, text and (for player actions) id round trips."""
    wire = json.loads(json.dumps(game.action_to_json(action)))
    if game.action_from_json(wire) != action:
        raise _fail(step, f"JSON round trip changes {action!r}")
    if game.action_from_text(game.action_to_text(action)) != action:
        raise _fail(step, f"text round trip changes {action!r}")
    if not chance:
        action_id = game.action_id(action)
        if not 0 <= action_id < game.num_actions or game.action_from_id(action_id) != action:
            raise _fail(step, f"id round trip changes {action!r}")


def random_action(game: Game[Any, Any], state: Any, rng: random.Random) -> tuple[int, Any]:
    """A uniformly random decider and legal action (or a sampled chance outcome)."""
    pending = game.pending(state)
    if pending.kind is Kind.CHANCE:
        return CHANCE, game.sample_chance(state, rng)
    player = pending.players[rng.randrange(len(pending.players))]
    legal = game.legal_actions(state, player)
    return player, legal[rng.randrange(len(legal))]


def check_game(
    game: Game[Any, Any],
    seed: int,
    invariant: Invariant | None = None,
    max_steps: int = 100_000,
    deep_every: int = 1,
) -> Match:
    """Play one seeded random game of ``game``, checking the contract at every step.

    ``deep_every`` > 1 runs the costlier checks (snapshots, views, codecs) on every n-th step
    only. Returns the finished match.
    """
    rng = random.Random(seed)
    probe = random.Random(seed + 1)
    match = Match(game, seed=seed)
    redealt = False
    for step in range(max_steps):
        state = match.state
        deep = step % deep_every == 0
        check_pending(game, state, step)
        if invariant is not None:
            invariant(game, state)
        if deep:
            redealt = check_views(game, state, step, probe) or redealt
            check_unknown_seats(match, step)
        pending = game.pending(state)
        if pending.kind is Kind.TERMINAL:
            break
        snapshot = copy.deepcopy(state) if deep else None
        if pending.kind is Kind.CHANCE:
            events = match.roll_chance()
            player, action = CHANCE, match.steps[-1].action
            if action not in {a for a, _ in game.chance_outcomes(state)}:
                raise _fail(step, f"sampled chance outcome {action!r} is not among the outcomes")
        else:
            player, action = random_action(game, state, rng)
            if not game.is_legal(state, player, action):
                raise _fail(step, f"is_legal refuses {action!r}, listed as legal for {player}")
            events = match.submit(player, action, match.version)
        if deep:
            check_codecs(game, action, step, player == CHANCE)
        if snapshot is not None and state != snapshot:
            raise _fail(step, f"apply changed the state it was given ({action!r})")
        check_events(game, events, step)
    else:
        raise ConformanceError(f"the game did not end within {max_steps} steps")
    if game.legal_actions(match.state, 0):
        raise ConformanceError("a finished game still offers actions")
    if game.hidden_information and not redealt:
        raise ConformanceError(
            "the game declares hidden information but shuffle_hidden never changed a state"
        )
    game.outcome(match.state)
    check_replay(match)
    return match


def check_replay(match: Match) -> None:
    """The record replays exactly; the seed and the player actions re-sample the same chance."""
    game = match.game
    record = json.loads(json.dumps(match.record()))
    if record.get("outcome") != json.loads(json.dumps(match.outcome().to_json())):
        raise ConformanceError("the match record does not state the match's outcome")
    if not isinstance(record.get("digest"), str):
        raise ConformanceError("the match record does not state its final state's digest")
    replayed = replay(record, type(game))
    if replayed.state != match.state:
        raise ConformanceError("the match record does not replay to the same final state")
    for changed in ({**record, "digest": "sha256:" + "0" * 64}, {**record, "outcome": None}):
        try:
            replay(changed, type(game))
        except RecordMismatch:
            continue
        raise ConformanceError("a record with a changed end replays without complaint")
    again = Match(type(game)(game.config), seed=match.seed)
    for step in match.steps:
        if step.player == CHANCE:
            again.roll_chance()
        else:
            again.submit(step.player, step.action, again.version)
    if again.state != match.state:
        raise ConformanceError("the same seed and actions do not re-sample the same chance")
