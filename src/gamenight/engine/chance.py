"""Chance that no player can predict: secret seeds and a hash in counter mode.

A match draws every die roll, shuffle and deal from a :class:`ChanceRng`. Python's own
``random.Random`` (the Mersenne Twister) would let a seat that sees enough of its own cards rebuild
the generator and foresee every hand; the seeds were small enough to try them all, too. So:

- a match's default seed is :func:`new_seed`: 128 bits from :mod:`secrets`, so seeds cannot be
  enumerated, and a seed given by hand is a whole number from 0 to ``2**256 - 1``;
- the seed is turned into a 256-bit key (BLAKE2b), and the draws are the output of SHAKE-256 over
  the key and a block counter (``key || "F" || counter`` for numbers in [0, 1),
  ``key || "B" || counter`` for whole bits). Without the key, past draws say nothing about future
  ones; with the seed, the draws are exactly the same on every machine, so replay stays exact.

:class:`ChanceRng` is a ``random.Random``, so ``random()``, ``choice``, ``choices``, ``shuffle``,
``sample`` and ``randrange`` work unchanged: ``random()`` returns a multiple of ``2**-52`` (52
random bits, read from one hash call per block of numbers: 32, 64 and 128 for the first blocks,
so that a short game hashes little, then 256), and the whole-number methods draw unbiased values
by rejection (from the top bits of ``random()`` below ``2**52``, else from ``getrandbits``). What
it costs is measured by ``bench/bench_chance.py`` (figures in ``docs/benchmarks.md``).
"""

from __future__ import annotations

import hashlib
import itertools
import operator
import random
import secrets
from collections.abc import Iterator
from typing import Any, cast

from gamenight.engine.errors import ConfigError, brief

#: Bits of entropy in a match's default seed.
SEED_BITS = 128
#: The largest seed a match accepts (seeds are 0 to ``MAX_SEED``).
MAX_SEED = 2**256 - 1
#: ``getstate()`` tags its state with this version.
STATE_VERSION = "gamenight-chance/1"

_BLOCK = 256  # numbers per hash call, from the fourth block on (the first three: 32, 64, 128)
_BLOCK_BYTES = 8 * _BLOCK  # bytes per hash call of the bit stream
_EXPONENT = b"\x3f" * _BLOCK  # sign 0 and exponent 0x3ff: a double in [1, 2)
_NIBBLE = bytes(0xF0 | (b & 0x0F) for b in range(256))  # exponent's low bits, 4 random bits


def new_seed() -> int:
    """A fresh secret seed: :data:`SEED_BITS` random bits from :mod:`secrets`."""
    return secrets.randbits(SEED_BITS)


