"""The host's listening end: connections, the key exchange, sealed messages, limits.

``HostServer`` runs an asyncio loop on a thread of its own, so the window never waits
on the network. It knows nothing of games: it lets in the guests who know the join
code, hands what they say to the main thread (``incoming``), and sends what the main
thread gives it (``send``). Everything hostile ends at this door: a silent or stalled
connection, a wrong code, a frame too large, a flood, a message that fails its seal.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import contextlib
import logging
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict
from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from cardtable_gui.net import codes
from cardtable_gui.net.channel import Channel, ChannelError, KeyExchange, Side
from cardtable_gui.net.messages import (
    HOST_ENDED,
    LEFT_ON_PURPOSE,
    PROTOCOL_VERSION,
    Act,
    Bye,
    Hello,
    Join,
    MalformedMessage,
    Refused,
    read_guest,
    read_hello,
    write,
)

DEFAULT_PORT = 47474
"""The TCP port a host listens on unless told otherwise (``--port``)."""
FIRST_FREE_PORT = 1024
"""The lowest port a player may pick: those below are kept for the system's services."""

APP_NAME = "Card Table"

log = logging.getLogger(__name__)

T = TypeVar("T")


class Limits(BaseModel):
    """How much a host puts up with from one connection."""

    model_config = ConfigDict(frozen=True)

    hello_seconds: float = 10.0
    """A new connection must say hello, and then join, within this time."""
    max_frame: int = 256 * 1024
    """The largest message a guest may send, in bytes; a guest's actions are tiny."""
    rate: float = 20.0
    """Messages a second a guest may send on average ..."""
    burst: int = 40
    """... and at once; past that the connection is a flood and is closed."""
    wrong_tries: int = 3
    """Connections with a wrong code before the host stops taking that code."""
    ping_seconds: float = 10.0
    """How often a quiet connection is checked for life (and closed when dead)."""


class HostError(Exception):
    """The host could not start listening (port taken, no such address)."""


class BadPort(ValueError):
    """A port typed that a host cannot listen on."""


def port_number(text: str) -> int:
    """The port typed in ``text``; raises ``BadPort`` with the ports allowed."""
    allowed = f"The port must be a whole number from {FIRST_FREE_PORT} to 65535 (usually {DEFAULT_PORT})."
    try:
        port = int(text.strip())
    except ValueError:
        raise BadPort(allowed) from None
    if not FIRST_FREE_PORT <= port <= 65535:
        raise BadPort(allowed)
    return port


@dataclass(frozen=True, slots=True)
class Arrived:
    """Guest ``connection`` sent ``message`` (its join, an action, or goodbye)."""

    connection: int
    message: Join | Act | Bye


@dataclass(frozen=True, slots=True)
class Left:
    """Guest ``connection`` is gone: ``why`` says how, for the table's words."""

    connection: int
    why: str


WRONG_CODE = (
    "That join code is not this game's. Check it with the host: after three wrong tries "
    "the host's game takes a new code, which the host is shown."
)
"""The refusal of a wrong code. The host cannot tell an old code from a mistyped one
(the code keys the connection), so the words cover both."""

CODE_RETIRED = (
    "That join code is not this game's either, and after three wrong tries the host's game "
    "has taken a new code: ask the host for the one their screen shows now."
)
"""The refusal of the wrong code that made the host take a new one: the friend who
typed it would otherwise go on trying a code that can no longer be right."""


@dataclass(frozen=True, slots=True)
class CodeChanged:
    """Too many wrong codes: the host now takes ``code`` only."""

    code: str


Incoming = Arrived | Left | CodeChanged


class _Guest:
    """One connection after its key exchange: its channel and its queue to send."""

    def __init__(self, number: int, socket: ServerConnection, channel: Channel) -> None:
        self.number = number
        self.socket = socket
        self.channel = channel
        self.outbox: asyncio.Queue[bytes | None] = asyncio.Queue()
        self.tokens: float = 0.0
        self.checked = time.monotonic()


