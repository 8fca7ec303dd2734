"""Toss Your Cookies: pass, swap and toss cookie cards for 3 to 8 players."""

from gamenight.engine.registry import register
from gamenight.games.toss_your_cookies.cards import CookiesConfig
from gamenight.games.toss_your_cookies.game import TossYourCookies
from gamenight.games.toss_your_cookies.state import CookiesState

register(TossYourCookies)

__all__ = ["CookiesConfig", "CookiesState", "TossYourCookies"]
