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
    _drops: list[tuple[int, int, bool]] = field(default_factory=list)
    """(group index, cards added, whether the drop started the group)."""

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

    def new_groups(self) -> list[tuple[int, StagedGroup]]:
        """The staged new books with their index among the groups."""
        return [(i, g) for i, g in enumerate(self.groups) if g.book is None and not g.pile]

    def _group_at(self, key: Hashable) -> int | None:
        if key == PILE:
            return next((i for i, g in enumerate(self.groups) if g.pile), None)
        if isinstance(key, tuple) and len(key) == 2 and key[0] == "book":
            return next((i for i, g in enumerate(self.groups) if g.book == key[1] and not g.pile), None)
        if isinstance(key, tuple) and len(key) == 2 and key[0] == "staged":
            index = key[1]
            return index if isinstance(index, int) and 0 <= index < len(self.groups) else None
        return None

    def add(self, cards: Sequence[Card], key: Hashable, books: Sequence[Book], wild_books: bool, pile_book: Book | None = None) -> None:
        """Stage ``cards`` on the place ``key`` of the row; raises ``IllegalAction``
        with the rule's reason (staging nothing) when the books would break a rule.
        ``books`` are the team's books; ``pile_book`` the book a take would start."""
        groups = [StagedGroup(g.book, list(g.cards), g.pile) for g in self.groups]
        index = self._group_at(key)
        started = index is None
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
        base = [*books, *([pile_book] if pile_book is not None else [])]
        meld_books(base, _meld_groups(groups, len(books)), wild_books)
        self.groups = groups
        self._drops.append((len(groups) - 1 if started else index or 0, len(cards), started))

    def take_back(self) -> list[Card]:
        """Undo the last drop; returns its cards (nothing when none is staged)."""
        if not self._drops:
            return []
        index, count, started = self._drops.pop()
        group = self.groups[index]
        cards = group.cards[len(group.cards) - count :]
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
