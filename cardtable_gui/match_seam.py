"""The match seam: all that the table may ask of a game in progress.

The table scene, its layouts and its pieces (summary, game-over sheet, hint, coach,
tips) see a game only through ``MatchSeam``. Everything it answers can be worked out
from what the table's own seat may see and from public facts (who sits where, the
scores, the events every seat sees happen), and every answer is a plain value: a view,
a list of actions, an event, a number, a sentence. So a game the table does not hold
can drive it: on a computer that joined a game over the network there is no full state
to reach into, only views and events the host sent for that seat.

Implemented by the local ``Match`` (the state in this process) and by the lesson's
``LessonMatch``. A seam may answer only for its own viewers: a networked one knows one
seat's view, and the spectator's (``None``), no other.

Events are public by the rules' contract (``rules.base.Event``): every seat sees them
happen, so the stream the table reads is already the viewer's. Private detail (the
cards a seat drew) is read from that seat's view.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from cardtable_gui.rules.base import Action, Event, GameView
from cardtable_gui.undo_rule import UndoOff

if TYPE_CHECKING:
    from cardtable_gui.ai.advice import Advice
    from cardtable_gui.ai.judgement import Judge
    from cardtable_gui.persistence.saves import SavedGame
    from cardtable_gui.persistence.statistics import GameRecord
    from cardtable_gui.seats import MatchConfig


class MatchSeam(Protocol):
    """A game in progress as one table sees it.

    ``hold`` is set by the table while it is still showing earlier events (no further
    computer move is applied meanwhile, so the game never runs ahead of the picture);
    ``ai_pace`` is the least time in seconds between a move and the next computer move.
    """

    hold: bool
    ai_pace: float

    # -- who sits where ----------------------------------------------------------------

    @property
    def game(self) -> str:
        """The game's name (a key of ``rules.GAMES``)."""

    @property
    def players(self) -> int: ...

    @property
    def person_seats(self) -> tuple[int, ...]:
        """The seats people sit in (the rest are computers)."""

    def is_human(self, seat: int | None) -> bool: ...

    def seat_name(self, seat: int) -> str: ...

    @property
    def house_rules(self) -> Mapping[str, Any]:
        """The house rules the game is played under (the rules page lists them)."""

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The sides, each a tuple of seats (one seat each where nobody is partnered)."""

    # -- whose turn --------------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        """The seat to move now; None once the game is over."""

    @property
    def thinking_seat(self) -> int | None:
        """The computer seat that has been thinking long enough to show it, or None."""

    def waiting_words(self, seat: int, doing: str = "choosing") -> str:
        """The word on the plate of a seat the table waits for: "thinking" for a
        computer, ``doing`` for a person at another computer (what the game waits for
        them to do: "choosing", or "answering" a question put to them), "connection
        lost" while their connection is down."""

    def away(self, seat: int) -> bool:
        """Whether the person at ``seat`` plays from another computer whose connection
        is down: their plate says so at once, not only when their turn comes."""

    @property
    def is_over(self) -> bool: ...

    @property
    def just_dealt(self) -> bool:
        """No move has been made since the first deal: the table opens by showing it."""

    @property
    def position(self) -> int:
        """A number that changes whenever the game does (a move made, moves taken
        back, a lesson's position rebuilt): the table redraws from the view, and offers
        a turn, once per position."""

    # -- the viewer's view and choices --------------------------------------------------

    def view_for(self, seat: int | None) -> GameView:
        """What ``seat`` may know now (``None``: what every seat may know)."""

    def legal_actions_for(self, seat: int) -> list[Action]:
        """The actions ``seat`` may take now; empty unless it is that seat's turn."""

    def why_illegal(self, action: Action) -> str | None:
        """The rule's reason ``action`` may not be made now, or None when it may."""

    def preview(self, seat: int, action: Action) -> tuple[GameView, list[Action]] | None:
        """What ``seat`` would see and might do next after ``action``, while the rest of
        the turn is still theirs and shows them no card they have not seen; else None."""

    def reveals_cards(self, seat: int, action: Action) -> bool:
        """Whether ``action`` made now would show ``seat`` a card it has not seen."""

    # -- advice --------------------------------------------------------------------------

    def advice(self, seat: int, view: GameView, legal: Sequence[Action]) -> Advice:
        """The Medium player's move and reason in ``seat``'s place, from ``view`` alone
        (the Hint, and what the practice coach hears)."""

    def new_judge(self) -> Judge:
        """A judge of the learner's moves for the practice coach (it samples deals
        from the learner's own view); the table closes it."""

    @property
    def advice_seed(self) -> int:
        """Seeds the coach's sampling, so the same game is judged the same way."""

    # -- events --------------------------------------------------------------------------

    def peek_event(self) -> Event | None:
        """The next event to show, left in place; None when all have been shown."""

    def take_event(self) -> Event:
        """The next event to show, taken (call only after ``peek_event`` gave one)."""

    def new_hand_pending(self) -> bool:
        """Whether a new hand's deal is among the events not shown yet."""

    def show_first(self, events: Sequence[Event]) -> None:
        """Put ``events`` before any not shown yet (how the table opened: the first
        deal happens before the game has any events)."""

    def drop_events(self) -> None:
        """Forget the events not shown yet: the table shows the position as it is."""

    def game_events(self) -> list[Event]:
        """Every event of the game since the first deal (the game-over score sheet
        reads its hands here)."""

    # -- moving --------------------------------------------------------------------------

    def submit(self, action: Action) -> list[Event]:
        """Make the move of the person to move. Raises ``IllegalAction`` with the
        reason, changing nothing, when it may not be made."""

    def poll(self) -> None:
        """Let the game go on without waiting (computer seats, moves from elsewhere)."""

    def notices(self) -> list[str]:
        """Sentences from outside the game for the table to show, each given once (a
        friend at another computer lost the connection, the host left)."""

    def undo_refusal(self) -> UndoOff | None:
        """Why the last person's decision cannot be taken back now, or None."""

    def undo_to_last_human_decision(self) -> bool:
        """Take back the last person's decision and every move since; False, changing
        nothing, when ``undo_refusal`` says why not. Events not shown are dropped."""

    # -- the score and the end -------------------------------------------------------------

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's score now (partners carry their side's)."""

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won, once the game is over."""

    def progress(self) -> str:
        """Where the game stands in a player's words: "Hand 3", "Round 2", "Finished"."""

    # -- keeping the game -------------------------------------------------------------------

    @property
    def kept_here(self) -> bool:
        """Whether this computer keeps the game (saves it, counts it, deals a rematch);
        a friend's computer in a game hosted elsewhere does not."""

    def saved_game(self, name: str | None = None) -> SavedGame:
        """This game as a save, named ``name`` (None: the autosave)."""

    def game_record(self) -> GameRecord:
        """The statistics' record of this game, once it is over."""

    def rematch_config(self, seed: int) -> MatchConfig:
        """The same table and house rules, dealt again from ``seed``."""

    def close(self) -> None:
        """Stop whatever works for the game in the background."""
