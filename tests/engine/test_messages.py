"""Refusals stay short whatever was sent, late moves after the end are too slow, no asserts."""

from __future__ import annotations

import ast
import dataclasses
import random
from pathlib import Path
from typing import Any

import pytest

import gamenight.engine
from gamenight.engine import (
    ConfigError,
    GameError,
    GameOver,
    Kind,
    MalformedAction,
    Match,
    StaleVersion,
    config_from_json,
    config_from_options,
)
from gamenight.engine.errors import brief, clip
from gamenight.games import game_ids, make_game
from tests.engine.grab_bag import Bid, Grab, GrabBag, GrabBagConfig, Object, Pass

SHORT = 400  # no refusal needs more characters than this


def refusal(call: Any) -> str:
    """The message of the ``GameError`` that ``call()`` raises."""
    with pytest.raises(GameError) as caught:
        call()
    return str(caught.value)


def until_legal(match: Match, wanted: str, seed: int = 0) -> int:
    """Play random legal moves until a seat may take a ``wanted`` action; return that seat."""
    rng = random.Random(seed)
    for _ in range(10_000):
        pending = match.pending
        if pending.kind is Kind.CHANCE:
            match.roll_chance()
            continue
        for seat in pending.players:
            legal = match.game.legal_actions(match.state, seat)
            if any(type(a).__name__ == wanted for a in legal):
                return seat
        seat = pending.players[0]
        legal = match.game.legal_actions(match.state, seat)
        match.submit(seat, legal[rng.randrange(len(legal))], match.version)
    raise AssertionError(f"no {wanted} became legal")


def test_a_200000_card_commit_is_refused_in_a_short_message() -> None:
    """Issue: "a 200,000-card commit gives a 2 MB message". Now it is a few lines at most."""
    match = Match(make_game("toss-your-cookies", players=3), seed=4)
    seat = until_legal(match, "Commit")
    cards = ["milk"] * 200_000
    huge = match.game.action_from_json({"type": "commit", "cards": cards})
    message = refusal(lambda: match.submit(seat, huge, match.version))
    assert len(message) < SHORT
    assert "..." in message
    message = refusal(lambda: match.submit_json(seat, {"type": "commit", "cards": [7] * 200_000}))
    assert len(message) < SHORT
    assert "must be str" in message


def test_long_or_strange_input_gets_a_short_typed_refusal() -> None:
    """Wire messages, typed moves, versions and seats: every echo is cut short."""
    match = Match(GrabBag(GrabBagConfig(players=3)), seed=5)
    match.advance_chance()
    long_text = "x" * 200_000
    cases = [
        lambda: match.submit_json(0, {"type": long_text}),
        lambda: match.submit_json(0, {"type": "bid", "amount": long_text}),
        lambda: match.submit_json(0, {"type": "bid", "amount": 1, long_text: 2}),
        lambda: match.submit_json(0, {"type": "bid", "amount": 10**5000}),
        lambda: match.submit_text(0, long_text),
        lambda: match.submit_text(0, "bid " + "9" * 5000),
        lambda: match.submit_text(0, "bid ²"),
        lambda: match.submit(0, long_text),
        lambda: match.submit(0, Bid(10**5000)),
        lambda: match.submit(0, Bid(1), version=long_text),  # type: ignore[arg-type]
        lambda: match.submit(10**5000, Bid(1)),
        lambda: match.view(long_text),  # type: ignore[arg-type]
        lambda: match.game.action_from_id(10**5000),
        lambda: match.game.action_id(long_text),
    ]
    for case in cases:
        message = refusal(case)
        assert len(message) < SHORT, message[:SHORT]
        assert "\n" not in message
    assert "must be a whole number" in refusal(lambda: match.submit_text(0, "bid ²"))
    assert "a version is a whole number" in refusal(
        lambda: match.submit(0, Bid(1), version="3")  # type: ignore[arg-type]
    )


