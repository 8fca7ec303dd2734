"""The page's weight on the wire (issue 30): a first visit, service worker included, transfers
under 300 KB, and a second visit, with the page's files on the device, under 20 KB.

Bytes are counted as they cross the wire, compressed, headers included:

- the page's own requests by Chromium's DevTools protocol (``Network.loadingFinished``'s
  ``encodedDataLength``), less those the service worker answered (``fromServiceWorker``: they
  cost the wire nothing themselves);
- what the service worker fetched (its precache, a page it asked the server for) by
  Playwright's context events, which see the worker's requests (``Request.sizes()``: the encoded
  body and the headers);
- the room's WebSocket frames, both ways (``Network.webSocketFrameReceived``/``Sent``);
- ``/sw.js`` itself, which the browser fetches at each visit to look for a new release and
  reports to neither: its gzipped size is added to each visit.

The figures are printed (``pytest -s``) and quoted in docs/web.md.
"""

from __future__ import annotations

import gzip
import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, Request

from tests.server.helpers import ServerThread
from tests.web.pages import fill_with_bots_and_start, open_room

FIRST_VISIT = 300_000
SECOND_VISIT = 20_000
#: The page's service worker has kept the files and controls the page.
CONTROLLED = "() => !!navigator.serviceWorker.controller"


@dataclass(frozen=True)
class Worker:
    """The service worker as the server sends it: its size on the wire, the files it keeps."""

    wire_bytes: int
    files: list[str]


class Wire:
    """The bytes one page and its service worker move across the network, since ``clear``."""

    def __init__(self, page: Page, worker: Worker) -> None:
        self.page = page
        self.worker = worker
        self.script_bytes = worker.wire_bytes
        self.page_bytes: dict[str, int] = {}
        self.worker_bytes: dict[str, int] = {}
        self.socket_bytes = 0
        self._urls: dict[str, tuple[str, bool]] = {}
        cdp = page.context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.on("Network.responseReceived", self._response)
        cdp.on("Network.loadingFinished", self._finished)
        cdp.on("Network.webSocketFrameReceived", self._frame)
        cdp.on("Network.webSocketFrameSent", self._frame)
        page.context.on("requestfinished", self._worker_request)

    def _response(self, event: dict[str, Any]) -> None:
        response = event["response"]
        self._urls[event["requestId"]] = (response["url"], bool(response.get("fromServiceWorker")))

    def _finished(self, event: dict[str, Any]) -> None:
        url, from_worker = self._urls.get(event["requestId"], ("?", False))
        if not from_worker:
            key = f"{url} #{event['requestId']}"
            self.page_bytes[key] = int(event["encodedDataLength"])

    def _frame(self, event: dict[str, Any]) -> None:
        self.socket_bytes += len(event["response"]["payloadData"].encode("utf-8"))

    def _worker_request(self, request: Request) -> None:
        if request.service_worker is None:
            return
        sizes = request.sizes()
        body = max(sizes["responseBodySize"], 0)
        self.worker_bytes[f"{request.url} #{len(self.worker_bytes)}"] = (
            body + sizes["responseHeadersSize"]
        )

    def wait_for_precache(self) -> None:
        """Wait until the worker controls the page and every file it keeps has been reported
        (Playwright reports the worker's requests a little after they end)."""
        self.page.wait_for_function(CONTROLLED)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            fetched = {
                re.sub(r"^https?://[^/]+", "", url.split(" #")[0]) for url in self.worker_bytes
            }
            if set(self.worker.files) <= fetched:
                return
            self.page.evaluate("1")  # a round trip: Playwright delivers the events meanwhile
        raise AssertionError(f"the worker's precache was not all reported: {self.report()}")

    def clear(self) -> None:
        """Start counting a new visit."""
        self.page_bytes.clear()
        self.worker_bytes.clear()
        self.socket_bytes = 0

    def total(self) -> int:
        """Bytes of this visit: the page's, the worker's, the socket's and ``/sw.js``'s."""
        return (
            sum(self.page_bytes.values())
            + sum(self.worker_bytes.values())
            + self.socket_bytes
            + self.script_bytes
        )

    def report(self) -> str:
        """The visit's figures, largest first, for a failure message."""
        rows = sorted({**self.page_bytes, **self.worker_bytes}.items(), key=lambda kv: -kv[1])
        return (
            f"{self.total()} bytes: page {sum(self.page_bytes.values())}, service worker "
            f"{sum(self.worker_bytes.values())}, socket {self.socket_bytes}, /sw.js "
            f"{self.script_bytes}; largest: {rows[:8]}"
        )


