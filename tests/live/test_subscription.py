"""A subscription handed to a listener (``Subscription.listen``): the updates queued before
come first, in order, then each update as it is pushed, in the pusher's own call; nothing is
queued any more, and nothing comes after the end."""

from __future__ import annotations

import asyncio

from gamenight.live.updates import Subscription, Update


def update(version: int) -> Update:
    return Update(reason="step", version=version, view={"version": version})


def test_a_listener_gets_the_queued_updates_first_then_each_as_it_is_pushed() -> None:
    async def go() -> None:
        sub = Subscription(viewer=0, max_backlog=10)
        sub.push(update(1))
        sub.push(update(2))
        heard: list[int] = []
        sub.listen(lambda u: heard.append(u.version))
        assert heard == [1, 2]
        sub.push(update(3))
        assert heard == [1, 2, 3]  # at once, no task switch
        assert sub.pending() == 0
        for version in range(4, 30):  # no backlog limit: the listener keeps its own
            sub.push(update(version))
        assert heard == list(range(1, 30)) and not sub.closed
        sub.close("over")
        sub.push(update(30))
        assert heard[-1] == 29 and sub.closed_because == "over"

    asyncio.run(go())


def test_a_listener_of_an_ended_stream_gets_what_was_queued_and_the_end_stays() -> None:
    async def go() -> None:
        sub = Subscription(viewer=None, max_backlog=10)
        sub.push(update(1))
        sub.close("stopped")
        heard: list[int] = []
        sub.listen(lambda u: heard.append(u.version))
        assert heard == [1]
        assert await sub.get() is None  # a reader still sees the end

    asyncio.run(go())
