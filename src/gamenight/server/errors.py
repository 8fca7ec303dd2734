"""Errors of the room service, each with the HTTP status and code it is answered with."""

from __future__ import annotations


class ServiceError(Exception):
    """A request the service refuses; the message says what was wrong and what is allowed.
    ``reason`` (only for the refusals a person commonly meets: ``no_room``, ``name_taken``,
    ``room_full``, ``match_started``) says which one it is, so that a client may say it in its
    own words and language."""

    status = 400
    code = "bad_request"

    def __init__(self, message: str, reason: str | None = None) -> None:
        super().__init__(message)
        self.reason = reason


class NotFound(ServiceError):
    """No room (or match) of that code (or number)."""

    status = 404
    code = "not_found"


class Unauthorized(ServiceError):
    """A host action without the host token."""

    status = 401
    code = "unauthorized"


class Forbidden(ServiceError):
    """A token that is not the room's host token."""

    status = 403
    code = "forbidden"


class Conflict(ServiceError):
    """The room is not in a state that allows it (seat taken, match on, match not over)."""

    status = 409
    code = "conflict"


class Invalid(ServiceError):
    """A value the game refuses (unknown game, option out of range, unknown bot)."""

    status = 422
    code = "invalid"


class InvalidOption(Invalid):
    """A game option the game refuses: ``option`` names it (its field name, as in
    ``gamenight list``), so that a client may point at the field it shows for it."""

    def __init__(self, message: str, option: str) -> None:
        super().__init__(message)
        self.option = option


class Unavailable(ServiceError):
    """The database cannot be reached."""

    status = 503
    code = "unavailable"
