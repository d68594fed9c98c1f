"""The match seam on a joining computer: a table driven by what the host sends.

``GuestMatch`` answers everything the table asks (``match_seam.MatchSeam``) for the
one seat this computer plays, from its ``RemoteGame``: the seat's view and the public
one, the events to show, whose turn it is, the score. What the table asks beyond what
the host sent (why a move is refused, what a staged move leaves) is worked out from the
seat's own view on a deal consistent with it, as a player would reason at a real table.
A move is sent to the host, which checks it again; its events come back like anyone's.

A lost connection is not the end: the table joins again by itself, every
``RETRY_SECONDS`` for ``RETRY_FOR_SECONDS``, and goes on from where the game stands
once it is back in. The host leaving, or turning the seat away, is the end.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable_gui.ai.advice import Advice
from cardtable_gui.ai.judgement import Judge
from cardtable_gui.ai.levels import make_agent
from cardtable_gui.match import THINKING_CUE_AFTER
from cardtable_gui.net.client import GuestClient, HostSaid, Lost
from cardtable_gui.net.messages import HOST_ENDED, Bye, Lobby, Refused, Update, away_words
from cardtable_gui.net.names import YOU
from cardtable_gui.net.remote import RemoteGame
from cardtable_gui.persistence.saves import SavedGame
from cardtable_gui.persistence.statistics import GameRecord
from cardtable_gui.rules.base import Action, Event, GameRules, GameState, GameView, HandDealt, IllegalAction, shown_cards
from cardtable_gui.seats import MatchConfig
from cardtable_gui.undo_rule import UndoOff

UNDO_OFF_TOGETHER = UndoOff(
    "played together", "Undo is off in a game with more than one person: every move stands."
)


RETRY_SECONDS = 2.0
"""How long a table whose connection was lost waits between tries to join again."""
RETRY_FOR_SECONDS = 60.0
"""How long it goes on trying before it offers to go back to the menu."""
RETRYING = "Connection lost: trying again\u2026"
BACK_IN = "You are back in the game."
HELD_WORDS = "waiting for the host"
"""What a computer's plate says while the host's table holds its move: "thinking" for
as long as the host read a summary was not true."""
HOST_READING = "reading"
"""What the host's plate says while the host's table holds the game (its Rules page,
a question or a hand's summary is up): "choosing" was not true, and a friend who had
closed the summary waited on it for as long as the host read theirs."""
KEPT_BY_HOST = "The game stays saved on the host's computer, where a computer plays your seat if it goes on."
PASSING_REFUSALS = frozenset({"NameTaken"})
"""Refusals of a join again that may pass: the host has not yet noticed that the old
connection is gone, and still counts this friend as at the table."""


class NotKeptHere(Exception):
    """This computer does not keep the game: the host's computer saves it."""


@dataclass(frozen=True, slots=True)
class TableEnded:
    """Why this table cannot go on: ``title`` heads the words to the player."""

    title: str
    why: str
    """The line the table keeps showing."""
    more: str = ""
    """What the table's question says besides (when it adds to the title)."""


class GuestMatch:
    """The game as a joining table sees it. ``client`` is connected and ``remote`` has
    its welcome and first update (the lobby waits for both before the table opens)."""

    kept_here = False
    """The host's computer saves the game and counts it; this one does not."""

    def __init__(self, client: GuestClient, remote: RemoteGame) -> None:
        if remote.seat is None or remote.rules is None or remote.view is None:
            raise ValueError("A guest's table opens once the host has sent its seat and view.")
        self.client = client
        self.remote = remote
        self.seat: int = remote.seat
        self.rules: GameRules[Any, Any] = remote.rules
        self.hold = False
        self.ai_pace = 0.0
        self._notices: list[str] = []
        self._sent_at: int | None = None
        """The update this seat's last move was sent at: until the host's next update
        the move is on its way."""
        self._sent_leads_to: GameState[Any] | None = None
        """The game as this seat's move on its way leaves it, on a deal like this
        seat's: what a move made before the host answers must follow from."""
        self._next: Action | None = None
        """A move made while the last one was on its way (Hand and Foot lays a staged
        meld down, then discards), sent once the host has taken the first."""
        self._present = [info.present for info in remote.lobby]
        self._sample_seed = 0
        self.lost_since: float | None = None
        """When the connection was lost (``time.monotonic``), while trying to join again."""
        self._next_try: float | None = None
        self.ended: TableEnded | None = None
        self._rejoined = False
        self._turn_since: tuple[int, float] | None = None
        """The position at which another seat's turn began to show here, and when
        (``time.monotonic``), while the table is not held."""

    # -- who sits where ------------------------------------------------------------------

    @property
    def game(self) -> str:
        return self.rules.name

    @property
    def players(self) -> int:
        return self.remote.players

    @property
    def person_seats(self) -> tuple[int, ...]:
        """Only this computer's own seat is played at this table."""
        return (self.seat,)

    def is_human(self, seat: int | None) -> bool:
        return seat == self.seat

    def seat_name(self, seat: int) -> str:
        """A friend's own table calls them "You", as the host's table calls the host:
        it read "Cleo & Bruno" where the host's read "You & Ada"."""
        return YOU if seat == self.seat else self.remote.seat_name(seat)

    @property
    def house_rules(self) -> Mapping[str, Any]:
        return self.remote.options

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        return self.remote.teams

    # -- whose turn ------------------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        """The seat to move; nobody while this seat's move is on its way to the host, so
        the table offers no turn on a position the move has already left, and nobody
        once the game has ended here (no plate waits on a move that will never come)."""
        return None if self._on_its_way or self.ended is not None else self.remote.to_move

    @property
    def thinking_seat(self) -> int | None:
        """Whoever else is to move and is shown so: a person at another computer at
        once (still choosing), a computer once its turn has shown here for
        ``THINKING_CUE_AFTER`` seconds, as the host's own table shows it: until then its
        plate says it is to play, on both tables. A computer whose move the host's
        table holds is shown at once, waiting for the host (``waiting_words``)."""
        seat = self.to_move
        if seat is None or seat == self.seat:
            return None
        if not self._computer(seat):
            return seat
        if self.hold:
            return None
        if self.remote.held:
            return seat
        since = self._turn_since
        if since is None or since[0] != self.position:
            return None
        return seat if time.monotonic() - since[1] >= THINKING_CUE_AFTER else None

    def _computer(self, seat: int) -> bool:
        info = self.remote.lobby[seat] if seat < len(self.remote.lobby) else None
        return info is None or info.kind == "computer"

    def waiting_words(self, seat: int, doing: str = "choosing") -> str:
        if self._computer(seat):
            # The host's computer plays its seats: while the host reads, they wait.
            return HELD_WORDS if self.remote.held else "thinking"
        info = self.remote.lobby[seat]
        if info.kind == "host" and self.remote.held:
            return HOST_READING
        return doing if info.present else away_words(info.left)

    def away(self, seat: int) -> bool:
        lobby = self.remote.lobby
        return seat < len(lobby) and lobby[seat].kind == "friend" and not lobby[seat].present

    @property
    def is_over(self) -> bool:
        return self.remote.over

    @property
    def just_dealt(self) -> bool:
        return self.remote.moves == 0

    @property
    def position(self) -> int:
        return self.remote.updates

    # -- the seat's view and choices ---------------------------------------------------------

    def view_for(self, seat: int | None) -> GameView:
        """This seat's view, or the public one; no other seat's is known here."""
        view = self.remote.view if seat == self.seat else self.remote.public if seat is None else None
        if view is None:
            raise LookupError(f"Seat {seat}'s view is not known at this table.")
        return view

    def legal_actions_for(self, seat: int) -> list[Action]:
        if seat != self.seat or self.remote.to_move != seat or self._on_its_way or not self.connected:
            return []
        return list(self.remote.legal)

    @property
    def connected(self) -> bool:
        """Whether moves made here reach the host now."""
        return self.lost_since is None and self.ended is None

    @property
    def _on_its_way(self) -> bool:
        return self._sent_at == self.remote.updates

    def why_illegal(self, action: Action) -> str | None:
        if self.ended is not None:
            return self.ended.why
        if self.lost_since is not None:
            return RETRYING
        if self._on_its_way:
            return "Your last move is on its way to the host."
        if self.remote.to_move != self.seat:
            mover = self.remote.to_move
            return "The game is over." if mover is None else f"It is {self.seat_name(mover)}'s turn, not yours."
        if action in self.remote.legal:
            return None
        # The host lists a representative set of moves where there are too many to list
        # (Hand and Foot's melds); whether a move is allowed never depends on another
        # seat's hidden cards, so a deal like this seat's judges it as the host will.
        try:
            self._deal_like_mine().apply(action)
        except IllegalAction as error:
            return str(error)
        return None

    def preview(self, seat: int, action: Action) -> tuple[GameView, list[Action]] | None:
        after = self._after(seat, action)
        if after is None or after.to_move != seat:
            return None
        view = after.view(seat)
        if shown_cards(view) - shown_cards(self.view_for(seat)):
            return None
        return view, after.legal_actions()

    def reveals_cards(self, seat: int, action: Action) -> bool:
        after = self._after(seat, action)
        return after is not None and bool(shown_cards(after.view(seat)) - shown_cards(self.view_for(seat)))

    def _after(self, seat: int, action: Action) -> GameState[Any] | None:
        if seat != self.seat or self.remote.to_move != seat:
            return None
        after = self._deal_like_mine()
        try:
            after.apply(action)
        except IllegalAction:
            return None
        return after

    def _deal_like_mine(self) -> GameState[Any]:
        """A whole game that agrees with everything this seat knows: the others' hidden
        cards are a guess, which no answer drawn from it depends on."""
        self._sample_seed += 1
        return self.rules.determinize(self.view_for(self.seat), random.Random(self._sample_seed))

    # -- advice ---------------------------------------------------------------------------------

    def advice(self, seat: int, view: GameView, legal: Sequence[Action]) -> Advice:
        adviser = make_agent("heuristic", self.game, seat, random.Random(0))
        return adviser.advise(view, legal)  # type: ignore[attr-defined,no-any-return]

    def new_judge(self) -> Judge:
        return Judge(self.game)

    @property
    def advice_seed(self) -> int:
        return 0

    # -- events -----------------------------------------------------------------------------------

    def peek_event(self) -> Event | None:
        return self.remote.events[0] if self.remote.events else None

    def take_event(self) -> Event:
        return self.remote.events.popleft()

    def new_hand_pending(self) -> bool:
        return any(isinstance(event, HandDealt) for event in self.remote.events)

    def show_first(self, events: Sequence[Event]) -> None:
        self.remote.events.extendleft(reversed(events))

    def drop_events(self) -> None:
        self.remote.events.clear()

    def game_events(self) -> list[Event]:
        return list(self.remote.history)

    # -- moving ------------------------------------------------------------------------------------

    def submit(self, action: Action) -> list[Event]:
        """Send this seat's move to the host; its events come back with the host's
        update. Raises ``IllegalAction`` with the reason when it may not be made."""
        if self._on_its_way and self._follows_the_move_on_its_way(action):
            self._next = action
            return []
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalAction(reason)
        self._send(action)
        return []

    def _send(self, action: Action) -> None:
        """Send ``action`` to the host; it is on its way until the host's next update."""
        self._sent_leads_to = self._after(self.seat, action)
        self.client.send(self.remote.act(action))
        self._sent_at = self.remote.updates

    def _follows_the_move_on_its_way(self, action: Action) -> bool:
        """Whether ``action`` may be made as soon as the host takes the move on its way:
        it is this seat's turn after it, and the move is allowed there. Raises
        ``IllegalAction`` with the reason when it is not allowed there. A play-tester's
        discard after a staged meld was refused as "on its way", though the table had
        said that discarding lays the meld down too."""
        after = self._sent_leads_to
        if after is None or self._next is not None or self.ended is not None or self.lost_since is not None:
            return False
        if after.to_move != self.seat:
            return False
        trial = after.clone()
        trial.apply(action)
        return True

    def _send_the_next_move(self) -> None:
        """Send the move made while the last was on its way, once the host has taken
        that one; if the game has moved elsewhere meanwhile, say why it was not sent."""
        action, self._next = self._next, None
        if action is None:
            return
        reason = self.why_illegal(action)
        if reason is not None:
            self._notices.append(f"Your next move was not made: {reason}")
            return
        self._send(action)

    def poll(self) -> None:
        """Take in what the host said since the last frame; while the connection is
        lost, try to join again when it is time."""
        now = time.monotonic()
        self._try_again(now)
        for said in self.client.incoming():
            if isinstance(said, Lost):
                self._lost(now)
            elif isinstance(said, Refused) and self.lost_since is not None:
                self._refused_again(said)
            else:
                self._take(said)
        if self._next is not None and not self._on_its_way and self.lost_since is None:
            self._send_the_next_move()
        self._time_the_turn(now)

    def _time_the_turn(self, now: float) -> None:
        """Start the clock ``thinking_seat`` reads when another seat's turn shows here;
        the table held (a card still flying) stops it, as it does on the host's table."""
        seat = self.to_move
        if seat is None or seat == self.seat or self.hold:
            self._turn_since = None
        elif self._turn_since is None or self._turn_since[0] != self.position:
            self._turn_since = (self.position, now)

    def _take(self, said: HostSaid) -> None:
        self.remote.receive(said)
        if isinstance(said, Bye):
            self._end("The host ended the game", said.reason or HOST_ENDED, KEPT_BY_HOST)
        elif isinstance(said, Refused):
            self._notices.append(said.message)
            self._next = None
        elif isinstance(said, Lobby):
            self._notice_comings_and_goings(said)
        elif isinstance(said, Update) and said.fresh and self.lost_since is not None:
            self.lost_since = self._next_try = None
            self._sent_at = None
            self._rejoined = True
            self._notices.append(BACK_IN)

    def _lost(self, now: float) -> None:
        """The connection went: try at once the first time, then every few seconds."""
        if self.ended is not None:
            return
        self._next = None
        if self.lost_since is None:
            self.lost_since = self._next_try = now
        else:
            self._next_try = now + RETRY_SECONDS

    def _refused_again(self, refused: Refused) -> None:
        """The host turned down joining again: the seat is gone, unless the host just
        has not noticed yet that the old connection is."""
        if refused.error not in PASSING_REFUSALS:
            self._end("You cannot go back to this game", refused.message)

    def _try_again(self, now: float) -> None:
        if self.ended is not None or self._next_try is None or now < self._next_try:
            return
        assert self.lost_since is not None
        if now - self.lost_since >= RETRY_FOR_SECONDS:
            self._end("Connection lost", f"The host could not be reached for {RETRY_FOR_SECONDS:.0f} seconds.")
            return
        self._next_try = None
        self.client = self.client.again(self.seat)
        self.client.start()

    def _end(self, title: str, why: str, more: str = "") -> None:
        if self.ended is None:
            self.ended = TableEnded(title, why, more)
            self.lost_since = self._next_try = None

    def take_rejoined(self) -> bool:
        """Whether the table got back in since the last call: it then shows the game
        afresh, as it stands now."""
        rejoined, self._rejoined = self._rejoined, False
        return rejoined

    def _notice_comings_and_goings(self, lobby: Lobby) -> None:
        for seat, info in enumerate(lobby.seats):
            was = self._present[seat] if seat < len(self._present) else True
            if was and not info.present:
                self._notices.append(f"{info.name} lost the connection; the table waits for them.")
            elif info.present and not was:
                self._notices.append(f"{info.name} is back.")
        self._present = [info.present for info in lobby.seats]

    def notices(self) -> list[str]:
        """Sentences from outside the game for the table to show, taken once each."""
        found, self._notices = self._notices, []
        return found

    def undo_refusal(self) -> UndoOff | None:
        return UNDO_OFF_TOGETHER

    def undo_to_last_human_decision(self) -> bool:
        return False

    # -- the score and the end ----------------------------------------------------------------------

    @property
    def scores(self) -> tuple[int, ...]:
        return self.remote.scores

    @property
    def winners(self) -> tuple[int, ...]:
        return self.remote.winners

    def progress(self) -> str:
        return self.remote.progress

    # -- keeping the game -----------------------------------------------------------------------------

    def saved_game(self, name: str | None = None) -> SavedGame:
        raise NotKeptHere("The host's computer keeps this game.")

    def game_record(self) -> GameRecord:
        raise NotKeptHere("The host's computer counts this game.")

    def rematch_config(self, seed: int) -> MatchConfig:
        raise NotKeptHere("A new game with friends starts from the host's computer.")

    def close(self) -> None:
        self.client.close("left the table")
