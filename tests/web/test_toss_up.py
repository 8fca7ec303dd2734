"""Toss Up! in the browser: a whole game against bots, played with the keyboard."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from gamenight.games.toss_up import TossUp
from tests.web.conftest import shot
from tests.web.pages import (
    MOVED_ON,
    MY_MOVE_OR_OVER,
    fill_with_bots_and_start,
    open_room,
    play_to_end,
)

# Real servers, browsers and clocks: under a loaded machine a step can miss its time limit, so
# these end-to-end tests get two more tries (pytest-rerunfailures); a real fault fails all three.
pytestmark = pytest.mark.flaky(reruns=2, reruns_delay=2)


def test_a_whole_game_of_toss_up_against_two_bots(new_page: Callable[..., Page]) -> None:
    """One person opens a room, seats two bots, and plays to the end with R (roll) and B
    (bank); the table shows the dice, the turn total and the chance that the next roll busts."""
    page = new_page()
    open_room(page, "toss-up", 3, options={"target": "30"})
    fill_with_bots_and_start(page, level="smart")
    shots = {"n": 0}

    def move(p: Page) -> None:
        total = int(p.locator(".tu-figures .big .stat-value").inner_text())
        expect(p.locator(".tu-figures")).to_contain_text("%")
        expect(p.locator("#tu-coach")).to_have_count(0)  # the coach covers two players
        if shots["n"] == 2:
            shot(p, "toss-up-table")
        shots["n"] += 1
        p.keyboard.press("r" if total < 8 else "b")

    moves = play_to_end(page, move)
    assert moves > 0
    expect(page.locator("#result")).to_be_visible()
    expect(page.locator("#rematch")).to_be_visible()
    expect(page.locator(".tu-play")).to_have_count(0)  # no dice of a turn after the end
    shot(page, "toss-up-over")

    # The host offers a rematch: the same seats, a new match from the start.
    page.click("#rematch")
    expect(page.locator("#result")).to_have_count(0)
    expect(page.locator(".tu-points").first).to_have_text("0")
    expect(page.locator(".player-list")).to_contain_text("Bot 3 (smart)")


def test_the_coach_in_the_browser(new_page: Callable[..., Page]) -> None:
    """ "In terminal play (and later in the browser), an opt-in coach shows the chance of winning
    if you roll versus if you bank": off until ticked, then at each of the player's decisions it
    shows both chances and the better choice, and it stays on for the next decision."""
    page = new_page()
    open_room(page, "toss-up", 2, options={"target": "20"})
    fill_with_bots_and_start(page, level="smart")
    page.wait_for_function(MY_MOVE_OR_OVER, timeout=90_000)
    coach = page.locator("#tu-coach")
    expect(coach).not_to_be_checked()
    expect(page.locator(".tu-coach-line")).to_have_count(0)
    coach.check()
    line = page.locator(".tu-coach-line")
    expect(line).to_contain_text("Roll on and you win", timeout=60_000)
    text = line.inner_text()
    chance = r"(\d+|<1|>99)%"  # a chance near 0 or 1 that is not 0 or 1 does not round to it
    line_words = rf"you win {chance}; bank now and you win {chance}\. Best: (roll|bank)\."
    assert re.search(line_words, text), text
    shot(page, "toss-up-coach")
    version = page.locator("#table").get_attribute("data-version")
    page.keyboard.press("r")
    page.wait_for_function(MOVED_ON, arg=version, timeout=30_000)
    page.wait_for_function(MY_MOVE_OR_OVER, timeout=90_000)
    if page.locator("#result").count() == 0:
        expect(page.locator("#tu-coach")).to_be_checked()
        expect(page.locator(".tu-coach-line")).to_contain_text("Best:", timeout=60_000)


def test_what_happened_is_told_again_after_a_reload_and_on_a_table_screen(
    new_page: Callable[..., Page],
) -> None:
    """The "What happened" list survives a reload mid-game (the server recaps the steps before
    the screen joined), and a table screen turned on mid-game shows the same recent events."""
    page = new_page()
    code = open_room(page, "toss-up", 2, options={"target": "200"})
    fill_with_bots_and_start(page, level="smart")
    for _ in range(3):  # a few rolls, so something has happened
        page.wait_for_function(MY_MOVE_OR_OVER, timeout=60_000)
        before = page.locator("#table").get_attribute("data-version")
        page.keyboard.press("r")
        page.wait_for_function(MOVED_ON, arg=before)
    log = page.locator(".log li")
    expect(log.first).to_be_visible()
    lines = log.count()
    assert lines >= 2
    page.reload()
    page.wait_for_selector("#table[data-version]")
    page.wait_for_function(  # bots may have played on meanwhile: as many lines or more
        "n => document.querySelectorAll('.log li').length >= n", arg=lines, timeout=10_000
    )
    table = new_page()
    table.goto(f"/table/{code}")
    table.wait_for_selector("#table[data-version]")
    expect(table.locator(".log li").first).to_be_visible()
    assert table.locator(".log li").count() >= min(lines, 2)
    shot(table, "toss-up-table-screen-mid-game")


#: Roll's box on the screen as it is (not scrolled), and the screen's height.
ROLL_BOX = """() => {
  const box = document.querySelector('[data-key="roll"]').getBoundingClientRect();
  return { top: box.top, bottom: box.bottom, height: window.innerHeight, scrolled: window.scrollY };
}"""


def test_roll_and_bank_are_on_a_phone_screen_without_scrolling(
    new_page: Callable[..., Page],
) -> None:
    """With four players on a 390 x 844 phone (and on a 360 x 740 one), this seat's Roll and
    Bank are on the screen when its turn comes, without scrolling: on a narrow screen the turn's
    dice and the buttons come before everyone's scores."""
    page = new_page(width=390, height=844, is_mobile=True, has_touch=True)
    open_room(page, "toss-up", 4)
    fill_with_bots_and_start(page, level="smart")
    page.wait_for_function(MY_MOVE_OR_OVER, timeout=90_000)
    expect(page.locator('[data-key="bank"]')).to_be_visible()
    for width, height in ((390, 844), (360, 740)):
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("() => window.scrollTo(0, 0)")
        box = page.evaluate(ROLL_BOX)
        assert box["scrolled"] == 0 and box["top"] >= 0 and box["bottom"] <= box["height"], box
        bank = page.locator('[data-key="bank"]').bounding_box()
        assert bank is not None and bank["y"] + bank["height"] <= height, bank
    shot(page, "toss-up-phone-turn")
    # the scores follow, all four
    expect(page.locator(".tu-score")).to_have_count(4)


