"""Where a player's chosen cards go on the team's books: the meld that Lay down (and
Enter) makes of a handful of cards, so that a hint naming several books, books that
are already open, or a book to close with wilds can be carried out by choosing its
cards and pressing one key.

Chosen cards make one group per rank: onto the team's open book of that rank; onto a
closed one for a natural or two too few to start a book; else a new book. Wilds chosen
with naturals of one rank all go with them. Chosen with naturals of several ranks,
they go first where a new book needs them to reach three cards, then where a book has
room for them. Chosen alone, they go on the book the hint put them on, else the open
book they fit best (the one they close, then the one nearest to closing). When the
chosen cards are exactly the hint's, they go as the hint said.

Nothing here decides legality: a placement that breaks a rule is still returned, and
the rules' check says why to the player.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from cardtable_gui.cards import Card, Rank
from cardtable_gui.rules.hand_and_foot.actions import MeldGroup
from cardtable_gui.rules.hand_and_foot.books import BOOK_CLOSES_AT, MAX_WILDS, Book, is_wild, wild_room


@dataclass(frozen=True, slots=True)
class Placement:
    """The groups to lay, in order (``book`` indexes ``books`` as given, None starts a
    new book). ``wilds_book`` is set when wilds chosen alone could have gone on more
    than one book: the one chosen, so the player can be told where they went."""

    groups: tuple[MeldGroup, ...]
    wilds_book: int | None = None


@dataclass(slots=True)
class _Group:
    book: int | None
    naturals: list[Card]
    wilds: list[Card]
    room: int
    """How many more wilds the group may take and keep the book rules."""


def place_chosen(
    cards: Sequence[Card], books: Sequence[Book], hint: Sequence[MeldGroup] = ()
) -> Placement:
    """The meld that puts ``cards`` on the team's ``books`` where they fit; ``hint``
    is the hinted meld's groups, if a hint is showing (else empty)."""
    if hint and Counter(cards) == Counter(c for g in hint for c in g.cards):
        return Placement(tuple(hint))
    # Cards keep the order they were chosen in; twos are spent before jokers.
    wilds = sorted((c for c in cards if is_wild(c)), key=lambda c: c.is_joker)
    by_rank: dict[Rank, list[Card]] = {}
    for card in (c for c in cards if not is_wild(c)):
        by_rank.setdefault(card.rank, []).append(card)  # type: ignore[arg-type]
    if not by_rank:
        return _wilds_alone(wilds, books, hint)
    groups = [_group_for(rank, naturals, books, len(wilds) if len(by_rank) == 1 else 0) for rank, naturals in by_rank.items()]
    if len(groups) == 1:
        groups[0].wilds = wilds
    else:
        _share_wilds(groups, wilds)
    return Placement(tuple(MeldGroup(g.book, (*g.naturals, *g.wilds)) for g in groups))


def _group_for(rank: Rank, naturals: list[Card], books: Sequence[Book], wilds_with: int) -> _Group:
    """Where the ``naturals`` of ``rank`` go, with ``wilds_with`` wilds certain to join
    them: the open book of the rank, a closed one when too few to start a book, or a
    new book."""
    for index, book in enumerate(books):
        if book.rank is rank and not book.is_closed:
            return _Group(index, naturals, [], wild_room(len(book.cards), book.wilds, len(naturals)))
    closed = [index for index, book in enumerate(books) if book.rank is rank]
    if closed and len(naturals) + wilds_with < 3:
        return _Group(closed[-1], naturals, [], 0)
    if rank is Rank.THREE:
        # The rules refuse it with their reason; no wild is spent on it.
        return _Group(None, naturals, [], 0)
    return _Group(None, naturals, [], min(MAX_WILDS, len(naturals) - 1))


def _share_wilds(groups: list[_Group], wilds: list[Card]) -> None:
    """Wilds among several groups: first to the new books that need them to reach three
    cards, then wherever there is room; any left over go to the first group, where the
    rules will say why they do not fit."""
    pool = list(wilds)
    for group in groups:
        if group.book is None:
            need = min(max(0, 3 - len(group.naturals)), group.room, len(pool))
            group.wilds.extend(pool[:need])
            del pool[:need]
    for group in groups:
        spare = min(max(0, group.room - len(group.wilds)), len(pool))
        group.wilds.extend(pool[:spare])
        del pool[:spare]
    groups[0].wilds.extend(pool)


def _wilds_alone(wilds: list[Card], books: Sequence[Book], hint: Sequence[MeldGroup]) -> Placement:
    """Wild cards chosen without naturals: where the hint puts wilds, else on the open
    book they fit best; with no open book, a new book (of wilds, where allowed)."""
    count = len(wilds)
    fitting = [index for index, book in enumerate(books) if _wild_space(book) >= count]
    hinted = next((g.book for g in hint if g.cards and all(is_wild(c) for c in g.cards)), -1)
    if hinted != -1:
        chosen: int | None = hinted
    elif fitting:
        chosen = max(fitting, key=lambda i: (len(books[i].cards) + count >= BOOK_CLOSES_AT, len(books[i].cards), -i))
    else:
        open_books = [index for index, book in enumerate(books) if not book.is_closed]
        chosen = max(open_books, key=lambda i: (len(books[i].cards), -i)) if open_books else None
    ambiguous = len(fitting) > 1 or (hinted != -1 and fitting != [hinted])
    return Placement((MeldGroup(chosen, tuple(wilds)),), chosen if ambiguous else None)


def _wild_space(book: Book) -> int:
    """How many wilds alone may go on ``book`` now."""
    if book.is_closed:
        return 0
    if book.rank is None:
        return BOOK_CLOSES_AT - len(book.cards)
    return wild_room(len(book.cards), book.wilds, 0)
