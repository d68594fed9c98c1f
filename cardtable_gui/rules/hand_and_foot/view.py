"""What one seat may know at a Hand and Foot table."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from cardtable_gui.cards import Card
from cardtable_gui.rules.base import GameView
from cardtable_gui.rules.hand_and_foot.books import Book
from cardtable_gui.rules.hand_and_foot.going_out import can_go_out
from cardtable_gui.rules.hand_and_foot.options import HandAndFootOptions

STAGES: tuple[str, ...] = ("hand", "foot", "tail")
"""The piles a player plays through in order; only the 200 round has a tail."""


class Phase(Enum):
    """Where the turn stands: drawing, playing (melds, asking, discarding), a partner
    answering a question to go out, or the game over."""

    DRAW = "draw"
    PLAY = "play"
    ANSWER = "answer"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class HandAndFootView(GameView):
    """Everything ``seat`` may know (``seat`` None: a spectator).

    ``hand`` is the cards the seat is playing now (its hand, or its foot or tail once
    picked up); a foot or tail not yet picked up is face down even to its owner, so
    only its size shows. Of the discard pile only the top card is shown. ``stages``
    says per seat which pile it is playing (0 hand, 1 foot, 2 tail). ``asking`` is the
    seat waiting on its partners' answers, ``answering`` who has yet to answer;
    ``permission`` is the answer this turn (None before any).
    """

    seat: int | None
    players: int
    options: HandAndFootOptions
    sides: tuple[tuple[int, ...], ...]
    round_number: int
    minimum: int
    has_tail: bool
    dealer: int
    turn: int
    to_move: int | None
    phase: Phase
    hand: tuple[Card, ...]
    stages: tuple[int, ...]
    hand_counts: tuple[int, ...]
    foot_counts: tuple[int, ...]
    tail_counts: tuple[int, ...]
    books: tuple[tuple[Book, ...], ...]
    red_threes: tuple[tuple[Card, ...], ...]
    discard_top: Card | None
    discard_count: int
    stock_count: int
    packs: int
    decks_added: int
    asking: int | None
    answering: tuple[int, ...]
    asked: bool
    permission: bool | None
    team_totals: tuple[int, ...]
    history: tuple[tuple[int, ...], ...]

    def team_of(self, seat: int) -> int:
        return next(i for i, side in enumerate(self.sides) if seat in side)

    def opened(self, team: int) -> bool:
        """Whether ``team`` has made its opening meld this round."""
        return bool(self.books[team])

    @property
    def last_stage(self) -> int:
        """The stage a player goes out from: the foot, or the tail in the 200 round."""
        return 2 if self.has_tail else 1

    @property
    def can_go_out(self) -> bool:
        """Whether this seat, playing its last stage, could lay down all but one card
        this turn and leave its team the closed books it needs (its partners' leave
        aside): only then is asking to go out worth offering or suggesting."""
        if self.seat is None or self.stages[self.seat] != self.last_stage:
            return False
        team = self.books[self.team_of(self.seat)]
        return can_go_out(self.hand, team, self.options, self.round_number - 1)

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's running total (its team's)."""
        return tuple(self.team_totals[self.team_of(s)] for s in range(self.players))
