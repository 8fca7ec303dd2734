"""Secrets out of the server's logs: a seat's token travels in the WebSocket address
(``/ws/<code>?token=...``), and the web server's own log lines quote that address."""

from __future__ import annotations

import logging
import re

#: A token in an address's query (``token=...`` up to the next ``&``, space or quote).
_TOKEN = re.compile(r"(\btoken=)[^&\s\"']+")
#: The loggers that quote request addresses: the access log and the WebSocket lines.
QUOTING_LOGGERS = ("uvicorn.access", "uvicorn.error")


def redact(text: str) -> str:
    """``text`` with every ``token=...`` value hidden.

    >>> redact('127.0.0.1:5 - "WebSocket /ws/ABC234?token=s3cr3t&x=1" [accepted]')
    '127.0.0.1:5 - "WebSocket /ws/ABC234?token=[hidden]&x=1" [accepted]'
    """
    return _TOKEN.sub(r"\1[hidden]", text)


class HideTokens(logging.Filter):
    """Hides tokens in a record's message and in the values it quotes (never drops a line)."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Rewrite the record in place; always keep it."""
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        return True


def hide_tokens_in_logs() -> None:
    """Put :class:`HideTokens` on the loggers that quote addresses (once each)."""
    for name in QUOTING_LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, HideTokens) for f in logger.filters):
            logger.addFilter(HideTokens())
