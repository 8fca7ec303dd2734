"""Paper Toss! in the browser: a whole game against bots, answering every response window."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, WebSocket, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.web.conftest import SHOTS, shot
from tests.web.pages import MY_MOVE_OR_OVER, fill_with_bots_and_start, open_room, play_to_end

# Real servers, browsers and clocks: under a loaded machine a step can miss its time limit, so
# these end-to-end tests get two more tries (pytest-rerunfailures); a real fault fails all three.
pytestmark = pytest.mark.flaky(reruns=2, reruns_delay=2)


def paper_toss_move(page: Page) -> None:
    """One move: D to draw up, T to toss, F to flip, Y/N for Sprinklers, a number to choose a
    Toss card; in a response window play a Counter, a Hazard or a Bully when the page offers one
    (the buttons name the card), else P to pass."""
    phase = page.locator("#table").get_attribute("data-phase")
    keys = {"discard": "d", "launch": "f", "choose": "1"}
    if phase in keys:
        page.keyboard.press(keys[phase])
    elif phase == "main":
        page.keyboard.press("t" if page.locator('[data-key="toss"]').count() else "e")
    elif phase == "sprinklers":
        page.keyboard.press("y" if page.locator('[data-key="sprinkle-yes"]').count() else "n")
    elif phase in ("hazard", "counter", "after"):
        for wanted in ("counter-", "hazard-"):
            button = page.locator(f'.pt-actions [data-key^="{wanted}"]')
            if button.count():
                # a bot's Hazard or Counter may close the window first: then there is no click
                with contextlib.suppress(PlaywrightTimeout):
                    button.first.click(timeout=3000)
                return
        # nothing but Bully, Flat Tire or a pass: quiet windows (on by default) pass at once
        expect(page.locator("#pt-quiet")).to_be_checked()
    else:
        raise AssertionError(f"asked to move in phase {phase}")


def test_a_whole_game_of_paper_toss_against_two_bots(new_page: Callable[..., Page]) -> None:
    """One person opens a room (first to 4 tokens), seats two bots and plays to the end; the
    windows show a countdown and the cards that could answer. Windows where the person could
    only pass, Bully or Flat-Tire are passed by the page at once (quiet windows): the person
    never passes by hand, and a window waits ten minutes, so the game ends only if the page
    passes them."""
    page = new_page()
    open_room(page, "paper-toss", 3, options={"target": "4"}, limits={"reaction_seconds": "600"})
    fill_with_bots_and_start(page)
    seen: set[str] = set()

    def move(p: Page) -> None:
        phase = p.locator("#table").get_attribute("data-phase") or ""
        if phase not in seen:
            seen.add(phase)
            if phase in ("hazard", "counter", "after", "choose"):
                expect(p.locator(".clock")).to_be_visible()
            shot(p, f"paper-toss-{phase}")
        status = " ".join(p.locator(".status-text").inner_text().split())
        wanted = {"discard": "Tap cards to discard", "main": "end your turn", "launch": "Toss card"}
        assert wanted.get(phase, "") in status, (phase, status)  # the top line says what to do
        paper_toss_move(p)

    play_to_end(page, move, limit=400)
    expect(page.locator("#result")).to_be_visible()
    shot(page, "paper-toss-over")
    assert {"discard", "main"} <= seen  # windows: only with a Hazard or Counter in hand


#: A slow line from this browser to the server (a phone on a busy network): every message the
#: page sends leaves late, by the milliseconds put in for ``%d``, in order.
SLOW_LINE = """(() => {
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    setTimeout(() => { if (this.readyState === WebSocket.OPEN) send.call(this, data); }, %d);
  };
})()"""


def watch_line(page: Page) -> dict[str, list[dict[str, Any]]]:
    """What the page sends and hears on its connection: ``sent`` acts and the ``errors`` the
    server answers with (every one a red or purple toast)."""
    seen: dict[str, list[dict[str, Any]]] = {"sent": [], "errors": []}

    def socket(ws: WebSocket) -> None:
        def sent(payload: str | bytes) -> None:
            message = json.loads(payload)
            if message.get("type") == "act":
                seen["sent"].append(message)

        def heard(payload: str | bytes) -> None:
            message = json.loads(payload)
            if message.get("type") == "error":
                seen["errors"].append(message)

        ws.on("framesent", sent)
        ws.on("framereceived", heard)

    page.on("websocket", socket)
    return seen


def test_quiet_windows_pass_once_each_on_a_slow_line(new_page: Callable[..., Page]) -> None:
    """With quiet windows on, the page passes each window by itself once. Over a slow line the
    bots' passes (new versions) come before the server has taken this seat's pass, and the seat
    is still listed then: a second pass would be refused (a red toast for everyone). Four seats,
    a Paper deck of Paper Tosses only (this seat never holds an answer: every window is quiet),
    windows that wait ten minutes (the game ends only if the page passes every one)."""
    page = new_page()
    page.add_init_script(SLOW_LINE % 150)
    line = watch_line(page)
    open_room(
        page,
        "paper-toss",
        4,
        # no Perfect: nobody wins on their first toss, so there are windows to pass
        options={
            "target": "2",
            "paper_deck": "paper_toss:40",
            "toss_deck": "good_throw:8,bad_throw:4",
        },
        limits={"reaction_seconds": "600"},
    )
    fill_with_bots_and_start(page, "tosser")
    play_to_end(page, paper_toss_move, limit=120)
    expect(page.locator("#result")).to_be_visible()
    passes = [m for m in line["sent"] if m["action"] == {"type": "pass"}]
    assert len(passes) >= 6  # two windows a turn, five turns or more
    assert line["errors"] == []
    # each window passed once: never twice at one version, never a pass the server refused
    assert len({m["version"] for m in passes}) == len(passes)


#: The page has stopped scrolling.
STILL = "() => new Promise((r) => { const y = scrollY; setTimeout(() => r(scrollY === y), 100); })"


def test_a_window_on_a_phone_brings_its_buttons_into_view(new_page: Callable[..., Page]) -> None:
    """On a phone (390 x 844) with four players the hand and its buttons are far below the
    board: a response window of this seat (a Dog in hand, a bot's toss in the air) scrolls its
    buttons into view when it opens, without the person scrolling, though its clock is short."""
    page = new_page(width=390, height=844, is_mobile=True, has_touch=True)
    for _ in range(4):  # the deal is the server's: a hand without a Dog gets a fresh room
        open_room(
            page,
            "paper-toss",
            4,
            options={"paper_deck": "paper_toss:30,dog:40", "first_player": "1"},
            limits={"reaction_seconds": "600"},
        )
        fill_with_bots_and_start(page, "tosser")
        # the person is at the top of the page, looking at the board (unless the window is open)
        page.evaluate(
            "() => document.querySelector('#table[data-mine=\"1\"]') || window.scrollTo(0, 0)"
        )
        page.wait_for_function(MY_MOVE_OR_OVER)
        hazard = page.locator('.pt-actions [data-key^="hazard-"]')
        if page.locator("#table").get_attribute("data-phase") == "hazard" and hazard.count():
            break
    else:
        raise AssertionError("four deals in a row without a Dog for this seat's first window")
    expect(hazard.first).to_be_in_viewport(ratio=1)
    expect(page.locator('.pt-actions [data-key="pass"]')).to_be_in_viewport(ratio=1)
    page.wait_for_function(STILL)  # the smooth scroll is over
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "paper-toss-phone-window.png"))  # what the person sees
    assert page.evaluate("() => window.scrollY") > 300  # it was scrolled: the buttons are low


def test_a_game_won_on_a_toss_shows_the_toss_card_once(new_page: Callable[..., Page]) -> None:
    """The game ends on a Perfect (a Toss deck of Perfects, target 2): the toss shows that one
    card, once, though the table is drawn again for the result and for a change of language;
    it says where the toss landed and no longer that it is in the air; "+2 tokens" and
    "0 tokens" take the plural, in English and in Spanish."""
    page = new_page()
    open_room(
        page,
        "paper-toss",
        3,
        options={"target": "2", "paper_deck": "paper_toss:30", "toss_deck": "perfect:10"},
        limits={"reaction_seconds": "600"},
    )
    fill_with_bots_and_start(page, "tosser")
    play_to_end(page, paper_toss_move, limit=60)
    expect(page.locator("#result")).to_be_visible()
    air = page.locator(".pt-air")
    expect(air.locator(".pt-flips .card")).to_have_count(1)
    expect(air).to_contain_text("Ann's toss landed: Perfect.")
    expect(air).not_to_contain_text("in the air")
    expect(air.locator(".card")).to_contain_text("+2 tokens")
    expect(page.locator(".pt-board")).to_contain_text("0 tokens")
    page.select_option("#lang", "es")  # the table is drawn again with the same update
    expect(air).to_contain_text("El papel de Ann cayó: Perfecto.")
    expect(air.locator(".pt-flips .card")).to_have_count(1)
    expect(air.locator(".card")).to_contain_text("+2 fichas")
    expect(air).not_to_contain_text("en el aire")
    shot(page, "paper-toss-won-on-a-toss")


#: Every toast the page shows, in order, in ``window.toasts`` (a toast goes by itself).
TOASTS = """document.addEventListener("DOMContentLoaded", () => {
  window.toasts = [];
  const el = document.getElementById("toast");
  new MutationObserver(() => {
    if (el.classList.contains("show")) window.toasts.push(el.textContent);
  }).observe(el, { childList: true, subtree: true, attributes: true });
});"""


def test_an_attack_that_opens_a_window_again_shows_no_toast(new_page: Callable[..., Page]) -> None:
    """Bots that Bully and Flat-Tire at once open a window again while this seat's quiet pass
    of the window before is on its way (a slow line): the server refuses that pass as too
    late, and the person, who did nothing, is shown nothing. This seat holds only cards for
    quiet windows (Paper Tosses, Bullies, Flat Tires): every pass is the page's own."""
    page = new_page()
    page.add_init_script(SLOW_LINE % 300)
    page.add_init_script(TOASTS)
    line = watch_line(page)
    attacks: list[str] = []

    def socket(ws: WebSocket) -> None:
        def heard(payload: str | bytes) -> None:
            message = json.loads(payload)
            events = (message.get("events") or []) if message.get("type") == "update" else []
            for event in events:
                if event["kind"] in ("bullied", "flat_tire"):
                    attacks.append(event["kind"])

        ws.on("framereceived", heard)

    page.on("websocket", socket)
    open_room(
        page,
        "paper-toss",
        4,
        options={
            "target": "2",
            "paper_deck": "paper_toss:30,bully:5,flat_tire:5",
            "toss_deck": "good_throw:10",
        },
        limits={"reaction_seconds": "600"},
    )
    fill_with_bots_and_start(page, "bold")
    play_to_end(page, paper_toss_move, limit=150)
    expect(page.locator("#result")).to_be_visible()
    assert attacks  # the bots attacked: windows opened again
    passes = {m["ref"] for m in line["sent"] if m["action"] == {"type": "pass"}}
    assert all(e["ref"] in passes for e in line["errors"]), line["errors"]  # refused: passes
    assert page.evaluate("() => window.toasts") == []


#: The page's update turned into a chance step of ``phase`` (the deal, a hand drawn back up, a
#: Toss card turned over) on the turn of seat ``turn``; nobody decides.
CHANCE_STEP = """([phase, turn]) => {
  const room = window.gamenightRoom;
  const update = structuredClone(room.update);
  Object.assign(update.view.state, { phase, turn });
  update.view.pending = { kind: "chance", players: [], turn: null, window: "" };
  update.view.legal = [];
  update.deciding = [];
  room.update = update;
  room.render("match");
}"""


def test_the_chance_steps_are_said_in_words(new_page: Callable[..., Page]) -> None:
    """The deal, a hand drawn back up and a Toss card turned over each say so on the status
    line, in English and in Spanish, not "…"."""
    page = new_page()
    open_room(page, "paper-toss", 3, options={"first_player": "0"})
    fill_with_bots_and_start(page)
    page.wait_for_function(MY_MOVE_OR_OVER)  # the person's first turn: nothing else moves
    status = page.locator(".status-text")
    page.evaluate(CHANCE_STEP, ["deal", 0])
    expect(status).to_have_text("Dealing the cards…")
    page.evaluate(CHANCE_STEP, ["draw", 0])
    expect(status).to_have_text("You draw back up to a full hand…")
    page.evaluate(CHANCE_STEP, ["flip", 0])
    expect(status).to_have_text("Turning over a Toss card for Ann…")
    page.select_option("#lang", "es")
    expect(status).to_have_text("Dando la vuelta a una carta de Lanzamiento para Ann…")
    page.evaluate(CHANCE_STEP, ["draw", 1])
    expect(status).to_contain_text(" roba hasta completar la mano…")


#: Every window button (Pass, Bully, Flat Tire) the page ever draws, and every time the status
#: line asks the person to respond, in ``window.windowButtons``.
WINDOW_BUTTONS = """document.addEventListener("DOMContentLoaded", () => {
  window.windowButtons = [];
  const wanted = '[data-key="pass"], [data-key^="bully-"], [data-key^="flat-"]';
  new MutationObserver(() => {
    for (const el of document.querySelectorAll(wanted)) window.windowButtons.push(el.dataset.key);
    const status = document.querySelector(".status-text");
    if (status && status.textContent.includes("Respond now")) window.windowButtons.push("status");
  }).observe(document.body, { childList: true, subtree: true, characterData: true });
});"""


def test_an_armed_bully_is_played_at_the_next_window_with_quiet_windows_on(
    new_page: Callable[..., Page],
) -> None:
    """Quiet windows on (the default): the page offers to arm the Bully in hand ("Bully the
    leader at the next window"), shows it armed, and plays it by itself at the first window
    where a leader has a token to lose ("that player loses one Paper Token"). Every window of
    this seat is one the page answers itself (the bots only toss and pass, the hand holds only
    Paper Tosses and Bullies): it never draws a Pass or Bully button for one, nor says
    "Respond now", not even for a moment."""
    page = new_page()
    page.add_init_script(WINDOW_BUTTONS)
    attacks: list[dict[str, Any]] = []

    def socket(ws: WebSocket) -> None:
        def heard(payload: str | bytes) -> None:
            message = json.loads(payload)
            if message.get("type") == "update":
                state = message["view"]["state"]
                for event in message.get("events") or []:
                    if event["kind"] == "bullied":
                        attacks.append({**event, "tokens": state["tokens"]})

        ws.on("framereceived", heard)

    page.on("websocket", socket)
    open_room(
        page,
        "paper-toss",
        3,
        # a Bully in five cards of 50 with 30 Bullies: all but certain (0.7% without one)
        options={
            "target": "3",
            "paper_deck": "paper_toss:20,bully:30",
            "toss_deck": "good_throw:10",
            "first_player": "1",
        },
        limits={"reaction_seconds": "600"},
    )
    fill_with_bots_and_start(page, "tosser")
    expect(page.locator("#pt-quiet")).to_be_checked()
    arm = page.locator('.pt-arms [data-key="arm-bully"]')
    expect(arm).to_have_text("Bully the leader at the next window")
    arm.click()
    armed = page.locator(".pt-armed")
    expect(armed).to_contain_text("Armed")
    expect(armed).to_contain_text("Bully the leader at the next window")
    expect(page.locator('.pt-arms [data-key="disarm-bully"]')).to_be_visible()
    shot(page, "paper-toss-armed")
    play_to_end(page, paper_toss_move, limit=120)
    expect(page.locator("#result")).to_be_visible()
    mine = [a for a in attacks if a["player"] == 0]
    assert mine, attacks  # the person's Bully was played, by the page
    first = mine[0]
    assert first["lost"] == 1  # at a leader with a token to lose
    assert first["target"] in (1, 2)
    assert page.evaluate("() => window.windowButtons") == []


def test_arming_is_offered_in_spanish(new_page: Callable[..., Page]) -> None:
    """The arm control speaks the page's language, with the game's own card names; the A key
    arms and disarms too."""
    page = new_page()
    open_room(
        page,
        "paper-toss",
        3,
        # a Flat Tire in five cards of 50 with 40: all but certain
        options={"paper_deck": "paper_toss:10,flat_tire:40", "first_player": "0"},
        limits={"reaction_seconds": "600"},
    )
    fill_with_bots_and_start(page, "tosser")
    page.select_option("#lang", "es")
    flat = page.locator('.pt-arms [data-key="arm-flat_tire"]')
    expect(flat).to_have_text("Pinchazo a quien va ganando en la próxima ventana")
    flat.click()
    expect(page.locator(".pt-armed")).to_contain_text("Preparado")
    page.locator('.pt-arms [data-key="disarm-flat_tire"]').click()
    expect(page.locator(".pt-armed")).to_have_count(0)
    expect(flat).to_be_visible()
    page.keyboard.press("a")  # A arms the card held, and A again disarms it
    expect(page.locator(".pt-armed")).to_contain_text("Pinchazo a quien va ganando")
    page.keyboard.press("a")
    expect(page.locator(".pt-armed")).to_have_count(0)
