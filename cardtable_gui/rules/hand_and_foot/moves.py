"""The legal-action list of Hand and Foot, built smartly rather than from every
subset of a hand.

The list is representative and complete enough: the draw; taking the pile with a
natural pair (and with a natural and each kind of wild where allowed); every discard,
ask and answer allowed; and for melds, per rank, all the naturals held (or all but
one, or one) with 0 to 3 wilds, on the open book of that rank, a new book or a closed
book, plus wilds alone onto each open book. A team that has not opened is offered
openings: the single ranks and pairs of ranks that reach the minimum, and the largest
opening the hand allows, so some opening is listed whenever one exists.
``state.is_legal`` and ``state.apply`` accept any valid meld, listed or not.

Speed matters here (search players and the property tests build thousands of these
lists), so the melds of a team that has opened are built to keep every book rule and
only the rule about cards kept in the last stage is checked; everything else listed
goes through the full check of ``state.is_legal``.

The state asks this module for its list, so this module does not import the state: it
reads a ``Position``, the part of the state it needs.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from itertools import combinations
from typing import Protocol

from cardtable_gui.cards import BY_ORDER, Card, Rank, by_key, french_packs
from cardtable_gui.rules.base import Action
from cardtable_gui.rules.hand_and_foot.actions import (
    AnswerGoOut,
    AskToGoOut,
    Discard,
    DrawCards,
    Meld,
    MeldGroup,
    TakePile,
    one_group_meld,
)
from cardtable_gui.rules.hand_and_foot.books import (
    BOOK_CLOSES_AT,
    BOOK_RANKS,
    MAX_WILDS,
    Book,
    card_points,
    is_wild,
    wild_room,
)
from cardtable_gui.rules.hand_and_foot.options import HandAndFootOptions
from cardtable_gui.rules.hand_and_foot.view import Phase

BooksSeen = tuple[list[Book], dict[Rank | None, int], dict[Rank | None, int]]
"""A team's books, then the index of each rank's open book and of its first closed one."""

OfferedMelds = dict[Rank, tuple[tuple[object, ...], list[Meld]]]
"""The melds last offered one seat in each rank, with what they were worked out from."""


class Position(Protocol):
    """What the move list is built from: the Hand and Foot state, seen from here.

    ``books_seen`` and ``offered_melds`` are this module's memory between two lists,
    kept by the state (one per team and per seat) but no part of the game."""

    options: HandAndFootOptions
    phase: Phase
    turn: int
    team_of: tuple[int, ...]
    hands: list[list[Card]]
    stages: list[int]
    books: list[list[Book]]
    pile: list[Card]
    books_seen: list[BooksSeen | None]
    offered_melds: list[OfferedMelds]

    @property
    def minimum(self) -> int: ...

    @property
    def last_stage(self) -> int: ...

    def opened(self, team: int) -> bool: ...

    def ask_problem(self, seat: int) -> str | None: ...

    def is_legal(self, action: Action) -> bool: ...

_BOOKABLE = frozenset(BOOK_RANKS)

_COUNTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted({n, n - 1, 1} - {0}, reverse=True)) for n in range(200)
)
"""For n naturals of a rank held: how many of them a meld offers (all, all but one, one)."""

_DISCARDS = by_key({card: Discard(card) for card in french_packs(1, 1)})
_DRAW_CARDS = DrawCards()
_ASK = AskToGoOut()
_YES = AnswerGoOut(True)
_NO = AnswerGoOut(False)
# Reading a member off an Enum class is slow: the hot code uses these names.
_TWO = Rank.TWO
_THREE = Rank.THREE
_JOKER = Rank.JOKER
_DRAW = Phase.DRAW
_ANSWER = Phase.ANSWER
_OVER = Phase.OVER


def legal_actions(state: Position) -> list[Action]:
    phase = state.phase
    if phase is _OVER:
        return []
    if phase is _ANSWER:
        return [_YES, _NO]
    seat = state.turn
    if phase is _DRAW:
        return [_DRAW_CARDS, *_takes(state, seat)]
    hand = state.hands[seat]
    # One pass over the hand in the order of BY_ORDER finds the distinct discards, the
    # wilds (twos, then jokers) and the naturals of each rank, each in that order.
    discards: list[Action] = []
    wilds: list[Card] = []
    by_rank: dict[Rank, list[Card]] = {}
    last = None
    for card in sorted(hand, key=BY_ORDER):
        if card is not last:
            discards.append(_DISCARDS[card.key])  # type: ignore[arg-type]
            last = card
        rank = card.rank
        if rank is _TWO or rank is _JOKER:
            wilds.append(card)
        elif rank is not _THREE:
            naturals = by_rank.get(rank)  # type: ignore[call-overload]
            if naturals is None:
                by_rank[rank] = [card]  # type: ignore[index]
            else:
                naturals.append(card)
    actions: list[Action] = []
    last_stage = state.stages[seat] == state.last_stage
    if state.opened(state.team_of[seat]):
        melds = _melds(state, seat, wilds, by_rank)
        if last_stage:
            # Only the last stage must keep cards back.
            held = len(hand)
            melds = [m for m in melds if _keeps_enough(state, held, m)]
        actions.extend(melds)
        if wilds and state.options.wild_books:
            actions.extend(_keep_legal(state, _wild_book_melds(state, seat, wilds)))
    elif last_stage:
        actions.extend(_keep_legal(state, _openings(state, seat)))
    else:
        # Openings keep every book rule and reach the minimum by how they are built;
        # only the last stage's cards to keep could make one illegal.
        actions.extend(_distinct(_openings(state, seat)))
    # Nobody asks to go out before their last stage: most turns need no further check.
    if last_stage and state.ask_problem(seat) is None:
        actions.append(_ASK)
    if len(hand) > 1:
        actions.extend(discards)
    else:
        actions.extend(d for d in discards if state.is_legal(d))
    return actions


def _keep_legal(state: Position, candidates: Iterable[Action]) -> list[Action]:
    """The distinct candidates that pass the full check, in their first order."""
    return [action for action in _distinct(candidates) if state.is_legal(action)]


def _distinct(candidates: Iterable[Action]) -> list[Action]:
    """The candidates, each once, in their first order."""
    return list(dict.fromkeys(candidates))


def _keeps_enough(state: Position, held: int, meld: Meld) -> bool:
    """Whether a meld from ``_melds``, made by a player in the last stage holding
    ``held`` cards, keeps the cards that player must keep: at least two, unless the one
    left can go out (then the full check decides)."""
    return held - len(meld.groups[0].cards) >= 2 or state.is_legal(meld)


def sorted_wilds(cards: Iterable[Card]) -> list[Card]:
    """The wild cards, cheapest first (twos, by suit, before jokers)."""
    return sorted((c for c in cards if is_wild(c)), key=BY_ORDER)


def naturals_by_rank(cards: Iterable[Card]) -> dict[Rank, list[Card]]:
    """The natural cards that may be booked, by rank (four to ace), each list sorted."""
    by_rank: dict[Rank, list[Card]] = {}
    for card in cards:
        rank = card.rank
        if rank in _BOOKABLE:
            by_rank.setdefault(rank, []).append(card)  # type: ignore[arg-type]
    return {
        rank: sorted(by_rank[rank], key=BY_ORDER) for rank in BOOK_RANKS if rank in by_rank
    }


def _open_book(books: Sequence[Book], rank: Rank | None) -> int | None:
    return next((i for i, b in enumerate(books) if b.rank is rank and not b.is_closed), None)


def _melds(
    state: Position, seat: int, wilds: list[Card], by_rank: dict[Rank, list[Card]]
) -> list[Meld]:
    """The melds of naturals for a team that has opened, rank by rank, from the
    ``wilds`` and the naturals ``by_rank`` of the hand (each in the order of
    BY_ORDER). Each keeps the book rules by how it is built: a new book only where no
    book of the rank is open, with at least three cards and fewer wilds than naturals
    (at most three); wilds on an open book only within ``wild_room``; naturals alone
    on a closed book."""
    team = state.team_of[seat]
    books = state.books[team]
    seen = state.books_seen[team]
    # Lists compare their items by identity first: books left as they were cost no call.
    if seen is not None and seen[0] == books:
        _, open_at, closed_at = seen
    else:
        open_at = {}
        closed_at = {}
        for index, book in enumerate(books):
            if len(book.cards) >= BOOK_CLOSES_AT:
                closed_at.setdefault(book.rank, index)
            else:
                open_at[book.rank] = index
        state.books_seen[team] = list(books), open_at, closed_at
    # No meld of naturals takes more than MAX_WILDS wilds, the cheapest.
    wild_heads = (), tuple(wilds[:1]), tuple(wilds[:2]), tuple(wilds[:3])
    wild_count = min(MAX_WILDS, len(wilds))
    if wilds and open_at:
        # Wilds alone may go on an open book of a rank not held.
        held = by_rank.keys() | open_at.keys()
        held.discard(None)
        ranks = sorted(held)  # type: ignore[type-var]
    else:
        ranks = sorted(by_rank)
    offered = state.offered_melds[seat]
    melds: list[Meld] = []
    for rank in ranks:
        naturals = tuple(by_rank.get(rank, ()))
        open_index = open_at.get(rank)
        closed = closed_at.get(rank) if closed_at else None
        if open_index is None:
            basis: tuple[object, ...] = (naturals, wild_heads[3], closed)
        else:
            book = books[open_index]
            basis = (naturals, wild_heads[3], closed, open_index, len(book.cards), book.wilds)
        last = offered.get(rank)
        if last is not None and last[0] == basis:
            melds.extend(last[1])
            continue
        of_rank: list[Meld] = []
        append = of_rank.append
        if open_index is None:
            for n, k in _NEW_BOOK_PLANS[len(naturals)][wild_count]:
                append(one_group_meld(None, naturals[:n] + wild_heads[k]))
            if closed is not None:
                for n in _COUNTS[len(naturals)]:
                    append(one_group_meld(closed, naturals[:n]))
        else:
            for n, k in _open_book_plan(len(book.cards), book.wilds, len(naturals), wild_count):
                append(one_group_meld(open_index, naturals[:n] + wild_heads[k]))
        offered[rank] = basis, of_rank
        melds.extend(of_rank)
    return melds


_NEW_BOOK_PLANS: tuple[tuple[tuple[tuple[int, int], ...], ...], ...] = tuple(
    tuple(
        tuple((n, k) for n in _COUNTS[held] for k in range(max(0, 3 - n), min(wilds, n - 1) + 1))
        for wilds in range(MAX_WILDS + 1)
    )
    for held in range(len(_COUNTS))
)
"""For n naturals of a rank held and w wilds (at most MAX_WILDS), the new books
``_melds`` offers: (naturals, wilds) taken, each at least three cards with fewer wilds
than naturals."""


@cache
def _open_book_plan(
    size: int, book_wilds: int, held: int, wilds: int
) -> tuple[tuple[int, int], ...]:
    """The (naturals, wilds) that ``_melds`` lays on an open book of ``size`` cards,
    ``book_wilds`` of them wild, from ``held`` naturals of its rank and ``wilds`` wilds
    (at most MAX_WILDS): as for a new book, and wilds alone."""
    return tuple(
        (n, k)
        for n in ((*_COUNTS[held], 0) if held else (0,))
        for k in range(0 if n else 1, min(wild_room(size, book_wilds, n), wilds) + 1)
    )


def _wild_room(book: Book, naturals: int) -> int:
    return wild_room(len(book.cards), book.wilds, naturals)


def _wild_book_melds(state: Position, seat: int, wilds: list[Card]) -> list[Action]:
    """With books of wilds allowed (the caller asks): 1 to 7 of the ``wilds`` held
    (cheapest first) onto the open book of wilds, or as a new one (the full check keeps
    those that fit)."""
    open_wild = _open_book(state.books[state.team_of[seat]], None)
    return [Meld((MeldGroup(open_wild, tuple(wilds[:k])),)) for k in range(1, min(7, len(wilds)) + 1)]


def _openings(state: Position, seat: int) -> list[Action]:
    """The candidate openings that reach the round's minimum in card points."""
    groups = openings(state.hands[seat], (), state.options.wild_books, state.minimum)
    return [Meld(g) for g in groups]


