"""Whether a player could go out this turn with the cards they hold.

Going out means laying down every card but one onto the team's books, so that the
team then holds the closed books the round asks for, and discarding the last. Asking a
partner only makes sense when that is possible, so the table offers "Ask to go out"
(and the hint suggests it) only then. The answer depends on the player's own cards and
the books on the table alone, so a seat's view decides it exactly.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache

from cardtable_gui.cards import Card, Rank
from cardtable_gui.rules.hand_and_foot.books import BOOK_CLOSES_AT, MAX_WILDS, Book, is_wild, wild_room
from cardtable_gui.rules.hand_and_foot.options import HandAndFootOptions

Outcome = tuple[int, int, int]
"""Wilds used, clean books closed, dirty books closed."""

_WILD = "wild"


def can_go_out(
    hand: Sequence[Card], books: Sequence[Book], options: HandAndFootOptions, round_index: int
) -> bool:
    """Whether ``hand`` (the cards of the player's last stage, after drawing) can all but
    one be laid on the team's ``books`` leaving the team with the closed books needed
    in round ``round_index``. Which card is kept matters only by its kind (a rank, a
    wild, a three), so each kind is tried once."""
    clean_needed, dirty_needed, total_needed = options.books_needed(round_index)
    clean = sum(1 for b in books if b.is_clean)
    dirty = sum(1 for b in books if b.is_dirty)
    kinds: Counter[Rank | str] = Counter(_WILD if is_wild(c) else c.rank for c in hand)
    threes = kinds.pop(Rank.THREE, 0)
    if threes > 1 or not hand:
        return False
    if threes == 1:
        return _all_laid(kinds, books, options, (clean, dirty), (clean_needed, dirty_needed, total_needed))
    for kept in list(kinds):
        rest = kinds.copy()
        rest[kept] -= 1
        if _all_laid(rest, books, options, (clean, dirty), (clean_needed, dirty_needed, total_needed)):
            return True
    return False


def _all_laid(
    kinds: Counter[Rank | str],
    books: Sequence[Book],
    options: HandAndFootOptions,
    held: tuple[int, int],
    needed: tuple[int, int, int],
) -> bool:
    """Whether every card counted in ``kinds`` can be laid down, leaving ``held``
    (clean, dirty) closed books grown to ``needed`` (clean, dirty, total)."""
    wilds = kinds.get(_WILD, 0)
    cap = needed[2]
    reachable: set[Outcome] = {(0, 0, 0)}
    open_books = {b.rank: b for b in books if not b.is_closed}
    closed_ranks = {b.rank for b in books if b.is_closed}
    ranks = {r for r, n in kinds.items() if n and r != _WILD} | {r for r in open_books if r is not None}
    for rank in ranks:
        naturals = kinds.get(rank, 0)
        book = open_books.get(rank)  # type: ignore[call-overload]
        size, book_wilds = (0, 0) if book is None else (len(book.cards), book.wilds)
        options_here = _outcomes(naturals, size, book_wilds, rank in closed_ranks, wilds)
        if not options_here:
            return False
        reachable = {
            (w1 + w2, min(c1 + c2, cap), min(d1 + d2, cap))
            for w1, c1, d1 in reachable
            for w2, c2, d2 in options_here
            if w1 + w2 <= wilds
        }
        if not reachable:
            return False
    wild_book = open_books.get(None)
    for used, closed_clean, closed_dirty in reachable:
        clean, dirty = held[0] + closed_clean, held[1] + closed_dirty
        if clean < needed[0] or dirty < needed[1] or clean + dirty < needed[2]:
            continue
        if _wilds_placed(wilds - used, wild_book, options.wild_books):
            return True
    return False


def _wilds_placed(left: int, wild_book: Book | None, wild_books: bool) -> bool:
    """Whether ``left`` wilds fit on books of wilds: the open one filled first, then
    new ones of three to seven cards."""
    if left == 0:
        return True
    if not wild_books:
        return False
    room = 0 if wild_book is None else BOOK_CLOSES_AT - len(wild_book.cards)
    return left <= room or left - room >= 3 or left - room == 0


@cache
def _outcomes(naturals: int, size: int, book_wilds: int, closed: bool, wilds: int) -> frozenset[Outcome]:
    """The ways ``naturals`` of one rank (and up to ``wilds`` wilds) can all be laid on
    that rank's books: an open one of ``size`` cards (0: none) holding ``book_wilds``
    wilds, a closed one (``closed``), or new ones."""
    found: set[Outcome] = set()
    if naturals == 0 or closed:
        # Naturals may always join a closed book of their rank.
        found.add((0, 0, 0))
    if size:
        for added in range(naturals + 1):
            room = min(wild_room(size, book_wilds, added), wilds)
            for wild in range(0 if added else 1, room + 1):
                _follow(found, naturals - added, size + added + wild, book_wilds + wild, closed, wilds, wild)
    else:
        for added in range(1, naturals + 1):
            for wild in range(max(0, 3 - added), min(MAX_WILDS, added - 1, wilds) + 1):
                _follow(found, naturals - added, added + wild, wild, closed, wilds, wild)
    return frozenset(found)


def _follow(
    found: set[Outcome], naturals: int, size: int, book_wilds: int, closed: bool, wilds: int, used: int
) -> None:
    """Add to ``found`` the ways to lay the ``naturals`` left once a book of the rank
    holds ``size`` cards (``book_wilds`` wild), ``used`` wilds spent on it so far."""
    if size >= BOOK_CLOSES_AT:
        clean, dirty = (1, 0) if book_wilds == 0 else (0, 1)
        rest = _outcomes(naturals, 0, 0, True, wilds - used)
    else:
        clean = dirty = 0
        rest = _outcomes(naturals, size, book_wilds, closed, wilds - used)
    found.update((w + used, c + clean, d + dirty) for w, c, d in rest)
