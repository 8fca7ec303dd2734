"""Toss Up! bots: hold:T follows its rule, smart plays the solved policy and wins more."""

from __future__ import annotations

import random

import pytest

from gamenight.bots import UnknownBot, make_bot
from gamenight.games.toss_up import TossUp, TossUpConfig, TossUpState
from gamenight.games.toss_up.bots import HoldBot, SmartBot, turn_policy
from gamenight.games.toss_up.state import BANK, ROLL
from gamenight.sim.simulate import simulate
from gamenight.sim.stats import wilson_interval

GAME = TossUp(TossUpConfig(players=2))


def view(points: int, dice: int, scores: tuple[int, int] = (0, 0), **extra: object) -> dict:
    state = TossUpState(scores=scores, player=0, turn_points=points, dice_left=dice, rolled=True)
    return {**GAME.observe(state, 0), **extra}


def test_hold_banks_at_the_threshold_and_rolls_below_it() -> None:
    bot = make_bot("hold:20", GAME, 0)
    assert isinstance(bot, HoldBot)
    rng = random.Random(0)
    assert bot.act(view(19, 3), (ROLL, BANK), rng) == ROLL
    assert bot.act(view(20, 3), (ROLL, BANK), rng) == BANK


def test_hold_is_the_plain_rule_even_in_its_last_turn() -> None:
    """The issue: "hold:T (bank as soon as the turn total is at least T, the classic Pig
    strategy)": no exception for the last turn, even when banking cannot win."""
    bot = make_bot("hold:20", GAME, 1)
    last = view(25, 5, scores=(104, 70), final_round=True, trigger=0, turn=1)
    assert bot.act(last, (ROLL, BANK), random.Random(0)) == BANK


def test_solved_policy_rolls_many_dice_and_stops_on_few() -> None:
    policy = turn_policy(10, (0.5, 1 / 3, 1 / 6))
    assert policy(0, 10)
    assert policy(60, 10), "ten dice almost never bust"
    assert not policy(40, 1), "one die busts one time in six"
    assert policy(5, 1), "a green on the last die refills all ten"


def test_smart_banks_to_finish_with_a_lead_and_races_in_its_last_turn() -> None:
    bot = make_bot("smart", GAME, 0)
    assert isinstance(bot, SmartBot)
    finishing = view(12, 8, scores=(95, 60))
    assert bot.act(finishing, (ROLL, BANK), random.Random(0)) == BANK
    behind = view(30, 1, scores=(80, 115), final_round=True, trigger=1)
    assert bot.act(behind, (ROLL, BANK), random.Random(0)) == ROLL


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        (
            "nobot",
            r"unknown bot 'nobot' for toss-up; bots are: hold:T, ismcts\[:BUDGET\], optimal, "
            "random, smart, default",
        ),
        ("hold", "bot hold needs an argument: hold:T"),
        ("hold:abc", "hold:T needs a whole number T"),
        ("hold:0", "T from 1 to 200"),
        ("hold:201", "T from 1 to 200"),
        ("random:3", "bot random takes no argument"),
    ],
)
def test_bad_bot_specs_name_what_is_allowed(spec: str, message: str) -> None:
    with pytest.raises(UnknownBot, match=message):
        make_bot(spec, GAME, 0)


def pooled_rate(bot: str, other: str, games: int) -> tuple[float, float, float]:
    """``bot``'s win rate over ``games`` per seat order, with its 95% interval."""
    first = simulate(GAME, [bot, other], games, seed=11)
    second = simulate(GAME, [other, bot], games, seed=12)
    wins = first.wins[0] + second.wins[1]
    low, high = wilson_interval(wins, 2 * games)
    return wins / (2 * games), low, high


def test_smart_beats_random_by_far() -> None:
    rate, low, _ = pooled_rate("smart", "random", 300)
    assert low > 0.8, rate


def test_smart_beats_hold_20() -> None:
    """The default bot is better than the classic hold-at-20 (95% interval above one half)."""
    rate, low, _ = pooled_rate("smart", "hold:20", 1500)
    assert low > 0.5, rate