def openings(
    hand: Sequence[Card], books: Sequence[Book], wild_books: bool, minimum: int = 0
) -> list[tuple[MeldGroup, ...]]:
    """Candidate opening melds from ``hand`` onto ``books`` (empty, or just the book a
    take of the pile starts) worth at least ``minimum`` card points: every single
    rank, every pair of ranks, and the largest meld the hand allows, each with the
    fewest wilds needed and then with wilds added to raise its points.

    The largest meld takes first the ranks that need no wild, then those that need
    one, the most valuable first: when wilds are short they go where they bring the
    most points, so this meld is worth the most any opening can be. A plan that
    could not reach ``minimum`` even with every wild it has room for is not built."""
    by_rank = naturals_by_rank(hand)
    wilds = sorted_wilds(hand)
    open_at = {b.rank: i for i, b in enumerate(books) if not b.is_closed}
    ranks = [r for r, cards in by_rank.items() if len(cards) >= 2 or r in open_at]
    value = {r: sum(card_points(c) for c in by_rank[r]) for r in ranks}
    room = {
        r: _wild_room(books[open_at[r]], len(by_rank[r]))
        if r in open_at
        else min(MAX_WILDS, len(by_rank[r]) - 1)
        for r in ranks
    }
    wild_values = sorted((card_points(c) for c in wilds), reverse=True)

    def within_reach(plan: Sequence[Rank], wild_book: bool) -> bool:
        fits = len(wilds) if wild_book else min(len(wilds), sum(room[r] for r in plan))
        return sum(value[r] for r in plan) + sum(wild_values[:fits]) >= minimum

    def wilds_needed_then_value(rank: Rank) -> tuple[int, int]:
        if rank in open_at:
            return 0, 0
        return max(0, 3 - len(by_rank[rank])), -card_points(by_rank[rank][0])

    plans: list[list[Rank]] = [[r] for r in ranks]
    plans.extend(list(pair) for pair in combinations(ranks, 2))
    plans.append(sorted(ranks, key=wilds_needed_then_value))
    result: list[tuple[MeldGroup, ...]] = []
    for plan in plans:
        wild_book = wild_books and plan is plans[-1]
        if not within_reach(plan, wild_book):
            continue
        for extra in (False, True):
            groups = _opening_groups(plan, by_rank, open_at, room, wilds, extra, wild_book)
            if groups and sum(card_points(c) for g in groups for c in g.cards) >= minimum:
                result.append(groups)
    return result


