"""The quick-start examples in docs/adapters.md run as written."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

PAGE = Path(__file__).resolve().parents[2] / "docs" / "adapters.md"
EXAMPLES = re.findall(r"```python\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)


def test_the_page_has_one_example_per_library() -> None:
    """PettingZoo, Gymnasium, OpenSpiel and RLCard each get a quick start, PettingZoo's parallel
    environment one through ``parallel_to_aec``, and OpenSpiel's imperfect-information
    algorithms one more, and the batched environment one."""
    assert len(EXAMPLES) == 7
    for library in (
        "pettingzoo",
        "gymnasium",
        "GamenightVectorEnv",
        "pyspiel",
        "parallel_to_aec",
        "rlcard",
        "outcome_sampling_mccfr",
    ):
        assert any(library in example for example in EXAMPLES)


def test_the_quick_start_loop_runs_on_parallel_to_aec() -> None:
    """The loop of the first quick start, verbatim, plays a whole 4-player Toss Your Cookies
    match through PettingZoo's ``parallel_to_aec`` (whose idle agents have ``wait``)."""
    from pettingzoo.utils.conversions import parallel_to_aec

    from gamenight.adapters.pettingzoo import parallel_env

    loop = EXAMPLES[0][EXAMPLES[0].index("for agent in aec.agent_iter()") :]
    par = parallel_env("toss-your-cookies", players=4)
    aec = parallel_to_aec(par)
    aec.reset(seed=7)
    exec(compile(loop, "docs/adapters.md example 1, its loop", "exec"), {"aec": aec})
    assert par.turns.over and not par.turns.truncated and not aec.agents


@pytest.mark.parametrize("index", range(7))
def test_an_example_runs(index: int) -> None:
    """Each example runs in a fresh namespace and leaves what it names (the algorithms'
    example: a legal ISMCTS move and CFR's exploitability, below uniform random's 0.14)."""
    namespace: dict[str, Any] = {}
    exec(compile(EXAMPLES[index], f"docs/adapters.md example {index + 1}", "exec"), namespace)
    assert {"aec", "env", "envs", "state", "payoffs"} & set(namespace)
    if "envs" in namespace:
        assert namespace["obs"].shape == (namespace["envs"].num_envs, 21)
    if "gap" in namespace:
        assert namespace["action"] in namespace["state"].legal_actions()
        assert 0 <= namespace["gap"] < 0.14
