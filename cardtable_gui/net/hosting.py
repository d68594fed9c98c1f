"""The host's game with friends: who sits where, what each may do, what each is told.

``HostedGame`` sits between the host's ``Match`` (the only authority: it holds the
state, runs the computers and checks every move with the rules) and the connections.
Before the start it keeps the lobby: friends take the seats the host kept for them.
Once the game is on, it relays each move to every friend as an ``Update`` holding the
move's events, which are public, and that friend's own view, nothing else; and it
passes a friend's action to the match only when it is that friend's turn.

The updates are built from a shadow copy of the game that replays the match's moves,
so each friend sees every move with the view it had right after it, however fast the
computers play on the host.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from pydantic import BaseModel

from cardtable_gui.match import Match
from cardtable_gui.net.messages import HOST_ENDED, LEFT_ON_PURPOSE, Act, Bye, Join, Lobby, Refused, SeatInfo, Update, Welcome
from cardtable_gui.net.server import CodeChanged, Incoming, Left
from cardtable_gui.net.names import YOU
from cardtable_gui.net.wire import encode
from cardtable_gui.persistence.saves import describe_progress
from cardtable_gui.rules.base import ActionParseError, Event, GameState, IllegalAction
from cardtable_gui.seats import COMPUTER_NAMES, AILevel, MatchConfig, SeatConfig, SeatKind


class Link(Protocol):
    """What a hosted game needs of the network: ``HostServer`` is one."""

    @property
    def code(self) -> str: ...

    def incoming(self) -> list[Incoming]: ...

    def send(self, connection: int, message: BaseModel) -> None: ...

    def drop(self, connection: int, error: str, message: str) -> None: ...


@dataclass(slots=True)
class FriendSeat:
    """A seat the host keeps for a friend: who took it, and whether they are here."""

    seat: int
    name: str | None = None
    connection: int | None = None
    updates: int = 0
    """How many updates this friend has been sent since it last (re)joined."""
    gone_since: float | None = None
    """When the friend's connection went (``time.monotonic``), while it is down."""
    left: bool = False
    """Whether the friend, while away, left on purpose rather than losing the connection."""

    @property
    def present(self) -> bool:
        return self.connection is not None


@dataclass(slots=True)
class _Shadow:
    """The game replayed move by move behind the match, for building updates."""

    state: GameState[Any]
    moves: int = 0
    history: list[Any] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    """Every event of the game so far, for a friend who joins or comes back."""


