"""Seats changing hands, resuming from stored steps, starting and stopping, and bad input."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from gamenight.bots import RandomBot, UnknownBot
from gamenight.engine import (
    GameError,
    GameOver,
    IllegalAction,
    MalformedAction,
    Match,
    NotYourDecision,
    StaleVersion,
    make_game,
)
from gamenight.live import Applied, LiveMatch, LiveSettings, MatchStopped, Update
from tests.live.helpers import GAMES, quick, record_of, run


async def first(sub: Any, wanted: Any) -> Update:
    """The first update on ``sub`` for which ``wanted(update)`` holds."""
    async for update in sub:
        if wanted(update):
            return update
    raise AssertionError("the stream ended first")


def my_turn(update: Update) -> bool:
    return bool(update.view["legal"])


def test_a_seat_handed_to_a_bot_is_played_by_it_and_a_person_can_take_it_back() -> None:
    """Seat 0 leaves: the owner hands it to a bot, which plays its turns; the person's own moves
    are refused meanwhile; they take the seat back and play on."""

    async def main() -> tuple[list[Applied], list[Update], GameError]:
        match = Match(make_game("toss-up"), seed=4)
        stored: list[Applied] = []

        async def persist(applied: Applied) -> None:
            stored.append(applied)

        live = LiveMatch(
            match,
            quick(turn_limit=None),
            controllers=[None, "random"],
            persist=persist,
            rng=random.Random(6),
        )
        sub = live.subscribe(0)
        async with live:
            turn = await first(sub, my_turn)
            action = live.game.action_from_json(turn.view["legal"][0])
            await live.submit(0, action, turn.version)
            await live.set_controller(0, "random")
            seats = await first(sub, lambda u: u.reason == "seats")
            await first(sub, lambda u: u.actor == 0 and u.by == "bot")
            turn = await first(sub, my_turn)
            try:
                await live.submit(
                    0, live.game.action_from_json(turn.view["legal"][0]), turn.version
                )
            except GameError as refused:
                error = refused
            await live.set_controller(0, None)
            back = await first(sub, lambda u: u.reason == "seats")
            turn = back if my_turn(back) else await first(sub, my_turn)
            await live.submit(0, live.game.action_from_json(turn.view["legal"][0]), turn.version)
        return stored, [seats, back], error

    stored, seat_updates, error = run(main())
    bys = [a.by for a in stored if a.player == 0]
    assert bys[0] == "person"
    assert "bot" in bys
    assert bys[-1] == "person"
    assert bys.index("bot") < len(bys) - 1
    assert seat_updates[0].controllers == ("random", "random")
    assert seat_updates[1].controllers == (None, "random")
    assert isinstance(error, NotYourDecision)
    assert str(error) == "seat 0 is played by the bot random now; take the seat back first"


@pytest.mark.parametrize("game_id", GAMES)
def test_a_match_resumes_from_its_stored_steps_and_plays_on_with_fresh_timers(
    game_id: str,
) -> None:
    """The match is stopped mid-game (a restart); the stored steps rebuild it with the same
    seed, and the resumed match arms its clocks again: bots act and the person seat, away, is
    played by its stand-in when its time runs out, to the end."""

    async def first_half() -> tuple[dict[str, Any], int]:
        game = make_game(game_id)
        match = Match(game, seed=17)
        stored: list[Applied] = []

        async def persist(applied: Applied) -> None:
            stored.append(applied)

        controllers = [None, *["random"] * (game.players - 1)]
        live = LiveMatch(match, quick(), controllers=controllers, persist=persist)
        sub = live.subscribe(None)
        async with live:
            await first(sub, lambda u: u.version >= 30 or u.outcome)
        return record_of(match, stored), len(stored)

    async def second_half(record: dict[str, Any]) -> tuple[Match, list[Applied]]:
        stored: list[Applied] = []

        async def persist(applied: Applied) -> None:
            stored.append(applied)

        game_class = type(make_game(game_id))
        players = make_game(game_id).players
        live = LiveMatch.from_record(
            record,
            game_class,
            quick(turn_limit=0.005),
            controllers=[None, *["random"] * (players - 1)],
            persist=persist,
        )
        assert live.version == len(record["steps"])
        async with live:
            await live.finished()
        return live.match, stored

    record, kept = run(first_half())
    assert kept >= 30
    match, stored = run(second_half(record))
    assert match.finished
    assert [a.version for a in stored] == list(range(kept + 1, match.version + 1))
    assert match.record()["steps"][:kept] == record["steps"]
    assert match.seed == record["seed"]
    assert "stand-in" in {a.by for a in stored if a.player == 0}


def test_refusals_are_typed_and_change_nothing() -> None:
    """Every bad submission gets its own typed error, and the match is left as it was."""

    async def main() -> list[tuple[type[GameError], str]]:
        match = Match(make_game("toss-up"), seed=3)
        live = LiveMatch(match, quick(turn_limit=None), names=["Ann", "Bob"])
        refusals: list[tuple[type[GameError], str]] = []
        with pytest.raises(MatchStopped, match="not been started"):
            await live.submit(0, None, 0)
        async with live:
            sub = live.subscribe(None)
            now = await first(sub, lambda u: u.view["pending"]["kind"] == "single")
            seat = now.view["pending"]["players"][0]
            other = 1 - seat
            legal = live.game.legal_actions(match.state, seat)
            before = (match.version, live.game.observe(match.state, None))
            attempts: list[tuple[int, Any, Any]] = [
                (seat, "roll", now.version),  # not an action object
                (seat, legal[0], "7"),  # a version that is not a number
                (seat, legal[0], now.version + 5),  # a version from the future
                (7, legal[0], now.version),  # no such seat
                (other, legal[0], now.version),  # not their decision
            ]
            for who, action, version in attempts:
                try:
                    await live.submit(who, action, version)
                except GameError as error:
                    refusals.append((type(error), str(error)))
            with pytest.raises(MalformedAction):
                await live.submit_json(seat, {"type": "no-such-move"}, now.version)
            assert (match.version, live.game.observe(match.state, None)) == before
        return refusals

    refusals = run(main())
    kinds = [k for k, _ in refusals]
    assert kinds == [
        MalformedAction,
        MalformedAction,
        StaleVersion,
        NotYourDecision,
        NotYourDecision,
    ]
    assert refusals[2][1].startswith("version ")
    assert refusals[3][1] == "there is no seat 7; seats are 0 to 1"


def test_an_illegal_move_is_refused_with_the_rule_it_breaks() -> None:
    """A well-formed move that the rules forbid now is refused as ``IllegalAction``."""

    async def main() -> GameError:
        match = Match(make_game("paper-toss", players=3), seed=2)
        live = LiveMatch(match, quick(turn_limit=None))
        async with live:
            sub = live.subscribe(None)
            now = await first(sub, lambda u: u.view["pending"]["kind"] == "single")
            seat = now.view["pending"]["players"][0]
            legal = live.game.legal_actions(match.state, seat)
            wrong = next(a for a in live.game.all_actions() if a not in legal)
            try:
                await live.submit(seat, wrong, now.version)
            except GameError as error:
                return error
        raise AssertionError("an illegal move was accepted")

    error = run(main())
    assert isinstance(error, IllegalAction)
    assert "is not legal now" in str(error)


def test_lifecycle_after_the_end_and_after_a_stop() -> None:
    """After the end: moves get ``GameOver`` (a late one: too slow), a new subscriber gets the
    final view and its stream ends; after a stop: ``MatchStopped``, and no timer fires any
    more."""

    async def main() -> None:
        match = Match(make_game("toss-up"), seed=8)
        live = LiveMatch(match, quick(), controllers=["random", "random"])
        async with live:
            outcome = await live.finished()
        move = live.game.all_actions()[0]
        with pytest.raises(GameOver):
            await live.submit(0, move, match.version)
        with pytest.raises(StaleVersion, match="too slow"):  # a late move is late, even now
            await live.submit(0, move, match.version - 1)
        late = live.subscribe(1)
        updates = [u async for u in late]
        assert [u.reason for u in updates] == ["joined"]
        assert updates[0].outcome == outcome.to_json()
        assert late.closed_because == "over"

        other = Match(make_game("toss-your-cookies"), seed=8)
        stopped = LiveMatch(other, quick(), controllers=["random"] * 4)
        sub = stopped.subscribe(None)
        stopped.start()
        await first(sub, lambda u: u.version >= 10)
        await stopped.stop()
        version = other.version
        await asyncio.sleep(0.05)  # no bot timer fires after a stop
        assert other.version == version
        assert sub.closed_because == "stopped"
        with pytest.raises(MatchStopped):
            await stopped.finished()
        with pytest.raises(MatchStopped):
            await stopped.submit(0, None, version)

    run(main())


def test_a_failing_store_stops_the_match_and_the_move_is_not_confirmed() -> None:
    """If storing a step fails, nobody is told of it, the mover is answered ``MatchStopped``,
    and ``finished()`` raises the store's error: the owner rebuilds from what was stored."""

    async def main() -> None:
        match = Match(make_game("toss-up"), seed=8)

        async def persist(applied: Applied) -> None:
            if applied.by == "person":
                raise OSError("disk full")

        live = LiveMatch(match, quick(turn_limit=None), persist=persist)
        sub = live.subscribe(None)
        watch = live.subscribe(None)
        async with live:
            now = await first(sub, lambda u: u.view["pending"]["kind"] == "single")
            seat = now.view["pending"]["players"][0]
            action = live.game.legal_actions(match.state, seat)[0]
            with pytest.raises(MatchStopped, match="disk full"):
                await live.submit(seat, action, now.version)
            with pytest.raises(OSError, match="disk full"):
                await live.finished()
        seen = [u.version async for u in watch]
        assert max(seen) == match.version - 1  # the step that failed to store was never told

    run(main())


