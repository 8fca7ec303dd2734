"""Each person's own clock in a race: no single clock hands a hand still grabbing to a stand-in.

A race (the Toss Your Cookies scramble, the race for the tossed milk) can take longer than its
time limit when there are many cards, so the limit is not the race's but each person's: the time
since the race reached them, then since their own last grab. A person whose time runs out has
stepped away; their stand-in races for them, at a bot's speed, until they grab again or the race
is over. The runtime keeps one ``RaceClocks`` and asks it when to set its timer.

>>> clocks = RaceClocks()
>>> person = lambda seat: seat != 2  # seat 2 is a bot
>>> clocks.deadline((0, 1, 2), person, now=0.0, limit=10.0)
10.0
>>> clocks.grabbed(0, now=4.0, by_person=True)
>>> clocks.deadline((0, 1, 2), person, now=4.0, limit=10.0)  # seat 1 has not grabbed yet
10.0
>>> clocks.time_out((0, 1, 2), person, now=10.0, limit=10.0)
>>> sorted(clocks.stand_ins), clocks.deadline((0, 1, 2), person, now=10.0, limit=10.0)
([1], 14.0)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence


class RaceClocks:
    """When each seat last grabbed (or the race reached it), and whose stand-in races now."""

    def __init__(self) -> None:
        self.active: dict[int, float] = {}
        #: The people whose stand-in races for them (they let their limit pass without a grab).
        self.stand_ins: set[int] = set()

    def reset(self) -> None:
        """A new decision: every clock starts afresh when the next race reaches its people."""
        self.active.clear()
        self.stand_ins.clear()

    def grabbed(self, seat: int, now: float, by_person: bool) -> None:
        """``seat`` grabbed at ``now``; a person's own grab takes their seat back."""
        self.active[seat] = now
        if by_person:
            self.stand_ins.discard(seat)

    def racing(self, listed: Sequence[int], is_person: Callable[[int], bool]) -> list[int]:
        """The people still in the race whose stand-in is not racing for them."""
        return [s for s in listed if is_person(s) and s not in self.stand_ins]

    def deadline(
        self, listed: Sequence[int], is_person: Callable[[int], bool], now: float, limit: float
    ) -> float | None:
        """When the first of those people's clocks runs out (``None``: nobody's is running)."""
        people = self.racing(listed, is_person)
        for seat in people:
            self.active.setdefault(seat, now)
        if not people:
            return None
        return min(self.active[s] for s in people) + limit

    def time_out(
        self, listed: Sequence[int], is_person: Callable[[int], bool], now: float, limit: float
    ) -> None:
        """Hand every person whose clock has run out to their stand-in."""
        for seat in self.racing(listed, is_person):
            if self.active.get(seat, now) + limit <= now + 1e-9:
                self.stand_ins.add(seat)
