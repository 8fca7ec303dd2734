"""Words a person reads around the table: the log after a switch of language, a refused option
named as the lobby names it, and only the bots that can sit at the table offered."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import Console
from tests.web.pages import fill_with_bots_and_start, open_room

# Real servers, browsers and clocks: under a loaded machine a step can miss its time limit, so
# these end-to-end tests get two more tries (pytest-rerunfailures); a real fault fails all three.
pytestmark = pytest.mark.flaky(reruns=2, reruns_delay=2)


def test_switching_the_language_turns_the_log_already_there(
    new_page: Callable[..., Page],
) -> None:
    """The events already in the log are said again in the language switched to (they stayed
    in the old one; only new events came in the new one), as are the top line and the seats."""
    page = new_page()
    open_room(page, "toss-up", 2, options={"first_player": "1"})  # the bot's turn first
    fill_with_bots_and_start(page)
    page.wait_for_selector('#table[data-mine="1"]', timeout=30_000)  # the match waits for Ann
    log = page.locator(".log li")
    expect(log.first).to_be_visible()
    lines = log.count()
    assert lines > 0
    english = log.all_inner_texts()
    # Ann's own lines speak to her ("You rolled"), the bot's name it (docs/words.md)
    assert all(re.search(" (rolled|banked|busted) ", line) for line in english), english
    page.select_option("#lang", "es")
    expect(page.locator(".status")).to_contain_text("Tu turno.")
    expect(log).to_have_count(lines)
    spanish = log.all_inner_texts()
    said = r"( (sacó|se planta|se pasó) |^(Sacaste|No sacaste|Te plantas|Te pasaste) )"
    assert all(re.search(said, line) for line in spanish), spanish
    expect(page.locator(".players")).to_contain_text("Jugadores")
    expect(page.locator("ol.log")).to_have_attribute("aria-label", "Qué pasó")
    page.select_option("#lang", "en")
    assert log.all_inner_texts() == english


def test_the_host_is_offered_only_the_bots_that_can_sit_at_the_table(
    new_page: Callable[..., Page],
) -> None:
    """The bot that plays the solved game (2-player Toss Up!) is offered at a table of two,
    and not at a table of four, where seating it was refused; the game's default is chosen."""
    page = new_page()
    open_room(page, "toss-up", 4)
    levels = page.locator("#bot-level option")
    expect(levels).to_have_count(4)
    assert "optimal" not in [o.get_attribute("value") for o in levels.all()]
    expect(page.locator("#bot-level")).to_have_value("smart")
    open_room(page, "toss-up", 2)
    expect(levels).to_have_count(5)
    page.select_option("#bot-level", "optimal")
    page.click("#fill-bots")
    expect(page.locator(".seat-list")).to_contain_text("Bot 2")
    expect(page.locator("#toast.show")).to_have_count(0)


def test_a_refused_option_is_named_by_its_label(
    new_page: Callable[..., Page], console: Console
) -> None:
    """An option the game refuses is named as the lobby names it ("action die", "dado de
    acción"), never by its field name ("action_die", which the person never saw), and its
    field is pointed at."""
    console.expected.append("422")  # the refusal itself (the page's console says so)
    for locale, label in (
        ("en-GB", "The option “action die” was not accepted:"),
        ("es-ES", "La opción «dado de acción» no es válida:"),
    ):
        page = new_page(locale=locale)
        page.goto("/")
        page.locator('.game-choice:has(input[value="toss-your-cookies"])').click()
        page.locator("details.more summary").click()
        page.fill("#opt-action_die", "swap, bogus")
        page.locator("details.more summary").click()  # closed again: it opens by itself
        page.click("#create")
        toast = page.locator("#toast.show")
        expect(toast).to_contain_text(label)
        expect(toast).to_contain_text("bogus")
        expect(toast).not_to_contain_text("action_die")
        field = page.locator("#opt-action_die")
        expect(field).to_have_attribute("aria-invalid", "true")
        expect(field).to_be_focused()
        assert page.url.endswith("/")  # no room made


def test_switching_the_language_keeps_what_the_new_room_form_says(
    new_page: Callable[..., Page],
) -> None:
    """The new room's form, drawn again in the language switched to, keeps the game, the seats,
    the name, the options and the time limits chosen (they went back to the defaults), with
    its labels in the new language; another game keeps the name only."""
    page = new_page()
    page.goto("/")
    page.locator('.game-choice:has(input[value="toss-up"])').click()
    page.select_option("#seats", "4")
    page.fill("#host-name", "Zed")
    page.fill("#opt-target", "55")
    page.set_checked("#opt-strict", False)
    page.locator("details.more summary").click()
    page.fill("#opt-faces", "green,red")
    page.fill("#limit-turn_seconds", "90")
    page.select_option("#lang", "es")
    expect(page.locator("label[for=opt-target]")).to_have_text("meta")
    expect(page.locator(".game-choice.chosen input")).to_have_value("toss-up")
    expect(page.locator("#seats")).to_have_value("4")
    expect(page.locator("#host-name")).to_have_value("Zed")
    expect(page.locator("#opt-target")).to_have_value("55")
    expect(page.locator("#opt-strict")).not_to_be_checked()
    expect(page.locator("#opt-faces")).to_be_visible()
    expect(page.locator("#opt-faces")).to_have_value("green,red")
    expect(page.locator("#limit-turn_seconds")).to_have_value("90")
    page.locator('.game-choice:has(input[value="paper-toss"])').click()
    expect(page.locator("#host-name")).to_have_value("Zed")
    expect(page.locator("#opt-target")).to_have_value("10")
