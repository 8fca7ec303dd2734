"""The page around the games: a phone-sized screen, English and Spanish, the table screen and
"only my hand", a dropped connection that comes back by itself, and the page's weight."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Dialog, Page, Response, WebSocket, expect

from tests.web.conftest import shot
from tests.web.pages import (
    CHOOSING,
    MOVED_ON,
    SETTLED,
    fill_with_bots_and_start,
    open_room,
    wait_in_play,
)

# Real servers, browsers and clocks: under a loaded machine a step can miss its time limit, so
# these end-to-end tests get two more tries (pytest-rerunfailures); a real fault fails all three.
pytestmark = pytest.mark.flaky(reruns=2, reruns_delay=2)

#: No element sticks out sideways: nothing to scroll horizontally on a narrow screen.
FITS = "() => document.documentElement.scrollWidth <= window.innerWidth"


def test_a_phone_sized_screen(new_page: Callable[..., Page]) -> None:
    """At 360 x 740 the lobby, the room and a Toss Your Cookies table fit the width (no
    sideways scrolling), the whole hand shows, and a card can be tapped."""
    page = new_page(width=360, height=740, is_mobile=True, has_touch=True)
    page.goto("/")
    assert page.evaluate(FITS)
    open_room(
        page,
        "toss-your-cookies",
        4,
        name="Kid",
        options={"action_die": "pass_left", "number_die": "2"},
    )
    assert page.evaluate(FITS)
    expect(page.locator(".qr")).to_be_visible()
    fill_with_bots_and_start(page)
    wait_in_play(page, CHOOSING)  # a deal that ends the match at once: a rematch
    assert page.evaluate(FITS)
    hand = page.locator(".tyc-hand .card")
    expect(hand).to_have_count(7)
    assert page.evaluate(
        """() => [...document.querySelectorAll('.tyc-hand .card')].every((card) => {
            const box = card.getBoundingClientRect();
            return box.left >= 0 && box.right <= window.innerWidth && box.width >= 44;
        })"""
    )
    hand.first.tap()
    expect(hand.first).to_have_attribute("aria-pressed", "true")
    shot(page, "phone-toss-your-cookies")


def test_spanish_from_the_browser_and_the_switch(new_page: Callable[..., Page]) -> None:
    """A browser that prefers Spanish gets the Spanish page; the switch turns it to English and
    the choice is kept. Every catalogue, the shell's and each game's, has the same words in
    both languages."""
    page = new_page(locale="es-ES")
    page.goto("/")
    expect(page.locator("h1")).to_have_text("Noche de juegos")
    expect(page.locator("#create")).to_have_text("Crear la sala")
    expect(page.locator(".game-list")).to_contain_text("De 3 a 8 jugadores")
    page.select_option("#lang", "en")
    expect(page.locator("h1")).to_have_text("Game night")
    page.reload()
    expect(page.locator("h1")).to_have_text("Game night")
    differences = page.evaluate(
        """async () => {
        const games = ["toss-up", "toss-your-cookies", "paper-toss", "cover-your-cookies"];
        const pairs = [["/static/i18n/en.js", "/static/i18n/es.js"],
          ...games.map((g) => [`/games/${g}/i18n/en.js`, `/games/${g}/i18n/es.js`])];
        const out = [];
        for (const [a, b] of pairs) {
          const en = Object.keys((await import(a)).default);
          const es = Object.keys((await import(b)).default);
          for (const k of en) if (!es.includes(k)) out.push(`${b} lacks ${k}`);
          for (const k of es) if (!en.includes(k)) out.push(`${a} lacks ${k}`);
        }
        return out;
    }"""
    )
    assert differences == []


def test_the_table_screen_and_a_phone_that_shows_only_its_hand(
    new_page: Callable[..., Page],
) -> None:
    """A laptop opens the room as the table screen: the code and the QR code while people
    join, then the public board, large, and no hand at all; a phone set to "only my hand" shows
    its hand and choices without the board."""
    phone = new_page(width=390, height=844, is_mobile=True, has_touch=True)
    code = open_room(phone, "cover-your-cookies", 3, name="Dad")
    tv = new_page(width=1600, height=900)
    tv.goto(f"/table/{code}")
    expect(tv.locator("#room-code")).to_have_text(code)
    expect(tv.locator(".qr")).to_be_visible()
    tv.wait_for_function("() => document.querySelector('.qr').naturalWidth > 0")  # loaded
    expect(phone.locator("#hand-only")).to_have_count(0)  # no hand before the match
    fill_with_bots_and_start(phone)
    phone.check("#hand-only")
    tv.wait_for_selector("#table[data-version]")
    expect(tv.locator(".cyc-board")).to_be_visible()
    expect(tv.locator(".cyc-mine")).to_have_count(0)
    expect(tv.locator(".you-are")).to_have_text("Table screen")
    expect(phone.locator(".cyc-mine")).to_be_visible()
    expect(phone.locator(".cyc-board")).to_be_hidden()
    expect(phone.locator(".log-box")).to_be_hidden()
    shot(tv, "table-screen-cover-your-cookies")
    shot(phone, "phone-only-my-hand")
    phone.reload()  # kept for this room...
    expect(phone.locator("#hand-only")).to_be_checked()
    open_room(phone, "toss-up", 2, name="Dad")  # ...and not carried to the next
    fill_with_bots_and_start(phone)
    expect(phone.locator("#hand-only")).not_to_be_checked()


def test_a_dropped_connection_comes_back_by_itself(new_page: Callable[..., Page]) -> None:
    """When the connection drops, the header says it is reconnecting, the page connects again
    on its own, says so, and the game goes on from the whole current view."""
    page = new_page()
    open_room(page, "toss-up", 2, options={"target": "50"})
    fill_with_bots_and_start(page)
    page.wait_for_selector('#table[data-mine="1"]', timeout=60_000)
    version = page.locator("#table").get_attribute("data-version")
    page.evaluate("() => window.gamenightConnection.drop()")
    expect(page.locator("#net")).to_contain_text("reconnecting")
    expect(page.locator("#toast")).to_contain_text("Back online")
    expect(page.locator("#table")).to_have_attribute("data-version", version or "")
    page.keyboard.press("r")
    page.wait_for_function(
        "v => document.querySelector('#table').dataset.version !== v", arg=version
    )


def test_the_whole_page_weighs_under_300_kb(new_page: Callable[..., Page]) -> None:
    """Everything a room's page loads (HTML, JavaScript, CSS, images) comes to less than
    300 KB for each game, and nothing comes from anywhere but the server."""
    page = new_page()
    sizes: dict[str, int] = {}

    def count(response: Response) -> None:
        # (a redirect has no body: what it leads to is counted)
        if response.request.resource_type != "websocket" and not 300 <= response.status < 400:
            sizes[response.url] = len(response.body())

    page.on("response", count)
    page.goto("/")
    page.wait_for_selector(".game-choice")
    for game, seats in (
        ("toss-up", 2),
        ("toss-your-cookies", 3),
        ("paper-toss", 2),
        ("cover-your-cookies", 3),
    ):
        sizes.clear()
        code = open_room(page, game, seats)
        fill_with_bots_and_start(page)
        page.wait_for_timeout(300)
        page.reload()  # a fresh load of the room, as a phone opening the link
        page.wait_for_selector("#table[data-version]")
        total = sum(sizes.values())
        assert total < 300_000, f"{game}: {total} bytes: {sorted(sizes.items())}"
        assert all(url.startswith(page.url.split("/room/")[0]) for url in sizes), sizes
        assert code in page.url


def test_the_rules_are_a_click_away(new_page: Callable[..., Page]) -> None:
    """Under the games, "How to play ..." names the chosen game and opens its rules page in a
    new tab; the room's header has a Rules button to the same page, which leads back to the
    room."""
    page = new_page()
    page.goto("/")
    page.locator('.game-choice:has(input[value="paper-toss"])').click()
    link = page.locator(".rules-line a.rules-link")
    expect(link).to_have_text("How to play Paper Toss! (the rules, in a new tab)")
    expect(link).to_have_attribute("target", "_blank")
    with page.context.expect_page() as opened:
        link.click()
    rules = opened.value
    rules.wait_for_load_state()
    expect(rules.locator("main.rules-page h1")).to_have_text("Paper Toss!")
    expect(rules.locator("main.rules-page")).to_contain_text("Bully")
    rules.close()
    code = open_room(page, "toss-up", 2)
    expect(page.locator(".head-tools a.rules-link")).to_have_attribute(
        "href", f"/rules/toss-up?back=%2Froom%2F{code}"
    )


def test_a_double_click_makes_one_room_and_plays_one_move(new_page: Callable[..., Page]) -> None:
    """A double click on "Create the room" creates one room (the address and the page show the
    same code); a double click on Roll rolls once, with no "too slow" for one's own click."""
    page = new_page()
    created: list[str] = []
    page.on(
        "request",
        lambda r: (
            created.append(r.url) if r.method == "POST" and r.url.endswith("/api/rooms") else None
        ),
    )
    page.goto("/")
    page.locator('.game-choice:has(input[value="toss-up"])').click()
    page.select_option("#seats", "2")
    page.fill("#host-name", "Ann")
    page.dblclick("#create")
    page.wait_for_url("**/room/*")
    code = page.locator("#room-code").inner_text().strip()
    assert page.url.endswith(f"/room/{code}")
    assert len(created) == 1
    fill_with_bots_and_start(page)
    page.wait_for_function(
        "() => document.querySelector('#table').dataset.mine === '1'", timeout=60_000
    )
    page.wait_for_function(SETTLED)
    version = int(page.locator("#table").get_attribute("data-version") or "0")
    page.locator("button", has_text="Roll").first.dblclick()
    page.wait_for_function(MOVED_ON, arg=str(version))
    page.wait_for_timeout(500)
    # at once: expect(...).to_have_count(0) would wait for a toast to go by itself
    assert page.locator("#toast.show").count() == 0, page.locator("#toast").inner_text()


