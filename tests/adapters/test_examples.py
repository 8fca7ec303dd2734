"""The examples and the adapter benchmark run to the end at tiny sizes (figures: full runs)."""

from __future__ import annotations

import argparse
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


FIGURES = re.compile(
    r"^(?P<who>.+?) +vs smart: won (?P<rate>\d\.\d{3}) "
    r"\(95% (?P<low>\d\.\d{3})-(?P<high>\d\.\d{3})\) "
    r"of (?P<games>\d+) matches, seats rotated; fair share 0\.500$",
    re.MULTILINE,
)


def test_train_paper_toss_learns_beyond_its_random_start(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A tiny seeded run (96 matches: 80 imitating smart, one PPO batch of 16) prints the three
    rows with their Wilson intervals, and the trained policy's interval lies above the untrained
    one's: after a few seconds of learning it wins matches against smart that the untrained
    network, a near-uniform random player, does not. The comparison of its moves with smart's
    follows, its phases adding up to the decisions counted."""
    argv = ["--matches", "96", "--imitate", "0.8", "--batch", "16", "--games", "40"]
    out = run("examples/train_paper_toss.py", [*argv, "--minutes", "10", "--seed", "1"], capsys)
    assert "imitated smart for 80 matches" in out
    assert re.search(r"^trained on 96 matches in \d+s CPU", out, re.MULTILINE)
    rows = {m["who"]: m for m in FIGURES.finditer(out)}
    assert list(rows) == ["untrained (greedy)", "learner (greedy)", "smart itself"]
    for row in rows.values():
        assert row["games"] == "40"
        assert float(row["low"]) <= float(row["rate"]) <= float(row["high"])
    untrained, learner = rows["untrained (greedy)"], rows["learner (greedy)"]
    assert float(learner["low"]) > float(untrained["high"])
    # Then how often the learner's moves are smart's, over the decisions with a choice.
    agreement = re.search(r"the learner's move is smart's at (\d+)% of ([\d,]+) decisions:", out)
    assert agreement is not None and 0 < int(agreement[1]) < 100
    phases = re.findall(r"^  (\w+) +([\d,]+) decisions, smart's move at \d+%$", out, re.MULTILINE)
    assert {"discard", "main", "hazard"} <= {phase for phase, _ in phases}
    assert sum(int(n.replace(",", "")) for _, n in phases) == int(agreement[2].replace(",", ""))


def test_openspiel_mcts(capsys: pytest.CaptureFixture[str]) -> None:
    """OpenSpiel's MCTS bot plays Toss Up! matches through the adapter against hold:20."""
    argv = ["--games", "2", "--simulations", "4", "--target", "20"]
    out = run("examples/openspiel_mcts.py", argv, capsys)
    assert re.search(r"won \d of 2 matches", out)


@pytest.mark.parametrize("solver", ["mccfr", "cfr"])
def test_openspiel_mccfr(solver: str, capsys: pytest.CaptureFixture[str]) -> None:
    """OpenSpiel's MCCFR and CFR solve the bounded Toss Up! variant through the adapter; the
    script prints the exploitability beside uniform random's and the policy's wins."""
    argv = ["--solver", solver, "--iterations", "3", "--games", "10", "--decisions", "4"]
    out = run("examples/openspiel_mccfr.py", argv, capsys)
    figures = re.search(r"exploitability (\d\.\d+) \(uniform random: (\d\.\d+)\)", out)
    assert figures is not None and float(figures[2]) > 0
    assert "turn_limit=2" in out and "max_game_length=4" in out
    assert len(rates(out)) == 1 and 0.0 <= rates(out)[0] <= 1.0


def test_openspiel_ismcts(capsys: pytest.CaptureFixture[str]) -> None:
    """OpenSpiel's ISMCTS bot plays a whole card game match against random seats, drawing its
    worlds through resample_from_infostate."""
    argv = ["--game", "cover-your-cookies", "--players", "3", "--games", "1"]
    out = run("examples/openspiel_ismcts.py", [*argv, "--simulations", "2"], capsys)
    assert re.search(r"won \d\.\d+ \([01] of 1 matches; a random seat expects 0\.333\)", out)


EXAMPLES = (
    "examples/toss_up_q_learning.py",
    "examples/card_game_training.py",
    "examples/train_paper_toss.py",
    "examples/openspiel_mcts.py",
    "examples/openspiel_mccfr.py",
    "examples/openspiel_ismcts.py",
)


@pytest.mark.parametrize(
    ("path", "argv", "option", "says"),
    [
        (
            "examples/toss_up_q_learning.py",
            ["--episodes", "0", "--games", "0"],
            "--episodes",
            "'0'",
        ),
        ("examples/toss_up_q_learning.py", ["--games", "0"], "--games", "at least 1"),
        ("examples/toss_up_q_learning.py", ["--episodes", "many"], "--episodes", "'many'"),
        ("examples/toss_up_q_learning.py", ["--seed", "-1"], "--seed", "at least 0"),
        ("examples/card_game_training.py", ["--batch", "0"], "--batch", "'0'"),
        ("examples/card_game_training.py", ["--hidden", "0"], "--hidden", "at least 1"),
        (
            "examples/card_game_training.py",
            ["--matches", "4", "--batch", "5"],
            "--batch",
            "5 matches",
        ),
        ("examples/card_game_training.py", ["--rate", "0"], "--rate", "above 0"),
        ("examples/card_game_training.py", ["--rate", "nan"], "--rate", "'nan'"),
        ("examples/card_game_training.py", ["--seed", "-1"], "--seed", "at least 0"),
        ("examples/train_paper_toss.py", ["--minutes", "0"], "--minutes", "above 0"),
        ("examples/train_paper_toss.py", ["--minutes", "inf"], "--minutes", "'inf'"),
        ("examples/train_paper_toss.py", ["--imitate", "1.5"], "--imitate", "from 0 to 1"),
        ("examples/train_paper_toss.py", ["--matches", "0"], "--matches", "at least 1"),
        ("examples/train_paper_toss.py", ["--lam", "-0.1"], "--lam", "'-0.1'"),
        ("examples/train_paper_toss.py", ["--seed", "x"], "--seed", "at least 0"),
        ("examples/openspiel_mcts.py", ["--games", "0"], "--games", "at least 1"),
        ("examples/openspiel_mcts.py", ["--simulations", "0"], "--simulations", "'0'"),
        ("examples/openspiel_mcts.py", ["--opponent", "nope"], "--opponent", "'nope'"),
        ("examples/openspiel_mcts.py", ["--opponent", "hold"], "--opponent", "hold:T"),
        ("examples/openspiel_mcts.py", ["--target", "5000"], "--target", "1 to 1000"),
        ("examples/openspiel_mcts.py", ["--seed", "-1"], "--seed", "'-1'"),
        ("examples/openspiel_mccfr.py", ["--solver", "dcfr"], "--solver", "'dcfr'"),
        ("examples/openspiel_mccfr.py", ["--iterations", "0"], "--iterations", "'0'"),
        ("examples/openspiel_mccfr.py", ["--turns", "13"], "--turns", "1 to 12"),
        ("examples/openspiel_mccfr.py", ["--games", "x"], "--games", "'x'"),
        ("examples/openspiel_ismcts.py", ["--game", "toss-up"], "--game", "'toss-up'"),
        ("examples/openspiel_ismcts.py", ["--players", "1"], "--players", "2 to 8"),
        ("examples/openspiel_ismcts.py", ["--players", "7"], "--players", "takes 2 to 6"),
        ("examples/openspiel_ismcts.py", ["--simulations", "0"], "--simulations", "'0'"),
    ],
)
def test_an_example_refuses_a_bad_argument(
    path: str, argv: list[str], option: str, says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bad value ends the script before any work with argparse's usage and one line of
    error naming the option and the value (status 2), never a traceback."""
    with pytest.raises(SystemExit) as stop:
        run(path, argv, capsys)
    assert stop.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "Traceback" not in captured.err
    errors = [line for line in captured.err.splitlines() if "error:" in line]
    assert len(errors) == 1 and captured.err.rstrip().endswith(errors[0])
    assert f"error: argument {option}: " in errors[0] and says in errors[0]


def test_a_bad_bot_spec_is_refused_with_the_bots_allowed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """An unknown --opponent is refused by the project's own message, listing the bots."""
    with pytest.raises(SystemExit):
        run("examples/openspiel_mcts.py", ["--opponent", "nope", "--games", "1"], capsys)
    error = capsys.readouterr().err.splitlines()[-1]
    assert "unknown bot 'nope' for toss-up" in error
    assert all(bot in error for bot in ("hold:T", "random", "smart"))


@pytest.mark.parametrize("path", EXAMPLES)
def test_every_option_has_help_and_a_checked_type(
    path: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every option of the examples says what it is, and none takes a bare int or float."""
    options: list[tuple[tuple[str, ...], dict[str, object]]] = []
    add_argument = argparse.ArgumentParser.add_argument

    def recording(
        self: argparse.ArgumentParser, *names: str, **settings: object
    ) -> argparse.Action:
        options.append((names, settings))
        return add_argument(self, *names, **settings)  # type: ignore[arg-type]

    monkeypatch.setattr(argparse.ArgumentParser, "add_argument", recording)
    with pytest.raises(SystemExit) as stop:
        run(path, ["--help"], capsys)
    assert stop.value.code == 0
    assert len(options) >= 4  # -h and the script's own
    for names, settings in options:
        assert settings.get("help"), names
        assert settings.get("type") not in (int, float), names


def test_adapter_benchmark(capsys: pytest.CaptureFixture[str]) -> None:
    """The benchmark measures every loop, prints a ratio to the raw engine for each, and for
    each API its ratio to its fair reference and whether it keeps its target share."""
    out = run(
        "bench/bench_adapters.py",
        ["--games", "toss-up", "--seconds", "0.01", "--repeat", "1"],
        capsys,
    )
    assert out.startswith("load average at the end: ")
    lines = [line for line in out.splitlines() if line.startswith("toss-up (2)")]
    assert len(lines) == 11
    # Five references (raw, + view, + vector and mask, + seat 0's, + every seat's) and the
    # driver; the raw engine is 1.00x of itself.
    assert lines[0].startswith("toss-up (2), engine API (raw)") and lines[0].split()[-1] == "1.00x"
    # The five APIs: a fair reference, the ratio to it, and the target met or not.
    pattern = r"(raw|\+ vector|\+ seat 0|\+ every seat) +\d+\.\d\dx  (0\.[78])x: (yes|no)$"
    fair = [re.search(pattern, line) for line in lines[6:]]
    assert all(fair), lines[6:]
    assert [(f[1], f[2]) for f in fair if f] == [
        ("+ vector", "0.8"),  # PettingZoo AEC
        ("+ every seat", "0.8"),  # PettingZoo parallel
        ("+ seat 0", "0.8"),  # Gymnasium
        ("raw", "0.7"),  # OpenSpiel play
        ("+ vector", "0.8"),  # OpenSpiel play + observe
    ]


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
    assert len([line for line in out.splitlines() if line.startswith("toss-up (2)")]) == 11
    assert encoder_for(game).state_encoder()(state, 0).tolist() == before
    assert any(before)  # a real encoding, not the constant zeros
