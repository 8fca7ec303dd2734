"""Cover Your Cookies: form Batches of cookies, swipe exposed Batches, most Dough wins."""

from gamenight.engine.registry import register
from gamenight.games.cover_your_cookies.game import CoverYourCookies
from gamenight.games.cover_your_cookies.state import CookiesConfig, CookiesState

register(CoverYourCookies)

__all__ = ["CookiesConfig", "CookiesState", "CoverYourCookies"]