def test_back_to_your_room_from_the_home_page(new_page: Callable[..., Page]) -> None:
    """A closed tab is not a seat lost: the home page lists the rooms this browser has a seat
    in, and the link goes back to the seat. A room code typed with spaces, as it is read out,
    finds the room; on a loopback address the room warns that phones cannot open the link."""
    ann = new_page()
    code = open_room(ann, "toss-up", 2, name="Ann")
    expect(ann.locator("#loopback-hint")).to_contain_text("gamenight serve --host 0.0.0.0")
    ann.goto("/")
    mine = ann.locator(".your-rooms a")
    expect(mine).to_have_count(1)
    expect(mine).to_have_text(f"Toss Up!, room {code}, as Ann (waiting to start)")
    mine.click()  # a link within the page: the address changes without a new page load
    expect(ann).to_have_url(re.compile(f"/room/{code}$"))
    expect(ann.locator(".you-are")).to_contain_text("Ann")

    bob = new_page()
    bob.goto("/")
    expect(bob.locator(".your-rooms")).to_have_count(0)
    bob.fill("#join-code", f"{code[:3].lower()} {code[3:].lower()}")
    bob.fill("#join-name", "Bob")
    bob.locator('.join-form button[value="join"]').click()
    expect(bob).to_have_url(re.compile(f"/room/{code}$"))
    expect(ann.locator(".seat-list")).to_contain_text("Bob")


