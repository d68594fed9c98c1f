"""The meld a player puts together before laying it down.

Cards dropped on a book or on the new-book place are staged, not played: they show on
the table, outlined, and the running count says how far an opening has come ("45 of
60"). Each drop is checked against the book rules at once, so a refusal comes with
its reason while the cards are still in hand. Lay down sends the whole staged meld as
one move (an opening of several books must be one move); Cancel, Esc or taking back
the last drop returns the cards to the hand.

A team that has not opened may take the discard pile only together with its opening:
then the book the pile's top card and the pair will start is staged too (``pile``),
and cards may be staged onto it.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

from cardtable_gui.cards import Card
from cardtable_gui.rules.hand_and_foot import Book, Meld, MeldGroup, card_points
from cardtable_gui.rules.hand_and_foot.state import meld_books
from cardtable_gui.scenes.table.book_row import NEW_BOOK

PILE = ("pile",)
"""The key of the book the discard pile's top card and the pair would start."""


def book_key(index: int) -> tuple[str, int]:
    """The key of the team's book number ``index`` on its row."""
    return ("book", index)


def staged_key(index: int) -> tuple[str, int]:
    """The key of staged new book number ``index`` on the row."""
    return ("staged", index)


@dataclass(eq=False)
class StagedGroup:
    """Cards bound for the team's book ``book`` (its number), a new book (None), or
    the book the discard pile would start (``pile``)."""

    book: int | None
    cards: list[Card]
    pile: bool = False


@dataclass(eq=False)
class Staging:
    """The staged groups, in the order they were started, and each drop made (for
    taking back the last one)."""

    groups: list[StagedGroup] = field(default_factory=list)
    _drops: list[tuple[tuple[int, int, bool], ...]] = field(default_factory=list)
    """Each drop's (group index, cards added, whether the drop started the group), one
    for each group it put cards on."""

    def __bool__(self) -> bool:
        return bool(self.groups)

    @property
    def cards(self) -> list[Card]:
        return [card for group in self.groups for card in group.cards]

    @property
    def points(self) -> int:
        """The card points staged (what counts toward an opening)."""
        return sum(card_points(c) for c in self.cards)

    def clear(self) -> list[Card]:
        """Forget every staged group; returns their cards."""
        cards = self.cards
        self.groups = []
        self._drops = []
        return cards

    def pending_for(self, key: Hashable) -> list[Card]:
        """The staged cards on the row's place ``key``."""
        index = self._group_at(key)
        return list(self.groups[index].cards) if index is not None else []

    def places_of(self, card: Card) -> list[Hashable]:
        """The row's places where ``card`` is staged (one, unless the card is in the
        pack twice and both copies are staged)."""
        found: list[Hashable] = []
        for index, group in enumerate(self.groups):
            if card in group.cards:
                found.append(PILE if group.pile else staged_key(index) if group.book is None else book_key(group.book))
        return found

    def new_groups(self) -> list[tuple[int, StagedGroup]]:
        """The staged new books with their index among the groups."""
        return [(i, g) for i, g in enumerate(self.groups) if g.book is None and not g.pile]

    def _group_at(self, key: Hashable, groups: Sequence[StagedGroup] | None = None) -> int | None:
        """The index among ``groups`` (the staged ones by default) of the group on ``key``."""
        groups = self.groups if groups is None else groups
        if key == PILE:
            return next((i for i, g in enumerate(groups) if g.pile), None)
        if isinstance(key, tuple) and len(key) == 2 and key[0] == "book":
            return next((i for i, g in enumerate(groups) if g.book == key[1] and not g.pile), None)
        if isinstance(key, tuple) and len(key) == 2 and key[0] == "staged":
            index = key[1]
            return index if isinstance(index, int) and 0 <= index < len(groups) else None
        return None

    def add(self, cards: Sequence[Card], key: Hashable, books: Sequence[Book], wild_books: bool, pile_book: Book | None = None) -> None:
        """Stage ``cards`` on the place ``key`` of the row; raises ``IllegalAction``
        with the rule's reason (staging nothing) when the books would break a rule.
        ``books`` are the team's books; ``pile_book`` the book a take would start."""
        self.add_all([(cards, key)], books, wild_books, pile_book)

    def add_all(
        self, drops: Sequence[tuple[Sequence[Card], Hashable]], books: Sequence[Book], wild_books: bool, pile_book: Book | None = None
    ) -> None:
        """Stage each ``(cards, key)`` of ``drops`` as one drop (taken back together):
        all of them, or, with ``IllegalAction`` and the rule's reason, none. Each
        ``NEW_BOOK`` starts a book of its own."""
        groups = [StagedGroup(g.book, list(g.cards), g.pile) for g in self.groups]
        made: list[tuple[int, int, bool]] = []
        for cards, key in drops:
            index = self._group_at(key, groups)
            if index is not None:
                groups[index].cards.extend(cards)
            elif key == NEW_BOOK:
                groups.append(StagedGroup(None, list(cards)))
            elif key == PILE:
                groups.append(StagedGroup(None, list(cards), pile=True))
            elif isinstance(key, tuple) and len(key) == 2 and key[0] == "book" and isinstance(key[1], int):
                groups.append(StagedGroup(key[1], list(cards)))
            else:
                raise ValueError(f"no place {key!r} to stage cards on")
            made.append((len(groups) - 1 if index is None else index, len(cards), index is None))
        base = [*books, *([pile_book] if pile_book is not None else [])]
        meld_books(base, _meld_groups(groups, len(books)), wild_books)
        self.groups = groups
        self._drops.append(tuple(made))

    def places(self, books: Sequence[Book], wild_books: bool, pile_book: Book | None = None) -> list[tuple[Hashable, Book]]:
        """Every place on the row cards may join, with the book it is once the staged
        cards are on it: the team's ``books``, the pile's book, then the staged new books."""
        base = [*books, *([pile_book] if pile_book is not None else [])]
        laid = meld_books(base, _meld_groups(self.groups, len(books)), wild_books)
        return list(zip(self.keys(len(books), pile_book is not None), laid, strict=True))

    def keys(self, books: int, pile: bool) -> list[Hashable]:
        """The row's place of each book once the staged cards are laid, in the rules'
        numbering: the team's ``books``, the pile's book (with ``pile``), then the staged
        new books. A meld worked out as if the staged one were made names its books so."""
        keys: list[Hashable] = [book_key(i) for i in range(books)]
        if pile:
            keys.append(PILE)
        return keys + [staged_key(i) for i, _ in self.new_groups()]

    def take_back(self) -> list[Card]:
        """Undo the last drop; returns its cards (nothing when none is staged)."""
        if not self._drops:
            return []
        cards: list[Card] = []
        for index, count, started in reversed(self._drops.pop()):
            group = self.groups[index]
            cards[:0] = group.cards[len(group.cards) - count :]
            del group.cards[len(group.cards) - count :]
            if started:
                del self.groups[index]
        return cards

    def meld(self, books: int) -> Meld:
        """The staged groups as one meld onto a team with ``books`` books."""
        return Meld(_meld_groups(self.groups, books))

    def take_groups(self, books: int) -> tuple[MeldGroup, ...]:
        """The staged groups as the opening laid with a take of the pile: cards staged
        on the pile's book go to it (it is book number ``books``)."""
        return _meld_groups(self.groups, books)


def _meld_groups(groups: Sequence[StagedGroup], books: int) -> tuple[MeldGroup, ...]:
    """The groups in the rules' terms; the pile's book, when staged, is book ``books``."""
    return tuple(MeldGroup(books if g.pile else g.book, tuple(g.cards)) for g in groups if g.cards)
