"""What a family on phones found in the shell: key letters on the buttons of a touch screen,
a guest's seats below the invite, and a stand-in bot's moves logged as the person's own."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import shot
from tests.web.pages import (
    CHOOSING,
    MY_MOVE_OR_OVER,
    fill_with_bots_and_start,
    open_room,
    wait_in_play,
)

# Real servers, browsers and clocks: under a loaded machine a step can miss its time limit, so
# these end-to-end tests get two more tries (pytest-rerunfailures); a real fault fails all three.
pytestmark = pytest.mark.flaky(reruns=2, reruns_delay=2)

PHONE = {"width": 390, "height": 844, "is_mobile": True, "has_touch": True}


def toss_your_cookies_choosing(page: Page) -> None:
    """A room of Toss Your Cookies with two bots; this seat is choosing a card to toss."""
    open_room(page, "toss-your-cookies", 3, options={"action_die": "toss", "number_die": "1"})
    fill_with_bots_and_start(page)
    wait_in_play(page, CHOOSING)


def paper_toss_deciding(page: Page) -> None:
    """A room of Paper Toss with two bots, this seat first; this seat has a decision (with the
    piles' counts open)."""
    open_room(page, "paper-toss", 3, options={"first_player": "0"}, limits={"turn_seconds": "600"})
    fill_with_bots_and_start(page)
    page.wait_for_function(MY_MOVE_OR_OVER)
    page.locator(".pt-piles summary").click()


@pytest.mark.parametrize("touch", [True, False], ids=["touch", "desktop"])
def test_key_hints_show_with_a_keyboard_and_not_on_a_touch_screen(
    new_page: Callable[..., Page], touch: bool
) -> None:
    """The keys on the action buttons (Enter, D, T, E…) and the numbers on the cards one presses
    (1 to 9) are keyboard hints: a touch phone shows neither, in Toss Your Cookies and in Paper
    Toss; a desktop shows both. The counts on the cards of Paper Toss's piles say how many are
    left: they show on both."""
    page = new_page(**PHONE) if touch else new_page()
    toss_your_cookies_choosing(page)
    keys = page.locator(".tyc-hand .card-key")
    expect(keys.first).to_have_text("1")
    expect(page.locator(".tyc-hand button.card").first).to_have_attribute("aria-keyshortcuts", "1")
    confirm = page.locator('.action[data-key="confirm"]')
    expect(confirm).to_have_attribute("aria-keyshortcuts", "Enter")
    for hint in (keys.first, confirm.locator("kbd")):
        expect(hint).to_be_hidden() if touch else expect(hint).to_be_visible()
    shot(page, f"key-hints-toss-your-cookies-{'touch' if touch else 'desktop'}")

    paper_toss_deciding(page)
    kbd = page.locator("#table .action kbd")
    expect(kbd.first).to_be_attached()
    for i in range(kbd.count()):
        expect(kbd.nth(i)).to_be_hidden() if touch else expect(kbd.nth(i)).to_be_visible()
    counts = page.locator(".pt-piles .card-badge")
    expect(counts.first).to_be_visible()  # a count, not a key: on every screen
    expect(page.locator(".pt-piles .card-key")).to_have_count(0)


def test_a_guest_on_a_phone_sees_the_seats_first(new_page: Callable[..., Page]) -> None:
    """A guest who came by the invite link, on a 390 x 844 phone, sees the seats (who is here,
    what the room waits for) within the first screen, the invite after them; the host's phone
    keeps the invite (the code, the QR code) first."""
    host, guest = new_page(**PHONE), new_page(**PHONE)
    code = open_room(host, "cover-your-cookies", 4, name="Grandpa")
    guest.goto(f"/join/{code}")
    guest.fill("#name", "Mia")
    guest.click("#join")
    guest.wait_for_url(f"**/room/{code}")
    expect(guest.locator(".seat-list")).to_contain_text("Mia")
    order = "() => [...document.querySelectorAll('.room-lobby > section')].map((s) => s.className)"
    assert "seats-box" in guest.evaluate(order)[0]
    assert "invite-box" in guest.evaluate(order)[1]
    top = guest.locator(".seat-list").bounding_box()
    assert top is not None and top["y"] + 60 < 844, top  # the first seats show, not just the top
    expect(guest.locator("#room-code")).to_have_text(code)  # the invite is still there, below
    shot(guest, "guest-lobby-phone")
    expect(host.locator(".seat-list")).to_contain_text("Mia")
    assert "invite-box" in host.evaluate(order)[0]
    expect(host.locator("#room-code")).to_be_in_viewport()


def test_the_log_marks_the_moves_of_a_bot_standing_in(new_page: Callable[..., Page]) -> None:
    """Bob leaves during the match: a bot plays his seat, and the log marks the lines that name
    him ("bot standing in for Bob"), in English and in Spanish; Ann's own lines ("You banked…"
    on her page) say what they said."""
    ann, bob = new_page(), new_page()
    code = open_room(
        ann, "toss-up", 2, name="Ann", options={"target": "60"}, limits={"turn_seconds": "600"}
    )
    bob.goto(f"/join/{code}")
    bob.fill("#name", "Bob")
    bob.click("#join")
    ann.locator("#start:not([disabled])").click()
    bob.wait_for_selector("#table[data-version]")
    # every status line Ann's page shows from now on
    ann.evaluate("""() => {
      window.statusLines = [];
      new MutationObserver(() => {
        window.statusLines.push(document.querySelector('.match .status').textContent);
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    }""")
    bob.once("dialog", lambda dialog: dialog.accept())
    bob.click("#leave-seat")
    expect(bob.locator(".you-are")).to_have_text("Watching")
    expect(ann.locator(".player-list .player").nth(1).locator(".tag.off").first).to_have_text(
        "left"
    )
    marked = ann.locator(".log li.by-stand-in")
    ready = """() => document.querySelector('#result')
        || document.querySelector('#table[data-mine="1"]')
        || (document.querySelector('.log li.by-stand-in')
            && [...document.querySelectorAll('.log li')]
                .some((li) => li.textContent.startsWith('You')))"""
    for _ in range(40):  # Ann rolls once and banks, until a line of each is in the log
        ann.wait_for_function(ready, timeout=60_000)
        if ann.locator("#table[data-mine='1']").count() and not ann.locator("#result").count():
            version = ann.locator("#table").get_attribute("data-version")
            ann.wait_for_timeout(250)  # past the guard of a new decision
            total = int(ann.locator(".tu-figures .big .stat-value").inner_text())
            ann.locator('[data-key="roll"]' if total == 0 else '[data-key="bank"]').click()
            ann.wait_for_function(
                "v => document.querySelector('#table').dataset.version !== v", arg=version
            )
            continue
        break
    expect(marked.first).to_be_visible()
    # the stand-in bot may still be playing: read the whole log at one moment, not line by line
    log = ann.evaluate("""() => [...document.querySelectorAll('.log li')].map((li) => ({
      text: li.textContent,
      marks: [...li.querySelectorAll('.stand-in-mark')].map((mark) => mark.textContent),
    }))""")
    assert any(line["marks"] for line in log), log
    for line in log:
        words = line["text"].removesuffix("".join(line["marks"]))
        # a mark only on a line that names Bob, and it says whom the bot stands in for
        assert not line["marks"] or "Bob" in words, line
        assert line["marks"] in ([], ["bot standing in for Bob"]), line
    assert any(line["text"].startswith("You") and not line["marks"] for line in log), log
    # the status line says whose turn it is without pretending Bob decides
    lines = ann.evaluate("() => window.statusLines")
    assert any(line.startswith("Bob's turn (a bot stands in).") for line in lines), lines
    shot(ann, "log-stand-in")
    ann.select_option("#lang", "es")
    expect(marked.first.locator(".stand-in-mark")).to_have_text("un bot juega por Bob")
    expect(marked.first).to_contain_text("Bob")
