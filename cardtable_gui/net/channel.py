"""The secret channel of one connection: a key from the join code, then sealed messages.

Both sides run SPAKE2 with the join code as the password. Each learns the same key when
both typed the same code, and someone who listens, or who connects with a wrong code,
learns nothing about the code and gets one guess per connection. Every later message
is sealed with ChaCha20-Poly1305 under a key for its direction and numbered: a message
changed on the way fails its tag, and an old message sent again arrives out of turn;
either is refused.
"""

from __future__ import annotations

import enum

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from spake2 import SPAKE2_Symmetric
from spake2.spake2 import SPAKEError

EXCHANGE_ID = b"cardtable join v1"
_COUNTER_BYTES = 8


class ChannelError(Exception):
    """A message of this connection could not be trusted; the connection must close."""


class WrongCode(ChannelError):
    """The key exchange gave the two sides different keys: the codes typed differ."""


class TamperedMessage(ChannelError):
    """A sealed message failed its authentication: changed on the way, or not ours."""


class ReplayedMessage(ChannelError):
    """A sealed message arrived out of turn: an old one sent again, or one skipped."""


class Side(enum.Enum):
    """Which end of the connection this is; each direction has its own key."""

    HOST = "host"
    GUEST = "guest"

    @property
    def other(self) -> Side:
        return Side.GUEST if self is Side.HOST else Side.HOST


class KeyExchange:
    """One side's half of the SPAKE2 exchange over a join code."""

    def __init__(self, code: str) -> None:
        self._spake = SPAKE2_Symmetric(code.encode(), idSymmetric=EXCHANGE_ID)
        self.outbound = self._spake.start()
        """The message to send to the other side."""

    def finish(self, inbound: bytes, side: Side) -> Channel:
        """The channel keyed by the other side's message. Raises ``WrongCode`` when the
        message is not a valid exchange message; a wrong code is found on the first
        message that fails to open."""
        try:
            key = self._spake.finish(inbound)
        except (SPAKEError, ValueError, TypeError, AssertionError):
            raise WrongCode("The key exchange failed.") from None
        return Channel(key, side)


class Channel:
    """Seals what this side sends and opens what it receives, in order."""

    def __init__(self, key: bytes, side: Side) -> None:
        self._sealer = ChaCha20Poly1305(_direction_key(key, side))
        self._opener = ChaCha20Poly1305(_direction_key(key, side.other))
        self._sent = 0
        self._received = 0

    def seal(self, message: bytes) -> bytes:
        """``message`` encrypted and authenticated, with its number in front."""
        counter = self._sent.to_bytes(_COUNTER_BYTES, "big")
        self._sent += 1
        return counter + self._sealer.encrypt(_nonce(counter), message, counter)

    def open(self, frame: bytes) -> bytes:
        """The message inside ``frame``. Raises ``ReplayedMessage`` when it is not the
        next one expected and ``TamperedMessage`` when its tag does not hold."""
        counter = frame[:_COUNTER_BYTES]
        if len(counter) < _COUNTER_BYTES or int.from_bytes(counter, "big") != self._received:
            raise ReplayedMessage("A message arrived out of turn.")
        try:
            message = self._opener.decrypt(_nonce(counter), frame[_COUNTER_BYTES:], counter)
        except InvalidTag:
            raise TamperedMessage("A message failed its authentication.") from None
        self._received += 1
        return message


def _direction_key(key: bytes, sender: Side) -> bytes:
    """The key of the messages ``sender`` seals, derived from the exchange's key."""
    info = b"cardtable " + sender.value.encode()
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=info).derive(key)


def _nonce(counter: bytes) -> bytes:
    return bytes(12 - len(counter)) + counter
