"""Seats that do not exist are refused once, in the engine, the same way in every game."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from gamenight.engine import GameError, Kind, Match, NotYourDecision
from gamenight.engine.errors import UnknownSeat
from gamenight.games import game_class, game_ids, make_game
from tests.engine.grab_bag import Bid, GrabBag, GrabBagConfig, GrabBagState

NOT_SEATS: list[Any] = [-1, True, False, "0", 1.0, None, 10**5000]


def dealt(game_id: str, players: int) -> Match:
    """A match of ``game_id`` past its opening chance (cards dealt, dice ready)."""
    match = Match(make_game(game_id, players=players), seed=31)
    match.advance_chance()
    return match


@pytest.mark.parametrize("game_id", game_ids())
def test_views_of_seats_that_do_not_exist_are_refused_in_every_game(game_id: str) -> None:
    """DESIGN: "any seat that does not exist is refused ... the same way in every game".

    Before, Cover Your Cookies showed seat 3's hand to viewer -1 in a 4-player game and raised
    IndexError for viewer 4; now every game answers -1, ``players`` and ``True`` with the same
    typed error, naming the seats there are and that None views as a spectator.
    """
    players = game_class(game_id).config_type.max_players
    match = dealt(game_id, players)
    for viewer in (-1, players, True, "0", 1.0):
        for view in (match.view, lambda v: match.game.view(match.state, v)):
            with pytest.raises(UnknownSeat) as caught:
                view(viewer)
            message = str(caught.value)
            assert f"0 to {players - 1}" in message
            assert "None views as a spectator" in message
    assert match.view(None)["you"] is None
    assert match.view(players - 1)["state"] == match.game.observe(match.state, players - 1)


class LeakyBag(GrabBag):
    """Grab Bag whose view adds the viewer's own bid by indexing (as a hand is indexed)."""

    def observe(self, state: GrabBagState, viewer: int | None) -> dict[str, Any]:
        view = super().observe(state, viewer)
        view["mine"] = state.bids[viewer] if viewer is not None else None
        return view


def test_a_game_that_indexes_by_viewer_cannot_leak_through_the_engine() -> None:
    """The engine check stands in front of the game's own ``observe``.

    Indexing by viewer, -1 is the last seat: the unchecked ``observe`` shows seat 2's secret
    bid to viewer -1 and raises IndexError for viewer 3. ``Game.view`` and ``Match.view``
    refuse both before the game sees them.
    """
    match = Match(LeakyBag(GrabBagConfig(players=3)), seed=5)
    match.advance_chance()
    match.submit(2, Bid(2))
    assert match.game.observe(match.state, -1)["mine"] == 2  # the leak the check prevents
    with pytest.raises(IndexError):
        match.game.observe(match.state, 3)
    for viewer in (-1, 3):
        with pytest.raises(UnknownSeat, match=f"there is no seat {viewer}; seats are 0 to 2"):
            match.view(viewer)
        with pytest.raises(UnknownSeat):
            match.game.view(match.state, viewer)
    assert match.view(2)["state"]["mine"] == 2
    assert match.view(0)["state"]["mine"] is None


@pytest.mark.parametrize("game_id", game_ids())
def test_moves_for_seats_that_do_not_exist_are_refused(game_id: str) -> None:
    """A move made for a seat that does not exist is UnknownSeat, a NotYourDecision."""
    match = dealt(game_id, game_class(game_id).config_type.min_players)
    pending = match.pending
    assert pending.kind is not Kind.CHANCE
    action = match.game.legal_actions(match.state, pending.players[0])[0]
    before = (match.version, copy.deepcopy(match.state))
    for player in [*NOT_SEATS, match.game.players]:
        with pytest.raises(UnknownSeat) as caught:
            match.submit(player, action, match.version)
        assert isinstance(caught.value, NotYourDecision)
        assert isinstance(caught.value, ValueError)
        assert isinstance(caught.value, GameError)
        assert len(str(caught.value)) < 100
    assert (match.version, match.state) == before


def test_true_is_not_seat_one() -> None:
    """``True == 1`` in Python, yet True is not a seat: no view, no legal actions, no move."""
    match = Match(GrabBag(GrabBagConfig(players=3)), seed=5)
    match.advance_chance()
    spectator = "a seat is a seat number, 0 to 2; None views as a spectator; got True"
    with pytest.raises(UnknownSeat, match=spectator):
        match.view(True)
    with pytest.raises(UnknownSeat, match="a player is a seat number, 0 to 2; got True"):
        match.check(True, match.game.legal_actions(match.state, 1)[0])  # type: ignore[arg-type]
