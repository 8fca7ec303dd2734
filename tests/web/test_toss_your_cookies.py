"""Toss Your Cookies in the browser: a whole match against bots, and two people in one room
racing through a toss scramble, each seeing only their own hand."""

from __future__ import annotations

import contextlib
import json
import re
import time
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, WebSocket, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.web.conftest import shot
from tests.web.pages import (
    CHOOSING,
    MOVED_ON,
    SETTLED,
    fill_with_bots_and_start,
    open_room,
    play_to_end,
    rematch,
    wait_in_play,
)

# Real servers, browsers and clocks: under a loaded machine a step can miss its time limit, so
# these end-to-end tests get two more tries (pytest-rerunfailures); a real fault fails all three.
pytestmark = pytest.mark.flaky(reruns=2, reruns_delay=2)


def cookies_move(page: Page) -> None:
    """One move as a person makes it with the keyboard: pick cards with their numbers and
    Enter, choose a player or a face-down card by number, grab in the middle by number, M for
    the milk; or tap a card to take when evening up."""
    table = page.locator("#table")
    phase = table.get_attribute("data-phase")
    if phase in ("commit", "swap_cards"):
        prompt = page.locator(".tyc-prompt").inner_text()
        badges = page.locator(".tyc-hand .card-badge").count()
        if badges:
            need = next(int(w) for w in prompt.split() if w.isdigit())
            for n in range(1, need + 1):
                page.keyboard.press(str(n))
        page.keyboard.press("Enter")
    elif phase in ("target", "pick", "scramble"):
        page.keyboard.press("1")
    elif phase == "milk_race":
        page.keyboard.press("m")
    elif phase == "even_up":
        page.locator(".tyc-middle button.card").first.click()
    elif phase != "over":  # "over": the match ended while the move was being chosen
        raise AssertionError(f"asked to move in phase {phase}")


def test_a_whole_match_of_toss_your_cookies_against_two_bots(
    new_page: Callable[..., Page],
) -> None:
    """One person opens a three-seat room, seats two bots and plays until someone calls
    Snickerdoodle; the winning hand is shown with the result."""
    page = new_page()
    open_room(page, "toss-your-cookies", 3)
    fill_with_bots_and_start(page)
    seen: set[str] = set()

    def move(p: Page) -> None:
        # the phase and the top line read at one moment (the page may draw a step in between)
        phase, status = p.evaluate(
            "() => [document.querySelector('#table').dataset.phase || '',"
            " document.querySelector('.status-text').innerText]"
        )
        status = " ".join(status.split())
        if phase not in seen:
            seen.add(phase)
            shot(p, f"toss-your-cookies-{phase}")
        wanted = {"target": "choose whom to swap with", "pick": "face-down cards"}
        assert wanted.get(phase, "") in status, (phase, status)  # the top line says what to do
        cookies_move(p)

    # A bot can win before this seat is ever asked to pass or toss (about one match in seven,
    # one in forty at the deal): then the host plays again, as a table would.
    for _match in range(8):
        play_to_end(page, move, limit=400)
        expect(page.locator("#result")).to_contain_text("winning hand")
        if "commit" in seen:
            break
        rematch(page)
    shot(page, "toss-your-cookies-over")
    assert "commit" in seen


#: Hold back every message but refusals on this page, as a slow phone's network would.
HOLD = """() => {
  const c = window.gamenightConnection;
  window.heldBack = [];
  window.deliver = c.on.message;
  c.on.message = (m) => (m.type === "error" ? window.deliver(m) : window.heldBack.push(m));
}"""
RELEASE = """() => {
  const c = window.gamenightConnection;
  c.on.message = window.deliver;
  for (const m of window.heldBack) window.deliver(m);
}"""


def updates_of(page: Page) -> list[dict[str, Any]]:
    """Keep every update the page's WebSocket receives."""
    received: list[dict[str, Any]] = []

    def on_socket(ws: WebSocket) -> None:
        def frame(payload: str | bytes) -> None:
            message = json.loads(payload)
            if message.get("type") == "update":
                received.append(message)

        ws.on("framereceived", frame)

    page.on("websocket", on_socket)
    return received


