"""Server settings come from flags, then the environment, then defaults that need no set-up."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from gamenight.server.command import settings_from
from gamenight.server.matches import live_settings
from gamenight.server.settings import Limits, Settings, default_db_url


def test_defaults_need_no_set_up(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Loopback, port 8000, a SQLite file in the user's data folder, family-table clocks."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    for name in ("GAMENIGHT_HOST", "GAMENIGHT_PORT", "GAMENIGHT_DB_URL"):
        monkeypatch.delenv(name, raising=False)
    settings = Settings()
    assert (settings.host, settings.port) == ("127.0.0.1", 8000)
    assert settings.db_url == default_db_url() == f"sqlite:///{tmp_path}/gamenight/gamenight.db"
    limits = settings.limits
    assert (limits.turn_seconds, limits.reaction_seconds, limits.race_seconds) == (60, 6, 10)
    assert limits.grace_seconds == 30


def test_flags_override_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """``GAMENIGHT_*`` variables (nested with ``__``) are read; flags given win over them."""
    monkeypatch.setenv("GAMENIGHT_PORT", "9001")
    monkeypatch.setenv("GAMENIGHT_DB_URL", "postgresql://u@h/db")
    monkeypatch.setenv("GAMENIGHT_LIMITS__TURN_SECONDS", "120")
    settings = settings_from(port=None, db_url="sqlite:///x.db")
    assert settings.port == 9001
    assert settings.db_url == "sqlite:///x.db"
    assert settings.limits.turn_seconds == 120
    assert settings_from(port=8080).port == 8080


def test_a_room_chooses_its_bots_speed_and_nothing_else_is_accepted() -> None:
    """A room's limits carry the bots' speed in races and windows (``normal`` unless the host
    chooses ``relaxed`` or ``quick``); the live runtime of the room reacts at that speed."""
    assert Limits().bot_speed == "normal"
    assert live_settings(Limits(bot_speed="relaxed"), Settings()).bot_speed == "relaxed"
    with pytest.raises(ValidationError, match="bot_speed"):
        Limits.model_validate({"bot_speed": "slow"})
