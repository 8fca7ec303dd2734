"""Records say what they end in, a changed record is refused, and signatures tell a genuine one."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from gamenight.bots.base import RandomBot
from gamenight.engine import GameOver, IllegalAction, Match, NotYourDecision, replay
from gamenight.engine.errors import GameError, MalformedAction, RecordMismatch
from gamenight.engine.records import (
    canonical,
    canonical_json,
    parse_record,
    sign_record,
    state_digest,
    verify_record,
)
from gamenight.sim.driver import run
from tests.engine.grab_bag import GrabBag, GrabBagConfig


def played(seed: int = 2, players: int = 3, rounds: int = 3) -> Match:
    game = GrabBag(GrabBagConfig(players=players, rounds=rounds))
    return run(Match(game, seed=seed), [RandomBot(game, i, "random") for i in range(players)])


def wire(match: Match) -> dict[str, Any]:
    record: dict[str, Any] = json.loads(json.dumps(match.record()))
    return record


def test_a_record_states_its_outcome_and_final_digest() -> None:
    """A finished match's record carries winners, scores and a digest of its final state."""
    match = played()
    record = wire(match)
    assert record["outcome"] == {
        "winners": list(match.outcome().winners),
        "scores": list(match.outcome().scores),
        "turns": match.outcome().turns,
    }
    assert record["digest"] == state_digest(match.state)
    assert record["digest"].startswith("sha256:") and len(record["digest"]) == 7 + 64
    assert replay(record, GrabBag).state == match.state
    unfinished = Match(match.game, seed=2)
    unfinished.advance_chance()
    assert unfinished.record()["outcome"] is None
    assert replay(wire(unfinished), GrabBag).state == unfinished.state


def other_legal_moves(record: dict[str, Any]) -> list[dict[str, Any]]:
    """Every record with one player move changed to another move legal at that point."""
    variants = []
    steps = record["steps"]
    for index, step in enumerate(steps):
        if step["player"] is None:
            continue
        before = replay(record, GrabBag, upto=index)
        for action in before.game.legal_actions(before.state, step["player"]):
            encoded = before.game.action_to_json(action)
            if encoded != step["action"]:
                changed = copy.deepcopy(record)
                changed["steps"][index]["action"] = encoded
                variants.append(changed)
    return variants


def test_a_record_with_one_move_changed_to_another_legal_move_is_refused() -> None:
    """Issue: "a record with one player move changed to another legal move replays silently
    as a different game". Now its stated end gives it away.

    Of the records with one move changed, some still replay step by step (the moves after it
    stay legal, the chance draws stay the seed's). Stripped of their stated end, as records were
    before, those that end in another state replay silently as a different game; with the end
    they state, every one of them is refused.
    """
    different = []
    for seed in range(2, 8):
        record = wire(played(seed))
        for changed in other_legal_moves(record):
            old_style = {k: v for k, v in changed.items() if k not in ("outcome", "digest")}
            try:
                end = replay(old_style, GrabBag)
            except (IllegalAction, NotYourDecision, GameOver):
                continue  # a later step became illegal: refused even without the stated end
            if state_digest(end.state) != record["digest"]:
                different.append(changed)
    assert len(different) >= 3, "changed moves that replay to a different game"
    for changed in different:
        with pytest.raises(RecordMismatch, match=r"do not end in the state it states|ended with"):
            replay(changed, GrabBag)


def test_a_record_with_a_changed_end_is_refused_and_old_records_still_replay() -> None:
    """Each stated end field is checked when present; records from before have neither."""
    match = played()
    record = wire(match)
    winners = record["outcome"]["winners"]
    others = [p for p in range(3) if p not in winners]
    with pytest.raises(RecordMismatch, match="the record says the match ended with winners"):
        replay({**record, "outcome": {**record["outcome"], "winners": others}}, GrabBag)
    with pytest.raises(RecordMismatch, match="no outcome"):
        replay({**record, "outcome": None}, GrabBag)
    with pytest.raises(RecordMismatch, match="do not end in the state it states"):
        replay({**record, "digest": "sha256:" + "ab" * 32}, GrabBag)
    with pytest.raises(MalformedAction, match="a record's digest is a text"):
        replay({**record, "digest": 5}, GrabBag)
    old = {k: v for k, v in record.items() if k not in ("outcome", "digest")}
    assert replay(old, GrabBag).state == match.state
    # A partial replay (stepping through a record) checks the end only once it gets there.
    assert replay({**record, "digest": "sha256:0"}, GrabBag, upto=3).version == 3
    assert isinstance(RecordMismatch("x"), GameError)


