"""What happens at a Hand and Foot table, as the whole table sees it.

No event names a hidden card: draws and pick-ups give counts only; cards named are
those laid face up (books, red threes, discards).
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable_gui.cards import Card
from cardtable_gui.rules.base import Event, SeatEvent


@dataclass(frozen=True, slots=True)
class PileStarted(Event):
    """The card turned face up to start the discard pile."""

    card: Card


@dataclass(frozen=True, slots=True)
class CardsDrawn(SeatEvent):
    """``seat`` drew ``count`` cards from the draw pile into hand, and ``to_tail`` more
    into its tail (the 200 round)."""

    count: int
    to_tail: int = 0


@dataclass(frozen=True, slots=True)
class DeckAdded(Event):
    """The draw pile ran dry and a fresh shuffled pack became the draw pile;
    ``added`` is how many packs have been added this round."""

    added: int


@dataclass(frozen=True, slots=True)
class DrawPileExhausted(Event):
    """The draw pile ran dry with no pack left to add: the round ends, nobody out."""


@dataclass(frozen=True, slots=True)
class PileTaken(SeatEvent):
    """``seat`` took the discard pile: ``top`` and ``pair`` went to the team's book
    number ``book``; ``count`` more cards went into hand (and ``to_tail`` to the tail).
    ``uncovered`` is the card left face up on the pile, if any, so a table can show it
    at once rather than wait for the next view."""

    top: Card
    pair: tuple[Card, Card]
    book: int
    count: int
    to_tail: int = 0
    uncovered: Card | None = None


@dataclass(frozen=True, slots=True)
class Melded(SeatEvent):
    """``seat`` laid cards on its team's books: (book number, cards) per group."""

    team: int
    groups: tuple[tuple[int, tuple[Card, ...]], ...]


@dataclass(frozen=True, slots=True)
class TeamOpened(Event):
    """``team`` made its first meld of the round, worth ``points``."""

    team: int
    points: int


@dataclass(frozen=True, slots=True)
class BookClosed(Event):
    """Book number ``book`` of ``team`` reached seven cards: ``kind`` is clean, dirty
    or wild."""

    team: int
    book: int
    kind: str


@dataclass(frozen=True, slots=True)
class RedThreeLaidOut(SeatEvent):
    """``seat`` laid out a red three (to be replaced from the draw pile)."""

    card: Card


@dataclass(frozen=True, slots=True)
class StagePickedUp(SeatEvent):
    """``seat`` picked up its foot or tail (``stage``) of ``count`` cards."""

    stage: str
    count: int


@dataclass(frozen=True, slots=True)
class Discarded(SeatEvent):
    card: Card


@dataclass(frozen=True, slots=True)
class GoOutAsked(SeatEvent):
    """``seat`` asked its partners whether it may go out."""


@dataclass(frozen=True, slots=True)
class GoOutAnswered(SeatEvent):
    yes: bool


@dataclass(frozen=True, slots=True)
class WentOut(SeatEvent):
    """``seat`` discarded the last card of its last stage, which ends the round."""


@dataclass(frozen=True, slots=True)
class TeamScore:
    """One team's round score, item by item (penalties are negative)."""

    team: int
    book_cards: int
    clean_books: int
    dirty_books: int
    wild_books: int
    open_wild_books: int
    book_bonus: int
    going_out: int
    red_threes: int
    cards_left: int

    @property
    def total(self) -> int:
        return self.book_cards + self.book_bonus + self.going_out + self.red_threes + self.cards_left


@dataclass(frozen=True, slots=True)
class RoundBreakdown(Event):
    """How each team's round score was made up; ``went_out`` is None when the draw
    pile ran dry."""

    round_number: int
    went_out: int | None
    teams: tuple[TeamScore, ...]