@pytest.fixture(scope="module")
def worker(server: ServerThread) -> Worker:
    """``/sw.js`` on the wire (its headers and its body gzipped, as the browser gets it), and
    the files it keeps (its ``BUILD`` line)."""
    response = httpx.get(f"{server.url}/sw.js", headers={"Accept-Encoding": "gzip"})
    assert response.status_code == 200
    assert response.headers.get("content-encoding") == "gzip"
    head = sum(len(k) + len(v) + 4 for k, v in response.headers.items()) + 20
    build = re.search(r"^const BUILD = (.*);$", response.text, re.MULTILINE)
    assert build is not None, response.text[:500]
    files = json.loads(build.group(1))["files"]
    return Worker(head + len(gzip.compress(response.content)), files)


def test_the_home_page_first_and_second_visit(
    new_page: Callable[..., Page], worker: Worker
) -> None:
    """A phone's first visit to the home page transfers under 300 KB, the service worker's
    precache of every table included; its second visit, under 20 KB: the page's files come from
    the device, only the page itself, the list of games and ``/sw.js`` from the server."""
    page = new_page(width=390, height=844)
    wire = Wire(page, worker)
    page.goto("/")
    page.wait_for_selector(".game-choice")
    wire.wait_for_precache()
    page.wait_for_load_state("networkidle")
    first = wire.total()
    print(f"\nhome page, first visit: {wire.report()}")
    assert first < FIRST_VISIT, wire.report()
    assert any("/games/paper-toss/table.js" in url for url in wire.worker_bytes), wire.report()

    wire.clear()
    page.goto("/")
    page.wait_for_selector(".game-choice")
    page.wait_for_load_state("networkidle")
    second = wire.total()
    print(f"home page, second visit: {wire.report()}")
    assert second < SECOND_VISIT, wire.report()
    assert not any("/static/" in url for url in wire.page_bytes), wire.report()


@pytest.mark.parametrize(
    ("game", "seats"),
    [("toss-up", 2), ("toss-your-cookies", 3), ("paper-toss", 2), ("cover-your-cookies", 3)],
)
def test_a_room_first_and_second_visit(
    new_page: Callable[..., Page], worker: Worker, game: str, seats: int
) -> None:
    """A phone opening a room's table mid-match for the first time (as a spectator, by its
    link: a fresh browser) transfers under 300 KB; opening it again, under 20 KB, the room's
    data (its API call and the socket's views) included."""
    host = new_page()
    code = open_room(host, game, seats)
    fill_with_bots_and_start(host)

    page = new_page(width=390, height=844)
    wire = Wire(page, worker)
    page.goto(f"/table/{code}")
    page.wait_for_selector("#table[data-version]")
    wire.wait_for_precache()
    page.wait_for_load_state("networkidle")
    first = wire.total()
    print(f"\n{game} table, first visit: {wire.report()}")
    assert first < FIRST_VISIT, wire.report()

    wire.clear()
    page.goto(f"/table/{code}")
    page.wait_for_selector("#table[data-version]")
    page.wait_for_load_state("networkidle")
    second = wire.total()
    print(f"{game} table, second visit: {wire.report()}")
    assert second < SECOND_VISIT, wire.report()
    assert not any(f"/games/{game}/" in url for url in wire.page_bytes), wire.report()
