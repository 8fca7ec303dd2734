"""Discovery: import every module of a package, so that each can register itself."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable


def import_all(package: str, path: Iterable[str]) -> list[str]:
    """Import every direct submodule of ``package`` (skipping private ``_`` names)."""
    names = []
    for info in sorted(pkgutil.iter_modules(list(path)), key=lambda m: m.name):
        if not info.name.startswith("_"):
            importlib.import_module(f"{package}.{info.name}")
            names.append(info.name)
    return names
