"""How each event shows at the Hand and Foot table: cards dealt, drawn, taken, laid on
books and discarded fly where they go; a foot picked up flies into the hand with a
word on screen; what a player says or does (opening, closing a book, asking to go out
and the partner's answer with its reason) shows in a bubble over their plate; a round
ending shows its summary.

The table's picture (each seat's piles, the books, the discard pile) moves along as
the cards land, so it always shows what the player has seen so far.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardtable_gui.cards import Card
from cardtable_gui.grammar import with_verb
from cardtable_gui.rules.base import Event, HandDealt, RoundScored
from cardtable_gui.rules.hand_and_foot import Book, HandAndFootView, is_wild
from cardtable_gui.rules.hand_and_foot import events
from cardtable_gui.rules.hand_and_foot.options import ROUND_MINIMUMS
from cardtable_gui.rules.hand_and_foot.state import FOOT_SIZE, HAND_SIZE, TAIL_SIZE
from cardtable_gui.scenes.table.animation import Animator
from cardtable_gui.scenes.table.book_row import NEW_BOOK
from cardtable_gui.scenes.table.dealing import deal_order
from cardtable_gui.scenes.table.layouts.base import EventShows, show_event
from cardtable_gui.scenes.table.layouts.hand_and_foot import words
from cardtable_gui.scenes.table.layouts.hand_and_foot.staging import book_key
from cardtable_gui.scenes.table.seat_panel import FULL_HAND

if TYPE_CHECKING:
    from cardtable_gui.scenes.table.layouts.hand_and_foot.parts import ShowTable

DEAL_STAGGER = 0.012
DEAL_FLIGHT = 0.24
DRAW_FLIGHT = 0.28
MELD_FLIGHT = 0.32
MELD_STAGGER = 0.05
DISCARD_FLIGHT = 0.30
PICK_UP_SECONDS = 1.1
CALLOUT_SECONDS = 1.6
BUBBLE_PAUSE = 0.35
MOST_FLIGHTS = 8
"""Cards taken in one go fly as at most this many backs (the rest arrive with them)."""


class EventShow:
    """Shows the match's events on ``table``, one at a time."""

    def __init__(self, table: ShowTable) -> None:
        self.table = table
        self.last_mover: int | None = None
        """Who moved last: a book closed or a team opened is said over their plate."""
        self.pending_round: events.RoundBreakdown | None = None
        self.shows: EventShows = {
            HandDealt: self._deal,
            events.PileStarted: self._turn_up,
            events.CardsDrawn: self._drawn,
            events.DeckAdded: self._deck_added,
            events.DrawPileExhausted: self._stock_exhausted,
            events.PileTaken: self._pile_taken,
            events.Melded: self._melded,
            events.TeamOpened: self._opened,
            events.BookClosed: self._book_closed,
            events.RedThreeLaidOut: self._red_three,
            events.StagePickedUp: self._picked_up,
            events.Discarded: self._discarded,
            events.GoOutAsked: self._asked,
            events.GoOutAnswered: self._answered,
            events.WentOut: self._went_out,
            events.RoundBreakdown: self._breakdown,
            RoundScored: self._round_over,
        }

    @property
    def animator(self) -> Animator:
        return self.table.port.animator

    def show(self, event: Event) -> None:
        """Start showing ``event``; the scene waits for its animations."""
        show_event(self.shows, event)

    def _announce(self, text: str, seconds: float = CALLOUT_SECONDS) -> None:
        """A callout for a moment, near the middle but clear of the round's facts,
        the books and everyone's cards."""
        around = self.table.port.footprint()
        banner = self.table.banner
        banner.announce(text, seconds)
        banner.place_callout(self.table.theme, around, banner.middle)
        self.animator.wait(seconds)

    def _deal(self, event: HandDealt) -> None:
        """A new round: the table is cleared and every hand, foot (and tail) is dealt
        from the dealer's left, hands first. Nobody's plate says "to play" until the
        cards are in: the turn left from the last round is not this one's."""
        self.table.dealer = event.dealer
        self.table.to_move = None
        self.table.counts = [0] * self.table.players
        self.table.foot_counts = [0] * self.table.players
        self.table.tail_counts = [0] * self.table.players
        self.table.stages = [0] * self.table.players
        self.table.books = [[] for _ in self.table.sides]
        self.table.red_threes = [[] for _ in self.table.sides]
        self.table.forget_orders()
        self.table.controls.clear()
        self.table.fan.set_hand((), hidden=0)
        self.table.discard.count, self.table.discard.top = 0, None
        tail = event.counts[0] > HAND_SIZE + FOOT_SIZE
        view = self.table.view
        packs = view.packs if view is not None else self.table.players + 1
        jokers = view.options.jokers_per_deck if view is not None else 2
        self.table.stock.count = packs * (52 + jokers)
        if view is not None:
            self.table.view = _round_view(view, event.round_number, tail)
        self.table.refresh()
        self.table.port.play_sound("shuffle")
        shares = [(HAND_SIZE, "hand"), (FOOT_SIZE, "foot")] + ([(TAIL_SIZE, "tail")] if tail else [])
        number = 0
        for size, where in shares:
            for seat in deal_order(event.dealer, (size,) * self.table.players):
                self._deal_one(seat, where, number)
                number += 1
        self.animator.wait(0.2 + number * DEAL_STAGGER + DEAL_FLIGHT, on_done=self.table.look_at_hand)

    def _deal_one(self, seat: int, where: str, number: int) -> None:
        position = self.table.position_of(seat)
        if where == "hand":
            target = self.table.seat_anchor(seat)
            width = self.table.card_width if position == 0 else self.table.seat_card
        else:
            target = (self.table.feet if where == "foot" else self.table.tails)[position].top_center
            width = self.table.seat_card
        self.animator.fly(
            None, self.table.stock.top_center, target, width, DEAL_FLIGHT,
            delay=0.2 + number * DEAL_STAGGER, on_done=lambda: self._dealt_one(seat, where, number),
        )

    def _dealt_one(self, seat: int, where: str, number: int) -> None:
        self.table.stock.count -= 1
        if where == "hand":
            self.table.counts[seat] += 1
            if seat == self.table.bottom:
                self.table.fan.set_hand((), hidden=min(FULL_HAND, self.table.counts[seat]))
        elif where == "foot":
            self.table.foot_counts[seat] += 1
        else:
            self.table.tail_counts[seat] += 1
        self.table.refresh_piles()
        if number % 6 == 0:
            self.table.port.play_sound("deal")

    def _turn_up(self, event: events.PileStarted) -> None:
        card = event.card

        def landed() -> None:
            self.table.stock.count -= 1
            self.table.discard.count += 1
            self.table.discard.top = card
            self.table.controls.refresh()

        self.animator.fly(card, self.table.stock.top_center, self.table.discard.top_center, self.table.pile_card, DRAW_FLIGHT, on_done=landed)

    def _drawn(self, event: events.CardsDrawn) -> None:
        seat = event.seat
        self.last_mover = seat
        self.table.to_move = seat
        position = self.table.position_of(seat)
        self.table.port.play_sound("deal")
        target = self.table.seat_anchor(seat)
        if position == 0:
            self.table.arrivals = target
        width = self.table.card_width if position == 0 else self.table.seat_card
        for i in range(event.count):
            self.animator.fly(None, self.table.stock.top_center, target, width, DRAW_FLIGHT, delay=i * 0.08, on_done=lambda: self._drew_one(seat))
        for i in range(event.to_tail):
            tail = self.table.tails[position].top_center
            self.animator.fly(None, self.table.stock.top_center, tail, self.table.seat_card, DRAW_FLIGHT, delay=(event.count + i) * 0.08, on_done=lambda: self._drew_to_tail(seat))

    def _drew_one(self, seat: int) -> None:
        self.table.stock.count = max(0, self.table.stock.count - 1)
        self.table.counts[seat] += 1

    def _drew_to_tail(self, seat: int) -> None:
        self.table.stock.count = max(0, self.table.stock.count - 1)
        self._onto_tail(seat)
        self.table.refresh_piles()

    def _onto_tail(self, seat: int) -> None:
        """The last round's extra card: onto the tail, or into the hand once the
        tail is being played."""
        if self.table.stages[seat] == 2:
            self.table.counts[seat] += 1
        else:
            self.table.tail_counts[seat] += 1

    def _cards_leave(self, seat: int, cards: Sequence[Card]) -> list[tuple[float, float]]:
        """Where each of ``cards`` starts from when ``seat`` puts it down: its place in
        your fan, or the seat's fan of backs."""
        if seat == self.table.bottom and self.table.hand_order:
            starts = []
            for card in cards:
                starts.append(self.table.fan.remove(card) if self.table.fan.index_of(card) is not None else self.table.seat_anchor(seat))
                if card in self.table.hand_order:
                    self.table.hand_order.remove(card)
            return starts
        return [self.table.seat_anchor(seat)] * len(cards)

    def _deck_added(self, event: events.DeckAdded) -> None:
        self.table.stock.count += 52 + (self.table.view.options.jokers_per_deck if self.table.view else 0)
        extra = self.table.view.options.extra_decks if self.table.view else event.added
        self._announce(f"The draw pile ran out: a fresh pack is shuffled in ({event.added} of {extra})")

    def _stock_exhausted(self, event: events.DrawPileExhausted) -> None:
        self._announce("The draw pile is empty: the round ends with nobody out")

    def _pile_taken(self, event: events.PileTaken) -> None:
        seat, team = event.seat, self.table.team_of(event.seat)
        self.last_mover = seat
        row = self.table.row_of(team)
        landing = row.landing(book_key(event.book))
        book_w = row.card_width
        self.table.port.play_sound("trick")
        starts = self._cards_leave(seat, event.pair)
        mine = seat == self.table.bottom
        laid = (event.top, *event.pair)

        def to_book() -> None:
            # The pair leaves the seat's hand as it lands on the book, as a meld's cards do.
            self.table.counts[seat] = max(0, self.table.counts[seat] - len(event.pair))
            self._lay(team, event.book, laid)

        self.animator.fly(event.top, self.table.discard.top_center, landing, book_w, MELD_FLIGHT)
        for i, (card, start) in enumerate(zip(event.pair, starts, strict=True)):
            done = to_book if i == len(event.pair) - 1 else None
            self.animator.fly(card, start, landing, book_w, MELD_FLIGHT, delay=0.05 * (i + 1), on_done=done)
        self.table.discard.count = max(0, self.table.discard.count - 1 - event.count)
        self.table.discard.top = event.uncovered
        target = self.table.seat_anchor(seat)
        if mine:
            self.table.arrivals = target
        width = self.table.card_width if mine else self.table.seat_card
        flights = min(MOST_FLIGHTS, event.count)
        for i in range(flights):
            last = i == flights - 1
            self.animator.fly(
                None, self.table.discard.top_center, target, width, DRAW_FLIGHT, delay=0.3 + i * 0.06,
                on_done=(lambda: self._took(event)) if last else None,
            )
        if not flights:
            self._took(event)

    def _took(self, event: events.PileTaken) -> None:
        """The pile's cards are in the seat's hand; in the last round one more card,
        from what is left of the pile or else from the draw pile, goes to the tail."""
        self.table.counts[event.seat] += event.count
        for _ in range(event.to_tail):
            source = self.table.discard if self.table.discard.count else self.table.stock
            source.count = max(0, source.count - 1)
            self._onto_tail(event.seat)
        self.table.refresh_piles()

    def _melded(self, event: events.Melded) -> None:
        """Cards laid on books: yours were staged and already show, so they settle at
        once; another player's fly from their seat to their team's band."""
        seat, team = event.seat, event.team
        self.last_mover = seat
        self.table.port.play_sound("play")
        if seat == self.table.bottom and self.table.controls.laying():
            for book, cards in event.groups:
                # Staged cards counted as held ("Hand 11 (3 staged)") until laid: a
                # discard made straight after left the plate one card or more too high
                # until the player's next turn (seen in play).
                self.table.counts[seat] = max(0, self.table.counts[seat] - len(cards))
                self._lay(team, book, cards)
            for card in (c for _, cards in event.groups for c in cards):
                if card in self.table.hand_order:
                    self.table.hand_order.remove(card)
            self.table.controls.laid_down()
            return
        # A computer's books land one at a time, each in view for a beat (the last
        # one's is the table's beat for the whole meld, which starts when it lands).
        beat = self.table.beat(event)
        pause = self.table.port.reading_time(beat) if beat is not None else 0.0
        sent = 0
        for index, (book, cards) in enumerate(event.groups):
            if index and pause:
                self.animator.wait(index * pause, reading=True, on_done=lambda b=book, c=cards: self._meld_group(seat, team, b, c))
            else:
                # Unpaused, the groups' cards fly one after another, so books land in order.
                self._meld_group(seat, team, book, cards, sent)
            sent += len(cards)

    def _meld_group(self, seat: int, team: int, book: int, cards: Sequence[Card], sent: int = 0) -> None:
        """One group of a meld flies from the seat to its book (a new one when the
        team has no such book yet) and is laid there, after ``sent`` cards of the
        same meld have set off."""
        row = self.table.row_of(team)
        starts = self._cards_leave(seat, cards)
        known = len(self.table.books[team]) if team < len(self.table.books) else 0
        key = book_key(book) if book < known else NEW_BOOK

        def landed() -> None:
            # The seat holds fewer cards once they lie on the book, not while they fly.
            self.table.counts[seat] = max(0, self.table.counts[seat] - len(cards))
            self._lay(team, book, cards)

        for i, (card, start) in enumerate(zip(cards, starts, strict=True)):
            last = i == len(cards) - 1
            self.animator.fly(
                card, start, row.landing(key), row.card_width, MELD_FLIGHT, delay=(sent + i) * MELD_STAGGER,
                on_done=landed if last else None,
            )

    def _lay(self, team: int, index: int, cards: Sequence[Card]) -> None:
        """Put ``cards`` on the team's book ``index`` of the picture (a new one when
        the team has no such book yet)."""
        books = self.table.books[team]
        if index < len(books):
            old = books[index]
            books[index] = Book(old.rank, (*old.cards, *cards))
        else:
            naturals = [c for c in cards if not is_wild(c)]
            books.append(Book(naturals[0].rank if naturals else None, tuple(cards)))  # type: ignore[arg-type]
        self.table.refresh()
        self.table.row_of(team).show(book_key(min(index, len(books) - 1)))

    def _opened(self, event: events.TeamOpened) -> None:
        if self.last_mover is not None:
            self.table.bubbles.say(self.last_mover, f"Opened with {event.points}")

    def _book_closed(self, event: events.BookClosed) -> None:
        kind = {"clean": "A clean book!", "dirty": "A dirty book", "wild": "A book of wilds!"}.get(event.kind, "A book closes")
        if self.last_mover is not None:
            self.table.bubbles.say(self.last_mover, kind)
        self.table.port.play_sound("trick")
        self.animator.wait(BUBBLE_PAUSE)

    def _red_three(self, event: events.RedThreeLaidOut) -> None:
        team = self.table.team_of(event.seat)
        start = self._cards_leave(event.seat, [event.card])[0]
        row = self.table.row_of(team)
        self.table.bubbles.say(event.seat, "A red three")

        def landed() -> None:
            self.table.red_threes[team].append(event.card)
            self.table.counts[event.seat] = max(0, self.table.counts[event.seat] - 1)
            self.table.refresh()

        self.animator.fly(event.card, start, (row.rect.x + row.card_width, row.rect.y + row.card_width // 2), row.card_width, MELD_FLIGHT, on_done=landed)

    def _picked_up(self, event: events.StagePickedUp) -> None:
        """A foot or tail picked up: it flies into the hand, and the table says so."""
        seat = event.seat
        position = self.table.position_of(seat)
        pile = (self.table.feet if event.stage == "foot" else self.table.tails)[position]
        start = pile.top_center
        self.table.stages[seat] = 1 if event.stage == "foot" else 2
        if event.stage == "foot":
            self.table.foot_counts[seat] = 0
        else:
            self.table.tail_counts[seat] = 0
        self.table.refresh_piles()
        target = self.table.seat_anchor(seat)
        width = self.table.card_width if position == 0 else self.table.seat_card
        for i in range(min(MOST_FLIGHTS, event.count)):
            self.animator.fly(None, start, target, width, DRAW_FLIGHT + 0.1, delay=i * 0.05)
        self.table.counts[seat] += event.count
        if position == 0:
            self.table.arrivals = target
            self.table.hand_order = []
            self._announce(f"You pick up your {event.stage}", PICK_UP_SECONDS)
        else:
            self.table.bubbles.say(seat, f"Picks up the {event.stage}")
            self.animator.wait(BUBBLE_PAUSE)

    def _discarded(self, event: events.Discarded) -> None:
        seat, card = event.seat, event.card
        self.last_mover = seat
        start = self._cards_leave(seat, [card])[0]
        self.table.port.play_sound("play")

        def landed() -> None:
            # The seat's count, the pile and its words change together as the card
            # lands, and only then does the turn pass: "You to play" lit while the
            # card was still in the air, beside the pile's old words.
            self.table.counts[seat] = max(0, self.table.counts[seat] - 1)
            self.table.discard.count += 1
            self.table.discard.top = card
            self.table.to_move = (seat + 1) % self.table.players
            self.table.controls.refresh()

        self.animator.fly(card, start, self.table.discard.top_center, self.table.pile_card, DISCARD_FLIGHT, on_done=landed)

    def _asked(self, event: events.GoOutAsked) -> None:
        self.table.bubbles.say(event.seat, "May I go out?")
        self.animator.wait(BUBBLE_PAUSE)

    def _answered(self, event: events.GoOutAnswered) -> None:
        view = self.table.view
        if view is None:
            return
        totals = words.standing(view, self.table.books)
        self.table.bubbles.say(event.seat, words.answer_reason(view, event.seat, event.yes, totals), 2.4)
        self.animator.wait(BUBBLE_PAUSE * 2)

    def _went_out(self, event: events.WentOut) -> None:
        self._announce(f"{with_verb(self.table.port.seat_name(event.seat), 'go', 'goes')} out!")

    def _breakdown(self, event: events.RoundBreakdown) -> None:
        """The round's points, team by team: summed up once the round is scored."""
        self.pending_round = event

    def _round_over(self, scored: RoundScored) -> None:
        breakdown = self.pending_round
        if breakdown is None:
            return
        self.pending_round = None
        view = self.table.view
        assert view is not None
        names = [self.table.team_label(t) for t in range(len(view.sides))]
        before = list(self.table.team_totals)
        after = [before[s.team] + s.total for s in breakdown.teams]
        self.table.team_totals = after
        self.table.refresh()
        self.table.port.show_summary(words.summary_table(breakdown, after, names, view, self.table.port.seat_name))


def _round_view(view: HandAndFootView, round_number: int, has_tail: bool) -> HandAndFootView:
    """The view's round facts moved on to a round just dealt (until the next settle
    brings the whole view), so the banner names the new round at once."""
    minimum = ROUND_MINIMUMS[round_number - 1]
    return dataclasses.replace(
        view, round_number=round_number, minimum=minimum, has_tail=has_tail,
        books=tuple(() for _ in view.sides), red_threes=tuple(() for _ in view.sides), permission=None,
    )
