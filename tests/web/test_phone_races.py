"""The race for the milk on a phone (issue 30): the Milk button opened partly below the bottom
of an 844 px screen, and the page did not scroll to it. Bots here grab at a person's speed
(not a twentieth of it), so the race lasts long enough to look at the page."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Page

from tests.server.helpers import ServerThread, settings_for
from tests.web.conftest import shot
from tests.web.pages import fill_with_bots_and_start, open_room, rematch

PHONE = {"width": 390, "height": 844, "is_mobile": True, "has_touch": True}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    """The server, with bots at three times their human-like delays: a bot's grab for the milk
    comes 0.7 s or more after the race opens."""
    db = tmp_path_factory.mktemp("races") / "gamenight.db"
    with ServerThread(settings_for(f"sqlite:///{db}", bot_delay=3.0)) as running:
        yield running


#: Where the Milk button lies 300 ms after each race for it opens on this page (the page has
#: drawn and scrolled by then; a bot's grab comes later): its top and bottom, the bottom of the
#: sticky status line above it, and the screen's height.
WATCH_MILK = """() => {
  window.milkSeen = [];
  new MutationObserver(() => {
    const milk = document.querySelector('button.tyc-milk-card');
    if (!milk || milk.dataset.watched) return;
    milk.dataset.watched = '1';
    setTimeout(() => {
      if (!milk.isConnected) return;  // a bot was quicker still: no sample
      const box = milk.getBoundingClientRect();
      const line = document.querySelector('.status-row').getBoundingClientRect().bottom;
      window.milkSeen.push({ top: box.top, bottom: box.bottom, line, height: innerHeight });
    }, 300);
  }).observe(document.body, { childList: true, subtree: true });
}"""


def test_the_milk_button_comes_into_view_on_a_phone(new_page: Callable[..., Page]) -> None:
    """Every roll is Toss + milk: whoever holds the milk tosses it and the others race for it.
    On a 390 x 844 phone each race of Ann's shows the whole Milk button on screen, below the
    status line, without her scrolling."""
    page = new_page(**PHONE)
    options = {"action_die": "toss", "number_die": "milk"}
    limits = {"race_seconds": "600", "turn_seconds": "600"}
    open_room(page, "toss-your-cookies", 3, options=options, limits=limits)
    page.evaluate(WATCH_MILK)
    fill_with_bots_and_start(page)
    for _match in range(4):  # a Snickerdoodle may end a match before Ann races: play again
        page.wait_for_function(
            "() => window.milkSeen.length || document.querySelector('#result')", timeout=120_000
        )
        if page.evaluate("() => window.milkSeen.length"):
            break
        rematch(page)
    shot(page, "toss-your-cookies-milk-race-phone")
    seen = page.evaluate("() => window.milkSeen")
    assert seen, "Ann never raced for the milk"
    for milk in seen:
        assert milk["line"] <= milk["top"] and milk["bottom"] <= milk["height"], seen
