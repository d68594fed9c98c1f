"""A guest's end of the connection: reach the host, prove the code, keep talking.

``GuestClient`` runs its own asyncio loop on a thread, like the host, and hands what
the host says to the main thread (``incoming``). A lost connection is reported once as
``Lost`` with words for the table; joining again is a new client with the same code.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import contextlib
import logging
import queue
import threading
from dataclasses import dataclass

from pydantic import BaseModel
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from cardtable_gui.net.channel import Channel, ChannelError, KeyExchange, Side
from cardtable_gui.net.messages import (
    HOST_ENDED,
    PROTOCOL_VERSION,
    Bye,
    Hello,
    Join,
    Lobby,
    MalformedMessage,
    Refused,
    Update,
    Welcome,
    read_hello,
    read_host,
    write,
)
from cardtable_gui.net.server import APP_NAME, DEFAULT_PORT, drain

CONNECT_SECONDS = 10.0
MAX_HOST_FRAME = 8 * 1024 * 1024
"""A whole Hand and Foot view with its events is far below this."""

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Lost:
    """The connection to the host ended; ``why`` is a sentence for the player."""

    why: str


HostSaid = Welcome | Lobby | Update | Refused | Bye | Lost


class GuestClient:
    """Connects to the host at ``address`` (``host`` or ``host:port``) with ``code``
    and asks for a seat as ``name``."""

    def __init__(self, address: str, code: str, name: str, *, seat: int | None = None) -> None:
        self.host, self.port = split_address(address)
        self._code = code
        self._join = Join(name=name, seat=seat)
        self._incoming: queue.Queue[HostSaid] = queue.Queue()
        self._outbox: asyncio.Queue[bytes | None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None

    def again(self, seat: int | None) -> GuestClient:
        """A new client for the same host, code and name, asking for ``seat``: how a
        friend whose connection was lost joins again (it is not started yet)."""
        return GuestClient(f"{_uri_host(self.host)}:{self.port}", self._code, self._join.name, seat=seat)

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="cardtable-guest", daemon=True)
        self._thread.start()

    def incoming(self) -> list[HostSaid]:
        """What the host said since the last call, in order."""
        return drain(self._incoming)

    def wait_for(self, seconds: float) -> HostSaid | None:
        """The next thing the host says, waiting up to ``seconds`` (scripts and tests)."""
        try:
            return self._incoming.get(timeout=seconds)
        except queue.Empty:
            return None

    def send(self, message: BaseModel) -> None:
        """Queue ``message`` for the host (dropped once the connection is gone)."""
        data = write(message)
        if self._loop is not None and self._outbox is not None:
            with contextlib.suppress(RuntimeError):
                self._loop.call_soon_threadsafe(self._outbox.put_nowait, data)

    def close(self, reason: str = "") -> None:
        """Say goodbye and end the connection."""
        self.send(Bye(reason=reason))
        if self._loop is not None and self._outbox is not None:
            with contextlib.suppress(RuntimeError):
                self._loop.call_soon_threadsafe(self._outbox.put_nowait, None)
        if self._thread is not None:
            self._thread.join(timeout=5)

    def _run(self) -> None:
        why = "The connection to the host was lost."
        try:
            why = asyncio.run(self._main())
        except Exception as error:  # noqa: BLE001 - the thread reports, never dies silently
            log.exception("The guest connection stopped after an error")
            why = f"The connection stopped: {error}"
        self._incoming.put(Lost(why))

    async def _main(self) -> str:
        self._loop = asyncio.get_running_loop()
        self._outbox = asyncio.Queue()
        uri = f"ws://{_uri_host(self.host)}:{self.port}"
        try:
            socket = await connect(
                uri, compression=None, max_size=MAX_HOST_FRAME, open_timeout=CONNECT_SECONDS, proxy=None
            )
        except (OSError, TimeoutError, InvalidHandshake, InvalidURI):
            return f"No Card Table host answered at {self.host}:{self.port}."
        async with socket:
            channel = await self._exchange(socket)
            if channel is None:
                return "The host turned the connection down."
            writer = asyncio.create_task(self._write(socket, channel))
            try:
                return await self._read(socket, channel)
            finally:
                writer.cancel()

    async def _exchange(self, socket: ClientConnection) -> Channel | None:
        exchange = KeyExchange(self._code)
        try:
            await socket.send(write(Hello(version=PROTOCOL_VERSION, app=APP_NAME, exchange=_b64(exchange.outbound))))
            answer = read_hello(await asyncio.wait_for(socket.recv(), CONNECT_SECONDS))
            if isinstance(answer, Refused):
                self._incoming.put(answer)
                return None
            channel = exchange.finish(base64.b64decode(answer.exchange, validate=True), Side.GUEST)
            await socket.send(channel.seal(write(self._join)))
        except (TimeoutError, ConnectionClosed, MalformedMessage, ChannelError, binascii.Error):
            return None
        return channel

    async def _read(self, socket: ClientConnection, channel: Channel) -> str:
        while True:
            try:
                frame = await socket.recv()
            except ConnectionClosed:
                return "The connection to the host was lost."
            try:
                message = read_host(channel.open(frame if isinstance(frame, bytes) else frame.encode()))
            except ChannelError:
                refused = _refusal_in_clear(frame)
                if refused is None:
                    return "The host's messages could not be trusted; disconnected."
                self._incoming.put(refused)
                return refused.message
            except MalformedMessage as error:
                log.warning("Unreadable message from the host: %s", error)
                continue
            self._incoming.put(message)
            if isinstance(message, Bye):
                return message.reason or HOST_ENDED

    async def _write(self, socket: ClientConnection, channel: Channel) -> None:
        assert self._outbox is not None
        while True:
            data = await self._outbox.get()
            if data is None:
                await socket.close()
                return
            try:
                await socket.send(channel.seal(data))
            except ConnectionClosed:
                return


def _refusal_in_clear(frame: object) -> Refused | None:
    """The host refuses a wrong code in the clear (there is no shared key to seal with)."""
    try:
        said = read_hello(frame if isinstance(frame, bytes | str) else b"")
    except MalformedMessage:
        return None
    return said if isinstance(said, Refused) else None


class BadAddress(ValueError):
    """A typed host address is not ``host`` or ``host:port``."""


def split_address(address: str) -> tuple[str, int]:
    """``host`` or ``host:port`` (``[v6]:port`` too) as a host and a port. Raises
    ``BadAddress`` with what to type."""
    text = address.strip()
    host, port = text, ""
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        port = rest.removeprefix(":")
    elif text.count(":") == 1:
        host, port = text.split(":")
    if not host or (port and not (port.isdigit() and 0 < int(port) < 65536)):
        raise BadAddress("Type the host's address as a name or number, with :port if it is not the usual port.")
    return host, int(port) if port else DEFAULT_PORT


def _uri_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode()
