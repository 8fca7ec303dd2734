"""The examples in docs/api.md run as written, and say what the page claims."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

PAGE = Path(__file__).resolve().parent.parent / "docs" / "api.md"
EXAMPLES = re.findall(r"```python\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)


def test_the_page_has_its_three_examples() -> None:
    """A random playout, bots playing each other, and a bot of one's own."""
    assert len(EXAMPLES) == 3


@pytest.mark.parametrize("index", range(3))
def test_an_example_runs(index: int) -> None:
    """Each example runs in a fresh namespace and prints its result."""
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(EXAMPLES[index], f"docs/api.md example {index + 1}", "exec"), {})
    assert printed.getvalue().strip()


def test_the_bot_of_ones_own_beats_random() -> None:
    """The careful bot of the third example wins most of its 200 games against random."""
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(EXAMPLES[2], "docs/api.md example 3", "exec"), {})
    wins = int(re.search(r"careful won (\d+) of 200", printed.getvalue()).group(1))  # type: ignore[union-attr]
    assert wins > 150