@dataclass(frozen=True)
class Table:
    """A made-up state with sets and dicts, whose iteration order depends on string hashing."""

    seen: frozenset[str]
    piles: dict[str, tuple[int, ...]]
    owners: dict[int, set[str]]


def _digest_in_process(hash_seed: str) -> tuple[str, str]:
    code = (
        "from tests.engine.test_records import sample_table;"
        "from gamenight.engine.records import state_digest;"
        "t = sample_table(); print(state_digest(t)); print(','.join(t.seen))"
    )
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=root, capture_output=True, text=True, check=True
    ).stdout.split()
    return out[0], out[1]


def sample_table() -> Table:
    """A table with enough names that their set order differs between hash seeds."""
    names = [f"card{i}" for i in range(40)]
    return Table(
        seen=frozenset(names),
        piles={name: (i, i + 1) for i, name in enumerate(reversed(names))},
        owners={3: set(names[:5]), 1: set(names[5:9])},
    )


def test_the_digest_is_the_same_in_every_process() -> None:
    """Set order and PYTHONHASHSEED change the iteration order, never the digest."""
    runs = [_digest_in_process(seed) for seed in ("0", "1", "12345")]
    orders = {order for _digest, order in runs}
    assert len(orders) > 1, "the hash seeds gave the same set order; the test shows nothing"
    assert {digest for digest, _order in runs} == {state_digest(sample_table())}


def test_canonical_forms_tell_values_apart() -> None:
    """Equal values share a digest; a changed value, or another kind of container, does not."""
    table = sample_table()
    assert state_digest(table) == state_digest(copy.deepcopy(table))
    moved = Table(table.seen, {**table.piles, "card0": (9, 9)}, table.owners)
    assert state_digest(moved) != state_digest(table)
    assert canonical({"a": 1}) != canonical({"dict": [["a", 1]]})
    assert canonical([1, 2]) != canonical({1, 2})
    assert canonical(float("inf")) == {"float": "inf"}
    assert canonical_json({"b": 1, "a": [1.5, None]}) == b'{"a":[1.5,null],"b":1}'
    with pytest.raises(TypeError, match="a object has no canonical form"):
        canonical(object())


def test_signed_records_verify_and_any_change_breaks_the_signature() -> None:
    """HMAC-SHA-256 over the canonical record: a server's key tells its records apart."""
    key = b"server key that only the server holds"
    record = wire(played())
    signed = sign_record(record, key)
    assert signed["signature"].startswith("hmac-sha256:")
    assert {k: v for k, v in signed.items() if k != "signature"} == record
    assert verify_record(signed, key)
    assert verify_record(json.loads(json.dumps(signed, indent=3)), key)  # layout is irrelevant
    assert replay(signed, GrabBag).state == replay(record, GrabBag).state
    changed = copy.deepcopy(signed)
    last = changed["steps"][-1]
    last["action"] = {"type": "object"} if last["action"] == {"type": "pass"} else {"type": "pass"}
    assert not verify_record(changed, key)
    assert not verify_record({**signed, "seed": signed["seed"] + 1}, key)
    assert not verify_record({**signed, "seat_names": ["Mallory"]}, key)
    assert not verify_record(signed, b"another key")
    assert not verify_record(record, key)  # unsigned
    assert not verify_record({**signed, "signature": "hmac-sha256:00"}, key)
    assert not verify_record([signed], key)
    assert sign_record(signed, key) == signed  # re-signing replaces, never nests
    with pytest.raises(TypeError, match="non-empty bytes"):
        sign_record(record, "text key")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="non-empty bytes"):
        verify_record(signed, b"")


def test_reading_a_record_refuses_what_is_not_one_without_a_traceback() -> None:
    """Issue: "replay ends in a traceback on a non-UTF-8 file, deeply nested JSON or a huge
    number". ``parse_record`` names each, and reads a record with a 128-bit seed whole."""
    match = played(seed=2**128 - 1)
    text = json.dumps(match.record())
    assert parse_record(text) == json.loads(text)
    assert parse_record(text.encode("utf-8"))["seed"] == 2**128 - 1
    cases = {
        b"\xff\xfe{}": "UTF-8 text; byte 0 is not",
        "{'format': 1}": "a match record is JSON; this is not",
        "[" * 100_000 + "]" * 100_000: "nested",
        '{"seed": ' + "9" * 5000 + "}": "a number too long to read",
        "[1, 2]": "a JSON object, not list",
    }
    for data, message in cases.items():
        with pytest.raises(MalformedAction, match=message) as caught:
            parse_record(data)
        assert len(str(caught.value)) < 120
