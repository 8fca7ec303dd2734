"""A match is serialised: two grabs sent at once from two threads are never both accepted."""

from __future__ import annotations

import contextlib
import json
import threading
import time
from typing import Any

from gamenight.engine import Kind, Match, StaleVersion, replay
from tests.engine.grab_bag import Bid, Grab, GrabBag, GrabBagConfig, GrabBagState


class SlowBag(GrabBag):
    """Grab Bag whose legality check takes a while (and lets other threads run meanwhile).

    Between ``Match.submit``'s check and its apply there is then room for a second thread: with
    no lock, both of two grabs made at the same version pass the check and both are applied.
    """

    def is_legal(self, state: GrabBagState, player: int, action: Any) -> bool:
        time.sleep(0.02)
        return super().is_legal(state, player, action)


def at_race(players: int = 4) -> Match:
    """A Slow Bag match in its grab race, everyone bidding 2."""
    match = Match(SlowBag(GrabBagConfig(players=players, rounds=1)), seed=4)
    match.advance_chance()
    for player in range(players):
        match.submit(player, Bid(2))
    assert match.pending.kind is Kind.RACE
    return match


def grab_at_once(match: Match, players: list[int]) -> dict[int, str]:
    """Every player in ``players`` grabs at the same version, each from its own thread."""
    version = match.version
    start = threading.Barrier(len(players))
    results: dict[int, str] = {}

    def grab(player: int) -> None:
        start.wait()
        try:
            match.submit(player, Grab(), version)
        except StaleVersion as exc:
            results[player] = f"refused: {exc}"
        else:
            results[player] = "accepted"

    threads = [threading.Thread(target=grab, args=(player,)) for player in players]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def test_concurrent_grabs_one_is_accepted_the_others_are_too_slow() -> None:
    """DESIGN: "Races: arrival order decides; a late grab is answered 'too slow'"."""
    for _ in range(3):
        match = at_race()
        version = match.version
        results = grab_at_once(match, list(match.pending.players))
        accepted = [p for p, r in results.items() if r == "accepted"]
        assert len(accepted) == 1, results
        assert match.version == version + 1
        assert sum(match.state.tokens) == 1
        for player, result in results.items():
            if player not in accepted:
                assert f"too slow: the action was made at version {version}" in result
        record = json.loads(json.dumps(match.record()))
        assert replay(record, SlowBag).state == match.state


def test_without_the_lock_both_grabs_would_be_accepted() -> None:
    """The race above is real: with the lock taken out, both grabs pass the check.

    This shows the first test could fail: the lock is what makes one grab too slow.
    """
    both = 0
    for _ in range(5):
        match = at_race(players=2)
        match.lock = contextlib.nullcontext()  # type: ignore[assignment]
        results = grab_at_once(match, [0, 1])
        both += list(results.values()) == ["accepted", "accepted"]
    assert both > 0
