"""The quick-start examples in docs/adapters.md run as written."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

PAGE = Path(__file__).resolve().parents[2] / "docs" / "adapters.md"
EXAMPLES = re.findall(r"```python\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)


def test_the_page_has_one_example_per_library() -> None:
    """PettingZoo, Gymnasium and OpenSpiel each get a quick start, and OpenSpiel's
    imperfect-information algorithms one more."""
    assert len(EXAMPLES) == 4
    for library in ("pettingzoo", "gymnasium", "pyspiel", "outcome_sampling_mccfr"):
        assert any(library in example for example in EXAMPLES)


@pytest.mark.parametrize("index", range(4))
def test_an_example_runs(index: int) -> None:
    """Each example runs in a fresh namespace and leaves what it names (the algorithms'
    example: a legal ISMCTS move and CFR's exploitability, below uniform random's 0.14)."""
    namespace: dict[str, Any] = {}
    exec(compile(EXAMPLES[index], f"docs/adapters.md example {index + 1}", "exec"), namespace)
    assert {"aec", "env", "state"} & set(namespace)
    if "gap" in namespace:
        assert namespace["action"] in namespace["state"].legal_actions()
        assert 0 <= namespace["gap"] < 0.14
