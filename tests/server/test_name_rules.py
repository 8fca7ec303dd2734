"""The display-name rules without a server: what is stored, what is refused and why, and which
names are one name (the TR39 confusable skeleton, case, width, accents, invisible characters)."""

from __future__ import annotations

import pytest

from gamenight.server.names import BadName, clean_name, name_key

#: An emoji family: a man, a woman and a girl joined by zero-width joiners.
FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467"


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("Ｍｉａ", "Mia"),  # full-width letters: NFKC
        ("\u200bMia\u200b ", "Mia"),  # invisible characters a paste brings are dropped
        (" \u200eLeo\u2060", "Leo"),
        ("ℌal", "Hal"),
        ("Zoë", "Zoë"),
        ("e\u0301", "é"),  # composed
        (
            "\U0001f468\u200d\U0001f469\u200d\U0001f467",
            "\U0001f468\u200d\U0001f469\u200d\U0001f467",
        ),
        ("Ana Lu", "Ana Lu"),
    ],
)
def test_a_name_is_stored_normalised(typed: str, stored: str) -> None:
    assert clean_name(typed) == stored


@pytest.mark.parametrize(
    ("typed", "why"),
    [
        ("A\u0000", "control character (U+0000"),
        ("A\u0080", "control character (U+0080"),
        ("A\u009f", "control character (U+009F"),
        ("A\x7f", "control character (U+007F"),
        ("A\tB", "control character (U+0009"),
        ("A\u2028", "one line: it may not hold U+2028"),
        ("A\ufffe", "noncharacter (U+FFFE"),
        ("A\U0010ffff", "noncharacter (U+10FFFF"),
        ("A\ue000", "private-use character (U+E000"),
        ("A\u2066B", "invisible format character U+2066"),
        ("A\U000e0041", "invisible format character U+E0041"),  # a tag outside a flag
        ("\u200b", "at least one letter, digit or symbol"),
        ("\u0301", "at least one letter, digit or symbol"),
        ("x" * 25, "24 characters at most; this one is 25"),
        ("\ufdfa" * 2, "24 characters at most"),  # one character, 18 once NFKC spells it out
    ],
)
def test_a_name_with_what_no_name_holds_is_refused_saying_why(typed: str, why: str) -> None:
    with pytest.raises(BadName) as refused:
        clean_name(typed)
    assert why in str(refused.value)


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Bob", "Вов"),  # Cyrillic Ve, o, ve
        ("Bob", "Bob\u0307"),  # a combining dot above
        ("Bob", "bob"),
        ("Bob", "Ｂｏｂ"),
        ("Mia", "Мiа"),  # Cyrillic Em and a
        ("Zoe", "Zoë"),
        ("Paul", "PauI"),  # capital I for l
        ("Ann Lee", "Ann  Lee"),
        ("Host", "Host\u200b"),
    ],
)
def test_look_alike_names_are_one_name(one: str, other: str) -> None:
    assert name_key(clean_name(one)) == name_key(clean_name(other))


@pytest.mark.parametrize(("one", "other"), [("Bob", "Bo"), ("Ann", "Anna"), ("Li", "Lu")])
def test_different_names_stay_different(one: str, other: str) -> None:
    assert name_key(one) != name_key(other)
