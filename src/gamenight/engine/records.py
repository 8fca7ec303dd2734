"""What a match record ends in, and signatures that tell a genuine record from a changed one.

A record (``Match.record()``) carries, besides its steps, the outcome of a finished match and a
digest of the final state; ``replay`` refuses a record whose steps end anywhere else, so changing
one move for another legal one no longer replays quietly as a different game. The digest is a
SHA-256 over a canonical form of the state (:func:`canonical`) that is the same in every process:
sets are sorted by their members' canonical JSON, never by hash order, so neither the set's
iteration order nor ``PYTHONHASHSEED`` can change it.

Anybody can recompute a digest, so a record edited together with its end replays again. A server
therefore signs the records it serves (:func:`sign_record`, HMAC-SHA-256 over the record's
canonical JSON with a key only it holds), and :func:`verify_record` checks one.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import hmac
import json
import math
from collections.abc import Mapping
from typing import Any

from gamenight.engine.errors import MalformedAction

#: The key of a record's signature, and the scheme its value starts with.
SIGNATURE = "signature"
SCHEME = "hmac-sha256:"


def canonical(value: Any) -> Any:
    """JSON data standing for ``value``, equal for equal values in any process.

    Dataclasses, dicts and sets become one-key objects naming what they were, so two different
    values never share a form; tuples and lists become lists; sets and non-string-keyed dicts are
    sorted by the canonical JSON of their members.

    >>> canonical(frozenset({"b", "a"}))
    {'set': ['a', 'b']}
    >>> canonical({2: (1, 2), 1: None})
    {'dict': [[1, None], [2, [1, 2]]]}
    """
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else {"float": repr(value)}
    if isinstance(value, enum.Enum):
        return {"enum": [type(value).__name__, canonical(value.value)]}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = {f.name: canonical(getattr(value, f.name)) for f in dataclasses.fields(value)}
        return {"dataclass": [type(value).__name__, fields]}
    if isinstance(value, tuple | list):
        return [canonical(v) for v in value]
    if isinstance(value, set | frozenset):
        return {"set": sorted((canonical(v) for v in value), key=_sort_key)}
    if isinstance(value, Mapping):
        pairs = [[canonical(k), canonical(v)] for k, v in value.items()]
        return {"dict": sorted(pairs, key=lambda pair: _sort_key(pair[0]))}
    if isinstance(value, bytes | bytearray):
        return {"bytes": bytes(value).hex()}
    raise TypeError(f"a {type(value).__name__} has no canonical form for a record digest")


def _sort_key(value: Any) -> str:
    return canonical_json(value).decode("ascii")


def canonical_json(data: Any) -> bytes:
    """``data`` (JSON data) as compact ASCII JSON with sorted keys: one text per value."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return text.encode("ascii")


def state_digest(state: Any) -> str:
    """``"sha256:<hex>"`` over the canonical JSON of ``state``.

    >>> state_digest({"b": {2, 1}, "a": 0}) == state_digest({"a": 0, "b": {1, 2}})
    True
    """
    return "sha256:" + hashlib.sha256(canonical_json(canonical(state))).hexdigest()


def parse_record(data: str | bytes) -> dict[str, Any]:
    """Read a match record from its JSON text (or UTF-8 bytes) without ever a traceback.

    Raises :class:`MalformedAction` naming what is wrong: not UTF-8, not JSON, nested too deeply,
    a number too long to read (Python refuses integers past 4,300 digits), or not a JSON object.
    The record's fields are checked by ``replay``.
    """
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise MalformedAction(
                f"a match record is UTF-8 text; byte {exc.start} is not"
            ) from None
    try:
        record = json.loads(data)
    except json.JSONDecodeError as exc:
        where = f"{exc.msg}, line {exc.lineno}"
        raise MalformedAction(f"a match record is JSON; this is not ({where})") from None
    except ValueError:  # an integer longer than int() reads
        raise MalformedAction("a match record holds a number too long to read") from None
    except RecursionError:
        raise MalformedAction("a match record is not nested this deeply") from None
    if not isinstance(record, dict):
        raise MalformedAction(f"a match record is a JSON object, not {type(record).__name__}")
    return record


def _check_key(key: object) -> None:
    if not isinstance(key, bytes) or not key:
        raise TypeError("a signing key is a non-empty bytes value")


def _mac(record: Mapping[str, Any], key: bytes) -> str:
    unsigned = {k: v for k, v in record.items() if k != SIGNATURE}
    return SCHEME + hmac.new(key, canonical_json(unsigned), hashlib.sha256).hexdigest()


def sign_record(record: Mapping[str, Any], key: bytes) -> dict[str, Any]:
    """A copy of ``record`` with its ``"signature"`` (HMAC-SHA-256 under ``key``).

    Any earlier signature is replaced. The record must be JSON data.

    >>> signed = sign_record({"format": "x", "steps": []}, b"k")
    >>> signed["signature"].startswith("hmac-sha256:") and verify_record(signed, b"k")
    True
    >>> verify_record({**signed, "steps": [1]}, b"k"), verify_record(signed, b"other")
    (False, False)
    """
    _check_key(key)
    return {**{k: v for k, v in record.items() if k != SIGNATURE}, SIGNATURE: _mac(record, key)}


def verify_record(record: Any, key: bytes) -> bool:
    """Whether ``record`` carries a valid signature under ``key`` (unsigned: ``False``)."""
    _check_key(key)
    if not isinstance(record, Mapping):
        return False
    signature = record.get(SIGNATURE)
    if not isinstance(signature, str):
        return False
    try:
        expected = _mac(record, key)
    except (TypeError, ValueError, RecursionError):  # not JSON data, or too big to write
        return False
    return hmac.compare_digest(signature.encode("utf-8"), expected.encode("ascii"))
