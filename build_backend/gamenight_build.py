"""gamenight's build backend: setuptools' own, plus what a compiled build needs.

``GAMENIGHT_COMPILE=1 pip install .`` compiles the simulation's hot modules with mypyc (see
``setup.py``): this backend then adds mypy to the build's requirements, and refuses an editable
install, which would put the compiled modules beside the sources, where they would go on running
in place of every later edit. Without the variable it is setuptools' backend, unchanged.
"""

from __future__ import annotations

import os
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403 (the backend's hooks, as setuptools has them)

#: The compiler, for a compiled build: the same range as the ``dev`` extra's type checker.
MYPY = "mypy>=1.10,<3"


def _compiling() -> bool:
    return os.environ.get("GAMENIGHT_COMPILE", "").strip() == "1"


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    """setuptools' requirements; mypy for a compiled build (asked before setuptools, which runs
    ``setup.py`` to find its own, and a compiled ``setup.py`` needs mypy already)."""
    if _compiling():
        return [MYPY]
    return list(_setuptools.get_requires_for_build_wheel(config_settings))


def build_editable(
    wheel_directory: str,
    config_settings: dict[str, Any] | None = None,
    metadata_directory: str | None = None,
) -> str:
    """setuptools' editable build; refused for a compiled build (see the module's docstring)."""
    if _compiling():
        raise SystemExit(
            "GAMENIGHT_COMPILE=1 makes a compiled build, which is installed with `pip install .`, "
            "not `pip install -e .`: an editable install would leave the compiled modules beside "
            "the sources, and they would run instead of any edit made after"
        )
    return str(_setuptools.build_editable(wheel_directory, config_settings, metadata_directory))
