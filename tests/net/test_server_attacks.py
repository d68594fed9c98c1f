"""What a hostile or broken guest sends ends at the host's door: each is refused by
name, the hostile ones are disconnected, and the host keeps serving everyone else.
Every test talks to 127.0.0.1 only and ends within seconds."""

from __future__ import annotations

import asyncio
import time

import pytest
from net_support import RawGuest
from websockets.exceptions import ConnectionClosed

from cardtable_gui.net.client import GuestClient, Lost
from cardtable_gui.net.messages import PROTOCOL_VERSION, Refused, Welcome, write
from cardtable_gui.net.server import CODE_RETIRED, WRONG_CODE, Arrived, CodeChanged, HostServer, Left, Limits

CODE = "7-tiger-lamp"
LIMITS = Limits(hello_seconds=0.5, rate=20.0, burst=40, wrong_tries=3, ping_seconds=2.0)


@pytest.fixture
def server():
    host = HostServer(CODE, port=0, interface="127.0.0.1", limits=LIMITS, new_code=lambda: "9-otter-plum")
    host.start()
    yield host
    host.stop()


def _arrivals(server: HostServer, seconds: float = 3.0, count: int = 1) -> list[object]:
    found: list[object] = []
    deadline = time.monotonic() + seconds
    while len(found) < count and time.monotonic() < deadline:
        found.extend(server.incoming())
        time.sleep(0.01)
    return found


def _honest_guest_still_gets_in(server: HostServer, name: str = "Ada") -> None:
    guest = GuestClient(f"127.0.0.1:{server.port}", server.code, name)
    guest.start()
    try:
        joined = [a for a in _arrivals(server, count=1) if isinstance(a, Arrived)]
        assert joined and joined[0].message.name == name
        server.send(joined[0].connection, Welcome(seat=1, game="spades", players=4, options={}))
        assert isinstance(guest.wait_for(3), Welcome)
    finally:
        guest.close()
        _arrivals(server, 1.0, count=2)


def test_a_connection_that_never_speaks_is_dropped_and_the_host_stays_responsive(server) -> None:
    async def silent() -> bool:
        raw = RawGuest(server.port)
        await raw.connect()
        return await raw.closed_within(3.0)

    assert asyncio.run(silent())
    _honest_guest_still_gets_in(server)


def test_a_guest_that_says_hello_and_stalls_is_dropped(server) -> None:
    async def stall() -> bool:
        raw = RawGuest(server.port)
        await raw.hello(CODE)
        return await raw.closed_within(3.0)

    assert asyncio.run(stall())
    assert server.incoming() == []


def test_a_guest_of_another_version_is_told_so_by_name(server) -> None:
    async def old() -> object:
        raw = RawGuest(server.port)
        return await raw.hello(CODE, version=PROTOCOL_VERSION - 1)

    answer = asyncio.run(old())
    assert isinstance(answer, Refused) and answer.error == "VersionMismatch"
    assert f"version {PROTOCOL_VERSION}" in answer.message and f"version {PROTOCOL_VERSION - 1}" in answer.message


def test_a_wrong_code_costs_a_connection_and_a_few_wrong_codes_retire_the_code(server) -> None:
    async def guess(code: str) -> list[object]:
        raw = RawGuest(server.port)
        await raw.join(code)
        return await raw.heard(3.0)

    for attempt in range(3):
        heard = asyncio.run(guess(f"{attempt + 2}-tiger-lamp"))
        assert [getattr(m, "error", None) for m in heard] == ["WrongCode"]
        # The try that retires the code says so: the friend asks for the new one.
        said = WRONG_CODE if attempt < 2 else CODE_RETIRED
        assert [getattr(m, "message", None) for m in heard] == [said]
    assert [a for a in _arrivals(server) if isinstance(a, CodeChanged)] == [CodeChanged("9-otter-plum")]
    assert server.code == "9-otter-plum"
    heard = asyncio.run(guess(CODE))
    assert [getattr(m, "error", None) for m in heard] == ["WrongCode"]
    _honest_guest_still_gets_in(server)


def test_a_wrong_code_tells_the_guest_plainly(server) -> None:
    guest = GuestClient(f"127.0.0.1:{server.port}", "8-tiger-lamp", "Eve")
    guest.start()
    refused = guest.wait_for(3)
    lost = guest.wait_for(3)
    assert isinstance(refused, Refused) and refused.error == "WrongCode"
    assert "not this game's" in refused.message
    assert "after three wrong tries the host's game takes a new code" in refused.message, "an old code is wrong too"
    assert isinstance(lost, Lost)


def _joined_raw_guest_does(server: HostServer, misdeed) -> tuple[list[object], list[object]]:
    """A guest joins properly, then does ``misdeed``; returns what it heard and what
    the host's main thread was told."""

    async def run() -> list[object]:
        raw = RawGuest(server.port)
        await raw.join(CODE)
        await misdeed(raw)
        return await raw.heard(3.0)

    heard = asyncio.run(run())
    return heard, _arrivals(server, 3.0, count=2)


def test_a_frame_of_ten_megabytes_disconnects_the_sender(server) -> None:
    async def huge(raw: RawGuest) -> None:
        await raw.socket.send(b"x" * (10 * 1024 * 1024))

    _, told = _joined_raw_guest_does(server, huge)
    assert any(isinstance(t, Left) and "too large" in t.why for t in told)
    _honest_guest_still_gets_in(server)


def test_a_thousand_messages_a_second_is_a_flood_and_is_cut_off(server) -> None:
    async def flood(raw: RawGuest) -> None:
        # As fast as the guest can send; the host may cut it off before the last one.
        try:
            for _ in range(1000):
                await raw.say(write(Refused(error="x", message="y")))
        except ConnectionClosed:
            pass

    heard, told = _joined_raw_guest_does(server, flood)
    assert "TooManyMessages" in [getattr(m, "error", None) for m in heard]
    assert any(isinstance(t, Left) and "too many" in t.why for t in told)
    _honest_guest_still_gets_in(server)


def test_a_message_with_a_bad_tag_disconnects_the_sender(server) -> None:
    async def forged(raw: RawGuest) -> None:
        sealed = bytearray(raw.channel.seal(b'{"type":"bye"}'))
        sealed[-1] ^= 0x55
        await raw.socket.send(bytes(sealed))

    _, told = _joined_raw_guest_does(server, forged)
    assert any(isinstance(t, Left) and "seal" in t.why for t in told)


def test_an_old_message_sent_again_disconnects_the_sender(server) -> None:
    async def replay(raw: RawGuest) -> None:
        await raw.socket.send(raw.join_frame)

    _, told = _joined_raw_guest_does(server, replay)
    assert any(isinstance(t, Left) and "seal" in t.why for t in told)


@pytest.mark.parametrize(
    "data", [b"{not json", b'{"type":"teleport"}', b'{"type":"act","action":"play AS"}', b"\xff\xfe"]
)
def test_malformed_or_unknown_messages_are_refused_by_name(server, data: bytes) -> None:
    async def garbled(raw: RawGuest) -> None:
        await raw.say(data)
        await asyncio.sleep(0.2)
        await raw.socket.close()

    heard, told = _joined_raw_guest_does(server, garbled)
    assert [getattr(m, "error", None) for m in heard] == ["MalformedMessage"]
    assert [type(t).__name__ for t in told] == ["Arrived", "Left"]