def test_bad_settings_viewers_and_bots_are_refused_with_clear_errors() -> None:
    """Settings, viewers and bot specs are checked where they are given."""
    with pytest.raises(GameError, match="window_limit must be positive"):
        LiveSettings(window_limit=0)
    with pytest.raises(GameError, match="bot_think needs 0 <= low <= high"):
        LiveSettings(bot_think=(2.0, 1.0))
    match = Match(make_game("toss-up"), seed=1)
    with pytest.raises(UnknownBot, match="unknown bot 'genius'"):
        LiveMatch(match, controllers=[None, "genius"])
    with pytest.raises(MalformedAction, match="2 seats, got 3 controllers"):
        LiveMatch(match, controllers=[None, None, None])
    with pytest.raises(MalformedAction, match="built for seat 0"):
        LiveMatch(match, controllers=[None, RandomBot(match.game, 0, "random")])
    with pytest.raises(UnknownBot, match="unknown bot 'genius'"):
        LiveMatch(match, LiveSettings(stand_in="genius"))
    live = LiveMatch(match)
    for viewer in (-1, 2, True, "0"):
        with pytest.raises(NotYourDecision, match="there is no seat"):
            live.subscribe(viewer)  # type: ignore[arg-type]
    assert live.subscribe(None).pending() == 1  # a spectator is welcome


