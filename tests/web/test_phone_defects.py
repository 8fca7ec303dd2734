"""What a family found on phones and keyboards (issue 30): the focus kept through the new room's
form and the room's lobby, hosting without playing, and the tables' own defects on a phone."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import shot
from tests.web.pages import (
    fill_with_bots_and_start,
    open_room,
    play_to_end,
    wait_in_play,
)

PHONE = {"width": 360, "height": 740, "is_mobile": True, "has_touch": True}
ACTIVE = "() => { const a = document.activeElement; return a ? (a.id || a.tagName) : null; }"


def test_arrow_keys_choose_a_game_and_keep_the_focus(new_page: Callable[..., Page]) -> None:
    """The games are a group of radio buttons: the arrow keys move the choice and the focus
    with it, from one game to the next, not to the page's body."""
    page = new_page()
    page.goto("/")
    first = page.locator("input[name=game]").first
    first.focus()
    page.keyboard.press("ArrowDown")
    second = page.locator("input[name=game]").nth(1)
    expect(second).to_be_checked()
    expect(second).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(page.locator("input[name=game]").nth(2)).to_be_focused()


def test_the_focus_goes_on_from_fill_with_bots_to_start_and_into_the_match(
    new_page: Callable[..., Page],
) -> None:
    """The host fills the seats with bots from the keyboard: the focus goes to "Start the
    game" (the button pressed is now disabled); Enter there starts the match and the focus goes
    into the match, never to the page's body."""
    page = new_page()
    open_room(page, "toss-up", 3, limits={"turn_seconds": "600"})
    page.locator("#fill-bots").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#start")).to_be_enabled()
    expect(page.locator("#start")).to_be_focused()
    page.keyboard.press("Enter")
    page.wait_for_selector("#table[data-version]")
    inside = "() => Boolean(document.activeElement && document.activeElement.closest('.match'))"
    page.wait_for_function(inside)
    page.keyboard.press("Tab")  # the next Tab reaches a control of the match
    assert page.evaluate(inside), page.evaluate(ACTIVE)


def test_a_host_who_will_not_play_says_so_with_a_box(new_page: Callable[..., Page]) -> None:
    """This browser played before, so the new room's form fills in its name. To host without
    playing (a table screen) the host ticks "Host without playing": the name is set aside, the
    room opens with every seat open and the page says "Hosting"."""
    page = new_page(**PHONE)
    open_room(page, "toss-up", 2, name="Grandpa")  # the browser now knows the name
    page.goto("/")
    expect(page.locator("#host-name")).to_have_value("Grandpa")
    page.locator("label:has(#host-only)").click()
    expect(page.locator("#host-name")).to_be_disabled()
    page.click("#create")
    page.wait_for_url("**/room/*")
    expect(page.locator(".you-are")).to_have_text("Hosting")
    expect(page.locator(".seat-list .seat:not(.seat-open)")).to_have_count(0)
    expect(page.locator("#leave-seat")).to_have_count(0)


#: The words of the final count's column headings that a line break cuts in two ("Stac|k"):
#: each word, measured alone, lies on one line.
BROKEN_WORDS = """() => {
  const broken = [];
  for (const th of document.querySelectorAll('.cyc-final th')) {
    const text = th.firstChild;
    let at = 0;
    for (const word of th.textContent.split(' ')) {
      const range = document.createRange();
      range.setStart(text, at);
      range.setEnd(text, at + word.length);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      if (lines.size > 1) broken.push(word);
      at += word.length + 1;
    }
  }
  return broken;
}"""


def cover_move(page: Page) -> None:
    """One move with the keyboard: 1 takes the first choice the page numbers; Y gives up a
    duel when there is nothing to answer with."""
    page.keyboard.press("1" if page.locator('#table [aria-keyshortcuts="1"]').count() else "y")


def test_the_final_count_never_breaks_a_heading_mid_word(new_page: Callable[..., Page]) -> None:
    """Cover Your Cookies' final count on a 360 px phone, four players: the headings (Stack,
    Crumbs, Batches, Dough; in Spanish Pila, Migas, Hornadas, Masa) stay whole words, never
    "Stac k", and the page does not scroll sideways."""
    page = new_page(**PHONE)
    open_room(page, "cover-your-cookies", 4, name="Ann")
    fill_with_bots_and_start(page, level="baker")
    play_to_end(page, cover_move, limit=500)
    expect(page.locator(".cyc-final th").last).to_have_text("Dough")
    assert page.evaluate(BROKEN_WORDS) == []
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    page.locator(".cyc-final").scroll_into_view_if_needed()
    shot(page, "cover-your-cookies-final-phone")
    page.select_option("#lang", "es")
    expect(page.locator(".cyc-final th").last).to_have_text("Masa")
    assert page.evaluate(BROKEN_WORDS) == []
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360