def phase_of(page: Page) -> str | None:
    return page.locator("#table").get_attribute("data-phase")


def test_two_people_race_through_a_toss_scramble(new_page: Callable[..., Page]) -> None:
    """Ann opens a room, Bob joins by the invite link on his own phone, a bot takes the third
    seat. Every roll is Toss 1 (the dice options): both choose a card in secret, then race for
    the tossed cards in the middle. Bob's phone is slow: when Ann's hand gets to a card first,
    Bob's grab of it is refused and his screen says "too slow". Each sees their own hand face up
    and the others' only as counts."""
    ann = new_page()
    bob = new_page(width=390, height=844, is_mobile=True, has_touch=True)
    ann_updates, bob_updates = updates_of(ann), updates_of(bob)
    code = open_room(ann, "toss-your-cookies", 3, options={"action_die": "toss", "number_die": "1"})
    invite = ann.locator("#invite-link").get_attribute("href") or ""
    assert invite.endswith(f"/join/{code}")
    bob.goto(invite)
    bob.fill("#name", "Bob")
    bob.click("#join")
    bob.wait_for_url(f"**/room/{code}")
    expect(ann.locator(".seat-list")).to_contain_text("Bob")
    fill_with_bots_and_start(ann)
    bob.wait_for_selector("#table[data-version]")

    wait_in_play(ann, CHOOSING)
    for page in (ann, bob):  # Toss 1: each chooses one card, in secret
        page.wait_for_function(f"() => {CHOOSING}")
        expect(page.locator(".tyc-hand .card")).to_have_count(7)
        expect(page.locator(".tyc-seat .card")).to_have_count(0)  # others: counts only
        page.keyboard.press("1")
        if page is bob:  # a short phone, scrolled to the top: the middle is below the fold
            bob.set_viewport_size({"width": 390, "height": 560})
            bob.evaluate("() => window.scrollTo(0, 0)")
        page.keyboard.press("Enter")
        if page is ann:  # Bob has not chosen yet: Ann waits for him
            expect(ann.locator(".tyc-prompt")).to_contain_text("You chose")
            expect(ann.locator(".tyc-prompt")).to_contain_text("Waiting for")
            shot(ann, "toss-your-cookies-waiting")
    for page in (ann, bob):
        page.wait_for_function(
            "() => document.querySelector('#table').dataset.phase === 'scramble'"
        )
        page.wait_for_function(SETTLED)  # a key at once would be taken as meant for the toss
    # on Bob's phone the race's cards were brought into view (they start below the fold)
    assert bob.evaluate(
        """() => { const box = document.querySelector('.tyc-centre button.card')
            .getBoundingClientRect(); return box.top >= 0 && box.bottom <= window.innerHeight; }"""
    )

    # Ann grabs a card that is the only one of its kind in the middle, if there is one (a
    # grab of a kind still there stands, as at a table: the first hand to reach a card gets it)
    kinds = ann.evaluate(
        "() => [...document.querySelectorAll('.tyc-centre button.card')]"
        ".map((b) => b.querySelector('.card-name').textContent)"
    )
    lone = [i for i, kind in enumerate(kinds) if kinds.count(kind) == 1]
    at = lone[0] if lone else 0
    bob.evaluate(HOLD)
    before = ann.locator("#table").get_attribute("data-version")
    ann.keyboard.press(str(at + 1))
    ann.wait_for_function(MOVED_ON, arg=before)
    assert phase_of(bob) == "scramble"
    bob.locator(".tyc-centre button.card").nth(at).click()  # the card Ann has now
    if lone:
        expect(bob.locator(".too-slow")).to_be_visible()
        expect(bob.locator("#toast")).to_contain_text("Too slow")
        shot(bob, "toss-your-cookies-too-slow-phone")
    else:  # every card alike: another of that kind was still there for Bob
        expect(bob.locator(".too-slow")).to_have_count(0)
    bob.evaluate(RELEASE)

    # Bob grabs back his card from what is left; the scramble ends with seven cards each.
    bob.wait_for_function(
        "() => document.querySelector('#table').dataset.phase !== 'scramble' ||"
        " document.querySelector('#table').dataset.mine === '1'"
    )
    if phase_of(bob) == "scramble":
        bob.keyboard.press("1")
    for page in (ann, bob):
        page.wait_for_function(
            "() => document.querySelector('#table').dataset.phase !== 'scramble'"
        )
        expect(page.locator(".tyc-hand .card")).to_have_count(7)
    assert any(e.get("kind") == "grabbed" for u in ann_updates for e in u["events"])
    # Every view each page received was its own seat's: its hand only.
    assert ann_updates and bob_updates
    assert all(
        u["view"]["you"] == 0 and u["view"]["state"]["hand"] is not None for u in ann_updates
    )
    assert all(u["view"]["you"] == 1 for u in bob_updates)
    ann_hand = sorted(ann_updates[-1]["view"]["state"]["hand"])
    shown = sorted(ann.locator(".tyc-hand .card").evaluate_all("els => els.map(e => e.title)"))
    assert len(shown) == len(ann_hand) == 7