def _opening_groups(
    plan: Sequence[Rank],
    by_rank: dict[Rank, list[Card]],
    open_at: dict[Rank | None, int],
    room: dict[Rank, int],
    wilds: Sequence[Card],
    extra: bool,
    wild_book: bool,
) -> tuple[MeldGroup, ...]:
    """One group per rank of ``plan``: its naturals plus the wilds a new book needs
    (and, with ``extra``, as many more as ``room`` allows, jokers first so that the
    meld is worth all it can be); ranks short of wilds are dropped."""
    pool = sorted(wilds, key=lambda c: not c.is_joker) if extra else list(wilds)
    chosen: list[tuple[int | None, list[Card], int]] = []
    for rank in plan:
        naturals = by_rank[rank]
        need = 0 if rank in open_at else max(0, 3 - len(naturals))
        if need > len(pool) or need > room[rank]:
            continue
        cards = list(naturals)
        cards.extend(pool[:need])
        del pool[:need]
        chosen.append((open_at.get(rank), cards, room[rank] - need))
    if extra:
        for _, cards, spare in chosen:
            cards.extend(pool[:spare])
            del pool[:spare]
    groups = [MeldGroup(index, tuple(cards)) for index, cards, _ in chosen]
    if wild_book and extra and len(pool) >= 3 and None not in open_at:
        groups.append(MeldGroup(None, tuple(pool[:7])))
    return tuple(groups)


