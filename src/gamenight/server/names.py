"""Display names: what a name may hold, the form it is stored and shown in, and when two names
are the same name.

A name is NFKC-normalised ("Ｂｏｂ" in full-width letters is "Bob"), loses the invisible
characters a paste brings along (a zero-width space, a direction mark, a word joiner, spaces at
either end; a joiner inside an emoji family stays), and is refused, saying which character and
why, when it holds a control character (C0, DEL or C1: U+0080 to U+009F), a line or paragraph
separator (U+2028, U+2029), a noncharacter (U+FFFF, U+FDD0...), a private-use or surrogate code
point, or any other format character (a right-to-left override, a soft hyphen). Emoji tag
sequences (the flag of Scotland) keep their tags.

Two names are the same name when their keys (:func:`name_key`) are equal: the Unicode TR39
confusable skeleton (``disarm.skeleton_key``: "Вов" in Cyrillic letters is "Bob"), case folded,
spaces collapsed, without combining accents ("Bob" with a dot above is "Bob", "Zoë" is "Zoe").
"""

from __future__ import annotations

import unicodedata

#: The most characters a display name has, once cleaned.
NAME_LENGTH = 24
#: Joiners that a written name may need between two characters (an emoji family, some scripts).
JOINERS = frozenset("\u200c\u200d")
#: Invisible characters a paste brings along, taken out without a word: a zero-width space, a
#: left-to-right or right-to-left mark, a word joiner, a zero-width no-break space (BOM).
DROPPED = frozenset("\u200b\u200e\u200f\u2060\ufeff")
#: Tag characters: allowed only in an emoji tag sequence (after U+1F3F4 WAVING BLACK FLAG).
TAGS = range(0xE0020, 0xE0080)
BLACK_FLAG = "\U0001f3f4"
#: Blocks of combining accents, which a name's key leaves out (script-specific vowel signs,
#: which are marks too, stay).
ACCENT_BLOCKS = (
    (0x0300, 0x036F),
    (0x1AB0, 0x1AFF),
    (0x1DC0, 0x1DFF),
    (0x20D0, 0x20FF),
    (0xFE20, 0xFE2F),
)


class BadName(ValueError):
    """A display name refused: the message says what was wrong (and names the character)."""


def _named(c: str) -> str:
    name = unicodedata.name(c, "")
    return f"U+{ord(c):04X}" + (f" ({name})" if name else "")


def noncharacter(c: str) -> bool:
    """Whether ``c`` is one of Unicode's 66 noncharacters (U+FDD0..U+FDEF, U+xFFFE, U+xFFFF)."""
    code = ord(c)
    return 0xFDD0 <= code <= 0xFDEF or code & 0xFFFE == 0xFFFE


def refusal(c: str) -> str | None:
    """Why a name may not hold ``c`` (``None``: it may)."""
    kind = unicodedata.category(c)
    if kind == "Cc":
        return f"a name may not hold a control character ({_named(c)})"
    if kind in ("Zl", "Zp"):
        return f"a name is one line: it may not hold {_named(c)}"
    if noncharacter(c):
        return f"a name may not hold a noncharacter ({_named(c)})"
    if kind == "Co":
        return (
            f"a name may not hold a private-use character ({_named(c)}): each device shows "
            "it differently"
        )
    if kind == "Cs":
        return f"a name may not hold a lone surrogate ({_named(c)})"
    return None


def _kept(text: str, i: int) -> bool | None:
    """Whether the format character at ``i`` stays (``True``), goes without a word (``False``),
    or is refused (``None``). Only called for category Cf."""
    c = text[i]
    if c in DROPPED:
        return False
    if ord(c) in TAGS:
        before = text[i - 1] if i else ""
        return True if before == BLACK_FLAG or (before and ord(before) in TAGS) else None
    if c in JOINERS:
        if i == 0 or i == len(text) - 1:
            return False
        around = (text[i - 1], text[i + 1])
        return not any(n.isspace() or unicodedata.category(n) == "Cf" for n in around)
    return None


def clean_name(value: str) -> str:
    """``value`` as a display name is stored and shown, or :class:`BadName` saying why not."""
    for c in value:
        reason = refusal(c)
        if reason is not None:
            raise BadName(reason)
    text = unicodedata.normalize("NFKC", value)
    kept = []
    for i, c in enumerate(text):
        if unicodedata.category(c) == "Cf":
            keep = _kept(text, i)
            if keep is None:
                raise BadName(f"a name may not hold the invisible format character {_named(c)}")
            if not keep:
                continue
        kept.append(c)
    name = "".join(kept).strip()
    if not any(unicodedata.category(c)[0] in "LNPS" for c in name):
        raise BadName("a name needs at least one letter, digit or symbol that shows")
    if len(name) > NAME_LENGTH:
        raise BadName(f"a name is {NAME_LENGTH} characters at most; this one is {len(name)}")
    return name


def _accent(c: str) -> bool:
    code = ord(c)
    return any(low <= code <= high for low, high in ACCENT_BLOCKS)


def name_key(name: str) -> str:
    """What two names that look the same have in common: the TR39 confusable skeleton (with
    invisible characters dropped, NFKC, case folded), spaces collapsed, combining accents left
    out. Two people whose names have the same key cannot sit in one room ("Вов" beside "Bob",
    "Host" beside "Host" with a zero-width space: nobody could tell them apart)."""
    from disarm import skeleton_key  # the confusables table loads on first use

    skeleton = skeleton_key(name)
    bare = "".join(c for c in unicodedata.normalize("NFD", skeleton) if not _accent(c))
    key = unicodedata.normalize("NFC", bare).casefold()
    return " ".join(key.split()) or " ".join(name.casefold().split())
