"""Every interactive element on a 360 px phone is at least 44 x 44 px: the home page, a room's
lobby as the host sees it (the invite, the seats, the host's tools), and each game's table
mid-match, in English and in Spanish."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import shot
from tests.web.pages import MY_MOVE_OR_OVER, fill_with_bots_and_start, open_room, play_to_end

PHONE = {"width": 360, "height": 740, "is_mobile": True, "has_touch": True}
MIN = 44

#: Every visible thing a person taps, with its size. A checkbox or a radio button counts by the
#: label that wraps it (the label is what a finger hits); one without such a label, by itself.
MEASURE = """(min) => {
  const picks = 'button, a[href], input:not([type=hidden]), select, textarea, summary,'
    + ' [role=button]';
  const out = [];
  for (const el of document.querySelectorAll(picks)) {
    let target = el;
    if (el.matches('input[type=checkbox], input[type=radio]')) target = el.closest('label') || el;
    const box = target.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;  // not drawn (a closed box, hidden)
    if (getComputedStyle(target).visibility === 'hidden') continue;
    if (box.width + 0.5 >= min && box.height + 0.5 >= min) continue;
    const words = (target.getAttribute('aria-label') || target.textContent || el.id || '')
      .trim().replace(/\\s+/g, ' ').slice(0, 40);
    out.push(`${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''} "${words}"`
      + ` ${Math.round(box.width)}x${Math.round(box.height)}`);
  }
  return out;
}"""


def offenders(page: Page, where: str) -> list[str]:
    """The tap targets on the page smaller than 44 x 44 px, each named with where it is, and a
    page wider than the phone (it would scroll sideways)."""
    found = [f"{where}: {o}" for o in page.evaluate(MEASURE, MIN)]
    width = page.evaluate("() => document.documentElement.scrollWidth")
    if width > PHONE["width"]:
        found.append(f"{where}: the page is {width} px wide")
    return found


GAMES = {
    # game: (seats, options, the script that holds once this seat has a decision on screen)
    "toss-up": (4, {}, MY_MOVE_OR_OVER),
    "toss-your-cookies": (
        3,
        {"action_die": "toss", "number_die": "1"},
        "() => document.querySelector('#table[data-phase=commit][data-mine=\"1\"]')",
    ),
    "paper-toss": (3, {"first_player": "0"}, MY_MOVE_OR_OVER),
    "cover-your-cookies": (3, {}, MY_MOVE_OR_OVER),
}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_tap_target_on_a_phone_is_44_px(new_page: Callable[..., Page], lang: str) -> None:
    """The home page (with "More options" open), a room's lobby with a bot, a guest and an open
    seat (so Copy, Add a bot, Remove, Make host, Leave seat and the Rules and Table screen links
    all show), each game's table mid-match with the players list, a two-player Toss Up (the
    coach's box) and a match's result: nothing a person taps is smaller than 44 x 44 px, and no
    page is wider than the phone."""
    locale = "es-ES" if lang == "es" else "en-GB"
    host = new_page(locale=locale, **PHONE)
    guest = new_page(locale=locale, **PHONE)
    found: list[str] = []

    host.goto("/")
    host.locator("details.more summary").click()
    host.locator(".game-choice").first.wait_for()
    found += offenders(host, "home")
    shot(host, f"tap-home-{lang}")

    for game, (seats, options, ready) in GAMES.items():
        limits = {"turn_seconds": "600"}
        code = open_room(host, game, seats, name="Ann", options=options, limits=limits)
        guest.goto(f"/join/{code}")
        guest.fill("#name", "Bob")
        guest.click("#join")
        guest.wait_for_url(f"**/room/{code}")
        expect(host.locator(".seat-list")).to_contain_text("Bob")
        if game == "toss-up":  # the lobby once, with every tool of the host's on it
            host.locator(".seat-list .seat-open button").first.click()  # Add a bot
            expect(host.locator(".seat-list .seat-bot button")).to_have_count(1)  # Remove
            expect(host.locator(".seat-list .seat-open")).to_have_count(1)
            found += offenders(host, "room lobby (host)")
            found += offenders(guest, "room lobby (guest)")
            shot(host, f"tap-room-lobby-{lang}")
        host.click("#fill-bots")
        host.locator("#start:not([disabled])").click()
        host.wait_for_selector("#table[data-version]")
        host.wait_for_function(ready, timeout=60_000)
        found += offenders(host, game)
        shot(host, f"tap-{game}-{lang}")
    # a two-player Toss Up has the coach's box; played to its end (Ann never banks), the result
    # has the rematch, the record and a new game
    limits = {"turn_seconds": "600"}
    open_room(host, "toss-up", 2, name="Ann", options={"target": "15"}, limits=limits)
    fill_with_bots_and_start(host)
    host.wait_for_function(MY_MOVE_OR_OVER)
    found += offenders(host, "toss-up, two players")
    play_to_end(host, lambda page: page.locator('[data-key="roll"]').click())
    host.keyboard.press("Escape")
    found += offenders(host, "result")
    shot(host, f"tap-result-{lang}")
    assert not found, "\n".join(found)
