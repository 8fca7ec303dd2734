"""The one build step pyproject.toml cannot say: ``GAMENIGHT_COMPILE=1`` compiles the modules
that simulation spends its time in with mypyc (a compiled build, for studies at scale).

Everything else about the package is in ``pyproject.toml``. Without the variable (or with
``GAMENIGHT_COMPILE=0``) the build is pure Python, as it always was. With it, a C compiler and
Python's headers are needed; ``build_backend/gamenight_build.py`` adds mypy to the build's
requirements and refuses an editable install. See docs/benchmarks.md, "The compiled build".
"""

from __future__ import annotations

import os

from setuptools import setup

#: The modules compiled (paths under ``src/gamenight``): the match loop and the card games' rules,
#: which random play at scale spends nearly all its time in. Only code that is handed checked
#: values is listed: mypyc checks argument types at the door of a compiled function (a wrong
#: type is a ``TypeError``), where the Python code would name the mistake itself.
COMPILED = (
    "engine/match.py",
    "sim/driver.py",
    "games/cover_your_cookies/cards.py",
    "games/cover_your_cookies/deck.py",
    "games/cover_your_cookies/game.py",
    "games/cover_your_cookies/resolve.py",
    "games/cover_your_cookies/rules.py",
    "games/cover_your_cookies/state.py",
    "games/paper_toss/cards.py",
    "games/paper_toss/deck.py",
    "games/paper_toss/resolve.py",
    "games/paper_toss/rules.py",
    "games/toss_your_cookies/cards.py",
    "games/toss_your_cookies/deck.py",
    "games/toss_your_cookies/resolve.py",
    "games/toss_your_cookies/rules.py",
)


def compiling() -> bool:
    """Whether ``GAMENIGHT_COMPILE`` asks for a compiled build (``1``; ``0`` or unset: not)."""
    flag = os.environ.get("GAMENIGHT_COMPILE", "").strip()
    if flag not in ("", "0", "1"):
        raise SystemExit(
            f"GAMENIGHT_COMPILE is 1 (a compiled build) or 0 (pure Python), not {flag!r}"
        )
    return flag == "1"


def ext_modules() -> list[object]:
    """The compiled modules, when asked for; none otherwise."""
    if not compiling():
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        raise SystemExit(
            "GAMENIGHT_COMPILE=1 compiles with mypyc, which comes with mypy: build with pip's "
            "build isolation (the default), or install mypy first"
        ) from None

    return list(mypycify([f"src/gamenight/{path}" for path in COMPILED], opt_level="3"))


if __name__ == "__main__":
    setup(ext_modules=ext_modules())