#: In the page, from before the match starts: every text the top line and the "Next roll
#: busts" figure have shown, and whether the final round's banner was ever up.
WATCH_TABLE = """() => {
  window.seen = { status: new Set(), bust: new Set(), banner: false };
  const note = () => {
    const status = document.querySelector(".status-text");
    if (status) window.seen.status.add(status.textContent);
    for (const stat of document.querySelectorAll(".tu-figures .stat")) {
      if (stat.querySelector(".stat-label").textContent === "Next roll busts")
        window.seen.bust.add(stat.querySelector(".stat-value").textContent);
    }
    if (document.querySelector(".tu-banner")) window.seen.banner = true;
  };
  new MutationObserver(note).observe(document.querySelector("#main"),
    { childList: true, subtree: true, characterData: true });
}"""


def test_what_the_table_says_before_the_first_roll_and_after_the_end(
    new_page: Callable[..., Page],
) -> None:
    """Before each roll (the pause before the first one too) the top line says whose dice are
    rolling, not a bare "…"; ten dice to roll bust one time in a thousand, shown as "<1%", never
    "0%"; once the game is over the final round's banner and the highlight of the last turn are
    gone."""
    page = new_page()
    open_room(page, "toss-up", 2, options={"target": "15"})
    page.evaluate(WATCH_TABLE)
    fill_with_bots_and_start(page, level="smart")
    play_to_end(page, lambda p: p.keyboard.press("b"))  # bank at once: ten dice every roll
    seen = page.evaluate(
        "() => ({ status: [...window.seen.status], bust: [...window.seen.bust],"
        " banner: window.seen.banner })"
    )
    assert "Your turn: the dice are rolling…" in seen["status"], seen
    assert "…" not in seen["status"], seen
    assert "<1%" in seen["bust"] and "0%" not in seen["bust"], seen
    assert seen["banner"], seen  # the final round was announced while it lasted...
    expect(page.locator("#result")).to_be_visible()
    expect(page.locator(".tu-banner")).to_have_count(0)  # ...and not after the end
    expect(page.locator(".tu-score.turn")).to_have_count(0)
    expect(page.locator(".tu-score .tag.on")).to_have_text(["winner"])