def check_seed(seed: object) -> int:
    """``seed`` if it is a whole number from 0 to :data:`MAX_SEED`; else :class:`ConfigError`."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ConfigError(f"a seed is a whole number from 0 to 2**256 - 1, got {brief(seed)}")
    if not 0 <= seed <= MAX_SEED:
        raise ConfigError(f"a seed is a whole number from 0 to 2**256 - 1, got {brief(seed)}")
    return int(seed)


def _key(seed: int) -> bytes:
    return hashlib.blake2b(b"%d" % seed, digest_size=32, person=b"gamenight-chance").digest()


def _size(block: int) -> int:
    """How many numbers block ``block`` holds: small first blocks keep a short game cheap."""
    return min(32 << block, _BLOCK)


def _start(block: int) -> int:
    """How many numbers come before block ``block``."""
    return 32 * ((1 << block) - 1) if block <= 3 else 224 + _BLOCK * (block - 3)


def _floats(key: bytes, block: int) -> list[float]:
    """Block ``block`` of the number stream, as doubles in [1, 2) (52 random mantissa bits)."""
    size = _size(block)
    raw = hashlib.shake_256(key + b"F" + block.to_bytes(8, "little")).digest(8 * size)
    # Each little-endian 8-byte word becomes a double with exponent 0x3ff: byte 7 is the sign
    # and the exponent's high bits, byte 6 the exponent's low bits and the mantissa's top 4.
    buf = bytearray(raw)
    buf[7::8] = _EXPONENT[:size]
    buf[6::8] = raw[6::8].translate(_NIBBLE)
    return cast(list[float], memoryview(buf).cast("d").tolist())


def _bytes(key: bytes, block: int) -> bytes:
    """Block ``block`` of the bit stream."""
    return hashlib.shake_256(key + b"B" + block.to_bytes(8, "little")).digest(_BLOCK_BYTES)


class _Numbers:
    """The number stream's blocks: which comes next, and the one being read.

    Kept apart from the generator so that the iterator ``random`` steps through does not refer
    back to the generator (no reference cycle: a finished match's generator is freed at once).
    """

    __slots__ = ("block", "current", "key")

    def __init__(self, key: bytes, block: int) -> None:
        self.key = key
        self.block = block
        self.current: Iterator[float] = iter(())

    def next_block(self, _: None) -> Iterator[float]:
        self.current = iter(_floats(self.key, self.block))
        self.block += 1
        return self.current

    def used(self) -> int:
        """How many numbers have been read."""
        return _start(self.block) - operator.length_hint(self.current)


class ChanceRng(random.Random):
    """A deterministic generator whose future draws cannot be predicted from past ones.

    >>> a, b = ChanceRng(7), ChanceRng(7)
    >>> [a.randrange(6) for _ in range(8)] == [b.randrange(6) for _ in range(8)]
    True
    >>> a.random() == b.random() and 0.0 <= a.random() < 1.0
    True
    """

    _seed: int
    _key: bytes
    _numbers: _Numbers
    _bits: bytes
    _bits_block: int
    _bits_at: int

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)

    def seed(self, a: Any = None, version: int = 2) -> None:
        """Start over from seed ``a`` (a whole number; ``None``: a fresh :func:`new_seed`)."""
        if a is None:
            a = new_seed()
        if isinstance(a, bool) or not isinstance(a, int):
            raise TypeError(f"a chance seed is a whole number, got {brief(a)}")
        self._seed = int(a)
        self._key = _key(self._seed)
        self._position(0, 0)
        self.gauss_next = None

    def _position(self, numbers: int, bits_bytes: int) -> None:
        """Set both streams to just after ``numbers`` numbers and ``bits_bytes`` bytes."""
        block = 0
        while _start(block + 1) <= numbers:
            block += 1
        skip = numbers - _start(block)
        self._numbers = _Numbers(self._key, block)
        source = itertools.chain.from_iterable(
            map(self._numbers.next_block, itertools.repeat(None))
        )
        # random() is a C-level iterator step; one hash call fills a block of numbers.
        self.__dict__["random"] = map(operator.sub, source, itertools.repeat(1.0)).__next__
        for _ in range(skip):
            self.random()
        block, at = divmod(bits_bytes, _BLOCK_BYTES)
        if at:
            self._bits_block, self._bits_at, self._bits = block, at, _bytes(self._key, block)
        else:  # as if the block before were used up: the next draw hashes block ``block``
            self._bits_block, self._bits_at, self._bits = block - 1, _BLOCK_BYTES, b""

    def random(self) -> float:
        """A number in [0, 1): a multiple of ``2**-52``, each equally likely."""
        draw: float = self.__dict__["random"]()
        return draw

    def _randbelow(self, n: int) -> int:
        """A whole number in ``range(n)``, each equally likely (``random``'s integer hook).

        Below ``2**52`` it reads the top ``k`` bits of ``random()`` (exactly uniform, as
        ``random()`` is ``m / 2**52`` with ``m`` uniform), rejecting values from ``n`` up;
        larger ranges draw from ``getrandbits``.
        """
        if n <= 0:
            raise ValueError(f"no whole number is below {n}")
        k = n.bit_length()
        if k > 52:
            r = self.getrandbits(k)
            while r >= n:
                r = self.getrandbits(k)
            return r
        draw = self.__dict__["random"]
        scale = 1 << k
        r = int(draw() * scale)
        while r >= n:
            r = int(draw() * scale)
        return r

    def getrandbits(self, k: int) -> int:
        """A whole number of ``k`` random bits."""
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        size = (k + 7) // 8
        at = self._bits_at
        end = at + size
        if end <= _BLOCK_BYTES:
            chunk = self._bits[at:end]
            self._bits_at = end
        else:
            parts = [self._bits[at:]]
            needed = size - (_BLOCK_BYTES - at)
            while needed > 0:
                self._bits_block += 1
                self._bits = _bytes(self._key, self._bits_block)
                take = min(needed, _BLOCK_BYTES)
                parts.append(self._bits[:take])
                self._bits_at = take
                needed -= take
            chunk = b"".join(parts)
        return int.from_bytes(chunk, "little") >> (8 * size - k)

    def getstate(self) -> tuple[Any, ...]:
        """The seed and how far each stream has been read (for ``copy`` and ``pickle``)."""
        numbers = self._numbers.used()
        bits_bytes = self._bits_block * _BLOCK_BYTES + self._bits_at
        return (STATE_VERSION, self._seed, numbers, bits_bytes, self.gauss_next)

    def setstate(self, state: tuple[Any, ...]) -> None:
        """Restore a state from :meth:`getstate`."""
        if not (isinstance(state, tuple) and len(state) == 5 and state[0] == STATE_VERSION):
            raise ValueError(f"not a {STATE_VERSION} state")
        _version, seed, numbers, bits_bytes, gauss_next = state
        self.seed(seed)
        self._position(numbers, bits_bytes)
        self.gauss_next = gauss_next