class HostServer:
    """Listens for guests on ``port`` (0: any free port) and passes messages both ways."""

    def __init__(
        self,
        code: str | None = None,
        *,
        port: int = DEFAULT_PORT,
        interface: str = "0.0.0.0",
        limits: Limits | None = None,
        new_code: Callable[[], str] = codes.new_code,
    ) -> None:
        self._code = code if code is not None else new_code()
        self._new_code = new_code
        self._wanted_port = port
        self._interface = interface
        self.limits = limits or Limits()
        self.port = 0
        self._incoming: queue.Queue[Incoming] = queue.Queue()
        self._guests: dict[int, _Guest] = {}
        self._numbers = 0
        self._wrong = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopping: asyncio.Event | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._failure: str | None = None

    @property
    def code(self) -> str:
        return self._code

    # -- life --------------------------------------------------------------------

    def start(self) -> int:
        """Start listening; returns the port. Raises ``HostError`` with a sentence."""
        self._thread = threading.Thread(target=self._run, name="cardtable-host", daemon=True)
        self._thread.start()
        self._ready.wait()
        if self._failure is not None:
            raise HostError(self._failure)
        return self.port

    def stop(self, reason: str = HOST_ENDED) -> None:
        """Say goodbye to every guest and stop listening."""
        loop, stopping = self._loop, self._stopping
        if loop is None or stopping is None or self._thread is None:
            return
        for number in list(self._guests):
            self.send(number, Bye(reason=reason))
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(stopping.set)
        self._thread.join(timeout=5)

    # -- the main thread's side ----------------------------------------------------

    def incoming(self) -> list[Incoming]:
        """Everything guests said since the last call, in order."""
        return drain(self._incoming)

    def send(self, connection: int, message: BaseModel) -> None:
        """Queue ``message`` for ``connection`` (gone connections are skipped)."""
        data = write(message)
        if self._loop is not None:
            with contextlib.suppress(RuntimeError):
                self._loop.call_soon_threadsafe(self._queue, connection, data)

    def drop(self, connection: int, error: str, message: str) -> None:
        """Refuse ``connection`` by name and close it."""
        self.send(connection, Refused(error=error, message=message))
        if self._loop is not None:
            with contextlib.suppress(RuntimeError):
                self._loop.call_soon_threadsafe(self._queue_close, connection)

    # -- the network thread ----------------------------------------------------------

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except Exception as error:  # noqa: BLE001 - the thread must report, never die silently
            log.exception("The host stopped after an error")
            self._failure = self._failure or f"The host stopped: {error}"
        finally:
            self._ready.set()

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stopping = asyncio.Event()
        try:
            server = await serve(
                self._serve,
                self._interface,
                self._wanted_port,
                compression=None,
                max_size=self.limits.max_frame,
                max_queue=4,
                open_timeout=self.limits.hello_seconds,
                ping_interval=self.limits.ping_seconds,
                ping_timeout=self.limits.ping_seconds,
                close_timeout=2,
            )
        except OSError as error:
            self._failure = _port_problem(self._wanted_port, error)
            return
        self.port = _bound_port(server)
        self._ready.set()
        async with server:
            await self._stopping.wait()
            for guest in list(self._guests.values()):
                guest.outbox.put_nowait(None)
            await asyncio.sleep(0.05)
            server.close()

    def _queue(self, connection: int, data: bytes) -> None:
        guest = self._guests.get(connection)
        if guest is not None:
            guest.outbox.put_nowait(data)

    def _queue_close(self, connection: int) -> None:
        guest = self._guests.get(connection)
        if guest is not None:
            guest.outbox.put_nowait(None)

    async def _serve(self, socket: ServerConnection) -> None:
        guest = await self._let_in(socket)
        if guest is None:
            return
        self._guests[guest.number] = guest
        writer = asyncio.create_task(self._write(guest))
        why = "lost the connection"
        try:
            why = await self._read(guest)
        finally:
            self._guests.pop(guest.number, None)
            guest.outbox.put_nowait(None)
            with contextlib.suppress(TimeoutError, ConnectionClosed):
                await asyncio.wait_for(writer, 2)
            self._incoming.put(Left(guest.number, why))
            await socket.close()

    async def _let_in(self, socket: ServerConnection) -> _Guest | None:
        """The key exchange and the join, each within the hello time; None when the
        connection is refused (and closed)."""
        seconds = self.limits.hello_seconds
        try:
            hello = read_hello(await asyncio.wait_for(socket.recv(), seconds))
            if not isinstance(hello, Hello):
                raise MalformedMessage("A hello was expected.")
            if hello.version != PROTOCOL_VERSION:
                await _refuse(socket, "VersionMismatch", _version_words(hello))
                return None
            exchange = KeyExchange(self._code)
            await socket.send(write(Hello(version=PROTOCOL_VERSION, app=APP_NAME, exchange=_b64(exchange.outbound))))
            channel = exchange.finish(_unb64(hello.exchange), Side.HOST)
            first = await asyncio.wait_for(socket.recv(), seconds)
            try:
                join = read_guest(channel.open(_bytes(first)))
            except ChannelError:
                await self._wrong_code(socket)
                return None
            if not isinstance(join, Join):
                raise MalformedMessage("A join was expected.")
        except (TimeoutError, ConnectionClosed):
            await socket.close()
            return None
        except (MalformedMessage, ChannelError, binascii.Error) as error:
            await _refuse(socket, "MalformedMessage", f"That is not how a Card Table guest greets: {error}")
            return None
        self._numbers += 1
        guest = _Guest(self._numbers, socket, channel)
        guest.tokens = float(self.limits.burst)
        self._incoming.put(Arrived(guest.number, join))
        return guest

    async def _wrong_code(self, socket: ServerConnection) -> None:
        self._wrong += 1
        if self._wrong < self.limits.wrong_tries:
            await _refuse(socket, "WrongCode", WRONG_CODE)
            return
        self._wrong = 0
        self._code = self._new_code()
        self._incoming.put(CodeChanged(self._code))
        await _refuse(socket, "WrongCode", CODE_RETIRED)

    async def _read(self, guest: _Guest) -> str:
        """Read the guest's messages until it leaves; returns how it left."""
        while True:
            try:
                frame = await guest.socket.recv()
            except ConnectionClosed as closed:
                if _too_big(closed):
                    return "sent a message too large and was disconnected"
                return "lost the connection"
            if not self._within_rate(guest):
                _refuse_sealed(guest, "TooManyMessages", "Too many messages: disconnected.")
                return "sent too many messages and was disconnected"
            try:
                message = read_guest(guest.channel.open(_bytes(frame)))
            except ChannelError as error:
                log.warning("Guest %s: %s", guest.number, error)
                return "sent a message that failed its seal and was disconnected"
            except MalformedMessage as error:
                _refuse_sealed(guest, "MalformedMessage", f"The host could not read a message: {error}")
                continue
            if isinstance(message, Join):
                _refuse_sealed(guest, "AlreadyJoined", "This connection already has a seat.")
                continue
            self._incoming.put(Arrived(guest.number, message))
            if isinstance(message, Bye):
                return LEFT_ON_PURPOSE

    def _within_rate(self, guest: _Guest) -> bool:
        now = time.monotonic()
        guest.tokens = min(float(self.limits.burst), guest.tokens + (now - guest.checked) * self.limits.rate)
        guest.checked = now
        if guest.tokens < 1.0:
            return False
        guest.tokens -= 1.0
        return True

    async def _write(self, guest: _Guest) -> None:
        while True:
            data = await guest.outbox.get()
            if data is None:
                await guest.socket.close()
                return
            try:
                await guest.socket.send(guest.channel.seal(data))
            except ConnectionClosed:
                return


