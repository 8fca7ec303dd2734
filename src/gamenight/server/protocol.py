"""The WebSocket protocol: every message in and out is a pydantic model in a discriminated union
on the field ``type``.

A client sends ``act`` (an action made at a version, with when the update of that version
reached the device and when the person tapped, for latency-fair races), ``ping``, ``sync`` (send
me my whole view again), ``coach`` (advise me on my decision, in a game that has a coach) or
``clock`` (the answer to the server's ``clock`` probe). The server sends ``welcome`` once, then
``room`` when the room changes (seats, people coming and going, a match starting), ``update``
after every step (that seat's own view and the step's events as that seat may see them),
``error`` for every refused message, ``pong``, ``advice`` (the answer to ``coach``), ``clock``
(a probe of the round trip and the device's clock) and ``over`` when a match ends.
"""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    TypeAdapter,
    computed_field,
    model_validator,
)

from gamenight.live.updates import By, Reason
from gamenight.server.catalog import table_bots
from gamenight.server.settings import Limits

#: A ``ref`` longer than this is refused (it is echoed in the answer).
REF_LENGTH = 64
#: The largest ``version`` a client may send: the largest whole number a JavaScript client
#: holds exactly (2**53 - 1); a match never comes near it.
MAX_VERSION = 2**53 - 1
#: A device's or the server's time in a message, milliseconds: finite, and no larger than this.
MAX_STAMP = 1e15

Stamp = Annotated[float, Field(ge=-MAX_STAMP, le=MAX_STAMP, allow_inf_nan=False)]


def unprintable(c: str) -> bool:
    """Whether ``c`` is a character no message should carry back: a control character (C0,
    DEL, C1), a lone surrogate (which cannot be written as UTF-8), a line or paragraph
    separator, a private-use character or a noncharacter (U+FFFF and the like)."""
    return unicodedata.category(c) in ("Cc", "Cs", "Co", "Cn", "Zl", "Zp")


def printable(text: str) -> str:
    """``text`` with every :func:`unprintable` character replaced by U+FFFD, so that it can
    always be sent (a refusal may quote what a client sent)."""
    if not any(unprintable(c) for c in text):
        return text
    return "".join("\ufffd" if unprintable(c) else c for c in text)


def safe_ref(value: object) -> str | None:
    """``value`` when it is a ``ref`` that may be echoed (a string of at most 64 characters,
    none of them :func:`unprintable`), else ``None``."""
    if not isinstance(value, str) or len(value) > REF_LENGTH:
        return None
    return None if any(unprintable(c) for c in value) else value


def _checked_ref(value: str | None) -> str | None:
    if value is not None and safe_ref(value) is None:
        raise ValueError("a ref may not hold control characters, separators or noncharacters")
    return value


Ref = Annotated[
    str | None, Field(default=None, max_length=REF_LENGTH), AfterValidator(_checked_ref)
]


class ClientBase(BaseModel):
    """Base of client messages: unknown fields are refused, so a typo is an error, not a no-op;
    types are strict JSON types (``"3"``, ``true`` or ``3.0`` is no whole number)."""

    model_config = ConfigDict(extra="forbid", strict=True)


class Act(ClientBase):
    """Play ``action`` (the game's JSON action) for your seat, chosen from the view of
    ``version``. ``ref`` is echoed in an error about this message.

    ``seen`` and ``tapped`` (both or neither; milliseconds on the device's own clock, the
    clock it answers ``clock`` probes with): when the update of ``version`` reached the
    device, and when the person tapped. In a race or a window the grab then counts from its
    fair time, the person's own reaction time after the update was sent, within a bound
    (``docs/live.md``, "Latency-fair races"); a claim that cannot be true is refused
    (``forged_tap``)."""

    type: Literal["act"]
    action: dict[str, Any]
    version: int = Field(ge=0, le=MAX_VERSION)
    ref: Ref = None
    seen: Stamp | None = None
    tapped: Stamp | None = None

    @model_validator(mode="after")
    def _both_times(self) -> Act:
        if (self.seen is None) != (self.tapped is None):
            raise ValueError("seen and tapped come together (or neither)")
        return self