def test_a_person_the_host_removes_is_told_and_may_take_a_seat_again(
    new_page: Callable[..., Page],
) -> None:
    """The host gives Bob's seat back to the room, after saying yes to a question that names
    him (saying no leaves him seated): Bob's page says so and shows the invite page, where he
    can take a seat again under his name. A bot's seat is cleared without a question."""
    ann, bob = new_page(), new_page()
    code = open_room(ann, "toss-up", 3, name="Ann")
    bob.goto(f"/join/{code}")
    bob.fill("#name", "Bob")
    bob.click("#join")
    expect(bob).to_have_url(re.compile(f"/room/{code}$"))
    expect(ann.locator(".seat-list")).to_contain_text("Bob")
    asked: list[str] = []

    def answer(yes: bool) -> Callable[[Dialog], None]:
        def reply(dialog: Dialog) -> None:
            asked.append(dialog.message)
            if yes:
                dialog.accept()
            else:
                dialog.dismiss()

        return reply

    ann.once("dialog", answer(False))
    ann.locator('.seat-list [data-key="clear-1"]').click()
    for _ in range(100):  # the question comes while the click is handled
        if asked:
            break
        ann.wait_for_timeout(50)
    assert len(asked) == 1 and "Bob" in asked[0]
    expect(ann.locator(".seat-list")).to_contain_text("Bob")
    assert bob.url.endswith(f"/room/{code}")
    ann.locator('.seat-list [data-key="bot-2"]').click()
    expect(ann.locator(".seat-list .seat-bot")).to_have_count(1)
    ann.locator('.seat-list [data-key="clear-2"]').click()  # a bot: no question
    expect(ann.locator(".seat-list .seat-bot")).to_have_count(0)
    assert len(asked) == 1
    ann.once("dialog", answer(True))
    ann.locator('.seat-list [data-key="clear-1"]').click()
    expect(bob.locator("#toast")).to_contain_text("The host gave your seat back to the room")
    expect(bob).to_have_url(re.compile(f"/join/{code}$"))
    bob.fill("#name", "Bob")
    bob.click("#join")
    expect(bob).to_have_url(re.compile(f"/room/{code}$"))
    expect(ann.locator(".seat-list")).to_contain_text("Bob")


