"""The server's collector policy: live objects are frozen out of young collections, and a full
collection still comes round to free reference cycles."""

from __future__ import annotations

import asyncio
import gc
import weakref

import pytest

from gamenight.server.collector import CollectorPolicy
from gamenight.server.settings import Settings


class Node:
    """An object that can sit in a reference cycle."""

    def __init__(self) -> None:
        self.other: Node | None = None


def test_start_freezes_and_stop_gives_everything_back() -> None:
    """Started, the live objects are in the permanent generation; stopped, none are."""

    async def run() -> tuple[int, int]:
        policy = CollectorPolicy(freeze_seconds=0.05, full_collection_minutes=60)
        policy.start()
        frozen = gc.get_freeze_count()
        await policy.stop()
        return frozen, gc.get_freeze_count()

    frozen, after = asyncio.run(run())
    assert frozen > 1000
    assert after == 0


def test_a_cycle_frozen_with_the_rest_is_freed_by_the_next_full_collection() -> None:
    """A cycle that became garbage after being frozen survives young collections and is freed
    once the full collection is due."""

    async def run() -> tuple[bool, bool, int]:
        policy = CollectorPolicy(freeze_seconds=0.02, full_collection_minutes=0.2 / 60)
        first, second = Node(), Node()
        first.other, second.other = second, first
        probe = weakref.ref(first)
        policy.start()  # the cycle is alive now, so it is frozen
        await asyncio.sleep(0.05)
        del first, second
        gc.collect(1)
        kept_by_young_collections = probe() is not None
        await asyncio.sleep(0.4)
        freed = probe() is None
        await policy.stop()
        return kept_by_young_collections, freed, policy.full_collections

    kept, freed, fulls = asyncio.run(run())
    assert kept
    assert freed
    assert fulls >= 1


def test_turned_off_it_leaves_the_collector_alone() -> None:
    """``gc_freeze_seconds = 0`` freezes nothing."""

    async def run() -> int:
        policy = CollectorPolicy(freeze_seconds=0, full_collection_minutes=10)
        policy.start()
        count = gc.get_freeze_count()
        await policy.stop()
        return count

    assert asyncio.run(run()) == 0


@pytest.mark.parametrize(
    ("name", "value"), [("GAMENIGHT_GC_FREEZE_SECONDS", "-1"), ("GAMENIGHT_GC_FULL_MINUTES", "0")]
)
def test_bad_collector_settings_are_refused(
    monkeypatch: pytest.MonkeyPatch, name: str, value: str
) -> None:
    """Out-of-range values are refused by the settings, naming the setting."""
    monkeypatch.setenv(name, value)
    with pytest.raises(ValueError, match=name.removeprefix("GAMENIGHT_").lower()):
        Settings()
