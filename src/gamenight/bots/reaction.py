"""How long a person takes to answer a race or a reaction window on a phone: the model bots
react by in live play (and the modelled person of ``bench/bench_fairness.py``).

A reaction is four stages, each from published figures (``docs/live.md`` gives the sources):

1. **notice** that the table changed (a race opened, a card was played, the card you reached for
   is gone): the perceive-decide-act cycle of the Model Human Processor, 100 + 70 + 70 ms
   (Card, Moran & Newell 1983). Skipped for the next grab of a player already grabbing.
2. **consider**, in a reaction window only: read what was played and decide whether to answer
   at all (a pass is a decision too), about two reading fixations and a decision, 0.6 s.
3. **choose** among the distinct moves on offer: Hick-Hyman, 150 ms per bit, with
   ``log2(n + 1)`` bits for ``n`` choices (Card, Moran & Newell 1983).
4. **tap**: a Fitts-style touch movement to a card about 1 cm wide some 3 cm from the thumb,
   ``log2(3 / 1 + 1) = 2`` bits at a smartphone finger throughput of 6.95 bits/s (MacKenzie
   2015), plus the touch screen's own latency, 80 ms (Ng et al. 2012 measured 50-200 ms), and
   the phone's network round trip, 2 x 40 ms (the race reaches the phone, the tap comes back).

Reaction times are not normal: they have a long right tail. A draw is ex-Gaussian (the
classic fit of reaction-time data, Luce 1986): a normal part around the stages' sum (spread
12%) plus an exponential tail. A speed level scales the thinking stages (notice, consider,
choose, the tap's movement and the tail); latency and network stay. ``normal`` is a typical
adult on a phone; ``relaxed`` takes a third longer, ``quick`` a fifth less (a practised player).

>>> import random
>>> rng = random.Random(1)
>>> draws = sorted(reaction_time(rng, "normal", choices=1) for _ in range(2001))
>>> 0.8 < draws[1000] < 1.1  # the median milk-race grab of a typical adult, in seconds
True
>>> reaction_time(rng, "slow", choices=1)
Traceback (most recent call last):
...
gamenight.engine.errors.ConfigError: bot speed must be one of relaxed, normal, quick; got 'slow'
"""

from __future__ import annotations

import math
import random

from gamenight.engine.errors import ConfigError

#: The speed levels a host chooses per room: the factor on every thinking stage.
SPEEDS: dict[str, float] = {"relaxed": 1.3, "normal": 1.0, "quick": 0.85}
#: Noticing a change on the screen, seconds (Model Human Processor: 100 + 70 + 70 ms).
NOTICE = 0.24
#: Reading what was played in a window and deciding whether to answer at all, seconds.
CONSIDER = 0.6
#: Hick-Hyman choice time, seconds per bit.
PER_BIT = 0.15
#: The tap's index of difficulty, bits (a 1 cm card 3 cm away).
TAP_BITS = 2.0
#: Finger throughput on a smartphone, bits per second (MacKenzie 2015).
TOUCH_THROUGHPUT = 6.95
#: The touch screen's latency, seconds.
TOUCH_LATENCY = 0.08
#: A phone's network round trip, seconds (the update down, the tap up).
NETWORK = 0.08
#: The normal part's spread, as a share of its mean; and the mean of the exponential tail.
SPREAD = 0.2
TAIL = 0.15
#: Nobody taps sooner than this after a change (a guard against the normal part's left tail).
QUICKEST = 0.3


def speed_factor(speed: str) -> float:
    """The factor of a speed level (``ConfigError`` for an unknown one)."""
    factor = SPEEDS.get(speed)
    if factor is None:
        levels = ", ".join(SPEEDS)
        raise ConfigError(f"bot speed must be one of {levels}; got {speed!r}")
    return factor


def thinking(speed: str, choices: int, *, fresh: bool = True, window: bool = False) -> float:
    """The mean of the thinking stages, seconds (before the tail, latency and network)."""
    bits = math.log2(max(1, choices) + 1)
    stages = (
        (NOTICE if fresh else 0.0)
        + (CONSIDER if window else 0.0)
        + PER_BIT * bits
        + TAP_BITS / TOUCH_THROUGHPUT
    )
    return stages * speed_factor(speed)


def reaction_time(
    rng: random.Random,
    speed: str,
    choices: int,
    *,
    fresh: bool = True,
    window: bool = False,
    network: float = NETWORK,
) -> float:
    """Seconds from the moment a change is on the table to the moment the answer lands, for
    a person at ``speed`` choosing among ``choices`` distinct moves.

    ``fresh``: they must first notice the change (``False`` for the next grab of a player
    already grabbing). ``window``: a reaction window, where whether to answer at all is
    decided first. ``network``: the round trip between the table and their screen.
    """
    factor = speed_factor(speed)
    mean = thinking(speed, choices, fresh=fresh, window=window)
    body = rng.gauss(mean, SPREAD * mean) + rng.expovariate(1.0 / (TAIL * factor))
    return max(QUICKEST, body) + TOUCH_LATENCY + network