def test_the_lobby_offers_only_the_time_limits_a_game_has(new_page: Callable[..., Page]) -> None:
    """Toss Up! has no response windows and no races, so its room asks for neither time
    limit; Paper Toss! has windows, Toss Your Cookies races."""
    page = new_page()
    page.goto("/")
    offered = {}
    for game in ("toss-up", "paper-toss", "toss-your-cookies"):
        page.locator(f'.game-choice:has(input[value="{game}"])').click()
        offered[game] = {
            name: page.locator(f"#limit-{name}").count()
            for name in ("turn_seconds", "reaction_seconds", "race_seconds", "grace_seconds")
        }
    assert offered["toss-up"] == {
        "turn_seconds": 1,
        "reaction_seconds": 0,
        "race_seconds": 0,
        "grace_seconds": 1,
    }
    assert offered["paper-toss"]["reaction_seconds"] == 1
    assert offered["paper-toss"]["race_seconds"] == 0
    assert offered["toss-your-cookies"]["race_seconds"] == 1
    assert offered["toss-your-cookies"]["reaction_seconds"] == 0


def test_the_first_player_is_a_seat_numbered_as_the_room_numbers_them(
    new_page: Callable[..., Page],
) -> None:
    """The first player is picked from "Seat 1" to the last seat of the room as chosen, as the
    room numbers its seats (the game counts from 0): Seat 2 makes the second seat take the
    first turn. Fewer seats chosen offer fewer, and a seat no longer there goes back to Seat 1."""
    page = new_page()
    page.goto("/")
    page.locator('.game-choice:has(input[value="toss-up"])').click()
    choices = page.locator("#opt-first_player option")
    offered = page.locator("#opt-first_player option:not([disabled])")
    expect(choices.first).to_have_text("Seat 1")
    expect(page.locator("#opt-first_player")).to_have_value("0")
    page.select_option("#seats", "4")
    expect(offered).to_have_count(4)
    if not page.locator("#opt-first_player").is_visible():
        page.locator("details.more summary").click()
    page.select_option("#opt-first_player", "3")
    page.select_option("#seats", "3")
    expect(offered).to_have_count(3)
    expect(offered.last).to_have_text("Seat 3")
    expect(page.locator("#opt-first_player")).to_have_value("0")
    code = open_room(page, "toss-up", 2, options={"first_player": "1"})
    room = page.request.get(f"/api/rooms/{code}").json()
    assert room["config"]["first_player"] == 1