class HostedGame:
    """A game the host plays with friends over the network.

    ``config`` names every seat; the seats in ``friends`` are kept for friends (their
    names in ``config`` stand until a friend takes the seat) and are human seats of the
    match, like the host's own. ``make_match`` builds the match at the start from the
    final seats (the host's table builds its ``HostedMatch`` with its own pace).
    """

    def __init__(
        self,
        config: MatchConfig,
        friends: Sequence[int],
        link: Link,
        *,
        make_match: Callable[[MatchConfig, HostedGame], Match] | None = None,
    ) -> None:
        self.config = _friends_human(config, friends)
        self.link = link
        self.friends = {seat: FriendSeat(seat) for seat in friends}
        self.match: Match | None = None
        self._make_match = make_match or (lambda config, _: Match(config))
        self._shadow: _Shadow | None = None
        self.replaced: set[str] = set()
        """Names of friends whose seats a computer took over."""
        self.notes: list[str] = []
        """Sentences for the host's table: who joined, who lost the connection."""
        self.held = False
        """Whether the host's table holds the computers' moves (see ``hold``)."""
        self.on_lobby: Callable[[], None] | None = None
        """Called whenever who sits where changes (the network's list of games is told)."""

    # -- the lobby --------------------------------------------------------------------

    @property
    def started(self) -> bool:
        return self.match is not None

    @property
    def can_start(self) -> bool:
        """Every friend's seat is taken and its friend is here."""
        return all(friend.present for friend in self.friends.values())

    def seat_name(self, seat: int) -> str:
        friend = self.friends.get(seat)
        if friend is not None and friend.name is not None:
            return friend.name
        return self.config.seats[seat].name

    def free_seats(self) -> int:
        """Seats kept for friends that nobody has taken yet."""
        return sum(friend.name is None for friend in self.friends.values())

    def waiting_for(self) -> list[str]:
        """The friends whose seats wait for them to join again, once the game is on."""
        return [friend.name for friend in self.friends.values() if friend.gone_since is not None and friend.name]

    def seats(self) -> list[SeatInfo]:
        """Every seat as the lobby shows it."""
        found: list[SeatInfo] = []
        for seat, config in enumerate(self.config.seats):
            friend = self.friends.get(seat)
            if friend is not None:
                kind = "friend" if friend.name is not None else "open"
                found.append(SeatInfo(name=self.seat_name(seat), kind=kind, present=friend.present, left=friend.left))
            else:
                kind = "host" if config.is_human else "computer"
                found.append(SeatInfo(name=config.name, kind=kind, present=True))
        return found

    def start(self, make_match: Callable[[MatchConfig, HostedGame], Match] | None = None) -> Match:
        """Start the game with the friends' names in their seats, the match built by
        ``make_match`` (else the one given at creation). Raises ``IllegalAction`` while
        a friend's seat is still empty."""
        if not self.can_start:
            waiting = ", ".join(f"seat {seat + 1}" for seat, f in self.friends.items() if not f.present)
            raise IllegalAction(f"Waiting for friends to take {waiting}.")
        named = tuple(
            config.model_copy(update={"name": self.seat_name(seat)}) for seat, config in enumerate(self.config.seats)
        )
        self.config = self.config.model_copy(update={"seats": named})
        self.match = (make_match or self._make_match)(self.config, self)
        self._shadow = None
        self._tell_lobby()
        return self.match

    @property
    def told(self) -> GameState[Any] | None:
        """The game as far as the friends have been told it (None before the start)."""
        return self._shadow.state if self._shadow is not None else None

    @property
    def told_moves(self) -> int:
        """How many moves the friends have been told of (-1 before the first update)."""
        return self._shadow.moves if self._shadow is not None else -1

    def missing_for(self, seconds: float) -> FriendSeat | None:
        """A friend whose connection has been down at least ``seconds`` while the game
        waits for their move, or None."""
        match = self.match
        friend = self.friends.get(match.to_move) if match is not None and match.to_move is not None else None
        if friend is None or friend.gone_since is None:
            return None
        return friend if time.monotonic() - friend.gone_since >= seconds else None

    def hold(self, held: bool) -> None:
        """Say whether the host's table holds the computers' moves: it does while the
        host reads a hand's summary or has a page open. The friends are told when it
        changes; seen in play, a friend who closed the summary first saw a computer
        "thinking" for as long as the host read on."""
        if held != self.held:
            self.held = held
            if self.started:
                self._tell_lobby()

    def replace_with_computer(self, seat: int, level: AILevel = AILevel.MEDIUM) -> None:
        """A computer of ``level`` plays a missing friend's seat from now on; the seat
        is no longer kept for them."""
        friend = self.friends.pop(seat)
        if friend.name is not None:
            self.replaced.add(friend.name)
        if friend.connection is not None:
            self.link.drop(friend.connection, "SeatTaken", "A computer plays this seat now.")
        if self.match is not None:
            self.match.seat_computer(seat, level)
            self.config = self.match.config
        else:
            seats = list(self.config.seats)
            seats[seat] = SeatConfig(name=seats[seat].name, kind=SeatKind.AI, level=level)
            self.config = self.config.model_copy(update={"seats": tuple(seats)})
        self.notes.append(f"A computer plays for {friend.name or self.seat_name(seat)} now.")
        self._tell_lobby()

    # -- each frame -------------------------------------------------------------------

    def pump(self) -> None:
        """Take in what the friends said, then tell each of them the moves made since
        the last call. The table calls it every frame, after ``match.poll``."""
        for said in self.link.incoming():
            self._take(said)
        self._relay()

    def close(self, reason: str = HOST_ENDED) -> None:
        """Tell every friend here that the game has ended on the host's side."""
        for friend in self.friends.values():
            if friend.connection is not None:
                self.link.send(friend.connection, Bye(reason=reason))

    def _take(self, said: Incoming) -> None:
        if isinstance(said, CodeChanged):
            self.notes.append(f"Too many wrong join codes: the code is now {said.code}.")
            return
        if isinstance(said, Left):
            self._left(said.connection, said.why)
            return
        message = said.message
        if isinstance(message, Join):
            self._join(said.connection, message)
        elif isinstance(message, Act):
            self._act(said.connection, message)

    def _join(self, connection: int, join: Join) -> None:
        name = join.name.casefold()
        if name == YOU.casefold():
            self.link.drop(connection, "NameTaken", 'Every table calls its own player "You": join under your own name.')
            return
        if name in {gone.casefold() for gone in self.replaced}:
            self.link.drop(connection, "SeatTaken", f"A computer plays {join.name}'s seat now; the table is full.")
            return
        taken = f"Someone at this table is already called {join.name}: join under another name."
        if self._taken_by_a_person(join.name):
            self.link.drop(connection, "NameTaken", taken)
            return
        friend = self._seat_for(join)
        if friend is None:
            absent = [f for f in self.friends.values() if not f.present]
            if self.started and absent:
                self.link.drop(connection, "GameStarted", _only_absent_may_join(absent))
            else:
                self.link.drop(connection, "TableFull", "Every seat kept for a friend is taken.")
            return
        # Only a friend who gets a seat makes a computer give its name up.
        if not self.started:
            self._rename_computer_called(join.name)
        if any(_same(c.name, join.name) for seat, c in enumerate(self.config.seats) if seat not in self.friends):
            self.link.drop(connection, "NameTaken", taken)
            return
        returning = _same(friend.name, join.name)
        friend.name = friend.name if returning else join.name
        friend.connection = connection
        friend.gone_since = None
        friend.left = False
        friend.updates = 0
        config = self.config
        self.link.send(
            connection, Welcome(seat=friend.seat, game=config.game, players=config.players, options=config.options)
        )
        self.notes.append(f"{friend.name} is back." if returning and self.started else f"{friend.name} joined.")
        self._tell_lobby()
        if self.started:
            self._send_fresh(friend)

    def _seat_for(self, join: Join) -> FriendSeat | None:
        """The seat a joining friend gets: their own seat if they were here before,
        else the seat they ask for if it is free, else the first free one. A seat
        keeps its friend's name once the game is on: another name cannot take it."""
        free = [f for f in self.friends.values() if not f.present]
        for friend in free:
            if _same(friend.name, join.name):
                return friend
        if self.started:
            free = [f for f in free if f.name is None]
        for friend in free:
            if friend.seat == join.seat:
                return friend
        return free[0] if free else None

    def _taken_by_a_person(self, name: str) -> bool:
        """Whether the host or a friend here goes by ``name``."""
        return any(f.present and _same(f.name, name) for f in self.friends.values()) or any(
            _same(c.name, name) for seat, c in enumerate(self.config.seats) if seat not in self.friends and c.is_human
        )

    def _rename_computer_called(self, name: str) -> None:
        """Before the start, a computer seat called ``name`` takes another name, so a
        friend keeps their own: the computers' names are only the table's choice."""
        seats = list(self.config.seats)
        clash = next((i for i, c in enumerate(seats) if i not in self.friends and not c.is_human and _same(c.name, name)), None)
        if clash is None:
            return
        taken = {c.name.casefold() for c in seats} | {f.name.casefold() for f in self.friends.values() if f.name}
        spare = next((n for n in COMPUTER_NAMES if n.casefold() not in taken | {name.casefold()}), None)
        if spare is None:
            return
        seats[clash] = seats[clash].model_copy(update={"name": spare})
        self.config = self.config.model_copy(update={"seats": tuple(seats)})
        self.notes.append(f"The computer in seat {clash + 1} is called {spare} now, so that {name} keeps their name.")

    def _left(self, connection: int, why: str) -> None:
        for friend in self.friends.values():
            if friend.connection == connection:
                friend.connection = None
                friend.left = why == LEFT_ON_PURPOSE
                if self.started:
                    # "Ada left the game" read as gone for good, while the table went on
                    # to say the seat waits for them.
                    self.notes.append(f"{friend.name} {why}; the seat waits for them to join again.")
                    friend.gone_since = time.monotonic()
                else:
                    # Nothing is dealt yet: the seat is free again for whoever joins.
                    self.notes.append(f"{friend.name} {why}.")
                    friend.name = None
                self._tell_lobby()

    def _act(self, connection: int, act: Act) -> None:
        friend = next((f for f in self.friends.values() if f.connection == connection), None)
        match = self.match
        if friend is None or match is None:
            self.link.send(connection, _refused("NotStarted", "The game has not started yet."))
            return
        seat = friend.seat
        if match.to_move != seat:
            mover = match.to_move
            whose = "nobody's (the game is over)" if mover is None else f"{self.seat_name(mover)}'s"
            self.link.send(connection, _refused("NotYourTurn", f"It is {whose} turn, not yours."))
            return
        if act.update != friend.updates or self._behind():
            self.link.send(connection, _refused("StaleAction", "The table moved on before your move arrived."))
            return
        try:
            action = match.rules.parse_action(act.action)
            match.submit(action)
        except ActionParseError:
            self.link.send(connection, _refused("BadAction", f"{act.action!r} is not a move of this game."))
        except IllegalAction as error:
            self.link.send(connection, _refused("IllegalAction", str(error)))

    def _behind(self) -> bool:
        """Whether the match has moves the friends have not been told yet."""
        return self.match is not None and (self._shadow is None or self._shadow.moves != len(self.match.history))

    # -- telling ----------------------------------------------------------------------

    def _tell_lobby(self) -> None:
        if self.on_lobby is not None:
            self.on_lobby()
        lobby = Lobby(seats=self.seats(), started=self.started, held=self.held)
        for friend in self.friends.values():
            if friend.connection is not None:
                self.link.send(friend.connection, lobby)

    def _relay(self) -> None:
        match = self.match
        if match is None:
            return
        shadow = self._shadow
        history = match.history
        if shadow is None or shadow.history != history[: shadow.moves]:
            # The first move, or the match went back (an undo): start every table over.
            self._shadow = shadow = _Shadow(match.first_state())
            for action in history:
                shadow.events.extend(shadow.state.apply(action))
                shadow.history.append(action)
                shadow.moves += 1
            for friend in self.friends.values():
                self._send_fresh(friend)
            return
        while shadow.moves < len(history):
            action = history[shadow.moves]
            events = shadow.state.apply(action)
            shadow.events.extend(events)
            shadow.history.append(action)
            shadow.moves += 1
            for friend in self.friends.values():
                self._send(friend, events, fresh=False)

    def _send_fresh(self, friend: FriendSeat) -> None:
        if self._shadow is not None:
            self._send(friend, self._shadow.events, fresh=True)

    def _send(self, friend: FriendSeat, events: Sequence[Event], *, fresh: bool) -> None:
        if friend.connection is None or self._shadow is None:
            return
        friend.updates += 1
        shadow = self._shadow
        self.link.send(friend.connection, update_for(friend.seat, shadow.state, events, friend.updates, fresh, shadow.moves))