#: What the "What happened" list says of some events, in the page's language: the words the
#: server sends with each (``TossUp.event_words``), filled by the page's own formatter.
SAY_EVENTS = """async (said) => {
  const i18n = await import("/static/i18n.js");
  const { render } = await import("/static/words.js");
  await i18n.loadGameStrings("toss-up");
  const speaker = { name: () => "Mia", you: null, catalogues: i18n.wordCatalogues("toss-up") };
  return said.map((words) => render(words, speaker));
}"""


def rolled(green: int, yellow: int, red: int, **more: object) -> dict[str, object]:
    """A roll by seat 1 (turn total 7, ten dice)."""
    base = {"player": 1, "green": green, "yellow": yellow, "red": red, "turn_points": 7}
    return {"kind": "rolled", **base, "dice": 10, "bust": False, **more}


#: Some rolls and a bust, as the server words them.
EVENTS_SAID = [
    TossUp().event_words(event)
    for event in (
        rolled(4, 1, 2),
        rolled(1, 3, 0),
        rolled(0, 2, 1, bust=True),
        rolled(1, 0, 0),
        {"kind": "busted", "player": 1, "lost": 1},
    )
]


@pytest.mark.parametrize(
    ("locale", "lines"),
    [
        (
            "es-ES",
            [
                "Mia sacó 4 verdes, 1 amarillo, 2 rojos: total del turno 7",
                "Mia sacó 1 verde, 3 amarillos: total del turno 7",
                "Mia no sacó ningún verde y sí 1 rojo: ¡se pasa!",
                "Mia sacó 1 verde: todos los dados están apartados, así que se vuelven a tirar"
                " los 10 (total del turno 7)",
                "Mia se pasó y pierde 1 punto",
            ],
        ),
        (
            "en-GB",
            [
                "Mia rolled 4 green, 1 yellow, 2 red: turn total 7",
                "Mia rolled 1 green, 3 yellow: turn total 7",
                "Mia rolled no green and 1 red: bust!",
                "Mia rolled 1 green: every die is set aside, so all 10 are rolled again"
                " (turn total 7)",
                "Mia busted and lost 1 point",
            ],
        ),
    ],
)
def test_a_rolls_colours_are_counted_in_the_singular_or_plural(
    new_page: Callable[..., Page], locale: str, lines: list[str]
) -> None:
    """The "What happened" line of a roll counts each colour with its singular or plural
    ("1 amarillo", "2 rojos") and leaves out a colour that did not come up."""
    page = new_page(locale=locale)
    open_room(page, "toss-up", 2)
    assert page.evaluate(SAY_EVENTS, EVENTS_SAID) == lines


#: Each die on the table whose word does not fit inside it: its colour, its word, and how wide
#: the word and the die's inside are.
DICE_TOO_NARROW = """() => [...document.querySelectorAll('#table .die')].filter((die) => {
  const word = die.querySelector('.die-text');
  return die.scrollWidth > die.clientWidth
    || (word && word.getBoundingClientRect().width > die.clientWidth);
}).map((die) => [die.className, die.textContent, die.scrollWidth, die.clientWidth])"""


