"""Cards as Hand and Foot sees them: which are wild, what each is worth, and the books
a team builds on the table, with every rule about what a book may hold."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from cardtable_gui.article import with_article
from cardtable_gui.cards import Card, Rank
from cardtable_gui.rules.base import IllegalAction

BOOK_CLOSES_AT = 7
"""A book with this many cards is closed."""

MAX_WILDS = 3
"""No book of naturals holds more wild cards than this."""

CLEAN_BOOK_POINTS = 500
DIRTY_BOOK_POINTS = 300
GOING_OUT_POINTS = 100

BOOK_RANKS: tuple[Rank, ...] = tuple(Rank(v) for v in range(Rank.FOUR, Rank.ACE + 1))
"""The ranks a book of naturals may have: four to ace (threes never, wilds apart)."""

# Looking a member up on an Enum class is slow, and these run for every card of every
# legal-action list: plain names and a table indexed by rank keep them cheap.
_TWO = Rank.TWO
_THREE = Rank.THREE
_JOKER = Rank.JOKER
_POINTS: tuple[int, ...] = tuple(
    50 if v == Rank.JOKER else 20 if v in (Rank.TWO, Rank.ACE) else 10 if v >= Rank.EIGHT else 5
    for v in range(Rank.JOKER + 1)
)


def is_wild(card: Card) -> bool:
    """Twos and jokers are wild."""
    rank = card.rank
    return rank is _TWO or rank is _JOKER


def card_points(card: Card) -> int:
    """What one card is worth, in a book or (against you) left in hand: 4 to 7 and
    threes 5, 8 to king 10, aces and twos 20, jokers 50."""
    return _POINTS[card.rank]


def rank_name(rank: Rank | None) -> str:
    """A rank in the plural as a player says it: "sevens", "wilds"."""
    if rank is None:
        return "wilds"
    return {Rank.SIX: "sixes"}.get(rank, f"{rank.title}s")


NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")
"""How many cards, as a player says it."""


def number_word(count: int) -> str:
    """ "two", "eleven", "14"."""
    return NUMBER_WORDS[count] if count < len(NUMBER_WORDS) else str(count)


def count_words(count: int, rank: Rank | None) -> str:
    """ "a king", "an ace", "three kings", "a wild", "two wilds"."""
    if count == 1:
        return with_article(rank.title if rank is not None else "wild")
    return f"{number_word(count)} {rank_name(rank)}"


def cards_words(cards: Sequence[Card]) -> str:
    """A group of cards laid on a book: "three kings", "two kings and a wild"."""
    naturals = [card for card in cards if not is_wild(card)]
    wilds = len(cards) - len(naturals)
    parts = []
    if naturals:
        parts.append(count_words(len(naturals), naturals[0].rank))
    if wilds:
        parts.append(count_words(wilds, None))
    return " and ".join(parts)


@dataclass(frozen=True, slots=True)
class Book:
    """Cards of one rank on the table (``rank`` None: a book of wilds, if allowed).

    A book is open until it holds seven cards; then it is closed, clean with no wild
    card in it, dirty otherwise. Naturals may still be added to a closed book.
    """

    rank: Rank | None
    cards: tuple[Card, ...]
    wilds: int = field(init=False, repr=False, compare=False)
    """How many of the cards are wild; counted once, as every rule check asks."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "wilds", sum(1 for c in self.cards if is_wild(c)))

    @property
    def is_closed(self) -> bool:
        return len(self.cards) >= BOOK_CLOSES_AT

    @property
    def is_wild_book(self) -> bool:
        return self.rank is None

    @property
    def is_clean(self) -> bool:
        """Closed with no wild card (a book of wilds is neither clean nor dirty)."""
        return self.is_closed and self.rank is not None and self.wilds == 0

    @property
    def is_dirty(self) -> bool:
        return self.is_closed and self.rank is not None and self.wilds > 0

    @property
    def points(self) -> int:
        """The card points of every card in the book."""
        return sum(card_points(c) for c in self.cards)

    def __str__(self) -> str:
        if self.is_closed:
            state = "clean" if self.is_clean else "dirty" if self.is_dirty else "closed"
        else:
            state = "open"
        return f"{state} book of {rank_name(self.rank)}: {' '.join(str(c) for c in self.cards)}"


