"""A lean WebSocket client for the load generator: an ``asyncio.Protocol``, no task per socket.

A benchmark's client must cost little beside the server it loads, on the same cores. The
``websockets`` library's client costs a task, a queue and a frame object per message; this one
does only what the load generator needs (RFC 6455): the opening handshake over plain HTTP/1.1,
text frames out (masked, as a client's must be), text frames in (unmasked, fragmented or
whole), an answer to the server's pings, and the close. It hands each message on as the bytes
of its UTF-8 text, undecoded: the caller reads what it needs from them.
"""

from __future__ import annotations

import asyncio
import base64
import os
import random
from collections.abc import Callable

#: Opcodes (RFC 6455 section 5.2).
CONTINUATION, TEXT, BINARY, CLOSE, PING, PONG = 0x0, 0x1, 0x2, 0x8, 0x9, 0xA


def frame(opcode: int, payload: bytes, mask: bytes) -> bytes:
    """One final client frame: ``payload`` masked with the 4-byte ``mask``."""
    n = len(payload)
    if n < 126:
        head = bytes((0x80 | opcode, 0x80 | n))
    elif n < 1 << 16:
        head = bytes((0x80 | opcode, 0x80 | 126)) + n.to_bytes(2, "big")
    else:
        head = bytes((0x80 | opcode, 0x80 | 127)) + n.to_bytes(8, "big")
    key = (mask * (n // 4 + 1))[:n]
    masked = (int.from_bytes(payload, "big") ^ int.from_bytes(key, "big")).to_bytes(n, "big")
    return head + mask + masked


class LeanSocket(asyncio.Protocol):
    """One client WebSocket. ``on_message(data)`` gets each text message's bytes;
    ``opened`` resolves once the handshake is done (or fails), ``closed`` once the socket is."""

    def __init__(self, host: str, path: str, on_message: Callable[[bytes], None]) -> None:
        loop = asyncio.get_running_loop()
        self.host = host
        self.path = path
        self.on_message = on_message
        self.opened: asyncio.Future[None] = loop.create_future()
        self.closed: asyncio.Future[None] = loop.create_future()
        self.transport: asyncio.Transport | None = None
        self._buffer = bytearray()
        self._fragments: list[bytes] = []
        self._upgraded = False
        self._rng = random.Random()

    # ---- asyncio.Protocol ----------------------------------------------------------------------
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]  # a stream transport (uvloop's too)
        key = base64.b64encode(os.urandom(16)).decode()
        request = (
            f"GET {self.path} HTTP/1.1\r\nHost: {self.host}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        transport.write(request.encode())

    def data_received(self, data: bytes) -> None:
        buffer = self._buffer
        buffer += data
        if not self._upgraded:
            end = buffer.find(b"\r\n\r\n")
            if end < 0:
                return
            status = bytes(buffer[: buffer.find(b"\r\n")])
            del buffer[: end + 4]
            if not status.startswith(b"HTTP/1.1 101"):
                self._fail(ConnectionError(f"handshake refused: {status.decode('latin-1')}"))
                return
            self._upgraded = True
            if not self.opened.done():
                self.opened.set_result(None)
        self._frames()

    def connection_lost(self, exc: Exception | None) -> None:
        self._fail(exc or ConnectionError("closed before the handshake"))
        if not self.closed.done():
            self.closed.set_result(None)

    # ---- sending -------------------------------------------------------------------------------
    def send(self, text: bytes) -> None:
        """Send one text message (its UTF-8 bytes)."""
        self._write(TEXT, text)

    def close(self, code: int = 1000) -> None:
        """Send a close frame and close the socket."""
        if self.transport is not None and not self.transport.is_closing():
            self._write(CLOSE, code.to_bytes(2, "big"))
            self.transport.close()

    def _write(self, opcode: int, payload: bytes) -> None:
        if self.transport is not None and not self.transport.is_closing():
            mask = self._rng.getrandbits(32).to_bytes(4, "big")
            self.transport.write(frame(opcode, payload, mask))

    # ---- receiving -----------------------------------------------------------------------------
    def _frames(self) -> None:
        buffer = self._buffer
        size = len(buffer)
        pos = 0
        while size - pos >= 2:
            first, length = buffer[pos], buffer[pos + 1] & 0x7F
            head = 2
            if length == 126:
                if size - pos < 4:
                    break
                length, head = int.from_bytes(buffer[pos + 2 : pos + 4], "big"), 4
            elif length == 127:
                if size - pos < 10:
                    break
                length, head = int.from_bytes(buffer[pos + 2 : pos + 10], "big"), 10
            if size - pos < head + length:
                break
            payload = bytes(buffer[pos + head : pos + head + length])
            pos += head + length
            opcode = first & 0x0F
            if opcode in (TEXT, BINARY, CONTINUATION):
                if not first & 0x80:  # more fragments follow
                    self._fragments.append(payload)
                    continue
                if self._fragments:
                    payload = b"".join(self._fragments) + payload
                    self._fragments = []
                self.on_message(payload)
            elif opcode == PING:
                self._write(PONG, payload)
            elif opcode == CLOSE:
                if self.transport is not None:
                    self.transport.close()
                break
        del buffer[:pos]

    def _fail(self, exc: BaseException) -> None:
        if not self.opened.done():
            self.opened.set_exception(exc)
            if self.transport is not None:
                self.transport.close()


async def connect_lean(
    base: str, path: str, on_message: Callable[[bytes], None], timeout: float
) -> LeanSocket:
    """A :class:`LeanSocket` open on ``base`` (``http://host:port``) at ``path``."""
    host_port = base.removeprefix("http://")
    host, _, port = host_port.partition(":")
    loop = asyncio.get_running_loop()
    _, sock = await asyncio.wait_for(
        loop.create_connection(lambda: LeanSocket(host_port, path, on_message), host, int(port)),
        timeout,
    )
    await asyncio.wait_for(asyncio.shield(sock.opened), timeout)
    return sock
