"""`gamenight verify` tells a served record from a forged one (a move changed, the later steps
cut, the digest recomputed), and `gamenight replay` warns before it shows a record whose
signature it cannot vouch for."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from gamenight.engine.match import replay
from gamenight.engine.records import sign_record, state_digest
from gamenight.engine.registry import game_class

runner = CliRunner()
KEY = "the-servers-record-key"


@pytest.fixture
def signed(tmp_path: Path) -> dict[str, Any]:
    """A finished Toss Up! match between two bots, signed as a server signs what it serves."""
    from gamenight.cli import app

    path = tmp_path / "played.json"
    played = runner.invoke(
        app, ["play", "toss-up", "--seats", "hold:20,smart", "--seed", "5", "--record", str(path)]
    )
    assert played.exit_code == 0, played.output
    record = json.loads(path.read_text())
    assert record["outcome"] is not None
    return sign_record(record, KEY.encode())


def forged(record: dict[str, Any]) -> dict[str, Any]:
    """``record`` with a move of its sixth decision or later changed to another legal one, the
    steps after it cut, and its end (outcome, digest) recomputed: it replays cleanly; only its
    signature, left as it was, gives it away."""
    cls = game_class(record["game"])
    decisions = [i for i, s in enumerate(record["steps"]) if s["player"] is not None]
    for index in decisions[5:]:
        step = record["steps"][index]
        before = replay(record, cls, upto=index)
        for action in before.game.legal_actions(before.state, step["player"]):
            encoded = before.game.action_to_json(action)
            if encoded == step["action"]:
                continue
            changed = copy.deepcopy(record)
            changed["steps"] = changed["steps"][: index + 1]
            changed["steps"][index]["action"] = encoded
            end = replay({k: v for k, v in changed.items() if k not in ("outcome", "digest")}, cls)
            changed["outcome"] = end.outcome().to_json() if end.finished else None
            changed["digest"] = state_digest(end.state)
            replay(changed, cls)  # replays cleanly, end and all
            return changed
    raise AssertionError("no decision with another legal move")


def write(tmp_path: Path, name: str, record: dict[str, Any]) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(record))
    return path


def test_verify_passes_a_genuine_record_and_refuses_a_forged_one(
    tmp_path: Path, signed: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Exit 0 and one line for the record as served; 1 and one line naming the signature for a
    forged, an unsigned or another key's record; 2 for no key or a file that is no record."""
    from gamenight.cli import app

    monkeypatch.delenv("GAMENIGHT_RECORD_KEY", raising=False)
    genuine = write(tmp_path, "genuine.json", signed)
    result = runner.invoke(app, ["verify", str(genuine), "--key", KEY])
    assert result.exit_code == 0, result.output
    steps = len(signed["steps"])
    assert f"genuine: toss-up, {steps} steps, seed 5, won by seat " in result.output
    monkeypatch.setenv("GAMENIGHT_RECORD_KEY", KEY)
    assert runner.invoke(app, ["verify", str(genuine)]).exit_code == 0
    monkeypatch.delenv("GAMENIGHT_RECORD_KEY")

    fake = write(tmp_path, "forged.json", forged(signed))
    result = runner.invoke(app, ["verify", str(fake), "--key", KEY])
    assert result.exit_code == 1, result.output
    assert "forged.json is not genuine: its signature does not match under this key" in (
        result.output
    )
    assert len(result.output.strip().splitlines()) == 1
    unsigned = write(
        tmp_path, "unsigned.json", {k: v for k, v in signed.items() if k != "signature"}
    )
    result = runner.invoke(app, ["verify", str(unsigned), "--key", KEY])
    assert (result.exit_code, "the record is not signed" in result.output) == (1, True)
    result = runner.invoke(app, ["verify", str(genuine), "--key", "another key"])
    assert (result.exit_code, "does not match" in result.output) == (1, True)
    cut = sign_record({**signed, "steps": signed["steps"][:-3]}, KEY.encode())
    result = runner.invoke(app, ["verify", str(write(tmp_path, "cut.json", cut)), "--key", KEY])
    assert (result.exit_code, "is signed but does not replay" in result.output) == (1, True)

    result = runner.invoke(app, ["verify", str(genuine)])
    assert result.exit_code == 2
    assert "give the server's record key with --key or $GAMENIGHT_RECORD_KEY" in result.output
    junk = tmp_path / "junk.json"
    junk.write_text("{not json")
    result = runner.invoke(app, ["verify", str(junk), "--key", KEY])
    assert (result.exit_code, "is JSON; this is not" in result.output) == (2, True)
    result = runner.invoke(app, ["verify", str(tmp_path / "none.json"), "--key", KEY])
    assert (result.exit_code, "cannot read" in result.output) == (2, True)


def test_replay_warns_on_a_record_it_cannot_verify(
    tmp_path: Path, signed: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A forged record still replays (it is a game that could have been), but under a warning
    that it is not genuine; a signed record without the key is "not verified"; an unsigned one
    gets a note; a genuine one under its key gets neither."""
    from gamenight.cli import app

    monkeypatch.delenv("GAMENIGHT_RECORD_KEY", raising=False)
    fake = write(tmp_path, "forged.json", forged(signed))
    result = runner.invoke(app, ["replay", str(fake), "--no-step", "--key", KEY])
    assert result.exit_code == 0, result.output
    assert "warning: this record is not genuine: its signature does not match" in result.output
    result = runner.invoke(app, ["replay", str(fake), "--no-step"])
    assert "warning: this record is signed, but not verified" in result.output
    genuine = write(tmp_path, "genuine.json", signed)
    result = runner.invoke(app, ["replay", str(genuine), "--no-step", "--key", KEY])
    assert result.exit_code == 0, result.output
    assert "warning:" not in result.output and "note:" not in result.output
    unsigned = write(
        tmp_path, "unsigned.json", {k: v for k, v in signed.items() if k != "signature"}
    )
    result = runner.invoke(app, ["replay", str(unsigned), "--no-step"])
    assert "note: this record is not signed" in result.output


def test_the_verify_command_runs_as_installed(tmp_path: Path, signed: dict[str, Any]) -> None:
    """`python -m gamenight verify` in a fresh process: the exit statuses a script relies on."""
    genuine = write(tmp_path, "genuine.json", signed)
    fake = write(tmp_path, "forged.json", forged(signed))
    statuses = [
        subprocess.run(
            [sys.executable, "-m", "gamenight", "verify", str(path), "--key", KEY],
            capture_output=True,
            text=True,
            timeout=120,
        ).returncode
        for path in (genuine, fake)
    ]
    assert statuses == [0, 1]