def drain(box: queue.Queue[T]) -> list[T]:
    """Everything waiting in ``box``, in order, without waiting for more: how the main
    thread takes what a network thread has put there since the last frame."""
    found: list[T] = []
    while True:
        try:
            found.append(box.get_nowait())
        except queue.Empty:
            return found


def _refuse_sealed(guest: _Guest, error: str, message: str) -> None:
    """Refuse what a guest sent, by name, over its channel."""
    guest.outbox.put_nowait(write(Refused(error=error, message=message)))


async def _refuse(socket: ServerConnection, error: str, message: str) -> None:
    """Refuse a connection in the clear (it has no channel yet) and close it."""
    with contextlib.suppress(ConnectionClosed):
        await socket.send(write(Refused(error=error, message=message)))
    await socket.close()


def _too_big(closed: ConnectionClosed) -> bool:
    """Whether the connection closed because a frame was over the size limit."""
    return any(frame is not None and frame.code == 1009 for frame in (closed.rcvd, closed.sent))


def _version_words(hello: Hello) -> str:
    return (
        f"This host speaks Card Table network version {PROTOCOL_VERSION} and yours speaks version "
        f"{hello.version}: both need the same version of Card Table."
    )


def _port_problem(port: int, error: OSError) -> str:
    if port and "in use" in str(error).lower():
        return f"Port {port} is already in use on this computer: close what uses it or host on another port."
    return f"Could not listen on port {port}: {error.strerror or error}."


def _bound_port(server: Server) -> int:
    for sock in server.sockets:
        return int(sock.getsockname()[1])
    raise HostError("The host has no socket.")


def _bytes(frame: Any) -> bytes:
    return frame if isinstance(frame, bytes) else frame.encode()


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


def _unb64(text: str) -> bytes:
    return base64.b64decode(text, validate=True)

