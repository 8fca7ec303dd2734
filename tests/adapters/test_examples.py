"""The examples and the adapter benchmark run to the end at tiny sizes (figures: full runs)."""

from __future__ import annotations

import re
import runpy
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run(path: str, argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """Run a script's ``main(argv)`` and return what it printed."""
    namespace = runpy.run_path(str(ROOT / path), run_name="example")
    namespace["main"](argv)
    return capsys.readouterr().out


def rates(text: str) -> list[float]:
    """Every ``won 0.xyz`` rate in a script's output."""
    return [float(x) for x in re.findall(r"won (\d\.\d+)", text)]


def test_toss_up_q_learning(capsys: pytest.CaptureFixture[str]) -> None:
    """Q-learning through the Gymnasium environment trains, then reports win rates against
    hold:20 for itself and for hold:20."""
    out = run("examples/toss_up_q_learning.py", ["--episodes", "60", "--games", "20"], capsys)
    assert "Q-learning policy vs hold:20" in out
    assert len(rates(out)) == 2 and all(0.0 <= r <= 1.0 for r in rates(out))


def test_card_game_training(capsys: pytest.CaptureFixture[str]) -> None:
    """The numpy policy-gradient learner plays, learns from its batches and is measured."""
    argv = ["--matches", "4", "--batch", "2", "--games", "4", "--hidden", "8"]
    out = run("examples/card_game_training.py", argv, capsys)
    assert "trained, greedy      vs random" in out
    assert len(rates(out)) >= 3


def test_openspiel_mcts(capsys: pytest.CaptureFixture[str]) -> None:
    """OpenSpiel's MCTS bot plays Toss Up! matches through the adapter against hold:20."""
    argv = ["--games", "2", "--simulations", "4", "--target", "20"]
    out = run("examples/openspiel_mcts.py", argv, capsys)
    assert re.search(r"won \d of 2 matches", out)


def test_adapter_benchmark(capsys: pytest.CaptureFixture[str]) -> None:
    """The benchmark measures every loop and prints a ratio to the engine for each."""
    out = run(
        "bench/bench_adapters.py",
        ["--games", "toss-up", "--seconds", "0.01", "--repeat", "1"],
        capsys,
    )
    lines = [line for line in out.splitlines() if line.startswith("toss-up (2)")]
    assert len(lines) == 9
    # The three references: raw, + view, + vector and mask; each is 1.00x of itself.
    assert [line.split()[-3 + i] for i, line in enumerate(lines[:3])] == ["1.00x"] * 3
    # Every other loop says whether it keeps half of the raw engine's speed.
    assert all(line.split()[-1] in ("yes", "no") for line in lines[3:])


def test_adapter_benchmark_around_a_free_encoder(capsys: pytest.CaptureFixture[str]) -> None:
    """With --free-encoder the benchmark measures the adapters around a constant observation,
    says so, and leaves the encoders as they were afterwards."""
    from gamenight.adapters.encoding import encoder_for
    from gamenight.adapters.turns import build_game

    game = build_game("toss-up", players=2)
    state = game.initial_state()
    before = encoder_for(game).from_state(state, 0).tolist()
    out = run(
        "bench/bench_adapters.py",
        ["--games", "toss-up", "--seconds", "0.01", "--repeat", "1", "--free-encoder"],
        capsys,
    )
    assert out.startswith("every game's encoder replaced by a constant vector")
    assert len([line for line in out.splitlines() if line.startswith("toss-up (2)")]) == 9
    assert encoder_for(game).state_encoder()(state, 0).tolist() == before
    assert any(before)  # a real encoding, not the constant zeros
