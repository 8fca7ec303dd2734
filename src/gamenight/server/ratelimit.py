"""A token bucket: ``rate`` messages a second on average, bursts of up to ``burst``.

>>> bucket = TokenBucket(rate=1.0, burst=2, now=0.0)
>>> [bucket.take(0.0), bucket.take(0.0), bucket.take(0.0)]
[True, True, False]
>>> bucket.take(1.0)
True
"""

from __future__ import annotations

import time


class TokenBucket:
    """Per-connection rate limit. ``take`` spends one token if there is one."""

    def __init__(self, rate: float, burst: int, now: float | None = None) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.last = time.monotonic() if now is None else now

    def take(self, now: float | None = None) -> bool:
        """Whether a message may go through now (and spend a token for it)."""
        now = time.monotonic() if now is None else now
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False