#: In a room's page: the words beside Rotate left / Rotate right for Ann (seat 0) at a table
#: where Ann's top Batch is Choc Chip (30), Bob's Sugar (45) and Cat has none.
ROTATE_WORDS = """async () => {
  const { translator } = await import("/static/i18n.js");
  const { rotateWords } = await import("/games/cover-your-cookies/table.js");
  const names = ["Ann", "Bob", "Cat"];
  const batch = (flavour, value) => ({ flavour, value, cards: [flavour, flavour] });
  const ann = [batch("sugar", 10), batch("chocolate_chip", 30)];
  const st = { stacks: [ann, [batch("sugar", 45)], []] };
  const ctx = { t: translator("cover-your-cookies"), name: (seat) => names[seat] };
  return ["left", "right"].map((direction) => rotateWords(st, 0, direction, ctx));
}"""


def test_rotate_says_whose_batch_comes_to_you(new_page: Callable[..., Page]) -> None:
    """A Rotate drawn by Ann: beside "Rotate left" and "Rotate right" the page says whose top
    Batch she would get and where hers would go ("Left is the next seat in turn order. Rotate
    left sends each top Batch to the next seat"), since on a phone the stacks are scrolled off
    the screen."""
    page = new_page(**PHONE)
    open_room(page, "cover-your-cookies", 3)  # the room's page has the game's words loaded
    left, right = page.evaluate(ROTATE_WORDS)
    assert left == "You get none (Cat has no Batch); your Choc Chip (30) goes to Bob."
    assert right == "You get Bob's Sugar (45); your Choc Chip (30) goes to Cat."


def test_a_swap_of_all_is_called_swap_all(new_page: Callable[..., Page]) -> None:
    """Every roll is Swap / All: the roller swaps whole hands. The page asks "Swap All: choose
    whom to swap whole hands with.", not "Swap 7" (the hand's size, no face of the die)."""
    page = new_page(**PHONE)
    options = {"action_die": "swap", "number_die": "all"}
    open_room(page, "toss-your-cookies", 3, options=options, limits={"turn_seconds": "600"})
    fill_with_bots_and_start(page)
    wait_in_play(
        page,
        "document.querySelector('#table[data-phase=target][data-mine=\"1\"]')",
    )
    expect(page.locator(".tyc-prompt")).to_have_text(
        "Swap All: choose whom to swap whole hands with."
    )
    expect(page.locator(".status-text")).to_have_text(
        "Swap All: choose whom to swap whole hands with."
    )


def test_a_player_deciding_is_not_said_to_be_rolling(new_page: Callable[..., Page]) -> None:
    """Toss Up, Bob's turn first: while Bob chooses (roll or bank) Ann's page says he is
    deciding, not "Bob is rolling."; in Spanish too."""
    ann, bob = new_page(**PHONE), new_page(**PHONE)
    options: dict[str, str | bool] = {"first_player": "1"}
    code = open_room(ann, "toss-up", 2, options=options, limits={"turn_seconds": "600"})
    bob.goto(f"/join/{code}")
    bob.fill("#name", "Bob")
    bob.click("#join")
    ann.locator("#start:not([disabled])").click()
    bob.wait_for_selector('#table[data-mine="1"]')
    expect(ann.locator(".tu-wait")).to_have_text("Bob is deciding: roll again or bank.")
    expect(ann.locator(".tu-score.turn .tag.turn")).to_have_text("deciding")
    ann.select_option("#lang", "es")
    expect(ann.locator(".tu-wait")).to_have_text("Bob está decidiendo: tirar otra vez o plantarse.")


#: Cover Your Cookies' Spanish words as the server sends them: each key and its words.
SPANISH_COVER = """async () => Object.entries(
  (await import("/games/cover-your-cookies/i18n/es.js")).default)"""


def test_spanish_says_swipe_and_draw_with_two_verbs(new_page: Callable[..., Page]) -> None:
    """In Spanish "robar" is to draw a card; a swipe of a Batch is "birlar". The words for
    swiping, the duel, the Crumb Collector and protected Batches never say "robo"/"roba", so
    "descarta y roba" (draw) and "intenta birlar" (swipe) are not one verb for two moves."""
    page = new_page()
    page.goto("/")
    words = dict(page.evaluate(SPANISH_COVER))
    swipes = [
        k
        for k in words
        if any(
            part in k
            for part in ("swipe", "duel", "crumb", "protected", "yield", "baker", "summary")
        )
    ]
    assert len(swipes) > 10, swipes
    robbed = {k: words[k] for k in swipes if "rob" in words[k].lower()}
    assert robbed == {}
    assert "birla" in words["ev_swiped"] and "roba" in words["status_drawing"]
    assert words["turn_prompt"] == (
        "Tu turno: forma una Hornada, intenta birlar una, o descarta y roba una carta."
    )


