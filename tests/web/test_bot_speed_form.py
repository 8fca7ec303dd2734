"""The new-room form offers the bots' speed in races and windows (the room's
``limits.bot_speed``), in English and in Spanish, and only for a game that has races or
windows."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect

from tests.web.pages import open_room


def test_a_room_made_with_quick_bots_has_that_limit(new_page: Callable[..., Page]) -> None:
    """Ann chooses "Quick" bots for a Toss Your Cookies room (races: the scramble, the milk):
    the room the server made has ``bot_speed`` quick; a room made without touching it has the
    default, normal."""
    page = new_page()
    code = open_room(page, "toss-your-cookies", 3, limits={"bot_speed": "quick"})
    room = page.request.get(f"/api/rooms/{code}").json()
    assert room["limits"]["bot_speed"] == "quick"
    code = open_room(page, "toss-your-cookies", 3)
    room = page.request.get(f"/api/rooms/{code}").json()
    assert room["limits"]["bot_speed"] == "normal"


def test_the_bot_speed_is_offered_in_spanish_and_only_where_bots_race(
    new_page: Callable[..., Page],
) -> None:
    """In Spanish the choice reads "Tranquilos / Normales / Rápidos"; Toss Up! (turns only,
    no race or window) does not offer it."""
    page = new_page(locale="es-ES")
    page.goto("/")
    page.locator('.game-choice:has(input[value="paper-toss"])').click()
    page.locator("details.more summary").click()
    speed = page.locator("#limit-bot_speed")
    expect(speed).to_be_visible()
    expect(page.locator('label[for="limit-bot_speed"]')).to_have_text(
        "Rapidez de los bots en carreras y ventanas"
    )
    assert speed.locator("option").all_inner_texts() == ["Tranquilos", "Normales", "Rápidos"]
    expect(speed).to_have_value("normal")
    page.locator('.game-choice:has(input[value="toss-up"])').click()
    expect(page.locator("#limit-bot_speed")).to_have_count(0)
