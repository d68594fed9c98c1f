"""What the Hand and Foot log says about each move: "Bea drew two", "Bea laid down
three kings", "Bea discarded the 7♥", "Cal took the pile (9 cards) with two nines".

A computer's turn is several moves (draw, melds, discard) made between two of the
player's own; the log keeps them in words so a glance catches up on any that went by,
each turn as one entry ("Bea laid down three kings, two sixes and a wild, discarded the
7♥"), so that the log holds whole turns rather than the last few moves.
Cards added to a book are named by the book's rank, so the words follow the books laid
this round, read from the events alone: the same lines come out whether the table is
watching the round being played or rebuilding its log after an undo or a load.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardtable_gui.article import with_article
from cardtable_gui.cards import Card, Rank
from cardtable_gui.rules.base import Event, HandDealt
from cardtable_gui.rules.hand_and_foot import is_wild
from cardtable_gui.rules.hand_and_foot.books import cards_words, number_word, rank_name
from cardtable_gui.rules.hand_and_foot.events import (
    BookClosed,
    CardsDrawn,
    Discarded,
    GoOutAnswered,
    GoOutAsked,
    Melded,
    PileTaken,
    RedThreeLaidOut,
    StagePickedUp,
    TeamOpened,
    WentOut,
)

class LogWords:
    """Turns each event of a round into the log's lines, following the books laid so
    far. ``name`` gives a seat's name ("You" for the person playing alone),
    ``team_of`` a seat's team, and ``quiet`` says whose moves are left out (the
    person's own: they just made them)."""

    def __init__(self, name: Callable[[int], str], team_of: Callable[[int], int], quiet: Callable[[int], bool]) -> None:
        self.name = name
        self.team_of = team_of
        self.quiet = quiet
        self.books: dict[int, list[Rank | None]] = {}
        """Each team's books this round, by number: the rank of each."""
        self.mover: int | None = None
        """Who moved last: a team that opens or a book that closes is theirs to say."""
        self.turn: list[str] = []
        """What the seat of ``turn_seat`` has done so far in the turn being told."""
        self.turn_seat: int | None = None
        self.turn_over = True
        """The turn being told has ended (a discard, going out, another seat's move)."""
        self.plain_draw = ""
        """The words of the usual draw ("drew two"), once one is seen this round."""

    def lines(self, event: Event) -> list[str]:
        """The log's lines for ``event``, oldest first (a meld of several books says
        each one); none for an event the log leaves out."""
        return self._told(event)[1]

    def entry(self, event: Event) -> tuple[str, bool] | None:
        """The log's entry after ``event``: the whole turn of the seat that moved, so
        far, on one line ("Bea laid down three kings, discarded the 7♥"; the usual
        draw is said only while nothing else is), and whether it takes the place of the
        newest entry (the same turn going on); None when ``event`` adds nothing to say.
        One line a move lost the first computer's turn from a five-line log by the
        person's own turn."""
        who, said = self._told(event)
        if who is None or (not said and not self.quiet(who)):
            return None
        goes_on = not self.turn_over and who == self.turn_seat
        if not goes_on:
            self.turn, self.turn_seat = [], who
        self.turn_over = self.quiet(who) or isinstance(event, (Discarded, WentOut))
        if not said:
            return None
        name = f"{self.name(who)} "
        self.turn += [line.removeprefix(name) for line in said]
        told = self.turn
        if len(told) > 1 and told[0] == self.plain_draw:
            # Every turn starts with a draw: once more has happened it goes unsaid, for
            # room (a play-tester's log held two of the three turns before theirs).
            told = told[1:]
        return f"{name}{', '.join(_without_repeated_verbs(told))}", goes_on

    def _told(self, event: Event) -> tuple[int | None, list[str]]:
        """Who ``event`` is told of, and its lines (none for the person's own moves)."""
        if isinstance(event, HandDealt):
            self.books = {}
            self.mover = None
            self.turn, self.turn_seat, self.turn_over = [], None, True
            return None, []
        seat = getattr(event, "seat", None)
        if isinstance(seat, int) and not isinstance(event, GoOutAnswered):
            # A partner's answer is theirs, but the turn stays the asker's.
            self.mover = seat
        who = seat if isinstance(seat, int) else self.mover
        said = self._said(event)
        if said is None or who is None or self.quiet(who):
            return who, []
        return who, said

    def _said(self, event: Event) -> list[str] | None:
        """What ``event`` says, keeping the books up to date."""
        if isinstance(event, Melded):
            return [self._laid(event.seat, event.team, book, cards) for book, cards in event.groups]
        if isinstance(event, PileTaken):
            self._book(self.team_of(event.seat), event.book, event.top.rank)
            taken = 1 + event.count + event.to_tail
            pile = f"the pile ({taken} card{'' if taken == 1 else 's'})"
            # The pair names the book the pile's top card starts or joins.
            return [f"{self.name(event.seat)} took {pile} with {cards_words(event.pair)}"]
        return self._one(event)

    def _one(self, event: Event) -> list[str] | None:
        if isinstance(event, CardsDrawn):
            tail = f", {number_word(event.to_tail)} to the tail" if event.to_tail else ""
            if not tail:
                self.plain_draw = f"drew {number_word(event.count)}"
            return [f"{self.name(event.seat)} drew {number_word(event.count)}{tail}"]
        if isinstance(event, Discarded):
            # The card as its corner shows it ("7♥"): a turn's entry is long, and a
            # discard cut off at its end lost the card it named.
            return [f"{self.name(event.seat)} discarded the {event.card.label}"]
        if isinstance(event, TeamOpened) and self.mover is not None:
            return [f"{self.name(self.mover)} opened with {event.points}"]
        if isinstance(event, BookClosed) and self.mover is not None:
            ranks = self.books.get(event.team, [])
            rank = ranks[event.book] if event.book < len(ranks) else None
            book = "book" if event.kind == "wild" else f"{event.kind} book"
            return [f"{self.name(self.mover)} closed {with_article(book)} of {rank_name(rank)}"]
        if isinstance(event, RedThreeLaidOut):
            return [f"{self.name(event.seat)} laid out a red three"]
        if isinstance(event, StagePickedUp):
            return [f"{self.name(event.seat)} picked up the {event.stage}"]
        if isinstance(event, GoOutAsked):
            return [f"{self.name(event.seat)} asked to go out"]
        if isinstance(event, GoOutAnswered):
            return [f"{self.name(event.seat)} said {'yes' if event.yes else 'no'}"]
        if isinstance(event, WentOut):
            return [f"{self.name(event.seat)} went out!"]
        return None

    def _laid(self, seat: int, team: int, book: int, cards: Sequence[Card]) -> str:
        """One group of a meld: a new book laid down, or cards added to one."""
        ranks = self.books.setdefault(team, [])
        if book >= len(ranks):
            naturals = [card.rank for card in cards if not is_wild(card)]
            self._book(team, book, naturals[0] if naturals else None)
            return f"{self.name(seat)} laid down {cards_words(cards)}"
        added = f"{self.name(seat)} added {cards_words(cards)}"
        if all(not is_wild(card) for card in cards):
            return added
        return f"{added} to the {rank_name(ranks[book])}"

    def _book(self, team: int, book: int, rank: Rank | None) -> None:
        ranks = self.books.setdefault(team, [])
        while len(ranks) <= book:
            ranks.append(rank)


REPEATED_VERBS = ("laid down ", "added ")
"""Verbs a turn's entry says once for a run of moves: "laid down four jacks, three fives"."""


def _without_repeated_verbs(parts: Sequence[str]) -> list[str]:
    """``parts`` with a verb dropped where the part before began with it too, and
    named no book: "added a nine, a wild to the jacks" read as both going on the jacks
    (seen in play), so after a part that names no book the verb stays."""
    kept: list[str] = []
    for index, part in enumerate(parts):
        verb = next((verb for verb in REPEATED_VERBS if part.startswith(verb)), None)
        before = parts[index - 1] if index else ""
        if index and verb is not None and before.startswith(verb) and (" to the " in before or " to the " not in part):
            part = part.removeprefix(verb)
        kept.append(part)
    return kept