def test_a_viewer_who_stops_reading_is_dropped_and_can_subscribe_again() -> None:
    """A connection that leaves more than ``max_backlog`` updates unread is dropped (the match
    goes on); subscribing again gives the full current view; unsubscribing ends a stream."""

    async def main() -> None:
        match = Match(make_game("toss-up"), seed=8)
        live = LiveMatch(match, quick(max_backlog=3), controllers=["random", "random"])
        idle = live.subscribe(0)
        gone = live.subscribe(1)
        live.unsubscribe(gone)
        async with live:
            await live.finished()
        assert idle.closed_because == "backlog"
        assert len([u async for u in idle]) == 3
        assert gone.closed_because == "closed"
        assert [u.reason async for u in gone] == ["joined"]
        again = live.subscribe(0)
        final = await again.get()
        assert final is not None
        assert final.view == match.view(0)
        assert final.outcome is not None

    run(main())


async def cover_past_60(
    viewers: tuple[int | None, ...],
) -> tuple[Match, list[Applied], dict[int | None, Update]]:
    """Random bots play Cover Your Cookies (3 seats, seed 5) live past version 60, then stop:
    the match, its stored steps, and the ``joined`` update each of ``viewers`` gets then."""
    match = Match(make_game("cover-your-cookies", players=3), seed=5)
    stored: list[Applied] = []

    async def persist(applied: Applied) -> None:
        stored.append(applied)

    live = LiveMatch(
        match, quick(), controllers=["random"] * 3, persist=persist, rng=random.Random(2)
    )
    watcher = live.subscribe(None)
    async with live:
        await first(watcher, lambda u: u.version >= 60)
        await live.stop()
    joined = {viewer: await anext(aiter(live.subscribe(viewer))) for viewer in viewers}
    return match, stored, joined


def test_a_viewer_who_joins_mid_game_is_told_the_recent_steps_as_they_may_see_them() -> None:
    """A screen that joins (or reloads) mid-game gets, with its ``joined`` update, the events of
    the last steps (up to ``RECAP_STEPS``), oldest first, redacted for it: a Cover Your Cookies
    card drawn by seat 1 is named to seat 1 and to nobody else."""
    from gamenight.live.runtime import RECAP_STEPS

    _match, stored, joined = run(cover_past_60((None, 1, 2)))
    recent = stored[-RECAP_STEPS:]
    for viewer, update in joined.items():
        assert update.reason == "joined" and update.version == stored[-1].version
        expected = [e.for_viewer(viewer) for step in recent for e in step.events]
        assert list(update.earlier) == expected
    drawn = [e for step in recent for e in step.events if e.kind == "drew" and 1 in e.audience]
    assert drawn, "no card drawn by seat 1 among the recent steps"
    seen = {
        viewer: [e for e in update.earlier if e["kind"] == "drew"]
        for viewer, update in joined.items()
    }
    assert any("card" in e for e in seen[1])
    assert not any("card" in e for e in seen[None] + seen[2] if e["player"] == 1)
    assert Update.to_json(joined[1])["earlier"] == list(joined[1].earlier)


def test_a_match_resumed_from_its_record_still_tells_the_recent_steps() -> None:
    """A match rebuilt from its record (a server restart) has lost its steps' events; the
    runtime works them out again, so a screen that joins after the restart gets the same
    recent steps, redacted for it, as it would have before."""
    from gamenight.live.runtime import RECAP_STEPS

    async def after_restart(record: dict[str, Any]) -> dict[int | None, Update]:
        game_class = type(make_game("cover-your-cookies"))
        live = LiveMatch.from_record(record, game_class, quick(), controllers=["random"] * 3)
        return {viewer: await anext(aiter(live.subscribe(viewer))) for viewer in (None, 1)}

    match, stored, before = run(cover_past_60((None, 1)))
    record = record_of(match, stored)
    after = run(after_restart(record))
    for viewer in (None, 1):
        assert after[viewer].version == before[viewer].version
        assert len(after[viewer].earlier) > 0
        assert list(after[viewer].earlier) == list(before[viewer].earlier)
    assert len({step["player"] for step in record["steps"][-RECAP_STEPS:]}) > 1
