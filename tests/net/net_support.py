"""A stand-in for the network, for testing what the host decides without sockets."""

from __future__ import annotations

import asyncio
import base64
import dataclasses
from collections import defaultdict

from pydantic import BaseModel
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from cardtable_gui.cards import Card
from cardtable_gui.net.client import GuestClient
from cardtable_gui.net.channel import Channel, ChannelError, KeyExchange, Side
from cardtable_gui.net.messages import (
    PROTOCOL_VERSION,
    Act,
    Bye,
    Hello,
    Join,
    Refused,
    Update,
    read_hello,
    read_host,
    write,
)
from cardtable_gui.net.server import Arrived, Incoming, Left
from cardtable_gui.seats import AILevel, MatchConfig, SeatConfig, SeatKind


class FakeLink:
    """Takes what a test says guests said, and keeps what the host sends each one."""

    code = "7-tiger-lamp"

    def __init__(self) -> None:
        self.waiting: list[Incoming] = []
        self.sent: dict[int, list[BaseModel]] = defaultdict(list)
        self.dropped: dict[int, str] = {}

    def incoming(self) -> list[Incoming]:
        found, self.waiting = self.waiting, []
        return found

    def send(self, connection: int, message: BaseModel) -> None:
        self.sent[connection].append(message)

    def drop(self, connection: int, error: str, message: str) -> None:
        self.sent[connection].append(Refused(error=error, message=message))
        self.dropped[connection] = error

    # -- what a test says a guest did --------------------------------------------------

    def join(self, connection: int, name: str, seat: int | None = None) -> None:
        self.waiting.append(Arrived(connection, Join(name=name, seat=seat)))

    def act(self, connection: int, action: str, update: int) -> None:
        self.waiting.append(Arrived(connection, Act(action=action, update=update)))

    def leave(self, connection: int, why: str = "lost the connection") -> None:
        self.waiting.append(Left(connection, why))

    def bye(self, connection: int) -> None:
        self.waiting.append(Arrived(connection, Bye()))

    # -- what a test reads ---------------------------------------------------------------

    def updates(self, connection: int) -> list[Update]:
        return [m for m in self.sent[connection] if isinstance(m, Update)]

    def refusals(self, connection: int) -> list[str]:
        return [m.error for m in self.sent[connection] if isinstance(m, Refused)]


def spades_with_friends(friends: tuple[int, ...] = (1, 3), seed: int = 5) -> MatchConfig:
    """Spades: the host in seat 0, friends in ``friends``, a computer elsewhere."""
    seats = []
    for seat in range(4):
        if seat == 0 or seat in friends:
            seats.append(SeatConfig(name="Host" if seat == 0 else f"Friend {seat}", kind=SeatKind.HUMAN))
        else:
            seats.append(SeatConfig(name=f"Bot {seat}", kind=SeatKind.AI, level=AILevel.EASY))
    return MatchConfig(game="spades", seats=tuple(seats), seed=seed)


class RawGuest:
    """A guest that speaks the protocol by hand, to misbehave on purpose."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.socket: ClientConnection | None = None
        self.channel: Channel | None = None
        self.join_frame = b""

    async def connect(self) -> ClientConnection:
        self.socket = await connect(f"ws://127.0.0.1:{self.port}", compression=None, max_size=None, proxy=None)
        return self.socket

    async def hello(self, code: str, *, version: int = PROTOCOL_VERSION) -> Hello | Refused:
        socket = self.socket or await self.connect()
        exchange = KeyExchange(code)
        await socket.send(write(Hello(version=version, app="Card Table", exchange=_b64(exchange.outbound))))
        answer = read_hello(await asyncio.wait_for(socket.recv(), 5))
        if isinstance(answer, Hello):
            self.channel = exchange.finish(base64.b64decode(answer.exchange), Side.GUEST)
        return answer

    async def join(self, code: str, name: str = "Eve") -> None:
        await self.hello(code)
        assert self.channel is not None and self.socket is not None
        self.join_frame = self.channel.seal(write(Join(name=name)))
        await self.socket.send(self.join_frame)

    async def say(self, data: bytes) -> None:
        assert self.channel is not None and self.socket is not None
        await self.socket.send(self.channel.seal(data))

    async def heard(self, seconds: float = 5.0) -> list[object]:
        """Everything the host sends until it closes the connection (or ``seconds``)."""
        assert self.socket is not None
        found: list[object] = []
        try:
            while True:
                frame = await asyncio.wait_for(self.socket.recv(), seconds)
                try:
                    found.append(read_host(self.channel.open(frame)) if self.channel else read_hello(frame))
                except ChannelError:
                    found.append(read_hello(frame))
        except (TimeoutError, ConnectionClosed):
            return found

    async def closed_within(self, seconds: float) -> bool:
        assert self.socket is not None
        try:
            await asyncio.wait_for(self.socket.wait_closed(), seconds)
        except TimeoutError:
            return False
        return True


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


def cards_named(value: object) -> set[Card]:
    """Every card anywhere inside a decoded message value: in dataclasses, tuples,
    lists, sets and dicts (keys too), as a peer reading the message would find them."""
    if isinstance(value, Card):
        return {value}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return set().union(*(cards_named(getattr(value, f.name)) for f in dataclasses.fields(value)))
    if isinstance(value, dict):
        return set().union(*(cards_named(k) | cards_named(v) for k, v in value.items()))
    if isinstance(value, tuple | list | set | frozenset):
        return set().union(*(cards_named(item) for item in value))
    return set()


def cut(client: GuestClient) -> None:
    """The friend's network goes: the connection ends without a goodbye (``Bye``)."""
    loop, outbox, thread = client._loop, client._outbox, client._thread
    assert loop is not None and outbox is not None and thread is not None
    loop.call_soon_threadsafe(outbox.put_nowait, None)
    thread.join(timeout=5)
