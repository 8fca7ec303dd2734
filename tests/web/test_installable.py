"""The installable page in a real browser (issue 30): the service worker takes the page over on
the first visit, keeps its files, and a page opened offline says, in English and Spanish, that
the table will come back."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect

#: The service worker has kept the page's files and controls the page.
CONTROLLED = "() => !!navigator.serviceWorker.controller"


def test_offline_a_room_says_the_table_will_come_back(new_page: Callable[..., Page]) -> None:
    """After one visit, a room opened with the network gone shows the offline page, in the
    shell's style (its stylesheet comes from the device), with a way to try again."""
    page = new_page(width=390, height=844)
    page.goto("/")
    page.wait_for_selector(".game-choice")
    page.wait_for_function(CONTROLLED)
    kept = page.evaluate(
        """async () => (await Promise.all((await caches.keys()).map(async (name) => (
            await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname)))).flat()"""
    )
    assert "/static/offline.html" in kept
    assert "/games/cover-your-cookies/table.js" in kept
    assert not [path for path in kept if path.startswith(("/api", "/ws")) or path == "/"]

    page.context.set_offline(True)
    page.goto("/room/ABC234")
    expect(page.locator("h1")).to_have_text("You are offline")
    expect(page.locator("main")).to_contain_text(
        "The table will come back when the connection does"
    )
    expect(page.locator('[lang="es"]')).to_contain_text("La mesa volverá cuando vuelva la conexión")
    # the stylesheet came from the device: the header has the brand's colour
    assert (
        page.evaluate("() => getComputedStyle(document.querySelector('.top')).backgroundColor")
        == "rgb(122, 59, 18)"
    )

    page.context.set_offline(False)
    page.get_by_role("link", name="Try again · Reintentar").click()
    page.wait_for_selector(".game-choice")