class Ping(ClientBase):
    """Ask for a ``pong`` (keeps the connection alive, measures the round trip)."""

    type: Literal["ping"]
    ref: Ref = None


class Sync(ClientBase):
    """Ask for your whole current view again (an ``update`` with reason ``joined``)."""

    type: Literal["sync"]
    ref: Ref = None


class Coach(ClientBase):
    """Ask the game's coach about your decision now (Toss Up!, two players: your chance of
    winning if you roll on and if you bank). Answered with an ``advice``."""

    type: Literal["coach"]
    ref: Ref = None


#: The reactions a seat may send: a small fixed set, no free text (family-safe by design).
REACTIONS = ("thumbs_up", "laugh", "wow", "sad", "party", "clap")
ReactionName = Literal["thumbs_up", "laugh", "wow", "sad", "party", "clap"]


class React(ClientBase):
    """Send a reaction to the room (a seated person; as the room's limits allow): everyone in
    the room is told, by your seat."""

    type: Literal["react"]
    reaction: ReactionName
    ref: Ref = None


class ClockAnswer(ClientBase):
    """The answer to the server's ``clock`` probe: its stamp ``server`` as sent, and the
    device's own time ``device`` when the probe arrived (milliseconds; ``performance.now()``
    in a browser). The server measures the round trip on its own clock."""

    type: Literal["clock"]
    server: Stamp
    device: Stamp


ClientMessage = Annotated[
    Act | Ping | Sync | Coach | React | ClockAnswer, Field(discriminator="type")
]
client_message: TypeAdapter[Act | Ping | Sync | Coach | React | ClockAnswer] = TypeAdapter(
    ClientMessage
)


class SeatInfo(BaseModel):
    """A seat as everyone in the room sees it."""

    index: int
    kind: Literal["open", "human", "bot"]
    name: str | None
    bot: str | None = Field(description="the bot's spec, for a bot seat")
    connected: bool = Field(description="whether the seat's person is connected now")
    stand_in: bool = Field(description="whether a bot plays for the seat's person now")
    left: bool = Field(
        default=False,
        description="whether the seat's person gave it up during the matches (the stand-in "
        "plays it; the name stays, to say who left)",
    )


class RoomInfo(BaseModel):
    """A room as anyone with its code sees it."""

    code: str
    game: str
    title: str
    config: dict[str, Any]
    status: Literal["lobby", "playing", "over"]
    match_number: int = Field(description="the current or last match (0: none started yet)")
    seats: list[SeatInfo]
    host: int | None = Field(
        default=None,
        description="the host's seat (its token does what the host token does); None: the "
        "host holds the host token alone",
    )
    limits: Limits
    spectators: int
    paused_by: str | None = Field(
        default=None,
        description="the host's name while the host has paused the match (its clocks stand "
        "still and moves wait); None: not paused",
    )
    storage: Literal["ok", "reconnecting"] = Field(
        default="ok",
        description="reconnecting: the room's match waits for the database (it goes on by "
        "itself once the database is back; nothing is lost)",
    )

    @computed_field(  # type: ignore[prop-decorator]
        description="the bots that can sit at this table (the game as configured, its number "
        "of players included): the levels a host may seat, by name"
    )
    @property
    def bots(self) -> list[str]:
        """The bots that can sit at this table, by name (see :func:`table_bots`)."""
        return table_bots(self.game, self.config)


class ServerBase(BaseModel):
    """Base of server messages."""


class Welcome(ServerBase):
    """The first message on a connection: the room, and which seat you are (``None``: you are
    a spectator). Your view follows in an ``update`` once a match is on. It comes again, with
    ``seat`` ``None``, when the seat's person gives it up: the connection watches from then on."""

    type: Literal["welcome"] = "welcome"
    room: RoomInfo
    seat: int | None


