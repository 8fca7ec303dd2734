"""Latency-fair races in the browser: two phones in one Toss Your Cookies room, one on a 20 ms
round trip and one on a 200 ms round trip (each behind a real loopback TCP proxy that delays
every byte), race for the same card; the one who taps sooner after the race reached their own
screen gets it, even from the slower link. And a forged early tap sent from a page is refused."""

from __future__ import annotations

import asyncio
import threading
import time
from collections import deque
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.server.helpers import ServerThread, settings_for
from tests.web.conftest import Console, shot
from tests.web.pages import (
    CHOOSING,
    SETTLED,
    fill_with_bots_and_start,
    open_room,
    wait_in_play,
)

#: Each phone's delay each way (seconds): a 20 ms and a 200 ms round trip.
FAST, SLOW = 0.010, 0.100
#: How long after the race reached their screen each person taps (ms): Bob on the slow link is
#: the quicker (past the page's 200 ms guard after a decision of his gives way to another), yet
#: his grab reaches the server 80 ms after Ann's: 100 + 220 + 100 = 420 ms against 10 + 320 +
#: 10 = 340 ms after the race was sent.
BOB_TAPS, ANN_TAPS = 220, 320


class DelayProxy:
    """A loopback TCP proxy in front of the server that holds every chunk, each way, for
    ``delay`` seconds before passing it on (in order): a slow link, on a real socket. It keeps
    when (wall clock) each chunk from the browser was passed on to the server."""

    def __init__(self, target_port: int, delay: float) -> None:
        self.target_port = target_port
        self.delay = delay
        self.port = 0
        self.upstream: list[float] = []
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> DelayProxy:
        self._thread.start()
        assert self._ready.wait(10), "the proxy did not start"
        return self

    def __exit__(self, *exc: object) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        server = self._loop.run_until_complete(asyncio.start_server(self._serve, "127.0.0.1", 0))
        self.port = server.sockets[0].getsockname()[1]
        self._ready.set()
        self._loop.run_forever()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
        except OSError:
            writer.close()
            return
        await asyncio.gather(
            self._pump(reader, up_writer, self.upstream),
            self._pump(up_reader, writer, None),
            return_exceptions=True,
        )

    async def _pump(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, log: list[float] | None
    ) -> None:
        """Pass on what ``reader`` gives, each chunk ``delay`` later, in order (timers, not
        sleeps: a chunk is never held longer than its own delay)."""
        loop = asyncio.get_running_loop()
        queue: deque[tuple[float, bytes]] = deque()
        timer: list[asyncio.TimerHandle | None] = [None]

        def flush() -> None:
            timer[0] = None
            while queue and queue[0][0] <= loop.time():
                data = queue.popleft()[1]
                if not data:
                    writer.close()
                    return
                writer.write(data)
                if log is not None:
                    log.append(time.time())
            if queue:
                timer[0] = loop.call_at(queue[0][0], flush)

        while True:
            try:
                data = await reader.read(65536)
            except OSError:
                data = b""
            queue.append((loop.time() + self.delay, data))
            if timer[0] is None:
                timer[0] = loop.call_at(queue[0][0], flush)
            if not data:
                return


@pytest.fixture(scope="module")
def paced_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    """A server whose bots react at a person's pace (not the quick bots of the other browser
    tests): the bot at the table grabs a second or more after a race opens."""
    db = tmp_path_factory.mktemp("fair") / "gamenight.db"
    with ServerThread(settings_for(f"sqlite:///{db}", bot_delay=1.0)) as running:
        yield running


def phone(browser: Browser, base: str, console: Console, contexts: list[Any]) -> Page:
    """A phone's page whose every request goes to ``base`` (a proxy)."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
        locale="en-GB",
        base_url=base,
    )
    context.set_default_timeout(30_000)
    contexts.append(context)
    page = context.new_page()
    console.watch(page)
    return page


#: In the page: at each scramble this seat is in, find the card that is the only one of its
#: kind in the middle (the two pages find the same) and tap it ``delay`` ms after the update of
#: the race reached this device (as the connection stamped it; never within the page's guard).
#: With no such card (three alike), take the first card at once: nothing to race for.
ARM = """delay => {
  window.races = [];
  const look = () => {
    const table = document.querySelector("#table");
    if (!table || table.dataset.phase !== "scramble" || table.dataset.mine !== "1") return;
    const room = window.gamenightRoom;
    const state = room.update.view.state;
    const which = `${state.round}|${state.turn}`;
    if (window.races.some((r) => r.which === which)) return;
    const seen = window.gamenightConnection.seenAt(room.update.match_number, room.update.version);
    const cards = [...document.querySelectorAll(".tyc-centre button.card")];
    const kinds = cards.map((b) => b.querySelector(".card-name").textContent);
    const at = kinds.findIndex((k) => kinds.filter((x) => x === k).length === 1);
    const race = { which, seen, kind: at >= 0 ? kinds[at] : null, seat: room.seat };
    window.races.push(race);
    const when = Math.max(at >= 0 ? seen + delay : 0, Number(table.dataset.guardUntil) + 5);
    setTimeout(() => {
      race.tapped = performance.now();
      race.wall = Date.now();
      document.querySelectorAll(".tyc-centre button.card")[Math.max(at, 0)].click();
    }, when - performance.now());
  };
  const watching = { childList: true, subtree: true, attributes: true };
  new MutationObserver(look).observe(document.body, watching);
}"""

#: What the page shows, for a failure's message.
SEEN = """() => ({ races: window.races, table: { ...document.querySelector("#table").dataset },
  pending: window.gamenightRoom.update.view.pending, log: window.gamenightRoom.log.slice(-8)
    .map((l) => l.kind), toast: document.querySelector("#toast").textContent })"""

#: The grabs this page was told of, with each card's name as the page shows it.
GRABS = """window.gamenightRoom.log.filter((l) => l.kind === "grabbed")
  .map((l) => ({ player: l.event.player, name: window.gamenightRoom.tr(`card_${l.event.card}`) }))
