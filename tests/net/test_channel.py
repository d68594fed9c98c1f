"""The join code keys the connection: the same code opens every message, a wrong code
opens none, and a message changed or sent again is refused."""

from __future__ import annotations

import pytest

from cardtable_gui.net.channel import Channel, KeyExchange, ReplayedMessage, Side, TamperedMessage, WrongCode


def _pair(host_code: str, guest_code: str) -> tuple[Channel, Channel]:
    host, guest = KeyExchange(host_code), KeyExchange(guest_code)
    return host.finish(guest.outbound, Side.HOST), guest.finish(host.outbound, Side.GUEST)


def test_the_same_code_opens_messages_both_ways_in_order() -> None:
    host, guest = _pair("7-tiger-lamp", "7-tiger-lamp")
    for number in range(3):
        assert host.open(guest.seal(f"move {number}".encode())) == f"move {number}".encode()
        assert guest.open(host.seal(b"update")) == b"update"


def test_a_wrong_code_opens_nothing() -> None:
    host, guest = _pair("7-tiger-lamp", "8-tiger-lamp")
    with pytest.raises(TamperedMessage):
        host.open(guest.seal(b"join"))


def test_a_message_sent_again_is_refused() -> None:
    host, guest = _pair("7-tiger-lamp", "7-tiger-lamp")
    sealed = guest.seal(b"bid 3")
    host.open(sealed)
    with pytest.raises(ReplayedMessage):
        host.open(sealed)


def test_a_message_changed_on_the_way_is_refused() -> None:
    host, guest = _pair("7-tiger-lamp", "7-tiger-lamp")
    sealed = bytearray(guest.seal(b"bid 3"))
    sealed[-1] ^= 1
    with pytest.raises(TamperedMessage):
        host.open(bytes(sealed))


def test_a_message_of_one_direction_cannot_be_played_back_the_other_way() -> None:
    _, guest = _pair("7-tiger-lamp", "7-tiger-lamp")
    with pytest.raises(TamperedMessage):
        guest.open(guest.seal(b"mine"))


def test_the_sealed_text_does_not_contain_the_message() -> None:
    _, guest = _pair("7-tiger-lamp", "7-tiger-lamp")
    assert b"QS" not in guest.seal(b'{"type":"act","action":"play QS"}')


def test_a_broken_exchange_message_is_a_wrong_code() -> None:
    with pytest.raises(WrongCode):
        KeyExchange("7-tiger-lamp").finish(b"\x00" * 7, Side.HOST)
