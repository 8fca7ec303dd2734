"""The quick-start examples in docs/adapters.md run as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

PAGE = Path(__file__).resolve().parents[2] / "docs" / "adapters.md"
EXAMPLES = re.findall(r"```python\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)


def test_the_page_has_one_example_per_library() -> None:
    """PettingZoo, Gymnasium and OpenSpiel each get a quick start."""
    assert len(EXAMPLES) == 3
    for library in ("pettingzoo", "gymnasium", "pyspiel"):
        assert any(library in example for example in EXAMPLES)


@pytest.mark.parametrize("index", range(3))
def test_an_example_runs(index: int) -> None:
    """Each example runs in a fresh namespace and leaves what it names."""
    namespace: dict[str, object] = {}
    exec(compile(EXAMPLES[index], f"docs/adapters.md example {index + 1}", "exec"), namespace)
    assert {"aec", "env", "state"} & set(namespace)
