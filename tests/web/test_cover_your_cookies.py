"""Cover Your Cookies in the browser: a whole round against bots, duels and mixers included."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import shot
from tests.web.pages import fill_with_bots_and_start, open_room, play_to_end, wait_in_play

# Real servers, browsers and clocks: under a loaded machine a step can miss its time limit, so
# these end-to-end tests get two more tries (pytest-rerunfailures); a real fault fails all three.
pytestmark = pytest.mark.flaky(reruns=2, reruns_delay=2)


def cover_move(page: Page) -> None:
    """One move with the keyboard: the page numbers its choices (Batches first, then swipes,
    then discards; in a duel the answers; a mixer's choices), and 1 takes the first; Y gives
    up a duel when there is nothing to answer with."""
    if page.locator('#table [aria-keyshortcuts="1"]').count():
        page.keyboard.press("1")
    else:
        page.keyboard.press("y")


def test_a_whole_round_of_cover_your_cookies_against_two_bots(
    new_page: Callable[..., Page],
) -> None:
    """One person opens a three-seat room, seats two bots and plays until every hand is empty;
    the result shows the Dough count with each stack and Crumb Collector bonus. A mixer's panel
    shows while it is in play and goes once it is resolved and the next turn begins."""
    page = new_page()
    open_room(page, "cover-your-cookies", 3)
    fill_with_bots_and_start(page, level="baker")
    seen: set[str] = set()

    def move(p: Page) -> None:
        phase = p.locator("#table").get_attribute("data-phase") or ""
        if phase not in seen:
            seen.add(phase)
            shot(p, f"cover-your-cookies-{phase}")
        if phase == "turn":  # a mixer drawn before this turn began was resolved: its panel went
            mixer = p.locator(".cyc-mixer-box")
            assert mixer.count() == 0, mixer.inner_text()
        if phase == "duel":  # the line at the top says who swipes what, and what to do
            status = " ".join(p.locator(".status-text").inner_text().split())
            assert "tries to swipe" in status, status
            assert status.endswith(("Answer, or let it go.", "Answer, or give up the swipe."))
            if status.endswith("Answer, or let it go."):  # the person defends their own Batch
                assert "tries to swipe your " in status, status
        cover_move(p)

    play_to_end(page, move, limit=500)
    expect(page.locator(".cyc-final")).to_be_visible()
    expect(page.locator(".cyc-final")).to_contain_text("Dough")
    expect(page.locator(".cyc-player.turn")).to_have_count(0)  # nobody's turn after the end
    assert page.locator(".cyc-mixer-box").count() == 0  # nor a mixer
    shot(page, "cover-your-cookies-over")
    assert "turn" in seen


def test_an_option_of_a_few_words_is_picked_from_a_list(new_page: Callable[..., Page]) -> None:
    """The match form (single round, first to a target, rounds, round wins) is a list to pick
    from in the lobby, not a text field to mistype; each choice is said in words, in the page's
    language, and so is the help (no "match=target"); the room is made with the pick."""
    page = new_page()
    page.goto("/")
    page.locator('.game-choice:has(input[value="cover-your-cookies"])').click()
    page.locator("details.more summary").click()
    field = page.locator("#opt-match")
    assert field.evaluate("e => e.tagName") == "SELECT"
    options = field.locator("option").all_inner_texts()
    assert options == [
        "one round",
        "up to a target Dough",
        "a number of rounds",
        "up to a number of round wins",
    ]
    values = field.locator("option").evaluate_all("os => os.map((o) => o.value)")
    assert values == ["single", "target", "rounds", "wins"]
    expect(field).to_have_value("single")
    page.select_option("#lang", "es")
    expect(field.locator("option").first).to_have_text("una ronda")
    helps = page.locator(".new-form .option small.help").all_inner_texts()
    assert helps and not [h for h in helps if "=" in h or "match" in h], helps
    open_room(page, "cover-your-cookies", 3, options={"match": "rounds"})
    code = page.locator("#room-code").inner_text().strip()
    room = page.request.get(f"/api/rooms/{code}").json()
    assert room["config"]["match"] == "rounds"


#: The right edges of the final count's Dough column (each cell), of its box, and the screen's
#: width.
DOUGH_EDGES = """() => ({
  cells: [...document.querySelectorAll('.cyc-final tr')]
    .map((row) => row.lastElementChild.getBoundingClientRect().right),
  box: document.querySelector('.cyc-final-wrap').getBoundingClientRect().right,
  width: window.innerWidth,
  page: document.documentElement.scrollWidth,
})"""


def test_the_dough_count_fits_a_phone(new_page: Callable[..., Page]) -> None:
    """On a 360 px wide phone the final count shows every column, the Dough that decides the
    winner last: nothing is cut off at the screen's edge, and the page does not scroll
    sideways."""
    page = new_page(width=360, height=740, is_mobile=True, has_touch=True)
    open_room(page, "cover-your-cookies", 3)
    fill_with_bots_and_start(page, level="baker")
    play_to_end(page, cover_move, limit=500)
    expect(page.locator(".cyc-final th").last).to_have_text("Dough")
    edges = page.evaluate(DOUGH_EDGES)
    assert len(edges["cells"]) == 4, edges  # the heading and three players
    assert all(right <= min(edges["box"], edges["width"]) for right in edges["cells"]), edges
    assert edges["page"] <= edges["width"], edges
    page.locator(".cyc-final").scroll_into_view_if_needed()
    shot(page, "cover-your-cookies-over-phone")


#: In a room's page: how the table's event list words events for each seat (0: Ann, 1: Bob,
#: 2: Cat) and for the table screen, each seat getting the event as the server sends it to them.
READ_FROM_EACH_SIDE = """async (events) => {
  const { translator } = await import("/static/i18n.js");
  const table = (await import("/games/cover-your-cookies/table.js")).default;
  const names = ["Ann", "Bob", "Cat"];
  const read = (event, me) => table.describe(event,
    { t: translator("cover-your-cookies"), me, name: (seat) => names[seat] });
  return events.map(([event, secret, audience]) => [0, 1, 2, null].map((me) =>
    read(audience.includes(me) ? { ...event, ...secret } : event, me)));
}"""


def test_an_exchange_and_a_swipe_are_read_from_each_side(new_page: Callable[..., Page]) -> None:
    """An Exchange where Ann takes Lemon Glaze from Bob: Ann reads "You took Lemon Glaze from
    Bob", Bob "Ann took Lemon Glaze from you", Cat and the table screen (who saw no card) "Ann
    takes 1 card from Bob". A swipe and a swap of Batches say "your" to the player whose Batch
    it is."""
    page = new_page()
    open_room(page, "cover-your-cookies", 3)  # the room's page has the game's words loaded
    took = {"kind": "took", "player": 0, "from": 1, "count": 1}
    swipe = {"kind": "swipe", "player": 2, "target": 1, "flavour": "sugar", "value": 20}
    swipe |= {"card": "sugar", "batch": 1}
    swapped = {"kind": "swapped", "player": 2, "first": 0, "second": 1}
    read = page.evaluate(
        READ_FROM_EACH_SIDE,
        [[took, {"cards": ["lemon_glaze"]}, [0, 1]], [swipe, {}, []], [swapped, {}, []]],
    )
    assert read[0] == [
        "You took Lemon Glaze from Bob",
        "Ann took Lemon Glaze from you",
        "Ann takes 1 card from Bob",
        "Ann takes 1 card from Bob",
    ]
    assert read[1][1] == "Cat tries to swipe your Sugar Batch (20) with Sugar"
    assert read[1][2] == "You try to swipe Bob's Sugar Batch (20) with Sugar"
    assert read[1][3] == "Cat tries to swipe Bob's Sugar Batch (20) with Sugar"
    assert read[2][:2] == [
        "Cat swaps your top Batch with Bob's",
        "Cat swaps your top Batch with Ann's",
    ]


#: This seat's turn, with its cards to play (the table waits for the person).
MY_TURN = (
    "document.querySelector('#table').dataset.phase === 'turn'"
    " && document.querySelector('#table').dataset.mine === '1'"
)

#: Big Batches on the table: each seat's stack, a covered Batch under a top one with many milks.
BIG_STACKS = [
    [
        {"id": 1, "flavour": "sugar", "cards": ["sugar"] * 2, "value": 10},
        {
            "id": 2,
            "flavour": "lemon_glaze",
            "cards": ["lemon_glaze"] * 2 + ["fresh_milk"] * 3,
            "value": 50,
        },
    ],
    [
        {
            "id": 3,
            "flavour": "white_chip_macadamia",
            "cards": ["white_chip_macadamia"] * 5 + ["fresh_milk"] * 3 + ["chocolate_milk"] * 2,
            "value": 220,
        }
    ],
    [
        {
            "id": 4,
            "flavour": "double_chocolate",
            "cards": ["double_chocolate"] * 4 + ["chocolate_milk"] * 4 + ["fresh_milk"] * 4,
            "value": 180,
        }
    ],
    [{"id": 5, "flavour": "birthday_cake", "cards": ["birthday_cake"] * 1, "value": 20}],
]

#: The page's update, with ``stacks`` on the table instead (the room draws its match again).
SHOW_STACKS = """(stacks) => {
  const room = window.gamenightRoom;
  const update = structuredClone(room.update);
  const st = update.view.state;
  st.stacks = stacks;
  st.dough = stacks.map((stack) => stack.reduce((n, b) => n + b.value, 0));
  room.update = update;
  room.render("match");
}"""

#: How wide the page is beside the screen, and every card or Batch that sticks out of its
#: player's box.
SPILLS = """() => ({
  page: document.scrollingElement.scrollWidth,
  width: window.innerWidth,
  extras: document.querySelectorAll('.cyc-extras .card').length,
  out: [...document.querySelectorAll('.cyc-player')].flatMap((player) => {
    const box = player.getBoundingClientRect();
    return [...player.querySelectorAll('.card, .cyc-batch, .stat')].filter((el) => {
      const r = el.getBoundingClientRect();
      return r.left < box.left - 0.5 || r.right > box.right + 0.5;
    }).map((el) => el.title || el.className);
  }),
})"""


def test_big_batches_stay_in_their_boxes(new_page: Callable[..., Page]) -> None:
    """Batches with many milks (3 Fresh Milk and 2 Chocolate Milk on one) stay inside their
    player's box on a laptop and on phones 390 and 360 px wide: no card lies over the next
    player's Batch, and the page does not scroll sideways. Milks of a kind show once, with their
    count."""
    page = new_page(width=1280, height=900)
    open_room(page, "cover-your-cookies", 4)
    fill_with_bots_and_start(page, level="baker")
    wait_in_play(page, MY_TURN)
    page.evaluate(SHOW_STACKS, BIG_STACKS)
    for width, height in ((1280, 900), (390, 844), (360, 740)):
        page.set_viewport_size({"width": width, "height": height})
        spills = page.evaluate(SPILLS)
        shot(page, f"cover-your-cookies-big-batches-{width}")
        assert spills["out"] == [], (width, spills)
        assert spills["page"] <= spills["width"], (width, spills)
        assert spills["extras"] == 5, spills  # 1 + 2 + 2 kinds of milk
    expect(page.locator('.cyc-extras .card[title="Fresh Milk ×4"]')).to_have_count(1)


#: Whether the element of ``selector`` is on screen, below the room's sticky status line.
IN_VIEW = """(selector) => {
  const el = document.querySelector(selector);
  if (!el) return false;
  const box = el.getBoundingClientRect();
  const line = document.querySelector('.status-row').getBoundingClientRect().bottom;
  return box.top >= Math.max(0, line) - 1 && box.bottom <= window.innerHeight + 1;
}"""

#: The next update: Bob (seat 1) tries to swipe the person's Sugar Batch (the person is seat 0)
#: and the person must answer; nobody else moves meanwhile (it is the person's turn).
DUEL = """() => {
  const room = window.gamenightRoom;
  const update = structuredClone(room.update);
  const view = update.view;
  update.version += 1;
  update.events = [];
  update.reason = "moved";
  update.time_left = null;
  update.deciding = [0];
  view.state.phase = "duel";
  view.state.duel = { challenger: 1, defender: 0, batch: 1, flavour: "sugar",
    plays: [[1, ["sugar"]]], need: 1, responder: 0 };
  view.pending = { kind: "single", players: [0], turn: 1, window: "duel" };
  view.legal = [{ type: "yield" }];
  room.onUpdate(update);
}"""


def test_a_new_decision_and_the_result_come_into_view_on_a_phone(
    new_page: Callable[..., Page],
) -> None:
    """On a 390x844 phone, with the page at the top, a swipe of the person's Batch asks for an
    answer far below every stack: the page scrolls the buttons into view, once (drawn again,
    the page stays where the person put it). At the end, with the page down at the hand, the
    result comes into view."""
    page = new_page(width=390, height=844, is_mobile=True, has_touch=True)
    open_room(page, "cover-your-cookies", 4)
    fill_with_bots_and_start(page, level="baker")
    wait_in_play(page, MY_TURN)
    page.evaluate(SHOW_STACKS, BIG_STACKS)
    page.evaluate("() => window.scrollTo({ top: 0, behavior: 'instant' })")
    page.evaluate(DUEL)
    yielding = ".cyc-duel .cyc-actions button"
    expect(page.locator(yielding)).to_have_count(1)
    page.wait_for_function(IN_VIEW, arg=yielding)
    assert page.evaluate("() => window.scrollY") > 300  # it was far below
    shot(page, "cover-your-cookies-duel-phone")
    # the person looks up at the stacks: a redraw of the same decision leaves them there
    page.evaluate("() => window.scrollTo({ top: 0, behavior: 'instant' })")
    page.evaluate("() => window.gamenightRoom.render('all')")
    page.wait_for_timeout(600)
    assert page.evaluate("() => window.scrollY") == 0
    # the match ends while the person is down at the hand
    page.evaluate("() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' })")
    assert not page.evaluate(IN_VIEW, "#result")
    page.evaluate("""() => {
      const room = window.gamenightRoom;
      room.message({ type: "over", match_number: room.update.match_number, record_url: "#",
        outcome: { winners: [1], scores: [60, 220, 180, 20] } });
    }""")
    expect(page.locator("#rematch")).to_be_visible()
    page.wait_for_function(IN_VIEW, arg="#result h2")
    shot(page, "cover-your-cookies-result-phone")


#: The page's update as it is while the cards are dealt: a chance step, hands still empty.
DEALING = """() => {
  const room = window.gamenightRoom;
  const update = structuredClone(room.update);
  const st = update.view.state;
  st.phase = "deal";
  st.hand = [];
  st.hand_sizes = st.hand_sizes.map(() => 0);
  update.view.pending = { kind: "chance", players: [], turn: st.turn, window: "" };
  update.view.legal = [];
  update.deciding = [];
  room.update = update;
  room.render("match");
}"""


def test_the_deal_is_said_in_words(new_page: Callable[..., Page]) -> None:
    """While the cards are dealt (a few seconds before the first turn) the status line says so,
    in English and in Spanish, not "…"."""
    page = new_page()
    open_room(page, "cover-your-cookies", 3)
    fill_with_bots_and_start(page, level="baker")
    wait_in_play(page, MY_TURN)
    page.evaluate(DEALING)
    expect(page.locator(".status-text")).to_have_text("Dealing the cards…")
    page.select_option("#lang", "es")
    expect(page.locator(".status-text")).to_have_text("Repartiendo las cartas…")


#: The page's update turned into a chance step of ``phase`` with ``fields`` of the state
#: changed (a card drawn off the deck, a blind take in an Exchange); nobody decides.
CHANCE_STEP = """([phase, fields]) => {
  const room = window.gamenightRoom;
  const update = structuredClone(room.update);
  Object.assign(update.view.state, { phase, ...fields });
  update.view.pending = { kind: "chance", players: [], turn: null, window: "" };
  update.view.legal = [];
  update.deciding = [];
  room.update = update;
  room.render("match");
}"""


def test_a_draw_and_an_exchange_are_said_in_words(new_page: Callable[..., Page]) -> None:
    """A card drawn off the deck and a blind take in an Exchange say who does what on the
    status line, in English and in Spanish, not "…"."""
    page = new_page()
    open_room(page, "cover-your-cookies", 3)
    fill_with_bots_and_start(page, level="baker")
    wait_in_play(page, MY_TURN)
    status = page.locator(".status-text")
    page.evaluate(CHANCE_STEP, ["draw", {"draw_queue": [[0, None]]}])
    expect(status).to_have_text("You draw a card…")
    page.evaluate(CHANCE_STEP, ["exchange", {"takers": [[1, 0], [2, 1], [0, 2]]}])
    expect(status).to_have_text(re.compile(r"^Exchange: you take cards blindly from \S.*…$"))
    page.evaluate(CHANCE_STEP, ["exchange", {"takers": [[0, 2]]}])
    expect(status).to_have_text(re.compile(r"^Exchange: \S.* takes cards blindly from you…$"))
    page.select_option("#lang", "es")
    expect(status).to_have_text(re.compile(r"^Intercambio: \S.* te toma cartas a ciegas…$"))
    page.evaluate(CHANCE_STEP, ["draw", {"draw_queue": [[1, 1]]}])
    expect(status).to_have_text(re.compile(r"^\S.* roba una carta…$"))