#: In the page: whether the Snickerdoodle! pop-up was ever drawn, and (every 100 ms) the longest
#: time it has stood over a decision of this seat (milliseconds).
WATCH_POP_UP = """() => {
  window.popUp = { seen: false, longest: 0, since: null };
  // seen: caught the moment it is drawn, however soon it goes again
  new MutationObserver(() => {
    if (document.querySelector(".tyc-win")) window.popUp.seen = true;
  }).observe(document.body, { childList: true, subtree: true });
  setInterval(() => {
    const shown = Boolean(document.querySelector(".tyc-win"));
    const mine = document.querySelector("#table")?.dataset.mine === "1";
    const w = window.popUp;
    w.seen = w.seen || shown;
    if (shown && mine) {
      w.since = w.since ?? Date.now();
      w.longest = Math.max(w.longest, Date.now() - w.since);
    } else {
      w.since = null;
    }
  }, 100);
}"""


def test_the_snickerdoodle_pop_up_never_holds_up_the_next_round(
    new_page: Callable[..., Page],
) -> None:
    """A match of three rounds: each round's Snickerdoodle! pop-up shows the winning hand, but
    it never stands over a decision of the person's for more than a moment (the next round's
    race does not wait, and bots grab meanwhile): it closes when they must decide."""
    page = new_page()
    open_room(page, "toss-your-cookies", 3, options={"rounds": "3"})
    fill_with_bots_and_start(page)
    page.evaluate(WATCH_POP_UP)

    def move(p: Page) -> None:
        # a person taps, so they wait for the pop-up to go before moving (keys would reach
        # the table under it)
        expect(p.locator(".tyc-win")).to_have_count(0, timeout=3_500)
        cookies_move(p)

    play_to_end(page, move, limit=600)
    expect(page.locator("#result")).to_be_visible()
    watched = page.evaluate("() => window.popUp")
    assert watched["seen"], "no round ended before the last"
    assert watched["longest"] < 3_000, watched


def test_each_person_reads_a_pass_from_their_own_side(new_page: Callable[..., Page]) -> None:
    """Every roll is "pass 1 left": Ann passes to Bob, Bob to the bot, the bot to Ann. Bob's
    "What happened" says what he received from Ann and what the bot received from him; never
    "You received" for cards that went to someone else. While Ann waits for Bob to choose, the
    card she chose stays marked in her hand."""
    ann = new_page()
    bob = new_page()
    code = open_room(
        ann, "toss-your-cookies", 3, options={"action_die": "pass_left", "number_die": "1"}
    )
    bob.goto(f"/join/{code}")
    bob.fill("#name", "Bob")
    bob.click("#join")
    bob.wait_for_url(f"**/room/{code}")
    fill_with_bots_and_start(ann)
    wait_in_play(ann, CHOOSING)
    for page in (ann, bob):
        page.wait_for_selector("#table[data-version]")
        page.wait_for_function(f"() => {CHOOSING}")
        page.keyboard.press("1")
        page.keyboard.press("Enter")
        if page is ann:  # Bob has not chosen: while Ann waits, her card stays marked as chosen
            expect(ann.locator(".tyc-prompt")).to_contain_text("You chose")
            expect(ann.locator(".tyc-hand .card.selected")).to_have_count(1)
            expect(ann.locator(".tyc-hand .card.tyc-committed")).to_have_attribute(
                "title", re.compile(r"\(chosen\)$")
            )
    log = bob.locator(".ev-received")
    expect(log).to_have_count(2)
    lines = log.all_inner_texts()
    assert sum(line.startswith("You received") and line.endswith("from Ann") for line in lines) == 1
    assert sum(line.endswith("from you") and "You received" not in line for line in lines) == 1
    expect(ann.locator(".ev-received")).to_have_count(2)
    ann_lines = ann.locator(".ev-received").all_inner_texts()
    assert not any(
        line.startswith("You received") and line.endswith("from Ann") for line in ann_lines
    )


