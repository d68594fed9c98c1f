"""The player's turn at the Hand and Foot table, the way players expect it.

- Draw: click the draw pile (or drag it onto the hand), or press D. Take the discard
  pile with the control beside it, which shows the pair from the hand it will use
  (those cards are outlined in the hand too); a click on the pile or T takes it with
  the first pair offered.
- Meld: choose cards (click, shift-click for a range, or the arrows with Space and
  Shift), drop them on a book or on New book (Enter puts them where they fit; with
  none chosen it picks the leftmost card that fits one of the side's books). They
  are staged, with the running count of an opening, until Lay down (L); Cancel or Esc
  returns them, Backspace takes back the last drop. Lay down with cards chosen puts
  them where Enter would (one book per rank, onto open books; wilds alone where the
  hint put them, else where they fit best), then lays everything down.
- Take the pile while the hint takes it with an opening stages the hint's cards first.
- Discard: drop one card on the discard pile, or choose it and press X (Discard); with
  nothing chosen while the hint rings a card to discard, X (Discard) or a click on the
  ringed pile discards that one.
  Discarding with a meld staged lays the meld down first.
- With the hint showing and no card chosen, Enter makes the hinted move, whatever it is.
- Going out: Ask to go out (A) puts the question to the partners; a partner at the same
  screen answers on a panel of their own.
- Sort (S) puts the hand in order by rank (wilds together) or by suit; cards that
  arrive join at the right until then. Dragging cards along the hand and letting go
  there moves them to that place, for a player who keeps an order of their own.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from cardtable_gui.cards import Card
from cardtable_gui.rules import hand_and_foot as hf
from cardtable_gui.rules.base import Action, IllegalAction
from cardtable_gui.rules.hand_and_foot.books import extend
from cardtable_gui.rules.hand_and_foot.placing import Placement, place_chosen
from cardtable_gui.scenes.table.bidding import BidChoice, BidPanel
from cardtable_gui.scenes.table.book_row import NEW_BOOK, BookLook, BookRow
from cardtable_gui.scenes.table.footprint import Footprint, Kind
from cardtable_gui.scenes.table.keys_line import fit_keys
from cardtable_gui.scenes.table.layouts.hand_and_foot import words
from cardtable_gui.scenes.table.layouts.hand_and_foot.staging import PILE, Staging, book_key, staged_key
from cardtable_gui.scenes.table.multi_select import MARKED, GroupPlay
from cardtable_gui.ui import theme as th
from cardtable_gui.ui.widgets import Button

if TYPE_CHECKING:
    from cardtable_gui.scenes.table.layouts.hand_and_foot.parts import TurnTable
    from cardtable_gui.scenes.table.port import TablePort

DISCARD_PILE = ("discard",)
"""Where a card dropped to be discarded lands."""
OTHER_BOOKS = ("other books",)
"""Where a drag ends on another side's books, which take none of the player's cards."""


@dataclass(frozen=True, slots=True)
class InHand:
    """Where a drag ends on the hand itself: before the card shown ``before``-th from
    the left (the count of cards, the dragged ones included, left of the drop)."""

    before: int


NOT_THEIR_BOOKS = "Your cards go onto your side's books only, not the other side's."
DRAW_FIRST = "Draw first: click the draw pile, or take the discard pile."
DRAW_FIRST_NO_PILE = "Draw first: click the draw pile."
"""When the discard pile may not be taken (blocked, or no pair for its top card)."""
NOTHING_TO_LAY = "Choose the cards to lay down first (click them, or the arrows and Space), then press L."
HINTED_INSTEAD = "Laid down the cards the hint named, in place of the ones you had chosen."
NOTHING_FITS = (
    "No card in your hand goes onto your side's books now. Choose three or more cards "
    "of a rank and press L to start a book, or choose a card and press X to discard it."
)
NO_BOOKS_YET = (
    "Your side has no books yet. Choose three or more cards of a rank and press L to "
    "lay them down, or choose a card and press X to discard it."
)


class TurnControls:
    """The choices offered to the person at the bottom, and what their input means."""

    def __init__(self, table: TurnTable) -> None:
        self.table = table
        self.staging = Staging()
        self.sent = False
        """The staged meld was sent as a move; it shows until its cards are laid."""
        self.legal: list[Action] = []
        self.active = False
        self.takes: list[hf.TakePile] = []
        self.take_choice = 0
        self.pressed: str | None = None
        """The pile pressed and not let go yet ("stock" or "discard")."""
        self.press_pos = (0, 0)
        self.pointer = (0, 0)
        self.discard_hot = False
        self.dragging = False
        self.hint = ""
        self.keys: tuple[str, ...] = ()
        """The keys that work in this part of the turn, most useful first."""
        self.play: GroupPlay[Hashable] = GroupPlay(
            table.fan, self._target_at, self._dropped, self._hovering, self.pick_for_books, self._goes_on_a_book
        )
        self.lay_down_button = Button("Lay down", self.lay_down, style="primary")
        self.cancel_button = Button("Cancel", self.cancel, style="quiet")
        self.discard_button = Button("Discard", self.discard_chosen)
        self.ask_button = Button("Ask to go out", self.ask)
        self.sort_button = Button("Sort by suit", self.sort, style="quiet")
        for button in self._buttons():
            button.visible = False
        self.take_buttons: list[Button] = []
        self.answer: BidPanel[bool] = BidPanel(self._answered)
        self.hint_rect = pygame.Rect(0, 0, 0, 0)
        self.words: list[pygame.Rect] = []
        """Where the piles' words, the prompt and the keys were last drawn."""
        self.prompt_shown: list[str] = []
        """The turn's prompt as last drawn, one or two lines."""

    # -- reading the table -----------------------------------------------------------

    @property
    def view(self) -> hf.HandAndFootView | None:
        return self.table.view

    @property
    def port(self) -> TablePort:
        return self.table.port

    def _books(self) -> list[hf.Book]:
        team = self.table.my_team
        return self.table.books[team] if team < len(self.table.books) else []

    def _opened(self) -> bool:
        return bool(self._books())

    def _phase(self) -> hf.Phase | None:
        view = self.view
        return view.phase if view is not None else None

    def _can_stage(self) -> bool:
        """Cards may be staged now: while playing, or before drawing by a team that
        has not opened and may take the pile together with its opening."""
        if not self.active or self.sent:
            return False
        phase = self._phase()
        return phase is hf.Phase.PLAY or (phase is hf.Phase.DRAW and bool(self.takes) and not self._opened())

    def _draw_first(self) -> str:
        """Why nothing but a draw may be done yet, naming the discard pile only when
        this player may take it."""
        return DRAW_FIRST if self.takes else DRAW_FIRST_NO_PILE

    def _pile_book(self) -> hf.Book | None:
        """The book a take of the pile would start, while staging toward it."""
        view = self.view
        if view is None or view.phase is not hf.Phase.DRAW or not self.takes or view.discard_top is None:
            return None
        pair = self.takes[self.take_choice].pair
        return hf.Book(view.discard_top.rank, (view.discard_top, *pair))  # type: ignore[arg-type]

    # -- the turn --------------------------------------------------------------------

    def begin(self, legal: list[Action]) -> None:
        view = self.view
        self.legal = legal
        self.active = True
        self.sent = False
        if view is not None and view.phase is hf.Phase.ANSWER:
            self._ask_partner(view)
            self.refresh()
            return
        pairs: dict[tuple[Card, Card], hf.TakePile] = {}
        for action in legal:
            if isinstance(action, hf.TakePile):
                pairs.setdefault(action.pair, hf.TakePile(action.pair))
        self.takes = list(pairs.values())
        self.take_choice = 0
        self.table.fan.set_legal(self.table.fan.cards, True)
        self.refresh()

    def end(self) -> None:
        self.active = False
        self.legal = []
        self.takes = []
        self.pressed = None
        self.answer.hide()
        self.table.fan.set_legal((), False)
        self._hovering(None)
        self.refresh()

    def clear(self) -> None:
        """Forget anything staged (a new round, or the table was rebuilt)."""
        self.staging.clear()
        self.sent = False

    def synced(self) -> None:
        """The view was taken again: staged cards no longer held are forgotten."""
        view = self.view
        if view is not None and self.staging:
            held = Counter(view.hand)
            if view.seat != self.table.bottom or Counter(self.staging.cards) - held:
                self.clear()
        self.refresh()

    def laying(self) -> bool:
        return self.sent

    def laid_down(self) -> None:
        """The staged meld's cards are on the table now."""
        self.clear()
        self.refresh()

    def show_hand(self) -> None:
        """The fan shows the hand less the cards staged."""
        staged = Counter(self.staging.cards)
        shown = []
        for card in self.table.hand_order:
            if staged[card]:
                staged[card] -= 1
            else:
                shown.append(card)
        fan = self.table.fan
        fan.set_hand(shown, keep_order=True)
        if self.active:
            fan.set_legal(fan.cards, True)
        self._mark_pair()

    def _mark_pair(self) -> None:
        if self.takes and self._phase() is hf.Phase.DRAW and self.active:
            self.table.fan.mark_cards(self.takes[self.take_choice].pair)
        else:
            self.table.fan.mark_cards(())

    def refresh(self) -> None:
        """Buttons, the hint and the marked pair, after anything changed."""
        view = self.view
        table = self.table
        self._mark_pair()
        phase = self._phase()
        playing = self.active and phase is hf.Phase.PLAY and not self.sent
        staged = bool(self.staging) and self.active and not self.sent
        chosen = playing and bool(table.fan.chosen)
        # A hint to lay cards down rings Lay down: pressed, it lays the hinted cards.
        hinted = playing and isinstance(table.hinted, hf.Meld)
        # Chosen cards that go on no book (a three, a lone ten with no tens) do not
        # offer it: play-testers were offered Lay down with a three chosen, and it only
        # refused. L still says why.
        fit = chosen and self._would_stage(table.fan.chosen_cards)
        self.lay_down_button.visible = (staged or fit or hinted) and phase is hf.Phase.PLAY
        short = False
        if staged and self.lay_down_button.visible and not self._opened() and view is not None:
            self.lay_down_button.text = f"Lay down ({self.staging.points} of {view.minimum})"
            short = self.staging.points < view.minimum
        else:
            self.lay_down_button.text = "Lay down"
        # Below the opening minimum it still answers (with the reason), but does not
        # look like the move to make.
        self.lay_down_button.style = "quiet" if short else "primary"
        self.cancel_button.visible = staged
        # A hint to discard rings a card: Discard (or X) with nothing chosen discards it.
        hinted_discard = playing and not table.fan.chosen and isinstance(table.hinted, hf.Discard)
        self.discard_button.visible = playing and len(table.fan.chosen) == 1 or hinted_discard
        # Asking is offered only when going out is possible this turn: a partner's yes
        # to a move that cannot be made would only waste the question.
        self.ask_button.visible = (
            playing
            and any(isinstance(a, hf.AskToGoOut) for a in self.legal)
            and view is not None
            and view.permission is None
            and view.can_go_out
        )
        self.sort_button.visible = bool(table.hand_order)
        other = table.sort_by_suit == self._in_order()
        self.sort_button.text = "Sort by rank" if other else "Sort by suit"
        self._refresh_takes()
        if view is not None and self.active and phase in (hf.Phase.DRAW, hf.Phase.PLAY) and view.seat is not None:
            partners = [table.port.seat_name(s) for s in view.sides[view.team_of(view.seat)] if s != view.seat]
            self.hint = words.hint(
                table.view_with_books(),
                view.seat, len(self.staging.groups), self.staging.points + self._pile_points(),
                bool(self.takes), self.ask_button.visible, " and ".join(partners) or "Your partner",
            )
        else:
            self.hint = ""
        if phase is hf.Phase.DRAW:
            # T only while the pile may be taken: a play-tester read "T takes the discard
            # pile" under "The discard pile is blocked".
            take = ("T takes the discard pile",) if self.takes else ()
            self.keys = ("D draws", *take, "S sorts your hand")
        else:
            # The keys no button shows come first: a narrow bar drops the last ones.
            asks = ("A asks",) if self.ask_button.visible else ()
            self.keys = ("L lays down", "X discards", *asks, "arrows move", "Space chooses", "Enter puts cards on books", "S sorts")
        self.layout()
        table.refresh()

    def _pile_points(self) -> int:
        pile = self._pile_book()
        view = self.view
        if pile is None or view is None or not view.options.pile_counts_toward_opening:
            return 0
        return pile.points

    def _refresh_takes(self) -> None:
        """One take control per pair that may take the pile; the buttons are kept
        while the choices stay the same, so a press in progress is not lost."""
        showing = self.active and self._phase() is hf.Phase.DRAW and bool(self.takes)
        if not showing:
            self.take_buttons = []
            return
        if len(self.take_buttons) != len(self.takes):
            self.take_buttons = [Button("", (lambda i=i: self.take(i))) for i in range(len(self.takes))]
        label = "Take and open" if not self._opened() and self.staging else "Take the pile"
        for index, button in enumerate(self.take_buttons):
            button.text = label
            button.style = "primary" if index == self.take_choice else "normal"

    def refresh_row(self, row: BookRow, books: Sequence[hf.Book]) -> None:
        """Your team's band: its books with the staged cards on them, the staged new
        books, the book a take would start, and the place for a new book."""
        looks: list[BookLook] = [
            words.book_look(book_key(i), book, self.staging.pending_for(book_key(i))) for i, book in enumerate(books)
        ]
        pile = self._pile_book() if self._can_stage() else None
        if pile is not None and self.staging:
            looks.append(words.book_look(PILE, None, (*pile.cards, *self.staging.pending_for(PILE))))
        for index, group in self.staging.new_groups():
            looks.append(words.book_look(staged_key(index), None, group.cards))
        row.set_books(looks, new_place="New book" if self._can_stage() else "")

    # -- choosing where cards go -------------------------------------------------------

    def _target_at(self, pos: tuple[int, int]) -> Hashable | None:
        table = self.table
        if table.discard.rect(table.sprites).collidepoint(pos):
            return DISCARD_PILE
        if not table.rows:
            return None
        if any(row.rect.collidepoint(pos) for row in table.rows[1:]):
            return OTHER_BOOKS
        if (book := table.rows[0].target_at(pos)) is not None:
            return book
        if table.fan.area.collidepoint(pos):
            return InHand(sum(1 for slot in table.fan.slots if slot.target_x < pos[0]))
        return None

    def _hovering(self, place: Hashable | None) -> None:
        """Light the places a drag may end on, and the one under the pointer."""
        table = self.table
        self.dragging = place is not None or (table.fan.dragging is not None and table.fan.drag_moved)
        if table.rows:
            row = table.rows[0]
            row.drop_ready = self.dragging and self._can_stage()
            row.hot = place if place not in (DISCARD_PILE, OTHER_BOOKS) and not isinstance(place, InHand) else None
        self.discard_hot = place == DISCARD_PILE

    def _dropped(self, cards: list[Card], place: Hashable | None) -> None:
        if isinstance(place, InHand):
            self.rearrange(cards, place.before)
            return
        if not self.active or self.sent:
            return
        if place == DISCARD_PILE:
            if len(cards) != 1:
                self.port.say("Discard one card at a time: drop just that card on the pile.")
                return
            self.discard(cards[0])
            return
        if place == OTHER_BOOKS:
            self.port.say(NOT_THEIR_BOOKS)
            return
        if place is not None:
            self.stage(cards, place)
            return
        note = self.place(cards)
        if note:
            self.port.note_briefly(note)

    def staged_rects(self, card: Card) -> list[pygame.Rect]:
        """Where ``card`` shows staged on your books, and Lay down, which plays it: a
        lesson's ring follows the cards it names from the hand onto the books and on to
        the button that finishes the move (a play-tester who had dropped the kings on
        New book saw the ring vanish and nothing say that Lay down was still to come)."""
        if not self.table.rows:
            return []
        row = self.table.rows[0]
        rects = [rect for key in self.staging.places_of(card) if (rect := row.cards_rect(key)) is not None]
        if rects and self.lay_down_button.visible:
            rects.append(self.lay_down_button.rect)
        return rects

    def place_keys(self) -> list[Hashable]:
        """The row's place of each book in the rules' numbering, as a hint worked out
        after the staged cards names them."""
        return self.staging.keys(len(self._books()), self._pile_book() is not None)

    def place(self, cards: Sequence[Card]) -> str | None:
        """Stage ``cards`` where they fit (Enter, and Lay down with cards chosen): one
        book per rank, onto open books, wilds where the hint put them or where they fit
        best (``place_chosen``). Returns None when refused (the reason is shown), else
        what to tell the player about where wilds went ("" when nothing)."""
        view = self.view
        if view is None:
            return None
        places = self.staging.places(self._books(), view.options.wild_books, self._pile_book())
        hinted = self.table.hinted
        placement = place_chosen(cards, [book for _, book in places], hinted.groups if isinstance(hinted, hf.Meld) else ())
        if not self.stage_all(self._drops(placement, places)):
            return None
        if placement.wilds_book is None:
            return ""
        by_hint = isinstance(hinted, hf.Meld) and any(g.book == placement.wilds_book for g in hinted.groups)
        return words.wilds_placed(places[placement.wilds_book][1], len(cards), by_hint)

    @staticmethod
    def _drops(placement: Placement, places: Sequence[tuple[Hashable, hf.Book]]) -> list[tuple[Sequence[Card], Hashable]]:
        """Each group of ``placement`` with the row's place it goes to."""
        return [(g.cards, NEW_BOOK if g.book is None else places[g.book][0]) for g in placement.groups]

    def _would_stage(self, cards: Sequence[Card]) -> bool:
        """Whether Lay down could put ``cards`` on the side's books now, where Enter
        would: a three, or two cards of a rank with no book, cannot go anywhere."""
        view = self.view
        if view is None:
            return False
        places = self.staging.places(self._books(), view.options.wild_books, self._pile_book())
        # A staging of the same groups: ``add_all`` copies them before it adds a card.
        trial = Staging(list(self.staging.groups))
        try:
            drops = self._drops(place_chosen(cards, [book for _, book in places]), places)
            trial.add_all(drops, self._books(), view.options.wild_books, self._pile_book())
        except IllegalAction:
            return False
        return True

    def pick_for_books(self) -> None:
        """Enter with no card chosen: before drawing, say to draw first; after, pick
        the leftmost card that goes onto one of the side's books now (open or staged),
        for the next Enter to put there, else say plainly why not and what to do. It
        picked the leftmost card whatever it was, a three, and only the next Enter
        said threes never go in a book."""
        view = self.view
        if not self.active or self.sent or view is None:
            return
        if view.phase is hf.Phase.DRAW:
            self.port.say(self._draw_first())
            return
        if view.phase is not hf.Phase.PLAY:
            return
        places = [book for _, book in self.staging.places(self._books(), view.options.wild_books)]
        if not places:
            self.port.say(NO_BOOKS_YET)
            return
        fan = self.table.fan
        fits = next((i for i, slot in enumerate(fan.slots) if slot.card is not None and _fits_any(slot.card, places, view.options.wild_books)), None)
        if fits is None:
            self.port.say(NOTHING_FITS)
            return
        fan.select(fits)

    def _goes_on_a_book(self, card: Card) -> bool:
        """Whether Enter can put ``card`` alone onto one of the side's books now: a
        card under the keys' cursor that cannot is passed over for the leftmost that
        can (a play-tester's Enter on a lone nine said only "A new book needs at least
        three cards")."""
        view = self.view
        if view is None or view.phase is not hf.Phase.PLAY:
            return False
        places = [book for _, book in self.staging.places(self._books(), view.options.wild_books)]
        return _fits_any(card, places, view.options.wild_books)

    def stage(self, cards: Sequence[Card], place: Hashable) -> None:
        """Stage ``cards`` on ``place`` (a book, a staged book, the pile's book or a
        new book); the rule's reason is shown when they may not go there. Cards of
        several ranks dropped on New book start one book per rank, as Lay down would
        (the hinted cards go where the hint said)."""
        if place != NEW_BOOK or len({c.rank for c in cards if not hf.is_wild(c)}) < 2:
            self.stage_all([(cards, place)])
        elif self._is_hinted_meld(cards):
            self.place(cards)
        else:
            self.stage_all([(g.cards, NEW_BOOK) for g in place_chosen(cards, ()).groups])

    def _is_hinted_meld(self, cards: Sequence[Card]) -> bool:
        hinted = self.table.hinted
        return isinstance(hinted, hf.Meld) and Counter(cards) == Counter(c for g in hinted.groups for c in g.cards)

    def stage_all(self, drops: Sequence[tuple[Sequence[Card], Hashable]]) -> bool:
        """Stage each ``(cards, place)`` of ``drops``, all or none; the rule's reason is
        shown when they may not go there. Returns whether they were staged."""
        view = self.view
        if view is None or not drops:
            return False
        if not self._can_stage():
            if view.phase is hf.Phase.DRAW:
                self.port.say(self._draw_first())
            return False
        try:
            self.staging.add_all(drops, self._books(), view.options.wild_books, self._pile_book())
        except IllegalAction as error:
            self.port.say(str(error))
            return False
        self.table.fan.clear_choice()
        self.show_hand()
        self.refresh()
        self.table.rows[0].show(drops[-1][1])
        self.port.staging_changed()
        return True

    def can_take_back(self) -> bool:
        return bool(self.staging) and not self.sent and self.active

    def take_back(self) -> None:
        """Return the last drop's cards to the hand."""
        if self.staging and not self.sent:
            self.staging.take_back()
            self.show_hand()
            self.refresh()
            self.port.staging_changed()

    def cancel(self) -> None:
        if self.sent:
            return
        had = bool(self.staging.clear())
        self.show_hand()
        self.refresh()
        if had:
            self.port.staging_changed()

    # -- moves -----------------------------------------------------------------------

    def _send(self, action: Action, laying: bool) -> bool:
        """Play ``action``; ``laying`` when it lays the staged meld down."""
        self.sent = laying
        if self.port.submit(action):
            return True
        self.sent = False
        self.refresh()
        return False

    def lay_down(self) -> None:
        """Lay the staged cards down, the chosen cards first put where Enter would put
        them: choosing three kings, or the six cards of two books, and Lay down is a
        whole meld. While the hint shows a meld, its cards are the ones laid down,
        whatever is chosen: the hint rings Lay down, and one press makes the hinted
        move (with two 8s chosen, L tried the 8s and the hinted jack stayed in hand).
        Not where the hint shows by itself (a practice game): there the player's own
        chosen or staged cards are laid, and the hint's only when none are (a learner
        who chose three jacks saw six cards go down, and a staged meld took a hinted
        jack along).
        With nothing to lay down, it says what to do first."""
        view = self.view
        if not self.active or self.sent or view is None:
            return
        chosen = self.table.fan.chosen_cards
        hinted = self.table.hinted
        instead = ""
        own = bool(chosen or self.staging) and self.port.hint_unasked()
        cards = [card for group in hinted.groups for card in group.cards] if isinstance(hinted, hf.Meld) and not own else []
        # A hint given after a staged meld may name that meld itself: its cards are no
        # longer in the hand, and the staged cards are laid down as they are.
        if cards and not Counter(cards) - Counter(self.table.fan.cards):
            if chosen and Counter(chosen) != Counter(cards):
                instead = HINTED_INSTEAD
            chosen = cards
        if not chosen and not self.staging:
            self.port.say(self._draw_first() if view.phase is hf.Phase.DRAW else NOTHING_TO_LAY)
            return
        note: str | None = ""
        if chosen and view.phase is hf.Phase.PLAY:
            note = self.place(chosen)
        if not self.staging or note is None:
            return
        note = " ".join(part for part in (instead, note) if part)
        if view.phase is hf.Phase.DRAW:
            self.take(self.take_choice)
            return
        if self._send(self.staging.meld(len(self._books())), laying=True) and note:
            self.port.note_briefly(note)

    def follow_hint(self, action: Action | None) -> None:
        """A hint to take the pile with a pair makes that pair the one a click on the
        pile, T or Lay down uses; a hint to lay cards down shows Lay down (and its
        going takes the button away again, unless cards are chosen or staged)."""
        if isinstance(action, hf.TakePile):
            index = next((i for i, take in enumerate(self.takes) if take.pair == action.pair), None)
            if index is not None:
                self.take_choice = index
        self.refresh()

    def draw_cards(self) -> None:
        if self.active and self._phase() is hf.Phase.DRAW:
            self._send(hf.DrawCards(), laying=False)

    def take(self, choice: int) -> None:
        if not self.active or self._phase() is not hf.Phase.DRAW or not 0 <= choice < len(self.takes):
            return
        pair = self.takes[choice].pair
        hinted = self.table.hinted
        if not self._opened() and not self.staging and isinstance(hinted, hf.TakePile) and hinted.pair == pair and hinted.meld:
            # The hint takes the pile together with an opening: staging the cards it
            # named is what the player would do by hand before taking.
            places = self.staging.keys(len(self._books()), pile=True)
            if not self.stage_all([(g.cards, NEW_BOOK if g.book is None else places[g.book]) for g in hinted.meld]):
                return
        if self._opened() or not self.staging:
            self._send(hf.TakePile(pair), laying=False)
            return
        self._send(hf.TakePile(pair, self.staging.take_groups(len(self._books()))), laying=True)

    def discard(self, card: Card) -> None:
        """Discard ``card``, laying any staged meld down first."""
        if not self.active:
            return
        if self._phase() is not hf.Phase.PLAY:
            if self._phase() is hf.Phase.DRAW:
                self.port.say(self._draw_first())
            return
        if self.staging and not self._send(self.staging.meld(len(self._books())), laying=True):
            return
        self.port.submit(hf.Discard(card))

    def discard_chosen(self) -> None:
        """Discard the chosen card; with none chosen, the one the keys point at (the
        violet outline), else the card the hint rings (as Lay down lays the hinted
        meld). A play-tester who had moved the arrows onto the 8 of spades saw X throw
        the hinted 3 instead."""
        fan = self.table.fan
        chosen = fan.chosen_cards
        if len(chosen) > 1:
            self.port.say("Choose just one card to discard.")
            return
        hinted = self.table.hinted
        pointed = fan.selected_card
        if chosen:
            card: Card | None = chosen[0]
        elif pointed is not None:
            card = pointed
        else:
            card = hinted.card if isinstance(hinted, hf.Discard) else None
        if card is None:
            self.port.say("Choose the card to discard first.")
            return
        self.discard(card)

    def ask(self) -> None:
        if not (self.active and self._phase() is hf.Phase.PLAY):
            return
        if not self.ask_button.visible:
            self.port.say("You can't go out this turn, so there is nothing to ask your partner yet.")
            return
        self._send(hf.AskToGoOut(), laying=False)

    def _in_order(self) -> bool:
        table = self.table
        return table.hand_order == table.sorted_cards(table.hand_order)

    def rearrange(self, cards: list[Card], before: int) -> None:
        """Move ``cards`` (dragged along the hand) to stand before the card shown
        ``before``-th from the left, keeping their own order: the hand's order is the
        player's to keep, and Sort puts it back in order. Staged cards keep their places."""
        table = self.table
        carried = Counter(cards)
        rest: list[Card] = []
        at = 0
        for index, card in enumerate(table.fan.cards):
            if carried[card]:
                carried[card] -= 1
                continue
            rest.append(card)
            if index < before:
                at = len(rest)
        shown = iter(rest[:at] + list(cards) + rest[at:])
        staged = Counter(self.staging.cards)
        order: list[Card] = []
        for card in table.hand_order:
            if staged[card]:
                staged[card] -= 1
                order.append(card)
            else:
                order.append(next(shown))
        table.hand_order = order
        self.show_hand()
        self.refresh()

    def sort(self) -> None:
        """Put cards that arrived at the right in their places; a hand already in
        order is sorted the other way (by suit, or back by rank)."""
        table = self.table
        if self._in_order():
            table.sort_by_suit = not table.sort_by_suit
        table.hand_order = table.sorted_cards(table.hand_order)
        self.show_hand()
        self.refresh()

    def _ask_partner(self, view: hf.HandAndFootView) -> None:
        """A partner at the same screen answers the question to go out."""
        asker = view.asking if view.asking is not None else view.turn
        name = self.port.seat_name(asker)
        team = view.team_of(asker)
        books = view.books[team]
        clean = sum(1 for b in books if b.is_clean)
        dirty = sum(1 for b in books if b.is_dirty)
        need_clean, need_dirty, _ = view.options.books_needed(view.round_number - 1)
        held = len(view.hand) + (view.foot_counts[view.seat] if view.seat is not None else 0)
        hint = (
            f"Your team has {clean} of {need_clean} clean and {dirty} of {need_dirty} dirty books closed. "
            f"If {name} goes out, every card you hold counts against you: you hold {held}."
        )
        self.answer.show(
            f"{name} asks: may I go out?",
            [BidChoice("Yes, go out", True, key="Y"), BidChoice("Not yet", False, primary=True, key="N")],
            hint=hint,
            columns=2,
            keys_hint="Press Y or N, or use the arrows and Enter",
        )
        self.answer.layout(self.table.middle, self.table.theme)

    def _answered(self, yes: bool) -> None:
        if not self.port.submit(hf.AnswerGoOut(yes)):
            self.answer.reopen()

    def close_overlay(self) -> bool:
        if self.answer.visible and self.answer.asking is not None:
            self.answer.back()
            return True
        if self.staging and not self.sent:
            self.cancel()
            return True
        if self.table.fan.chosen:
            self.table.fan.clear_choice()
            self.refresh()
            return True
        return False

    # -- input -----------------------------------------------------------------------

    def _buttons(self) -> list[Button]:
        return [self.lay_down_button, self.cancel_button, self.discard_button, self.ask_button, self.sort_button]

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.answer.handle_event(event):
            return True
        for button in [*self._buttons(), *self.take_buttons]:
            if button.visible and button.handle_event(event):
                return True
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            self._hover_take(event.pos)
        if self._pile_press(event) or self._place_click(event):
            return True
        if event.type == pygame.KEYDOWN and self._key(event):
            return True
        used = self.play.handle_event(event)
        if used and event.type in (pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
            self.refresh()
        return used

    def _place_click(self, event: pygame.event.Event) -> bool:
        """With cards chosen, a click on a book, on New book or on the discard pile
        puts them there, as a drop would. With none chosen, a click on the discard
        pile the hint rings discards the hinted card: a play-tester clicked the ringed
        pile and nothing happened."""
        fan = self.table.fan
        if not (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.active):
            return False
        if fan.hit_test(event.pos) is not None:
            return False
        place = self._target_at(event.pos)
        if place is None:
            return False
        hinted = self.table.hinted
        if fan.chosen:
            self._dropped(fan.chosen_cards, place)
        elif place == DISCARD_PILE and isinstance(hinted, hf.Discard) and not self.sent:
            self.discard(hinted.card)
        else:
            return False
        self.refresh()
        return True

    def _hover_take(self, pos: tuple[int, int]) -> None:
        """Pointing at a take control outlines the pair it would use."""
        for index, button in enumerate(self.take_buttons):
            if button.rect.inflate(self.table.theme.px(80), 0).collidepoint(pos) and index != self.take_choice:
                self.take_choice = index
                self.refresh()
                return

    def _pile_press(self, event: pygame.event.Event) -> bool:
        """A click on the draw pile draws, a click on the discard pile takes it; a
        pile dragged onto the hand does the same."""
        table = self.table
        if not self.active or self._phase() is not hf.Phase.DRAW:
            self.pressed = None
            return False
        stock = table.stock.rect(table.sprites)
        discard = table.discard.rect(table.sprites)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pointer = self.press_pos = event.pos
            if stock.collidepoint(event.pos):
                self.pressed = "stock"
                return True
            if discard.collidepoint(event.pos):
                self.pressed = "discard"
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed is not None:
            pressed, self.pressed = self.pressed, None
            hand = table.fan.area.inflate(0, table.theme.px(40))
            if pressed == "stock" and (stock.collidepoint(event.pos) or hand.collidepoint(event.pos)):
                self.draw_cards()
            elif pressed == "discard" and (discard.collidepoint(event.pos) or hand.collidepoint(event.pos)):
                if self.takes:
                    self.take(self.take_choice)
                else:
                    self.port.say(self._why_not_take())
            return True
        return False

    def _why_not_take(self) -> str:
        view = self.view
        if view is None or view.seat is None:
            return "You cannot take the discard pile now."
        return words.pile_need(view, view.seat) + "."

    def _key(self, event: pygame.event.Event) -> bool:
        if not self.active or self.answer.visible:
            return False
        key = event.key
        if key == pygame.K_d:
            self.draw_cards()
        elif key == pygame.K_t:
            if self.takes:
                self.take(self.take_choice)
            elif self._phase() is hf.Phase.DRAW:
                self.port.say(self._why_not_take())
        elif key == pygame.K_l:
            self.lay_down()
        elif key in (pygame.K_x, pygame.K_DELETE):
            self.discard_chosen()
        elif key == pygame.K_a:
            self.ask()
        elif key == pygame.K_s and not event.mod & pygame.KMOD_CTRL:
            self.sort()
        elif key == pygame.K_BACKSPACE:
            self.take_back()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and not self.table.fan.chosen and not self._own_pick():
            return self._make_hinted_move()
        else:
            return False
        return True

    def _own_pick(self) -> bool:
        """Where the hint shows by itself (a practice game), whether the player has
        pointed at a card or staged some: Enter then goes by their pick, not the hint's
        move (a learner's Enter with the arrows on the 10 of clubs threw the hinted 5
        of hearts and ended the turn)."""
        return self.port.hint_unasked() and (self.table.fan.selected is not None or bool(self.staging))

    def _make_hinted_move(self) -> bool:
        """Enter with no card chosen while the hint shows a move: make it, as the
        control the hint rings would (Lay down, X, Take the pile, the draw pile, Ask).
        Enter placed the cards one by one instead: after a hint to start a book of
        jacks with J J 2, a play-tester's second Enter put only the 2 on the nines.
        Returns whether there was a hinted move to make."""
        hinted = self.table.hinted
        if isinstance(hinted, hf.Meld):
            self.lay_down()
        elif isinstance(hinted, hf.Discard):
            self.discard(hinted.card)
        elif isinstance(hinted, hf.TakePile):
            choice = next((i for i, take in enumerate(self.takes) if take.pair == hinted.pair), None)
            if choice is None:
                return False
            self.take(choice)
        elif isinstance(hinted, hf.DrawCards):
            self.draw_cards()
        elif isinstance(hinted, hf.AskToGoOut):
            self.ask()
        else:
            return False
        return True

    # -- geometry and drawing --------------------------------------------------------

    def layout(self) -> None:
        """The bar above the hand: the hint at the left, then the take controls (each
        with the pair it uses), then the buttons, Sort at the far right. Each button
        that may show during this part of the turn keeps its slot while hidden, so
        staging a card never moves a button to where another one was."""
        table = self.table
        t = table.theme
        bar = table.bar
        gap = t.px(8)
        x = bar.right
        slots = self._slots()
        for button in self._buttons():
            if button not in slots:
                button.rect = pygame.Rect(0, 0, 0, 0)
        for button in slots:
            wide = t.px(200) if button is self.lay_down_button and not self._opened() else t.px(128)
            button.rect = pygame.Rect(x - wide, bar.y, wide, bar.height)
            x = button.rect.left - gap
        mini_w = table.sprites.size(self.mini_card)[0]
        for button in reversed(self.take_buttons):
            wide = t.px(150)
            button.rect = pygame.Rect(x - wide, bar.y, wide, bar.height)
            x = button.rect.left - gap - 2 * mini_w - t.px(12)
        self.hint_rect = pygame.Rect(bar.x, bar.y, max(0, x - bar.x - gap), bar.height)
        if self.answer.visible:
            self.answer.layout(table.middle, t)

    def _slots(self) -> list[Button]:
        """The buttons that may show during this part of the turn, from the right:
        shown or not, each keeps its place until the phase changes."""
        sort = [self.sort_button] if self.sort_button.visible else []
        phase = self._phase() if self.active and not self.sent else None
        if phase is hf.Phase.PLAY:
            asks = [self.ask_button] if any(isinstance(a, hf.AskToGoOut) for a in self.legal) else []
            return [*sort, self.lay_down_button, self.cancel_button, self.discard_button, *asks]
        if phase is hf.Phase.DRAW and self._can_stage():
            return [*sort, self.cancel_button]
        return sort + [b for b in self._buttons() if b.visible and b is not self.sort_button]

    @property
    def mini_card(self) -> int:
        """The width of the little cards beside a take control."""
        return self.table.theme.px(26)

    def report(self, footprint: Footprint) -> None:
        """The buttons, the words by the piles, the turn's prompt and keys as last
        drawn, and the partner's answer, into ``footprint``."""
        footprint.add_all(Kind.CONTROL, (b.rect for b in self._buttons() if b.visible), "button")
        footprint.add_all(Kind.CONTROL, (b.rect for b in self.take_buttons), "take button")
        footprint.add_all(Kind.TEXT, self.words, "words")
        if self.answer.visible:
            footprint.add(Kind.CONTROL, self.answer.box, "answer")

    def draw_piles(self, surface: pygame.Surface) -> None:
        """The piles' words, and the glow of a pile that may be used now."""
        table = self.table
        t = table.theme
        view = self.view
        if view is None:
            return
        self.words = []
        drawing = self.active and view.phase is hf.Phase.DRAW
        stock = table.pile_bounds(table.stock)
        discard = table.pile_bounds(table.discard)
        if drawing:
            t.draw_panel(surface, stock.inflate(t.px(10), t.px(10)), radius=t.px(10), fill=(*th.ACCENT, 60), border=th.ACCENT, shadow=False)
            if self.takes:
                t.draw_panel(surface, discard.inflate(t.px(10), t.px(10)), radius=t.px(10), fill=(140, 230, 150, 50), border=MARKED, shadow=False)
        if self.dragging and view.phase is hf.Phase.PLAY and self.active:
            fill = (*th.ACCENT, 110 if self.discard_hot else 40)
            t.draw_panel(surface, discard.inflate(t.px(10), t.px(10)), radius=t.px(10), fill=fill, border=th.ACCENT if self.discard_hot else None, shadow=False)
        self._pile_words(surface, table.stock.center[0], stock.bottom, f"Draw {table.stock.count}", words.packs_text(view.decks_added, view.options.extra_decks), False)
        state, warn = words.pile_state(table.discard.top, bool(self.takes), drawing)
        self._pile_words(surface, table.discard.center[0], discard.bottom, f"Discard {table.discard.count}", state, warn)
        if not table.discard.count:
            pygame.draw.rect(surface, th.PANEL_BORDER[:3], discard.inflate(-t.px(8), -t.px(8)), max(1, t.px(2)), border_radius=t.px(6))

    def _pile_words(self, surface: pygame.Surface, x: float, top: int, first: str, second: str, warn: bool) -> None:
        t = self.table.theme
        room = self.table.pile_column - t.px(6)
        y = top + t.px(3)
        for text, colour, bold, size in ((first, th.TEXT, True, 16), (second, th.DANGER if warn else th.TEXT_DIM, False, 15)):
            if text:
                shown, fitted = t.fit(text, t.text_px(size), room, bold=bold)
                image = t.text(shown, fitted, colour, bold=bold)
                self.words.append(surface.blit(image, image.get_rect(midtop=(round(x), y))))
            y += t.text_px(16)

    def _draw_takes(self, surface: pygame.Surface) -> None:
        table = self.table
        t = table.theme
        mini_w = table.sprites.size(self.mini_card)[0]
        for index, (button, take) in enumerate(zip(self.take_buttons, self.takes, strict=True)):
            for n, card in enumerate(take.pair):
                center = (button.rect.left - t.px(6) - mini_w * (1.5 - n) - t.px(2) * (1 - n), button.rect.centery)
                outline = MARKED if index == self.take_choice else None
                table.sprites.draw(surface, card, center, self.mini_card, outline=outline)
            button.draw(surface, t)

    def draw(self, surface: pygame.Surface) -> None:
        t = self.table.theme
        for button in self._buttons():
            if button.visible:
                button.draw(surface, t)
        self._draw_takes(surface)
        rect = self.hint_room()
        if self.hint and rect.width > 0:
            # A prompt too long for its line takes the keys' line too: what to do
            # matters more than the keys, which the rules page lists as well.
            self.prompt_shown, size = t.fit_lines(self.hint, t.text_px(18), rect.width - t.px(4), 2, bold=True)
            lines = [(line, size, th.ACCENT, True) for line in self.prompt_shown]
            if len(lines) == 1:
                keys, keys_size = self.keys_shown()
                lines.append((keys, keys_size, th.TEXT_DIM, False))
            for index, (line, line_size, colour, bold) in enumerate(lines):
                image = t.text(line, line_size, colour, bold=bold)
                at = (rect.left + t.px(4), rect.centery + t.px(2))
                place = image.get_rect(bottomleft=at) if index == 0 else image.get_rect(topleft=at)
                self.words.append(surface.blit(image, place))

    def keys_shown(self) -> tuple[str, int]:
        """The keys line as it fits the hint's room, and its size (``fit_keys``)."""
        return fit_keys(self.table.theme, self.keys, self.hint_room().width)

    def hint_room(self) -> pygame.Rect:
        """The hint's line, reaching right up to the first control shown: the slots
        of hidden buttons are kept so that no button moves when one appears, but the
        words may use them meanwhile. A play-tester's "Open with 30: choose cards, then
        Lay down (or drop them on New b…" was cut short beside three empty slots."""
        rect = self.hint_rect
        t = self.table.theme
        mini_w = self.table.sprites.size(self.mini_card)[0]
        lefts = [b.rect.left for b in self._buttons() if b.visible and b.rect.width and b.rect.left >= rect.left]
        lefts.extend(b.rect.left - 2 * mini_w - t.px(12) for b in self.take_buttons if b.rect.width)
        end = min(lefts, default=self.table.bar.right + t.px(8)) - t.px(8)
        return pygame.Rect(rect.left, rect.top, max(rect.width, end - rect.left), rect.height)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        self.answer.draw(surface, self.table.theme)

    def draw_carried(self, surface: pygame.Surface) -> None:
        """A pile being dragged toward the hand: its top card follows the pointer."""
        table = self.table
        if self.pressed is None:
            return
        dx, dy = self.pointer[0] - self.press_pos[0], self.pointer[1] - self.press_pos[1]
        if dx * dx + dy * dy < table.theme.px(12) ** 2:
            return
        card = table.discard.top if self.pressed == "discard" else None
        table.sprites.draw(surface, card, self.pointer, table.pile_card, outline=th.ACCENT)


def _fits_any(card: Card, books: Sequence[hf.Book], wild_books: bool) -> bool:
    """Whether ``card`` alone may go onto one of ``books``."""
    for book in books:
        try:
            extend(book, (card,), wild_books)
        except IllegalAction:
            continue
        return True
    return False
