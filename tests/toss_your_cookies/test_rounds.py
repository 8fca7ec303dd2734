"""Longer matches: any agreed number of rounds, won by more than half of them."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from gamenight.engine import Kind, Match
from gamenight.games.toss_your_cookies import TossYourCookiesConfig
from gamenight.games.toss_your_cookies.state import Commit, Phase
from gamenight.games.toss_your_cookies.terminal import RENDERER
from tests.toss_your_cookies.helpers import at_rest, make, match_at, roll


def seat_0_wins_a_round(rounds: int, round_wins: tuple[int, ...], round_number: int) -> Match:
    """A match of ``rounds`` with ``round_wins`` so far, in which seat 0 (the milk and four
    sugars) is passed a fifth sugar on this round's first turn. Returns the match."""
    game = make(4, rounds=rounds)
    state = at_rest(game, turn=1, round=round_number, starter=1, round_wins=round_wins)
    match = match_at(game, state)
    roll(match, "pass_left", "1")
    for seat, card in enumerate(["ginger", "wild", "half", "sugar"]):
        match.submit(seat, Commit((card,)), match.version)
    assert match.state.round_wins[0] == round_wins[0] + 1
    return match


@pytest.mark.parametrize(
    ("rounds", "to_win"), [(1, 1), (2, 2), (3, 2), (4, 3), (5, 3), (7, 4), (99, 50)]
)
def test_any_agreed_number_of_rounds_is_allowed(rounds: int, to_win: int) -> None:
    """ "For a longer game, set a number of rounds before playing (suggested 3 or 5). First
    player to win a majority of rounds wins the game": any number may be agreed, and a majority
    is more than half of it."""
    config = TossYourCookiesConfig(rounds=rounds)
    assert config.rounds_to_win == to_win
    assert make(4, rounds=rounds).observe(make(4).initial_state(), 0)["rounds_to_win"] == to_win


def test_a_two_round_match_needs_both_rounds_and_a_split_plays_on() -> None:
    """Ruling: "the first player to win more than N/2 rounds wins the match; if nobody has after
    N rounds, rounds go on until someone does." Two rounds agreed, one each: a third round."""
    match = seat_0_wins_a_round(2, (0, 1, 0, 0), 1)
    state = match.state
    assert state.round_wins == (1, 1, 0, 0)
    assert state.phase == Phase.DEAL
    assert state.round == 2
    assert state.winner is None
    match = seat_0_wins_a_round(2, (1, 1, 0, 0), 2)
    assert match.state.phase == Phase.OVER
    assert match.outcome().winners == (0,)


def test_three_rounds_won_by_three_players_go_on_until_someone_has_two() -> None:
    """Ruling: "if nobody has after N rounds, rounds go on until someone does": three players
    have each won one of the three agreed rounds, so a fourth is dealt, and the screen says it
    is an extra round."""
    match = seat_0_wins_a_round(3, (0, 1, 1, 0), 2)
    state = match.state
    assert state.round_wins == (1, 1, 1, 0)
    assert (state.phase, state.round) == (Phase.DEAL, 3)
    assert match.pending.kind is Kind.CHANCE
    out = io.StringIO()
    view = match.view(0)["state"]
    RENDERER.show(Console(file=out, width=200), view, 0, ["You", "B", "C", "D"])
    text = " ".join(out.getvalue().split())
    assert "Round 4, an extra round: nobody has won 2 of the 3 rounds agreed" in text
    match = seat_0_wins_a_round(3, (1, 1, 1, 0), 3)
    assert match.outcome().winners == (0,)
    assert match.outcome().scores == (2.0, 1.0, 1.0, 0.0)


def test_a_four_round_match_is_not_won_with_two() -> None:
    """More than half of four rounds is three: two wins of four do not end the match."""
    match = seat_0_wins_a_round(4, (1, 1, 0, 0), 2)
    assert match.state.phase == Phase.DEAL
    match = seat_0_wins_a_round(4, (2, 1, 0, 0), 3)
    assert match.state.phase == Phase.OVER
    events_view = match.view(None)["state"]
    assert events_view["winners"] == [0]
    assert events_view["round_wins"] == [3, 1, 0, 0]
