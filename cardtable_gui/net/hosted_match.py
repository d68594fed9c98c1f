"""The match seam on the hosting computer: the host's own table in a game with friends.

``HostedMatch`` is the local ``Match`` (the game's only authority, here) seen from the
host's seat: the host plays only that seat at this table, the friends' seats are played
at their own computers, so to this table they are others to wait for, like computers.
Every frame it also lets the ``HostedGame`` hear the friends and tell them the moves.
"""

from __future__ import annotations

from typing import Any

from cardtable_gui.match import Match
from cardtable_gui.net.guest_match import UNDO_OFF_TOGETHER
from cardtable_gui.net.hosting import HostedGame
from cardtable_gui.net.messages import away_words
from cardtable_gui.net.names import YOU
from cardtable_gui.persistence.saves import SavedGame
from cardtable_gui.seats import AILevel, MatchConfig, SeatConfig, SeatKind
from cardtable_gui.undo_rule import UndoOff


class HostedMatch(Match):
    """The host's match: ``host_seat`` is played at this table, the friends' seats at
    their computers through ``hosted``."""

    def __init__(self, config: MatchConfig, *, host_seat: int, hosted: HostedGame, **kwargs: Any) -> None:
        super().__init__(config, **kwargs)
        self.host_seat = host_seat
        self.hosted = hosted
        self.friend_seats = tuple(sorted(hosted.friends))
        """The seats friends took at the start (a computer may play one since)."""

    @property
    def person_seats(self) -> tuple[int, ...]:
        return (self.host_seat,)

    def is_human(self, seat: int | None) -> bool:
        """Only the host's seat is played at this table; the friends play theirs."""
        return seat == self.host_seat

    def seat_name(self, seat: int) -> str:
        """The host's own table calls the host "You", as every table calls its own
        player; the friends are told the host's name."""
        return YOU if seat == self.host_seat else super().seat_name(seat)

    @property
    def thinking_seat(self) -> int | None:
        """A friend to move is shown as still choosing, as a computer is."""
        seat = self.to_move
        if seat is not None and seat != self.host_seat and seat in self.hosted.friends:
            return seat
        return self._thinking

    @thinking_seat.setter
    def thinking_seat(self, seat: int | None) -> None:
        self._thinking = seat

    def waiting_words(self, seat: int, doing: str = "choosing") -> str:
        friend = self.hosted.friends.get(seat)
        if friend is None:
            return "thinking"
        return doing if friend.present else away_words(friend.left)

    def away(self, seat: int) -> bool:
        friend = self.hosted.friends.get(seat)
        return friend is not None and friend.gone_since is not None

    def poll(self) -> None:
        super().poll()
        self.hosted.pump()

    def notices(self) -> list[str]:
        found, self.hosted.notes = self.hosted.notes, []
        return found

    def undo_refusal(self) -> UndoOff | None:
        return UNDO_OFF_TOGETHER

    def undo_to_last_human_decision(self) -> bool:
        return False

    def saved_game(self, name: str | None = None) -> SavedGame:
        """The game saved like any game of this computer; the friends cannot play
        their seats here, so the save has a Medium computer in each, and the host's
        seat is "You" as at this table."""
        seats = tuple(
            SeatConfig(name=seat.name, kind=SeatKind.AI, level=AILevel.MEDIUM)
            if index in self.friend_seats and seat.is_human
            else seat.model_copy(update={"name": YOU})
            if index == self.host_seat
            else seat
            for index, seat in enumerate(self.config.seats)
        )
        config = self.config.model_copy(update={"seats": seats})
        return SavedGame.capture(config, self.history, self.state, name=name, friend_seats=self.friend_seats)

    def close(self) -> None:
        self.hosted.close()
        super().close()
