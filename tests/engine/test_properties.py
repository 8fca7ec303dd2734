"""Property tests (hypothesis, derandomized): configs, codecs and play hold for any input."""

from __future__ import annotations

import copy
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from gamenight.engine import (
    CHANCE,
    ConfigError,
    GameError,
    Kind,
    MalformedAction,
    Match,
    config_from_options,
)
from gamenight.games.toss_up.game import Dice, TossUp, TossUpConfig

settings.register_profile("gamenight", derandomize=True, max_examples=150, deadline=None)
settings.load_profile("gamenight")

option_text = st.text(
    alphabet=st.characters(codec="ascii", exclude_categories=("Cc",)), max_size=20
)


@given(
    key=st.sampled_from(["target", "strict", "dice", "faces", "players", "nope"]), value=option_text
)
def test_any_option_text_builds_a_valid_config_or_a_config_error(key: str, value: str) -> None:
    """Whatever is typed after -o, the result is a valid config or one ConfigError line."""
    try:
        config = config_from_options(TossUpConfig, [f"{key}={value}"])
    except ConfigError as exc:
        message = str(exc)
        assert message
        assert "\n" not in message
        return
    TossUp(config)  # a config that was accepted builds a working game
    assert 2 <= config.players <= 6


json_value = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=8,
)


@given(data=json_value | st.dictionaries(st.sampled_from(["type", "green", "red"]), json_value))
def test_any_wire_message_decodes_to_an_action_or_a_malformed_action(data: object) -> None:
    """A malformed message is refused with MalformedAction, never another exception."""
    game = TossUp()
    try:
        action = game.action_from_json(data)
    except MalformedAction as exc:
        assert str(exc)  # noqa: PT017 (a property: raising is one allowed outcome)
        return
    assert game.action_from_json(json.loads(json.dumps(game.action_to_json(action)))) == action


@given(text=option_text)
def test_any_typed_move_is_parsed_or_refused_with_what_is_allowed(text: str) -> None:
    game = TossUp()
    try:
        game.action_from_text(text)
    except MalformedAction as exc:
        assert "roll" in str(exc)  # noqa: PT017 (a property: raising is one allowed outcome)


@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 2**32),
    moves=st.lists(st.tuples(st.integers(-1, 6), st.sampled_from(["roll", "bank", "dice 1 1 1"]))),
)
@settings(max_examples=60)
def test_arbitrary_submissions_never_corrupt_a_match(
    players: int, seed: int, moves: list[tuple[int, str]]
) -> None:
    """Any sequence of submissions: each is applied or refused with a GameError and no change."""
    match = Match(TossUp(TossUpConfig(players=players)), seed=seed)
    accepted = 0
    for player, text in moves:
        match.advance_chance()
        before = (copy.deepcopy(match.state), match.version)
        try:
            match.submit_text(player, text, match.version)
        except GameError:
            assert (match.state, match.version) == before
        else:
            accepted += 1
            assert match.version == before[1] + 1
    players_steps = sum(1 for step in match.steps if step.player != CHANCE)
    assert players_steps == accepted


@given(green=st.integers(0, 10), yellow=st.integers(0, 10))
def test_every_roll_outcome_keeps_the_dice_count(green: int, yellow: int) -> None:
    """After any roll of ten dice the dice left to roll are 1..10, or the turn passed on."""
    if green + yellow > 10:
        return
    game = TossUp()
    state = game.initial_state()
    assert game.pending(state).kind is Kind.CHANCE
    after, _ = game.apply(state, CHANCE, Dice(green, yellow, 10 - green - yellow))
    if green == 0 and yellow < 10:
        assert after.player == 1
    else:
        assert 1 <= after.dice_left <= 10
        assert after.turn_points == green
