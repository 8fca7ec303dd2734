"""What a walk through the shell on phones found: a long name that widened the page, a double
tap that started twice, an old error left on screen, refusals in English on a Spanish page, and
words said twice or wrongly (a host with no seat "watching", "only my hand" before any hand)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import Console, shot
from tests.web.pages import fill_with_bots_and_start, open_room

pytestmark = pytest.mark.flaky(reruns=2, reruns_delay=2)

#: No element sticks out sideways: nothing to scroll horizontally on a narrow screen.
FITS = "() => document.documentElement.scrollWidth <= window.innerWidth"
LONG = "W" * 24


def test_a_long_name_without_spaces_wraps_on_a_phone(new_page: Callable[..., Page]) -> None:
    """A name of 24 "W"s fits a 360 px screen: the "You are" line and the seats in the lobby,
    the invite page, and the status line and the players list of a match."""
    host = new_page(width=360, height=740, is_mobile=True, has_touch=True)
    other = new_page(width=360, height=740, is_mobile=True, has_touch=True)
    code = open_room(host, "toss-up", 3, name=LONG)
    expect(host.locator(".you-are")).to_contain_text(LONG)
    assert host.evaluate(FITS)
    other.goto(f"/join/{code}")
    expect(other.locator(".invite")).to_contain_text(LONG)
    assert other.evaluate(FITS)
    other.fill("#name", "M" * 24)
    other.click("#join")
    expect(host.locator(".seat-list")).to_contain_text("M" * 24)
    assert host.evaluate(FITS) and other.evaluate(FITS)
    fill_with_bots_and_start(host)
    other.wait_for_selector("#table[data-version]")
    expect(other.locator(".player-list")).to_contain_text(LONG)
    for page in (host, other):
        page.wait_for_function("() => document.querySelector('.status-text') !== null")
        assert page.evaluate(FITS)
    shot(other, "phone-long-names")


def test_a_host_without_a_seat_taps_twice(new_page: Callable[..., Page]) -> None:
    """A host with no seat is "Hosting" (not "Watching"); a double tap on "Start the game" and
    on the rematch starts one match each (a second start was refused: 409, "the first match has
    started already" on screen). The page's console shows no refused request."""
    page = new_page()
    open_room(page, "toss-up", 2, name=None)
    expect(page.locator(".you-are")).to_have_text("Hosting")
    expect(page.locator("#hand-only")).to_have_count(0)
    page.click("#fill-bots")
    page.locator("#start:not([disabled])").dblclick()
    page.wait_for_selector("#table[data-version]")
    page.wait_for_selector("#result", timeout=90_000)  # two bots play it through
    expect(page.locator("#toast.show")).to_have_count(0)
    page.locator("#rematch").dblclick()
    page.wait_for_selector("#result", state="detached")
    page.wait_for_timeout(300)
    expect(page.locator("#toast.show")).to_have_count(0)


def test_an_error_goes_once_the_join_succeeds(new_page: Callable[..., Page]) -> None:
    """ "Type your name first." goes away when the person, name typed, joins: it no longer stays
    over the room for its seconds; "Only my hand" shows only once a match is on."""
    host, page = new_page(), new_page()
    code = open_room(host, "toss-up", 2, name="Ann")
    page.goto("/")
    page.fill("#join-code", code)
    page.fill("#join-name", "")
    page.click("button[value='join']")
    expect(page.locator("#toast.show")).to_have_text("Type your name first.")
    page.fill("#join-name", "Bob")
    page.click("button[value='join']")
    page.wait_for_url(f"**/room/{code}")
    expect(page.locator(".you-are")).to_have_text("You are Bob")
    expect(page.locator("#toast.show")).to_have_count(0)
    expect(page.locator("#hand-only")).to_have_count(0)  # no hand before the first match
    host.locator("#start:not([disabled])").click()
    expect(page.locator("#hand-only")).to_have_count(1)


def test_the_common_refusals_in_spanish(new_page: Callable[..., Page], console: Console) -> None:
    """An unknown room, a name taken and a full room are said in Spanish on a Spanish page
    (they were the server's English sentences)."""
    console.expected += ["HTTP 404", "HTTP 409", "status of 404", "status of 409"]
    host, page = new_page(), new_page(locale="es-ES")
    page.goto("/join/QQQQQQ")
    expect(page.locator(".error")).to_have_text(
        "No hay ninguna sala con ese código: revisa el código que te dieron."
    )
    code = open_room(host, "toss-up", 2, name="Grandpa")
    page.goto(f"/join/{code}")
    page.fill("#name", "grandpa")
    page.click("#join")
    expect(page.locator("#toast.show")).to_have_text(
        "Ya hay alguien llamado «grandpa» en esta sala: elige otro nombre."
    )
    host.locator('.seat-list [data-key="bot-1"]').click()
    expect(host.locator(".seat-list")).to_contain_text("Bot 2")
    page.goto("/")
    page.fill("#join-code", code)
    page.fill("#join-name", "Mia")
    page.click("button[value='join']")
    expect(page.locator("#toast.show")).to_have_text(
        "Todos los asientos están ocupados: puedes mirar la partida."
    )
    page.select_option("#lang", "en")
    page.click("button[value='join']")
    expect(page.locator("#toast.show")).to_have_text("Every seat is taken: you can watch instead.")


@pytest.mark.parametrize(("locale", "words"), [("en-GB", "Your turn."), ("es-ES", "Tu turno.")])
def test_my_turn_is_said_once(new_page: Callable[..., Page], locale: str, words: str) -> None:
    """When the decision is mine, the status line says "Your turn." and no more (it said "Your
    turn. Your decision.")."""
    page = new_page(locale=locale)
    open_room(page, "toss-up", 2, name="Ann")
    fill_with_bots_and_start(page)
    page.wait_for_selector('#table[data-mine="1"]', timeout=30_000)
    expect(page.locator(".status")).to_have_text(words)