#: In the page: every line the "What happened" list has shown, as "kind|text" (the list keeps
#: only the last few lines on screen).
WATCH_LOG = """() => {
  window.logLines = new Set();
  const note = () => document.querySelectorAll(".log li").forEach((li) => {
    const kind = [...li.classList].find((c) => c.startsWith("ev-")) || "";
    window.logLines.add(`${kind.slice(3)}|${li.textContent}`);
  });
  new MutationObserver(note).observe(document.querySelector(".log"), { childList: true });
  note();
}"""


#: This seat must decide now, and the page's guard is over.
SETTLED_MINE = """() => document.querySelector('#table').dataset.mine === '1'
    && !document.querySelector('#result')
    && performance.now() > Number(document.querySelector('#table').dataset.guardUntil) + 10"""


#: A blind draw is under way: the drawer points at a face-down card.
PICKING = "() => document.querySelector('#table').dataset.phase === 'pick'"
#: Every note on a seat ("1 card face down in front") is inside the seat's box.
NOTES_FIT = """() => [...document.querySelectorAll(".tyc-seat")].every((seat) => {
  const box = seat.getBoundingClientRect();
  return [...seat.querySelectorAll(".tyc-notes .tag")].every((tag) => {
    const note = tag.getBoundingClientRect();
    return note.left >= box.left - 0.5 && note.right <= box.right + 0.5;
  });
})"""


def lines_of(page: Page, kind: str) -> list[str]:
    """The lines of ``kind`` the page's "What happened" has shown so far."""
    return [
        line.split("|", 1)[1]
        for line in page.evaluate("() => [...window.logLines]")
        if line.startswith(f"{kind}|")
    ]


