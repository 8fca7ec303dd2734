"""What the HTTP API takes and gives: one pydantic model per request and per answer."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints

from gamenight.server.names import BadName, clean_name
from gamenight.server.protocol import RoomInfo
from gamenight.server.settings import Limits


def _display_name(value: str) -> str:
    try:
        return clean_name(value)
    except BadName as exc:
        raise ValueError(str(exc)) from None


#: A display name: cleaned and checked by :func:`~gamenight.server.names.clean_name` (NFKC, 1
#: to 24 characters that show once invisible characters and surrounding spaces are taken out,
#: no control, separator, noncharacter or other format character). A longer text is refused
#: before it is read.
DisplayName = Annotated[str, StringConstraints(max_length=256), AfterValidator(_display_name)]


#: The most seats a room has; seat numbers run from 0 to ``MAX_SEATS - 1``.
MAX_SEATS = 16
#: The largest match number a path may name (a database's 32-bit integer; a room never
#: plays that many matches).
MAX_MATCH = 2**31 - 1


class Request(BaseModel):
    """Base of request bodies: unknown fields are refused, and a whole number is a JSON whole
    number (``"2"``, ``true`` or ``2.0`` is refused). ``options`` alone takes text for a number
    as the command line does."""

    model_config = ConfigDict(extra="forbid", strict=True)


class RoomLimits(Limits):
    """A new room's time limits, as a request gives them: numbers are JSON numbers (``"5"`` or
    ``true`` is refused; the server's own settings read text from the environment)."""

    model_config = ConfigDict(extra="forbid", strict=True)


class CreateRoom(Request):
    """A new room: the game, its options (as in ``gamenight list``), the number of seats, and
    optionally the creator's display name to take seat 0 at once."""

    game: str = Field(examples=["toss-up"])
    seats: int = Field(ge=1, le=MAX_SEATS, examples=[4])
    options: dict[str, Any] = Field(default_factory=dict, examples=[{"target": 100}])
    limits: RoomLimits = Field(default_factory=RoomLimits)
    name: DisplayName | None = Field(default=None, description="take seat 0 under this name")


class RoomCreated(BaseModel):
    """The new room, the host's token (keep it: it fills seats, starts and offers rematches),
    and the invite link to share. ``seat``/``token``/``ws_url`` are set when the creator took a
    seat."""

    code: str
    invite_url: str
    host_token: str
    room: RoomInfo
    seat: int | None = None
    token: str | None = None
    ws_url: str | None = None


class JoinRoom(Request):
    """Take a seat: a display name, and the seat wanted (default: the first open one)."""

    name: DisplayName
    seat: int | None = Field(default=None, ge=0, le=MAX_SEATS - 1)


class Joined(BaseModel):
    """Your seat and its token: the token is the only way to act for the seat or see its hand,
    so keep it private. Connect to ``ws_url`` (it carries the token)."""

    seat: int
    token: str
    ws_url: str
    room: RoomInfo


class Spectating(BaseModel):
    """Where a spectator connects: the public view only, no token needed."""

    ws_url: str
    room: RoomInfo


class SetBot(Request):
    """Seat a bot: a spec as in ``gamenight list`` (``smart``, ``hold:20``, ``default``)."""

    bot: str = Field(min_length=1, max_length=64, examples=["smart"])


class Left(BaseModel):
    """You gave up your seat and watch from now on (its token is void). ``host_token`` is set
    when you were the host and nobody seated could take the role: you stay the host with it."""

    room: RoomInfo
    host_token: str | None = None


class HandHost(Request):
    """Hand the host role to the person in this seat."""

    seat: int = Field(ge=0, le=MAX_SEATS - 1, examples=[1])


class ReactionsSwitch(Request):
    """Turn the seats' reactions on or off."""

    on: bool = Field(examples=[False])


class Health(BaseModel):
    """The server is up and its database answers (``ok``), or it is up but the database is
    away or a match waits for it (``degraded``: matches wait and go on by themselves once it
    is back)."""

    status: Literal["ok", "degraded"] = "ok"
    database: str
    message: str | None = Field(default=None, description="degraded: why")
    down_seconds: float | None = Field(
        default=None, description="degraded: how long the database has not answered"
    )
    waiting_rooms: int | None = Field(
        default=None, description="degraded: how many rooms' matches wait for the database"
    )


class Problem(BaseModel):
    """Every refused HTTP request: a code and a sentence saying what was wrong; ``option`` (only
    when a new room's game option was refused) names that option; ``reason`` (only for the
    refusals a person commonly meets: ``no_room``, ``name_taken``, ``room_full``,
    ``match_started``) says which one it is, for a client to say in its own language."""

    error: str
    message: str
    option: str | None = Field(
        default=None, description="the game option refused, by name", examples=["target"]
    )
    reason: str | None = Field(
        default=None,
        description="which common refusal this is (no_room, name_taken, room_full, match_started)",
        examples=["name_taken"],
    )