def test_long_or_strange_options_get_a_short_config_error() -> None:
    """Options typed by a person or read from a record are echoed only in part."""
    long_text = "7" * 200_000
    cases = [
        lambda: config_from_options(GrabBagConfig, [f"rounds={long_text}"]),
        lambda: config_from_options(GrabBagConfig, ["rounds=³"]),
        lambda: config_from_options(GrabBagConfig, [f"{long_text}=1"]),
        lambda: config_from_options(GrabBagConfig, [long_text]),
        lambda: config_from_json(GrabBagConfig, {"rounds": 10**5000}),
        lambda: config_from_json(GrabBagConfig, {"rounds": [long_text]}),
        lambda: config_from_json(GrabBagConfig, {long_text: 1}),
        lambda: config_from_json(GrabBagConfig, {"players": 10**5000}),
    ]
    for case in cases:
        with pytest.raises(ConfigError) as caught:
            case()
        assert len(str(caught.value)) < SHORT, str(caught.value)[:SHORT]


@pytest.mark.parametrize("game_id", game_ids())
def test_action_objects_with_wrong_typed_fields_are_malformed(game_id: str) -> None:
    """Issue: "an action object with wrong-typed fields (``Bully(target=None)``) crashes while
    its refusal is being worded". ``Match.submit`` now checks every field's type first."""
    match = Match(make_game(game_id), seed=3)
    match.advance_chance()
    seat = match.pending.players[0]
    version = match.version
    checked = 0
    for cls in match.game.action_types:
        names = [f.name for f in dataclasses.fields(cls)]
        if not names:
            continue
        for bad in (None, 1.5, ["x"], 10**30):
            action = cls(**dict.fromkeys(names, bad))
            with pytest.raises(MalformedAction, match=f"field '{names[0]}' of") as caught:
                match.submit(seat, action, match.version)
            assert len(str(caught.value)) < SHORT
            checked += 1
    assert checked >= 4
    assert match.version == version  # nothing was applied


def test_brief_and_clip_cut_with_an_ellipsis() -> None:
    """The helpers every message goes through."""
    assert brief("short") == "'short'"
    assert len(brief("y" * 10_000)) == 80
    assert brief("y" * 10_000).endswith("...")
    assert brief(list(range(100_000)), limit=200).startswith("[0, 1, 2")
    assert brief(frozenset({"b", "a", "c"})) == "frozenset({'a', 'b', 'c'})"  # sorted: stable
    assert clip("z" * 300, 50) == "z" * 47 + "..."


def test_a_late_move_after_the_winning_move_of_the_match_is_too_slow() -> None:
    """Issue: "a late grab after the winning grab of a match gets GameOver instead of 'too slow'".

    Two players answer the last window of the match at the same version; the first answer ends
    the match. The second is told it was too slow, naming both versions, not only that the game
    is over; a move naming the current version (or none) gets GameOver.
    """
    match = Match(GrabBag(GrabBagConfig(players=3, rounds=1)), seed=5)
    match.advance_chance()
    for player in range(3):
        match.submit(player, Bid(1))
    while match.pending.kind is Kind.RACE:
        match.submit(match.pending.players[0], Grab(), match.version)
    assert match.pending.kind is Kind.REACTION
    version = match.version
    holder = next(p for p in range(3) if Object() in match.game.legal_actions(match.state, p))
    other = next(p for p in range(3) if p != holder)
    match.submit(holder, Object(), version)
    assert match.finished
    late = (
        f"too slow: the action was made at version {version}, "
        f"the match is at version {version + 1}; the match is over"
    )
    with pytest.raises(StaleVersion, match=late):
        match.submit(other, Pass(), version)
    with pytest.raises(GameOver, match="the match is over"):
        match.submit(other, Pass(), match.version)
    with pytest.raises(StaleVersion, match=f"names version {version + 5}, but the match is only"):
        match.submit(other, Pass(), version + 5)
    with pytest.raises(GameOver):
        match.submit(other, Pass())


def test_engine_code_has_no_assert_statements() -> None:
    """``python -O`` drops asserts: the engine checks with ``if`` and raises typed errors."""
    root = Path(gamenight.engine.__file__).parent
    for path in sorted(root.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        asserts = [node.lineno for node in ast.walk(tree) if isinstance(node, ast.Assert)]
        assert not asserts, f"{path.name} asserts on lines {asserts}"