class Room(ServerBase):
    """The room changed: a seat was taken or filled, someone came or went, a match started."""

    type: Literal["room"] = "room"
    room: RoomInfo


class Update(ServerBase):
    """Your view after a change, and the step's events as you may see them.

    ``reason``: ``joined`` (your whole current view), ``start`` (the match's clock started),
    ``step`` (a step was applied) or ``seats`` (a seat changed hands between a person and a
    bot). ``by`` says who made the step; ``timed_out`` is true in your own update only, when the
    server made the step for you because your time ran out (a pass made so is an ordinary
    ``person`` pass to everyone else). ``deciding`` says who is still deciding, never what
    anybody chose; ``time_left`` is the time before the server acts for them. ``earlier`` (with
    ``joined`` only) gives the events of the steps before it, oldest first, as you
    may see them: what happened before you came. An event the game tells carries its
    ``words``: a key of the game's catalogue (``/games/<id>/words/<lang>.json``) and its
    parameters, made from the event as you may see it (docs/words.md).
    """

    type: Literal["update"] = "update"
    match_number: int
    reason: Reason
    version: int
    view: dict[str, Any]
    events: list[dict[str, Any]]
    actor: int | None
    by: By | None
    timed_out: bool = False
    deciding: list[int]
    time_left: float | None
    controllers: list[str | None]
    earlier: list[dict[str, Any]] = []


ErrorCode = Literal[
    "malformed",
    "too_large",
    "rate_limited",
    "spectator",
    "not_started",
    "not_your_decision",
    "stale_version",
    "illegal",
    "game_over",
    "unauthorized",
    "not_found",
    "too_many",
    "paused",
    "reactions_off",
    "forged_tap",
]


class Error(ServerBase):
    """A refused message (or connection), and why. The connection stays open unless the code is
    ``unauthorized`` or ``not_found``. ``stale_version`` messages start with "too slow" and name
    what happened first; ``illegal`` ones carry the rule broken in ``rule`` when the game names
    one. ``forged_tap``: a grab's times cannot be true (a tap claimed before the race reached the
    device); the grab is not played."""

    type: Literal["error"] = "error"
    code: ErrorCode
    message: str
    ref: str | None = None
    rule: str | None = None


class Pong(ServerBase):
    """The answer to a ``ping``."""

    type: Literal["pong"] = "pong"
    ref: str | None = None


class ClockProbe(ServerBase):
    """A probe of the round trip and the device's clock: answer at once with a ``clock``
    carrying ``server`` as it is and your own time. Sent when a connection opens (a few, one
    after the other) and after each ``ping``."""

    type: Literal["clock"] = "clock"
    server: float = Field(description="the server's time when it sent the probe, milliseconds")


class Advice(ServerBase):
    """The coach's answer for your decision at ``version`` (your own view only): ``advice`` as
    the game gives it (Toss Up!: ``roll`` and ``bank``, your chances of winning, and ``best``),
    or ``None`` with ``message`` saying why there is none (not your decision, nothing to
    choose yet, a game or a table the coach does not cover)."""

    type: Literal["advice"] = "advice"
    version: int
    advice: dict[str, Any] | None
    message: str | None = None
    ref: str | None = None


class Over(ServerBase):
    """The match is over: its outcome, and where its signed record is served."""

    type: Literal["over"] = "over"
    match_number: int
    outcome: dict[str, Any]
    record_url: str


class Reaction(ServerBase):
    """A seat sent a reaction (one of the fixed set), shown by that seat for a moment."""

    type: Literal["reaction"] = "reaction"
    seat: int
    reaction: ReactionName


ServerMessage = Annotated[
    Welcome | Room | Update | Error | Pong | Advice | Over | Reaction | ClockProbe,
    Field(discriminator="type"),
]
server_message: TypeAdapter[
    Welcome | Room | Update | Error | Pong | Advice | Over | Reaction | ClockProbe
] = TypeAdapter(ServerMessage)