def test_a_blind_draw_is_read_from_each_side(new_page: Callable[..., Page]) -> None:
    """Every roll is "swap 1": the roller puts a card face down before another player and
    draws one of theirs blindly. When Ann draws from Bob, Ann reads "You drew <card> from Bob",
    Bob reads "Ann drew <card> from you" (the same card: it was his), and the table screen,
    which saw no card, "Ann drew a card from Bob"; never "You drew ..." on Bob's screen. On
    Bob's phone the note "1 card face down in front" stays inside his seat's box."""
    ann, bob = new_page(), new_page(width=360, height=740, is_mobile=True, has_touch=True)
    code = open_room(ann, "toss-your-cookies", 3, options={"action_die": "swap", "number_die": "1"})
    bob.goto(f"/join/{code}")
    bob.fill("#name", "Bob")
    bob.click("#join")
    bob.wait_for_url(f"**/room/{code}")
    tv = new_page()
    tv.goto(f"/table/{code}")
    fill_with_bots_and_start(ann)
    for page in (ann, bob, tv):
        page.wait_for_selector("#table[data-version]")
        page.evaluate(WATCH_LOG)
    pairs = ((ann, bob, 1), (bob, ann, 0))  # a page, the other person, their seat
    deadline = time.monotonic() + 120
    while not any(line.endswith("from Bob") for line in lines_of(ann, "drew")):
        assert time.monotonic() < deadline, lines_of(ann, "drew")
        if ann.locator("#result").count():  # a deal or a swap made a Snickerdoodle
            rematch(ann)
        for page, _other, seat in pairs:
            if page.evaluate(f"() => ({SETTLED_MINE})()"):
                version = page.locator("#table").get_attribute("data-version")
                if phase_of(page) == "target":  # the roller swaps with the other person
                    page.locator(f'[data-key="target-{seat}"]').click()
                elif phase_of(page) == "pick" and page is ann:  # Ann's card lies before Bob
                    bob.wait_for_function(PICKING)
                    notes = bob.locator(".tyc-notes .tag", has_text="face down in front")
                    expect(notes).to_have_count(1)
                    assert bob.evaluate(NOTES_FIT), "a note sticks out of its seat's box"
                    shot(bob, "toss-your-cookies-face-down-phone")
                    cookies_move(page)
                else:
                    cookies_move(page)
                page.wait_for_function(MOVED_ON, arg=version)
        ann.wait_for_timeout(50)
    drawn = next(line for line in lines_of(ann, "drew") if line.endswith("from Bob"))
    card = drawn.removeprefix("You drew ").removesuffix(" from Bob")
    assert drawn == f"You drew {card} from Bob"
    seen = "line => [...window.logLines].includes(line)"
    with contextlib.suppress(PlaywrightTimeout):  # Bob's page may draw the step a moment later
        bob.wait_for_function(seen, arg=f"drew|Ann drew {card} from you", timeout=5_000)
    assert f"Ann drew {card} from you" in lines_of(bob, "drew"), lines_of(bob, "drew")
    assert not any(line.startswith("You drew") and "Bob" in line for line in lines_of(bob, "drew"))
    assert "Ann points at your card 1" in lines_of(bob, "picked"), lines_of(bob, "picked")
    assert "You point at Bob's card 1" in lines_of(ann, "picked"), lines_of(ann, "picked")
    with contextlib.suppress(PlaywrightTimeout):
        tv.wait_for_function(seen, arg="drew|Ann drew a card from Bob", timeout=5_000)
    assert "Ann drew a card from Bob" in lines_of(tv, "drew"), lines_of(tv, "drew")
    assert not any("you" in line.lower() for line in lines_of(tv, "drew"))


def test_a_closed_snickerdoodle_pop_up_stays_closed_when_the_table_is_drawn_again(
    new_page: Callable[..., Page],
) -> None:
    """The room draws the table again with the update it already has (here: a switch of
    language after the match). The Snickerdoodle! that ended the match was shown once; closed,
    it does not open again."""
    page = new_page()
    open_room(page, "toss-your-cookies", 3, options={"rounds": "1"})
    fill_with_bots_and_start(page)
    play_to_end(page, cookies_move, limit=600)
    expect(page.locator("#result")).to_be_visible()
    pop_up = page.locator(".tyc-win")
    expect(pop_up).to_have_count(1)
    pop_up.get_by_role("button").click()
    expect(pop_up).to_have_count(0)
    page.select_option("#lang", "es")
    expect(page.locator("#result")).to_be_visible()
    page.wait_for_timeout(300)
    expect(pop_up).to_have_count(0)


#: Whether the element of ``selector`` is on screen, below the room's sticky status line.
IN_VIEW = """(selector) => {
  const el = document.querySelector(selector);
  if (!el) return false;
  const box = el.getBoundingClientRect();
  const line = document.querySelector('.status-row').getBoundingClientRect().bottom;
  return box.top >= Math.max(0, line) - 1 && box.bottom <= window.innerHeight + 1;
}"""
#: The person's turn to choose whom to swap with has come.
MY_SWAP = (
    "document.querySelector('#table').dataset.phase === 'target'"
    " && document.querySelector('#table').dataset.mine === '1'"
)
TO_TOP = "() => window.scrollTo({ top: 0, behavior: 'instant' })"
#: This seat's next decision, in ``phase``, is on the table (a newer version than ``v``).
MINE_IN = """([phase, v]) => {
  const table = document.querySelector('#table');
  return table.dataset.mine === '1' && table.dataset.phase === phase && table.dataset.version !== v;
}"""


