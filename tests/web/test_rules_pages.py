"""The rules pages (``/rules/<id>``) in a browser: they fit a phone's width, lead back to the
games (or to the room they were opened from), and leave out what only concerns the terminal."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import shot
from tests.web.pages import open_room

pytestmark = pytest.mark.flaky(reruns=2, reruns_delay=2)

GAMES = ("toss-up", "toss-your-cookies", "paper-toss", "cover-your-cookies")
#: No element sticks out sideways: nothing to scroll horizontally on a narrow screen.
FITS = "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth"


def test_every_rules_page_fits_a_phone(new_page: Callable[..., Page]) -> None:
    """At 360 x 740 no rules page scrolls sideways (wide tables scroll inside their own box,
    long code wraps)."""
    page = new_page(width=360, height=740, is_mobile=True, has_touch=True)
    for game in GAMES:
        page.goto(f"/rules/{game}")
        expect(page.locator("main.rules-page h1")).to_be_visible()
        assert page.evaluate(FITS), game
    page.goto("/rules/paper-toss")
    shot(page, "phone-rules-paper-toss")


def test_the_rules_page_leads_back_to_the_games(new_page: Callable[..., Page]) -> None:
    """A link at the top and one at the bottom lead back to the games; the top one is the
    first link on the page."""
    page = new_page()
    page.goto("/rules/toss-up")
    back = page.locator("a.rules-back")
    expect(back).to_have_count(2)
    expect(back.first).to_have_attribute("href", "/")
    assert page.evaluate(
        "() => document.querySelector('a') === document.querySelector('a.rules-back')"
    )
    back.first.click()
    page.wait_for_url("**/")
    expect(page.locator(".game-choice").first).to_be_visible()
    page.goto("/rules/toss-up")
    page.locator("a.rules-back").last.click()
    page.wait_for_url("**/")


def test_the_rooms_rules_page_leads_back_to_the_room(new_page: Callable[..., Page]) -> None:
    """The room's Rules button opens a rules page whose back link returns to that room; a back
    address that is not one of the site's rooms is ignored (the link goes to the games)."""
    page = new_page()
    code = open_room(page, "toss-up", 2)
    link = page.locator(".head-tools a.rules-link")
    with page.context.expect_page() as opened:
        link.click()
    rules = opened.value
    rules.wait_for_load_state()
    back = rules.locator("a.rules-back").first
    expect(back).to_have_attribute("href", f"/room/{code}")
    expect(back).to_contain_text("Back to the room")
    back.click()
    rules.wait_for_url(f"**/room/{code}")
    expect(rules.locator(".head-tools a.rules-link")).to_be_visible()
    rules.close()
    for bad in (
        "https://example.com/",
        "//example.com/room/AB",
        '/room/AB"><b>x',
        "javascript:alert(1)",
    ):
        page.goto(f"/rules/toss-up?back={bad}")
        expect(page.locator("a.rules-back").first).to_have_attribute("href", "/")


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
        # options are named in words on the web, never as ``-o name=value``
        expect(main).not_to_contain_text(re.compile(r"(^|\s)-o\s"))
