"""What a joining computer knows of the game: only what the host told its seat.

``RemoteGame`` holds no game state: its seat, the lobby, the seat's latest view, the
events not yet shown, and its legal moves on its turn, all read from the host's
messages. Anything the table asks beyond that (why a move is refused, what a staged
move would leave) is worked out from the view alone, as a player at a real table would.
"""

from __future__ import annotations

import collections
from typing import Any

from cardtable_gui.net.client import HostSaid, Lost
from cardtable_gui.net.messages import Act, Bye, Lobby, Refused, SeatInfo, Update, Welcome
from cardtable_gui.net.wire import WireError, decode
from cardtable_gui.rules import get_rules
from cardtable_gui.rules.base import Action, ActionParseError, Event, GameRules, GameView, IllegalAction


class Desync(Exception):
    """The host's updates did not follow one another: this table must be started over."""


class RemoteGame:
    """One guest's knowledge of the game, built from what the host sent it."""

    def __init__(self) -> None:
        self.seat: int | None = None
        self.rules: GameRules[Any, Any] | None = None
        self.players = 0
        self.options: dict[str, Any] = {}
        self.lobby: list[SeatInfo] = []
        self.started = False
        self.held = False
        """Whether the host's table holds the computers' moves (``Lobby.held``)."""
        self.view: GameView | None = None
        self.public: GameView | None = None
        self.to_move: int | None = None
        self.legal: list[Action] = []
        self.scores: tuple[int, ...] = ()
        self.winners: tuple[int, ...] = ()
        self.progress = ""
        self.over = False
        self.moves = 0
        self.teams: tuple[tuple[int, ...], ...] = ()
        self.events: collections.deque[Event] = collections.deque()
        """Events this table has not shown yet."""
        self.history: list[Event] = []
        """Every event of the game since the first deal."""
        self.updates = 0
        self.fresh = False
        """Whether the last update started the table over (no events to replay)."""
        self.refusals: collections.deque[Refused] = collections.deque()
        self.ended: str | None = None
        """Why the connection ended, once it has."""

    def seat_name(self, seat: int) -> str:
        return self.lobby[seat].name if seat < len(self.lobby) else f"Seat {seat + 1}"

    def receive(self, said: HostSaid) -> None:
        """Take in one thing the host said. Raises ``Desync`` when an update does not
        follow the last one, and ``WireError`` when its values cannot be read."""
        if isinstance(said, Welcome):
            self.seat = said.seat
            self.rules = get_rules(said.game)
            self.players = said.players
            self.options = dict(said.options)
            self.updates = 0
        elif isinstance(said, Lobby):
            self.lobby = list(said.seats)
            self.started = said.started
            self.held = said.held
        elif isinstance(said, Update):
            self._update(said)
        elif isinstance(said, Refused):
            self.refusals.append(said)
        elif isinstance(said, Bye | Lost):
            self.ended = said.reason if isinstance(said, Bye) else said.why

    def _update(self, update: Update) -> None:
        if self.rules is None:
            raise Desync("An update came before the welcome.")
        if update.number != self.updates + 1:
            raise Desync(f"Update {update.number} came after update {self.updates}.")
        view, public = decode(update.view), decode(update.public)
        if not isinstance(view, GameView) or view.seat != self.seat:
            raise WireError("The host sent a view that is not this seat's.")
        if not isinstance(public, GameView) or public.seat is not None:
            raise WireError("The host sent a public view that is not public.")
        events = [decode(item) for item in update.events]
        if not all(isinstance(event, Event) for event in events):
            raise WireError("The host sent something that is not an event.")
        try:
            legal = [self.rules.parse_action(text) for text in update.legal]
        except ActionParseError as error:
            raise WireError(f"The host sent a move this table cannot read: {error}") from None
        self.updates = update.number
        self.fresh = update.fresh
        if update.fresh:
            self.events.clear()
            self.history = events
        else:
            self.events.extend(events)
            self.history.extend(events)
        self.view, self.public = view, public
        self.to_move = update.to_move
        self.legal = legal
        self.scores = tuple(update.scores)
        self.winners = tuple(update.winners)
        self.progress = update.progress
        self.over = update.over
        self.moves = update.moves
        self.teams = tuple(tuple(team) for team in update.teams)

    def act(self, action: Action) -> Act:
        """The message that makes ``action`` for this seat. Raises ``IllegalAction``
        when it is not this seat's turn. The move need not be among those the host
        listed (Hand and Foot lists a few melds of the many allowed): the host checks
        every move with the rules."""
        if self.to_move != self.seat or self.seat is None:
            raise IllegalAction("It is not your turn.")
        return Act(action=str(action), update=self.updates)