#: Every moment the page outlines a card of the discard pile as one to pair while this seat
#: may not pair it: not this seat's move, or no "… from the pile" button names the card.
WATCH_PAIRABLE = """() => {
  window.wrongOutlines = [];
  new MutationObserver(() => {
    const table = document.querySelector('#table');
    const outlined = [...document.querySelectorAll('.cyc-discard .cyc-usable')]
      .map((card) => card.getAttribute('aria-label'));
    if (!table || !outlined.length) return;
    const pairs = [...table.querySelectorAll('.cyc-group .action')]
      .map((b) => b.textContent).filter((words) => words.includes('from the pile'));
    for (const card of outlined) {
      if (table.dataset.mine !== '1' || !pairs.some((words) => words.includes(card))) {
        window.wrongOutlines.push({ card, mine: table.dataset.mine, pairs });
      }
    }
  }).observe(document.body, { childList: true, subtree: true });
}"""


def test_the_pile_is_outlined_only_for_a_player_who_may_pair_it(
    new_page: Callable[..., Page],
) -> None:
    """A whole round of Cover Your Cookies: a cookie on the discard pile is outlined for Ann
    only on her turn and only when a button offers to start a Batch with it; on the others'
    turns, or when her hand has nothing to pair it with, it is not."""
    page = new_page(**PHONE)
    open_room(page, "cover-your-cookies", 3)
    page.evaluate(WATCH_PAIRABLE)
    fill_with_bots_and_start(page, level="baker")
    play_to_end(page, cover_move, limit=500)
    assert page.evaluate("() => window.wrongOutlines") == []


def always_roll(page: Page) -> None:
    """Toss Up's move that never banks: roll until the dice bust the turn."""
    page.locator('[data-key="roll"]').click()


#: From the rematch on, until this seat's first decision of the new match: every moment the page
#: showed dice (the new match has rolled none before that first decision).
WATCH_STALE_DICE = """() => {
  window.staleDice = [];
  window.firstDecision = false;
  new MutationObserver(() => {
    const table = document.querySelector('#table');
    if (document.querySelector('#result') || window.firstDecision) return;
    if (table.dataset.mine === '1') { window.firstDecision = true; return; }
    const dice = table.querySelector('.tu-dice');
    if (dice) window.staleDice.push(dice.getAttribute('aria-label') + ' ' + dice.innerText);
  }).observe(document.body, { childList: true, subtree: true, attributes: true });
}"""


def test_a_rematch_shows_no_roll_of_the_match_before(new_page: Callable[..., Page]) -> None:
    """Ann never banks, so her last turn ends in a bust and the bot wins. The host plays again:
    while the new match's first dice roll, the page shows no dice of the match before ("once,
    a phone showed the previous match's last roll 1.5 s after a rematch started")."""
    page = new_page(**PHONE)
    options: dict[str, str | bool] = {"target": "15", "first_player": "0"}
    open_room(page, "toss-up", 2, options=options, limits={"turn_seconds": "600"})
    fill_with_bots_and_start(page)
    play_to_end(page, always_roll)
    page.keyboard.press("Escape")
    page.evaluate(WATCH_STALE_DICE)
    page.click("#rematch")
    page.wait_for_function("() => window.firstDecision")
    assert page.evaluate("() => window.staleDice") == []


@pytest.mark.parametrize("status", ["connecting", "reconnecting", "storage"])
def test_the_connection_banner_never_widens_a_spanish_phone(
    new_page: Callable[..., Page], status: str
) -> None:
    """The header's connection banner ("Conectando…", one long word beside the brand and the
    language list) made a 360 px phone's page 388 px wide for as long as it showed: it wraps
    inside the header now, each of its states, in Spanish."""
    page = new_page(width=360, height=740, locale="es-ES", is_mobile=True, has_touch=True)
    page.goto("/")
    page.locator(".game-choice").first.wait_for()
    words = {
        "connecting": "Conectando…",
        "reconnecting": "Se perdió la conexión: reconectando…",
        "storage": "Reconectando con el almacenamiento… la partida sigue sola en un momento.",
    }[status]
    # as showNet() draws it (the page's own net status, without cutting the connection)
    page.evaluate(
        "([status, words]) => { const net = document.getElementById('net');"
        " net.className = `net net-${status}`; net.textContent = words; }",
        [status, words],
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
