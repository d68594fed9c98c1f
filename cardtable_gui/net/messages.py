"""What host and guests say to each other: pydantic models, one per kind of message.

Every message is a JSON object with a ``type``. The first message each way, ``Hello``,
travels in the clear and carries the protocol version and the key exchange; every
later one is sealed by the connection's channel. A message of an unknown type, or one
that does not fit its model, is refused by name (``MalformedMessage``).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from cardtable_gui.seats import PlayerName

PROTOCOL_VERSION = 4
"""Bumped whenever a message changes: a host and a guest must speak the same one."""

LEFT_ON_PURPOSE = "left the game"
"""How a friend who said goodbye (``Bye``) left, in the host's words, as against a
connection that was lost or cut."""

HOST_ENDED = "The host ended the game."
"""What every friend's table says when the host leaves: the game stays on the host's
computer, saved like any game there."""


def away_words(left: bool) -> str:
    """What a friend's plate says while they are away: whether they left on purpose
    (the toast said so) or their connection was lost."""
    return "left the table" if left else "connection lost"


class MalformedMessage(ValueError):
    """A message that is not JSON, has an unknown type, or does not fit its model."""


class _Message(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Hello(_Message):
    """The first message each way, in the clear: who speaks which protocol version, and
    that side's half of the key exchange (base64)."""

    type: Literal["hello"] = "hello"
    version: int
    app: str
    exchange: str = Field(max_length=200)


class Join(_Message):
    """A guest asks for a seat under a name; ``seat`` is the one it wants, if any (a
    guest coming back after a lost connection asks for its old seat)."""

    type: Literal["join"] = "join"
    name: PlayerName
    seat: int | None = None


class Act(_Message):
    """A guest's action, in its text form, made while it saw update ``update``."""

    type: Literal["act"] = "act"
    action: str = Field(max_length=400)
    update: int


class Bye(_Message):
    """The sender is leaving on purpose (not a lost connection)."""

    type: Literal["bye"] = "bye"
    reason: str = Field(default="", max_length=200)


class SeatInfo(_Message):
    """One seat as the lobby and the table name it."""

    name: str
    kind: Literal["host", "friend", "computer", "open"]
    present: bool
    left: bool = False
    """A friend not present who left on purpose, rather than losing the connection."""


class Welcome(_Message):
    """The host gives a guest its seat and what its table needs to set itself up."""

    type: Literal["welcome"] = "welcome"
    seat: int
    game: str
    players: int
    options: dict[str, Any]


class Lobby(_Message):
    """Who sits where, sent whenever that changes; ``started`` once the game is on;
    ``held`` while the host's table holds the computers' moves (the host reads a hand's
    summary or has a page open), so a friend's table can say whom they wait for."""

    type: Literal["lobby"] = "lobby"
    seats: list[SeatInfo]
    started: bool
    held: bool = False


class Update(_Message):
    """What one move did, for one seat: the game's events (all public), the seat's view
    and the public view after them, whose turn it is and, on the seat's own turn, its
    legal actions in text form, and the public score. Updates to a seat are numbered
    from 1. A ``fresh`` update starts the seat's table over from its view (a guest
    joining a game under way, or coming back); its events are the game's so far, to
    keep, not to show again."""

    type: Literal["update"] = "update"
    number: int
    events: list[Any]
    view: Any
    public: Any
    to_move: int | None
    legal: list[str]
    scores: list[int]
    winners: list[int]
    progress: str
    teams: list[list[int]]
    over: bool
    moves: int
    """How many moves the game has seen (0: just dealt)."""
    fresh: bool = False


class Refused(_Message):
    """Something the receiver sent was refused: ``error`` names the reason for programs,
    ``message`` says it for people."""

    type: Literal["refused"] = "refused"
    error: str
    message: str


GuestMessage = Annotated[Join | Act | Bye, Field(discriminator="type")]
HostMessage = Annotated[Welcome | Lobby | Update | Refused | Bye, Field(discriminator="type")]

_GUEST = TypeAdapter(GuestMessage)
_HOST = TypeAdapter(HostMessage)
_HELLO = TypeAdapter(Annotated[Hello | Refused, Field(discriminator="type")])


def read_guest(data: bytes | str) -> Join | Act | Bye:
    """A guest's sealed message, read. Raises ``MalformedMessage``."""
    return _read(_GUEST, data)


def read_host(data: bytes | str) -> Welcome | Lobby | Update | Refused | Bye:
    """The host's sealed message, read. Raises ``MalformedMessage``."""
    return _read(_HOST, data)


def read_hello(data: bytes | str) -> Hello | Refused:
    """The first message, in the clear. Raises ``MalformedMessage``."""
    return _read(_HELLO, data)


def write(message: _Message) -> bytes:
    return message.model_dump_json().encode()


def _read(adapter: TypeAdapter[Any], data: bytes | str) -> Any:
    try:
        return adapter.validate_json(data)
    except ValidationError as error:
        problem = error.errors()[0]
        raise MalformedMessage(f"{problem['msg']} at {'.'.join(map(str, problem['loc'])) or 'the top'}") from None