def test_switching_the_language_at_the_table_switches_every_heading(
    new_page: Callable[..., Page],
) -> None:
    """The language switch at a table turns the "What happened" heading too (it stayed in the
    old language until a reload)."""
    page = new_page()
    open_room(page, "toss-up", 2)
    fill_with_bots_and_start(page)
    expect(page.locator(".log-box .zone-title")).to_have_text("What happened")
    page.select_option("#lang", "es")
    expect(page.locator(".log-box .zone-title")).to_have_text("Qué pasó")


def test_an_automatic_move_refused_says_nothing_a_click_refused_says_why(
    new_page: Callable[..., Page],
) -> None:
    """What the page sends by itself for the person (Paper Toss!'s quiet pass) may come after
    the moment has passed: its refusal is not shown (the next update redraws the table). A
    refusal of what the person did still is. Ann and Bob play Toss Up!; on Ann's turn Bob's
    page sends a roll by itself, then Bob's own bank: only the second is answered by a toast."""
    ann, bob = new_page(), new_page()
    errors: list[dict[str, str]] = []

    def on_socket(ws: WebSocket) -> None:
        def frame(payload: str | bytes) -> None:
            message = json.loads(payload)
            if message.get("type") == "error":
                errors.append(message)

        ws.on("framereceived", frame)

    bob.on("websocket", on_socket)
    code = open_room(ann, "toss-up", 2, name="Ann")
    bob.goto(f"/join/{code}")
    bob.fill("#name", "Bob")
    bob.click("#join")
    expect(ann.locator(".seat-list")).to_contain_text("Bob")
    ann.locator("#start:not([disabled])").click()
    ann.wait_for_selector('#table[data-mine="1"]', timeout=30_000)  # Ann's turn: Bob waits
    bob.wait_for_selector('#table[data-mine="0"]')
    bob.evaluate("() => window.gamenightRoom.act({ type: 'roll' }, true)")
    for _ in range(100):
        if errors:
            break
        bob.wait_for_timeout(50)
    assert len(errors) == 1 and errors[0]["ref"], errors  # refused, with the ref it answers
    bob.wait_for_timeout(300)  # the page has had the refusal for a while: no toast
    assert bob.locator("#toast.show").count() == 0, bob.locator("#toast").inner_text()
    bob.evaluate("() => window.gamenightRoom.act({ type: 'bank' })")  # as a key press would
    expect(bob.locator("#toast.show")).to_have_count(1)
    assert len(errors) == 2


def test_the_invite_page_names_the_bots_as_the_room_does(new_page: Callable[..., Page]) -> None:
    """A bot that banks at 25 is "Bot 2 (holds at 25)" in the room and on the invite page alike
    (the invite page said "hold:25 bot"; both said "hold at 25 bot 2" after), and "Bot 2 (se
    planta en 25)" in Spanish; the box of its number is labelled by what it is, not "T"."""
    ann, bob = new_page(), new_page(locale="es-ES")
    code = open_room(ann, "toss-up", 3, name="Ann")
    ann.select_option("#bot-level", "hold")
    expect(ann.locator("#bot-arg")).to_have_attribute("aria-label", "holds at (number)")
    ann.fill("#bot-arg", "25")
    ann.locator('.seat-list [data-key="bot-1"]').click()
    expect(ann.locator(".seat-list")).to_contain_text("Bot 2 (holds at 25)")
    bob.goto(f"/join/{code}")
    expect(bob.locator(".invite")).to_contain_text("En la mesa: Ann, Bot 2 (se planta en 25)")
    bob.select_option("#lang", "en")
    expect(bob.locator(".invite")).to_contain_text("At the table: Ann, Bot 2 (holds at 25)")
