"""Toss Your Cookies: pass, swap and toss cookie cards for 3 to 8 players."""

from gamenight.engine.plugins import GamePlugin
from gamenight.games.toss_your_cookies.config import TossYourCookiesConfig
from gamenight.games.toss_your_cookies.game import TossYourCookies
from gamenight.games.toss_your_cookies.state import TossYourCookiesState

#: The entry point of this game (``gamenight.games`` group in pyproject.toml).
PLUGIN = GamePlugin.in_package(
    __name__, "TossYourCookies", ("bots", "metrics", "terminal", "encode")
)

__all__ = ["PLUGIN", "TossYourCookies", "TossYourCookiesConfig", "TossYourCookiesState"]
