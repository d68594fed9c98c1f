"""The legal-action list of Hand and Foot, built smartly rather than from every
subset of a hand.

The list is representative and complete enough: the draw; taking the pile with a
natural pair (and with a natural and each kind of wild where allowed); every discard,
ask and answer allowed; and for melds, per rank, all the naturals held (or all but
one, or one) with 0 to 3 wilds, on the open book of that rank, a new book or a closed
book, plus wilds alone onto each open book. A team that has not opened is offered openings: the single
ranks and pairs of ranks that reach the minimum, and the largest opening the hand
allows, so some opening is listed whenever one exists. ``state.is_legal`` and
``state.apply`` accept any valid meld, listed or not.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import TYPE_CHECKING

from cardtable_gui.cards import Card, Rank
from cardtable_gui.rules.base import Action
from cardtable_gui.rules.hand_and_foot.actions import (
    AnswerGoOut,
    AskToGoOut,
    Discard,
    DrawCards,
    Meld,
    MeldGroup,
    TakePile,
)
from cardtable_gui.rules.hand_and_foot.books import (
    BOOK_RANKS,
    MAX_WILDS,
    Book,
    is_wild,
    wild_room,
)
from cardtable_gui.rules.hand_and_foot.view import Phase

if TYPE_CHECKING:
    from cardtable_gui.rules.hand_and_foot.state import HandAndFootState


def legal_actions(state: HandAndFootState) -> list[Action]:
    if state.phase is Phase.OVER:
        return []
    if state.phase is Phase.ANSWER:
        return [AnswerGoOut(True), AnswerGoOut(False)]
    seat = state.turn
    if state.phase is Phase.DRAW:
        return [DrawCards(), *_takes(state, seat)]
    actions: list[Action] = []
    actions.extend(_keep_legal(state, _melds(state, seat)))
    ask = AskToGoOut()
    if state.is_legal(ask):
        actions.append(ask)
    seen: set[Card] = set()
    for card in sorted(state.hands[seat], key=Card.sort_key):
        if card not in seen:
            seen.add(card)
            discard = Discard(card)
            if len(state.hands[seat]) > 1 or state.is_legal(discard):
                actions.append(discard)
    return actions


def _keep_legal(state: HandAndFootState, candidates: Iterable[Action]) -> list[Action]:
    """The distinct candidates that pass the full check, in their first order."""
    kept: list[Action] = []
    seen: set[Action] = set()
    for action in candidates:
        if action not in seen:
            seen.add(action)
            if state.is_legal(action):
                kept.append(action)
    return kept


def sorted_wilds(cards: Iterable[Card]) -> list[Card]:
    """The wild cards, cheapest first (twos before jokers)."""
    return sorted((c for c in cards if is_wild(c)), key=lambda c: (c.rank is Rank.JOKER, c.sort_key()))


def naturals_by_rank(cards: Iterable[Card]) -> dict[Rank, list[Card]]:
    """The natural cards that may be booked, by rank (four to ace), each list sorted."""
    by_rank: dict[Rank, list[Card]] = {}
    for card in sorted(cards, key=Card.sort_key):
        if not is_wild(card) and card.rank in BOOK_RANKS:
            by_rank.setdefault(Rank(card.rank), []).append(card)
    return {rank: by_rank[rank] for rank in BOOK_RANKS if rank in by_rank}


def _open_book(books: Sequence[Book], rank: Rank | None) -> int | None:
    return next((i for i, b in enumerate(books) if b.rank is rank and not b.is_closed), None)


def _melds(state: HandAndFootState, seat: int) -> list[Action]:
    team = state.team_of[seat]
    hand = state.hands[seat]
    books = state.books[team]
    if not state.opened(team):
        return [Meld(groups) for groups in openings(hand, books, state.options.wild_books)]
    wilds = sorted_wilds(hand)
    melds: list[Action] = []
    by_rank = naturals_by_rank(hand)
    for rank in BOOK_RANKS:
        naturals = by_rank.get(rank, [])
        open_index = _open_book(books, rank)
        if not naturals and (open_index is None or not wilds):
            continue
        counts = sorted({len(naturals), len(naturals) - 1, 1} - {0}, reverse=True) if naturals else []
        if open_index is None:
            for n in counts:
                for k in range(min(MAX_WILDS, len(wilds), n - 1) + 1):
                    if n + k >= 3:
                        melds.append(Meld((MeldGroup(None, (*naturals[:n], *wilds[:k])),)))
        else:
            book = books[open_index]
            for n in (*counts, 0):
                room = min(wild_room(book, n), len(wilds))
                for k in range(0 if n else 1, room + 1):
                    melds.append(Meld((MeldGroup(open_index, (*naturals[:n], *wilds[:k])),)))
        closed = next((i for i, b in enumerate(books) if b.rank is rank and b.is_closed), None)
        if closed is not None and open_index is None:
            for n in counts:
                melds.append(Meld((MeldGroup(closed, tuple(naturals[:n])),)))
    if state.options.wild_books and wilds:
        open_wild = _open_book(books, None)
        for k in range(1, min(7, len(wilds)) + 1):
            melds.append(Meld((MeldGroup(open_wild, tuple(wilds[:k])),)))
    return melds


def openings(
    hand: Sequence[Card], books: Sequence[Book], wild_books: bool
) -> list[tuple[MeldGroup, ...]]:
    """Candidate opening melds from ``hand`` onto ``books`` (empty, or just the book a
    take of the pile starts): every single rank, every pair of ranks, and the largest
    meld the hand allows, each with the fewest wilds needed and then with wilds added
    to raise its points. The caller keeps those that reach the minimum."""
    by_rank = naturals_by_rank(hand)
    wilds = sorted_wilds(hand)
    ranks = [r for r, cards in by_rank.items() if len(cards) >= 2 or _open_book(books, r) is not None]
    plans: list[list[Rank]] = [[r] for r in ranks]
    plans.extend(list(pair) for pair in combinations(ranks, 2))
    plans.append(sorted(ranks, key=lambda r: -len(by_rank[r])))
    result: list[tuple[MeldGroup, ...]] = []
    for plan in plans:
        for extra in (False, True):
            wild_book = wild_books and plan is plans[-1]
            groups = _opening_groups(plan, by_rank, books, wilds, extra, wild_book)
            if groups:
                result.append(groups)
    return result


def _opening_groups(
    plan: Sequence[Rank],
    by_rank: dict[Rank, list[Card]],
    books: Sequence[Book],
    wilds: Sequence[Card],
    extra: bool,
    wild_book: bool,
) -> tuple[MeldGroup, ...]:
    """One group per rank of ``plan``: its naturals plus the wilds a new book needs
    (and, with ``extra``, as many more as fit); ranks short of wilds are dropped."""
    pool = list(wilds)
    chosen: list[tuple[Rank, int | None, list[Card], int]] = []
    for rank in plan:
        naturals = by_rank[rank]
        index = _open_book(books, rank)
        if index is None:
            need = max(0, 3 - len(naturals))
            room = min(MAX_WILDS, len(naturals) - 1)
        else:
            need = 0
            room = wild_room(books[index], len(naturals))
        if need > len(pool) or need > room:
            continue
        chosen.append((rank, index, list(naturals), room))
        for _ in range(need):
            chosen[-1][2].append(pool.pop(0))
    if extra:
        pool.sort(key=lambda c: c.rank is not Rank.JOKER)
        for _, _, cards, room in chosen:
            while pool and sum(1 for c in cards if is_wild(c)) < room:
                cards.append(pool.pop(0))
    groups = [MeldGroup(index, tuple(cards)) for _, index, cards, _ in chosen]
    if wild_book and extra and len(pool) >= 3 and _open_book(books, None) is None:
        groups.append(MeldGroup(None, tuple(pool[:7])))
    return tuple(groups)


def _takes(state: HandAndFootState, seat: int) -> list[Action]:
    if not state.pile:
        return []
    top = state.pile[-1]
    if is_wild(top) or top.rank is Rank.THREE:
        return []
    hand = state.hands[seat]
    naturals = sorted((c for c in hand if c.rank is top.rank), key=Card.sort_key)
    pairs: list[tuple[Card, Card]] = []
    if len(naturals) >= 2:
        pairs.append((naturals[0], naturals[1]))
    if state.options.pile_wild_pair and naturals:
        for wild in dict.fromkeys(sorted_wilds(hand)):
            pairs.append((naturals[0], wild))
    team = state.team_of[seat]
    candidates: list[Action] = []
    for pair in pairs:
        candidates.append(TakePile(pair))
        if not state.opened(team):
            rest = list(hand)
            for card in pair:
                rest.remove(card)
            pile_book = Book(top.rank, (top, *pair))
            for groups in openings(rest, [pile_book], state.options.wild_books):
                candidates.append(TakePile(pair, groups))
    return _keep_legal(state, candidates)