def wild_room(size: int, wilds: int, naturals: int) -> int:
    """How many wilds may join an open book of ``size`` cards, ``wilds`` of them wild,
    together with ``naturals`` more naturals: within the wild limit, fewer than the
    naturals, before it closes."""
    return min(MAX_WILDS - wilds, size + naturals - 2 * wilds - 1, BOOK_CLOSES_AT - size)


def extend(book: Book | None, cards: Sequence[Card], wild_books: bool) -> Book:
    """The book after ``cards`` are laid on ``book`` (``None``: start a new book).

    Raises ``IllegalAction`` saying which rule the cards break. The cards of one
    action count together, wilds first: a wild may be the card that closes a book, but
    no wild goes on a book already closed.
    """
    if not cards:
        raise IllegalAction("Choose at least one card to lay down.")
    wild_cards: list[Card] = []
    naturals: list[Card] = []
    rank: Rank | None = None
    mixed = False
    for card in cards:
        card_rank = card.rank
        if card_rank is _TWO or card_rank is _JOKER:
            wild_cards.append(card)
        elif card_rank is _THREE:
            raise IllegalAction("Threes never go in a book.")
        else:
            if rank is None:
                rank = card_rank  # type: ignore[assignment]
            elif card_rank is not rank:
                mixed = True
            naturals.append(card)
    if mixed:
        names = " and ".join(rank_name(Rank(r)) for r in sorted({c.rank for c in naturals}))
        raise IllegalAction(f"A book holds one rank; these cards mix {names}.")
    wilds = len(wild_cards)
    if book is None:
        if not naturals and not wild_books:
            raise IllegalAction("A book needs natural cards: books of wilds are not played here.")
        if len(cards) < 3:
            raise IllegalAction("A new book needs at least three cards.")
        return _checked(_book(rank, (*wild_cards, *naturals), wilds))
    if book.rank is None:
        if naturals:
            raise IllegalAction("Only wild cards go on a book of wilds.")
        if book.is_closed:
            raise IllegalAction("A closed book of wilds takes no more cards.")
    else:
        if naturals and rank is not book.rank:
            raise IllegalAction(
                f"That is a book of {rank_name(book.rank)}; "
                f"{rank_name(rank)} cannot go on it."
            )
        room = BOOK_CLOSES_AT - len(book.cards)
        if wilds and room <= 0:
            raise IllegalAction("Wild cards cannot go on a closed book.")
        if 0 < room < wilds:
            fit = "1 more card fits" if room == 1 else f"{room} more cards fit"
            raise IllegalAction(
                f"Only {fit} before that book closes, and a wild cannot go on a closed book."
            )
    return _checked(_book(book.rank, (*book.cards, *wild_cards, *naturals), book.wilds + wilds))


_new = object.__new__
_set_rank = Book.__dict__["rank"].__set__
_set_cards = Book.__dict__["cards"].__set__
_set_wilds = Book.__dict__["wilds"].__set__


def _book(rank: Rank | None, cards: tuple[Card, ...], wilds: int) -> Book:
    """``Book(rank, cards)`` when ``extend`` already knows how many ``wilds`` it holds:
    the same value without counting them again through the frozen ``__init__``."""
    book = _new(Book)
    _set_rank(book, rank)
    _set_cards(book, cards)
    _set_wilds(book, wilds)
    return book


def _checked(book: Book) -> Book:
    """``book`` if it keeps the limits on wild cards, else ``IllegalAction``."""
    if book.rank is None:
        if len(book.cards) > BOOK_CLOSES_AT:
            raise IllegalAction(f"A book of wilds closes at {BOOK_CLOSES_AT} cards.")
        return book
    wilds = book.wilds
    if wilds > MAX_WILDS:
        raise IllegalAction(f"A book may hold at most {MAX_WILDS} wild cards.")
    if len(book.cards) - wilds <= wilds:
        raise IllegalAction("A book must always hold more natural cards than wild cards.")
    return book