def test_a_phone_in_spanish_fits_the_dice_words_and_shows_no_key_letters(
    new_page: Callable[..., Page],
) -> None:
    """On a 360 px (and a 390 px) touch phone in Spanish, every die's word fits inside the die
    ("amarillo" set a little smaller); Roll and Bank show no key
    letters on a touch screen, and with a keyboard their letters are the words' initials (T for
    Tirar, P for Plantarse); the log counts the colours in the singular or plural."""
    page = new_page(width=360, height=740, locale="es-ES", is_mobile=True, has_touch=True)
    open_room(page, "toss-up", 2, options={"target": "12"})
    fill_with_bots_and_start(page, level="smart")
    seen = {"yellow": 0}

    def move(p: Page) -> None:
        roll = p.locator('[data-key="roll"]')
        expect(roll).to_have_attribute("aria-keyshortcuts", "T")
        expect(p.locator('[data-key="bank"]')).to_have_attribute("aria-keyshortcuts", "P")
        expect(roll.locator("kbd")).to_be_hidden()
        expect(p.locator('[data-key="bank"] kbd')).to_be_hidden()
        for width in (360, 390):
            p.set_viewport_size({"width": width, "height": 740})
            assert p.evaluate(DICE_TOO_NARROW) == [], width
        yellow = p.locator("#table .tu-dice .die-yellow")
        if yellow.count():
            expect(yellow.first).to_have_attribute("aria-label", "amarillo")
            expect(yellow.first).to_have_text("amarillo")
            seen["yellow"] += 1
        total = int(p.locator(".tu-figures .big .stat-value").inner_text())
        (roll if total < 6 else p.locator('[data-key="bank"]')).click()

    play_to_end(page, move)
    assert seen["yellow"] > 0  # ten dice show no yellow once in sixty rolls
    log = page.locator(".log").inner_text()
    assert "sacó" in log
    assert not re.search(r"\b0 (verde|amarillo|rojo)|\b1 (verdes|amarillos|rojos)", log), log


def test_the_keys_of_roll_and_bank_with_a_keyboard_in_spanish(
    new_page: Callable[..., Page],
) -> None:
    """With a mouse and a keyboard the buttons show their keys, the initials of the Spanish
    words: T rolls and P banks (R and B too)."""
    page = new_page(locale="es-ES")
    open_room(page, "toss-up", 2, options={"target": "12"})
    fill_with_bots_and_start(page, level="smart")
    page.wait_for_function(MY_MOVE_OR_OVER, timeout=90_000)
    expect(page.locator('[data-key="roll"] kbd')).to_have_text("T")
    expect(page.locator('[data-key="bank"] kbd')).to_have_text("P")
    moves = {"n": 0}

    def move(p: Page) -> None:
        moves["n"] += 1
        p.keyboard.press("t" if moves["n"] % 2 else "p")

    assert play_to_end(page, move) > 0
    assert "se planta" in page.locator(".log").inner_text()


def test_a_turn_played_for_you_on_time_out_says_so_on_your_page(
    new_page: Callable[..., Page],
) -> None:
    """Ann lets her turn's time run out: her stand-in plays, and her page says that a move was
    chosen for her (a line of the log; a roll is said by the dice that follow it, so the line
    names no move), in Spanish too after a switch."""
    page = new_page()
    open_room(page, "toss-up", 2, options={"target": "1000"}, limits={"turn_seconds": "5"})
    fill_with_bots_and_start(page)
    line = page.locator("ol.log li.ev-time-up").first
    expect(line).to_have_text(
        re.compile(r"Time's up — (chosen for you: .+|a move was chosen for you\.)"), timeout=30_000
    )
    page.select_option("#lang", "es")
    expect(page.locator("ol.log li.ev-time-up").first).to_have_text(
        re.compile(r"Se acabó el tiempo — se eligió (por ti: .+|una jugada por ti\.)")
    )