def _takes(state: Position, seat: int) -> list[Action]:
    if not state.pile:
        return []
    top = state.pile[-1]
    if is_wild(top) or top.rank is Rank.THREE:
        return []
    hand = state.hands[seat]
    rank = top.rank
    naturals = [c for c in hand if c.rank is rank]
    if not naturals:
        return []
    naturals.sort(key=BY_ORDER)
    pairs: list[tuple[Card, Card]] = []
    if len(naturals) >= 2:
        pairs.append((naturals[0], naturals[1]))
    if state.options.pile_wild_pair:
        for wild in dict.fromkeys(sorted_wilds(hand)):
            pairs.append((naturals[0], wild))
    team = state.team_of[seat]
    opened = state.opened(team)
    if (
        opened
        and len(naturals) >= 2
        and len(pairs) == 1
        and state.stages[seat] != state.last_stage
    ):
        # Two naturals and the top card make a book of their own or go on the open
        # one, and a team that has opened may take: only the last stage's cards to
        # keep (or a wild in the pair, not offered here) could make this illegal.
        return [TakePile(pairs[0])]
    candidates: list[Action] = []
    for pair in pairs:
        candidates.append(TakePile(pair))
        if not opened:
            rest = list(hand)
            for card in pair:
                rest.remove(card)
            pile_book = Book(top.rank, (top, *pair))
            still_needed = state.minimum
            if state.options.pile_counts_toward_opening:
                still_needed -= pile_book.points
            for groups in openings(rest, [pile_book], state.options.wild_books, still_needed):
                candidates.append(TakePile(pair, groups))
    return _keep_legal(state, candidates)
