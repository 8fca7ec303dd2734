"""The searching bot's Toss Your Cookies setting: blind draws answered at once as ``smart``
answers them, every other decision with a choice searched."""

from __future__ import annotations

import random

from gamenight.bots import make_bot
from gamenight.bots.halving import SearchSettings
from gamenight.bots.ismcts import DEFAULT_ITERATIONS, ISMCTSBot
from gamenight.bots.registry import search_settings
from gamenight.games.toss_your_cookies.bots import SEARCH, worth_searching
from gamenight.games.toss_your_cookies.state import Commit, Phase, Pick, Target
from tests.toss_your_cookies.helpers import make, match_at, roll


def searcher(game: object, seat: int, spec: str = "ismcts:12") -> ISMCTSBot:
    """A searching bot for ``seat`` (a small budget unless told)."""
    bot = make_bot(spec, game, seat)  # type: ignore[arg-type]
    assert isinstance(bot, ISMCTSBot)
    return bot


def test_the_game_sets_the_default_level() -> None:
    """Toss Your Cookies gives the default level its own choice of what to search, at the usual
    budget; a budget in the spec still wins."""
    assert search_settings("toss-your-cookies") is SEARCH
    assert isinstance(SEARCH, SearchSettings) and SEARCH.iterations is None
    game = make(4)
    bot = searcher(game, 0, "ismcts")
    assert bot.searches is worth_searching
    assert bot.search.iterations == DEFAULT_ITERATIONS  # type: ignore[union-attr]
    assert searcher(game, 0, "ismcts:7").search.iterations == 7  # type: ignore[union-attr]


def test_a_blind_draw_is_answered_at_once_as_smart_answers_it() -> None:
    """Rule: the roller of Swap n takes n cards from the other hand without looking, so every
    face-down position is the same chance. The bot plays smart's pick and draws no state."""
    game = make(4)
    match = match_at(game)
    roll(match, "swap", "2")
    match.submit(0, Target(2), match.version)
    match.submit(0, Commit(("fortune", "ginger")), match.version)
    assert match.state.phase == Phase.PICK
    view, legal = game.observe(match.state, 0), game.legal_actions(match.state, 0)
    assert legal == tuple(Pick(i) for i in range(7)) and not worth_searching(view, legal)

    def never(*_: object) -> object:
        raise AssertionError("a blind draw must not draw a state")

    game.sample_state = never  # type: ignore[method-assign]
    bot = searcher(game, 0)
    chosen = bot.act(view, legal, random.Random(4))
    assert chosen == make_bot("smart", game, 0).act(view, legal, random.Random(4))
    assert (bot.searched, bot.answered, bot.halving) == (0, 1, None)


def test_choosing_a_partner_and_cards_is_searched() -> None:
    """Whom to swap with, and which cards to give, are real choices: both are searched over
    every legal move."""
    game = make(4)
    match = match_at(game)
    roll(match, "swap", "2")
    bot = searcher(game, 0)
    view, legal = game.observe(match.state, 0), game.legal_actions(match.state, 0)
    assert worth_searching(view, legal)
    chosen = bot.act(view, legal, random.Random(2))
    assert chosen in legal and bot.searched == 1 and bot.halving is not None
    assert {arm.action for arm in bot.halving.arms} == set(legal)
    match.submit(0, Target(2), match.version)
    view, legal = game.observe(match.state, 0), game.legal_actions(match.state, 0)
    assert isinstance(legal[0], Commit) and worth_searching(view, legal)
    bot.act(view, legal, random.Random(3))
    assert bot.searched == 2