def test_a_new_decision_comes_into_view_on_a_phone(new_page: Callable[..., Page]) -> None:
    """On a 390x844 phone with six seats, the hand and its buttons are below the seats: every
    roll is Pass left 1, and each new choice of a card to pass brings the hand's confirm button
    into view, however far up the person had scrolled."""
    page = new_page(width=390, height=844, is_mobile=True, has_touch=True)
    open_room(page, "toss-your-cookies", 6, options={"action_die": "pass_left", "number_die": "1"})
    fill_with_bots_and_start(page)
    wait_in_play(page, CHOOSING)
    confirm = '.tyc-mine .actions[data-reveal] [data-key="confirm"]'
    page.wait_for_function(IN_VIEW, arg=confirm)
    for _ in range(2):
        page.wait_for_function(SETTLED)
        page.evaluate(TO_TOP)
        assert not page.evaluate(IN_VIEW, confirm)  # below the fold at the top of the page
        before = page.locator("#table").get_attribute("data-version") or ""
        page.keyboard.press("1")
        page.keyboard.press("Enter")
        page.wait_for_function(MINE_IN, arg=["commit", before])
        page.wait_for_function(IN_VIEW, arg=confirm)
        assert page.evaluate("() => window.scrollY") > 0
    shot(page, "toss-your-cookies-pass-phone")


def test_a_swap_brings_each_of_its_choices_into_view_on_a_phone(
    new_page: Callable[..., Page],
) -> None:
    """Every roll is Swap 1. On the person's turn, on a 390x844 phone scrolled to the top
    before each step: whom to swap with, the card to give, then the face-down card to draw
    each come into view."""
    page = new_page(width=390, height=844, is_mobile=True, has_touch=True)
    open_room(page, "toss-your-cookies", 6, options={"action_die": "swap", "number_die": "1"})
    fill_with_bots_and_start(page)
    wait_in_play(page, MY_SWAP)
    steps = (
        ("target", ".tyc-mine .actions[data-reveal]", "1"),
        ("swap_cards", ".tyc-mine .actions[data-reveal]", "1"),
        ("pick", ".tyc-middle [data-reveal] .tyc-pick", "1"),
    )
    before = ""
    for phase, selector, key in steps:
        page.wait_for_function(MINE_IN, arg=[phase, before])
        page.wait_for_function(IN_VIEW, arg=selector)
        assert page.evaluate("() => window.scrollY") > 0, phase
        page.wait_for_function(SETTLED)
        page.evaluate(TO_TOP)
        before = page.locator("#table").get_attribute("data-version") or ""
        page.keyboard.press(key)
        if phase == "swap_cards":
            page.keyboard.press("Enter")
    page.wait_for_function(MOVED_ON, arg=before)


#: The page's update turned into a chance step of ``phase`` (the roll, or which card a blind
#: draw turns out to be) with ``fields`` of the state changed; nobody decides.
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


def test_the_dice_and_a_blind_draw_are_said_in_words(new_page: Callable[..., Page]) -> None:
    """While the dice roll and while a face-down card drawn is turned over, the status line
    says so, in English and in Spanish, not "…"."""
    page = new_page()
    # every roll is Swap 1: on the person's turn nothing moves until they choose whom with
    open_room(page, "toss-your-cookies", 3, options={"action_die": "swap", "number_die": "1"})
    fill_with_bots_and_start(page)
    wait_in_play(page, MY_SWAP)
    status = page.locator(".status-text")
    page.evaluate(CHANCE_STEP, ["roll", {"turn": 0}])
    expect(status).to_have_text("You roll the dice…")
    page.evaluate(CHANCE_STEP, ["draw", {"turn": 1, "drawer": 1, "draw_from": 0}])
    expect(status).to_contain_text(" draws one of your cards…")
    page.evaluate(CHANCE_STEP, ["draw", {"turn": 1, "drawer": 1, "draw_from": 2}])
    expect(status).to_have_text(re.compile(r"^\S.* draws a card from .+'s hand…$"))
    page.select_option("#lang", "es")
    expect(status).to_have_text(re.compile(r"^\S.* roba una carta de la mano de .+…$"))
    page.evaluate(CHANCE_STEP, ["roll", {"turn": 0}])
    expect(status).to_have_text("Tiras los dados…")
