"""Draw the installable page's PNG icons (192 and 512 px) from ``src/gamenight/web/icon.svg``.

Run once, by hand, when the icon changes, and commit the PNG files it writes beside the SVG:

    PYTHONPATH=src .venv/bin/python tools/make_icons.py

It draws the SVG in Debian's Chromium (``/usr/bin/chromium``, through Playwright, as the browser
tests do) on the page's cream background and screenshots it at each size, so the PNGs are the
SVG as a browser shows it. Nothing else needs an SVG renderer.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

WEB = Path(__file__).resolve().parents[1] / "src" / "gamenight" / "web"
SIZES = (192, 512)
#: The page's background (``--bg`` in app.css): the icon is a cookie on it, with a margin.
BACKGROUND = "#fbf4ea"


def main() -> None:
    """Write ``icon-192.png`` and ``icon-512.png`` beside ``icon.svg``."""
    svg = (WEB / "icon.svg").read_text(encoding="utf-8")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        for size in SIZES:
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(
                f"<html><body style='margin:0;background:{BACKGROUND};display:grid;"
                f"place-items:center;width:{size}px;height:{size}px'>"
                f"<div style='width:{size * 0.84}px;height:{size * 0.84}px'>{svg}</div>"
                "<style>svg{width:100%;height:100%;display:block}</style></body></html>"
            )
            out = WEB / f"icon-{size}.png"
            page.screenshot(path=str(out), clip={"x": 0, "y": 0, "width": size, "height": size})
            print(f"{out.name}: {out.stat().st_size} bytes")
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