"""


def test_the_quicker_tapper_wins_a_race_even_from_the_slower_link(
    browser: Browser, paced_server: ServerThread, console: Console
) -> None:
    """Ann (20 ms round trip) and Bob (200 ms) race for the one card of its kind in the middle
    of a Toss 1 scramble; a bot takes the third seat. Ann taps 320 ms after the race reached
    her phone, Bob 220 ms after it reached his: his grab reaches the server after hers, but his
    reaction was quicker, and the card is his ("the first hand to reach a card gets it"). Ann
    is told she was too slow. (Three cards alike in the middle leave nothing to race for: the
    next turn, another Toss 1, is taken.)"""
    port = int(paced_server.url.rsplit(":", 1)[1])
    contexts: list[Any] = []
    with DelayProxy(port, FAST) as quick_link, DelayProxy(port, SLOW) as slow_link:
        try:
            ann = phone(browser, quick_link.url, console, contexts)
            bob = phone(browser, slow_link.url, console, contexts)
            options = {"action_die": "toss", "number_die": "1"}
            code = open_room(ann, "toss-your-cookies", 3, options=options)
            bob.goto(f"/join/{code}")
            bob.fill("#name", "Bob")
            bob.click("#join")
            bob.wait_for_url(f"**/room/{code}")
            expect(ann.locator(".seat-list")).to_contain_text("Bob")
            fill_with_bots_and_start(ann)
            bob.wait_for_selector("#table[data-version]")
            wait_in_play(ann, CHOOSING)
            ann.evaluate(ARM, ANN_TAPS)
            bob.evaluate(ARM, BOB_TAPS)
            for turn in range(4):
                # Toss 1: each chooses one card to toss, Ann her first (in the hand's order),
                # Bob his fourth: two kinds, mostly, so one of them is alone in the middle
                for page, card in ((ann, "1"), (bob, "4")):
                    page.wait_for_function(f"() => {CHOOSING}")
                    page.wait_for_function(SETTLED)  # a key at once would be taken as meant
                    page.keyboard.press(card)  # for the scramble before
                    page.keyboard.press("Enter")
                done = f"() => window.races.length > {turn} && window.races[{turn}].tapped"
                for page in (ann, bob):
                    try:
                        page.wait_for_function(done)
                    except PlaywrightTimeout:
                        raise AssertionError(
                            f"no race on the page: {page.evaluate(SEEN)}"
                        ) from None
                ann_race = ann.evaluate(f"() => window.races[{turn}]")
                bob_race = bob.evaluate(f"() => window.races[{turn}]")
                if ann_race["kind"] is not None:
                    break
            else:
                raise AssertionError("four scrambles in a row with three cards alike")
            expect(ann.locator("#toast")).to_contain_text("Too slow")
            shot(ann, "latency-fair-too-slow")
            told = f"kind => ({GRABS}).some((g) => g.name === kind)"
            bob.wait_for_function(told, arg=ann_race["kind"])
            grabs = bob.evaluate(f"() => {GRABS}")
        finally:
            for context in contexts:
                context.close()
    assert ann_race["kind"] == bob_race["kind"]
    # each tapped as planned after the race reached their own screen: Bob the sooner
    assert bob_race["tapped"] - bob_race["seen"] < ann_race["tapped"] - ann_race["seen"]
    # Ann's grab reached the server first (through the quick proxy), Bob's after it
    ann_at = min(t for t in quick_link.upstream if t >= ann_race["wall"] / 1000)
    bob_at = min(t for t in slow_link.upstream if t >= bob_race["wall"] / 1000)
    assert ann_at < bob_at
    first = next(g for g in grabs if g["name"] == ann_race["kind"])
    assert first["player"] == bob_race["seat"]
    assert console.problems == []


def test_a_forged_early_tap_from_the_page_is_refused(new_page: Any) -> None:
    """A person who edits their page to claim the roll was tapped before the update reached the
    phone (``seen`` long before the server sent it): the move is not played, the page says the
    grab's times cannot be right; the same move tapped honestly is played."""
    ann = new_page(width=390, height=844)
    open_room(ann, "toss-up", 2, name="Ann", limits={"turn_seconds": "600"})
    fill_with_bots_and_start(ann)
    expect(ann.locator('#table[data-mine="1"]')).to_be_visible()
    version = int(ann.locator("#table").get_attribute("data-version") or "0")
    ann.wait_for_function("() => window.gamenightConnection.ws.readyState === 1")
    ann.evaluate(
        """v => window.gamenightConnection.send({
          type: "act", action: { type: "roll" }, version: v, ref: "forged",
          seen: performance.now() - 600000, tapped: performance.now() - 599000 })""",
        version,
    )
    expect(ann.locator("#toast")).to_contain_text("the times it carried cannot be right")
    assert int(ann.locator("#table").get_attribute("data-version") or "0") == version
    ann.wait_for_timeout(250)  # past the guard of a new decision
    ann.locator('[data-key="roll"]').click()
    ann.wait_for_function(
        "v => Number(document.querySelector('#table').dataset.version) > v", arg=version
    )