def update_for(
    seat: int, state: GameState[Any], events: Sequence[Event], number: int, fresh: bool, moves: int = 0
) -> Update:
    """What ``seat`` is told after a move that made ``events`` and left ``state``:
    the events (public), the seat's own view and the public one, its legal moves on
    its turn, and the public score."""
    to_move = state.to_move
    legal = [str(action) for action in state.legal_actions()] if to_move == seat else []
    return Update(
        number=number,
        events=[encode(event) for event in events],
        view=encode(state.view(seat)),
        public=encode(state.view(None)),
        to_move=to_move,
        legal=legal,
        scores=list(state.scores),
        winners=list(state.winners) if state.is_over else [],
        progress=describe_progress(state),
        teams=[list(team) for team in state.teams],
        over=state.is_over,
        moves=moves,
        fresh=fresh,
    )


def _only_absent_may_join(absent: Sequence[FriendSeat]) -> str:
    """Who may still join a game under way: only the friends who were at it, each by
    their own name, which keeps their seat and cards for them."""
    who = " or ".join(f"{friend.name} (seat {friend.seat + 1})" for friend in absent)
    same = "the same name" if len(absent) == 1 else "their own name"
    return f"This game has started; only {who} can join, with {same}."


def _same(name: str | None, other: str) -> bool:
    """Whether two names would read as one at the table: "ada" is Ada."""
    return name is not None and name.casefold() == other.casefold()


def _refused(error: str, message: str) -> Refused:
    return Refused(error=error, message=message)


def _friends_human(config: MatchConfig, friends: Sequence[int]) -> MatchConfig:
    seats = tuple(
        SeatConfig(name=seat.name, kind=SeatKind.HUMAN) if index in friends else seat
        for index, seat in enumerate(config.seats)
    )
    return config.model_copy(update={"seats": seats})
