"""Cover Your Cookies: form Batches of cookies, swipe exposed Batches, most Dough wins."""

from gamenight.engine.plugins import GamePlugin
from gamenight.games.cover_your_cookies.config import CoverYourCookiesConfig
from gamenight.games.cover_your_cookies.game import CoverYourCookies
from gamenight.games.cover_your_cookies.state import CoverYourCookiesState

#: The entry point of this game (``gamenight.games`` group in pyproject.toml).
PLUGIN = GamePlugin.in_package(
    __name__, "CoverYourCookies", ("bots", "metrics", "terminal", "encode", "kernel")
)

__all__ = ["PLUGIN", "CoverYourCookies", "CoverYourCookiesConfig", "CoverYourCookiesState"]
