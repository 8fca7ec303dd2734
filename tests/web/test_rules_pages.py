"""The rules pages (``/rules/<id>``) in a browser: they leave out what only concerns the
terminal."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.flaky(reruns=2, reruns_delay=2)

GAMES = ("toss-up", "toss-your-cookies", "paper-toss", "cover-your-cookies")


def test_terminal_sections_are_left_out(new_page: Callable[..., Page]) -> None:
    """A section headed "At the terminal" in rules.md (key bindings, command lines) is not on
    the web page; the rules, the rulings and the bots are."""
    page = new_page()
    for game in GAMES:
        page.goto(f"/rules/{game}")
        main = page.locator("main.rules-page")
        expect(main.locator("h2", has_text="Rulings this project follows")).to_have_count(1)
        expect(main.locator("h2", has_text="At the terminal")).to_have_count(0)
        expect(main).not_to_contain_text(re.compile(r"gamenight play\b"))
        expect(main).not_to_contain_text("--line")
